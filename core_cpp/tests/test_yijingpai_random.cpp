// Random play: seeded games with uniformly random legal actions, checking
// invariants on every step. (The games/s of the same loop are measured by the
// benchmarks, not here: benchmarks/yardstick/kernels.cpp, kernels random_game
// and random_game_shuffle.)
#include <algorithm>
#include <string>
#include <vector>

#include "yijing/prng.hpp"
#include "yijing/yijingpai/wall.hpp"
#include "yijingpai_test_util.hpp"

using namespace yjt;

namespace {

struct Setup {
  yp::Config cfg;
  std::string wall;
  int dealer;
};

// Game `i` cycles through the rule options (docs "Options").
Setup setup_for(std::uint64_t i) {
  Setup g;
  g.cfg.play_size = static_cast<std::uint8_t>(2 + i % 2);
  g.cfg.players = static_cast<std::uint8_t>(2 + (i / 2) % 3);
  g.cfg.taiji_in_pong = (i / 6) % 2 == 0;
  g.cfg.split_payment = (i / 12) % 2 == 0;
  static constexpr std::uint8_t kMasks[] = {3, 1, 2, 63, 4, 8, 16, 32, 12, 48};
  g.cfg.win_mask = kMasks[(i / 24) % 10];
  const auto deck = (i / 5) % 2 == 0 ? yp::Deck::k144 : yp::Deck::k162;
  const auto taiji = (i / 7) % 3 == 2 ? yp::TaijiRule::kNone : yp::TaijiRule::kWild;
  const yp::Deal d = yp::shuffle_wall(i, deck, taiji);
  g.wall = d.wall;
  g.dealer = (d.die1 + d.die2 - 1) % g.cfg.players;  // docs §2
  return g;
}

int tiles_accounted(const yp::State& s) {
  int n = s.wall_remaining();
  for (int seat = 0; seat < s.players(); ++seat) {
    const yp::SeatState& st = s.seats[seat];
    n += st.hand.total() + st.progress.len + 6 * st.completed + (st.target_laid ? 6 : 0);
  }
  return n;
}

}  // namespace

TEST_CASE("random play: 10000 seeded games end and conserve tiles and offer only actions that check ok") {
  std::vector<yp::Action> buf(yp::kMaxLegalActions);
  long long total_moves = 0;
  int results[4] = {0, 0, 0, 0};
  for (std::uint64_t i = 0; i < 10000; ++i) {
    const Setup g = setup_for(i);
    yp::State s;
    REQUIRE(yp::init_state(s, g.cfg, g.wall, g.dealer) == yp::InitError::kNone);
    yijing::Xoshiro256ss rng(i);
    const int max_moves = yp::max_moves(g.cfg.players, g.cfg.play_size, s.wall_len);
    for (int step = 0;; ++step) {
      INFO("game " << i << " step " << step);
      REQUIRE(tiles_accounted(s) == s.wall_len);
      const int n = yp::legal_actions(s, -1, buf.data());
      int seats[4];
      const int acting = yp::to_act(s, seats);
      if (s.phase == yp::Phase::kOver) {
        REQUIRE(n == 0);
        REQUIRE(acting == 0);
        break;
      }
      REQUIRE(n > 0);
      REQUIRE(acting == (s.phase == yp::Phase::kTarget ? s.targets_left : 1));
      REQUIRE(step < max_moves);
      for (int j = 0; j < n; ++j) {
        if (yp::check(s, buf[static_cast<std::size_t>(j)]) != yp::Reason::kOk) {
          FAIL_CHECK("illegal action offered: " << yp::format_action(buf[static_cast<std::size_t>(j)], s.k()));
        }
      }
      if (i % 16 == 0) {  // the winning-set summary agrees with the conditions
        for (int seat = 0; seat < s.players(); ++seat)
          for (unsigned h = 0; h < 64; ++h) {
            const bool by_set = (s.seats[seat].wins >> h) & 1u;
            const bool by_conditions = yp::conditions_if_added(s, seat, static_cast<std::uint8_t>(h)) != 0;
            if (by_set != by_conditions) FAIL_CHECK("wins set differs, seat " << seat << " hexagram " << h);
          }
      }
      if (i % 16 == 0) {  // no duplicates
        std::vector<yp::Action> sorted(buf.begin(), buf.begin() + n);
        std::sort(sorted.begin(), sorted.end());
        REQUIRE(std::unique(sorted.begin(), sorted.end()) == sorted.end());
      }
      yp::apply(s, buf[static_cast<std::size_t>(rng.uniform(static_cast<std::uint64_t>(n)))]);
      ++total_moves;
    }
    REQUIRE_FALSE(s.history_overflow);
    int sum = 0;
    for (int seat = 0; seat < s.players(); ++seat) sum += s.result.payments[seat];
    CHECK(sum == 0);
    ++results[static_cast<int>(s.result.kind)];
  }
  MESSAGE("moves: " << total_moves << ", self_draw " << results[1] << ", dealt_in " << results[2]
                    << ", draw " << results[3]);
  CHECK(results[1] > 0);
  CHECK(results[2] > 0);
  CHECK(results[3] > 0);
}

