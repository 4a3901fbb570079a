// The mahjong game engine (core_cpp/include/yijing/mahjong/engine.hpp) on
// exact deals and on seeded random play. The parity with the Python
// reference (pyyijing/fallback/mahjong/engine.py) is tests/mahjong's; these
// pin the shuffle, the deal and each rule of docs/mahjong-engine.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <tuple>
#include <string>
#include <vector>

#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/notation.hpp"
#include "yijing/mahjong/random_play.hpp"
#include "yijing/prng.hpp"
// Internal: the shape bounds the random-play sweep checks (jiang_shanten).
#include "../src/mahjong/engine_internal.hpp"

namespace mj = yijing::mahjong;

namespace {

mj::Config common(bool flowers = false, bool void_suit = false, bool declare_ready = true) {
  mj::Config c;
  c.flowers = flowers;
  c.void_suit = void_suit;
  c.declare_ready = declare_ready;
  return c;
}

// As mj.Rules("shaoyang").core_config(): no 報聽.
mj::Config shaoyang() {
  mj::Config c;
  c.ruleset = mj::Ruleset::kShaoyang;
  c.declare_ready = false;
  return c;
}

std::vector<int> tiles_of(const std::string& codes) {
  std::vector<int> out;
  for (std::size_t i = 0; i + 1 < codes.size(); i += 2) {
    const int t = mj::tile_from_code(codes[i], codes[i + 1]);
    REQUIRE(t >= 0);
    out.push_back(t);
  }
  return out;
}

// A full wall of `cfg`'s tile set that deals hands[seat] (14 tiles for the
// dealer, 13 for the others, in dealing order) from `dealer` (rules §1),
// then has `front` as the next draws, `back` as the replacements (the first
// one is the last tile of the wall), and the remaining tiles in between.
std::string make_wall(const mj::Config& cfg, const std::vector<std::string>& hands, int dealer,
                      const std::string& front = "", const std::string& back = "") {
  std::vector<std::vector<int>> h;
  for (const auto& s : hands) h.push_back(tiles_of(s));
  REQUIRE(h.size() == 4);
  for (int seat = 0; seat < 4; ++seat) REQUIRE(h[seat].size() == (seat == dealer ? 14u : 13u));
  std::vector<int> prefix;
  for (int round = 0; round < 3; ++round)
    for (int i = 0; i < 4; ++i) {
      const auto& x = h[static_cast<std::size_t>((dealer + i) % 4)];
      prefix.insert(prefix.end(), x.begin() + 4 * round, x.begin() + 4 * round + 4);
    }
  prefix.push_back(h[static_cast<std::size_t>(dealer)][12]);
  prefix.push_back(h[static_cast<std::size_t>(dealer)][13]);
  for (int i = 1; i < 4; ++i) prefix.push_back(h[static_cast<std::size_t>((dealer + i) % 4)][12]);
  for (int t : tiles_of(front)) prefix.push_back(t);
  std::vector<int> suffix = tiles_of(back);
  std::reverse(suffix.begin(), suffix.end());
  int left[mj::kTileIds];
  for (int t = 0; t < mj::kTileIds; ++t) left[t] = mj::copies_in_set(cfg.tiles(), t);
  for (int t : prefix) REQUIRE(--left[t] >= 0);
  for (int t : suffix) REQUIRE(--left[t] >= 0);
  std::vector<int> wall = prefix;
  for (int t = 0; t < mj::kTileIds; ++t)
    for (; left[t] > 0; --left[t]) wall.push_back(t);
  wall.insert(wall.end(), suffix.begin(), suffix.end());
  std::string out;
  for (int t : wall) out += mj::tile_code(static_cast<mj::Tile>(t));
  return out;
}

mj::State deal(const mj::Config& cfg, const std::string& wall, int dealer) {
  mj::State s;
  REQUIRE(mj::init_state(s, cfg, wall, dealer) == mj::InitError::kNone);
  return s;
}

std::string verdict(const mj::State& s, const std::string& move) {
  return mj::reason_name(mj::check_move(s, move));
}

void play(mj::State& s, const std::string& move) {
  INFO("move " << move);
  mj::MoveSpec spec;
  REQUIRE(mj::parse_move(move, spec) == mj::Reason::kOk);
  REQUIRE(std::string(mj::reason_name(mj::check(s, spec))) == "ok");
  mj::apply(s, mj::to_move(spec));
}

std::vector<std::string> legal(const mj::State& s, int seat = -1) {
  mj::Move buf[mj::kMaxLegalMoves];
  const int n = mj::legal_moves(s, seat, buf);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(mj::format_move(buf[i]));
  return out;
}

std::vector<int> acting(const mj::State& s) {
  int seats[4];
  const int n = mj::to_act(s, seats);
  return std::vector<int>(seats, seats + n);
}

std::string hand(const mj::State& s, int seat) { return mj::hand_string(s.seats[seat].counts); }

std::vector<long long> pays(const mj::State& s) {
  std::int64_t p[4];
  mj::payments(s, p);
  return std::vector<long long>(p, p + 4);
}

std::string ledger(const mj::State& s) {
  std::string out;
  for (int i = 0; i < s.n_ledger; ++i) {
    const auto& e = s.ledger[i];
    out += std::string(mj::pay_name(e.reason)) + " " + std::to_string(e.payer) + ">" +
           std::to_string(e.payee) + " " + std::to_string(e.amount) + ";";
  }
  return out;
}

// Every tile of the wall is somewhere: live wall, hands, melds, discards
// lying in the discards, flowers.
int tiles_accounted(const mj::State& s) {
  int n = s.wall_remaining();
  for (const auto& st : s.seats) {
    n += st.n_concealed + st.n_flowers;
    for (int i = 0; i < st.n_melds; ++i) {
      const mj::MeldKind k = st.melds[i].kind;
      n += k == mj::MeldKind::kChow || k == mj::MeldKind::kPung ? 3 : 4;
    }
  }
  for (int i = 0; i < s.n_discards; ++i) n += !s.discards[i].claimed;
  return n;
}

}  // namespace

TEST_CASE("mahjong shuffle: golden vectors (the Python twin, pyyijing/fallback/mahjong/tiles.py, agrees)") {
  struct Golden {
    mj::TileSet set;
    std::uint64_t seed;
    const char* head;  // the first 24 tiles
    const char* tail;  // the last 8
    int d1, d2;
  };
  const Golden golden[] = {
      {mj::TileSet::k136, 0, "4m2p3s8s5p5s3p4m6p8m3z2p6p7p2m6z1p6m5p6m3z9p5s6p", "4z6s7p3s2z7m9s5z", 4, 2},
      {mj::TileSet::k144, 42, "9m9p5s3p3m1m3s2p6p4p4p3m8s2s7s4m6s7m9s8s4s2m8f7s", "4z3s8s3z2z7p4s2m", 1, 5},
      {mj::TileSet::k108, 18446744073709551615ULL, "6p6s1s5p6m9p3m1m9m7m5s1p4p6p3m6s2m7s9s1p8m8s1p8p",
       "2s7s9p5m7p3p5m1p", 6, 5},
  };
  for (const auto& g : golden) {
    const mj::Deal d = mj::shuffle_wall(g.seed, g.set);
    CHECK(d.wall.size() == static_cast<std::size_t>(2 * mj::set_size(g.set)));
    CHECK(d.wall.substr(0, 48) == g.head);
    CHECK(d.wall.substr(d.wall.size() - 16) == g.tail);
    CHECK(d.die1 == g.d1);
    CHECK(d.die2 == g.d2);
    // A shuffle of the tile set: it deals.
    mj::State s;
    mj::Config cfg = common(g.set == mj::TileSet::k144, g.set == mj::TileSet::k108);
    CHECK(mj::init_state(s, cfg, d.wall, 0) == mj::InitError::kNone);
  }
  // Exactly Xoshiro256ss::uniform's Fisher-Yates (the slow path, by hand).
  yijing::Xoshiro256ss rng(7);
  mj::Tile a[mj::kMaxWallTiles];
  const int n = mj::canonical_wall(mj::TileSet::k144, a);
  for (int i = n - 1; i >= 1; --i) std::swap(a[i], a[rng.uniform(static_cast<std::uint64_t>(i + 1))]);
  const int d1 = 1 + static_cast<int>(rng.uniform(6)), d2 = 1 + static_cast<int>(rng.uniform(6));
  const mj::Deal d = mj::shuffle_wall(7, mj::TileSet::k144);
  CHECK(d.wall == mj::tiles_string(a, n));
  CHECK(d.die1 == d1);
  CHECK(d.die2 == d2);
}

TEST_CASE("mahjong deal: three rounds of four from the dealer, then 2 + 1 + 1 + 1") {
  // Wall = every kind in id order: index i is kind i / 4.
  std::string wall;
  for (int t = 0; t < mj::kKinds; ++t)
    for (int c = 0; c < 4; ++c) wall += mj::tile_code(static_cast<mj::Tile>(t));
  const mj::State s = deal(common(), wall, 2);
  auto idx = [&](std::initializer_list<int> ids) {
    mj::Counts c{};
    for (int i : ids) ++c[static_cast<std::size_t>(i / 4)];
    return mj::hand_string(c);
  };
  CHECK(hand(s, 2) == idx({0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 49}));
  CHECK(hand(s, 3) == idx({4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 50}));
  CHECK(hand(s, 0) == idx({8, 9, 10, 11, 24, 25, 26, 27, 40, 41, 42, 43, 51}));
  CHECK(hand(s, 1) == idx({12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 52}));
  CHECK(s.phase == mj::Phase::kPlay);
  CHECK(acting(s) == std::vector<int>{2});
  CHECK(s.drawn == mj::kNoTile);
  CHECK(s.wall_remaining() == 136 - 53);
  CHECK(mj::wall_string(s) == wall);
  // The dealer's first turn: no draw, every kind held may be discarded.
  CHECK(legal(s, 1).empty());
  CHECK(legal(s).front() == "s2:discard=1m");
  // Errors.
  mj::State t;
  CHECK(mj::init_state(t, common(), wall.substr(2), 0) == mj::InitError::kBadWall);
  CHECK(mj::init_state(t, common(), "2m" + wall.substr(2), 0) == mj::InitError::kBadWall);  // five 2m
  CHECK(mj::init_state(t, common(), "8z" + wall.substr(2), 0) == mj::InitError::kBadWall);
  CHECK(mj::init_state(t, common(true), wall, 0) == mj::InitError::kBadWall);
  CHECK(mj::init_state(t, common(), wall, 4) == mj::InitError::kBadDealer);
}

