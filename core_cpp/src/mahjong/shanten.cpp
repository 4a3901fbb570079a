// Shanten, win detection and waits (core_cpp/include/yijing/mahjong/hand.hpp).
//
// Regular shape: each of the four groups (three suits, honours) gets a cost
// vector cost[m][p] = the fewest tiles to add to the group's tiles so that they
// contain m sets and p pairs (p = 0 or 1). The hand's distance is then the
// min-plus combination of the four vectors at (sets needed, 1 pair), and
// shanten = distance - 1. A group's vector is the minimum over its
// decompositions into sets, two-tile partial sets (pair, 12, 13) and single
// tiles: completing a set costs 0 / 1 / 2 / 3 from a set / partial / single /
// nothing, and the pair 0 / 1 / 2 from a pair / single / nothing. It is
// computed from the vectors of smaller patterns (compute_pattern: one choice per
// use of the lowest tile), so that filling a table entry costs a few lookups, not
// a search over decompositions. The vectors are cached per group pattern
// (dense rank / base-5 index) in lock-free tables.
#include <algorithm>
#include <array>
#include <atomic>
#include <initializer_list>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "yijing/mahjong/hand.hpp"

namespace yijing::mahjong {
namespace {

// Suit patterns of at most 14 tiles (a hand never has more) are ranked densely:
// 405,350 of them, 3.2 MB of packed cost vectors instead of 15.6 MB for all 5^9.
constexpr int kSuitRanks = 405350;
constexpr int kMaxGroupTiles = 14;
constexpr int kHonourPatterns = 78125;   // 5^7
constexpr std::uint64_t kComputed = 1ULL << 63;
constexpr int kInf = 60;

struct Tables {
  std::unique_ptr<std::atomic<std::uint64_t>[]> suit{new std::atomic<std::uint64_t>[kSuitRanks]};
  // The suit vectors with "a 2/5/8 pair of this suit, or none for 2 more" as the
  // pair entries (hand_groups' `jiang`), by the same rank.
  std::unique_ptr<std::atomic<std::uint64_t>[]> suit258{
      new std::atomic<std::uint64_t>[kSuitRanks]};
  std::unique_ptr<std::atomic<std::uint64_t>[]> honour{
      new std::atomic<std::uint64_t>[kHonourPatterns]};
  // rank(c) = sum over i of offset[i][tiles before i][c[i]].
  std::uint32_t offset[9][kMaxGroupTiles + 1][5] = {};
  // The same sum in two look-ups (suit_rank, hot path): its terms for kinds
  // 0..4 by their base-5 number, and for kinds 5..8 by the tiles before them
  // and their base-5 number; the tiles each part holds in the top byte
  // (ranks are below 2^24).
  std::uint32_t rank_lo[3125] = {};
  std::uint32_t rank_hi[kMaxGroupTiles + 1][625] = {};
  Tables() {
    for (int i = 0; i < kSuitRanks; ++i) suit[i].store(0, std::memory_order_relaxed);
    for (int i = 0; i < kSuitRanks; ++i) suit258[i].store(0, std::memory_order_relaxed);
    for (int i = 0; i < kHonourPatterns; ++i) honour[i].store(0, std::memory_order_relaxed);
    // completions[j][s]: patterns of positions j..8 holding at most 14 - s tiles.
    std::uint32_t completions[10][kMaxGroupTiles + 1];
    for (int s = 0; s <= kMaxGroupTiles; ++s) completions[9][s] = 1;
    for (int j = 8; j >= 0; --j)
      for (int s = 0; s <= kMaxGroupTiles; ++s) {
        std::uint32_t n = 0;
        for (int v = 0; v <= 4 && s + v <= kMaxGroupTiles; ++v) n += completions[j + 1][s + v];
        completions[j][s] = n;
      }
    for (int i = 0; i < 9; ++i)
      for (int s = 0; s <= kMaxGroupTiles; ++s) {
        std::uint32_t acc = 0;
        for (int v = 0; v < 5; ++v) {
          offset[i][s][v] = acc;
          if (s + v <= kMaxGroupTiles) acc += completions[i + 1][s + v];
        }
      }
    // A part holding more than 14 tiles belongs to no suit of a hand: left 0.
    for (int x = 0; x < 3125; ++x) {
      std::uint32_t r = 0;
      int s = 0, y = x;
      for (int i = 0; i < 5; ++i, y /= 5) {
        const int v = y % 5;
        if (s + v > kMaxGroupTiles) break;
        r += offset[i][s][v];
        s += v;
      }
      if (y == 0 && s <= kMaxGroupTiles) rank_lo[x] = r | static_cast<std::uint32_t>(s) << 24;
    }
    for (int s0 = 0; s0 <= kMaxGroupTiles; ++s0)
      for (int x = 0; x < 625; ++x) {
        std::uint32_t r = 0;
        int s = s0, y = x;
        for (int i = 5; i < 9; ++i, y /= 5) {
          const int v = y % 5;
          if (s + v > kMaxGroupTiles) break;
          r += offset[i][s][v];
          s += v;
        }
        if (y == 0 && s <= kMaxGroupTiles)
          rank_hi[s0][x] = r | static_cast<std::uint32_t>(s - s0) << 24;
      }
  }
};

Tables& tables() {
  static Tables t;
  return t;
}

// A suit's rank (at most 14 tiles, as every suit of a hand): two look-ups
// (Tables::rank_lo, rank_hi) instead of nine dependent ones.
inline std::uint32_t suit_rank(const Tables& t, const std::uint8_t* c, int& tiles) {
  const std::uint32_t lo = t.rank_lo[c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * c[4])))];
  const std::uint32_t s = lo >> 24;
  const std::uint32_t hi = t.rank_hi[s][c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8]))];
  tiles = static_cast<int>(s + (hi >> 24));
  return (lo & 0xFFFFFF) + (hi & 0xFFFFFF);
}

