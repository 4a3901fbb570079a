// Move notation (docs/yijing.md §1): the grammar, saturation, formatting.
#include <doctest/doctest.h>

#include <string>

#include "yijing/yijingpai/notation.hpp"

namespace yp = yijing::yijingpai;

TEST_CASE("notation: well-formed moves parse") {
  auto m = yp::parse_move("s2:target=110+01");
  REQUIRE(m);
  CHECK(m->seat == 2);
  CHECK(m->kind == yp::Kind::kTarget);
  CHECK(m->nlines == 6);
  CHECK(m->values == 0b101011);  // bit i = line i+1
  CHECK(m->taiji == 0b001000);

  m = yp::parse_move("s1:pong=00@inner");
  REQUIRE(m);
  CHECK(m->kind == yp::Kind::kPong);
  CHECK(m->placement == yp::Placement::kInner);
  CHECK(m->has_placement);

  m = yp::parse_move("s3:win");
  REQUIRE(m);
  CHECK(m->kind == yp::Kind::kWin);
  CHECK_FALSE(m->has_placement);

  m = yp::parse_move("s3:win@outer");  // parses; bad_placement later
  REQUIRE(m);
  CHECK(m->has_placement);
  CHECK(m->placement == yp::Placement::kOuter);

  m = yp::parse_move("s0:play=1111111111");  // wrong length parses (wrong_count)
  REQUIRE(m);
  CHECK(m->nlines == 10);

  m = yp::parse_move("s123456789012345678901:pass");  // saturates: no_such_seat
  REQUIRE(m);
  CHECK(m->seat == 0xFFFFFFFFu);
}

TEST_CASE("notation: malformed moves") {
  for (const char* bad :
       {"", "s", "s:pass", "s01:pass", "s-1:pass", "S0:pass", "s0pass", "s0:pass ", " s0:pass",
        "s0:Pass", "s0:pass@outer", "s0:target=", "s0:target=11x011", "s0:play=", "s0:play=10@outer",
        "s0:pong=11", "s0:pong=11@", "s0:pong=@outer", "s0:pong=11@top", "s0:win@", "s0:win@middle",
        "s0:wins", "s0:target=T10101", "s0:play=1 0"}) {
    INFO(bad);
    CHECK_FALSE(yp::parse_move(bad).has_value());
  }
  // 64 characters is the limit.
  const std::string ok64 = "s0:play=" + std::string(56, '1');
  CHECK(ok64.size() == 64);
  CHECK(yp::parse_move(ok64).has_value());
  CHECK_FALSE(yp::parse_move(ok64 + "1").has_value());
}

TEST_CASE("notation: format round trip") {
  for (const char* text : {"s2:target=110+01", "s0:play=10", "s1:play=-+", "s3:pong=00@inner",
                           "s1:pong=1+@split", "s2:pong=000@outer", "s3:win", "s3:win@inner",
                           "s0:win@split", "s1:pass", "s0:play=101"}) {
    INFO(text);
    const auto m = yp::parse_move(text);
    REQUIRE(m);
    const int k = m->nlines == 3 ? 3 : 2;
    CHECK(yp::format_action(yp::to_action(*m), k) == text);
  }
  CHECK(yp::format_action(yp::make_target(2, 0b101011, 0b001000), 2, true) == "s2:target");
}

TEST_CASE("notation: lines and hands") {
  CHECK(yp::lines_string(0b101011, 0b001000, 6) == "110+01");
  CHECK(yp::lines_string(0b10, 0b11, 2) == "-+");
  CHECK(yp::hand_string(yp::Hand{2, 1, 1}) == "110T");
}