TEST_CASE("mahjong notation: parsing and the order of checks") {
  const mj::Config cfg = common();
  std::string wall;
  for (int t = 0; t < mj::kKinds; ++t)
    for (int c = 0; c < 4; ++c) wall += mj::tile_code(static_cast<mj::Tile>(t));
  const mj::State s = deal(cfg, wall, 0);
  for (const char* m : {"", "s", "s0:", "s0:win=", "s0:discard", "s0:discard=1f", "s0:discard=0m",
                        "s0:discard=8z", "s0:discard=1mm", "x0:win", "s0;win", "sa:win", "s0:win ",
                        "s0:chow=12m", "s0:chow=1234m", "s0:chow=012m", "s0:chow=123z", "s0:void=z",
                        "s0:void=", "s0:raise=", "s0:raise=12", "s0:pass=1", "s0:Win", "s01:win",
                        "s00:win", "s-1:win", "s+1:win", "s:win", "s 1:win", "s1", "s12", "s1:",
                        "s10:win=", "s10:discard=1f"})
    CHECK_MESSAGE(verdict(s, m) == "malformed", m);
  CHECK(verdict(s, "s4:win") == "no_such_seat");
  CHECK(verdict(s, "s9:discard=1m") == "no_such_seat");
  CHECK(verdict(s, "s9:discard=1f") == "malformed");
  CHECK(verdict(s, "s10:win") == "no_such_seat");
  CHECK(verdict(s, "s99999999999999999999999:pass") == "no_such_seat");
  CHECK(verdict(s, "s0:win:") == "malformed");
  CHECK(verdict(s, "s0:raise=1") == "not_in_rules");
  CHECK(verdict(s, "s1:opening") == "not_in_rules");
  CHECK(verdict(s, "s0:open_kong=1m") == "not_in_rules");
  CHECK(verdict(s, "s0:void=m") == "not_in_rules");
  CHECK(verdict(s, "s0:pung=1m") == "wrong_phase");
  CHECK(verdict(s, "s0:chow=135m") == "wrong_phase");  // well-formed, never legal
  CHECK(verdict(s, "s0:pass") == "wrong_phase");
  CHECK(verdict(s, "s1:discard=1m") == "not_your_turn");
  CHECK(verdict(s, "s0:discard=9s") == "tile_not_held");
  CHECK(verdict(s, "s0:discard=1m") == "ok");
  CHECK(verdict(s, "s0:kong=1m") == "ok");  // the dealer holds four 1m
  CHECK(verdict(s, "s0:kong=2m") == "cannot_kong");
  // 1111m 5555m 9999m 44p: four pungs and a pair, and seven pairs.
  CHECK(verdict(s, "s0:win") == "ok");
  CHECK(verdict(s, "s0:ready=1m") == "ok");  // 111m 5555m 9999m 44p waits on 1m (seven pairs)
  CHECK(verdict(s, "s1:win") == "not_your_turn");
  CHECK(mj::format_move(mj::make_tile_move(2, mj::Act::kChow, 24)) == "s2:chow=789s");
  // Move order is string order.
  std::vector<std::string> texts;
  std::vector<mj::Move> moves;
  for (int seat = 0; seat < 4; ++seat)
    for (int a = 0; a < mj::kActions; ++a)
      for (int t = 0; t < mj::kKinds; ++t) {
        const auto act = static_cast<mj::Act>(a);
        switch (act) {
          case mj::Act::kChow:
            if (t < 27 && t % 9 <= 6) moves.push_back(mj::make_tile_move(seat, act, t));
            break;
          case mj::Act::kDiscard: case mj::Act::kReady: case mj::Act::kKong: case mj::Act::kPung:
          case mj::Act::kOpenKong:
            moves.push_back(mj::make_tile_move(seat, act, t));
            break;
          case mj::Act::kVoid:
            if (t < 3) moves.push_back(mj::make_move(seat, act, t));
            break;
          case mj::Act::kRaise:
            if (t < 10) moves.push_back(mj::make_move(seat, act, t));
            break;
          default:
            if (t == 0) moves.push_back(mj::make_move(seat, act));
            break;
        }
      }
  std::sort(moves.begin(), moves.end());
  for (mj::Move m : moves) texts.push_back(mj::format_move(m));
  CHECK(std::is_sorted(texts.begin(), texts.end()));
}

TEST_CASE("mahjong claims: win before pung before chow, each to one seat; passes move on") {
  const mj::Config cfg = common();
  const std::vector<std::string> hands = {
      "5m1m2m3m8m8m9m9m6z6z1z2z3z4z",  // dealer 0: discards 5m
      "4m6m7s8s9s4s5s6s7z7z7z1m2m",    // 1: chow 456m
      "1p2p3p4p5p6p7p8p9p1s2s3s5m",    // 2: wins on 5m
      "5m5m1z1z2z2z3z3z4z4z5z6z7z",    // 3: pung 5m
  };
  mj::State s = deal(cfg, make_wall(cfg, hands, 0), 0);
  play(s, "s0:discard=5m");
  CHECK(s.phase == mj::Phase::kClaim);
  CHECK(acting(s) == std::vector<int>{2});
  CHECK(legal(s) == std::vector<std::string>{"s2:pass", "s2:win"});
  CHECK(verdict(s, "s3:pung=5m") == "not_your_turn");
  CHECK(verdict(s, "s2:pung=5m") == "cannot_pung");
  CHECK(verdict(s, "s2:discard=5m") == "wrong_phase");
  mj::State won = s;
  play(won, "s2:win");
  CHECK(won.phase == mj::Phase::kOver);
  CHECK(won.result.kind == mj::ResultKind::kDiscard);
  CHECK(won.result.winner == 2);
  CHECK(won.result.dealt_in_by == 0);
  CHECK(won.result.win_tile == 4);
  CHECK(won.result.regular);
  CHECK(ledger(won) == "discard 0>2 1;");
  CHECK(pays(won) == std::vector<long long>{-1, 0, 1, 0});
  play(s, "s2:pass");
  CHECK(acting(s) == std::vector<int>{3});
  CHECK(legal(s) == std::vector<std::string>{"s3:pass", "s3:pung=5m"});
  CHECK(verdict(s, "s3:kong=5m") == "cannot_kong");
  mj::State punged = s;
  play(punged, "s3:pung=5m");
  CHECK(punged.phase == mj::Phase::kPlay);
  CHECK(punged.turn == 3);
  CHECK(punged.claimed_turn);
  CHECK(punged.discards[0].claimed);
  CHECK(verdict(punged, "s3:win") == "must_discard");
  CHECK(verdict(punged, "s3:kong=1z") == "must_discard");
  CHECK(legal(punged).size() == 7);  // the seven kinds left, no kong, no win
  play(s, "s3:pass");
  CHECK(acting(s) == std::vector<int>{1});
  CHECK(legal(s) == std::vector<std::string>{"s1:chow=456m", "s1:pass"});
  CHECK(verdict(s, "s1:chow=345m") == "cannot_chow");
  CHECK(verdict(s, "s1:chow=135m") == "cannot_chow");
  mj::State chowed = s;
  play(chowed, "s1:chow=456m");
  CHECK(chowed.seats[1].n_melds == 1);
  CHECK(mj::meld_string(chowed.seats[1].melds[0]) == "456m");
  CHECK(chowed.seats[1].melds[0].from == 0);
  CHECK(chowed.seats[1].n_concealed == 11);
  CHECK(chowed.drawn == mj::kNoTile);
  play(s, "s1:pass");
  CHECK(s.phase == mj::Phase::kPlay);
  CHECK(s.turn == 1);
  CHECK(s.drawn == s.wall[53]);
  CHECK(s.seats[1].n_concealed == 14);
}

TEST_CASE("mahjong kongs: concealed, exposed and their replacements from the back") {
  const mj::Config cfg = common();
  const std::vector<std::string> hands = {
      "9m9m9m9m1p2p3p4p5p6p7p8p9p1s",  // dealer 0: a concealed kong of 9m
      "1s1s1s2z3z4z5z6z7z2m3m4m5m",    // 1: holds three 1s
      "2p2p3s4s5s6s7s8s9s1z1z1z5z",
      "6m6m6m7m7m7m8m8m8m4p4p4p5p",
  };
  mj::State s = deal(cfg, make_wall(cfg, hands, 0, "", "8s8s"), 0);
  CHECK(legal(s, 0) == std::vector<std::string>{
                           "s0:discard=1p", "s0:discard=1s", "s0:discard=2p", "s0:discard=3p",
                           "s0:discard=4p", "s0:discard=5p", "s0:discard=6p", "s0:discard=7p",
                           "s0:discard=8p", "s0:discard=9m", "s0:discard=9p", "s0:kong=9m",
                           "s0:ready=9m"});  // 999m 123p 456p 789p waits on 1s
  const int remaining = s.wall_remaining();
  play(s, "s0:kong=9m");
  CHECK(s.phase == mj::Phase::kPlay);
  CHECK(s.turn == 0);
  CHECK(s.wall_remaining() == remaining - 1);
  CHECK(s.drawn == tiles_of("8s")[0]);  // the last tile of the wall
  CHECK(s.seats[0].melds[0].kind == mj::MeldKind::kConcealedKong);
  CHECK(ledger(s) == "concealed_kong 1>0 1;concealed_kong 2>0 1;concealed_kong 3>0 1;");
  CHECK(mj::format_move(s.history[0], true) == "s0:kong");
  CHECK(mj::format_move(s.history[0]) == "s0:kong=9m");
  CHECK(s.seats[0].n_concealed == 11);
  // The exposed kong of a discard: the discarder pays, the replacement follows.
  play(s, "s0:discard=1s");
  CHECK(acting(s) == std::vector<int>{1});
  CHECK(legal(s) == std::vector<std::string>{"s1:kong=1s", "s1:pass", "s1:pung=1s"});
  play(s, "s1:kong=1s");
  CHECK(s.turn == 1);
  CHECK(s.drawn == tiles_of("8s")[0]);
  CHECK(s.wall_remaining() == remaining - 2);
  CHECK(s.seats[1].melds[0].kind == mj::MeldKind::kKong);
  CHECK(s.seats[1].melds[0].from == 0);
  CHECK(s.discards[s.n_discards - 1].claimed);
  CHECK(ledger(s) == "concealed_kong 1>0 1;concealed_kong 2>0 1;concealed_kong 3>0 1;exposed_kong 0>1 1;");
  CHECK(pays(s) == std::vector<long long>{2, 0, -1, -1});
  CHECK(tiles_accounted(s) == 136);
}

