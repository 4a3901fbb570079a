// The mahjong bots (core_cpp/include/yijing/mahjong/bots.hpp,
// docs/mahjong-bots.md): legal moves only, deterministic, blind to what the
// seat cannot see, the extras answered as specified. Their parity with the
// Python twin is tests/mahjong/test_bots.py's.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>

#include "yijing/mahjong/bots.hpp"
#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/notation.hpp"
#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"
#include "mahjong_test_util.hpp"

namespace mj = yijing::mahjong;

namespace {

mj::Config ruleset_config(int which) {
  mj::Config c;
  switch (which) {
    case 0: break;                                   // common
    case 1: c.flowers = true; break;                 // common with flowers
    case 2: c.void_suit = true; break;               // the void-suit game
    case 3: c.declare_ready = false; break;          // common, no 報聽
    case 4: c.ruleset = mj::Ruleset::kShaoyang; c.declare_ready = false; break;
    case 5: c.ruleset = mj::Ruleset::kChangsha; c.declare_ready = false; break;
    default:
      c.ruleset = mj::Ruleset::kChangsha;
      c.declare_ready = false;
      c.opening_extras = true;
      c.opening_reuse = true;
      c.birds = 4;
      break;
  }
  return c;
}
constexpr int kConfigs = 7;

using mjt::deal;
using mjt::first_to_act;

}  // namespace

TEST_CASE("mahjong sets_distance: regular_shanten is sets_distance(c, n / 3, true) - 1") {
  yijing::Xoshiro256ss rng(7);
  for (int trial = 0; trial < 3000; ++trial) {
    mj::Counts c{};
    const int n = 1 + static_cast<int>(rng.uniform(14));
    for (int i = 0; i < n;) {
      const auto t = static_cast<std::size_t>(rng.uniform(mj::kKinds));
      if (c[t] < 4) {
        ++c[t];
        ++i;
      }
    }
    if (n % 3 == 0) continue;
    CHECK(mj::sets_distance(c, n / 3, true) - 1 == mj::regular_shanten(c));
    CHECK(mj::sets_distance(c, n / 3, false) <= mj::sets_distance(c, n / 3, true));
  }
}

TEST_CASE("mahjong bots: every move legal, hands end, the same seed plays the same hand") {
  for (int which = 0; which < kConfigs; ++which) {
    const mj::Config cfg = ruleset_config(which);
    for (int policy = 0; policy < mj::kNumBotKinds; ++policy) {
      const mj::BotKind kinds[4] = {static_cast<mj::BotKind>(policy), static_cast<mj::BotKind>(policy),
                                    static_cast<mj::BotKind>((policy + 1) % 3),
                                    static_cast<mj::BotKind>((policy + 2) % 3)};
      for (std::uint64_t h = 0; h < 30; ++h) {
        const std::uint64_t w = yijing::sim::game_seed(1000 + static_cast<std::uint64_t>(which), h);
        mj::State s;
        deal(s, cfg, w);
        yijing::Xoshiro256ss rng(w ^ mj::kMahjongBotSeedXor);
        int moves = 0;
        while (s.phase != mj::Phase::kOver && moves < 2000) {
          const int seat = first_to_act(s);
          const mj::Move m = mj::bot_move(s, seat, kinds[seat], rng);
          REQUIRE(mj::check(s, m) == mj::Reason::kOk);
          mj::apply(s, m);
          ++moves;
        }
        REQUIRE(s.phase == mj::Phase::kOver);
        mj::State again;
        mj::play_bot_hand(again, cfg, w, kinds);
        REQUIRE(again.n_history == s.n_history);
        for (int i = 0; i < s.n_history; ++i) CHECK(again.history[i] == s.history[i]);
      }
    }
  }
}