inline std::uint32_t honour_index(const std::uint8_t* c, int& tiles) {
  std::uint32_t idx = 0;
  int s = 0;
  for (int i = 6; i >= 0; --i) {
    idx = idx * 5 + c[i];
    s += c[i];
  }
  tiles = s;
  return idx;
}

inline std::uint64_t group_cost(std::atomic<std::uint64_t>* table, std::uint32_t index,
                                const std::uint8_t* c, int len, bool honours);

// The cached vector of any group pattern (a suit when len == 9, honours when 7).
inline std::uint64_t lookup(const std::uint8_t* c, int len, bool honours) {
  Tables& t = tables();
  int tiles;
  return honours ? group_cost(t.honour.get(), honour_index(c, tiles), c, len, true)
                 : group_cost(t.suit.get(), suit_rank(t, c, tiles), c, len, false);
}

// The cost vector of group `c` from those of smaller groups: the lowest tile
// held is either left unused, a set's single (2 to complete) or the pair's (1),
// or the lowest tile of a block: pung (0), chow (0), two of a kind as a set's
// partial (1) or as the pair (0), "12" or "13" (1). The empty group needs 3 per
// set and 2 for the pair. The minimum over these choices is the minimum over all
// the group's decompositions (one leaf per decomposition into sets, partial sets
// and singles), which core_cpp/tests/test_mahjong_shanten_tables.cpp searches
// directly and compares.
std::uint64_t compute_pattern(const std::uint8_t* c0, int len, bool honours) {
  int best[10];
  int i = 0;
  while (i < len && c0[i] == 0) ++i;
  if (i == len) {
    for (int m = 0; m <= 4; ++m)
      for (int p = 0; p <= 1; ++p) best[2 * m + p] = 3 * m + 2 * p;
  } else {
    for (auto& x : best) x = kInf;
    std::uint8_t c[9] = {};
    for (int k = 0; k < len; ++k) c[k] = c0[k];
    // best[m][p] <= sub[m - sets][p - pair] + cost for each (sets, pair, cost) use.
    auto relax = [&](std::initializer_list<std::array<int, 3>> uses) {
      const std::uint64_t v = lookup(c, len, honours);
      for (const auto& u : uses)
        for (int m = u[0]; m <= 4; ++m)
          for (int p = u[1]; p <= 1; ++p) {
            const int sub = static_cast<int>((v >> (4 * (2 * (m - u[0]) + (p - u[1])))) & 15);
            best[2 * m + p] = std::min(best[2 * m + p], sub + u[2]);
          }
    };
    --c[i];
    relax({{0, 0, 0}, {1, 0, 2}, {0, 1, 1}});  // unused, a set's single, the pair's single
    ++c[i];
    if (c[i] >= 2) {
      c[i] = static_cast<std::uint8_t>(c[i] - 2);
      relax({{1, 0, 1}, {0, 1, 0}});  // a set's partial, the pair
      c[i] = static_cast<std::uint8_t>(c[i] + 2);
    }
    if (c[i] >= 3) {
      c[i] = static_cast<std::uint8_t>(c[i] - 3);
      relax({{1, 0, 0}});  // pung
      c[i] = static_cast<std::uint8_t>(c[i] + 3);
    }
    if (!honours) {
      if (i + 1 < len && c[i + 1]) {
        --c[i], --c[i + 1];
        relax({{1, 0, 1}});  // "12"
        ++c[i], ++c[i + 1];
      }
      if (i + 2 < len && c[i + 2]) {
        --c[i], --c[i + 2];
        relax({{1, 0, 1}});  // "13"
        if (c[i + 1]) {
          --c[i + 1];
          relax({{1, 0, 0}});  // chow
          ++c[i + 1];
        }
        ++c[i], ++c[i + 2];
      }
    }
  }
  std::uint64_t packed = kComputed;
  for (int k = 0; k < 10; ++k) packed |= static_cast<std::uint64_t>(best[k]) << (4 * k);
  return packed;
}