// The added-kong deal of the common and Shaoyang robbing cases.
const std::vector<std::string> kAddedKongHands = {
    "5p1m4m7m2m5m8m6p7p3z3z3z1z1z",  // dealer 0: discards 5p
    "5p5p1m4m7m2s5s8s1p9p6z7z2z",    // 1: pungs 5p, later draws the fourth
    "3p4p1s2s3s4s5s6s7s8s9s9m9m",    // 2: waits 2p / 5p
    "2m5m8m3m6m9m1s4s7s2p8p4z5z",
};

TEST_CASE("mahjong robbing an added kong: win undoes it; all passing pays it") {
  const mj::Config cfg = common();
  // Draws: seat 2, 3, 0 draw honours nobody wants; seat 1 draws 5p.
  mj::State s = deal(cfg, make_wall(cfg, kAddedKongHands, 0, "4z5z6z5p"), 0);
  play(s, "s0:discard=5p");
  CHECK(acting(s) == std::vector<int>{2});  // the win first
  play(s, "s2:pass");
  CHECK(legal(s) == std::vector<std::string>{"s1:pass", "s1:pung=5p"});
  play(s, "s1:pung=5p");
  play(s, "s1:discard=2z");
  REQUIRE(s.phase == mj::Phase::kPlay);
  play(s, "s2:discard=4z");
  REQUIRE(s.phase == mj::Phase::kPlay);
  play(s, "s3:discard=5z");
  REQUIRE(s.phase == mj::Phase::kPlay);
  play(s, "s0:discard=6z");
  REQUIRE(s.phase == mj::Phase::kPlay);
  REQUIRE(s.turn == 1);
  CHECK(s.drawn == tiles_of("5p")[0]);
  const auto moves = legal(s);
  CHECK(std::find(moves.begin(), moves.end(), "s1:kong=5p") != moves.end());
  play(s, "s1:kong=5p");
  CHECK(s.phase == mj::Phase::kClaim);
  CHECK(s.offer_kind == mj::OfferKind::kRobbedKong);
  CHECK(s.seats[1].melds[0].kind == mj::MeldKind::kAddedKong);
  CHECK(acting(s) == std::vector<int>{2});
  CHECK(legal(s) == std::vector<std::string>{"s2:pass", "s2:win"});
  CHECK(s.n_ledger == 0);  // paid only when it stands
  int unseen[mj::kKinds];
  CHECK(mj::waits(s, 2, unseen) == ((1ULL << 10) | (1ULL << 13)));  // 2p, 5p
  CHECK(unseen[13] == 0);
  CHECK(unseen[10] == 4);  // seat 3's 2p is not seen by seat 2
  mj::State passed = s;
  play(passed, "s2:pass");
  CHECK(passed.phase == mj::Phase::kPlay);
  CHECK(passed.turn == 1);
  CHECK(ledger(passed) == "added_kong 2>1 1;added_kong 3>1 1;added_kong 0>1 1;");
  CHECK(passed.drawn == passed.wall[passed.n_wall - 1]);
  play(s, "s2:win");
  CHECK(s.result.kind == mj::ResultKind::kRobbedKong);
  CHECK(s.result.winner == 2);
  CHECK(s.result.dealt_in_by == 1);
  CHECK(s.result.win_tile == tiles_of("5p")[0]);
  CHECK(ledger(s) == "robbed_kong 1>2 1;");
  CHECK(s.seats[1].melds[0].kind == mj::MeldKind::kPung);  // undone
  CHECK(s.seats[1].counts[13] == 1);
  CHECK(tiles_accounted(s) == 136);
}

TEST_CASE("mahjong 報聽: ready=T declares; the hand is locked; the win pays the bonus") {
  const mj::Config cfg = common();
  const std::vector<std::string> hands = {
      "1m2m3m4m5m6m7m8m9m1p1p2p3p7z",  // dealer 0: ready=7z waits 1p / 4p
      "1s4s7s2s5s8s3s6s9s2m5m8m1z",
      "3m6m9m2p5p8p1s4s7s5z6z2z4z",
      "4m7m6p9p6s9s1z2z4z5z6z3z3z",
  };
  // Draws: seats 1, 2, 3 draw (and throw) tiles nobody takes; seat 0 draws 2z, then 4p.
  mj::State s = deal(cfg, make_wall(cfg, hands, 0, "8s8p7p2z9s9p8m4p"), 0);
  const auto moves = legal(s);
  CHECK(std::count(moves.begin(), moves.end(), "s0:ready=7z") == 1);
  CHECK(std::count(moves.begin(), moves.end(), "s0:ready=1p") == 1);  // waits on 7z
  CHECK(std::count_if(moves.begin(), moves.end(),
                      [](const std::string& m) { return m.find("ready") != std::string::npos; }) == 2);
  CHECK(verdict(s, "s0:ready=1m") == "not_ready");
  play(s, "s0:ready=7z");
  CHECK(s.seats[0].declared);
  for (int seat = 1; seat <= 3; ++seat) {
    REQUIRE(s.phase == mj::Phase::kPlay);
    REQUIRE(s.turn == seat);
    play(s, "s" + std::to_string(seat) + ":discard=" + mj::tile_code(s.drawn));
  }
  REQUIRE(s.turn == 0);
  CHECK(s.drawn == tiles_of("2z")[0]);
  CHECK(legal(s) == std::vector<std::string>{"s0:discard=2z"});
  CHECK(verdict(s, "s0:discard=1m") == "hand_locked");
  CHECK(verdict(s, "s0:ready=2z") == "already_declared");
  CHECK(verdict(s, "s0:ready=1m") == "hand_locked");
  CHECK(verdict(s, "s0:win") == "cannot_win");
  play(s, "s0:discard=2z");
  for (int seat = 1; seat <= 3; ++seat) {
    REQUIRE(s.phase == mj::Phase::kPlay);
    play(s, "s" + std::to_string(seat) + ":discard=" + mj::tile_code(s.drawn));
  }
  REQUIRE(s.turn == 0);
  CHECK(legal(s) == std::vector<std::string>{"s0:discard=4p", "s0:win"});
  play(s, "s0:win");
  CHECK(s.result.kind == mj::ResultKind::kSelfDraw);
  CHECK(s.result.win_tile == tiles_of("4p")[0]);
  CHECK(s.result.dealt_in_by == -1);
  CHECK(ledger(s) == "self_draw 1>0 1;self_draw 2>0 1;self_draw 3>0 1;"
                     "ready_bonus 1>0 1;ready_bonus 2>0 1;ready_bonus 3>0 1;");
  CHECK(pays(s) == std::vector<long long>{6, -2, -2, -2});
  // 報聽 off: not in the rules.
  const mj::Config off = common(false, false, false);
  const mj::State t = deal(off, make_wall(off, hands, 0), 0);
  CHECK(verdict(t, "s0:ready=7z") == "not_in_rules");
  CHECK(legal(t).size() == 13);
}

TEST_CASE("mahjong flowers: set aside after the deal and in play, replaced from the back") {
  const mj::Config cfg = common(true);
  const std::vector<std::string> hands = {
      "1f1m2m3m4m5m6m7m8m9m1p2p3p2f",  // dealer 0: two flowers dealt
      "1s4s7s2s5s8s3s6s9s2m5m8m1z",
      "3m6m9m2p5p8p1s4s7s5z6z2z4z",
      "4m7m6p9p6s9s1z2z4z5z6z3f3z",    // 3: one flower
  };
  // Back: the dealer's replacements 4f (again a flower), 7z, 7z; seat 3's 6z;
  // seat 1's first draw (front) is 5f, replaced by 8f and then 1z.
  mj::State s = deal(cfg, make_wall(cfg, hands, 0, "5f", "4f7z7z6z8f1z"), 0);
  CHECK(s.phase == mj::Phase::kPlay);
  CHECK(s.seats[0].n_flowers == 3);
  CHECK(mj::tile_code(s.seats[0].flowers[0]) == "1f");
  CHECK(mj::tile_code(s.seats[0].flowers[1]) == "2f");
  CHECK(mj::tile_code(s.seats[0].flowers[2]) == "4f");
  CHECK(s.seats[0].n_concealed == 14);
  CHECK(s.seats[0].counts[33] == 2);  // 7z 7z
  CHECK(s.seats[3].n_flowers == 1);
  CHECK(s.seats[3].counts[32] == 2);  // its own 6z and the replacement
  CHECK(s.drawn == mj::kNoTile);  // the dealer's first turn
  CHECK(s.wall_remaining() == 144 - 53 - 4);
  play(s, "s0:discard=1m");
  REQUIRE(s.turn == 1);
  CHECK(s.seats[1].n_flowers == 2);
  CHECK(mj::tile_code(s.seats[1].flowers[0]) == "5f");
  CHECK(mj::tile_code(s.seats[1].flowers[1]) == "8f");
  CHECK(mj::tile_code(s.drawn) == "1z");
  CHECK(s.seats[1].n_concealed == 14);
  CHECK(s.wall_remaining() == 144 - 53 - 4 - 3);
  CHECK(tiles_accounted(s) == 144);
}

