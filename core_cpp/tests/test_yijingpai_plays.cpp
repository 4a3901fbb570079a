// Plays, pongs, placements, claims, wins, payments and draws
// (docs/yijing.md §3-§6). Scenarios start from a real deal and then set
// hands / hexagrams directly where reaching them by play would be long.
#include "yijingpai_test_util.hpp"
#include "yijing/yijingpai/iching_tables.hpp"

using namespace yjt;

namespace {

// 4 (or n) seats dealt "11110000", every target "111000", hands "10";
// dealer 0 to move. `draws` are the first tiles drawn after the deal.
yp::State started(int k = 2, int players = 4, int win_mask = 3, bool taiji_in_pong = true,
                  bool split = false, const std::string& draws = "1010101010101010") {
  const std::string dealt = k == 2 ? "11110000" : "111100000";
  const std::string target = "111000";
  yp::State s;
  REQUIRE(yp::init_state(s, config(k, players, win_mask, taiji_in_pong, split),
                         make_wall(std::vector<std::string>(static_cast<std::size_t>(players), dealt), k,
                                   0, draws),
                         0) == yp::InitError::kNone);
  for (int seat = 0; seat < players; ++seat) play(s, "s" + std::to_string(seat) + ":target=" + target);
  REQUIRE(s.phase == yp::Phase::kPlay);
  REQUIRE(s.turn == 0);
  return s;
}

std::vector<std::string> to_act(const yp::State& s) {
  int seats[4];
  const int n = yp::to_act(s, seats);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(std::to_string(seats[i]));
  return out;
}

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("no-repeat rule compares declared lines") {
  yp::State s = started();
  CHECK(legal(s, 0) == V{"s0:play=01", "s0:play=10"});  // first play: no previous
  play(s, "s0:play=10");
  CHECK(s.turn == 1);
  CHECK(code(s, "s1:play=10") == "repeat_play");
  CHECK(legal(s, 1) == V{"s1:play=01"});
  set_hand(s, 1, "1T");
  CHECK(code(s, "s1:play=1-") == "repeat_play");  // '-' is a yin line
  CHECK(legal(s, 1) == V{"s1:play=+1", "s1:play=-1", "s1:play=1+"});
  CHECK(code(s, "s1:play=11") == "tiles_not_in_hand");
  CHECK(code(s, "s1:play=1") == "wrong_count");
  CHECK(code(s, "s1:pong=11@outer") == "no_pong_available");
  CHECK(code(s, "s1:pong=10@outer") == "not_a_pair");
}

TEST_CASE("player-in-turn pong: the next seat holding the pair") {
  yp::State s = started();
  set_hand(s, 0, "11");
  set_hand(s, 1, "11");
  set_hand(s, 2, "11");  // not offered: P+1 can form the pair
  play(s, "s0:play=11");
  CHECK(s.phase == yp::Phase::kPlay);
  CHECK(s.turn == 1);
  CHECK(code(s, "s1:play=11") == "repeat_play");
  CHECK(legal(s, 1) == V{"s1:pong=11@outer"});  // empty hexagram: outer only
  CHECK(code(s, "s1:pong=11@split") == "bad_placement");
  play(s, "s1:pong=11@outer");
  CHECK(s.last.kind == yp::Kind::kPong);
  CHECK(in_progress(s, 1) == "11");
  CHECK(s.turn == 2);  // a pong passes the turn to the pong player's next
  // A pong can be ponged: seat 2 holds 11 and the previous play is 11.
  CHECK(legal(s, 2) == V{"s2:pong=11@outer"});

  SUBCASE("taiji stands in and every order is distinct") {
    yp::State t = started();
    set_hand(t, 0, "11");
    set_hand(t, 1, "1T");
    play(t, "s0:play=11");
    CHECK(legal(t, 1) == V{"s1:play=-1", "s1:play=1-", "s1:pong=+1@outer", "s1:pong=1+@outer"});
  }
  SUBCASE("taiji_in_pong false") {
    yp::State t = started(2, 4, 3, false);
    set_hand(t, 0, "11");
    set_hand(t, 1, "1T");
    set_hand(t, 3, "11");
    play(t, "s0:play=11");
    // Seat 1 cannot form the pair without its taiji, so seat 2, 3 are offered.
    CHECK(t.phase == yp::Phase::kClaim);
    CHECK(to_act(t) == V{"3"});
    CHECK(legal(t, 3) == V{"s3:pass", "s3:pong=11@outer"});
    play(t, "s3:pass");
    CHECK(t.turn == 1);
    CHECK(code(t, "s1:pong=1+@outer") == "taiji_not_allowed");
    CHECK(legal(t, 1) == V{"s1:play=-1", "s1:play=1-"});
  }
}

TEST_CASE("pong offers go to P+2 then P+3 one at a time and the ponger becomes P") {
  yp::State s = started();
  set_hand(s, 0, "00");
  set_hand(s, 1, "10");
  set_hand(s, 2, "00");
  set_hand(s, 3, "0T");
  play(s, "s0:play=00");
  CHECK(s.phase == yp::Phase::kClaim);
  CHECK(to_act(s) == V{"2"});
  CHECK(legal(s, 2) == V{"s2:pass", "s2:pong=00@outer"});
  CHECK(legal(s, 3).empty());
  CHECK(code(s, "s3:pass") == "not_your_turn");
  CHECK(code(s, "s2:play=00") == "wrong_phase");
  CHECK(code(s, "s2:win") == "cannot_win");  // a pong offer
  CHECK(code(s, "s2:win@inner") == "bad_placement");  // empty hexagram: outer only
  CHECK(code(s, "s2:pong=11@outer") == "no_pong_available");
  play(s, "s2:pass");
  CHECK(to_act(s) == V{"3"});
  CHECK(legal(s, 3) == V{"s3:pass", "s3:pong=-0@outer", "s3:pong=0-@outer"});
  play(s, "s3:pong=0-@outer");
  CHECK(in_progress(s, 3) == "0-");
  CHECK(s.wall_remaining() == 144 - 32 - 4);  // both players drew
  // Seat 3's pong is itself a pure pair: seat 0 (drew 10) cannot form it,
  // seat 1 neither, seat 2 still can and is offered again.
  CHECK(to_act(s) == V{"2"});
  play(s, "s2:pass");
  CHECK(s.phase == yp::Phase::kPlay);
  CHECK(s.turn == 0);  // seats 1 and 2 are skipped
}

TEST_CASE("placements on a non-empty hexagram (docs 4)") {
  SUBCASE("yang pair: split only and a pong may complete a hexagram") {
    yp::State s = started();
    set_hand(s, 0, "11");
    set_progress(s, 2, "0010");
    set_hand(s, 2, "1T");
    play(s, "s0:play=11");
    CHECK(to_act(s) == V{"2"});
    CHECK(legal(s, 2) == V{"s2:pass", "s2:pong=+1@split", "s2:pong=1+@split"});
    CHECK(code(s, "s2:pong=1+@outer") == "bad_placement");
    CHECK(code(s, "s2:pong=1+@inner") == "bad_placement");
    play(s, "s2:pong=1+@split");
    CHECK(in_progress(s, 2).empty());
    CHECK(s.n_completed == 1);
    CHECK(yp::lines_string(s.completed[0] & 63, (s.completed[0] >> 6) & 63, 6) == "10010+");
  }
  SUBCASE("yin pair: outer or inner") {
    yp::State s = started();
    set_hand(s, 0, "00");
    set_progress(s, 2, "11");
    set_hand(s, 2, "00");
    play(s, "s0:play=00");
    CHECK(legal(s, 2) == V{"s2:pass", "s2:pong=00@inner", "s2:pong=00@outer"});
    CHECK(code(s, "s2:pong=00@split") == "bad_placement");
    play(s, "s2:pong=00@inner");
    CHECK(in_progress(s, 2) == "0011");
  }
  SUBCASE("simple variant: both kinds outer or inner") {
    yp::State s = started(3);
    set_hand(s, 0, "111");
    set_progress(s, 1, "000");
    set_hand(s, 1, "11T");
    play(s, "s0:play=111");
    CHECK(s.turn == 1);
    const V moves = legal(s, 1);
    CHECK(moves == V{"s1:play=-11", "s1:play=1-1", "s1:play=11-", "s1:pong=+11@inner",
                     "s1:pong=+11@outer", "s1:pong=1+1@inner", "s1:pong=1+1@outer",
                     "s1:pong=11+@inner", "s1:pong=11+@outer"});
    CHECK(code(s, "s1:pong=11+@split") == "bad_placement");
    play(s, "s1:pong=11+@inner");
    CHECK(in_progress(s, 1).empty());  // 3 + 3 lines: completed
    REQUIRE(s.n_completed == 1);
    CHECK(yp::lines_string(s.completed[0] & 63, (s.completed[0] >> 6) & 63, 6) == "11+000");
  }
}

namespace {

// Seats 2 and 3 wait for "00" on "1110" to complete their target 111000 a
// second time (two_targets).
yp::State two_waiting(bool split = false, int win_mask = 3) {
  yp::State s = started(2, 4, win_mask, true, split);
  for (int seat : {2, 3}) {
    give_completed(s, seat, "111000");
    set_progress(s, seat, "1110");
  }
  return s;
}

}  // namespace

TEST_CASE("hu offers go counterclockwise from P+1 and then pong offers") {
  yp::State s = two_waiting();
  set_hand(s, 0, "00");
  set_hand(s, 2, "00");
  play(s, "s0:play=00");
  CHECK(s.phase == yp::Phase::kClaim);
  CHECK(to_act(s) == V{"2"});
  CHECK(legal(s, 2) == V{"s2:pass", "s2:win"});
  CHECK(code(s, "s2:win@inner") == "cannot_win");  // allowed, but 001110 does not win
  CHECK(code(s, "s2:win@split") == "bad_placement");
  CHECK(code(s, "s2:win@outer") == "bad_placement");
  CHECK(code(s, "s2:pong=00@outer") == "no_pong_available");  // a 胡 offer
  CHECK(code(s, "s3:win") == "not_your_turn");
  play(s, "s2:pass");
  CHECK(to_act(s) == V{"3"});
  play(s, "s3:pass");
  // Now the pong offers: seat 1 cannot form 00, seat 2 can.
  CHECK(to_act(s) == V{"2"});
  CHECK(code(s, "s2:win") == "cannot_win");
  // Declining 胡 and then ponging completes the hexagram: a self-draw.
  play(s, "s2:pong=00@outer");
  REQUIRE(s.phase == yp::Phase::kOver);
  CHECK(s.result.kind == yp::ResultKind::kSelfDraw);
  CHECK(s.result.winner == 2);
  CHECK(s.result.dealt_in_by == -1);
  CHECK(s.result.points_half == 9);
  CHECK(s.result.conditions == yp::kTwoTargets);
  CHECK(s.result.payments[0] == -9);
  CHECK(s.result.payments[1] == -9);
  CHECK(s.result.payments[2] == 27);
  CHECK(s.result.payments[3] == -9);
  CHECK(s.wall_remaining() == 144 - 32 - 2);  // the winner does not draw
  CHECK(code(s, "s3:pass") == "game_over");
  CHECK(code(s, "s9:pass") == "no_such_seat");  // check 2 before 3
  CHECK(yp::king_wen_from_lines("111000") == 11);
}

TEST_CASE("win on another's play: dealt in") {
  yp::State s = two_waiting();
  set_hand(s, 0, "0T");
  play(s, "s0:play=-0");
  CHECK(s.wall_remaining() == 144 - 32 - 2);  // P draws before the offers
  play(s, "s2:win");
  REQUIRE(s.phase == yp::Phase::kOver);
  CHECK(s.result.kind == yp::ResultKind::kDealtIn);
  CHECK(s.result.winner == 2);
  CHECK(s.result.dealt_in_by == 0);
  CHECK(yp::lines_string(s.result.values, s.result.taiji, 6) == "1110-0");
  CHECK(s.result.points_half == 8);  // 2+2+2+1+0+1: the taiji scores 0
  CHECK(s.result.payments[0] == -8);
  CHECK(s.result.payments[1] == 0);
  CHECK(s.result.payments[2] == 8);
  CHECK(s.result.payments[3] == 0);
}

TEST_CASE("win on a pair with a pong placement") {
  yp::State s = started();
  set_hand(s, 0, "11");
  give_completed(s, 1, "100001");
  give_completed(s, 1, "100001");
  set_progress(s, 1, "0000");
  play(s, "s0:play=11");
  // three_of_a_kind with 1 + 0000 + 1 (split); outer gives 000011 (no win).
  CHECK(to_act(s) == V{"1"});
  CHECK(legal(s, 1) == V{"s1:pass", "s1:win@split"});
  CHECK(code(s, "s1:win") == "cannot_win");
  play(s, "s1:win@split");
  CHECK(s.result.kind == yp::ResultKind::kDealtIn);
  CHECK(s.result.conditions == yp::kThreeOfAKind);
  CHECK(s.result.points_half == 8);
}

TEST_CASE("self-draw payments: each and split") {
  SUBCASE("each") {
    yp::State s = two_waiting(false);
    s.turn = 3;  // (set-up) seat 3 to move with 0- in hand
    set_hand(s, 3, "0T");
    play(s, "s3:play=0-");
    CHECK(s.result.kind == yp::ResultKind::kSelfDraw);
    CHECK(s.result.points_half == 8);
    CHECK(s.result.payments[3] == 24);
    CHECK(s.result.payments[0] == -8);
    CHECK(s.result.payments[1] == -8);
    CHECK(s.result.payments[2] == -8);
  }
  SUBCASE("split: remainder paid by the first losers counterclockwise from the winner") {
    yp::State s = two_waiting(true);
    s.turn = 2;
    set_hand(s, 2, "0T");
    play(s, "s2:play=0-");
    CHECK(s.result.points_half == 8);  // 8 = 2 + 2 + 2, two extra
    CHECK(s.result.payments[2] == 8);
    CHECK(s.result.payments[3] == -3);  // first loser counterclockwise
    CHECK(s.result.payments[0] == -3);  // second
    CHECK(s.result.payments[1] == -2);
  }
}

TEST_CASE("win conditions (docs 5)") {
  yp::State s = started(2, 4, 63);
  // Target of every seat is 111000 (lower 111 = 7, upper 000 = 0).
  const std::uint8_t target = 0b000111;
  CHECK(yp::conditions_if_added(s, 0, target) == 0);
  give_completed(s, 0, "111000");
  CHECK(yp::conditions_if_added(s, 0, target) == (yp::kTwoTargets));
  // Trigrams: 111000 gives 7 and 0; add 100 010 (1, 2), 110 001 (3, 4), 101 011 (5, 6).
  give_completed(s, 0, "100010");
  give_completed(s, 0, "110001");
  CHECK(s.seats[0].trigrams == 0b10011111);  // 7, 0, 1, 2, 3, 4
  // 101011 adds trigrams 5 and 6: all eight with the target present.
  const auto hex = [](const char* l) {
    return yp::parse_move(std::string("s0:target=") + l)->values;
  };
  CHECK(yp::conditions_if_added(s, 0, hex("101011")) == yp::kTargetAndEightTrigrams);
  give_completed(s, 0, "101011");
  CHECK(s.seats[0].trigrams == 0xFF);
  CHECK(yp::conditions_if_added(s, 0, hex("111111")) ==
        (yp::kTargetAndEightTrigrams | yp::kEightTrigramsAndQian));
  CHECK(yp::conditions_if_added(s, 0, hex("000000")) ==
        (yp::kTargetAndEightTrigrams | yp::kEightTrigramsAndKun));
  CHECK(yp::conditions_if_added(s, 0, hex("100010")) ==
        (yp::kTargetAndEightTrigrams | yp::kEightTrigramsAndPair));
  give_completed(s, 0, "100010");
  CHECK(yp::conditions_if_added(s, 0, hex("100010")) ==
        (yp::kTargetAndEightTrigrams | yp::kEightTrigramsAndPair | yp::kThreeOfAKind));
  // Only enabled conditions count.
  s.cfg.win_mask = yp::kTwoTargets;
  CHECK(yp::conditions_if_added(s, 0, hex("100010")) == 0);
  CHECK(yp::conditions_if_added(s, 0, target) == yp::kTwoTargets);
}

TEST_CASE("ready lists winning lines and placements sorted") {
  yp::State s = started();
  give_completed(s, 1, "000000");
  give_completed(s, 1, "000000");
  set_progress(s, 1, "00-0");
  yp::ReadyItem items[yp::kMaxReady];
  REQUIRE(yp::ready(s, 1, items) == 2);
  CHECK(items[0].placement == yp::Placement::kInner);
  CHECK(items[1].placement == yp::Placement::kOuter);
  CHECK(items[0].values == 0);
  CHECK(items[1].points_half == 5);  // the taiji in progress scores 0
  CHECK(yp::ready(s, 0, items) == 0);  // nothing in progress
  // Seat 2 waits on 1110 for 00 (two targets) and, with three 111111... no.
  give_completed(s, 2, "111000");
  set_progress(s, 2, "1110");
  REQUIRE(yp::ready(s, 2, items) == 1);
  CHECK(items[0].placement == yp::Placement::kOuter);
  CHECK(items[0].points_half == 9);
}

TEST_CASE("drawn hand: the seat to move holds fewer than k tiles") {
  SUBCASE("standard with the wall empty") {
    yp::State s = started();
    s.wall_pos = s.wall_len;  // (set-up) nothing left to draw
    play(s, "s0:play=10");
    play(s, "s1:play=01");
    play(s, "s2:play=10");
    CHECK(s.phase == yp::Phase::kPlay);
    play(s, "s3:play=01");
    // Seat 0 is to move with no tiles: drawn at once.
    CHECK(s.phase == yp::Phase::kOver);
    CHECK(s.result.kind == yp::ResultKind::kDraw);
    CHECK(s.result.payments[0] == 0);
    CHECK(code(s, "s0:play=10") == "game_over");
  }
  SUBCASE("simple without taiji: a short last draw") {
    yp::State s;
    REQUIRE(yp::init_state(s, config(3, 2),
                           make_wall({"111100000", "111100000"}, 3, 0, "", false), 0) ==
            yp::InitError::kNone);
    play(s, "s0:target=111000");
    play(s, "s1:target=111000");
    s.wall_pos = static_cast<std::uint8_t>(s.wall_len - 2);
    set_hand(s, 0, "100");
    play(s, "s0:play=100");
    CHECK(s.seats[0].hand.total() == 2);
    play(s, "s1:play=010");
    CHECK(s.phase == yp::Phase::kOver);
    CHECK(s.result.kind == yp::ResultKind::kDraw);
  }
}

TEST_CASE("reason code order (docs 6)") {
  yp::State s = started();
  CHECK(code(s, "s0:pass ") == "malformed");
  CHECK(code(s, "s4:target=111") == "no_such_seat");
  CHECK(code(s, "s1:target=111") == "wrong_phase");
  CHECK(code(s, "s1:pass") == "wrong_phase");
  CHECK(code(s, "s0:win") == "wrong_phase");
  CHECK(code(s, "s1:play=1") == "not_your_turn");
  CHECK(code(s, "s0:play=1") == "wrong_count");
  CHECK(code(s, "s0:pong=1@outer") == "wrong_count");
  CHECK(code(s, "s0:pong=10@outer") == "not_a_pair");
  CHECK(code(s, "s0:pong=11@outer") == "no_pong_available");  // no previous play
  CHECK(code(s, "s0:play=11") == "tiles_not_in_hand");
  CHECK(code(s, "s0:play=+0") == "tiles_not_in_hand");
  CHECK(code(s, "s0:play=10") == "ok");
}
