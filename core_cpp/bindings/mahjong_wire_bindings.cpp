// pyyijing._native.mahjong.validate_moves_wire: the service's ValidateMovesRequest
// (proto/yijing/v1/rule_engine.proto) checked straight from its bytes when every
// position is a mahjong one, and the ValidateMovesResponse written as bytes.
//
// The Python face of yijing/wire/validate_moves.hpp's mahjong path (the native
// front end is its other caller); the twin of yijingpai_wire_bindings.cpp, and only a fast path:
// anything but the plain valid case (a wall deal, `rules` set beside
// `mahjong_rules`, an unknown or repeated field, non-ASCII text, a limit
// exceeded, a history that does not replay) returns None and the service's
// Python path (pyyijing/service/positions.py) answers and words every error. Verdict
// bytes must equal that path's (tests/service/test_service_mahjong_fastpath.py).
#include <pybind11/pybind11.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "yijing/mahjong/config.hpp"
#include "yijing/wire/validate_moves.hpp"

namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace {

using namespace yijing::wire;  // NOLINT: the shared encoding, parser and fast path

// Field numbers (yijing/wire/format.hpp) read and written here are exported as WIRE_FIELDS.

py::object validate_moves_wire(const py::bytes& request, std::size_t max_batch, std::size_t max_moves,
                               std::size_t max_move_chars, const py::function& rules_config,
                               const py::dict& messages) {
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
    py::gil_scoped_release release;
    ok = parse_mahjong(data, lim, parsed);
  }
  if (!ok) return py::none();
  std::vector<mj::Config> configs(parsed.distinct_rules.size());
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const std::string_view b = parsed.distinct_rules[i];
    const py::object h = rules_config(py::bytes(b.data(), b.size()));
    if (h.is_none()) return py::none();
    if (!py::isinstance<mj::Config>(h))
      throw py::type_error("rules_config must return a pyyijing._native.mahjong.Config or None");
    configs[i] = h.cast<const mj::Config&>();
  }
  // Each reason's verdict, with the message the Python side shows for it
  // (pyyijing.mahjong.reasons.MESSAGES overrides the engine's).
  std::vector<std::string> entries;
  for (int r = 0; r < mahjong_reasons(); ++r) {
    const char* name = mahjong_reason_name(r);
    std::string message = mahjong_reason_message(r);
    if (messages.contains(name)) message = py::cast<std::string>(messages[name]);
    entries.push_back(mahjong_verdict_entry(r, message));
  }
  Answer answer;
  {
    py::gil_scoped_release release;
    ok = answer_mahjong(parsed, configs, entries, answer);
  }
  if (!ok) return py::none();
  py::dict by_code;
  for (int r = 0; r < mahjong_reasons(); ++r)
    if (answer.counts[static_cast<std::size_t>(r)] != 0)
      by_code[mahjong_reason_name(r)] = answer.counts[static_cast<std::size_t>(r)];
  return py::make_tuple(py::bytes(answer.response), by_code);
}

}  // namespace

void bind_mahjong_wire(py::module_& m) {
  m.def("validate_moves_wire", &validate_moves_wire, py::arg("request"), py::arg("max_batch"),
        py::arg("max_moves"), py::arg("max_move_chars"), py::arg("rules_config"), py::arg("messages"),
        "A serialized yijing.v1.ValidateMovesRequest of mahjong positions -> (serialized "
        "ValidateMovesResponse, {code: count}), or None when it needs the service's Python path.");
  m.def(
      "wire_image",
      [](const mj::Config& c) { return py::bytes(mahjong_image(c)); },
      py::arg("config"),
      "The Config as the native front end takes it from the service (its struct's bytes, "
      "for a process of the same build: yijing/wire/validate_moves.hpp).");
  py::dict fields;
  fields["ValidateMovesRequest.requests"] = kRequestRequests;
  fields["ValidateMoveRequest.position"] = kItemPosition;
  fields["ValidateMoveRequest.move"] = kItemMove;
  fields["Position.deal"] = kPositionDeal;
  fields["Position.moves"] = kPositionMoves;
  fields["Position.mahjong_rules"] = kPositionMahjong;
  fields["Deal.seed"] = kDealSeed;
  fields["ValidateMovesResponse.verdicts"] = kResponseVerdicts;
  fields["Verdict.ok"] = kVerdictOk;
  fields["Verdict.code"] = kVerdictCode;
  fields["Verdict.message"] = kVerdictMessage;
  m.attr("WIRE_FIELDS") = fields;
}