TEST_CASE("mahjong void suit: choices first, hidden; the void suit is discarded first") {
  const mj::Config cfg = common(false, true);
  const std::vector<std::string> hands = {
      "1m2m3m4m5m6m7m8m9m1p2p3p4p5p",
      "1s2s3s4s5s6s7s8s9s2m3m4m5m",
      "6p7p8p9p1s2s3s4s5s6s7s8s9s",
      "1m2m3m6p7p8p9p6m7m8m9m6m7m",
  };
  mj::State s = deal(cfg, make_wall(cfg, hands, 0), 0);
  CHECK(s.phase == mj::Phase::kVoid);
  CHECK(acting(s) == std::vector<int>{0, 1, 2, 3});
  CHECK(legal(s).size() == 12);
  CHECK(legal(s, 2) == std::vector<std::string>{"s2:void=m", "s2:void=p", "s2:void=s"});
  CHECK(verdict(s, "s0:discard=1m") == "wrong_phase");
  CHECK(verdict(s, "s0:chow=123m") == "not_in_rules");
  CHECK(verdict(s, "s0:ready=1m") == "not_in_rules");  // 報聽 is off in this game
  play(s, "s2:void=m");
  CHECK(verdict(s, "s2:void=p") == "already_chosen");
  CHECK(acting(s) == std::vector<int>{0, 1, 3});
  CHECK(mj::format_move(s.history[0], true) == "s2:void=m");
  play(s, "s0:void=p");
  play(s, "s1:void=m");
  play(s, "s3:void=s");
  CHECK(s.phase == mj::Phase::kPlay);
  CHECK(s.turn == 0);
  CHECK(legal(s) == std::vector<std::string>{"s0:discard=1p", "s0:discard=2p", "s0:discard=3p",
                                             "s0:discard=4p", "s0:discard=5p"});
  CHECK(verdict(s, "s0:discard=1m") == "void_suit_first");
  CHECK(verdict(s, "s0:discard=9s") == "tile_not_held");
  // A hand holding its void suit never wins (0 holds the m run and 1p-5p).
  CHECK_FALSE(mj::wins(s, 0, s.seats[0].counts));
  play(s, "s0:discard=1p");
  // Seat 1 chose m: holds 2m-5m, so it must discard those first; no chows here.
  REQUIRE(s.turn == 1);
  const auto moves = legal(s);
  for (const auto& m : moves) CHECK(m.find("m") != std::string::npos);
}

TEST_CASE("mahjong drawn hand: the hand ends when a seat is to draw from an empty live wall") {
  const mj::Config cfg = common();
  const mj::Deal d = mj::shuffle_wall(3, cfg.tiles());
  mj::State s = deal(cfg, d.wall, 0);
  // Every seat discards the first kind it may and passes every offer.
  int last_wall = -1;
  while (s.phase != mj::Phase::kOver) {
    const auto moves = legal(s);
    REQUIRE(!moves.empty());
    std::string m = moves.front();
    for (const auto& x : moves)
      if (x.find(":pass") != std::string::npos) m = x;
    if (s.phase == mj::Phase::kPlay) last_wall = s.wall_remaining();
    play(s, m);
  }
  CHECK(s.result.kind == mj::ResultKind::kDraw);
  CHECK(s.result.winner == -1);
  CHECK(s.wall_remaining() == 0);
  CHECK(last_wall == 0);  // the last discard (live wall empty) was still offered
  CHECK(pays(s) == std::vector<long long>{0, 0, 0, 0});
  CHECK(legal(s).empty());
  CHECK(acting(s).empty());
  CHECK(verdict(s, "s0:discard=1m") == "game_over");
  CHECK(verdict(s, "s0:raise=1") == "game_over");
  CHECK(tiles_accounted(s) == 136);
}

TEST_CASE("mahjong random play: seeded games end, conserve tiles, pay zero-sum; check() accepts exactly the legal moves") {
  // Every move of the common notation, by seat: check() must say ok for
  // exactly the listed legal moves.
  std::vector<mj::Move> all;
  for (int seat = 0; seat < 4; ++seat) {
    for (auto act : {mj::Act::kDiscard, mj::Act::kReady, mj::Act::kKong, mj::Act::kPung})
      for (int t = 0; t < mj::kKinds; ++t) all.push_back(mj::make_tile_move(seat, act, t));
    for (int t = 0; t < mj::kHonourBase; ++t)
      if (t % 9 <= 6) all.push_back(mj::make_tile_move(seat, mj::Act::kChow, t));
    for (int suit = 0; suit < 3; ++suit) all.push_back(mj::make_move(seat, mj::Act::kVoid, suit));
    for (int k = 0; k <= 9; ++k) all.push_back(mj::make_move(seat, mj::Act::kRaise, k));
    all.push_back(mj::make_move(seat, mj::Act::kWin));
    all.push_back(mj::make_move(seat, mj::Act::kPass));
  }
  std::sort(all.begin(), all.end());
  const mj::Config configs[] = {common(), common(true), common(false, true), common(false, false, false),
                                shaoyang()};
  mj::Move buf[mj::kMaxLegalMoves];
  long long kinds[5] = {}, total_moves = 0;
  const int games = 5000;
  for (int i = 0; i < games; ++i) {
    const mj::Config cfg = configs[i % 5];
    mj::Tile tiles[mj::kMaxWallTiles];
    int d1 = 0, d2 = 0;
    const int n = mj::shuffle_tiles(static_cast<std::uint64_t>(i), cfg.tiles(), tiles, d1, d2);
    mj::State s;
    mj::init_state_tiles(s, cfg, tiles, n, (d1 + d2 - 1) % 4);
    yijing::Xoshiro256ss rng(static_cast<std::uint64_t>(i));
    const bool deep = i % 20 == 0;
    for (int step = 0;; ++step) {
      INFO("game " << i << " step " << step);
      REQUIRE(tiles_accounted(s) == n);
      REQUIRE(step < mj::kMaxHistory);
      const int k = mj::legal_moves(s, -1, buf);
      if (s.phase == mj::Phase::kOver) {
        REQUIRE(k == 0);
        break;
      }
      REQUIRE(k > 0);
      REQUIRE(std::is_sorted(buf, buf + k));
      REQUIRE(std::adjacent_find(buf, buf + k) == buf + k);
      int seats[4];
      const int acting_seats = mj::to_act(s, seats);
      REQUIRE(acting_seats == (s.phase == mj::Phase::kVoid    ? 4 - __builtin_popcount(s.voids_chosen)
                               : s.phase == mj::Phase::kRaise ? 4 - __builtin_popcount(s.raises_made)
                                                              : 1));
      for (int seat = 0; seat < 4; ++seat) {
        const auto& st = s.seats[seat];
        const bool in_turn = s.phase == mj::Phase::kPlay && s.turn == seat;
        // 14 - 3k in turn (and the dealer before its first turn), else 13 - 3k.
        const bool holds_14 =
            in_turn || ((s.phase == mj::Phase::kVoid || s.phase == mj::Phase::kRaise) && seat == s.dealer);
        REQUIRE(st.n_concealed + 3 * st.n_melds == (holds_14 ? 14 : 13));
        // The engine's summaries agree with the counts: the kinds held and held
        // four times, the shape bound (a lower bound; exact when <= 0 in turn).
        std::uint64_t held = 0, fours = 0;
        for (int t = 0; t < mj::kKinds; ++t) {
          held |= static_cast<std::uint64_t>(st.counts[t] != 0) << mj::tile_key(t);
          fours |= static_cast<std::uint64_t>(st.counts[t] == 4) << mj::tile_key(t);
        }
        REQUIRE(held == st.held_keys);
        REQUIRE(fours == st.four_keys);
        if (i % 4 == 0) {
          int exact = mj::regular_shanten(st.counts);
          if (st.n_melds == 0) exact = std::min(exact, mj::seven_pairs_shanten(st.counts));
          if (st.n_melds == 0 && cfg.shaoyang()) exact = std::min(exact, mj::thirteen_orphans_shanten(st.counts));
          REQUIRE(st.shanten_lb <= exact);
          if (in_turn && st.shanten_lb <= 0) REQUIRE(st.shanten_lb == exact);
        }
      }
      if (deep) {
        for (mj::Move m : all) {
          const bool listed = std::binary_search(buf, buf + k, m);
          const bool ok = mj::check(s, m) == mj::Reason::kOk;
          if (listed != ok) FAIL_CHECK("check/legal differ: " << mj::format_move(m) << " listed " << listed);
        }
      }
      mj::apply(s, buf[rng.uniform(static_cast<std::uint64_t>(k))]);
      ++total_moves;
    }
    REQUIRE_FALSE(s.history_overflow);
    const auto p = pays(s);
    CHECK(p[0] + p[1] + p[2] + p[3] == 0);
    ++kinds[static_cast<int>(s.result.kind)];
  }
  MESSAGE("moves " << total_moves << ", self_draw " << kinds[1] << ", discard " << kinds[2] << ", robbed_kong "
                   << kinds[3] << ", draw " << kinds[4]);
  CHECK(kinds[0] == 0);
  CHECK(kinds[1] > 0);
  CHECK(kinds[2] > 0);
  CHECK(kinds[4] > 0);
}

TEST_CASE("mahjong random_hands: the Python twin's totals and checksum (pyyijing/fallback/mahjong/random_play.py)") {
  struct Golden {
    mj::Config cfg;
    std::uint64_t moves, discard, self_draw, draw, checksum;
  };
  const Golden golden[] = {
      {common(), 4172, 6, 0, 34, 15241388284720227875ULL},
      {common(true), 4103, 4, 2, 34, 6584289301517454450ULL},
      {common(false, true), 2865, 3, 0, 37, 14572367901481719642ULL},
  };
  for (const auto& g : golden) {
    const mj::RandomTotals t = mj::random_hands(g.cfg, 2026, 0, 40);
    CHECK(t.hands == 40);
    CHECK(t.moves == g.moves);
    CHECK(t.kinds[0] == g.self_draw);
    CHECK(t.kinds[1] == g.discard);
    CHECK(t.kinds[2] == 0);
    CHECK(t.kinds[3] == g.draw);
    CHECK(t.checksum == g.checksum);
  }
  // A batch is the sum of its parts (hand i depends on (seed, i) only).
  const mj::RandomTotals a = mj::random_hands(common(), 9, 0, 10), b = mj::random_hands(common(), 9, 3, 7);
  const mj::RandomTotals c = mj::random_hands(common(), 9, 0, 3);
  CHECK(a.moves == b.moves + c.moves);
}

// --- Shaoyang (docs/mahjong-engine.md "Shaoyang"; rules §6, seed 002) -------

namespace {

// Answer the four raises, seat 0 first.
void raise_all(mj::State& s, const std::vector<int>& k) {
  for (int seat = 0; seat < 4; ++seat) play(s, "s" + std::to_string(seat) + ":raise=" + std::to_string(k[seat]));
}

// 13 tiles each for seats 1-3 from what `dealer14` leaves, in id order
// (seat 1 the lowest), for deals where only the dealer's hand matters.
std::vector<std::string> dealer_hand_deal(const std::string& dealer14) {
  int left[mj::kKinds];
  for (int t = 0; t < mj::kKinds; ++t) left[t] = 4;
  for (int t : tiles_of(dealer14)) --left[t];
  std::vector<std::string> hands = {dealer14, "", "", ""};
  int seat = 1, n = 0;
  for (int t = 0; t < mj::kKinds && seat < 4; ++t)
    for (; left[t] > 0 && seat < 4; --left[t]) {
      hands[static_cast<std::size_t>(seat)] += mj::tile_code(static_cast<mj::Tile>(t));
      if (++n == 13) ++seat, n = 0;
    }
  return hands;
}

std::string pattern_names(const mj::State& s) {
  std::string out;
  for (int i = 0; i < mj::kMaxPatterns; ++i)
    if ((s.result.patterns >> i) & 1) out += std::string(out.empty() ? "" : " ") + mj::pattern_name(s.cfg.ruleset, i);
  return out;
}

}  // namespace