TEST_CASE("mahjong bots: blind to the wall and to other seats' concealed tiles") {
  int compared = 0;
  for (int which = 0; which < kConfigs; ++which) {
    const mj::Config cfg = ruleset_config(which);
    const mj::BotKind kinds[4] = {mj::BotKind::kHeuristic, mj::BotKind::kGreedy, mj::BotKind::kHeuristic,
                                  mj::BotKind::kRandom};
    for (std::uint64_t h = 0; h < 20; ++h) {
      const std::uint64_t w = yijing::sim::game_seed(77, h);
      mj::State s;
      deal(s, cfg, w);
      yijing::Xoshiro256ss rng(w ^ mj::kMahjongBotSeedXor);
      yijing::Xoshiro256ss pick(w);
      while (s.phase != mj::Phase::kOver) {
        const int seat = first_to_act(s);
        if (s.wall_remaining() >= 2 && s.phase == mj::Phase::kPlay) {
          // Another state that differs only where the seat cannot look: two live
          // wall tiles swapped, and one of another seat's concealed tiles
          // exchanged with a live wall tile.
          mj::State t = s;
          const int a = t.head + static_cast<int>(pick.uniform(static_cast<std::uint64_t>(t.wall_remaining())));
          const int b = t.head + static_cast<int>(pick.uniform(static_cast<std::uint64_t>(t.wall_remaining())));
          std::swap(t.wall[a], t.wall[b]);
          const int other = (seat + 1 + static_cast<int>(pick.uniform(3))) % 4;
          mj::SeatState& o = t.seats[other];
          for (int k = 0; k < mj::kKinds; ++k) {
            const mj::Tile x = t.wall[a];
            if (o.counts[static_cast<std::size_t>(k)] > 0 && x < mj::kKinds && x != k) {
              --o.counts[static_cast<std::size_t>(k)];
              ++o.counts[x];
              t.wall[a] = static_cast<mj::Tile>(k);
              break;
            }
          }
          for (int p = 0; p < mj::kNumBotKinds; ++p) {
            yijing::Xoshiro256ss r1(h), r2(h);
            const auto kind = static_cast<mj::BotKind>(p);
            CHECK(mj::bot_move(s, seat, kind, r1) == mj::bot_move(t, seat, kind, r2));
            ++compared;
          }
        }
        mj::apply(s, mj::bot_move(s, seat, kinds[seat], rng));
      }
    }
  }
  CHECK(compared > 1000);
}

TEST_CASE("mahjong bots: the extras (raise, void, opening) as specified") {
  // Shaoyang: greedy raises 0; heuristic 2 as the dealer, else 1.
  for (std::uint64_t h = 0; h < 8; ++h) {
    mj::State s;
    deal(s, ruleset_config(4), yijing::sim::game_seed(5, h));
    REQUIRE(s.phase == mj::Phase::kRaise);
    for (int seat = 0; seat < 4; ++seat) {
      yijing::Xoshiro256ss rng(1);
      CHECK(mj::format_move(mj::bot_move(s, seat, mj::BotKind::kGreedy, rng)) ==
            "s" + std::to_string(seat) + ":raise=0");
      const int want = seat == s.dealer ? 2 : 1;
      CHECK(mj::format_move(mj::bot_move(s, seat, mj::BotKind::kHeuristic, rng)) ==
            "s" + std::to_string(seat) + ":raise=" + std::to_string(want));
    }
  }
  // The void-suit game: the suit held least (m, p, s on ties).
  for (std::uint64_t h = 0; h < 8; ++h) {
    mj::State s;
    deal(s, ruleset_config(2), yijing::sim::game_seed(6, h));
    REQUIRE(s.phase == mj::Phase::kVoid);
    for (int seat = 0; seat < 4; ++seat) {
      int count[3] = {0, 0, 0};
      for (int t = 0; t < 27; ++t) count[t / 9] += s.seats[seat].counts[static_cast<std::size_t>(t)];
      int best = 0;
      for (int x = 1; x < 3; ++x)
        if (count[x] < count[best]) best = x;
      for (int p = 1; p < 3; ++p) {
        yijing::Xoshiro256ss rng(1);
        const mj::Move m = mj::bot_move(s, seat, static_cast<mj::BotKind>(p), rng);
        CHECK(mj::move_act(m) == mj::Act::kVoid);
        CHECK(mj::move_key(m) == best);
      }
    }
  }
  // Changsha: an opening offer is always declared.
  int openings = 0;
  for (std::uint64_t h = 0; h < 400 && openings < 5; ++h) {
    mj::State s;
    deal(s, ruleset_config(5), yijing::sim::game_seed(8, h));
    if (s.phase != mj::Phase::kOpening) continue;
    ++openings;
    yijing::Xoshiro256ss rng(1);
    for (int p = 1; p < 3; ++p)
      CHECK(mj::move_act(mj::bot_move(s, first_to_act(s), static_cast<mj::BotKind>(p), rng)) ==
            mj::Act::kOpening);
  }
  CHECK(openings == 5);
}