// The cached cost vector of group `c` (entry `index` of `table`), computed on first use.
inline std::uint64_t group_cost(std::atomic<std::uint64_t>* table, std::uint32_t index,
                                const std::uint8_t* c, int len, bool honours) {
  std::uint64_t v = table[index].load(std::memory_order_relaxed);
  if (v == 0) {
    // Benign race: two threads compute and store the same value.
    v = compute_pattern(c, len, honours);
    table[index].store(v, std::memory_order_relaxed);
  }
  return v;
}

// Where the four groups' cost vectors are, and the hand's size.
struct GroupRanks {
  std::uint32_t suit[3];
  std::uint32_t honours;
  int tiles;
};

inline GroupRanks group_ranks(const Tables& t, const Counts& c) {
  GroupRanks g;
  int n0, n1, n2, nh;
  g.suit[0] = suit_rank(t, &c[0], n0);
  g.suit[1] = suit_rank(t, &c[9], n1);
  g.suit[2] = suit_rank(t, &c[18], n2);
  g.honours = honour_index(&c[27], nh);
  g.tiles = n0 + n1 + n2 + nh;
  return g;
}

inline void unpack(std::uint64_t v, int* out) {
  for (int i = 0; i < 10; ++i) out[i] = static_cast<int>((v >> (4 * i)) & 15);
}

// Min-plus combination of two cost vectors, up to `Need` sets.
template <int Need>
inline void combine(const int* a, const int* b, int* out) {
  for (int m = 0; m <= Need; ++m) {
    int best0 = kInf, best1 = kInf;
    for (int i = 0; i <= m; ++i) {
      const int j = m - i;
      const int* x = a + 2 * i;
      const int* y = b + 2 * j;
      best0 = std::min(best0, x[0] + y[0]);
      best1 = std::min(best1, std::min(x[0] + y[1], x[1] + y[0]));
    }
    out[2 * m] = best0;
    out[2 * m + 1] = best1;
  }
}