TEST_CASE("mahjong Shaoyang config: playable - no 報聽 - the fallback's errors in its order") {
  const mj::ConfigResult ok = mj::make_config("shaoyang", false, false, true);
  CHECK(ok.error.empty());
  CHECK(ok.config.ruleset == mj::Ruleset::kShaoyang);
  CHECK_FALSE(ok.config.ready_on());  // declare_ready as given, 報聽 never played
  CHECK(ok.config.chow_on());
  CHECK(ok.config.tiles() == mj::TileSet::k136);
  CHECK(mj::make_config("shaoyang", true, false, false).error == "flowers and void_suit are options of common only");
  CHECK(mj::make_config("shaoyang", false, true, false).error == "flowers and void_suit are options of common only");
  CHECK(mj::make_config("shaoyang", true, true, false).error == "flowers and void_suit are options of common only");
  CHECK(mj::make_config("common", true, true, false).error == "flowers and void_suit cannot both be on");
  CHECK(mj::make_config("changsha", false, false, false).error.empty());
  mj::Config bad = shaoyang();
  bad.flowers = true;
  mj::State s;
  CHECK(mj::init_state(s, bad, std::string(288, '1'), 0) == mj::InitError::kBadConfig);
}

TEST_CASE("mahjong Shaoyang raise: every seat answers 0-3 in any order first - the reasons in order") {
  const mj::Config cfg = shaoyang();
  const auto hands = dealer_hand_deal("1m2m3m4p5p6p7s8s9s2m3m4m9p9p");
  mj::State s = deal(cfg, make_wall(cfg, hands, 0), 0);
  CHECK(s.phase == mj::Phase::kRaise);
  CHECK(std::string(mj::phase_name(s.phase)) == "raise");
  CHECK(acting(s) == std::vector<int>{0, 1, 2, 3});
  const auto all = legal(s);
  REQUIRE(all.size() == 16);
  CHECK(all.front() == "s0:raise=0");
  CHECK(all[3] == "s0:raise=3");
  CHECK(all.back() == "s3:raise=3");
  CHECK(std::is_sorted(all.begin(), all.end()));
  CHECK(legal(s, 2) == std::vector<std::string>{"s2:raise=0", "s2:raise=1", "s2:raise=2", "s2:raise=3"});
  int unseen[mj::kKinds];
  CHECK(mj::waits(s, 1, unseen) == 0);  // rules §11: {} in raise
  CHECK(s.last_taker == -1);
  // Step 2: 報聽 and void are not Shaoyang's; step 3: only raise in phase raise.
  CHECK(verdict(s, "s0:ready=1m") == "not_in_rules");
  CHECK(verdict(s, "s0:void=m") == "not_in_rules");
  CHECK(verdict(s, "s0:opening") == "not_in_rules");
  CHECK(verdict(s, "s0:discard=1m") == "wrong_phase");
  CHECK(verdict(s, "s0:win") == "wrong_phase");
  CHECK(verdict(s, "s0:kong=1m") == "wrong_phase");
  CHECK(verdict(s, "s1:pass") == "wrong_phase");
  CHECK(verdict(s, "s1:chow=123m") == "wrong_phase");
  CHECK(verdict(s, "s0:raise=4") == "raise_too_high");
  CHECK(verdict(s, "s0:raise=9") == "raise_too_high");
  CHECK(verdict(s, "s4:raise=1") == "no_such_seat");
  CHECK(verdict(s, "s0:raise=10") == "malformed");
  play(s, "s2:raise=1");
  CHECK(acting(s) == std::vector<int>{0, 1, 3});
  CHECK(verdict(s, "s2:raise=0") == "already_raised");
  CHECK(verdict(s, "s2:raise=7") == "already_raised");  // answered comes first
  CHECK(legal(s, 2).empty());
  CHECK(legal(s).size() == 12);
  play(s, "s0:raise=3");
  play(s, "s3:raise=0");
  CHECK(s.phase == mj::Phase::kRaise);
  play(s, "s1:raise=2");
  CHECK(s.phase == mj::Phase::kPlay);
  CHECK(s.turn == 0);
  CHECK(s.drawn == mj::kNoTile);
  CHECK(s.wall_remaining() == 136 - 53);
  CHECK(s.seats[0].raised == 3);
  CHECK(s.seats[1].raised == 2);
  CHECK(mj::raise_factor(s.seats[0]) == 8);
  CHECK(mj::raise_factor(s.seats[3]) == 1);
  CHECK(verdict(s, "s0:raise=1") == "wrong_phase");
  CHECK(verdict(s, "s0:ready=1m") == "not_in_rules");
  CHECK(s.last_taker == -1);
  // Common: raise is another ruleset's move.
  const mj::State c = deal(common(), make_wall(common(), hands, 0), 0);
  CHECK(c.phase == mj::Phase::kPlay);
  CHECK(verdict(c, "s0:raise=1") == "not_in_rules");
}

TEST_CASE("mahjong Shaoyang payments: unit x 2^raise x 2^raise (seed 002: 2*8*2 = 32 - 1*2*8 = 16)") {
  const mj::Config cfg = shaoyang();
  // Dealer 0 raised 3, seat 1 raised 1: the dealer's concealed kong and its
  // 平胡 on the replacement.
  const auto hands = dealer_hand_deal("1z1z1z1z2m3m4m5p6p7p8s8s3s4s");
  mj::State s = deal(cfg, make_wall(cfg, hands, 0, "", "5s"), 0);
  raise_all(s, {3, 1, 0, 0});
  play(s, "s0:kong=1z");
  REQUIRE(s.phase == mj::Phase::kPlay);  // nobody robs (no 十三浪)
  CHECK(s.last_taker == 0);
  CHECK(s.fed_by == -1);
  CHECK(ledger(s) == "concealed_kong 1>0 16;concealed_kong 2>0 8;concealed_kong 3>0 8;");
  play(s, "s0:win");
  CHECK(s.result.kind == mj::ResultKind::kSelfDraw);
  CHECK(s.result.dealt_in_by == -1);
  CHECK(s.result.win_tile == tiles_of("5s")[0]);
  CHECK(pattern_names(s) == "平胡");
  CHECK(ledger(s) == "concealed_kong 1>0 16;concealed_kong 2>0 8;concealed_kong 3>0 8;"
                     "self_draw 1>0 32;self_draw 2>0 16;self_draw 3>0 16;");
  CHECK(pays(s) == std::vector<long long>{96, -48, -24, -24});
  // The units by pattern: the dealer's dealt 14 (天胡, win_tile none), every seat raised 0.
  struct Case {
    const char* hand;
    const char* patterns;
    int unit;
  };
  const Case cases[] = {
      {"1m2m3m4p5p6p7s8s9s2m3m4m9p9p", "平胡", 2},
      {"1m1m1m5p5p5p9s9s9s2z2z2z7z7z", "平胡 碰碰對", 8},
      {"1m1m1m2m3m4m5m6m7m8m9m9m9m5m", "平胡 清一色", 8},
      {"1m1m3p3p5s5s7s7s2z2z4z4z9m9m", "七巧對", 8},
      {"1p1p2p2p3p3p4p4p5p5p6p6p9p9p", "平胡 清一色 七巧對", 8},
      {"1z1z2z2z3z3z4z4z5z5z6z6z7z7z", "七巧對", 8},
      {"1m9m1p9p1s9s1z2z3z4z5z6z7z1z", "十三浪", 24},
      {"1z1z1z2z2z2z3z3z3z4z4z4z5z5z", "平胡 碰碰對 全風十三浪", 24},
  };
  for (const Case& k : cases) {
    INFO(k.hand);
    mj::State t = deal(cfg, make_wall(cfg, dealer_hand_deal(k.hand), 0), 0);
    raise_all(t, {0, 0, 0, 0});
    play(t, "s0:win");
    CHECK(t.result.win_tile == mj::kNoTile);
    CHECK(pattern_names(t) == k.patterns);
    const int u = k.unit;
    CHECK(pays(t) == std::vector<long long>{3 * u, -u, -u, -u});
  }
  // The widest amounts: 十三浪 with every seat raised 3 (24 x 8 x 8 per seat).
  mj::State w = deal(cfg, make_wall(cfg, dealer_hand_deal("1m9m1p9p1s9s1z2z3z4z5z6z7z1z"), 0), 0);
  raise_all(w, {3, 3, 3, 3});
  play(w, "s0:win");
  CHECK(pays(w) == std::vector<long long>{4608, -1536, -1536, -1536});
}

TEST_CASE("mahjong Shaoyang: no win on a discard - thirteen orphans waits on kinds it does not neighbour") {
  const mj::Config cfg = shaoyang();
  const std::vector<std::string> hands = {
      "1s2s3s4s5s6s7s8s9s2p2p5z6z7z",  // dealer 0: discards 7z
      "1m2m3m4m5m6m7m8m9m1p2p3p7z",    // 1: waits 7z
      "1m9m1p9p1s9s1z2z3z4z5z6z3m",    // 2: 十三浪 but for the 3m: not ready
      "4m7m6p9p6s9s3z4z1z2z5p5p5z",
  };
  mj::State s = deal(cfg, make_wall(cfg, hands, 0, "8p7z"), 0);
  raise_all(s, {0, 0, 0, 0});
  play(s, "s0:discard=7z");
  CHECK(s.phase == mj::Phase::kPlay);  // no offer: seat 1 draws
  CHECK(s.turn == 1);
  CHECK(s.last_taker == 1);
  CHECK(s.drawn == tiles_of("8p")[0]);
  play(s, "s1:discard=8p");  // seat 2 takes 7z from the front
  REQUIRE(s.turn == 2);
  // 十三浪 waits only with no melds; 7z completes it (three copies seen).
  CHECK(verdict(s, "s2:win") == "cannot_win");
  play(s, "s2:discard=3m");
  int unseen[mj::kKinds];
  const std::uint64_t orphans = (1ULL << 0) | (1ULL << 8) | (1ULL << 9) | (1ULL << 17) | (1ULL << 18) |
                                (1ULL << 26) | (0x7FULL << 27);
  CHECK(mj::waits(s, 2, unseen) == orphans);  // thirteen singles: any orphan pairs
  CHECK(unseen[33] == 2);                     // 7z: seat 2's and seat 0's discard seen
  CHECK(s.seats[2].win_mask == orphans);
  // The common deal: the discard is offered to seat 1's win.
  mj::State c = deal(common(false, false, false), make_wall(common(), hands, 0, "8p7z"), 0);
  play(c, "s0:discard=7z");
  CHECK(c.phase == mj::Phase::kClaim);
  CHECK(legal(c) == std::vector<std::string>{"s1:pass", "s1:win"});
}

