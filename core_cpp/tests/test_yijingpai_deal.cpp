// Deal and target phase (docs/yijing.md §2, §3 "target").
#include <algorithm>

#include "yijingpai_test_util.hpp"

using namespace yjt;

TEST_CASE("deal: grabs of 4 from the dealer counterclockwise in two rounds") {
  // dealer 2 of 4: seat 2 gets tiles 0-3 and 16-19, seat 3 4-7 and 20-23, ...
  std::string wall = make_wall({"11111111", "00000000", "1111000T", "10101010"}, 2, 2);
  yp::State s;
  REQUIRE(yp::init_state(s, config(), wall, 2) == yp::InitError::kNone);
  CHECK(yp::hand_string(s.seats[0].hand) == "11111111");
  CHECK(yp::hand_string(s.seats[1].hand) == "00000000");
  CHECK(yp::hand_string(s.seats[2].hand) == "1111000T");
  CHECK(yp::hand_string(s.seats[3].hand) == "11110000");
  CHECK(s.wall_remaining() == 144 - 32);
  CHECK(yp::wall_string(s) == wall);
  CHECK(wall.substr(0, 4) == "1111");  // seat 2 first
}

TEST_CASE("deal: simple variant adds a round of 1 each") {
  std::string wall = make_wall({"111111111", "000000000", "1111000T0"}, 3, 1);
  yp::State s;
  REQUIRE(yp::init_state(s, config(3, 3), wall, 1) == yp::InitError::kNone);
  CHECK(yp::hand_string(s.seats[0].hand) == "111111111");
  CHECK(yp::hand_string(s.seats[2].hand) == "11110000T");
  CHECK(s.wall_remaining() == 144 - 27);
}

TEST_CASE("deal: bad input is refused") {
  yp::State s;
  const std::string wall = make_wall({"11111111", "00000000"}, 2, 0);
  CHECK(yp::init_state(s, config(2, 2), wall, 2) == yp::InitError::kBadDealer);
  CHECK(yp::init_state(s, config(2, 2), wall, -1) == yp::InitError::kBadDealer);
  CHECK(yp::init_state(s, config(4, 2), wall, 0) == yp::InitError::kBadConfig);
  CHECK(yp::init_state(s, config(2, 2, 0), wall, 0) == yp::InitError::kBadConfig);
  CHECK(yp::init_state(s, config(2, 5), wall, 0) == yp::InitError::kBadConfig);
  CHECK(yp::init_state(s, config(2, 2), wall.substr(1), 0) == yp::InitError::kBadWall);
  CHECK(yp::init_state(s, config(2, 2), wall + "1", 0) == yp::InitError::kBadWall);
  CHECK(yp::init_state(s, config(2, 2), "x" + wall.substr(1), 0) == yp::InitError::kBadWall);
  CHECK(yp::init_state(s, config(2, 2), std::string(200, '1'), 0) == yp::InitError::kBadWall);
  const std::string no_taiji = make_wall({"11111111", "00000000"}, 2, 0, "", false);
  CHECK(no_taiji.size() == 140);
  CHECK(yp::init_state(s, config(2, 2), no_taiji, 0) == yp::InitError::kNone);
}

TEST_CASE("target phase: seats lay targets in any order and then the dealer plays") {
  yp::State s;
  REQUIRE(yp::init_state(s, config(2, 3), make_wall({"1111000T", "11110000", "11110000"}, 2, 1), 1) ==
          yp::InitError::kNone);
  int seats[4];
  CHECK(yp::to_act(s, seats) == 3);
  CHECK(code(s, "s0:play=10") == "wrong_phase");
  CHECK(code(s, "s0:target=11111") == "wrong_count");
  CHECK(code(s, "s0:target=111110") == "tiles_not_in_hand");
  CHECK(code(s, "s1:target=11-000") == "tiles_not_in_hand");  // seat 1 has no taiji
  CHECK(code(s, "s0:target=1-+000") == "tiles_not_in_hand");  // seat 0 has one
  play(s, "s2:target=111000");
  CHECK(code(s, "s2:target=111000") == "target_already_laid");
  CHECK(code(s, "s2:target=1") == "target_already_laid");  // check 5 before 6
  CHECK(yp::to_act(s, seats) == 2);
  play(s, "s0:target=11+100");
  CHECK(yp::hand_string(s.seats[0].hand) == "10");
  CHECK(s.phase == yp::Phase::kTarget);
  play(s, "s1:target=000111");
  CHECK(s.phase == yp::Phase::kPlay);
  CHECK(s.turn == 1);  // the dealer
  CHECK(legal(s, 1) == std::vector<std::string>{"s1:play=01", "s1:play=10"});
  CHECK(legal(s, 0).empty());
}

TEST_CASE("target phase: legal targets are distinct strings within the tiles") {
  yp::State s;
  REQUIRE(yp::init_state(s, config(2, 2), make_wall({"1111000T", "11110000"}, 2, 0), 0) ==
          yp::InitError::kNone);
  const auto moves = legal(s, 0);
  // 4 yang, 3 yin, 1 taiji: count by brute force over {1,0,+,-}^6.
  int expected = 0;
  for (int code6 = 0; code6 < 4096; ++code6) {
    int c[4] = {0, 0, 0, 0};
    for (int i = 0; i < 6; ++i) ++c[(code6 >> (2 * i)) & 3];
    if (c[0] <= 4 && c[1] <= 3 && c[2] + c[3] <= 1) ++expected;
  }
  CHECK(static_cast<int>(moves.size()) == expected);
  for (const auto& m : moves) CHECK(code(s, m) == "ok");
  // Union for -1 is the two seats' moves together, sorted.
  CHECK(legal(s, -1).size() == moves.size() + legal(s, 1).size());
}

TEST_CASE("legal action bound: worst-case target counts fit kMaxLegalActions") {
  // Per seat: 6-line strings over {1,0,+,-} with #1 <= a, #0 <= b, #taiji <= c.
  auto count = [](int a, int b, int c) {
    int n = 0;
    for (int code6 = 0; code6 < 4096; ++code6) {
      int t[4] = {0, 0, 0, 0};
      for (int i = 0; i < 6; ++i) ++t[(code6 >> (2 * i)) & 3];
      if (t[0] <= a && t[1] <= b && t[2] + t[3] <= c) ++n;
    }
    return n;
  };
  int best_union = 0;
  for (int tiles = 8; tiles <= 9; ++tiles) {
    int per_c[5] = {0, 0, 0, 0, 0};
    for (int c = 0; c <= 4; ++c)
      for (int a = 0; a + c <= tiles; ++a) per_c[c] = std::max(per_c[c], count(a, tiles - c - a, c));
    for (int c0 = 0; c0 <= 4; ++c0)
      for (int c1 = 0; c0 + c1 <= 4; ++c1)
        for (int c2 = 0; c0 + c1 + c2 <= 4; ++c2)
          for (int c3 = 0; c0 + c1 + c2 + c3 <= 4; ++c3)
            best_union = std::max(best_union, per_c[c0] + per_c[c1] + per_c[c2] + per_c[c3]);
  }
  CHECK(best_union == 2968);
  CHECK(best_union <= yp::kMaxLegalActions);
}