inline int total_tiles(const Counts& c) {
  int n = 0;
  for (auto x : c) n += x;
  return n;
}

// --- the bots' group vectors (hand.hpp hand_groups) ---------------------------

constexpr std::uint64_t kEvenNibbles = 0x0F0F0F0F0FULL;  // the p = 0 entries of m = 0..4
constexpr std::uint64_t kTwos = 0x0202020202ULL;

// The jiang vector of suit pattern `c` (rank `r`): p = 0 entries as the regular
// vector; p = 1 entries min(no pair + 2, a 2/5/8 single + 1, a 2/5/8 pair + 0),
// each "+ the pattern without it, no pair" (hand.hpp). Costs stay <= 14.
std::uint64_t compute_258(Tables& t, const std::uint8_t* c, std::uint32_t r) {
  const std::uint64_t base = group_cost(t.suit.get(), r, c, 9, false);
  int j[5];
  for (int m = 0; m <= 4; ++m) j[m] = static_cast<int>((base >> (8 * m)) & 15) + 2;
  std::uint8_t x[9];
  for (int i = 0; i < 9; ++i) x[i] = c[i];
  int tiles = 0;
  for (int pos = 1; pos < 9; pos += 3) {
    for (int k = 1; k <= 2 && k <= c[pos]; ++k) {
      x[pos] = static_cast<std::uint8_t>(c[pos] - k);
      const std::uint64_t v = group_cost(t.suit.get(), suit_rank(t, x, tiles), x, 9, false);
      for (int m = 0; m <= 4; ++m)
        j[m] = std::min(j[m], static_cast<int>((v >> (8 * m)) & 15) + (2 - k));
    }
    x[pos] = c[pos];
  }
  std::uint64_t packed = kComputed | (base & kEvenNibbles);
  for (int m = 0; m <= 4; ++m) packed |= static_cast<std::uint64_t>(j[m]) << (8 * m + 4);
  return packed;
}

inline std::uint64_t jiang_cost(Tables& t, std::uint32_t r, const std::uint8_t* c) {
  std::uint64_t v = t.suit258[r].load(std::memory_order_relaxed);
  if (v == 0) {
    v = compute_258(t, c, r);  // benign race, as group_cost
    t.suit258[r].store(v, std::memory_order_relaxed);
  }
  return v;
}

#if defined(__SSE2__)
// combine_packed's ten entries as the bytes (lane 2m + p) of an SSE2 register:
// per entry of `a`, one shifted copy of `b`, a saturating add and a byte min
// (the scalar form below is the same min-plus). A lane >= kLaneInf stands for
// "no such split": real sums stay <= 28, and OR-ing kLaneInf into a lane
// keeps it >= kLaneInf.
constexpr std::uint8_t kLaneInf = 0x40;
alignas(16) constexpr std::uint8_t kLowInf[32] = {
    kLaneInf, kLaneInf, kLaneInf, kLaneInf, kLaneInf, kLaneInf, kLaneInf, kLaneInf,
    kLaneInf, kLaneInf, kLaneInf, kLaneInf, kLaneInf, kLaneInf, kLaneInf, kLaneInf};

// kLaneInf in lanes 0 .. k-1.
inline __m128i low_inf(int k) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(kLowInf + 16 - k));
}

inline __m128i nibbles_to_lanes(std::uint64_t v) noexcept {
  std::uint64_t t = v & 0xFFFFFFFFULL;  // entries 0..7 to bytes 0..7
  t = (t | (t << 16)) & 0x0000FFFF0000FFFFULL;
  t = (t | (t << 8)) & 0x00FF00FF00FF00FFULL;
  t = (t | (t << 4)) & 0x0F0F0F0F0F0F0F0FULL;
  const std::uint64_t hi = ((v >> 32) & 15) | (((v >> 36) & 15) << 8) | 0x4040404040400000ULL;
  return _mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(t));
}

