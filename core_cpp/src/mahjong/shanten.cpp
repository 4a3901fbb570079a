// Shanten, win detection and waits (core_cpp/include/yijing/mahjong/hand.hpp).
//
// Regular shape: each of the four groups (three suits, honours) gets a cost
// vector cost[m][p] = the fewest tiles to add to the group's tiles so that they
// contain m sets and p pairs (p = 0 or 1). The hand's distance is then the
// min-plus combination of the four vectors at (sets needed, 1 pair), and
// shanten = distance - 1. A group's vector comes from enumerating its
// decompositions into sets, two-tile partial sets (pair, 12, 13) and single
// tiles: completing a set costs 0 / 1 / 2 / 3 from a set / partial / single /
// nothing, and the pair 0 / 1 / 2 from a pair / single / nothing. The vectors
// are cached per group pattern (base-5 index) in lock-free tables.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

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

// cost index: m * 2 + p, 4 bits each (costs are at most 14).
struct Cost {
  std::uint8_t v[10];
};

inline int meld_cost(int m, int melds, int partials, int singles) {
  int rest = m;
  const int a = std::min(rest, melds);
  rest -= a;
  const int b = std::min(rest, partials);
  rest -= b;
  const int d = std::min(rest, singles);
  rest -= d;
  return b + 2 * d + 3 * rest;
}

class GroupSearch {
 public:
  GroupSearch(const int* counts, int len, bool honours) : len_(len), honours_(honours) {
    for (int i = 0; i < len; ++i) c_[i] = counts[i];
    for (auto& x : best_) x = kInf;
  }

  std::uint64_t run() {
    dfs(0, 0, 0, 0, 0, 0);
    std::uint64_t packed = kComputed;
    for (int i = 0; i < 10; ++i) packed |= static_cast<std::uint64_t>(best_[i]) << (4 * i);
    return packed;
  }

 private:
  void leaf(int melds, int partials, int pairs, int singles) {
    for (int m = 0; m <= 4; ++m) {
      const int c0 = meld_cost(m, melds, partials, singles);
      int c1 = 2 + c0;
      if (pairs > 0) c1 = std::min(c1, meld_cost(m, melds, partials - 1, singles));
      if (singles > 0) c1 = std::min(c1, 1 + meld_cost(m, melds, partials, singles - 1));
      best_[2 * m] = static_cast<std::uint8_t>(std::min<int>(best_[2 * m], c0));
      best_[2 * m + 1] = static_cast<std::uint8_t>(std::min<int>(best_[2 * m + 1], c1));
    }
  }

  // Options at one position, in order: 0 pung, 1 chow, 2 pair, 3 "12", 4 "13", 5 single.
  // Non-decreasing option order at a position enumerates each multiset once.
  void dfs(int pos, int minopt, int melds, int partials, int pairs, int singles) {
    while (pos < len_ && c_[pos] == 0) {
      ++pos;
      minopt = 0;
    }
    if (pos == len_) {
      leaf(melds, partials, pairs, singles);
      return;
    }
    int* c = c_;
    const bool seq = !honours_;
    if (minopt <= 0 && c[pos] >= 3) {
      c[pos] -= 3;
      dfs(pos, 0, melds + 1, partials, pairs, singles);
      c[pos] += 3;
    }
    if (minopt <= 1 && seq && pos + 2 < len_ && c[pos + 1] && c[pos + 2]) {
      --c[pos], --c[pos + 1], --c[pos + 2];
      dfs(pos, 1, melds + 1, partials, pairs, singles);
      ++c[pos], ++c[pos + 1], ++c[pos + 2];
    }
    if (minopt <= 2 && c[pos] >= 2) {
      c[pos] -= 2;
      dfs(pos, 2, melds, partials + 1, pairs + 1, singles);
      c[pos] += 2;
    }
    if (minopt <= 3 && seq && pos + 1 < len_ && c[pos + 1]) {
      --c[pos], --c[pos + 1];
      dfs(pos, 3, melds, partials + 1, pairs, singles);
      ++c[pos], ++c[pos + 1];
    }
    if (minopt <= 4 && seq && pos + 2 < len_ && c[pos + 2]) {
      --c[pos], --c[pos + 2];
      dfs(pos, 4, melds, partials + 1, pairs, singles);
      ++c[pos], ++c[pos + 2];
    }
    // The rest of this position as singles (equivalent to option 5 repeated).
    const int k = c[pos];
    c[pos] = 0;
    dfs(pos + 1, 0, melds, partials, pairs, singles + k);
    c[pos] = k;
  }

  int c_[9] = {};
  int len_;
  bool honours_;
  std::uint8_t best_[10];
};

struct Tables {
  std::unique_ptr<std::atomic<std::uint64_t>[]> suit{new std::atomic<std::uint64_t>[kSuitRanks]};
  std::unique_ptr<std::atomic<std::uint64_t>[]> honour{
      new std::atomic<std::uint64_t>[kHonourPatterns]};
  // rank(c) = sum over i of offset[i][tiles before i][c[i]].
  std::uint32_t offset[9][kMaxGroupTiles + 1][5] = {};
  Tables() {
    for (int i = 0; i < kSuitRanks; ++i) suit[i].store(0, std::memory_order_relaxed);
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
  }
};

Tables& tables() {
  static Tables t;
  return t;
}

std::uint64_t compute_pattern(const std::uint8_t* c, int len, bool honours) {
  int counts[9];
  for (int i = 0; i < len; ++i) counts[i] = c[i];
  return GroupSearch(counts, len, honours).run();
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

inline std::uint32_t suit_rank(const Tables& t, const std::uint8_t* c, int& tiles) {
  std::uint32_t r = 0;
  int s = 0;
  for (int i = 0; i < 9; ++i) {
    r += t.offset[i][s][c[i]];
    s += c[i];
  }
  tiles = s;
  return r;
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

template <int Need>
int regular_distance_n(Tables& t, const Counts& c, const GroupRanks& g) {
  int a[10], b[10], ab[10], d[10], abd[10];
  unpack(group_cost(t.suit.get(), g.suit[0], &c[0], 9, false), a);
  unpack(group_cost(t.suit.get(), g.suit[1], &c[9], 9, false), b);
  combine<Need>(a, b, ab);
  unpack(group_cost(t.suit.get(), g.suit[2], &c[18], 9, false), d);
  combine<Need>(ab, d, abd);
  unpack(group_cost(t.honour.get(), g.honours, &c[27], 7, true), d);
  int best = kInf;
  for (int i = 0; i <= Need; ++i) {
    const int j = Need - i;
    best = std::min(best, std::min(abd[2 * i] + d[2 * j + 1], abd[2 * i + 1] + d[2 * j]));
  }
  return best;
}

// The regular distance (shanten + 1) for tiles / 3 sets and one pair; sets the hand size.
int regular_distance(const Counts& c, int& tiles) {
  Tables& t = tables();
  const GroupRanks g = group_ranks(t, c);
  tiles = g.tiles;
  switch (g.tiles / 3) {
    case 4:
      return regular_distance_n<4>(t, c, g);
    case 3:
      return regular_distance_n<3>(t, c, g);
    case 2:
      return regular_distance_n<2>(t, c, g);
    case 1:
      return regular_distance_n<1>(t, c, g);
    default:
      return regular_distance_n<0>(t, c, g);
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
      if (sum <= kMaxGroupTiles) group_cost(t.suit.get(), suit_rank(t, c, tiles), c, 9, false);
    }
  });
}

}  // namespace yijing::mahjong
