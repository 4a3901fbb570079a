// Mahjong hand evaluation: win shapes, readings, shanten and waits on
// hand-written hard cases (shared/rules/mahjong.md §0 "Hand evaluation").
#include <doctest/doctest.h>

#include <chrono>
#include <ctime>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "yijing/mahjong/hand.hpp"

namespace mj = yijing::mahjong;

namespace {

// "123m456p789s1122z" -> counts (z: 1-7 = 東南西北白發中).
mj::Counts parse(const std::string& s) {
  mj::Counts c{};
  std::vector<int> digits;
  for (char ch : s) {
    if (ch >= '0' && ch <= '9') {
      digits.push_back(ch - '0');
      continue;
    }
    const int base = ch == 'm' ? 0 : ch == 'p' ? 9 : ch == 's' ? 18 : 27;
    for (int d : digits) ++c[static_cast<std::size_t>(base + d - 1)];
    digits.clear();
  }
  return c;
}

std::uint64_t mask_of(const std::string& s) {
  const auto c = parse(s);
  std::uint64_t m = 0;
  for (int k = 0; k < mj::kKinds; ++k)
    if (c[static_cast<std::size_t>(k)]) m |= 1ULL << k;
  return m;
}

// The hands below use kinds 0..8 and 27..29; kind 30 stands for any fresh kind.
constexpr int kSearchKinds[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 27, 28, 29, 30};

bool brute_win(mj::Counts& c, int from, bool pair) {
  int k = from;
  while (k < mj::kKinds && c[static_cast<std::size_t>(k)] == 0) ++k;
  if (k == mj::kKinds) return pair;
  auto& x = c[static_cast<std::size_t>(k)];
  if (!pair && x >= 2) {
    x -= 2;
    const bool ok = brute_win(c, k, true);
    x += 2;
    if (ok) return true;
  }
  if (x >= 3) {
    x -= 3;
    const bool ok = brute_win(c, k, pair);
    x += 3;
    if (ok) return true;
  }
  if (k < 27 && k % 9 <= 6 && c[static_cast<std::size_t>(k + 1)] &&
      c[static_cast<std::size_t>(k + 2)]) {
    --x, --c[static_cast<std::size_t>(k + 1)], --c[static_cast<std::size_t>(k + 2)];
    const bool ok = brute_win(c, k, pair);
    ++x, ++c[static_cast<std::size_t>(k + 1)], ++c[static_cast<std::size_t>(k + 2)];
    if (ok) return true;
  }
  return false;
}

// Can `swaps` draws, each but (for a 3k+1 hand) the last followed by a discard,
// complete the hand? No cap on copies: shape distance.
bool reach(mj::Counts& c, int swaps, bool last_without_discard) {
  if (swaps == 0) return brute_win(c, 0, false);
  for (int add : kSearchKinds) {
    ++c[static_cast<std::size_t>(add)];
    bool ok = false;
    if (swaps == 1 && last_without_discard) {
      ok = brute_win(c, 0, false);
    } else {
      for (int drop : kSearchKinds) {
        if (!c[static_cast<std::size_t>(drop)] || drop == add) continue;
        --c[static_cast<std::size_t>(drop)];
        ok = reach(c, swaps - 1, last_without_discard);
        ++c[static_cast<std::size_t>(drop)];
        if (ok) break;
      }
    }
    --c[static_cast<std::size_t>(add)];
    if (ok) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("mahjong: regular wins, including four of a kind inside chows") {
  CHECK(mj::is_win(parse("123m456p789s11122z")));
  CHECK(mj::is_win(parse("11112345678999m")));  // nine gates + 1m
  CHECK(mj::is_win(parse("11112233m456p789s")));  // 1111 split across chows and pair
  CHECK(mj::is_win(parse("11123444m567p111z")));
  CHECK_FALSE(mj::is_win(parse("123m456p789s1123z")));
  CHECK_FALSE(mj::is_win(parse("890m")));  // not a hand at all: 0 is ignored here
  CHECK(mj::is_win(parse("55m")));           // 4 sets exposed, pair left
  CHECK(mj::is_win(parse("123m55m")));
  CHECK_FALSE(mj::is_win(parse("124m55m")));
  CHECK_FALSE(mj::is_win(parse("789m1z")));  // 3k+1 tiles never win
}

TEST_CASE("mahjong: seven pairs (four of a kind = two pairs) and thirteen orphans") {
  CHECK(mj::is_seven_pairs(parse("1122m3344p5566s77z")));
  CHECK(mj::is_seven_pairs(parse("1111m3344p5566s77z")));
  CHECK(mj::is_win(parse("1111m3344p5566s77z")));
  CHECK_FALSE(mj::is_seven_pairs(parse("1122m3344p5566s7z")));
  CHECK(mj::is_thirteen_orphans(parse("19m19p19s12345677z")));
  CHECK(mj::is_win(parse("119m19p19s1234567z")));
  CHECK_FALSE(mj::is_win(parse("19m19p19s12345678z"[0] == '1' ? "129m19p19s123456z" : "")));
  CHECK(mj::seven_pairs_shanten(parse("1111m2222m3333m4m")) == 0);
  CHECK(mj::thirteen_orphans_shanten(parse("19m19p19s1234567z")) == 0);
  CHECK(mj::thirteen_orphans_shanten(parse("19m19p19s1234566z")) == 0);
  CHECK(mj::thirteen_orphans_shanten(parse("19m19p19s1234556z")) == 0);  // waits 7z
  CHECK(mj::thirteen_orphans_shanten(parse("19m19p19s1234555z")) == 1);
  CHECK(mj::thirteen_orphans_shanten(parse("2345678m2345678p")) == 13);
  CHECK(mj::seven_pairs_shanten(parse("123m")) == mj::kNoShanten);
}

TEST_CASE("mahjong: readings of a complete hand") {
  // 111222333m: three pungs or three chows.
  auto d = mj::regular_decompositions(parse("111222333m456p11z"));
  CHECK(d.size() == 2);
  d = mj::regular_decompositions(parse("11122233344455m"));
  CHECK(d.size() >= 3);
  for (const auto& x : d) CHECK(x.sets.size() == 4);
  d = mj::regular_decompositions(parse("11123444m567p111z"));
  CHECK(d.size() == 2);  // 111 234 44 or 11 123 444
  d = mj::regular_decompositions(parse("1112345678999m1m"));
  CHECK(d.size() == 1);
  d = mj::regular_decompositions(parse("123m456p789s1123z"));
  CHECK(d.empty());
  // 22233344m reads only as 222 333 44 (22 234 leaves 3344 without a set).
  d = mj::regular_decompositions(parse("22233344m"));
  CHECK(d.size() == 1);
}

TEST_CASE("mahjong: waits of every shape") {
  CHECK(mj::waits(parse("1112345678999m")) == mask_of("123456789m"));    // nine gates
  CHECK(mj::waits(parse("19m19p19s1234567z")) == mask_of("19m19p19s1234567z"));  // 13-sided
  CHECK(mj::waits(parse("23m456p789s11122z")) == mask_of("14m"));   // two-sided
  CHECK(mj::waits(parse("13m456p789s11122z")) == mask_of("2m"));    // closed
  CHECK(mj::waits(parse("12m456p789s11122z")) == mask_of("3m"));    // edge
  CHECK(mj::waits(parse("11m456p789s11122z")) == mask_of("1m2z"));  // two pairs
  CHECK(mj::waits(parse("123m456p789s1112z")) == mask_of("2z"));  // single (the 1z pung fixed)
  CHECK(mj::waits(parse("5m")) == mask_of("5m"));                   // single after 4 sets
  CHECK(mj::waits(parse("1112m")) == mask_of("23m"));
  CHECK(mj::waits(parse("2345m")) == mask_of("25m"));
  CHECK(mj::waits(parse("2344m")) == mask_of("14m"));  // 234+4 or 44+23
  CHECK(mj::waits(parse("1122m3344p5566s7z")) == mask_of("7z"));
  CHECK(mj::waits(parse("1111m3344p5566s7z")) == mask_of("7z"));
  // Ready in shape on a fifth 1m only: no waits, but regular shanten 0.
  CHECK(mj::waits(parse("1111m234p567p789s")) == 0);
  CHECK(mj::regular_shanten(parse("1111m234p567p789s")) == 0);
  CHECK(mj::waits(parse("123m456p789s1234z")) == 0);
}

TEST_CASE("mahjong: shanten known values") {
  CHECK(mj::regular_shanten(parse("123m456p789s11122z")) == -1);
  CHECK(mj::regular_shanten(parse("123m456p789s1112z")) == 0);
  CHECK(mj::regular_shanten(parse("123m456m789m12p45s")) == 1);  // no pair, 5 blocks
  CHECK(mj::regular_shanten(parse("159m159p159s1234z")) == 8);
  CHECK(mj::regular_shanten(parse("1234567z123456z")) == 3);  // 4 pairs -> pungs
  CHECK(mj::seven_pairs_shanten(parse("1234567z123456z")) == 0);
  CHECK(mj::shanten(parse("1234567z19m19p19s")) == 0);
  CHECK(mj::shanten(parse("1122m3344p5566s7z")) == 0);
  CHECK(mj::shanten(parse("1z")) == 0);
  CHECK(mj::shanten(parse("12z")) == 0);
  CHECK(mj::shanten(parse("11z")) == -1);
}

TEST_CASE("mahjong: regular shanten matches a brute-force search on small hands") {
  std::mt19937_64 rng(12345);
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    // 4 or 5 tiles from a 136-tile wall of the first 11 kinds (a dense suit + honours).
    const int size = trial % 2 ? 4 : 5;
    mj::Counts c{};
    int placed = 0;
    while (placed < size) {
      const int k = static_cast<int>(rng() % 12);
      const int kind = k < 9 ? k : 27 + (k - 9);
      if (c[static_cast<std::size_t>(kind)] >= 4) continue;
      ++c[static_cast<std::size_t>(kind)];
      ++placed;
    }
    const int s = mj::regular_shanten(c);
    int dist = 0;
    while (dist < 6) {
      mj::Counts w = c;
      if (reach(w, dist, size % 3 == 1)) break;
      ++dist;
    }
    CHECK_MESSAGE(s == dist - 1, "trial ", trial);
    ++checked;
  }
  CHECK(checked == 300);
}

TEST_CASE("mahjong: batch forms agree with one-by-one calls") {
  std::mt19937_64 rng(7);
  const std::size_t n = 20000;
  std::vector<std::uint8_t> rows(n * mj::kKinds, 0);
  for (std::size_t i = 0; i < n; ++i) {
    int placed = 0;
    while (placed < 13 + static_cast<int>(i % 2)) {
      const std::size_t k = rng() % mj::kKinds;
      auto& x = rows[i * mj::kKinds + k];
      if (x >= 4) continue;
      ++x;
      ++placed;
    }
  }
  std::vector<std::int8_t> out(n);
  std::vector<std::uint8_t> wins(n);
  mj::shanten_batch(rows.data(), n, out.data(), mj::Form::kBest, 2);
  mj::is_win_batch(rows.data(), n, wins.data(), 2);
  for (std::size_t i = 0; i < n; i += 97) {
    mj::Counts c;
    std::copy(rows.begin() + static_cast<std::ptrdiff_t>(i * mj::kKinds),
              rows.begin() + static_cast<std::ptrdiff_t>((i + 1) * mj::kKinds), c.begin());
    CHECK(out[i] == mj::shanten(c));
    CHECK((wins[i] != 0) == mj::is_win(c));
  }
}

TEST_CASE("mahjong: best form reaches -1 through seven pairs") {
  auto c = parse("1122m3344p5566s77z");
  CHECK(mj::regular_shanten(c) == 3);
  CHECK(mj::shanten(c) == -1);
  c = parse("1122m3344p5566s99m");  // regular 0: 11 22 m 3344p 5566s ... still 7 pairs
  CHECK(mj::regular_shanten(c) >= 0);
  CHECK(mj::shanten(c) == -1);
}

// Timing, not a check: `yijing_core_tests -tc="*benchmark*" --no-skip`.
TEST_CASE("mahjong: benchmark regular shanten, one call per hand" * doctest::skip()) {
  std::mt19937_64 rng(1);
  const int n = 1000000;
  std::vector<mj::Counts> hands(static_cast<std::size_t>(n));
  for (auto& h : hands) {
    h = {};
    int wall[136];
    for (int i = 0; i < 136; ++i) wall[i] = i / 4;
    for (int i = 0; i < 13; ++i) {
      const int j = i + static_cast<int>(rng() % static_cast<std::uint64_t>(136 - i));
      std::swap(wall[i], wall[j]);
      ++h[static_cast<std::size_t>(wall[i])];
    }
  }
  long sum = 0;
  for (const auto& h : hands) sum += mj::regular_shanten(h);  // fills the tables used
  // CPU time as well as wall time: on a shared machine the wall clock counts other processes.
  const std::clock_t ca = std::clock();
  const auto a = std::chrono::steady_clock::now();
  for (const auto& h : hands) sum += mj::regular_shanten(h);
  const auto b = std::chrono::steady_clock::now();
  const std::clock_t cb = std::clock();
  const double ns = std::chrono::duration<double, std::nano>(b - a).count() / n;
  const double cpu_ns = 1e9 * static_cast<double>(cb - ca) / CLOCKS_PER_SEC / n;
  MESSAGE("regular shanten: ", ns, " ns per hand wall, ", cpu_ns, " ns CPU, over ", n,
          " random 13-tile hands (sum ", sum, ")");
}

TEST_CASE("mahjong: batch rows that are not hands give kInvalidRow, never a crash") {
  std::vector<std::uint8_t> rows(3 * mj::kKinds, 0);
  rows[0] = 200;                  // a count far above 4
  rows[mj::kKinds] = 3;           // 3 tiles: 3k
  rows[2 * mj::kKinds + 5] = 2;   // a pair: fine
  std::int8_t out[3];
  std::uint8_t wins[3];
  mj::shanten_batch(rows.data(), 3, out, mj::Form::kBest, 1);
  mj::is_win_batch(rows.data(), 3, wins, 1);
  CHECK(out[0] == mj::kInvalidRow);
  CHECK(out[1] == mj::kInvalidRow);
  CHECK(out[2] == -1);
  CHECK(wins[0] == 0);
  CHECK(wins[2] == 1);
}