// Lanes 0..9 (each <= 15) back to nibbles.
inline std::uint64_t lanes_to_nibbles(__m128i x) noexcept {
  std::uint64_t t = static_cast<std::uint64_t>(_mm_cvtsi128_si64(x));
  const std::uint64_t hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_srli_si128(x, 8)));
  t = (t | (t >> 4)) & 0x00FF00FF00FF00FFULL;
  t = (t | (t >> 8)) & 0x0000FFFF0000FFFFULL;
  t = (t | (t >> 16)) & 0x00000000FFFFFFFFULL;
  return t | ((hi & 15) << 32) | (((hi >> 8) & 15) << 36);
}

// Entry (I, 0) of `a` plus every entry (j, p) of b, into lane 2(I + j) + p;
// entry (I, 1) plus the entries (j, 0), into lane 2(I + j) + 1.
template <int I>
inline __m128i combine_step(__m128i out, std::uint64_t a, __m128i b) noexcept {
  const __m128i even = _mm_set1_epi16(static_cast<short>(kLaneInf));  // the p = 0 lanes
  const __m128i s0 = _mm_or_si128(_mm_slli_si128(b, 2 * I), low_inf(2 * I));
  const __m128i s1 = _mm_or_si128(_mm_slli_si128(b, 2 * I + 1), _mm_or_si128(low_inf(2 * I + 1), even));
  // Each entry of `a` in every byte: one multiply, then both halves of the
  // register (baseline x86-64 has no byte broadcast; _mm_set1_epi8 is longer).
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  const __m128i a0 = _mm_set1_epi64x(static_cast<long long>(((a >> (8 * I)) & 15) * kOnes));
  const __m128i a1 = _mm_set1_epi64x(static_cast<long long>(((a >> (8 * I + 4)) & 15) * kOnes));
  out = _mm_min_epu8(out, _mm_adds_epu8(s0, a0));
  return _mm_min_epu8(out, _mm_adds_epu8(s1, a1));
}

inline std::uint64_t combine_packed(std::uint64_t a, std::uint64_t b) noexcept {
  const __m128i y = nibbles_to_lanes(b);
  __m128i out = _mm_set1_epi8(static_cast<char>(kLaneInf));
  out = combine_step<0>(out, a, y);
  out = combine_step<1>(out, a, y);
  out = combine_step<2>(out, a, y);
  out = combine_step<3>(out, a, y);
  out = combine_step<4>(out, a, y);
  return lanes_to_nibbles(out);
}
#else
// The min-plus vector of two groups (every entry m <= 4; values stay <= 14,
// since b's entry (0 sets, no pair) is 0).
inline std::uint64_t combine_packed(std::uint64_t a, std::uint64_t b) noexcept {
  int x[10], y[10], out[10];
  unpack(a, x);
  unpack(b, y);
  combine<4>(x, y, out);
  std::uint64_t packed = 0;
  for (int i = 0; i < 10; ++i) packed |= static_cast<std::uint64_t>(out[i]) << (4 * i);
  return packed;
}
#endif

// The distance from the two halves' vectors: only the entries summing to Need.
template <int Need>
int halves_distance_n(std::uint64_t ab, std::uint64_t dh, bool pair) noexcept {
  int best = kInf;
  for (int i = 0; i <= Need; ++i) {
    const int j = Need - i;
    const int a0 = static_cast<int>((ab >> (8 * i)) & 15), a1 = static_cast<int>((ab >> (8 * i + 4)) & 15);
    const int d0 = static_cast<int>((dh >> (8 * j)) & 15), d1 = static_cast<int>((dh >> (8 * j + 4)) & 15);
    best = std::min(best, pair ? std::min(a0 + d1, a1 + d0) : a0 + d0);
  }
  return best;
}