TEST_CASE("mahjong bots: seat-balanced mean payments (printed), hands per CPU-second") {
  const char* names[3] = {"common", "shaoyang", "changsha"};
  const int configs[3] = {0, 4, 5};
  const mj::BotKind kinds[4] = {mj::BotKind::kHeuristic, mj::BotKind::kGreedy, mj::BotKind::kRandom,
                                mj::BotKind::kRandom};
  for (int r = 0; r < 3; ++r) {
    constexpr int kHands = 400;
    std::int64_t pay[kHands * 4];
    const auto t0 = std::chrono::steady_clock::now();
    mj::bot_hands(ruleset_config(configs[r]), 11, 0, kHands, kinds, true, pay);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double sum[3] = {0, 0, 0};
    for (int i = 0; i < kHands; ++i)
      for (int s = 0; s < 4; ++s) {
        const int p = (s + i) % 4;
        sum[p >= 2 ? 2 : p] += static_cast<double>(pay[i * 4 + s]) / (p >= 2 ? 2.0 : 1.0);
      }
    MESSAGE(std::string(names[r]) << ": heuristic " << sum[0] / kHands << ", greedy " << sum[1] / kHands << ", random "
                     << sum[2] / kHands << " per hand; " << kHands / secs << " hands/s");
    CHECK(sum[0] + sum[1] + 2 * sum[2] == doctest::Approx(0.0));
  }
}

TEST_CASE("mahjong bots: greedy's discard values from the groups equal the definition") {
  // bots.cpp discard_values (one group looked up per discard kind) must give
  // sh_s of each hand less one tile exactly, or greedy's moves would change.
  // Every seat of every state of bot-played hands, each ruleset / variant
  // (the void suit included).
  int compared = 0, wrong = 0;
  for (int which = 0; which < kConfigs; ++which) {
    const mj::Config cfg = ruleset_config(which);
    const mj::BotKind kinds[4] = {mj::BotKind::kGreedy, mj::BotKind::kHeuristic, mj::BotKind::kRandom,
                                  mj::BotKind::kGreedy};
    for (std::uint64_t h = 0; h < 25; ++h) {
      const std::uint64_t w = yijing::sim::game_seed(4242, h);
      mj::State s;
      deal(s, cfg, w);
      yijing::Xoshiro256ss rng(w ^ mj::kMahjongBotSeedXor);
      while (s.phase != mj::Phase::kOver) {
        for (int seat = 0; seat < mj::kSeats; ++seat) {
          int fast[mj::kKinds], slow[mj::kKinds];
          mj::bot_discard_values(s, seat, fast, slow);
          for (int t = 0; t < mj::kKinds; ++t) {
            ++compared;
            if (fast[t] != slow[t]) ++wrong;
          }
        }
        const int seat = first_to_act(s);
        mj::apply(s, mj::bot_move(s, seat, kinds[seat], rng));
      }
    }
  }
  CHECK(compared > 100000);
  CHECK(wrong == 0);
}

TEST_CASE("mahjong bots: the heuristic's uke from the hand's parts equals the definition") {
  // bots.cpp uke (only the parts of E that can drop evaluated per draw, u's
  // group swapped into the hand's groups) must give the definition's count
  // (F of every candidate hand evaluated whole) and start from the same E, or
  // the heuristic's moves would change. Every seat holding 3k + 2 tiles in
  // every state of bot-played hands, each ruleset / variant (the void suit
  // included), every discard kind.
  int compared = 0, wrong = 0, wrong_e = 0, nonzero = 0;
  for (int which = 0; which < kConfigs; ++which) {
    const mj::Config cfg = ruleset_config(which);
    const mj::BotKind kinds[4] = {mj::BotKind::kHeuristic, mj::BotKind::kHeuristic, mj::BotKind::kGreedy,
                                  mj::BotKind::kRandom};
    for (std::uint64_t h = 0; h < 12; ++h) {
      const std::uint64_t w = yijing::sim::game_seed(777, h);
      mj::State s;
      deal(s, cfg, w);
      yijing::Xoshiro256ss rng(w ^ mj::kMahjongBotSeedXor);
      while (s.phase != mj::Phase::kOver) {
        for (int seat = 0; seat < mj::kSeats; ++seat) {
          mj::BotUke u[mj::kKinds];
          mj::bot_uke_values(s, seat, u);
          for (int t = 0; t < mj::kKinds; ++t) {
            if (!u[t].held) continue;
            ++compared;
            nonzero += u[t].slow > 0;
            wrong += u[t].fast != u[t].slow;
            wrong_e += u[t].e_fast != u[t].e_slow;
          }
        }
        const int seat = first_to_act(s);
        mj::apply(s, mj::bot_move(s, seat, kinds[seat], rng));
      }
    }
  }
  MESSAGE("uke compared " << compared << " (" << nonzero << " nonzero)");
  CHECK(compared > 20000);
  CHECK(nonzero > compared / 4);
  CHECK(wrong == 0);
  CHECK(wrong_e == 0);
}
