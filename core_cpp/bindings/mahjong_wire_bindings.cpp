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

namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace {

// Field numbers of rule_engine.proto read and written here (exported as WIRE_FIELDS).
constexpr std::uint32_t kRequestRequests = 1;   // ValidateMovesRequest.requests
constexpr std::uint32_t kItemPosition = 1;      // ValidateMoveRequest.position
constexpr std::uint32_t kItemMove = 2;          // ValidateMoveRequest.move
constexpr std::uint32_t kPositionDeal = 2;      // Position.deal
constexpr std::uint32_t kPositionMoves = 3;     // Position.moves
constexpr std::uint32_t kPositionMahjong = 4;   // Position.mahjong_rules (bytes, passed on whole)
constexpr std::uint32_t kDealSeed = 1;          // Deal.seed (a wall: the slow path)
constexpr std::uint32_t kResponseVerdicts = 1;  // ValidateMovesResponse.verdicts
constexpr std::uint32_t kVerdictOk = 1;         // Verdict.ok
constexpr std::uint32_t kVerdictCode = 2;       // Verdict.code
constexpr std::uint32_t kVerdictMessage = 3;    // Verdict.message
constexpr std::uint32_t kVarint = 0;
constexpr std::uint32_t kLen = 2;

struct Limits {
  std::size_t max_batch;
  std::size_t max_moves;
  std::size_t max_move_chars;
};

class Reader {
 public:
  explicit Reader(std::string_view s)
      : p_(reinterpret_cast<const std::uint8_t*>(s.data())), end_(p_ + s.size()) {}
  bool done() const { return p_ == end_; }
  bool varint(std::uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p_ == end_) return false;
      const std::uint8_t b = *p_++;
      v |= static_cast<std::uint64_t>(b & 0x7Fu) << shift;
      if ((b & 0x80u) == 0) return shift < 63 || b <= 1;
    }
    return false;
  }
  bool bytes(std::string_view& out) {
    std::uint64_t n = 0;
    if (!varint(n) || n > static_cast<std::uint64_t>(end_ - p_)) return false;
    out = std::string_view(reinterpret_cast<const char*>(p_), static_cast<std::size_t>(n));
    p_ += n;
    return true;
  }
  bool key(std::uint32_t& field, std::uint32_t& type) {
    std::uint64_t k = 0;
    if (!varint(k) || (k >> 3) == 0 || (k >> 3) > 0x1FFFFFFFu) return false;
    field = static_cast<std::uint32_t>(k >> 3);
    type = static_cast<std::uint32_t>(k & 7u);
    return true;
  }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

bool ascii(std::string_view s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80u) return false;
  return true;
}

struct Item {
  std::string_view rules;  // the MahjongRules bytes ("" = defaults, common)
  std::uint64_t seed = 0;
  std::size_t first_move = 0;
  std::size_t n_moves = 0;
  std::string_view move;
  int rules_index = 0;
};

struct Parsed {
  std::vector<Item> items;
  std::vector<std::string_view> moves;
  std::vector<std::string_view> distinct_rules;
};

bool parse_deal(std::string_view data, Item& it) {
  Reader r(data);
  bool seed = false;
  while (!r.done()) {
    std::uint32_t f = 0, t = 0;
    if (!r.key(f, t) || f != kDealSeed || t != kVarint || seed || !r.varint(it.seed)) return false;
    seed = true;
  }
  return seed;
}

bool parse_position(std::string_view data, Item& it, Parsed& out, const Limits& lim) {
  Reader r(data);
  bool rules = false, deal = false;
  it.first_move = out.moves.size();
  while (!r.done()) {
    std::uint32_t f = 0, t = 0;
    std::string_view v;
    if (!r.key(f, t) || t != kLen || !r.bytes(v)) return false;
    if (f == kPositionMahjong && !rules) {
      it.rules = v;
      rules = true;
    } else if (f == kPositionDeal && !deal) {
      if (!parse_deal(v, it)) return false;
      deal = true;
    } else if (f == kPositionMoves) {
      if (v.size() > lim.max_move_chars || !ascii(v)) return false;
      if (out.moves.size() - it.first_move == lim.max_moves) return false;
      out.moves.push_back(v);
    } else {
      return false;  // Position.rules (refused beside mahjong_rules), unknown or repeated
    }
  }
  it.n_moves = out.moves.size() - it.first_move;
  return deal && rules;  // no mahjong_rules: a Yi Jing position, not ours
}

bool parse_item(std::string_view data, Item& it, Parsed& out, const Limits& lim) {
  Reader r(data);
  bool position = false, move = false;
  while (!r.done()) {
    std::uint32_t f = 0, t = 0;
    std::string_view v;
    if (!r.key(f, t) || t != kLen || !r.bytes(v)) return false;
    if (f == kItemPosition && !position) {
      if (!parse_position(v, it, out, lim)) return false;
      position = true;
    } else if (f == kItemMove && !move) {
      if (!ascii(v)) return false;
      it.move = v;
      move = true;
    } else {
      return false;
    }
  }
  return position;
}

bool parse_request(std::string_view data, Parsed& out, const Limits& lim) {
  Reader r(data);
  while (!r.done()) {
    std::uint32_t f = 0, t = 0;
    std::string_view v;
    if (!r.key(f, t) || f != kRequestRequests || t != kLen || !r.bytes(v)) return false;
    if (out.items.size() == lim.max_batch) return false;
    Item it;
    if (!parse_item(v, it, out, lim)) return false;
    int k = 0;
    while (k < static_cast<int>(out.distinct_rules.size()) && out.distinct_rules[k] != it.rules) ++k;
    if (k == static_cast<int>(out.distinct_rules.size())) {
      if (k == 16) return false;
      out.distinct_rules.push_back(it.rules);
    }
    it.rules_index = k;
    out.items.push_back(it);
  }
  return !out.items.empty();
}

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80u) {
    out.push_back(static_cast<char>((v & 0x7Fu) | 0x80u));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

constexpr char key_of(std::uint32_t field, std::uint32_t wire_type) {
  return static_cast<char>((field << 3) | wire_type);
}

void put_string(std::string& out, std::uint32_t field, std::string_view s) {
  if (s.empty()) return;
  out.push_back(key_of(field, kLen));
  put_varint(out, s.size());
  out.append(s.data(), s.size());
}

// The encoded `verdicts` entry of a reason, with the message the Python side
// shows for it (pyyijing.mahjong.reasons.MESSAGES overrides the engine's).
std::string verdict_entry(mj::Reason r, const py::dict& messages) {
  const char* name = mj::reason_name(r);
  std::string message = mj::reason_message(r);
  if (messages.contains(name)) message = py::cast<std::string>(messages[name]);
  std::string v;
  if (r == mj::Reason::kOk) {
    v.push_back(key_of(kVerdictOk, kVarint));
    v.push_back('\x01');
  }
  put_string(v, kVerdictCode, name);
  put_string(v, kVerdictMessage, message);
  std::string entry(1, key_of(kResponseVerdicts, kLen));
  put_varint(entry, v.size());
  return entry + v;
}

// Replay a history on `s`; false if a move does not replay (or the engine bound is hit).
bool replay(mj::State& s, const mj::Config& cfg, const Item& it, const std::string_view* moves) {
  const mj::Deal deal = mj::shuffle_wall(it.seed, cfg.tiles());
  const int dealer = (deal.die1 + deal.die2 - 1) % mj::kSeats;  // as mj.Game(seed=)
  if (mj::init_state(s, cfg, deal.wall, dealer) != mj::InitError::kNone) return false;
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
    ok = parse_request(data, parsed, lim);
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
