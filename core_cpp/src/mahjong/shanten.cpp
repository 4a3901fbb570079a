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

constexpr int kSuitPatterns = 1953125;   // 5^9
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
  std::unique_ptr<std::atomic<std::uint64_t>[]> suit{new std::atomic<std::uint64_t>[kSuitPatterns]};
  std::unique_ptr<std::atomic<std::uint64_t>[]> honour{
      new std::atomic<std::uint64_t>[kHonourPatterns]};
  Tables() {
    for (int i = 0; i < kSuitPatterns; ++i) suit[i].store(0, std::memory_order_relaxed);
    for (int i = 0; i < kHonourPatterns; ++i) honour[i].store(0, std::memory_order_relaxed);
  }
};

Tables& tables() {
  static Tables t;
  return t;
}

std::uint64_t compute_pattern(std::uint32_t index, int len, bool honours) {
  int counts[9];
  for (int i = 0; i < len; ++i) {
    counts[i] = static_cast<int>(index % 5);
    index /= 5;
  }
  return GroupSearch(counts, len, honours).run();
}

inline std::uint64_t group_cost(std::atomic<std::uint64_t>* table, std::uint32_t index, int len,
                                bool honours) {
  std::uint64_t v = table[index].load(std::memory_order_relaxed);
  if (v == 0) {
    // Benign race: two threads compute and store the same value.
    v = compute_pattern(index, len, honours);
    table[index].store(v, std::memory_order_relaxed);
  }
  return v;
}

inline std::uint32_t suit_index(const std::uint8_t* c) {
  std::uint32_t idx = 0;
  for (int i = 8; i >= 0; --i) idx = idx * 5 + c[i];
  return idx;
}

inline std::uint32_t honour_index(const std::uint8_t* c) {
  std::uint32_t idx = 0;
  for (int i = 6; i >= 0; --i) idx = idx * 5 + c[i];
  return idx;
}

inline void unpack(std::uint64_t v, int* out) {
  for (int i = 0; i < 10; ++i) out[i] = static_cast<int>((v >> (4 * i)) & 15);
}

// Min-plus combination of two cost vectors, up to `need` sets.
inline void combine(const int* a, const int* b, int* out, int need) {
  for (int m = 0; m <= need; ++m) {
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

// The regular distance (shanten + 1) for `need` sets and one pair.
int regular_distance(const Counts& c, int need) {
  Tables& t = tables();
  int a[10], b[10], ab[10], d[10], abd[10];
  unpack(group_cost(t.suit.get(), suit_index(&c[0]), 9, false), a);
  unpack(group_cost(t.suit.get(), suit_index(&c[9]), 9, false), b);
  combine(a, b, ab, need);
  unpack(group_cost(t.suit.get(), suit_index(&c[18]), 9, false), d);
  combine(ab, d, abd, need);
  unpack(group_cost(t.honour.get(), honour_index(&c[27]), 7, true), d);
  int best = kInf;
  for (int i = 0; i <= need; ++i) {
    const int j = need - i;
    best = std::min(best, std::min(abd[2 * i] + d[2 * j + 1], abd[2 * i + 1] + d[2 * j]));
  }
  return best;
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

int regular_shanten(const Counts& c) {
  const int need = total_tiles(c) / 3;
  return regular_distance(c, need) - 1;
}

int seven_pairs_shanten(const Counts& c) {
  const int n = total_tiles(c);
  if (n != 13 && n != 14) return kNoShanten;
  int pairs = 0;
  for (auto x : c) pairs += x / 2;
  return 6 - std::min(pairs, 7);
}

int thirteen_orphans_shanten(const Counts& c) {
  const int n = total_tiles(c);
  if (n != 13 && n != 14) return kNoShanten;
  int kinds = 0;
  bool pair = false;
  for (int k : kOrphans) {
    kinds += c[k] > 0;
    pair = pair || c[k] >= 2;
  }
  return 13 - kinds - (pair ? 1 : 0);
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
  int s = regular_shanten(c);
  s = std::min(s, seven_pairs_shanten(c));
  s = std::min(s, thirteen_orphans_shanten(c));
  return s;
}

bool is_regular_win(const Counts& c) {
  const int n = total_tiles(c);
  if (n % 3 != 2) return false;
  return regular_distance(c, n / 3) == 0;
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

void shanten_batch(const std::uint8_t* rows, std::size_t n, std::int8_t* out, Form form,
                   int threads) {
  parallel_for(n, threads, [&](std::size_t lo, std::size_t hi) {
    Counts c;
    for (std::size_t i = lo; i < hi; ++i) {
      std::copy(rows + i * kKinds, rows + (i + 1) * kKinds, c.begin());
      out[i] = static_cast<std::int8_t>(shanten(c, form));
    }
  });
}

void is_win_batch(const std::uint8_t* rows, std::size_t n, std::uint8_t* out, int threads) {
  parallel_for(n, threads, [&](std::size_t lo, std::size_t hi) {
    Counts c;
    for (std::size_t i = lo; i < hi; ++i) {
      std::copy(rows + i * kKinds, rows + (i + 1) * kKinds, c.begin());
      out[i] = is_win(c) ? 1 : 0;
    }
  });
}

void warm_tables() {
  static std::once_flag once;
  std::call_once(once, [] {
    Tables& t = tables();
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(kHonourPatterns); ++i)
      group_cost(t.honour.get(), i, 7, true);
    // Suit patterns of at most 14 tiles (the others never occur).
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(kSuitPatterns); ++i) {
      std::uint32_t x = i;
      int sum = 0;
      for (int k = 0; k < 9; ++k) {
        sum += static_cast<int>(x % 5);
        x /= 5;
      }
      if (sum <= 14) group_cost(t.suit.get(), i, 9, false);
    }
  });
}

}  // namespace yijing::mahjong