TEST_CASE("mahjong Shaoyang exposed kong: robbed by its discarder - else paid by all - 放槓上花 paid by the discarder") {
  const mj::Config cfg = shaoyang();
  const std::vector<std::string> hands = {
      "1m2m3m4m5m6m7m8m9m1p2p3p5z5z",  // dealer 0: discards 1p, waits 1p / 4p
      "2m5m8m3m6m9m1s4s7s4p8p1z3z",
      "1p1p1p4s5s6s7s8s9s2z2z3m4m",    // 2: kongs 1p; 2m / 5m win after it
      "4m7m6p9p6s9s3z4z1z2z5p5p6z",
  };
  const std::string wall = make_wall(cfg, hands, 0, "", "5m");
  mj::State s = deal(cfg, wall, 0);
  raise_all(s, {1, 0, 2, 0});
  play(s, "s0:discard=1p");
  CHECK(acting(s) == std::vector<int>{2});  // no win offer to seat 0's own discard, nor any
  CHECK(legal(s) == std::vector<std::string>{"s2:kong=1p", "s2:pass", "s2:pung=1p"});
  play(s, "s2:kong=1p");
  CHECK(s.phase == mj::Phase::kClaim);
  CHECK(s.offer_kind == mj::OfferKind::kRobbedKong);
  CHECK(s.rob_kind == mj::MeldKind::kKong);
  CHECK(s.offer_from == 2);
  CHECK(acting(s) == std::vector<int>{0});  // the discarder robs (rules §11)
  CHECK(legal(s) == std::vector<std::string>{"s0:pass", "s0:win"});
  CHECK(s.n_ledger == 0);  // paid only when it stands
  CHECK(s.discards[s.n_discards - 1].claimed);
  CHECK(s.last_taker == -1);
  mj::State passed = s;
  // Robbed: the kong is undone (the meld gone, the three 1p back, the discard
  // unclaimed); the konger pays the whole self-draw total 2*2*(1 + 4 + 1) = 24.
  play(s, "s0:win");
  CHECK(s.result.kind == mj::ResultKind::kRobbedKong);
  CHECK(s.result.winner == 0);
  CHECK(s.result.dealt_in_by == 2);
  CHECK(s.result.win_tile == tiles_of("1p")[0]);
  CHECK(pattern_names(s) == "平胡");
  CHECK(ledger(s) == "robbed_kong 2>0 24;");
  CHECK(s.seats[2].n_melds == 0);
  CHECK(s.seats[2].counts[9] == 3);
  CHECK_FALSE(s.discards[s.n_discards - 1].claimed);
  CHECK(tiles_accounted(s) == 136);
  // Passed: each other seat pays 1 x 4 x f, from seat 3; the replacement is
  // fed by seat 0, whose discard it was: 放槓上花, seat 0 pays 2*4*(1+2+1) = 32.
  play(passed, "s0:pass");
  CHECK(passed.phase == mj::Phase::kPlay);
  CHECK(passed.turn == 2);
  CHECK(passed.drawn == tiles_of("5m")[0]);
  CHECK(passed.last_taker == 2);
  CHECK(passed.fed_by == 0);
  CHECK(ledger(passed) == "exposed_kong 3>2 4;exposed_kong 0>2 8;exposed_kong 1>2 4;");
  mj::State bloom = passed;
  play(bloom, "s2:win");
  CHECK(bloom.result.kind == mj::ResultKind::kSelfDraw);
  CHECK(bloom.result.dealt_in_by == 0);
  CHECK(bloom.result.win_tile == tiles_of("5m")[0]);
  CHECK(ledger(bloom) == "exposed_kong 3>2 4;exposed_kong 0>2 8;exposed_kong 1>2 4;kong_bloom 0>2 32;");
  CHECK(pays(bloom) == std::vector<long long>{-40, -4, 48, -4});
  // The mark lasts only until the konger's next move.
  play(passed, "s2:discard=5m");
  CHECK(passed.fed_by == -1);
  CHECK(passed.last_taker == 3);
  // Common: an exposed kong is never robbed; the discarder alone pays 1 at once.
  mj::State c = deal(common(false, false, false), wall, 0);
  play(c, "s0:discard=1p");
  play(c, "s2:kong=1p");
  CHECK(c.phase == mj::Phase::kPlay);
  CHECK(c.turn == 2);
  CHECK(c.fed_by == -1);
  CHECK(ledger(c) == "exposed_kong 0>2 1;");
}

TEST_CASE("mahjong Shaoyang added kong: robbed by any win - all passing pays it by the factors") {
  const mj::Config cfg = shaoyang();
  mj::State s = deal(cfg, make_wall(cfg, kAddedKongHands, 0, "4z5z6z5p"), 0);
  raise_all(s, {0, 1, 0, 0});
  play(s, "s0:discard=5p");
  CHECK(legal(s) == std::vector<std::string>{"s1:pass", "s1:pung=5p"});  // no win offer to seat 2
  play(s, "s1:pung=5p");
  play(s, "s1:discard=2z");
  play(s, "s2:discard=4z");
  play(s, "s3:discard=5z");
  play(s, "s0:discard=6z");
  REQUIRE(s.turn == 1);
  play(s, "s1:kong=5p");
  CHECK(s.phase == mj::Phase::kClaim);
  CHECK(s.rob_kind == mj::MeldKind::kAddedKong);
  CHECK(legal(s) == std::vector<std::string>{"s2:pass", "s2:win"});
  mj::State passed = s;
  play(passed, "s2:pass");
  CHECK(ledger(passed) == "added_kong 2>1 2;added_kong 3>1 2;added_kong 0>1 2;");
  CHECK(passed.fed_by == -1);  // only an exposed kong is fed
  CHECK(passed.last_taker == 1);
  play(s, "s2:win");
  CHECK(s.result.kind == mj::ResultKind::kRobbedKong);
  CHECK(s.result.dealt_in_by == 1);
  CHECK(pattern_names(s) == "平胡");
  CHECK(ledger(s) == "robbed_kong 1>2 8;");  // 2 x (1 + 2 + 1)
  CHECK(s.seats[1].melds[0].kind == mj::MeldKind::kPung);
  CHECK(s.seats[1].counts[13] == 1);
  CHECK(tiles_accounted(s) == 136);
}

TEST_CASE("mahjong Shaoyang concealed kong: robbed only by 十三浪 (not by another win with its tile)") {
  const mj::Config cfg = shaoyang();
  const std::vector<std::string> hands = {
      "1m1m1m1m4m5m6m2p3p4p7p8p2s3s",  // dealer 0: kongs 1m
      "2m5m8m3m6m9m3p6p9p4s8s3z5z",
      "9m1p9p1s9s1z2z3z4z5z6z7z7z",    // 2: 十三浪 waiting on 1m
      "2m3m4p5p6p7s8s9s5s6s7s6m6m",    // 3: waits 1m / 4m, a 平胡
  };
  mj::State s = deal(cfg, make_wall(cfg, hands, 0), 0);
  raise_all(s, {0, 0, 0, 0});
  int unseen[mj::kKinds];
  CHECK(mj::waits(s, 2, unseen) == 1);  // 1m: no held neighbour, a thirteen orphans candidate
  CHECK(unseen[0] == 4);
  CHECK((s.seats[3].win_mask & 1) == 1);
  play(s, "s0:kong=1m");
  CHECK(s.phase == mj::Phase::kClaim);
  CHECK(s.rob_kind == mj::MeldKind::kConcealedKong);
  CHECK(acting(s) == std::vector<int>{2});  // seat 3's 平胡 may not rob it
  CHECK(legal(s) == std::vector<std::string>{"s2:pass", "s2:win"});
  CHECK(mj::waits(s, 2, unseen) == 1);
  CHECK(unseen[0] == 4);  // another seat's concealed kong is not seen
  mj::State passed = s;
  play(passed, "s2:pass");
  CHECK(passed.phase == mj::Phase::kPlay);
  CHECK(passed.turn == 0);
  CHECK(passed.fed_by == -1);
  CHECK(ledger(passed) == "concealed_kong 1>0 1;concealed_kong 2>0 1;concealed_kong 3>0 1;");
  play(s, "s2:win");
  CHECK(s.result.kind == mj::ResultKind::kRobbedKong);
  CHECK(s.result.winner == 2);
  CHECK(s.result.dealt_in_by == 0);
  CHECK(s.result.win_tile == 0);
  CHECK(pattern_names(s) == "十三浪");
  CHECK(ledger(s) == "robbed_kong 0>2 72;");  // 24 x 3
  CHECK(s.seats[0].n_melds == 0);
  CHECK(s.seats[0].counts[0] == 4);
  CHECK(tiles_accounted(s) == 136);
}

TEST_CASE("mahjong Shaoyang random_hands: the Python twin's totals and checksum") {
  // Hands start in phase raise: the four raises are moves of the hand.
  const mj::RandomTotals t = mj::random_hands(shaoyang(), 2026, 0, 40);
  CHECK(t.hands == 40);
  CHECK(t.moves == 4436);
  CHECK(t.kinds[0] == 1);
  CHECK(t.kinds[1] == 0);  // never a win on a discard
  CHECK(t.kinds[2] == 0);
  CHECK(t.kinds[3] == 39);
  CHECK(t.checksum == 11082300446651864189ULL);
}

// --- Changsha (rules §7; docs/mahjong-engine.md "Changsha") -----------------

