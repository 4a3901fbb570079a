// Move notation (docs/yijing.md §1): parse / format on top of the engine.
#include "yijing/yijingpai/notation.hpp"

#include <algorithm>
#include <cstdint>

namespace yijing::yijingpai {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) noexcept {
  return s.substr(0, prefix.size()) == prefix;
}

std::optional<Placement> parse_placement(std::string_view p) noexcept {
  if (p == "outer") return Placement::kOuter;
  if (p == "inner") return Placement::kInner;
  if (p == "split") return Placement::kSplit;
  return std::nullopt;
}

// L+ with L in [01+-]; fills nlines (saturating) and, up to 6 lines, the bits.
bool parse_lines(std::string_view text, MoveSpec& m) noexcept {
  if (text.empty()) return false;
  unsigned values = 0, taiji = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool yang = c == '1' || c == '+';
    const bool is_taiji = c == '+' || c == '-';
    if (!yang && !is_taiji && c != '0') return false;
    if (i < 8) {
      values |= (yang ? 1u : 0u) << i;
      taiji |= (is_taiji ? 1u : 0u) << i;
    }
  }
  m.nlines = static_cast<std::uint8_t>(text.size() > 255 ? 255 : text.size());
  m.values = static_cast<std::uint8_t>(values);
  m.taiji = static_cast<std::uint8_t>(taiji);
  return true;
}

}  // namespace

std::optional<MoveSpec> parse_move(std::string_view text) noexcept {
  if (text.size() > kMaxMoveChars || text.size() < 2 || text[0] != 's') return std::nullopt;
  MoveSpec m;
  // Seat: 0 or [1-9][0-9]*, saturating.
  std::size_t i = 1;
  if (i >= text.size() || text[i] < '0' || text[i] > '9') return std::nullopt;
  if (text[i] == '0' && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9')
    return std::nullopt;
  std::uint64_t seat = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    seat = seat * 10 + static_cast<unsigned>(text[i] - '0');
    if (seat > 0xFFFFFFFFull) seat = 0xFFFFFFFFull;
  }
  m.seat = static_cast<std::uint32_t>(seat);
  if (i >= text.size() || text[i] != ':') return std::nullopt;
  const std::string_view action = text.substr(i + 1);

  if (action == "pass") {
    m.kind = Kind::kPass;
    return m;
  }
  if (starts_with(action, "win")) {
    m.kind = Kind::kWin;
    const std::string_view rest = action.substr(3);
    if (rest.empty()) return m;
    if (rest[0] != '@') return std::nullopt;
    const auto p = parse_placement(rest.substr(1));
    if (!p) return std::nullopt;
    m.placement = *p;
    m.has_placement = true;
    return m;
  }
  if (starts_with(action, "target=") || starts_with(action, "play=")) {
    m.kind = action[0] == 't' ? Kind::kTarget : Kind::kPlay;
    const std::string_view lines = action.substr(m.kind == Kind::kTarget ? 7 : 5);
    if (!parse_lines(lines, m)) return std::nullopt;
    return m;
  }
  if (starts_with(action, "pong=")) {
    m.kind = Kind::kPong;
    const std::string_view rest = action.substr(5);
    const std::size_t at = rest.find('@');
    if (at == std::string_view::npos) return std::nullopt;
    if (!parse_lines(rest.substr(0, at), m)) return std::nullopt;
    const auto p = parse_placement(rest.substr(at + 1));
    if (!p) return std::nullopt;
    m.placement = *p;
    m.has_placement = true;
    return m;
  }
  return std::nullopt;
}

Reason check_move(const State& s, std::string_view text) noexcept {
  const auto m = parse_move(text);
  if (!m) return Reason::kMalformed;  // check 1
  return check(s, *m);
}

Action to_action(const MoveSpec& m) noexcept {
  const int seat = static_cast<int>(m.seat);
  if (m.kind == Kind::kTarget) return make_target(seat, m.values, m.taiji);
  if (m.kind == Kind::kPlay) return make_action(Kind::kPlay, seat, m.values, m.taiji);
  return make_action(m.kind, seat, m.values, m.taiji, m.placement);
}

std::string lines_string(std::uint8_t values, std::uint8_t taiji, int len) {
  std::string out(static_cast<std::size_t>(len), '0');
  for (int i = 0; i < len; ++i) {
    const bool yang = (values >> i) & 1u;
    out[static_cast<std::size_t>(i)] = ((taiji >> i) & 1u) ? (yang ? '+' : '-') : (yang ? '1' : '0');
  }
  return out;
}

std::string lines_string(Lines l) { return lines_string(l.values, l.taiji, l.len); }

const char* placement_name(Placement p) noexcept {
  switch (p) {
    case Placement::kOuter: return "outer";
    case Placement::kInner: return "inner";
    case Placement::kSplit: return "split";
  }
  return "outer";
}

const char* phase_name(Phase p) noexcept {
  switch (p) {
    case Phase::kTarget: return "target";
    case Phase::kPlay: return "play";
    case Phase::kClaim: return "claim";
    case Phase::kOver: return "over";
  }
  return "over";
}

std::string format_action(Action a, int k, bool public_view) {
  std::string out = "s" + std::to_string(action_seat(a)) + ":";
  switch (action_kind(a)) {
    case Kind::kTarget:
      out += public_view ? "target" : "target=" + lines_string(action_values(a), action_taiji(a), 6);
      break;
    case Kind::kPlay: out += "play=" + lines_string(action_values(a), action_taiji(a), k); break;
    case Kind::kPong:
      out += "pong=" + lines_string(action_values(a), action_taiji(a), k) + "@" +
             placement_name(action_placement(a));
      break;
    case Kind::kWin:
      out += "win";
      if (action_placement(a) != Placement::kOuter) {
        out += "@";
        out += placement_name(action_placement(a));
      }
      break;
    case Kind::kPass: out += "pass"; break;
  }
  return out;
}

std::string hand_string(const Hand& h) {
  return std::string(h.yang, '1') + std::string(h.yin, '0') + std::string(h.taiji, 'T');
}

std::string wall_string(const State& s) {
  std::string out(s.wall_len, '0');
  for (int i = 0; i < s.wall_len; ++i) {
    out[static_cast<std::size_t>(i)] = s.wall[i] == kYang ? '1' : s.wall[i] == kYin ? '0' : 'T';
  }
  return out;
}

std::vector<std::string> legal_move_strings(const State& s, int seat) {
  std::vector<Action> actions(kMaxLegalActions);
  const int n = legal_actions(s, seat, actions.data());
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out.push_back(format_action(actions[static_cast<std::size_t>(i)], s.k()));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace yijing::yijingpai
