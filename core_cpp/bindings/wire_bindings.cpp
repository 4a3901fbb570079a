// pyyijing._native.yijingpai.validate_moves_wire: the gRPC service's ValidateMovesRequest
// (proto/yijing/v1/rule_engine.proto) checked straight from its bytes, and the
// ValidateMovesResponse written as bytes.
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

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yijing/yijingpai/position_check.hpp"
#include "yijing/yijingpai/reason.hpp"
#include "yijingpai_config.hpp"
#include "wire_format.hpp"

namespace py = pybind11;
namespace yp = yijing::yijingpai;

namespace {

using namespace yijing_bindings::wire;  // NOLINT: the shared encoding and parser (wire_format.hpp)

constexpr int kNumReasons = static_cast<int>(yp::Reason::kCannotWin) + 1;

// The field numbers (wire_format.hpp) this fast path reads and writes are
// exported as WIRE_FIELDS, and tests/service/test_service_wire.py checks them,
// and that these messages have no other fields, against the compiled .proto
// descriptor: a field added to one of them fails that test until the parser is
// taught about it (else every request using it would quietly take the slow
// path, or worse).

// A Yi Jing Pai position: Position.rules, absent meaning the defaults; an empty
// batch is answered here (an empty response).
constexpr PositionFormat kFormat{kPositionRules, /*rules_required=*/false, /*empty_batch_ok=*/true};

using yijing_bindings::YijingpaiConfig;

// What rules_config returned for a Rules message: a Config, or None when the
// message is not valid (the Python path reports it).
bool rule_set_of(const py::handle& h, YijingpaiConfig& rs) {
  if (h.is_none()) return false;
  if (!py::isinstance<YijingpaiConfig>(h))
    throw py::type_error("rules_config must return a pyyijing._native.yijingpai.Config or None");
  rs = h.cast<const YijingpaiConfig&>();
  return true;
}

// The encoded `verdicts` entry of each reason.
std::string verdict_entry(yp::Reason r) {
  return yijing_bindings::wire::verdict_entry(r == yp::Reason::kOk, yp::reason_name(r),
                                              yp::reason_message(r));
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
    ok = parse_request(data, kFormat, parsed, lim);
  }
  if (!ok) return py::none();
  std::vector<YijingpaiConfig> rule_sets(parsed.distinct_rules.size());
  for (std::size_t i = 0; i < rule_sets.size(); ++i) {
    const std::string_view b = parsed.distinct_rules[i];
    if (!rule_set_of(rules_config(py::bytes(b.data(), b.size())), rule_sets[i])) return py::none();
  }
  static const std::vector<std::string> kEntries = [] {
    std::vector<std::string> e;
    for (int r = 0; r < kNumReasons; ++r) e.push_back(verdict_entry(static_cast<yp::Reason>(r)));
    return e;
  }();
  std::string out;
  long long counts[kNumReasons] = {};
  {
    py::gil_scoped_release release;
    out.reserve(parsed.items.size() * 48);
    yp::State s;
    for (const Item& it : parsed.items) {
      const YijingpaiConfig& rs = rule_sets[static_cast<std::size_t>(it.rules_index)];
      yp::PositionDeal deal;
      deal.seed = it.seed;
      if (yp::deal_position(s, rs.rules, rs.deck, rs.taiji, deal) != yp::DealError::kNone) {
        ok = false;
        break;
      }
      const yp::PositionCheck c = yp::replay_and_check(
          s, parsed.moves.data() + it.first_move, static_cast<int>(it.n_moves), it.move);
      if (c.bad_move >= 0) {  // an invalid request: the Python path words the error
        ok = false;
        break;
      }
      const int r = static_cast<int>(c.reason);
      ++counts[r];
      out += kEntries[static_cast<std::size_t>(r)];
    }
  }
  if (!ok) return py::none();
  py::dict by_code;
  for (int r = 0; r < kNumReasons; ++r)
    if (counts[r] != 0) by_code[yp::reason_name(static_cast<yp::Reason>(r))] = counts[r];
  return py::make_tuple(py::bytes(out), by_code);
}

}  // namespace

void bind_wire(py::module_& m) {
  m.def("validate_moves_wire", &validate_moves_wire, py::arg("request"), py::arg("max_batch"),
        py::arg("max_moves"), py::arg("max_move_chars"), py::arg("rules_config"),
        "A serialized yijing.v1.ValidateMovesRequest -> (serialized ValidateMovesResponse, "
        "{code: count}), or None when the request needs the service's Python path.");
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