// The regular distance (shanten + 1) for tiles / 3 sets and one pair; sets the
// hand size. The four groups' vectors combined packed (combine_packed: SSE2
// lanes), the halves meeting at the sets needed: the same min-plus as an
// unpacked combination, in fewer instructions (the engine asks for it per turn).
int regular_distance(const Counts& c, int& tiles) {
  Tables& t = tables();
  const GroupRanks g = group_ranks(t, c);
  tiles = g.tiles;
  const std::uint64_t ab = combine_packed(group_cost(t.suit.get(), g.suit[0], &c[0], 9, false),
                                          group_cost(t.suit.get(), g.suit[1], &c[9], 9, false));
  const std::uint64_t dh = combine_packed(group_cost(t.suit.get(), g.suit[2], &c[18], 9, false),
                                          group_cost(t.honour.get(), g.honours, &c[27], 7, true));
  switch (g.tiles / 3) {
    case 4: return halves_distance_n<4>(ab, dh, true);
    case 3: return halves_distance_n<3>(ab, dh, true);
    case 2: return halves_distance_n<2>(ab, dh, true);
    case 1: return halves_distance_n<1>(ab, dh, true);
    default: return halves_distance_n<0>(ab, dh, true);
  }
}

constexpr std::array<int, 13> kOrphans = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

template <class F>
void parallel_for(std::size_t n, int threads, F&& body) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (n < 4096 || threads == 1) {
    body(std::size_t{0}, n);
    return;
  }
  const std::size_t t = std::min<std::size_t>(static_cast<std::size_t>(threads), n / 1024);
  std::vector<std::thread> pool;
  const std::size_t chunk = (n + t - 1) / t;
  for (std::size_t k = 1; k < t; ++k) {
    const std::size_t lo = k * chunk, hi = std::min(n, lo + chunk);
    if (lo < hi) pool.emplace_back([&body, lo, hi] { body(lo, hi); });
  }
  body(std::size_t{0}, std::min(n, chunk));
  for (auto& th : pool) th.join();
}

}  // namespace

int sets_distance(const Counts& c, int sets, bool pair) {
  if (sets < 0 || sets > 4) return kInf;
  Tables& t = tables();
  const GroupRanks g = group_ranks(t, c);
  int a[10], b[10], x[10];
  auto step = [sets](const int* p, const int* q, int* out) {
    for (int m = 0; m <= 4; ++m) {
      int best0 = kInf, best1 = kInf;
      if (m <= sets)
        for (int i = 0; i <= m; ++i) {
          const int j = m - i;
          best0 = std::min(best0, p[2 * i] + q[2 * j]);
          best1 = std::min(best1, std::min(p[2 * i] + q[2 * j + 1], p[2 * i + 1] + q[2 * j]));
        }
      out[2 * m] = best0;
      out[2 * m + 1] = best1;
    }
  };
  unpack(group_cost(t.suit.get(), g.suit[0], &c[0], 9, false), a);
  unpack(group_cost(t.suit.get(), g.suit[1], &c[9], 9, false), b);
  step(a, b, x);
  unpack(group_cost(t.suit.get(), g.suit[2], &c[18], 9, false), b);
  step(x, b, a);
  unpack(group_cost(t.honour.get(), g.honours, &c[27], 7, true), b);
  step(a, b, x);
  return x[2 * sets + (pair ? 1 : 0)];
}

void hand_groups(const Counts& c, HandGroups& regular, HandGroups* jiang) noexcept {
  Tables& t = tables();
  const GroupRanks r = group_ranks(t, c);
  for (int s = 0; s < 3; ++s)
    regular.g[s] = group_cost(t.suit.get(), r.suit[s], &c[static_cast<std::size_t>(9 * s)], 9, false);
  regular.g[3] = group_cost(t.honour.get(), r.honours, &c[27], 7, true);
  if (jiang == nullptr) return;
  for (int s = 0; s < 3; ++s)
    jiang->g[s] = jiang_cost(t, r.suit[s], &c[static_cast<std::size_t>(9 * s)]);
  // Honours hold no 2/5/8: their pair entries are "no pair, 2 more tiles".
  const std::uint64_t h = regular.g[3] & kEvenNibbles;
  jiang->g[3] = h | ((h + kTwos) << 4);
}

