// The simulator: fast uniform and shuffle equal the reference ones, bots
// always move legally, the canonical order is string order, batches do not
// depend on the thread count. (Its games/s per bot are measured by the
// benchmarks, not here: `python -m benchmarks`, figures simulate.*.t1 and
// yardstick.engine.)
#include <algorithm>
#include <cstring>
#include <tuple>
#include <string>
#include <vector>

#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"
#include "yijing/yijingpai/bots.hpp"
#include "yijing/yijingpai/simulate.hpp"
#include "yijing/yijingpai/wall.hpp"
#include "yijingpai_test_util.hpp"

using namespace yjt;

namespace {

yp::SimSpec spec_for(std::uint64_t i) {
  yp::SimSpec spec;
  spec.cfg.play_size = static_cast<std::uint8_t>(2 + i % 2);
  spec.cfg.players = static_cast<std::uint8_t>(2 + (i / 2) % 3);
  spec.cfg.taiji_in_pong = (i / 6) % 2 == 0;
  spec.cfg.split_payment = (i / 12) % 2 == 0;
  static constexpr std::uint8_t kMasks[] = {3, 1, 2, 63, 4, 8, 16, 32, 12, 48};
  spec.cfg.win_mask = kMasks[(i / 24) % 10];
  spec.cfg.deck = (i / 5) % 2 == 0 ? yp::Deck::k144 : yp::Deck::k162;
  spec.cfg.taiji = (i / 7) % 3 == 2 ? yp::TaijiRule::kNone : yp::TaijiRule::kWild;
  for (int p = 0; p < 4; ++p) spec.policies[p] = static_cast<yp::BotKind>((i + static_cast<std::uint64_t>(p)) % 3);
  spec.num_policies = spec.cfg.players;
  return spec;
}

}  // namespace

TEST_CASE("sim uniform equals Xoshiro256ss uniform") {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    yijing::Xoshiro256ss a(seed), b(seed);
    for (std::uint64_t n = 1; n <= 5000; n += 1 + n / 7) {
      REQUIRE(yijing::sim::uniform(a, n) == b.uniform(n));
    }
    REQUIRE(a.state() == b.state());
  }
  for (std::uint64_t n = 1; n <= 4096; ++n) {  // the mod on extreme numerators
    for (std::uint64_t x : {~std::uint64_t{0}, ~std::uint64_t{0} - n, std::uint64_t{1} << 63, n * 12345, n - 1}) {
      REQUIRE(yijing::sim::mod_small(x, n, yijing::sim::detail::kReciprocals.m[n]) == x % n);
    }
  }
}

TEST_CASE("sim game seed is SplitMix64 output index plus one") {
  std::uint64_t state = 42;
  for (std::uint64_t i = 0; i < 5; ++i) REQUIRE(yijing::sim::game_seed(42, i) == yijing::splitmix64_next(state));
}

TEST_CASE("sim shuffle_tiles and init_state_tiles equal shuffle_wall and init_state") {
  for (std::uint64_t i = 0; i < 200; ++i) {
    const yp::SimSpec spec = spec_for(i);
    const yp::Deal d = yp::shuffle_wall(i * 977, spec.cfg.deck, spec.cfg.taiji);
    std::uint8_t tiles[yp::kMaxWallTiles];
    int d1 = 0, d2 = 0;
    const int n = yp::shuffle_tiles(i * 977, spec.cfg.deck, spec.cfg.taiji, tiles, d1, d2);
    REQUIRE(n == static_cast<int>(d.wall.size()));
    REQUIRE(d1 == d.die1);
    REQUIRE(d2 == d.die2);
    const int dealer = (d1 + d2 - 1) % spec.cfg.players;
    yp::State a, b;
    REQUIRE(yp::init_state(a, spec.cfg, d.wall, dealer) == yp::InitError::kNone);
    yp::init_state_tiles(b, spec.cfg, tiles, n, dealer);
    REQUIRE(yp::wall_string(a) == yp::wall_string(b));
    REQUIRE(a.wall_pos == b.wall_pos);
    REQUIRE(a.targets_left == b.targets_left);
    for (int s = 0; s < spec.cfg.players; ++s) {
      REQUIRE(yp::hand_string(a.seats[s].hand) == yp::hand_string(b.seats[s].hand));
    }
  }
}

