// Each game's one Config check (config_error): the option tables of
// docs/yijing.md "Options" and docs/mahjong.md "Options and defaults", the
// Python Config's words, and config_valid (the engine's, the service's and
// the front end's check) agreeing with it.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "yijing/mahjong/config.hpp"
#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/tiles.hpp"
#include "yijing/yijingpai/config.hpp"
#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/wall.hpp"

namespace yp = yijing::yijingpai;
namespace mj = yijing::mahjong;

TEST_CASE("Yi Jing Pai: the defaults and every allowed value pass the check") {
  CHECK(yp::config_error(yp::ConfigArgs{}).empty());
  for (long long k : {2, 3})
    for (long long players : {2, 3, 4})
      for (long long deck : {144, 162})
        for (const char* taiji : {"wild", "none"}) {
          yp::ConfigArgs a;
          a.play_size = k;
          a.players = players;
          a.deck = deck;
          a.taiji = taiji;
          a.win_mask = 63;
          const yp::ConfigResult r = yp::make_config(a);
          REQUIRE(r.error.empty());
          CHECK(r.config.players == players);
          CHECK(static_cast<long long>(r.config.deck) == deck);
          CHECK(std::string(yp::taiji_name(r.config.taiji)) == taiji);
          CHECK(yp::config_valid(r.config));
        }
}

TEST_CASE("Yi Jing Pai: a value out of range is named, as given, in the table's order") {
  yp::ConfigArgs a;
  a.play_size = 4;
  CHECK(yp::config_error(a) == "play_size must be 2 or 3; got 4");
  a = {};
  a.players = 5;
  CHECK(yp::config_error(a) == "players must be 2, 3 or 4; got 5");
  a.players = 1;
  CHECK(yp::config_error(a) == "players must be 2, 3 or 4; got 1");
  a = {};
  a.win_mask = 0;
  CHECK(yp::config_error(a) == "win_mask must be a non-zero subset of the 6 condition bits; got 0");
  a.win_mask = 64;
  CHECK(yp::config_error(a) == "win_mask must be a non-zero subset of the 6 condition bits; got 64");
  a = {};
  a.deck = 136;
  CHECK(yp::config_error(a) == "deck must be 144 or 162; got 136");
  a = {};
  a.taiji = "Wild";
  CHECK(yp::config_error(a) == "taiji must be 'wild' or 'none'; got 'Wild'");
  a.play_size = 9;  // two bad options: the first in the table's order is named
  CHECK(yp::config_error(a) == "play_size must be 2 or 3; got 9");
  CHECK_FALSE(yp::make_config(a).error.empty());
}

TEST_CASE("Yi Jing Pai: a Config the check refuses is not played") {
  yp::Config c;
  c.players = 5;
  CHECK_FALSE(yp::config_valid(c));
  yp::State s;
  CHECK(yp::init_state(s, c, yp::canonical_wall(yp::Deck::k144, yp::TaijiRule::kWild), 0) ==
        yp::InitError::kBadConfig);
  yp::Config bytes;  // an enum value no option names, as a config made from bytes holds
  const int bad = 7;
  std::memcpy(&bytes.taiji, &bad, sizeof bad);
  CHECK_FALSE(yp::config_valid(bytes));
  yp::Config deck;
  const int no_deck = 150;
  std::memcpy(&deck.deck, &no_deck, sizeof no_deck);
  CHECK_FALSE(yp::config_valid(deck));
}

