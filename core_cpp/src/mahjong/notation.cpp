// The string notation (notation.hpp): parsing exactly as docs "Moves and the
// order of checks" (and the fallback's parse()), formatting, names.
#include <string>

#include "yijing/mahjong/notation.hpp"

namespace yijing::mahjong {
namespace {

struct ActionName {
  std::string_view name;
  Act act;
};
constexpr ActionName kActionNames[kActions] = {
    {"chow", Act::kChow},   {"discard", Act::kDiscard},     {"haidi", Act::kHaidi},
    {"kong", Act::kKong},   {"mid", Act::kMid},             {"open_kong", Act::kOpenKong},
    {"opening", Act::kOpening}, {"pass", Act::kPass},       {"pung", Act::kPung},
    {"raise", Act::kRaise}, {"ready", Act::kReady},         {"void", Act::kVoid},
    {"win", Act::kWin},
};

int suit_index(char c) noexcept { return c == 'm' ? 0 : c == 'p' ? 1 : c == 's' ? 2 : -1; }
bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

}  // namespace

Reason parse_move(std::string_view text, MoveSpec& out) noexcept {
  // s<seat>: ASCII digits without a leading zero (as in Yi Jing Pai); a
  // number past 3 is no_such_seat once the action has parsed.
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon < 2 || text[0] != 's') return Reason::kMalformed;
  const std::string_view digits = text.substr(1, colon - 1);
  for (char c : digits)
    if (!is_digit(c)) return Reason::kMalformed;
  if (digits.size() > 1 && digits[0] == '0') return Reason::kMalformed;
  const std::string_view body = text.substr(colon + 1);
  const std::size_t eq = body.find('=');
  const bool has_eq = eq != std::string_view::npos;
  const std::string_view action = has_eq ? body.substr(0, eq) : body;
  const std::string_view value = has_eq ? body.substr(eq + 1) : std::string_view();
  const ActionName* found = nullptr;
  for (const auto& a : kActionNames)
    if (a.name == action) found = &a;
  if (found == nullptr) return Reason::kMalformed;
  MoveSpec m;
  m.seat = digits.size() == 1 ? digits[0] - '0' : 99;  // two or more digits: at least 10
  m.act = found->act;
  switch (m.act) {
    case Act::kDiscard: case Act::kReady: case Act::kKong: case Act::kPung: case Act::kOpenKong: {
      if (!has_eq || value.size() != 2) return Reason::kMalformed;
      const int t = tile_from_code(value[0], value[1]);
      if (t < 0 || is_flower(t)) return Reason::kMalformed;
      m.arg = t;
      break;
    }
    case Act::kChow: {
      if (!has_eq || value.size() != 4 || suit_index(value[3]) < 0) return Reason::kMalformed;
      for (int i = 0; i < 3; ++i)
        if (value[static_cast<std::size_t>(i)] < '1' || value[static_cast<std::size_t>(i)] > '9')
          return Reason::kMalformed;
      const int a = value[0] - '0';
      // Three digits that are not a run are well-formed but never legal.
      m.arg = value[1] - '0' == a + 1 && value[2] - '0' == a + 2 ? suit_index(value[3]) * 9 + a - 1 : kBadChow;
      break;
    }
    case Act::kVoid:
      if (!has_eq || value.size() != 1 || suit_index(value[0]) < 0) return Reason::kMalformed;
      m.arg = suit_index(value[0]);
      break;
    case Act::kRaise:
      if (!has_eq || value.size() != 1 || !is_digit(value[0])) return Reason::kMalformed;
      m.arg = value[0] - '0';
      break;
    default:  // win, pass, opening, mid, haidi: no argument
      if (has_eq) return Reason::kMalformed;
      m.arg = -1;
      break;
  }
  out = m;
  return m.seat >= kSeats ? Reason::kNoSuchSeat : Reason::kOk;
}

Reason check_move(const State& s, std::string_view text) noexcept {
  MoveSpec m;
  const Reason r = parse_move(text, m);
  return r == Reason::kOk ? check(s, m) : r;
}

std::string tile_code(Tile t) {
  std::string out(2, ' ');
  out[0] = tile_digit(t);
  out[1] = tile_suit_char(t);
  return out;
}

std::string format_move(Move m, bool hide_kong) {
  const Act act = move_act(m);
  std::string out = "s";
  out += static_cast<char>('0' + move_seat(m));
  out += ':';
  out += kActionNames[static_cast<int>(act)].name;
  switch (act) {
    case Act::kDiscard: case Act::kReady: case Act::kPung:
      out += '=';
      out += tile_code(static_cast<Tile>(move_tile(m)));
      break;
    case Act::kKong: case Act::kOpenKong:
      if (hide_kong && (m & kConcealedKongFlag)) break;
      out += '=';
      out += tile_code(static_cast<Tile>(move_tile(m)));
      break;
    case Act::kChow: {
      const int t = move_tile(m);
      out += '=';
      for (int i = 0; i < 3; ++i) out += static_cast<char>('0' + number_of(t) + i);
      out += kSuitChars[suit_of(t)];
      break;
    }
    case Act::kVoid:
      out += '=';
      out += kSuitChars[move_key(m) % 3];
      break;
    case Act::kRaise:
      out += '=';
      out += static_cast<char>('0' + move_key(m) % 10);
      break;
    default: break;
  }
  return out;
}

