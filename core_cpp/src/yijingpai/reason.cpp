// Reason code names (stable API, docs/yijing.md §6) and messages.
#include "yijing/yijingpai/reason.hpp"

namespace yijing::yijingpai {

const char* reason_name(Reason r) noexcept {
  switch (r) {
    case Reason::kOk: return "ok";
    case Reason::kMalformed: return "malformed";
    case Reason::kNoSuchSeat: return "no_such_seat";
    case Reason::kGameOver: return "game_over";
    case Reason::kWrongPhase: return "wrong_phase";
    case Reason::kTargetAlreadyLaid: return "target_already_laid";
    case Reason::kNotYourTurn: return "not_your_turn";
    case Reason::kWrongCount: return "wrong_count";
    case Reason::kNotAPair: return "not_a_pair";
    case Reason::kNoPongAvailable: return "no_pong_available";
    case Reason::kTaijiNotAllowed: return "taiji_not_allowed";
    case Reason::kTilesNotInHand: return "tiles_not_in_hand";
    case Reason::kRepeatPlay: return "repeat_play";
    case Reason::kBadPlacement: return "bad_placement";
    case Reason::kCannotWin: return "cannot_win";
  }
  return "malformed";
}

const char* reason_message(Reason r) noexcept {
  switch (r) {
    case Reason::kOk: return "";
    case Reason::kMalformed: return "the move does not match the notation s<seat>:<action>";
    case Reason::kNoSuchSeat: return "there is no such seat in this game";
    case Reason::kGameOver: return "the hand is over";
    case Reason::kWrongPhase: return "this kind of move is not allowed in the current phase";
    case Reason::kTargetAlreadyLaid: return "this seat has already laid its target";
    case Reason::kNotYourTurn: return "this seat may not act now";
    case Reason::kWrongCount: return "wrong number of lines for this move";
    case Reason::kNotAPair: return "a pong needs lines that are all the same";
    case Reason::kNoPongAvailable: return "there is no such pair to pong";
    case Reason::kTaijiNotAllowed: return "taiji may not stand in for a pong pair in these rules";
    case Reason::kTilesNotInHand: return "the tiles are not (exactly) in this seat's hand";
    case Reason::kRepeatPlay: return "a play may not repeat the previous play";
    case Reason::kBadPlacement: return "this placement is not allowed here";
    case Reason::kCannotWin: return "this does not complete a winning hexagram";
  }
  return "";
}

}  // namespace yijing::yijingpai