TEST_CASE("mahjong: the defaults and every ruleset's allowed values pass the check") {
  CHECK(mj::config_error(mj::ConfigArgs{}).empty());
  for (const char* rs : {"common", "shaoyang", "changsha"}) {
    mj::ConfigArgs a;
    a.ruleset = rs;
    const mj::ConfigResult r = mj::make_config(a);
    REQUIRE(r.error.empty());
    CHECK(std::string(mj::ruleset_name(r.config.ruleset)) == rs);
    CHECK(mj::config_valid(r.config));
  }
  for (std::int64_t birds : {0, 2, 4})
    for (const char* scoring : {"add", "multiply"}) {
      mj::ConfigArgs a;
      a.ruleset = "changsha";
      a.birds = birds;
      a.bird_scoring = scoring;
      a.compound = scoring;
      a.cap = 0;
      a.floats = {0, 1, 2, 3};
      const mj::ConfigResult r = mj::make_config(a);
      REQUIRE(r.error.empty());
      CHECK(r.config.birds == birds);
      CHECK(std::string(mj::scoring_name(r.config.bird_scoring)) == scoring);
      CHECK(r.config.floats[3] == 3);
      CHECK(mj::config_valid(r.config));
    }
  mj::ConfigArgs flowers;
  flowers.flowers = true;
  CHECK(mj::config_error(flowers).empty());
  mj::ConfigArgs void_suit;
  void_suit.void_suit = true;
  CHECK(mj::config_error(void_suit).empty());
}

TEST_CASE("mahjong: a value out of range is named, as given") {
  mj::ConfigArgs a;
  a.ruleset = "riichi";
  CHECK(mj::config_error(a) == "unknown ruleset 'riichi'; rulesets: common, shaoyang, changsha");
  a = {};
  a.ruleset = "shaoyang";
  a.flowers = true;
  CHECK(mj::config_error(a) == "flowers and void_suit are options of common only");
  a = {};
  a.ruleset = "changsha";
  a.void_suit = true;
  CHECK(mj::config_error(a) == "flowers and void_suit are options of common only");
  a = {};
  a.flowers = true;
  a.void_suit = true;
  CHECK(mj::config_error(a) == "flowers and void_suit cannot both be on");
  for (std::int64_t birds : {-2, 1, 3, 6, 256}) {
    a = {};
    a.birds = birds;
    CHECK(mj::config_error(a) == "birds must be 0, 2 or 4; got " + std::to_string(birds));
  }
  a = {};
  a.bird_scoring = "double";
  CHECK(mj::config_error(a) == "bird_scoring must be 'add' or 'multiply'; got 'double'");
  a = {};
  a.compound = "";
  CHECK(mj::config_error(a) == "compound must be 'add' or 'multiply'; got ''");
  a = {};
  a.cap = -1;
  CHECK(mj::config_error(a) == "cap must be >= 0 (0: no cap); got -1");
  a = {};
  a.floats = {0, 0, -3, 0};
  CHECK(mj::config_error(a) == "floats must be four ints >= 0; got (0, 0, -3, 0)");
  CHECK_FALSE(mj::make_config(a).error.empty());
}

TEST_CASE("mahjong: a Config the check refuses is not played") {
  mj::Config c;
  c.birds = 3;
  CHECK_FALSE(mj::config_valid(c));
  mj::State s;
  CHECK(mj::init_state(s, c, mj::shuffle_wall(1, c.tiles()).wall, 0) == mj::InitError::kBadConfig);
  mj::Config both;
  both.flowers = true;
  both.void_suit = true;
  CHECK_FALSE(mj::config_valid(both));
  mj::Config shaoyang_flowers;
  shaoyang_flowers.ruleset = mj::Ruleset::kShaoyang;
  shaoyang_flowers.flowers = true;
  CHECK_FALSE(mj::config_valid(shaoyang_flowers));
  mj::Config negative;
  negative.cap = -1;
  CHECK_FALSE(mj::config_valid(negative));
  mj::Config bytes;  // enum values no option names, as a config made from bytes holds
  std::uint8_t bad = 9;
  std::memcpy(&bytes.ruleset, &bad, 1);
  CHECK_FALSE(mj::config_valid(bytes));
  mj::Config scoring;
  std::memcpy(&scoring.compound, &bad, 1);
  CHECK_FALSE(mj::config_valid(scoring));
}
