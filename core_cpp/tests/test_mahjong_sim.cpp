// The mahjong simulator (core_cpp/include/yijing/mahjong/simulate.hpp,
// docs/simulation.md "Mahjong"): batches do not depend on the thread count,
// a hand alone equals its batch row and play_bot_hand, matches follow the
// ruleset's dealer rule. Parity with the Python loop is
// tests/sim/test_mahjong_simulate.py's.
#include <doctest/doctest.h>

#include <cstdint>
#include <tuple>
#include <vector>

#include "yijing/mahjong/bots.hpp"
#include "yijing/mahjong/simulate.hpp"
#include "yijing/sim/fastrand.hpp"

namespace mj = yijing::mahjong;

namespace {

mj::SimSpec spec_of(mj::Ruleset r, std::uint32_t hands_per_match = 0) {
  mj::SimSpec spec;
  spec.cfg.ruleset = r;
  if (r != mj::Ruleset::kCommon) spec.cfg.declare_ready = false;
  spec.policies[0] = mj::BotKind::kHeuristic;
  spec.policies[1] = mj::BotKind::kGreedy;
  spec.hands_per_match = hands_per_match;
  return spec;
}

struct Batch {
  std::vector<std::int8_t> winner, dealt, dealer, sp;
  std::vector<std::uint8_t> kind, wall, opening, birds;
  std::vector<std::uint16_t> turns, hand;
  std::vector<std::uint32_t> patterns;
  std::vector<std::int32_t> pay;
  std::vector<std::int64_t> match;
  explicit Batch(std::uint64_t n)
      : winner(n), dealt(n), dealer(n), sp(n * 4), kind(n), wall(n), opening(n * mj::kNumDeclaredWins),
        birds(n), turns(n), hand(n), patterns(n), pay(n * 4), match(n) {}
  mj::SimArrays arrays() {
    mj::SimArrays a{winner.data(), kind.data(),     dealt.data(),   pay.data(),
                    turns.data(),  wall.data(),     patterns.data(), opening.data(),
                    birds.data(),  dealer.data(),   sp.data()};
    a.match = match.data();
    a.hand = hand.data();
    return a;
  }
  auto key() const { return std::tie(winner, dealt, dealer, sp, kind, wall, opening, birds, turns, patterns, pay); }
};

}  // namespace

TEST_CASE("mahjong sim batches do not depend on the thread count") {
  for (const auto r : {mj::Ruleset::kCommon, mj::Ruleset::kShaoyang, mj::Ruleset::kChangsha}) {
    const mj::SimSpec spec = spec_of(r);
    const std::uint64_t count = 120;
    Batch one(count), two(count), three(count);
    mj::simulate_batch(spec, 99, 1000, count, 1, one.arrays());
    mj::simulate_batch(spec, 99, 1000, count, 2, two.arrays());
    mj::simulate_batch(spec, 99, 1000, count, 3, three.arrays());
    REQUIRE(one.key() == two.key());
    REQUIRE(one.key() == three.key());
    // A hand alone equals its row, and the bots' own hand of that wall seed.
    mj::State s;
    mj::HandOutcome g;
    mj::play_game(spec, 99, 1000 + 17, s, g);
    CHECK(g.turns == one.turns[17]);
    CHECK(g.winner == one.winner[17]);
    mj::BotKind seated[mj::kSeats];
    for (int p = 0; p < mj::kSeats; ++p) seated[p] = spec.policies[(p + 1017) % 4];
    mj::State t;
    mj::play_bot_hand(t, spec.cfg, yijing::sim::game_seed(99, 1017), seated);
    std::int64_t pay[mj::kSeats];
    mj::payments(t, pay);
    for (int p = 0; p < mj::kSeats; ++p) CHECK(pay[p] == one.pay[17 * 4 + p]);
    for (std::uint64_t i = 0; i < count; ++i) {
      std::int64_t sum = 0;
      for (int p = 0; p < mj::kSeats; ++p) sum += one.pay[i * 4 + p];
      CHECK(sum == 0);
      CHECK((one.winner[i] < 0) == (one.kind[i] == mj::kSimDraw));
    }
  }
}

TEST_CASE("mahjong sim matches: the dealer follows the ruleset's rule") {
  for (const auto r : {mj::Ruleset::kCommon, mj::Ruleset::kShaoyang, mj::Ruleset::kChangsha}) {
    const std::uint32_t h = 6;
    const mj::SimSpec spec = spec_of(r, h);
    Batch b(4 * h), c(4 * h);
    mj::simulate_batch(spec, 5, 2 * h, 4 * h, 1, b.arrays());
    mj::simulate_batch(spec, 5, 2 * h, 4 * h, 2, c.arrays());
    REQUIRE(b.key() == c.key());
    for (std::uint64_t i = 0; i < 4 * h; ++i) {
      CHECK(b.match[i] == static_cast<std::int64_t>(2 + i / h));
      CHECK(b.hand[i] == i % h);
      if (i % h == 0) continue;
      const int w = b.winner[i - 1], d = b.dealer[i - 1];
      int want = w < 0 || w == d ? d : (d + 1) % 4;  // common
      if (r == mj::Ruleset::kChangsha) want = w >= 0 ? w : d;
      if (r == mj::Ruleset::kShaoyang && w >= 0) want = w;
      if (r == mj::Ruleset::kShaoyang && w < 0) continue;  // the last taker: the Python tests
      CHECK(b.dealer[i] == want);
    }
    // a hand of a match alone (play_game replays the hands before it)
    mj::State s;
    mj::HandOutcome g;
    mj::play_game(spec, 5, 3 * h + 4, s, g);
    CHECK(g.dealer == b.dealer[h + 4]);
    CHECK(g.payments[0] == b.pay[(h + 4) * 4]);
  }
}