namespace {

mj::Config changsha(int birds = 0) {
  mj::ConfigArgs a;
  a.ruleset = "changsha";
  a.declare_ready = false;
  a.birds = birds;
  const mj::ConfigResult r = mj::make_config(a);
  REQUIRE(r.error.empty());
  return r.config;
}

mj::State deal_changsha(const mj::Config& cfg, const std::vector<std::string>& hands, int dealer,
                        const std::string& front = "", const std::string& back = "") {
  mj::State s;
  REQUIRE(mj::init_state(s, cfg, make_wall(cfg, hands, dealer, front, back), dealer) == mj::InitError::kNone);
  return s;
}

mj::Counts counts_of(const std::string& codes) {
  mj::Counts c{};
  for (int t : tiles_of(codes)) ++c[static_cast<std::size_t>(t)];
  return c;
}

std::string waits_of(const mj::State& s, int seat) {
  int unseen[mj::kKinds];
  const std::uint64_t m = mj::waits(s, seat, unseen);
  std::string out;
  for (int t = 0; t < mj::kKinds; ++t)
    if ((m >> t) & 1) out += mj::tile_code(static_cast<mj::Tile>(t));
  return out;
}

// Seats 1-3 with no opening win (a 2/5/8, every suit, no four, at most one
// triplet), beside a dealer of all 2/5/8 that is no shape at all.
const std::vector<std::string> kJiangHands = {
    "2m2m5m5m8m8m2p2p5p8p2s5s8s8s", "1m1m3m4m6m7m9m1p3p4p1s3s2m", "1m3m4m6m7m9m1p3p4p6p1s3s5m",
    "1m3m4m6m7m9m6p7p9p4s6s7s8m"};

}  // namespace

TEST_CASE("mahjong Changsha config: every option checked in the fallback's order - 108 tiles (rules §8)") {
  mj::ConfigArgs a;
  a.ruleset = "changsha";
  mj::ConfigResult ok = mj::make_config(a);
  REQUIRE(ok.error.empty());
  CHECK(ok.config.tiles() == mj::TileSet::k108);
  CHECK_FALSE(ok.config.chow_on() == false);
  CHECK(ok.config.birds == 2);
  CHECK(ok.config.cap == 6);
  a.flowers = true;
  a.birds = 3;
  CHECK(mj::make_config(a).error == "flowers and void_suit are options of common only");
  a.flowers = false;
  CHECK(mj::make_config(a).error == "birds must be 0, 2 or 4; got 3");
  a.birds = 4;
  a.bird_scoring = "double";
  a.cap = -1;
  CHECK(mj::make_config(a).error == "bird_scoring must be 'add' or 'multiply'; got 'double'");
  a.bird_scoring = "multiply";
  a.compound = "sum";
  CHECK(mj::make_config(a).error == "compound must be 'add' or 'multiply'; got 'sum'");
  a.compound = "multiply";
  a.floats = {0, -1, 0, 0};
  CHECK(mj::make_config(a).error == "cap must be >= 0 (0: no cap); got -1");
  a.cap = 0;
  CHECK(mj::make_config(a).error == "floats must be four ints >= 0; got (0, -1, 0, 0)");
  a.floats = {1, 2, 3, 4};
  ok = mj::make_config(a);
  REQUIRE(ok.error.empty());
  CHECK(ok.config.bird_scoring == mj::Scoring::kMultiply);
  CHECK(ok.config.compound == mj::Scoring::kMultiply);
  CHECK(ok.config.floats[3] == 4);
  mj::State s;
  CHECK(mj::init_state(s, ok.config, std::string(216, '1'), 0) == mj::InitError::kBadWall);  // playable
  CHECK(mj::init_state(s, ok.config, std::string(216, '1'), 0) == mj::InitError::kBadWall);
}

TEST_CASE("mahjong Changsha wins: 小胡 needs a 2/5/8 pair - hand elements win with any pair - 將一色 needs no shape (rules §7)") {
  const mj::State s = deal_changsha(changsha(), kJiangHands, 0);
  CHECK(s.phase == mj::Phase::kPlay);  // no opening win anywhere
  // Regular with a 3p pair: no small win, no element.
  CHECK_FALSE(mj::wins(s, 1, counts_of("1m2m3m4m5m6m7m8m9m1p2p3p3p3p")));
  CHECK(mj::wins(s, 1, counts_of("1m2m3m4m5m6m7m8m9m1p2p3p5p5p")));   // 小胡
  CHECK(mj::wins(s, 1, counts_of("1m1m1m2m3m4m6m7m8m9m9m9m3m3m")));   // 清一色, a 3m pair
  CHECK(mj::wins(s, 1, counts_of("1m1m3m3m4m4m6m6m7m7m9m9m1p1p")));   // 七對
  CHECK(mj::wins(s, 1, counts_of("1m1m1m3p3p3p4s4s4s6m6m6m9p9p")));   // 碰碰胡
  CHECK(mj::wins(s, 1, counts_of("2m2m5m5m8m8m2p5p8p2s5s8s8s2p")));   // 將一色, no shape
  CHECK_FALSE(mj::wins(s, 1, counts_of("2m2m5m5m8m8m2p5p8p2s5s8s8s3p")));
  // The dealer's dealt 14 are all 2/5/8: the shape bound lets the win through.
  CHECK(s.seats[0].shanten_lb == -1);
  const auto moves = legal(s, 0);
  CHECK(std::find(moves.begin(), moves.end(), "s0:win") != moves.end());
  CHECK(verdict(s, "s0:win") == "ok");
  // After a discard its 13 wait on every 2/5/8 (on another seat's tile, §11).
  mj::State t = s;
  play(t, "s0:discard=2s");
  CHECK(waits_of(t, 0) == "2m5m8m2p5p8p2s5s8s");
  CHECK(t.seats[0].win_mask != 0);
}

TEST_CASE("mahjong Changsha payments: a big self-draw by the dealer is 7 per unit - birds from the front - floats after (rules §7)") {
  SUBCASE("no birds") {
    mj::State s = deal_changsha(changsha(0), kJiangHands, 0, "9p6p");
    play(s, "s0:win");
    CHECK(s.result.kind == mj::ResultKind::kSelfDraw);
    CHECK(pattern_names(s) == "將一色");
    CHECK(ledger(s) == "self_draw 1>0 7;self_draw 2>0 7;self_draw 3>0 7;");
    CHECK(s.result.n_birds == 0);
  }
  SUBCASE("birds add, floats") {
    mj::ConfigArgs a;
    a.ruleset = "changsha";
    a.birds = 2;
    a.floats = {1, 2, 0, 3};
    const mj::Config cfg = mj::make_config(a).config;
    mj::State s = deal_changsha(cfg, kJiangHands, 0, "9p6p");
    play(s, "s0:win");
    // 9p hits the winner, 6p its next seat: h = 2 for s1, 1 for s2 and s3.
    REQUIRE(s.result.n_birds == 2);
    CHECK(mj::tile_code(s.result.birds[0]) == "9p");
    CHECK(mj::tile_code(s.result.birds[1]) == "6p");
    CHECK(ledger(s) == "self_draw 1>0 24;self_draw 2>0 15;self_draw 3>0 18;");  // 7x3+1+2, 7x2+1+0, 7x2+1+3
  }
  SUBCASE("birds multiply") {
    mj::ConfigArgs a;
    a.ruleset = "changsha";
    a.bird_scoring = "multiply";
    mj::State s = deal_changsha(mj::make_config(a).config, kJiangHands, 0, "9p6p");
    play(s, "s0:win");
    CHECK(ledger(s) == "self_draw 1>0 28;self_draw 2>0 14;self_draw 3>0 14;");
  }
}

TEST_CASE("mahjong Changsha opening: 板板胡 四喜 and two 缺一色 paid 2 each by the dealer's payers - then 豪華七對 清一色 by units - compound - cap (rules §7)") {
  const std::vector<std::string> hands = {"1m1m1m1m3m3m4m4m6m6m7m7m9m9m", "2m3m4m1p2p3p4p5p6p1s2s3s9s",
                                          "2m3m4m1p2p3p4p5p6p1s2s3s9s", "5m6m7m7p8p9p7p8p9p4s5s6s9s"};
  for (const auto& [compound, cap, amount] :
       {std::tuple<const char*, int, int>{"add", 6, 21}, {"multiply", 6, 28}, {"add", 2, 14}, {"multiply", 0, 28}}) {
    mj::ConfigArgs a;
    a.ruleset = "changsha";
    a.birds = 0;
    a.compound = compound;
    a.cap = cap;
    mj::State s = deal_changsha(mj::make_config(a).config, hands, 0);
    REQUIRE(s.phase == mj::Phase::kOpening);
    CHECK(acting(s) == std::vector<int>{0});
    CHECK(legal(s) == std::vector<std::string>{"s0:opening", "s0:pass"});
    CHECK(verdict(s, "s1:opening") == "not_your_turn");
    CHECK(verdict(s, "s0:discard=1m") == "wrong_phase");
    CHECK(verdict(s, "s0:mid") == "wrong_phase");
    play(s, "s0:opening");
    CHECK(s.phase == mj::Phase::kPlay);
    CHECK(s.turn == 0);
    REQUIRE(s.n_reveals == 1);
    // 板板胡 (no 2/5/8), 四喜 (1m), 缺一色 twice (no p, no s).
    CHECK(s.reveals[0].n_wins == 4);
    CHECK(std::string(mj::declared_win_name(s.reveals[0].wins[0])) == "板板胡");
    CHECK(std::string(mj::declared_win_name(s.reveals[0].wins[1])) == "四喜");
    CHECK(std::string(mj::declared_win_name(s.reveals[0].wins[3])) == "缺一色");
    CHECK(mj::hand_string(s.reveals[0].tiles) == "1m1m1m1m3m3m4m4m6m6m7m7m9m9m");  // the dealt hand
    CHECK(s.seats[0].used == 1u);  // 1m
    CHECK(s.n_ledger == 12);
    CHECK(ledger(s).rfind("opening 1>0 2;opening 2>0 2;opening 3>0 2;", 0) == 0);
    CHECK(verdict(s, "s0:opening") == "wrong_phase");
    CHECK(verdict(s, "s0:mid") == "cannot_declare");  // the four was dealt
    play(s, "s0:win");
    CHECK(pattern_names(s) == "豪華七對 清一色");
    CHECK(s.ledger[12].amount == amount);
    CHECK(pays(s) == std::vector<long long>{24 + 3 * amount, -8 - amount, -8 - amount, -8 - amount});
  }
}

