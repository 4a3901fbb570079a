// yijing/wire/validate_moves.hpp: the service's ValidateMoves fast path without
// Python. Its verdict bytes are checked against the Python path in
// tests/service (test_service_wire.py, test_service_mahjong_fastpath.py,
// test_service_front.py); here, what only C++ sees: the config images the
// front end takes from the Python server, and the plain requests the parser
// takes or declines.
#include <doctest/doctest.h>

#include <string>

#include "yijing/wire/validate_moves.hpp"

namespace w = yijing::wire;

namespace {

// One ValidateMoveRequest {position: {deal: {seed}, moves...}, move}, framed as
// item 1 of a ValidateMovesRequest; `rules_field` 0 leaves the rules out.
std::string item(std::uint32_t rules_field, const std::string& rules, std::uint64_t seed,
                 const std::string& move) {
  std::string deal;
  deal.push_back(w::key_of(w::kDealSeed, w::kVarint));
  w::put_varint(deal, seed);
  std::string position;
  if (rules_field != 0) {
    position.push_back(w::key_of(rules_field, w::kLen));
    w::put_varint(position, rules.size());
    position += rules;
  }
  w::put_string(position, w::kPositionDeal, deal);
  std::string it;
  w::put_string(it, w::kItemPosition, position);
  w::put_string(it, w::kItemMove, move);
  std::string out;
  out.push_back(w::key_of(w::kRequestRequests, w::kLen));
  w::put_varint(out, it.size());
  return out + it;
}

}  // namespace

TEST_CASE("a config image round-trips, and anything else is refused") {
  w::YijingpaiRuleSet rs;
  rs.players = 3;
  rs.deck = yijing::yijingpai::Deck::k162;
  const std::string image = w::yijingpai_image(rs);
  w::YijingpaiRuleSet back;
  REQUIRE(w::yijingpai_from_image(image, back));
  CHECK(back.players == 3);
  CHECK(back.deck == yijing::yijingpai::Deck::k162);
  CHECK_FALSE(w::yijingpai_from_image(image.substr(1), back));              // cut
  CHECK_FALSE(w::yijingpai_from_image("MJR1" + image.substr(4), back));     // the other game's
  std::string bad = image;
  bad.back() = 99;  // taiji: not a TaijiRule
  CHECK_FALSE(w::yijingpai_from_image(bad, back));
  w::YijingpaiRuleSet unplayable;
  unplayable.players = 9;  // more than kMaxPlayers
  CHECK_FALSE(w::yijingpai_from_image(w::yijingpai_image(unplayable), back));

  yijing::mahjong::Config cfg;
  cfg.ruleset = yijing::mahjong::Ruleset::kChangsha;
  cfg.birds = 4;
  yijing::mahjong::Config mj_back;
  REQUIRE(w::mahjong_from_image(w::mahjong_image(cfg), mj_back));
  CHECK(mj_back.changsha());
  CHECK(mj_back.birds == 4);
  CHECK_FALSE(w::mahjong_from_image(image, mj_back));  // a Yi Jing image
  cfg.birds = 3;  // not 0, 2 or 4
  CHECK_FALSE(w::mahjong_from_image(w::mahjong_image(cfg), mj_back));
}

TEST_CASE("each game's parser takes its own positions and declines the other's") {
  const w::Limits lim{256, 1000, 64};
  const std::string yj = item(0, "", 7, "s0:pass");  // Yi Jing Pai, default rules
  const std::string mj = item(w::kPositionMahjong, "", 7, "s0:pass");  // default mahjong rules
  w::Parsed p;
  CHECK(w::parse_yijingpai(yj, lim, p));
  CHECK(p.distinct_rules.size() == 1);
  p = w::Parsed{};
  CHECK_FALSE(w::parse_yijingpai(mj, lim, p));
  p = w::Parsed{};
  CHECK(w::parse_mahjong(mj, lim, p));
  p = w::Parsed{};
  CHECK_FALSE(w::parse_mahjong(yj, lim, p));  // no mahjong_rules: a Yi Jing position
  p = w::Parsed{};
  CHECK(w::parse_yijingpai("", lim, p));  // an empty batch: answered (empty)
  p = w::Parsed{};
  CHECK_FALSE(w::parse_mahjong("", lim, p));  // the Python path's
  p = w::Parsed{};
  CHECK_FALSE(w::parse_yijingpai(yj + yj, w::Limits{1, 1000, 64}, p));  // over --max-batch
}

TEST_CASE("answers count every verdict by reason and write one entry per item") {
  const w::Limits lim{256, 1000, 64};
  const std::string request = item(w::kPositionMahjong, "", 3, "garbage") +
                              item(w::kPositionMahjong, "", 3, "garbage");
  w::Parsed p;
  REQUIRE(w::parse_mahjong(request, lim, p));
  std::vector<std::string> entries;
  for (int r = 0; r < w::mahjong_reasons(); ++r)
    entries.push_back(w::mahjong_verdict_entry(r, w::mahjong_reason_message(r)));
  w::Answer a;
  REQUIRE(w::answer_mahjong(p, {yijing::mahjong::Config{}}, entries, a));
  long long total = 0;
  int malformed = -1;
  for (int r = 0; r < w::mahjong_reasons(); ++r) {
    total += a.counts[static_cast<std::size_t>(r)];
    if (std::string(w::mahjong_reason_name(r)) == "malformed") malformed = r;
  }
  CHECK(total == 2);
  REQUIRE(malformed >= 0);
  CHECK(a.counts[static_cast<std::size_t>(malformed)] == 2);
  CHECK(a.response == entries[static_cast<std::size_t>(malformed)] + entries[static_cast<std::size_t>(malformed)]);
}
