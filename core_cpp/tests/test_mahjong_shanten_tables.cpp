// The shanten tables and the bots' group vectors (core_cpp/include/yijing/
// mahjong/hand.hpp hand_groups / groups_distance) against slow, obviously
// correct references kept here: a per-pattern decomposition search, the
// four-group sets_distance, and the 2/5/8-pair formula (one sets_distance per
// 2/5/8 kind, docs/mahjong-bots.md "Shanten"). Equal values mean equal bot moves.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>

#include "yijing/mahjong/hand.hpp"
#include "yijing/prng.hpp"

namespace mj = yijing::mahjong;

namespace {

constexpr int kInf = 60;

// Suit patterns compared exhaustively up to this many tiles; build with
// -DYIJING_SHANTEN_ALL_SUITS=14 to compare all 405,350 (about 15 s).
#ifndef YIJING_SHANTEN_ALL_SUITS
#define YIJING_SHANTEN_ALL_SUITS 9
#endif
constexpr int kAllSuitsUpTo = YIJING_SHANTEN_ALL_SUITS;

// --- the reference table fill: a plain decomposition search ----------------
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
    std::uint64_t packed = 0;
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

constexpr std::uint64_t kNibbles = (1ULL << 40) - 1;  // the 10 entries, no flag bits

std::uint64_t reference(const int* counts, int len, bool honours) {
  return GroupSearch(counts, len, honours).run();
}

// The group vector the engine uses for one suit / the honours: that group alone in a hand.
std::uint64_t engine_vector(const int* counts, int len, bool honours) {
  mj::Counts c{};
  for (int i = 0; i < len; ++i) c[static_cast<std::size_t>((honours ? 27 : 9) + i)] = static_cast<std::uint8_t>(counts[i]);
  mj::HandGroups g;
  mj::hand_groups(c, g);
  return g.g[honours ? 3 : 1] & kNibbles;
}

// Every pattern of `len` positions with at most `max_tiles` tiles, by odometer.
template <class F>
void each_pattern(int len, int max_tiles, F&& f) {
  int c[9] = {};
  for (;;) {
    int sum = 0;
    for (int i = 0; i < len; ++i) sum += c[i];
    if (sum <= max_tiles) f(c, sum);
    int i = 0;
    while (i < len && c[i] == 4) c[i++] = 0;
    if (i == len) return;
    ++c[i];
  }
}

mj::Counts random_hand(yijing::Xoshiro256ss& rng, int n, int kinds) {
  mj::Counts c{};
  for (int i = 0; i < n;) {
    const auto t = static_cast<std::size_t>(rng.uniform(static_cast<std::uint64_t>(kinds)));
    if (c[t] < 4) {
      ++c[t];
      ++i;
    }
  }
  return c;
}

constexpr bool jiang_kind(int t) { return t < 27 && t % 9 % 3 == 1; }

// The reference Changsha pair formula (one sets_distance per 2/5/8 kind), + 1.
int reference_258_distance(mj::Counts c, int need) {
  int best = mj::sets_distance(c, need, false) + 2;
  for (int j = 0; j < 27; ++j) {
    if (!jiang_kind(j)) continue;
    const std::size_t i = static_cast<std::size_t>(j);
    const int x = c[i];
    if (x >= 1) {
      c[i] = static_cast<std::uint8_t>(x - 1);
      best = std::min(best, mj::sets_distance(c, need, false) + 1);
      if (x >= 2) {
        c[i] = static_cast<std::uint8_t>(x - 2);
        best = std::min(best, mj::sets_distance(c, need, false));
      }
      c[i] = static_cast<std::uint8_t>(x);
    }
  }
  return best;
}

}  // namespace

TEST_CASE("mahjong shanten tables: every honour pattern of <= 14 tiles equals the reference search") {
  int checked = 0, wrong = 0;
  each_pattern(7, 14, [&](const int* c, int) {
    ++checked;
    if (engine_vector(c, 7, true) != reference(c, 7, true)) ++wrong;
  });
  CHECK(checked == 43130);
  CHECK(wrong == 0);
}

TEST_CASE("mahjong shanten tables: suit patterns equal the reference search (all <= 9 tiles, sampled above)") {
  // Every suit pattern of up to 9 tiles (the search's cost grows fast with the
  // tile count; all 405,350 patterns of up to 14 were compared once, see
  // benchmarks/NOTES.md), then random patterns of 10..14 tiles.
  int checked = 0, wrong = 0;
  each_pattern(9, kAllSuitsUpTo, [&](const int* c, int) {
    ++checked;
    if (engine_vector(c, 9, false) != reference(c, 9, false)) ++wrong;
  });
  CHECK(checked == (kAllSuitsUpTo == 14 ? 405350 : kAllSuitsUpTo == 9 ? 42185 : checked));
  yijing::Xoshiro256ss rng(16);
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 10 + static_cast<int>(rng.uniform(5));
    int c[9] = {};
    for (int i = 0; i < n;) {
      const auto t = static_cast<std::size_t>(rng.uniform(9));
      if (c[t] < 4) {
        ++c[t];
        ++i;
      }
    }
    ++checked;
    if (engine_vector(c, 9, false) != reference(c, 9, false)) ++wrong;
  }
  CHECK(wrong == 0);
}