TEST_CASE("mahjong Changsha open kong: 槓上開花 at once - 槓上炮 paid by the konger - nobody: discards and the lock (rules §7)") {
  const std::vector<std::string> hands = {"1m2m3m4p5p6p7s8s9s5m3s3s3s3s", "2p3p4p6p7p8p4s5s6s5p5p7m8m",
                                          "1m2m3m4m5m6m9m1p1p9p9p1s2s", "1m2m3m4m6m7m8m1p9p4s5s6s6s"};
  SUBCASE("槓上開花") {
    mj::State s = deal_changsha(changsha(), hands, 0, "", "5m");
    REQUIRE(s.phase == mj::Phase::kOpening);  // 四喜 of 3s
    play(s, "s0:pass");
    const auto moves = legal(s, 0);
    CHECK(std::find(moves.begin(), moves.end(), "s0:open_kong=3s") != moves.end());
    CHECK(verdict(s, "s0:open_kong=1m") == "cannot_kong");
    play(s, "s0:open_kong=3s");
    CHECK(s.phase == mj::Phase::kOver);
    CHECK(s.result.kind == mj::ResultKind::kSelfDraw);
    CHECK(mj::tile_code(s.result.win_tile) == "5m");
    CHECK(pattern_names(s) == "小胡 槓上開花");
    CHECK(ledger(s) == "self_draw 1>0 7;self_draw 2>0 7;self_draw 3>0 7;");  // no kong payment
  }
  SUBCASE("槓上炮 on the second tile") {
    mj::State s = deal_changsha(changsha(), hands, 0, "", "1s9m");
    play(s, "s0:pass");
    play(s, "s0:open_kong=3s");
    REQUIRE(s.phase == mj::Phase::kClaim);
    CHECK(s.offer_kind == mj::OfferKind::kOpenKong);
    CHECK(mj::tile_code(s.offer_tile) == "9m");
    CHECK(acting(s) == std::vector<int>{1});
    CHECK(legal(s) == std::vector<std::string>{"s1:pass", "s1:win"});
    CHECK(verdict(s, "s1:haidi") == "cannot_haidi");
    mj::State won = s;
    play(won, "s1:win");
    CHECK(won.result.kind == mj::ResultKind::kDiscard);
    CHECK(won.result.dealt_in_by == 0);
    CHECK(pattern_names(won) == "小胡 槓上炮");
    CHECK(ledger(won) == "discard 0>1 7;");
    // Passed: 過手 for s1, the tiles in s0's discards, s0 locked, s1 draws.
    play(s, "s1:pass");
    CHECK(s.phase == mj::Phase::kPlay);
    CHECK(s.turn == 1);
    CHECK_FALSE(s.seats[1].pass_locked);  // its draw cleared it
    CHECK(s.seats[0].locked);
    REQUIRE(s.n_discards == 2);
    CHECK(mj::tile_code(s.discards[0].tile) == "1s");
    CHECK(mj::tile_code(s.discards[1].tile) == "9m");
    CHECK(s.discards[1].seat == 0);
  }
  SUBCASE("the lock: no claims on others' tiles, in turn only the tile drawn") {
    mj::State s = deal_changsha(changsha(), hands, 0, "9s7p7p9s", "1s9m");
    play(s, "s0:pass");
    play(s, "s0:open_kong=3s");
    play(s, "s1:pass");
    play(s, "s1:discard=9s");
    play(s, "s2:discard=7p");
    play(s, "s3:discard=7p");  // s0 holds 5p6p: no chow offer to a locked seat
    REQUIRE(s.phase == mj::Phase::kPlay);
    CHECK(s.turn == 0);
    CHECK(legal(s, 0) == std::vector<std::string>{"s0:discard=9s"});
    CHECK(verdict(s, "s0:discard=1m") == "hand_locked");
    CHECK(verdict(s, "s0:mid") == "hand_locked");
  }
}

// Each wait of `seat` with its unseen count: "6m=4 9m=3".
std::string unseen_of(const mj::State& s, int seat) {
  int unseen[mj::kKinds];
  const std::uint64_t m = mj::waits(s, seat, unseen);
  std::string out;
  for (int t = 0; t < mj::kKinds; ++t)
    if ((m >> t) & 1)
      out += (out.empty() ? "" : " ") + mj::tile_code(static_cast<mj::Tile>(t)) + "=" + std::to_string(unseen[t]);
  return out;
}

TEST_CASE("mahjong Changsha waits: the open kong's revealed tiles are seen from the moment they are revealed, once (rules §11)") {
  // s1 waits on 6m and 9m; the open kong reveals 1s, then 9m (offered to s1).
  // No other 6m or 9m is in sight of s1 (s2 and s3 hold theirs concealed).
  const std::vector<std::string> hands = {"1m2m3m4p5p6p7s8s9s5m3s3s3s3s", "2p3p4p6p7p8p4s5s6s5p5p7m8m",
                                          "1m2m3m4m5m6m9m1p1p9p9p1s2s", "1m2m3m4m6m7m8m1p9p4s5s6s6s"};
  mj::State s = deal_changsha(changsha(), hands, 0, "7p", "1s9m");
  play(s, "s0:pass");
  CHECK(unseen_of(s, 1) == "6m=4 9m=4");
  play(s, "s0:open_kong=3s");
  REQUIRE(s.phase == mj::Phase::kClaim);
  CHECK(unseen_of(s, 1) == "6m=4 9m=3");  // on offer, face up
  mj::State won = s;
  play(won, "s1:win");
  CHECK(unseen_of(won, 1) == "6m=4 9m=3");  // the hand ended on it: still seen, once
  play(s, "s1:pass");  // both lie in s0's discards; s1 draws
  REQUIRE(s.phase == mj::Phase::kPlay);
  CHECK(s.n_revealed == 0);
  play(s, "s1:discard=7p");  // the tile it drew; nobody claims it
  CHECK(unseen_of(s, 1) == "6m=4 9m=3");  // counted once, as a discard
}

TEST_CASE("mahjong Changsha random play: games end - conserve tiles - pay zero-sum - check() accepts exactly the legal moves") {
  std::vector<mj::Move> all;
  for (int seat = 0; seat < 4; ++seat) {
    for (auto act : {mj::Act::kDiscard, mj::Act::kReady, mj::Act::kKong, mj::Act::kPung, mj::Act::kOpenKong})
      for (int t = 0; t < mj::kKinds; ++t) all.push_back(mj::make_tile_move(seat, act, t));
    for (int t = 0; t < mj::kHonourBase; ++t)
      if (t % 9 <= 6) all.push_back(mj::make_tile_move(seat, mj::Act::kChow, t));
    for (auto act : {mj::Act::kWin, mj::Act::kPass, mj::Act::kOpening, mj::Act::kMid, mj::Act::kHaidi})
      all.push_back(mj::make_move(seat, act));
  }
  std::sort(all.begin(), all.end());
  mj::ConfigArgs options[2];
  options[0].ruleset = options[1].ruleset = "changsha";
  options[1].birds = 4;
  options[1].compound = options[1].bird_scoring = "multiply";
  options[1].cap = 0;
  options[1].floats = {1, 0, 2, 3};
  options[1].opening_extras = options[1].opening_reuse = true;
  options[1].pass_lock = false;
  mj::Move buf[mj::kMaxLegalMoves];
  long long kinds[5] = {};
  for (int i = 0; i < 2000; ++i) {
    const mj::Config cfg = mj::make_config(options[i % 2]).config;
    mj::Tile tiles[mj::kMaxWallTiles];
    int d1 = 0, d2 = 0;
    const int n = mj::shuffle_tiles(static_cast<std::uint64_t>(i), cfg.tiles(), tiles, d1, d2);
    REQUIRE(n == 108);
    mj::State s;
    mj::init_state_tiles(s, cfg, tiles, n, (d1 + d2 - 1) % 4);
    yijing::Xoshiro256ss rng(static_cast<std::uint64_t>(i));
    for (int step = 0;; ++step) {
      INFO("game " << i << " step " << step);
      // The revealed open-kong tiles are off the wall and not yet discarded
      // while they are on offer.
      // (After a win on them: the 槓上開花 tile is in the winner's hand.)
      int aside = s.phase == mj::Phase::kClaim && s.offer_kind == mj::OfferKind::kOpenKong ? s.n_revealed : 0;
      if (s.phase == mj::Phase::kOver && (s.result.patterns & mj::detail::kGangKai)) aside = s.n_revealed - 1;
      if (s.phase == mj::Phase::kOver && (s.result.patterns & mj::detail::kGangPao)) aside = s.n_revealed;
      REQUIRE(tiles_accounted(s) + aside == n);
      const int k = mj::legal_moves(s, -1, buf);
      if (s.phase == mj::Phase::kOver) {
        REQUIRE(k == 0);
        break;
      }
      REQUIRE(k > 0);
      REQUIRE(std::is_sorted(buf, buf + k));
      for (int seat = 0; seat < 4; ++seat) {
        const auto& st = s.seats[seat];
        int exact = std::min(mj::regular_shanten(st.counts), mj::detail::jiang_shanten(st));
        if (st.n_melds == 0) exact = std::min(exact, mj::seven_pairs_shanten(st.counts));
        REQUIRE(st.shanten_lb <= exact);
      }
      if (i % 10 == 0) {
        for (mj::Move m : all) {
          const bool listed = std::binary_search(buf, buf + k, m);
          const bool ok = mj::check(s, m) == mj::Reason::kOk;
          if (listed != ok) FAIL_CHECK("check/legal differ: " << mj::format_move(m) << " listed " << listed);
        }
      }
      // Prefer the rare moves, so open kongs, the sea bottom and 中途 are played.
      int pick = static_cast<int>(rng.uniform(static_cast<std::uint64_t>(k)));
      for (int j = 0; j < k; ++j) {
        const mj::Act a = mj::move_act(buf[j]);
        if ((a == mj::Act::kOpenKong || a == mj::Act::kHaidi || a == mj::Act::kMid || a == mj::Act::kWin ||
             a == mj::Act::kOpening) && rng.uniform(4) != 0)
          pick = j;
      }
      mj::apply(s, buf[pick]);
    }
    REQUIRE_FALSE(s.history_overflow);
    const auto p = pays(s);
    CHECK(p[0] + p[1] + p[2] + p[3] == 0);
    ++kinds[static_cast<int>(s.result.kind)];
  }
  MESSAGE("Changsha self_draw " << kinds[1] << ", discard " << kinds[2] << ", robbed_kong " << kinds[3] << ", draw "
                                << kinds[4]);
  CHECK(kinds[1] > 0);
  CHECK(kinds[2] > 0);
  CHECK(kinds[4] > 0);
}