std::string hand_string(const Counts& c) {
  std::string out;
  for (int t = 0; t < kKinds; ++t)
    for (int i = 0; i < c[static_cast<std::size_t>(t)]; ++i) out += tile_code(static_cast<Tile>(t));
  return out;
}

std::string meld_string(const Meld& m) {
  std::string out;
  const int n = number_of(m.tile);
  switch (m.kind) {
    case MeldKind::kChow:
      for (int i = 0; i < 3; ++i) out += static_cast<char>('0' + n + i);
      break;
    case MeldKind::kPung: out.assign(3, static_cast<char>('0' + n)); break;
    default: out.assign(4, static_cast<char>('0' + n)); break;
  }
  out += kSuitChars[suit_of(m.tile)];
  return out;
}

const char* phase_name(Phase p) noexcept {
  switch (p) {
    case Phase::kRaise: return "raise";
    case Phase::kVoid: return "void";
    case Phase::kPlay: return "play";
    case Phase::kClaim: return "claim";
    case Phase::kOpening: return "opening";
    case Phase::kOver: break;
  }
  return "over";
}

const char* meld_kind_name(MeldKind k) noexcept {
  switch (k) {
    case MeldKind::kChow: return "chow";
    case MeldKind::kPung: return "pung";
    case MeldKind::kKong: return "kong";
    case MeldKind::kAddedKong: return "added_kong";
    case MeldKind::kConcealedKong: break;
  }
  return "concealed_kong";
}

const char* pay_name(Pay p) noexcept {
  switch (p) {
    case Pay::kExposedKong: return "exposed_kong";
    case Pay::kConcealedKong: return "concealed_kong";
    case Pay::kAddedKong: return "added_kong";
    case Pay::kDiscard: return "discard";
    case Pay::kSelfDraw: return "self_draw";
    case Pay::kRobbedKong: return "robbed_kong";
    case Pay::kKongBloom: return "kong_bloom";
    case Pay::kOpening: return "opening";
    case Pay::kMid: return "mid";
    case Pay::kReadyBonus: break;
  }
  return "ready_bonus";
}

const char* result_kind_name(ResultKind k) noexcept {
  switch (k) {
    case ResultKind::kSelfDraw: return "self_draw";
    case ResultKind::kDiscard: return "discard";
    case ResultKind::kRobbedKong: return "robbed_kong";
    case ResultKind::kDraw: return "draw";
    case ResultKind::kNone: break;
  }
  return "none";
}

const char* pattern_name(Ruleset r, int i) noexcept {
  static constexpr const char* kCommonNames[] = {"regular", "seven_pairs"};
  static constexpr const char* kShaoyangNames[] = {"平胡",   "碰碰對", "清一色",
                                                   "七巧對", "十三浪", "全風十三浪"};
  static constexpr const char* kChangshaNames[] = {
      "小胡",   "七對",   "豪華七對", "超豪華七對", "超超豪華七對", "清一色", "將一色",
      "碰碰胡", "全求人", "槓上開花", "槓上炮",     "海底撈月",     "海底炮", "搶槓"};
  switch (r) {
    case Ruleset::kCommon: return i >= 0 && i < 2 ? kCommonNames[i] : "";
    case Ruleset::kShaoyang: return i >= 0 && i < 6 ? kShaoyangNames[i] : "";
    case Ruleset::kChangsha: return i >= 0 && i < 14 ? kChangshaNames[i] : "";
  }
  return "";
}

const char* declared_win_name(DeclaredWin w) noexcept {
  static constexpr const char* kNames[] = {"板板胡", "四喜",   "六六順",   "缺一色",   "三同",
                                           "一枝花", "步步高", "金童玉女", "中途四喜", "中途六六順"};
  const auto i = static_cast<std::size_t>(w);
  return i < 10 ? kNames[i] : "";
}

const char* offer_kind_name(OfferKind k) noexcept {
  switch (k) {
    case OfferKind::kRobbedKong: return "robbed_kong";
    case OfferKind::kOpenKong: return "open_kong";
    case OfferKind::kHaidi: return "haidi";
    case OfferKind::kDiscard: break;
  }
  return "discard";
}

std::string wall_string(const State& s) { return tiles_string(s.wall, s.n_wall); }

}  // namespace yijing::mahjong
