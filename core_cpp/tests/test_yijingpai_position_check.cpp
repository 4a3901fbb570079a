// position_check: a position (deal + moves) replayed and one more move checked,
// against the same replay done step by step with the engine.
#include <string>
#include <string_view>
#include <vector>

#include "yijing/prng.hpp"
#include "yijing/yijingpai/position_check.hpp"
#include "yijing/yijingpai/wall.hpp"
#include "yijingpai_test_util.hpp"

using namespace yjt;

namespace {

// A random legal game from `seed` (4 players, defaults): its moves as text.
std::vector<std::string> random_game(std::uint64_t seed, const yp::Config& cfg) {
  yp::State s;
  yp::PositionDeal deal;
  deal.seed = seed;
  REQUIRE(yp::deal_position(s, cfg, deal) ==
          yp::DealError::kNone);
  yijing::Xoshiro256ss rng(seed);
  std::vector<yp::Action> buf(yp::kMaxLegalActions);
  std::vector<std::string> moves;
  while (s.phase != yp::Phase::kOver) {
    const int n = yp::legal_actions(s, -1, buf.data());
    REQUIRE(n > 0);
    const yp::Action a = buf[rng.uniform(static_cast<std::uint64_t>(n))];
    moves.push_back(yp::format_action(a, s.k()));
    yp::apply(s, a);
  }
  return moves;
}

yp::Config default_config() {
  yp::Config cfg;
  cfg.play_size = 2;
  cfg.players = 4;
  cfg.taiji_in_pong = true;
  cfg.win_mask = 3;
  return cfg;
}

}  // namespace

TEST_CASE("position check: a seed deal is shuffle_wall with the dice's dealer") {
  const yp::Config cfg = default_config();
  for (std::uint64_t seed : {0ull, 1ull, 77ull, 0xFFFFFFFFFFFFFFFFull}) {
    yp::State a;
    yp::PositionDeal deal;
    deal.seed = seed;
    REQUIRE(yp::deal_position(a, cfg, deal) ==
            yp::DealError::kNone);
    const yp::Deal d = yp::shuffle_wall(seed, yp::Deck::k144, yp::TaijiRule::kWild);
    yp::State b;
    REQUIRE(yp::init_state(b, cfg, d.wall, (d.die1 + d.die2 - 1) % 4) == yp::InitError::kNone);
    CHECK(yp::wall_string(a) == yp::wall_string(b));
    CHECK(a.dealer == b.dealer);
  }
}

TEST_CASE("position check: every prefix of a game replays and its next move checks ok") {
  const yp::Config cfg = default_config();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const std::vector<std::string> moves = random_game(seed, cfg);
    const std::vector<std::string_view> views(moves.begin(), moves.end());
    yp::PositionDeal deal;
    deal.seed = seed;
    yp::State s;
    for (int k = 0; k < static_cast<int>(moves.size()); ++k) {
      REQUIRE(yp::deal_position(s, cfg, deal) ==
              yp::DealError::kNone);
      const yp::PositionCheck c = yp::replay_and_check(s, views.data(), k, views[k]);
      CHECK(c.bad_move == -1);
      CHECK(c.reason == yp::Reason::kOk);
      CHECK(s.n_history == k);
    }
    // after the last move the hand is over
    REQUIRE(yp::deal_position(s, cfg, deal) ==
            yp::DealError::kNone);
    const auto end = yp::replay_and_check(s, views.data(), static_cast<int>(views.size()), "s0:pass");
    CHECK(end.bad_move == -1);
    CHECK(end.reason == yp::Reason::kGameOver);
  }
}

TEST_CASE("position check: the first illegal history move is reported with its reason") {
  const yp::Config cfg = default_config();
  std::vector<std::string> moves = random_game(5, cfg);
  REQUIRE(moves.size() > 12);
  moves[9] = "s0:bogus";
  moves[11] = "s9:pass";
  const std::vector<std::string_view> views(moves.begin(), moves.end());
  yp::PositionDeal deal;
  deal.seed = 5;
  yp::State s;
  REQUIRE(yp::deal_position(s, cfg, deal) ==
          yp::DealError::kNone);
  const auto c = yp::replay_and_check(s, views.data(), static_cast<int>(views.size()), "s0:pass");
  CHECK(c.bad_move == 9);
  CHECK(c.reason == yp::Reason::kMalformed);
  CHECK(s.n_history == 9);  // the state is the position before the bad move
}

TEST_CASE("position check: bad wall deals are refused") {
  const yp::Config cfg = default_config();
  yp::State s;
  yp::PositionDeal deal;
  deal.from_seed = false;
  deal.wall = "1010";
  deal.dealer = 0;
  CHECK(yp::deal_position(s, cfg, deal) ==
        yp::DealError::kBadWall);
  const std::string wall = make_wall({"11110000", "11110000", "11110000", "11110000"}, 2, 0);
  deal.wall = wall;
  deal.dealer = 4;
  CHECK(yp::deal_position(s, cfg, deal) ==
        yp::DealError::kBadDealer);
  deal.dealer = 1;
  CHECK(yp::deal_position(s, cfg, deal) ==
        yp::DealError::kNone);
  CHECK(s.dealer == 1);
}