TEST_CASE("mahjong hand_groups: groups_distance equals sets_distance for every set count and pair") {
  yijing::Xoshiro256ss rng(161);
  int wrong = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const mj::Counts c = random_hand(rng, 1 + static_cast<int>(rng.uniform(14)), mj::kKinds);
    mj::HandGroups g;
    mj::hand_groups(c, g);
    for (int sets = 0; sets <= 4; ++sets)
      for (int pair = 0; pair <= 1; ++pair)
        if (mj::groups_distance(g, sets, pair != 0) != mj::sets_distance(c, sets, pair != 0)) ++wrong;
  }
  CHECK(wrong == 0);
  mj::HandGroups empty;
  mj::hand_groups(mj::Counts{}, empty);
  for (int i = 0; i < 4; ++i) CHECK(mj::empty_group(i) == empty.g[i]);
}

TEST_CASE("mahjong hand_groups: the jiang vectors give the reference 2/5/8-pair distance") {
  // docs/mahjong-bots.md "Shanten": Changsha's regular shape needs a pair of 2,
  // 5 or 8 (shared/rules/mahjong.md, Changsha 將); the bots scored it as the
  // best of no pair (+2), a 2/5/8 single (+1) and a 2/5/8 pair, one
  // sets_distance each. The 108-tile hands of Changsha and, for the identity's
  // sake, hands with honours too.
  yijing::Xoshiro256ss rng(258);
  int wrong = 0, ready = 0;
  for (int trial = 0; trial < 30000; ++trial) {
    const int kinds = trial % 2 == 0 ? 27 : mj::kKinds;
    const int n = 1 + static_cast<int>(rng.uniform(14));
    const mj::Counts c = random_hand(rng, n, kinds);
    mj::HandGroups g, jiang;
    mj::hand_groups(c, g, &jiang);
    for (int need = 0; need <= 4; ++need) {
      const int got = mj::groups_distance(jiang, need, true);
      if (got != reference_258_distance(c, need)) ++wrong;
      if (need == n / 3 && got <= 1) ++ready;
    }
    // the p = 0 entries are the regular ones
    for (int s = 0; s < 4; ++s) CHECK((jiang.g[s] & 0x0F0F0F0F0FULL) == (g.g[s] & 0x0F0F0F0F0FULL));
  }
  CHECK(wrong == 0);
  CHECK(ready > 0);  // the sample reaches ready and complete hands
}

TEST_CASE("mahjong group_vector / groups_but_one: a hand one tile away in one group") {
  // The bots' discards and the engine's win mask evaluate c - t / c + t from c's
  // groups: t's group looked up alone (group_vector) against the other three
  // combined (groups_but_one). Must equal the whole hand's sets_distance and
  // the jiang identity's whole-hand value.
  yijing::Xoshiro256ss rng(1616);
  int wrong = 0, compared = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const mj::Counts c = random_hand(rng, 1 + static_cast<int>(rng.uniform(13)), mj::kKinds);
    mj::HandGroups g, jiang;
    mj::hand_groups(c, g, &jiang);
    std::uint64_t rest[4], jrest[4];
    mj::groups_but_one(g, rest);
    mj::groups_but_one(jiang, jrest);
    for (int i = 0; i < 4; ++i) {
      const int first = i < 3 ? 9 * i : mj::kHonourBase;
      CHECK(mj::group_vector(&c[static_cast<std::size_t>(first)], i) == g.g[i]);
      CHECK(mj::group_vector(&c[static_cast<std::size_t>(first)], i, true) == jiang.g[i]);
    }
    for (int t = 0; t < mj::kKinds; ++t)
      for (int delta = -1; delta <= 1; delta += 2) {
        mj::Counts x = c;
        const int v = x[static_cast<std::size_t>(t)] + delta;
        if (v < 0 || v > 4) continue;
        x[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(v);
        const int s = t < mj::kHonourBase ? t / 9 : 3;
        const int first = s < 3 ? 9 * s : mj::kHonourBase;
        const std::uint64_t gv = mj::group_vector(&x[static_cast<std::size_t>(first)], s);
        const std::uint64_t jv = mj::group_vector(&x[static_cast<std::size_t>(first)], s, true);
        mj::HandGroups xg, xj;
        mj::hand_groups(x, xg, &xj);
        for (int sets = 0; sets <= 4; ++sets)
          for (int pair = 0; pair <= 1; ++pair) {
            ++compared;
            if (mj::halves_distance(gv, rest[s], sets, pair != 0) != mj::sets_distance(x, sets, pair != 0)) ++wrong;
            if (mj::halves_distance(jv, jrest[s], sets, pair != 0) != mj::groups_distance(xj, sets, pair != 0))
              ++wrong;
          }
      }
  }
  CHECK(compared > 0);
  CHECK(wrong == 0);
}
