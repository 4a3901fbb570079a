// What a seat (or an observer) may see of a hand, its result and a seat's
// ready list (docs/yijing.md §7 "view", §5 "ready"; docs/backend-interface.md
// GameCore.view/result/ready), as plain values: the hidden-information rules
// live here, and a binding only converts these to its language's objects.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "yijing/yijingpai/engine.hpp"

namespace yijing::yijingpai {

struct LastPlayView {
  int seat = 0;
  const char* kind = "play";  // "play" or "pong"
  std::string lines;
  const char* placement = "";
};

struct SeatView {
  int seat = 0;
  bool target_laid = false;
  int hand_count = 0;
  std::string in_progress;
  std::vector<std::string> completed;  // this seat's completed hexagrams, in order
  // Only in the viewer's own seat: its hand, and its target once laid.
  bool own = false;
  std::string hand;
  std::optional<std::string> target;
};

struct ResultView {
  const char* kind = "draw";  // "draw", "self_draw" or "dealt_in"
  int winner = -1;            // -1: none
  int dealt_in_by = -1;       // -1: none
  int points_half = 0;
  std::vector<int> payments;  // by seat
  int hexagram = -1;          // King Wen number; -1 in a draw
  std::optional<std::string> lines;  // none in a draw
  std::vector<const char*> conditions;  // the win conditions met, canonical order
};

struct View {
  int viewer = -1;  // -1: an observer
  const char* phase = "";
  int dealer = 0;
  int wall_remaining = 0;
  int turn = -1;  // -1 outside the play phase
  bool claims_pending = false;
  bool to_act = false;
  std::optional<LastPlayView> last_play;
  std::vector<SeatView> seats;
  std::vector<std::string> history;  // public notation, no passes, targets hidden
  std::optional<ResultView> result;
};

// `viewer` is -1 or a seat of the game (the caller checks it).
View view_of(const State& s, int viewer);
// The same into `out`, whose storage is reused (a caller that asks often).
void view_of(const State& s, int viewer, View& out);
// None until the hand is over.
std::optional<ResultView> result_of(const State& s);

struct ReadyView {
  std::string lines;
  const char* placement = "";
  int king_wen = 0;
  int points_half = 0;
};
// ready() of a seat of the game (the caller checks it).
std::vector<ReadyView> ready_of(const State& s, int seat);

}  // namespace yijing::yijingpai
