#include <doctest/doctest.h>

#include <set>
#include <string>
#include <string_view>

#include "yijing/yijingpai/iching_tables.hpp"

namespace yp = yijing::yijingpai;

TEST_CASE("64 hexagrams in King Wen order with distinct six-line patterns") {
  REQUIRE(yp::kHexagrams.size() == 64);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < yp::kHexagrams.size(); ++i) {
    const auto& h = yp::kHexagrams[i];
    CHECK(h.king_wen == static_cast<int>(i + 1));
    const std::string lines = h.lines;
    CHECK(lines.size() == 6);
    CHECK(lines.find_first_not_of("01") == std::string::npos);
    seen.insert(lines);
    // The lower/upper trigram names agree with the line pattern.
    const auto* lower = yp::trigram_by_lines(lines.substr(0, 3));
    const auto* upper = yp::trigram_by_lines(lines.substr(3, 3));
    REQUIRE(lower != nullptr);
    REQUIRE(upper != nullptr);
    CHECK(std::string_view(lower->name) == h.lower);
    CHECK(std::string_view(upper->name) == h.upper);
  }
  CHECK(seen.size() == 64);
}

TEST_CASE("lines <-> King Wen round trip") {
  for (int n = 1; n <= 64; ++n) {
    const auto* h = yp::hexagram_by_king_wen(n);
    REQUIRE(h != nullptr);
    CHECK(yp::king_wen_from_lines(h->lines) == n);
  }
  for (int bits = 0; bits < 64; ++bits) {
    std::string lines;
    for (int i = 0; i < 6; ++i) lines += ((bits >> i) & 1) ? '1' : '0';
    const int n = yp::king_wen_from_lines(lines);
    REQUIRE(n >= 1);
    CHECK(std::string(yp::hexagram_by_king_wen(n)->lines) == lines);
  }
}

TEST_CASE("bad lookups give 0 / nullptr") {
  CHECK(yp::king_wen_from_lines("") == 0);
  CHECK(yp::king_wen_from_lines("11000") == 0);
  CHECK(yp::king_wen_from_lines("1100011") == 0);
  CHECK(yp::king_wen_from_lines("11x001") == 0);
  CHECK(yp::hexagram_by_king_wen(0) == nullptr);
  CHECK(yp::hexagram_by_king_wen(65) == nullptr);
  CHECK(yp::trigram_by_lines("11x") == nullptr);
  CHECK(yp::trigram_by_lines("11") == nullptr);
  CHECK(yp::digram_by_lines("1") == nullptr);
}

TEST_CASE("spot values") {
  const auto* sun = yp::hexagram_by_king_wen(41);
  REQUIRE(sun != nullptr);
  CHECK(std::string_view(sun->name) == "損");
  CHECK(std::string_view(sun->unicode) == "䷨");
  CHECK(std::string_view(sun->lines) == "110001");
  CHECK(std::string_view(sun->lower) == "兌");
  CHECK(std::string_view(sun->upper) == "艮");
  CHECK(yp::king_wen_from_lines("111111") == 1);
  CHECK(yp::king_wen_from_lines("000000") == 2);
  CHECK(yp::king_wen_from_lines("101010") == 63);
  CHECK(yp::king_wen_from_lines("010101") == 64);
}

TEST_CASE("8 trigrams and 4 digrams") {
  REQUIRE(yp::kTrigrams.size() == 8);
  REQUIRE(yp::kDigrams.size() == 4);
  std::set<std::string> tri, di;
  for (const auto& t : yp::kTrigrams) tri.insert(t.lines);
  for (const auto& d : yp::kDigrams) di.insert(d.lines);
  CHECK(tri.size() == 8);
  CHECK(di.size() == 4);
  const auto* dui = yp::trigram_by_lines("110");
  REQUIRE(dui != nullptr);
  CHECK(std::string_view(dui->name) == "兌");
  CHECK(std::string_view(dui->unicode) == "☱");
  const auto* shao_yin = yp::digram_by_lines("10");
  REQUIRE(shao_yin != nullptr);
  CHECK(std::string_view(shao_yin->name) == "少陰");
  CHECK(std::string_view(shao_yin->unicode) == "⚍");
}