std::uint64_t empty_group(int i) noexcept {
  static const std::uint64_t suit = [] {
    const std::uint8_t z[9] = {};
    int tiles;
    return group_cost(tables().suit.get(), suit_rank(tables(), z, tiles), z, 9, false);
  }();
  static const std::uint64_t honour = [] {
    const std::uint8_t z[9] = {};
    return group_cost(tables().honour.get(), 0, z, 7, true);
  }();
  return i < 3 ? suit : honour;
}

std::uint64_t group_vector(const std::uint8_t* tiles, int i, bool jiang) noexcept {
  Tables& t = tables();
  int n;
  if (i < 3) {
    const std::uint32_t r = suit_rank(t, tiles, n);
    return jiang ? jiang_cost(t, r, tiles) : group_cost(t.suit.get(), r, tiles, 9, false);
  }
  const std::uint64_t v = group_cost(t.honour.get(), honour_index(tiles, n), tiles, 7, true);
  if (!jiang) return v;
  const std::uint64_t h = v & kEvenNibbles;  // as hand_groups' jiang g[3]
  return h | ((h + kTwos) << 4);
}

std::uint64_t combine_groups(std::uint64_t a, std::uint64_t b) noexcept { return combine_packed(a, b); }

int halves_distance(std::uint64_t ab, std::uint64_t dh, int sets, bool pair) noexcept {
  switch (sets) {
    case 0: return halves_distance_n<0>(ab, dh, pair);
    case 1: return halves_distance_n<1>(ab, dh, pair);
    case 2: return halves_distance_n<2>(ab, dh, pair);
    case 3: return halves_distance_n<3>(ab, dh, pair);
    case 4: return halves_distance_n<4>(ab, dh, pair);
    default: return kInf;
  }
}

void groups_but_one(const HandGroups& g, std::uint64_t rest[4]) noexcept {
  const std::uint64_t g01 = combine_packed(g.g[0], g.g[1]);
  const std::uint64_t g23 = combine_packed(g.g[2], g.g[3]);
  rest[0] = combine_packed(g.g[1], g23);
  rest[1] = combine_packed(g.g[0], g23);
  rest[2] = combine_packed(g01, g.g[3]);
  rest[3] = combine_packed(g01, g.g[2]);
}

int groups_distance(const HandGroups& g, int sets, bool pair) noexcept {
  if (sets < 0 || sets > 4) return kInf;
  return halves_distance(combine_packed(g.g[0], g.g[1]), combine_packed(g.g[2], g.g[3]), sets, pair);
}

int regular_shanten(const Counts& c) {
  int tiles;
  return regular_distance(c, tiles) - 1;
}

namespace {

int seven_pairs_of(const Counts& c) {
  int pairs = 0;
  for (auto x : c) pairs += x >> 1;
  return 6 - std::min(pairs, 7);
}

int thirteen_orphans_of(const Counts& c) {
  int kinds = 0;
  bool pair = false;
  for (int k : kOrphans) {
    kinds += c[static_cast<std::size_t>(k)] > 0;
    pair = pair || c[static_cast<std::size_t>(k)] >= 2;
  }
  return 13 - kinds - (pair ? 1 : 0);
}

}  // namespace

int seven_pairs_shanten(const Counts& c) {
  const int n = total_tiles(c);
  return n == 13 || n == 14 ? seven_pairs_of(c) : kNoShanten;
}

int thirteen_orphans_shanten(const Counts& c) {
  const int n = total_tiles(c);
  return n == 13 || n == 14 ? thirteen_orphans_of(c) : kNoShanten;
}

