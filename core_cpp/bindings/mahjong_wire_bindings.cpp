// pyyijing._native.mahjong.validate_moves_wire: the service's ValidateMovesRequest
// (proto/yijing/v1/rule_engine.proto) checked straight from its bytes when every
// position is a mahjong one, and the ValidateMovesResponse written as bytes.
//
// The mahjong twin of wire_bindings.cpp (Yi Jing Pai), and only a fast path:
// anything but the plain valid case (a wall deal, `rules` set beside
// `mahjong_rules`, an unknown or repeated field, non-ASCII text, a limit
// exceeded, a history that does not replay) returns None and the service's
// Python path (service/positions.py) answers and words every error. Verdict
// bytes must equal that path's (tests/service/test_service_mahjong_fastpath.py).
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/notation.hpp"
#include "yijing/mahjong/reason.hpp"
#include "yijing/mahjong/tiles.hpp"

#include "mahjong_config.hpp"
#include "wire_format.hpp"

namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace {

using namespace yijing_bindings::wire;  // NOLINT: the shared encoding and parser (wire_format.hpp)

// Field numbers (wire_format.hpp) read and written here are exported as WIRE_FIELDS.

// A mahjong position: Position.mahjong_rules, required (without it the position
// is a Yi Jing one, and Position.rules is refused beside it); an empty batch is
// the Python path's to answer.
constexpr PositionFormat kFormat{kPositionMahjong, /*rules_required=*/true,
                                 /*empty_batch_ok=*/false};

// The encoded `verdicts` entry of a reason, with the message the Python side
// shows for it (pyyijing.mahjong.reasons.MESSAGES overrides the engine's).
std::string verdict_entry(mj::Reason r, const py::dict& messages) {
  const char* name = mj::reason_name(r);
  std::string message = mj::reason_message(r);
  if (messages.contains(name)) message = py::cast<std::string>(messages[name]);
  return yijing_bindings::wire::verdict_entry(r == mj::Reason::kOk, name, message);
}

// Replay a history on `s`; false if a move does not replay (or the engine bound is hit).
// The deal is shuffle_wall's as tile codes (no wall string written and parsed
// again), dealt into the reused state as the simulator deals (init_state_tiles
// resets what the last deal used).
bool replay(mj::State& s, const mj::Config& cfg, const Item& it, const std::string_view* moves) {
  if (!mj::config_valid(cfg)) return false;
  mj::Tile tiles[mj::kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = mj::shuffle_tiles(it.seed, cfg.tiles(), tiles, d1, d2);
  mj::init_state_tiles(s, cfg, tiles, n, (d1 + d2 - 1) % mj::kSeats);  // the dealer as mj.Game(seed=)
  for (std::size_t j = 0; j < it.n_moves; ++j) {
    mj::MoveSpec spec;
    mj::Reason r = mj::parse_move(moves[j], spec);
    if (r == mj::Reason::kOk) r = mj::check(s, spec);
    if (r != mj::Reason::kOk || s.n_history >= mj::kMaxHistory) return false;
    mj::apply(s, mj::to_move(spec));
  }
  return true;
}

bool same_history(const Item& a, const Item& b, const std::vector<std::string_view>& moves) {
  if (a.rules_index != b.rules_index || a.seed != b.seed || a.n_moves != b.n_moves) return false;
  for (std::size_t j = 0; j < a.n_moves; ++j)
    if (moves[a.first_move + j] != moves[b.first_move + j]) return false;
  return true;
}

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
    ok = parse_request(data, kFormat, parsed, lim);
  }
  if (!ok) return py::none();
  std::vector<mj::Config> configs(parsed.distinct_rules.size());
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const std::string_view b = parsed.distinct_rules[i];
    const py::object h = rules_config(py::bytes(b.data(), b.size()));
    if (h.is_none()) return py::none();
    if (!py::isinstance<yijing_bindings::MahjongConfig>(h))
      throw py::type_error("rules_config must return a pyyijing._native.mahjong.Config or None");
    configs[i] = h.cast<const yijing_bindings::MahjongConfig&>().rules;
  }
  std::vector<std::string> entries;
  for (int r = 0; r < mj::kReasons; ++r) entries.push_back(verdict_entry(static_cast<mj::Reason>(r), messages));
  std::string out;
  std::vector<long long> counts(mj::kReasons, 0);
  {
    py::gil_scoped_release release;
    out.reserve(parsed.items.size() * 48);
    mj::State s;
    const Item* last = nullptr;  // the item whose history `s` holds (a batch's candidates share one)
    for (const Item& it : parsed.items) {
      if (last == nullptr || !same_history(*last, it, parsed.moves)) {
        if (!replay(s, configs[static_cast<std::size_t>(it.rules_index)], it,
                    parsed.moves.data() + it.first_move)) {
          ok = false;
          break;
        }
        last = &it;
      }
      const int r = static_cast<int>(mj::check_move(s, it.move));
      ++counts[static_cast<std::size_t>(r)];
      out += entries[static_cast<std::size_t>(r)];
    }
  }
  if (!ok) return py::none();
  py::dict by_code;
  for (int r = 0; r < mj::kReasons; ++r)
    if (counts[static_cast<std::size_t>(r)] != 0)
      by_code[mj::reason_name(static_cast<mj::Reason>(r))] = counts[static_cast<std::size_t>(r)];
  return py::make_tuple(py::bytes(out), by_code);
}

}  // namespace

void bind_mahjong_wire(py::module_& m) {
  m.def("validate_moves_wire", &validate_moves_wire, py::arg("request"), py::arg("max_batch"),
        py::arg("max_moves"), py::arg("max_move_chars"), py::arg("rules_config"), py::arg("messages"),
        "A serialized yijing.v1.ValidateMovesRequest of mahjong positions -> (serialized "
        "ValidateMovesResponse, {code: count}), or None when it needs the service's Python path.");
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