TEST_CASE("sim canonical order is the string order of the moves") {
  std::vector<yp::Action> buf(yp::kMaxLegalActions);
  for (std::uint64_t i = 0; i < 120; ++i) {
    const yp::SimSpec spec = spec_for(i);
    yp::State s;
    yp::GameOutcome out;
    yp::deal_game(spec, i, 0, s);
    yijing::Xoshiro256ss rng(i);
    while (s.phase != yp::Phase::kOver) {
      int seats[4];
      yp::to_act(s, seats);
      const int n = yp::canonical_actions(s, seats[0], buf.data());
      std::vector<std::string> strings;
      for (int j = 0; j < n; ++j) strings.push_back(yp::format_action(buf[static_cast<std::size_t>(j)], s.k()));
      REQUIRE(std::is_sorted(strings.begin(), strings.end()));
      REQUIRE(strings == yp::legal_move_strings(s, seats[0]));
      yp::apply(s, buf[static_cast<std::size_t>(rng.uniform(static_cast<std::uint64_t>(n)))]);
    }
  }
}

TEST_CASE("sim bots move legally in every rule configuration") {
  for (std::uint64_t i = 0; i < 3000; ++i) {
    const yp::SimSpec spec = spec_for(i);
    yp::State s;
    yp::deal_game(spec, 7, i, s);
    yijing::Xoshiro256ss rng(i);
    int steps = 0;
    while (s.phase != yp::Phase::kOver) {
      int seats[4];
      yp::to_act(s, seats);
      const auto kind = spec.policies[(seats[0] + i) % spec.cfg.players];
      const yp::Action a = yp::bot_action(s, seats[0], kind, rng);
      if (yp::check(s, a) != yp::Reason::kOk) {
        FAIL("game " << i << " bot " << yp::bot_name(kind) << " chose illegal " << yp::format_action(a, s.k()));
      }
      yp::apply(s, a);
      REQUIRE(++steps < yp::kMaxHistory);
    }
  }
}

TEST_CASE("sim random target covers exactly the legal targets") {
  // A seat's random target is always legal, and with enough draws every
  // legal target appears (a hand with taiji: hundreds of targets).
  yp::SimSpec spec;
  for (std::uint64_t i = 0; i < 400; ++i) {
    yp::State s;
    yp::deal_game(spec, 3, i, s);
    if (s.seats[0].hand.taiji == 0 && i % 10 != 0) continue;
    std::vector<yp::Action> legal(yp::kMaxLegalActions);
    const int n = yp::legal_actions(s, 0, legal.data());
    legal.resize(static_cast<std::size_t>(n));
    std::sort(legal.begin(), legal.end());
    std::vector<int> hits(legal.size(), 0);
    yijing::Xoshiro256ss rng(i);
    for (int t = 0; t < n * 30; ++t) {
      const yp::Action a = yp::random_target(s, 0, rng);
      const auto it = std::lower_bound(legal.begin(), legal.end(), a);
      REQUIRE(it != legal.end());
      REQUIRE(*it == a);
      ++hits[static_cast<std::size_t>(it - legal.begin())];
    }
    REQUIRE(std::count(hits.begin(), hits.end(), 0) == 0);
  }
}

TEST_CASE("sim batches do not depend on the thread count") {
  yp::SimSpec spec;
  spec.policies[0] = yp::BotKind::kHeuristic;
  spec.policies[1] = yp::BotKind::kGreedy;
  const std::uint64_t count = 3000;
  auto run = [&](int threads) {
    std::vector<std::int8_t> winner(count), dealt(count), dealer(count), sp(count * 4);
    std::vector<std::uint8_t> kind(count), cond(count), hex(count);
    std::vector<std::int16_t> points(count), pay(count * 4);
    std::vector<std::uint16_t> plies(count);
    yp::SimArrays a{winner.data(), kind.data(), dealt.data(), cond.data(), hex.data(),
                    points.data(), pay.data(), plies.data(), dealer.data(), sp.data()};
    yp::simulate_batch(spec, 99, 1000, count, threads, a);
    return std::make_tuple(winner, kind, pay, plies, sp, hex);
  };
  const auto one = run(1);
  REQUIRE(one == run(2));
  REQUIRE(one == run(3));
  // Single games equal the batch.
  yp::State s;
  yp::GameOutcome g;
  yp::play_game(spec, 99, 1000 + 17, s, g);
  CHECK(g.plies == std::get<3>(one)[17]);
  CHECK(g.winner == std::get<0>(one)[17]);
}
