// What a seat may see (docs/mahjong-engine.md "view"): view_of and result_of,
// whose values the binding only converts.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "mahjong_test_util.hpp"
#include "yijing/mahjong/notation.hpp"
#include "yijing/mahjong/view.hpp"

namespace {

namespace mj = yijing::mahjong;

void play(mj::State& s, const std::string& move) {
  mj::MoveSpec spec;
  REQUIRE(mj::parse_move(move, spec) == mj::Reason::kOk);
  REQUIRE(mj::check(s, spec) == mj::Reason::kOk);
  mj::apply(s, mj::to_move(spec));
}

mj::Config void_game() { return mj::make_config("common", false, true, true).config; }

}  // namespace

TEST_CASE("mahjong view: own hand only; void choices hidden until all four are in") {
  const mj::Config cfg = void_game();
  mj::State s;
  mjt::deal(s, cfg, 11);
  REQUIRE(s.phase == mj::Phase::kVoid);
  play(s, "s2:void=m");
  const mj::View mine = mj::view_of(s, 2);
  const mj::View other = mj::view_of(s, 0);
  const mj::View observer = mj::view_of(s, -1);
  CHECK(std::string(mine.phase) == "void");
  CHECK(mine.turn == -1);
  CHECK_FALSE(mine.offer.has_value());
  REQUIRE(mine.seats.size() == 4);
  for (int p = 0; p < 4; ++p) {
    CHECK(mine.seats[p].own == (p == 2));
    CHECK(other.seats[p].own == (p == 0));
    CHECK_FALSE(observer.seats[p].own);
    CHECK(mine.seats[p].hand_count == s.seats[p].n_concealed);
  }
  REQUIRE(mine.seats[2].hand.has_value());
  CHECK(*mine.seats[2].hand == mj::hand_string(s.seats[2].counts));
  CHECK(mine.seats[2].void_suit == std::optional<std::string>("m"));  // own choice at once
  CHECK_FALSE(other.seats[2].void_suit.has_value());
  CHECK_FALSE(observer.seats[2].void_suit.has_value());
  CHECK(mine.history == std::vector<std::string>{"s2:void=m"});
  CHECK(other.history.empty());  // not even that seat 2 has answered
  CHECK(observer.history.empty());
  play(s, "s0:void=p");
  play(s, "s1:void=s");
  play(s, "s3:void=m");
  const mj::View after = mj::view_of(s, 0);
  CHECK(after.seats[2].void_suit == std::optional<std::string>("m"));
  CHECK(after.seats[1].void_suit == std::optional<std::string>("s"));
  CHECK(after.history.size() == 4);
  CHECK(std::string(after.phase) == "play");
  CHECK(after.turn == s.turn);
}

TEST_CASE("mahjong view: a hand played out; passes never shown; the result is the view's") {
  mj::Config cfg;  // common, the defaults
  mj::State s;
  mjt::deal(s, cfg, 5);
  int steps = 0;
  while (s.phase != mj::Phase::kOver && steps++ < 1000) {
    mj::Move moves[mj::kMaxLegalMoves];
    const int n = mj::legal_moves(s, mjt::first_to_act(s), moves);
    REQUIRE(n > 0);
    // Prefer a pass when there is one, so that the history holds some.
    mj::Move pick = moves[0];
    for (int i = 0; i < n; ++i)
      if (mj::move_act(moves[i]) == mj::Act::kPass) pick = moves[i];
    mj::apply(s, pick);
  }
  REQUIRE(s.phase == mj::Phase::kOver);
  int passes = 0;
  for (int i = 0; i < s.n_history; ++i) passes += mj::move_act(s.history[i]) == mj::Act::kPass;
  const mj::View v = mj::view_of(s, -1);
  CHECK(static_cast<int>(v.history.size()) == s.n_history - passes);
  for (const std::string& m : v.history) CHECK(m.find(":pass") == std::string::npos);
  REQUIRE(v.result.has_value());
  const auto r = mj::result_of(s);
  REQUIRE(r.has_value());
  CHECK(std::string(r->kind) == v.result->kind);
  REQUIRE(r->payments.size() == 4);
  std::int64_t sum = 0;
  for (std::int64_t p : r->payments) sum += p;
  CHECK(sum == 0);
  CHECK((std::string(r->kind) == "draw") == (r->winner == -1));
}

TEST_CASE("mahjong view: a View filled again shows only what the new viewer may see") {
  const mj::Config cfg = void_game();
  mj::State s;
  mjt::deal(s, cfg, 11);
  play(s, "s2:void=m");
  mj::View reused;
  mj::view_of(s, 2, reused);
  REQUIRE(reused.seats[2].hand.has_value());
  REQUIRE(reused.seats[2].void_suit.has_value());
  for (int viewer = -1; viewer < 4; ++viewer) {
    mj::view_of(s, viewer, reused);
    const mj::View fresh = mj::view_of(s, viewer);
    for (std::size_t p = 0; p < 4; ++p) {
      CHECK(reused.seats[p].own == fresh.seats[p].own);
      CHECK(reused.seats[p].hand == fresh.seats[p].hand);
      CHECK(reused.seats[p].drawn == fresh.seats[p].drawn);
      CHECK(reused.seats[p].void_suit == fresh.seats[p].void_suit);
      CHECK(reused.seats[p].raised == fresh.seats[p].raised);
      CHECK(reused.seats[p].melds.size() == fresh.seats[p].melds.size());
      CHECK(reused.seats[p].discards.size() == fresh.seats[p].discards.size());
    }
    CHECK(reused.history == fresh.history);
    CHECK(reused.offer.has_value() == fresh.offer.has_value());
  }
}