int shanten(const Counts& c, Form form) {
  switch (form) {
    case Form::kRegular:
      return regular_shanten(c);
    case Form::kSevenPairs:
      return seven_pairs_shanten(c);
    case Form::kThirteenOrphans:
      return thirteen_orphans_shanten(c);
    case Form::kBest:
    default:
      break;
  }
  int tiles;
  int s = regular_distance(c, tiles) - 1;
  if (tiles >= 13 && s >= 0) s = std::min(s, std::min(seven_pairs_of(c), thirteen_orphans_of(c)));
  return s;
}

bool is_regular_win(const Counts& c) {
  int tiles;
  const int d = regular_distance(c, tiles);
  return tiles % 3 == 2 && d == 0;
}

bool is_seven_pairs(const Counts& c) {
  if (total_tiles(c) != 14) return false;
  for (auto x : c)
    if (x & 1) return false;
  return true;
}

bool is_thirteen_orphans(const Counts& c) {
  return total_tiles(c) == 14 && thirteen_orphans_shanten(c) == -1;
}

bool is_win(const Counts& c) {
  return is_regular_win(c) || is_seven_pairs(c) || is_thirteen_orphans(c);
}

std::uint64_t waits(const Counts& c) {
  if (total_tiles(c) % 3 != 1) return 0;
  Counts h = c;
  std::uint64_t mask = 0;
  for (int k = 0; k < kKinds; ++k) {
    if (h[k] >= 4) continue;
    ++h[k];
    if (is_win(h)) mask |= 1ULL << k;
    --h[k];
  }
  return mask;
}

namespace {

// Counts 0..4 and 3k+1 / 3k+2 tiles (k <= 4): the input every function assumes.
inline bool valid_row(const std::uint8_t* row) {
  int total = 0;
  bool over = false;
  for (int k = 0; k < kKinds; ++k) {
    total += row[k];
    over = over || row[k] > 4;
  }
  return !over && total <= 14 && total % 3 != 0;
}

}  // namespace

void shanten_batch(const std::uint8_t* rows, std::size_t n, std::int8_t* out, Form form,
                   int threads) {
  parallel_for(n, threads, [&](std::size_t lo, std::size_t hi) {
    Counts c;
    for (std::size_t i = lo; i < hi; ++i) {
      const std::uint8_t* row = rows + i * kKinds;
      if (!valid_row(row)) {
        out[i] = kInvalidRow;
        continue;
      }
      std::copy(row, row + kKinds, c.begin());
      out[i] = static_cast<std::int8_t>(shanten(c, form));
    }
  });
}

void is_win_batch(const std::uint8_t* rows, std::size_t n, std::uint8_t* out, int threads) {
  parallel_for(n, threads, [&](std::size_t lo, std::size_t hi) {
    Counts c;
    for (std::size_t i = lo; i < hi; ++i) {
      const std::uint8_t* row = rows + i * kKinds;
      if (!valid_row(row)) {
        out[i] = 0;
        continue;
      }
      std::copy(row, row + kKinds, c.begin());
      out[i] = is_win(c) ? 1 : 0;
    }
  });
}

void warm_tables() {
  static std::once_flag once;
  std::call_once(once, [] {
    Tables& t = tables();
    std::uint8_t c[9] = {};
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(kHonourPatterns); ++i) {
      std::uint32_t x = i;
      for (int k = 0; k < 7; ++k, x /= 5) c[k] = static_cast<std::uint8_t>(x % 5);
      group_cost(t.honour.get(), i, c, 7, true);
    }
    // Every suit pattern of at most 14 tiles, by odometer.
    for (std::uint32_t i = 0; i < 1953125u; ++i) {
      std::uint32_t x = i;
      int sum = 0;
      for (int k = 0; k < 9; ++k, x /= 5) {
        c[k] = static_cast<std::uint8_t>(x % 5);
        sum += c[k];
      }
      int tiles;
      if (sum <= kMaxGroupTiles) {
        const std::uint32_t r = suit_rank(t, c, tiles);
        group_cost(t.suit.get(), r, c, 9, false);
        jiang_cost(t, r, c);
      }
    }
  });
}

}  // namespace yijing::mahjong
