// Helpers shared by the mahjong game engine's source files (not installed).
#pragma once

#include <cstdint>

#include "yijing/mahjong/engine.hpp"

namespace yijing::mahjong::detail {

constexpr std::uint64_t bit(int t) noexcept { return std::uint64_t{1} << t; }
// The set bits of x, in a few shifts and one multiply: baseline x86-64 has no
// popcnt instruction, and __builtin_popcountll there is a call into libgcc
// (per turn in random play: it showed in the profile).
constexpr int popcount64(std::uint64_t x) noexcept {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}
static_assert(popcount64(0) == 0 && popcount64(~std::uint64_t{0}) == 64 && popcount64(0x8000000000000101ULL) == 3);
// Bit tile_key(t) of every tile of a suit (key = (number - 1) * 4 + suit).
constexpr std::uint64_t suit_keys(int suit) noexcept {
  std::uint64_t m = 0;
  for (int n = 0; n < 9; ++n) m |= std::uint64_t{1} << (4 * n + suit);
  return m;
}

// The only places concealed tiles change: counts, size and held_keys together.
inline void add_tile(SeatState& st, int t) noexcept {
  const int now = ++st.counts[static_cast<std::size_t>(t)];
  ++st.n_concealed;
  const std::uint64_t b = std::uint64_t{1} << tile_key(t);
  st.held_keys |= b;
  st.four_keys |= now == 4 ? b : 0;
}
inline void remove_tiles(SeatState& st, int t, int n) noexcept {
  const int left = st.counts[static_cast<std::size_t>(t)] - n;
  st.counts[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(left);
  st.n_concealed = static_cast<std::uint8_t>(st.n_concealed - n);
  const std::uint64_t b = std::uint64_t{1} << tile_key(t);
  if (left == 0) st.held_keys &= ~b;
  st.four_keys &= ~b;
}
inline constexpr std::uint64_t kSuitMask = 0x1FF;
constexpr std::uint64_t suit_bits(int suit) noexcept { return kSuitMask << (9 * suit); }

// Bit t: the hand holds kind t.
inline std::uint64_t held_mask(const Counts& c) noexcept {
  std::uint64_t m = 0;
  for (int t = 0; t < kKinds; ++t) m |= static_cast<std::uint64_t>(c[t] != 0) << t;
  return m;
}

inline bool holds_suit(const Counts& c, int suit) noexcept {
  const std::uint8_t* p = &c[static_cast<std::size_t>(9 * suit)];
  int any = 0;
  for (int i = 0; i < 9; ++i) any |= p[i];
  return any != 0;
}

// Whether the seat holds a tile of its void suit (and so never wins, and
// must discard those first).
inline bool holds_void(const SeatState& st) noexcept {
  return st.void_suit >= 0 && (st.held_keys & suit_keys(st.void_suit)) != 0;
}

// The kinds whose addition can complete a regular or seven pairs shape of a
// hand holding `held`: every tile of a winning shape that contains t lies
// within two places of t in its suit (a chow) or is t (pair, pung, seven
// pairs), so a wait is a held tile or a suit neighbour of one at distance 1
// or 2. Thirteen orphans can wait on a kind none of whose neighbours is held
// (an honour): its callers add kOrphanKinds (candidates(), engine_wins.cpp).
inline std::uint64_t wait_candidates(std::uint64_t held) noexcept {
  std::uint64_t out = held & (std::uint64_t{0x7F} << kHonourBase);
  for (int suit = 0; suit < kSuits; ++suit) {
    const std::uint64_t h = (held >> (9 * suit)) & kSuitMask;
    out |= ((h | (h << 1) | (h << 2) | (h >> 1) | (h >> 2)) & kSuitMask) << (9 * suit);
  }
  return out;
}

// The terminals and honours (thirteen orphans' kinds), bit t = kind t.
inline constexpr std::uint64_t kOrphanKinds =
    bit(0) | bit(8) | bit(9) | bit(17) | bit(18) | bit(26) | (std::uint64_t{0x7F} << kHonourBase);

// The ruleset's winning shapes for 3k+2 concealed tiles (k melds), void suit
// aside: common — the regular shape, or seven pairs with no melds; Shaoyang —
// the regular shape, or with no melds seven pairs or thirteen orphans (十三浪).
inline bool shape_wins(const Config& cfg, const Counts& c, int k) noexcept {
  if (is_regular_win(c)) return true;
  if (k != 0) return false;
  return is_seven_pairs(c) || (cfg.shaoyang() && is_thirteen_orphans(c));
}

// --- Changsha (rules §7) ----------------------------------------------------
// 將: the 2, 5 and 8 of each suit, bit t = kind t.
inline constexpr std::uint64_t kJiangKinds = bit(1) | bit(4) | bit(7) | bit(10) | bit(13) | bit(16) |
                                             bit(19) | bit(22) | bit(25);
// A bit test, not t % 9 % 3 (hot: the 將一色 and opening-win scans).
constexpr bool is_jiang(int t) noexcept { return t >= 0 && t < kHonourBase && ((kJiangKinds >> t) & 1) != 0; }
// The same set as held_keys bits (tile_key order).
constexpr std::uint64_t jiang_keys() noexcept {
  std::uint64_t m = 0;
  for (int t = 0; t < kHonourBase; ++t)
    if ((kJiangKinds >> t) & 1) m |= std::uint64_t{1} << tile_key(t);
  return m;
}
inline constexpr std::uint64_t kJiangKeys = jiang_keys();
// held_keys bits of the three suits (honour keys are 4n + 3).
inline constexpr std::uint64_t kSuitKeys = suit_keys(0) | suit_keys(1) | suit_keys(2);
// Result::patterns bits of Changsha, in the documented order: 小胡, the 七對
// family (bit 1 + fours, at most 3), 清一色, 將一色, 碰碰胡, 全求人, then the
// situational elements.
inline constexpr std::uint16_t kXiaoHu = 1, kQiDui = 2, kQingYiSe = 1 << 5, kJiangYiSe = 1 << 6,
                               kPengPengHu = 1 << 7, kQuanQiuRen = 1 << 8, kGangKai = 1 << 9,
                               kGangPao = 1 << 10, kHaidiLao = 1 << 11, kHaidiPao = 1 << 12,
                               kQiangGang = 1 << 13;
// The melds allow 將一色 (each a pung or kong of a 2, 5 or 8).
bool jiang_melds(const SeatState& st) noexcept;
// The shape distance to 將一色 (no shape needed: every tile a 2, 5 or 8):
// the concealed tiles that are not, less one for 3k+2 tiles; kNoShanten when
// a meld is not. Like the other shapes it drops by at most one per tile
// gained and never per tile given up.
int jiang_shanten(const SeatState& st) noexcept;
// Changsha's wins (docs "Winning (Changsha)"): 3k+2 concealed tiles `c` of
// seat `st` (its melds) win — the small win (regular with a 2/5/8 pair) or a
// hand element; `on_other`: the last tile came from another seat (全求人).
bool changsha_wins(const SeatState& st, const Counts& c, bool on_other) noexcept;
// The small win and the hand elements of such a win (Result::patterns bits;
// 0: no win).
std::uint16_t changsha_hand_patterns(const SeatState& st, const Counts& c, bool on_other) noexcept;
// Big-win units of pattern bits: the 七對 family 1-4, every other element but 小胡 1.
int changsha_units(std::uint16_t patterns) noexcept;
// Necessary conditions, a few bit operations each, for opening_wins /
// mid_wins to find anything (most hands have neither: the hot path skips the
// full scans, whose answer is then 0 anyway).
bool opening_win_possible(const Config& cfg, const SeatState& st) noexcept;
bool mid_win_possible(const SeatState& st) noexcept;

// A ruleset's wins of 3k+2 concealed tiles (void suit aside); on_other only
// matters in Changsha.
inline bool hand_wins(const Config& cfg, const SeatState& st, const Counts& c, bool on_other) noexcept {
  return cfg.changsha() ? changsha_wins(st, c, on_other) : shape_wins(cfg, c, st.n_melds);
}

// The exact shape distance of the seat's hand (SeatState::shanten_lb): the
// minimum over the ruleset's shapes (each loses at most one per tile gained
// and none per tile given up, so the minimum keeps the bound's rules).
// Changsha adds 將一色, which needs no shape. -1 (complete) is a win in common
// and Shaoyang; in Changsha it still needs changsha_wins (a regular shape
// without a 2/5/8 pair may not win).
inline int shape_shanten(const Config& cfg, const SeatState& st) noexcept {
  int best = regular_shanten(st.counts);
  if (cfg.changsha()) {
    const int js = jiang_shanten(st);
    if (js < best) best = js;
  }
  if (st.n_melds != 0) return best;
  // seven_pairs_shanten(st.counts) without its tile count (n_concealed is it):
  // 13 or 14 tiles here, since there is no meld.
  int pairs = 0;
  for (const auto x : st.counts) pairs += x >> 1;
  const int ps = st.n_concealed == 13 || st.n_concealed == 14 ? 6 - (pairs < 7 ? pairs : 7) : kNoShanten;
  if (ps < best) best = ps;
  if (cfg.shaoyang()) {
    const int os = thirteen_orphans_shanten(st.counts);
    if (os < best) best = os;
  }
  return best;
}

// The seat gained one tile: the bound drops by one; exact once it reaches 0.
inline void gained_tile(const Config& cfg, SeatState& st) noexcept {
  const int lb = st.shanten_lb - 1;
  st.shanten_lb = static_cast<std::int8_t>(lb <= 0 ? shape_shanten(cfg, st) : lb);
}

// Whether gaining tile t may lower the seat's shape distance (shape_shanten);
// asked before the tile is added. Only a tile that meets a held one can: the
// same kind (a pair, a set, seven pairs' pair) or a suit neighbour at
// distance 1 or 2 (a set or a partial set); and in their rulesets any 2/5/8
// (Changsha's 將一色) or, with no meld, any terminal or honour (Shaoyang's
// thirteen orphans). Any other tile is left over in every decomposition of
// the new hand, whose distance is then the old hand's: the bound stands as
// it is, exact if it was (a draw of such a tile costs no exact distance).
inline bool may_lower_shape(const Config& cfg, const SeatState& st, int t) noexcept {
  // Bits 0, 4, 8, 12, 16 of held_keys << 8 >> key: keys key-8 .. key+8 in
  // steps of 4, the kinds 2 and 1 below, itself, 1 and 2 above in its suit
  // (a key is (number - 1) * 4 + suit); an honour meets only itself.
  const int key = tile_key(t);
  const std::uint64_t near = t < kHonourBase ? 0x11111ULL : 0x100ULL;
  if ((((st.held_keys << 8) >> key) & near) != 0) return true;
  if (cfg.changsha()) return is_jiang(t);
  return cfg.shaoyang() && st.n_melds == 0 && ((kOrphanKinds >> t) & 1) != 0;
}

// Shaoyang's patterns (Result::patterns bits, docs "Shaoyang" Winning).
inline constexpr std::uint8_t kPingHu = 1, kAllPungs = 2, kOneSuit = 4, kSevenPairs = 8,
                              kThirteenOrphans = 16, kAllHonours = 32;
inline constexpr std::uint8_t kBigPatterns = kAllPungs | kOneSuit | kSevenPairs;    // unit 8
inline constexpr std::uint8_t kVeryBigPatterns = kThirteenOrphans | kAllHonours;  // unit 24
// The patterns of seat `st`'s win with concealed tiles `c` (14 - 3k, the
// winning tile included) and its melds: the kernel's
// pyyijing/fallback/mahjong/patterns.py patterns("shaoyang", ...).
std::uint8_t shaoyang_patterns(const SeatState& st, const Counts& c) noexcept;

// Copies of kind t in the seat's concealed tiles and own melds.
int own_copies(const SeatState& st, int t) noexcept;

// Bit t: wins_with(seat, t) for the seat's 3k+1 concealed tiles (its cached
// win_mask). Kinds held four times are never set (no fifth copy exists).
// Uses and refines st.shanten_lb.
std::uint64_t compute_win_mask(const Config& cfg, SeatState& st) noexcept;

// Whether 3k+1 concealed tiles `c` of seat `st` (its melds, its void) have a
// wait in the sense of docs "waits(seat)" (fewer than four copies in its
// concealed tiles and own melds; Changsha: on another seat's tile).
bool has_wait(const Config& cfg, const SeatState& st, const Counts& c) noexcept;
// has_wait of `st` after a kong of t in turn (concealed or added) or, with
// `exposed`, of a discarded t (Changsha's open kong needs it ready).
bool ready_after_kong(const Config& cfg, const SeatState& st, int t, bool exposed) noexcept;
// Changsha: the seat holds 13 - 3k tiles with a wait (the sea bottom's test).
bool is_ready(const Config& cfg, const SeatState& st) noexcept;

// Changsha's opening wins of a seat's dealt tiles (rules §7, docs "Opening
// wins"): the wins in order into `out` (kMaxDeclaredWins), the kinds used
// (bits). Returns how many.
int opening_wins(const Config& cfg, const Counts& c, DeclaredWin* out, std::uint32_t& used) noexcept;
// Its mid-game wins now (docs "Mid-game wins"): the wins, the kinds they use,
// the tiles shown. Returns how many.
int mid_wins(const Config& cfg, const SeatState& st, DeclaredWin* out, std::uint32_t& used,
             Counts& shown) noexcept;

// The flow of a hand (engine_apply.cpp).
void start_turn(State& s, int seat) noexcept;
void refresh_masks(State& s) noexcept;
// Changsha after the deal: the dealt tiles recorded, the opening offers from
// the dealer counterclockwise (phase opening), or phase play.
void start_opening(State& s) noexcept;

}  // namespace yijing::mahjong::detail
