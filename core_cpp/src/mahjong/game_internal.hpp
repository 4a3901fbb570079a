// Helpers shared by the mahjong game engine's source files (not installed).
#pragma once

#include <cstdint>

#include "yijing/mahjong/engine.hpp"

namespace yijing::mahjong::detail {

constexpr std::uint64_t bit(int t) noexcept { return std::uint64_t{1} << t; }
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
// (an honour): its callers add kOrphanKinds (candidates(), game_wins.cpp).
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

// The exact shape distance of the seat's hand (SeatState::shanten_lb): the
// minimum over the ruleset's shapes (each loses at most one per tile gained
// and none per tile given up, so the minimum keeps the bound's rules).
inline int shape_shanten(const Config& cfg, const SeatState& st) noexcept {
  const int rs = regular_shanten(st.counts);
  if (st.n_melds != 0) return rs;
  int best = seven_pairs_shanten(st.counts);
  if (rs < best) best = rs;
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
// concealed tiles and own melds).
bool has_wait(const Config& cfg, const SeatState& st, const Counts& c) noexcept;

// The flow of a hand (game_apply.cpp).
void start_turn(State& s, int seat) noexcept;
void refresh_masks(State& s) noexcept;

}  // namespace yijing::mahjong::detail
