// What a seat may see (docs/yijing.md §7 "Views", §8 "Result"): view_of and
// result_of, whose values the binding only converts.
#include <algorithm>

#include "yijing/yijingpai/view.hpp"
#include "yijing/yijingpai/wall.hpp"
#include "yijingpai_test_util.hpp"

using namespace yjt;

namespace {

yp::State dealt() {
  yp::State s;
  const yp::Deal d = yp::shuffle_wall(7, yp::Deck::k144, yp::TaijiRule::kWild);
  REQUIRE(yp::init_state(s, config(), d.wall, 1) == yp::InitError::kNone);
  return s;
}

}  // namespace

TEST_CASE("view: a seat sees its own hand and target, never another's") {
  yp::State s = dealt();
  const std::vector<std::string> targets = legal(s, 2);
  REQUIRE_FALSE(targets.empty());
  play(s, targets.front());
  const yp::View mine = yp::view_of(s, 2);
  CHECK(mine.viewer == 2);
  CHECK(std::string(mine.phase) == "target");
  CHECK(mine.dealer == 1);
  CHECK(mine.turn == -1);
  CHECK(mine.to_act == false);  // its target is laid; the others' are not
  REQUIRE(mine.seats.size() == 4);
  for (const yp::SeatView& sv : mine.seats) {
    CHECK(sv.own == (sv.seat == 2));
    if (sv.seat != 2) {
      CHECK(sv.hand.empty());
      CHECK_FALSE(sv.target.has_value());
    }
  }
  CHECK(mine.seats[2].hand == yp::hand_string(s.seats[2].hand));
  REQUIRE(mine.seats[2].target.has_value());
  CHECK("s2:target=" + *mine.seats[2].target == targets.front());
  CHECK(mine.seats[2].target_laid);
  // The history shows that the target was laid, not its lines.
  CHECK(mine.history == std::vector<std::string>{"s2:target"});
  const yp::View other = yp::view_of(s, 0);
  CHECK(other.to_act);
  CHECK(other.seats[2].target_laid);
  CHECK_FALSE(other.seats[2].target.has_value());
  CHECK(other.seats[0].hand == yp::hand_string(s.seats[0].hand));
  const yp::View observer = yp::view_of(s, -1);
  CHECK(observer.viewer == -1);
  CHECK_FALSE(observer.to_act);
  CHECK(std::none_of(observer.seats.begin(), observer.seats.end(),
                     [](const yp::SeatView& sv) { return sv.own; }));
  CHECK(observer.history == mine.history);
  CHECK_FALSE(observer.result.has_value());
  CHECK_FALSE(yp::result_of(s).has_value());
}

TEST_CASE("view: passes are left out of the public history") {
  yp::State s = dealt();
  for (int seat = 0; seat < 4; ++seat) play(s, legal(s, seat).front());
  REQUIRE(s.phase != yp::Phase::kTarget);
  // Play on until a pass has been made (or the hand ends).
  for (int step = 0; step < 400 && s.phase != yp::Phase::kOver; ++step) {
    int seats[yp::kMaxPlayers];
    REQUIRE(yp::to_act(s, seats) > 0);
    const std::vector<std::string> moves = legal(s, seats[0]);
    const auto pass = std::find(moves.begin(), moves.end(), "s" + std::to_string(seats[0]) + ":pass");
    play(s, pass != moves.end() ? *pass : moves.front());
  }
  const yp::View v = yp::view_of(s, -1);
  int passes = 0;
  for (int i = 0; i < s.n_history; ++i) passes += yp::action_kind(s.history[i]) == yp::Kind::kPass;
  CHECK(static_cast<int>(v.history.size()) == s.n_history - passes);
  for (const std::string& m : v.history) CHECK(m.find(":pass") == std::string::npos);
  if (s.phase == yp::Phase::kOver) {
    const auto r = yp::result_of(s);
    REQUIRE(r.has_value());
    int sum = 0;
    for (int p : r->payments) sum += p;
    CHECK(sum == 0);  // payments sum to 0 (§8)
    CHECK(r->payments.size() == 4);
    CHECK((std::string(r->kind) == "draw") == (r->winner == -1));
    CHECK((std::string(r->kind) == "draw") == !r->lines.has_value());
  }
}

TEST_CASE("view: a View filled again shows only what the new viewer may see") {
  yp::State s = dealt();
  play(s, legal(s, 2).front());
  yp::View reused;
  yp::view_of(s, 2, reused);
  REQUIRE(reused.seats[2].own);
  REQUIRE(reused.seats[2].target.has_value());
  for (int viewer = -1; viewer < 4; ++viewer) {
    yp::view_of(s, viewer, reused);
    const yp::View fresh = yp::view_of(s, viewer);
    for (std::size_t p = 0; p < fresh.seats.size(); ++p) {
      CHECK(reused.seats[p].own == fresh.seats[p].own);
      CHECK(reused.seats[p].hand == fresh.seats[p].hand);
      CHECK(reused.seats[p].target == fresh.seats[p].target);
      CHECK(reused.seats[p].completed == fresh.seats[p].completed);
    }
    CHECK(reused.history == fresh.history);
    CHECK(reused.to_act == fresh.to_act);
    CHECK(reused.last_play.has_value() == fresh.last_play.has_value());
  }
}
