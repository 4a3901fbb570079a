// Mahjong hand evaluation: the kernel every mahjong ruleset shares
// (shared/rules/mahjong.md §0, "Hand evaluation").
//
// A hand is a count array of the 34 kinds in the usual order
// (1-9m = 0..8, 1-9p = 9..17, 1-9s = 18..26, 東南西北白發中 = 27..33).
// Exposed sets are not part of the count array: a concealed part of
// 3k+1 or 3k+2 tiles (k <= 4) means 4-k sets are already exposed, so every
// function here only needs the concealed counts. Callers validate input
// (counts 0..4, total 1,2,4,5,...,13,14); these functions assume it.
//
// Shanten is the shape distance: (the fewest tiles to draw, each replacing a
// discard, to complete the hand) - 1, so -1 = complete, 0 = ready. Like
// PyMahjongGB it looks at the shape only: a fifth copy of a kind the hand
// holds four of is not excluded (1111m + three sets is "ready").
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace yijing::mahjong {

constexpr int kKinds = 34;
constexpr int kHonourBase = 27;
using Counts = std::array<std::uint8_t, kKinds>;

enum class Form : std::uint8_t { kBest = 0, kRegular = 1, kSevenPairs = 2, kThirteenOrphans = 3 };

// Shape distance per form; `seven_pairs` and `thirteen_orphans` need 13 or 14 tiles
// (no exposed sets) and return kNoShanten otherwise.
constexpr int kNoShanten = 99;
int regular_shanten(const Counts& c);
int seven_pairs_shanten(const Counts& c);
int thirteen_orphans_shanten(const Counts& c);
// The fewest tiles to add to `c` so that it holds `sets` sets (0..4) and, when
// `pair`, one pair besides: the regular shape's distance (regular_shanten(c)
// is sets_distance(c, tiles / 3, true) - 1) for any number of sets, with or
// without the pair (docs/mahjong-bots.md "Shanten"; hand_eval.py sets_distance).
int sets_distance(const Counts& c, int sets, bool pair);

// The same distance from the four groups' cost vectors (suits 0..2, honours;
// packed 4 bits per entry m * 2 + p: the fewest tiles to add to the group so
// that it holds m sets and p pairs), for callers that evaluate many nearby hands
// (the bots): look a hand's groups up once, swap one group for another, and
// combine. groups_distance(hand_groups(c), s, p) == sets_distance(c, s, p).
struct HandGroups {
  std::uint64_t g[4];
};
// `regular`: the groups of sets_distance. `jiang`, when not null: the same sets,
// but the pair entries (p = 1) are "a pair of 2, 5 or 8 of this suit, or no pair
// at all for 2 more tiles" (honours: only the latter), so that
// groups_distance(jiang, s, true) == min(sets_distance(c, s, false) + 2, min over the
// 2/5/8 kinds j of sets_distance(c - j, s, false) + 1 and sets_distance(c - 2j, s, false)).
void hand_groups(const Counts& c, HandGroups& regular, HandGroups* jiang = nullptr) noexcept;
// The vector of an empty suit (i < 3) or empty honour group (i == 3).
std::uint64_t empty_group(int i) noexcept;
// One group's vector (hand_groups' g[i] of `regular`, or of `jiang` when
// `jiang`) from that group's counts alone: `tiles` points at its 9 kinds (a
// suit, i < 3) or 7 (honours, i == 3). For callers that change one group of a
// hand and keep the other three (the bots' discards).
std::uint64_t group_vector(const std::uint8_t* tiles, int i, bool jiang = false) noexcept;
int groups_distance(const HandGroups& g, int sets, bool pair) noexcept;
// The same in two halves (min-plus is associative): combine_groups(g[0], g[1])
// and combine_groups(g[2], g[3]) are packed like a group's vector, and
// halves_distance(ab, dh, s, p) == groups_distance(g, s, p), so that a caller
// changing one group keeps the other half.
std::uint64_t combine_groups(std::uint64_t a, std::uint64_t b) noexcept;
int halves_distance(std::uint64_t ab, std::uint64_t dh, int sets, bool pair) noexcept;
// rest[i] = the combination of every group of `g` but i, so that
// halves_distance(v, rest[i], s, p) is the distance of the hand with group i's
// vector replaced by v: a hand one tile away in group i costs one group look-up.
void groups_but_one(const HandGroups& g, std::uint64_t rest[4]) noexcept;
// The minimum over the forms that apply (regular only when sets are exposed).
int shanten(const Counts& c, Form form = Form::kBest);

// A complete hand (3k+2 tiles): regular shape, seven pairs (a four of a kind
// counts as two pairs) or thirteen orphans.
bool is_regular_win(const Counts& c);
bool is_seven_pairs(const Counts& c);
bool is_thirteen_orphans(const Counts& c);
bool is_win(const Counts& c);

// One reading of a regular complete hand: the pair and the concealed sets.
struct Block {
  std::uint8_t chow;  // 1 chow (tile, tile+1, tile+2), 0 pung
  std::uint8_t tile;  // lowest tile
  bool operator==(const Block& o) const { return chow == o.chow && tile == o.tile; }
};
struct Decomposition {
  std::uint8_t pair = 0;
  std::vector<Block> sets;  // by lowest tile; at one tile, pungs before chows
};
// Every regular reading of a complete hand (empty if none), in a fixed order.
std::vector<Decomposition> regular_decompositions(const Counts& c);

// Kinds (bit i = kind i) whose addition completes the 3k+1 hand `c`; kinds the
// hand already holds four of are never waits.
std::uint64_t waits(const Counts& c);

// Batch forms: `rows` count rows of 34 bytes each, one result per row.
// threads <= 0: std::thread::hardware_concurrency(). A row that is not a hand
// (a count above 4, a size other than 3k+1 / 3k+2 <= 14) gives kInvalidRow / false.
constexpr std::int8_t kInvalidRow = -128;
void shanten_batch(const std::uint8_t* rows, std::size_t n, std::int8_t* out, Form form,
                   int threads = 0);
void is_win_batch(const std::uint8_t* rows, std::size_t n, std::uint8_t* out, int threads = 0);

// Fills the per-suit tables now (otherwise filled on first use, entry by entry).
void warm_tables();

}  // namespace yijing::mahjong
