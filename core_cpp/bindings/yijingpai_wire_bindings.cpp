// pyyijing._native.yijingpai.validate_moves_wire: the gRPC service's ValidateMovesRequest
// (proto/yijing/v1/rule_engine.proto) checked straight from its bytes, and the
// ValidateMovesResponse written as bytes: the Python face of
// yijing/wire/validate_moves.hpp, whose other caller is the native front end.
//
// Why here: a stateless referee receives every position in full, and turning
// hundreds of protobuf items into Python objects cost more than replaying them.
// This is only a fast path. Whenever a request is anything but the plain,
// valid case (a wall deal, an unknown or repeated field, non-ASCII text, a
// limit exceeded, a move history that does not replay), it returns None and
// the service answers through its ordinary Python path, which owns every
// error message. So it never has to agree with that path on errors, only on
// verdicts of valid requests (tests/service/test_service_wire.py).
#include <pybind11/pybind11.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "yijing/wire/validate_moves.hpp"
#include "yijing/yijingpai/config.hpp"

namespace py = pybind11;
namespace yp = yijing::yijingpai;

namespace {

using namespace yijing::wire;  // NOLINT: the shared encoding, parser and fast path

// The field numbers (yijing/wire/format.hpp) this fast path reads and writes are
// exported as WIRE_FIELDS, and tests/service/test_service_wire.py checks them,
// and that these messages have no other fields, against the compiled .proto
// descriptor: a field added to one of them fails that test until the parser is
// taught about it (else every request using it would quietly take the slow
// path, or worse).

// What rules_config returned for a Rules message: a Config, or None when the
// message is not valid (the Python path reports it).
bool rule_set_of(const py::handle& h, YijingpaiRuleSet& rs) {
  if (h.is_none()) return false;
  if (!py::isinstance<yp::Config>(h))
    throw py::type_error("rules_config must return a pyyijing._native.yijingpai.Config or None");
  rs = h.cast<const yp::Config&>();
  return true;
}

py::object validate_moves_wire(const py::bytes& request, std::size_t max_batch,
                               std::size_t max_moves, std::size_t max_move_chars,
                               const py::function& rules_config) {
  const Limits lim{max_batch, max_moves, max_move_chars};
  std::string_view data;
  {
    char* p = nullptr;
    Py_ssize_t n = 0;
    if (PyBytes_AsStringAndSize(request.ptr(), &p, &n) != 0) throw py::error_already_set();
    data = std::string_view(p, static_cast<std::size_t>(n));
  }
  Parsed parsed;
  bool ok = false;
  {
    py::gil_scoped_release release;  // `request` is immutable and referenced by the caller
    ok = parse_yijingpai(data, lim, parsed);
  }
  if (!ok) return py::none();
  std::vector<YijingpaiRuleSet> rule_sets(parsed.distinct_rules.size());
  for (std::size_t i = 0; i < rule_sets.size(); ++i) {
    const std::string_view b = parsed.distinct_rules[i];
    if (!rule_set_of(rules_config(py::bytes(b.data(), b.size())), rule_sets[i])) return py::none();
  }
  Answer answer;
  {
    py::gil_scoped_release release;
    ok = answer_yijingpai(parsed, rule_sets, answer);
  }
  if (!ok) return py::none();
  py::dict by_code;
  for (int r = 0; r < yijingpai_reasons(); ++r)
    if (answer.counts[static_cast<std::size_t>(r)] != 0)
      by_code[yijingpai_reason_name(r)] = answer.counts[static_cast<std::size_t>(r)];
  return py::make_tuple(py::bytes(answer.response), by_code);
}

}  // namespace

void bind_yijingpai_wire(py::module_& m) {
  m.def("validate_moves_wire", &validate_moves_wire, py::arg("request"), py::arg("max_batch"),
        py::arg("max_moves"), py::arg("max_move_chars"), py::arg("rules_config"),
        "A serialized yijing.v1.ValidateMovesRequest -> (serialized ValidateMovesResponse, "
        "{code: count}), or None when the request needs the service's Python path.");
  m.def(
      "wire_image",
      [](const yp::Config& c) { return py::bytes(yijingpai_image(c)); },
      py::arg("config"),
      "The Config as the native front end takes it from the service (its struct's bytes, "
      "for a process of the same build: yijing/wire/validate_moves.hpp).");
  py::dict fields;  // "Message.field" -> number: what the parser above knows
  fields["ValidateMovesRequest.requests"] = kRequestRequests;
  fields["ValidateMoveRequest.position"] = kItemPosition;
  fields["ValidateMoveRequest.move"] = kItemMove;
  fields["Position.rules"] = kPositionRules;
  fields["Position.deal"] = kPositionDeal;
  fields["Position.moves"] = kPositionMoves;
  fields["Deal.seed"] = kDealSeed;
  fields["Deal.wall"] = kDealWall;
  fields["ValidateMovesResponse.verdicts"] = kResponseVerdicts;
  fields["Verdict.ok"] = kVerdictOk;
  fields["Verdict.code"] = kVerdictCode;
  fields["Verdict.message"] = kVerdictMessage;
  m.attr("WIRE_FIELDS") = fields;
}