TEST_CASE("random play: check() accepts exactly the legal actions") {
  // Every encodable action of every seat, on 300 games' worth of states.
  std::vector<yp::Action> buf(yp::kMaxLegalActions);
  std::vector<yp::Action> candidates;
  for (int seat = 0; seat < 4; ++seat) {
    for (unsigned v = 0; v < 64; ++v)
      for (unsigned t = 0; t < 64; ++t)
        candidates.push_back(yp::make_target(seat, static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(t)));
    for (auto kind : {yp::Kind::kPlay, yp::Kind::kPong, yp::Kind::kWin, yp::Kind::kPass})
      for (unsigned v = 0; v < 8; ++v)
        for (unsigned t = 0; t < 8; ++t)
          for (auto p : {yp::Placement::kOuter, yp::Placement::kInner, yp::Placement::kSplit}) {
            if ((kind == yp::Kind::kWin || kind == yp::Kind::kPass) && (v != 0 || t != 0)) continue;
            if ((kind == yp::Kind::kPlay || kind == yp::Kind::kPass) && p != yp::Placement::kOuter) continue;
            candidates.push_back(yp::make_action(kind, seat, static_cast<std::uint8_t>(v),
                                                 static_cast<std::uint8_t>(t), p));
          }
  }
  for (std::uint64_t i = 0; i < 300; ++i) {
    const Setup g = setup_for(i * 7 + 3);
    yp::State s;
    REQUIRE(yp::init_state(s, g.cfg, g.wall, g.dealer) == yp::InitError::kNone);
    yijing::Xoshiro256ss rng(i);
    while (s.phase != yp::Phase::kOver) {
      const int n = yp::legal_actions(s, -1, buf.data());
      std::vector<yp::Action> legal(buf.begin(), buf.begin() + n);
      std::sort(legal.begin(), legal.end());
      for (yp::Action a : candidates) {
        if (yp::action_seat(a) >= s.players()) continue;
        // Lines beyond k do not exist in a k-line game.
        if (yp::action_kind(a) != yp::Kind::kTarget && ((yp::action_values(a) | yp::action_taiji(a)) >> s.k()) != 0)
          continue;
        const bool ok = yp::check(s, a) == yp::Reason::kOk;
        const bool listed = std::binary_search(legal.begin(), legal.end(), a);
        if (ok != listed) FAIL_CHECK("game " << i << ": " << yp::format_action(a, s.k()) << " check ok=" << ok);
      }
      yp::apply(s, legal[static_cast<std::size_t>(rng.uniform(static_cast<std::uint64_t>(n)))]);
    }
  }
}
