// The reason codes and their engine wording (reason.hpp).
#include "yijing/mahjong/reason.hpp"

namespace yijing::mahjong {

const char* reason_name(Reason r) noexcept {
  switch (r) {
    case Reason::kOk: return "ok";
    case Reason::kMalformed: return "malformed";
    case Reason::kNoSuchSeat: return "no_such_seat";
    case Reason::kGameOver: return "game_over";
    case Reason::kNotInRules: return "not_in_rules";
    case Reason::kWrongPhase: return "wrong_phase";
    case Reason::kAlreadyChosen: return "already_chosen";
    case Reason::kNotYourTurn: return "not_your_turn";
    case Reason::kTileNotHeld: return "tile_not_held";
    case Reason::kHandLocked: return "hand_locked";
    case Reason::kVoidSuitFirst: return "void_suit_first";
    case Reason::kAlreadyDeclared: return "already_declared";
    case Reason::kNotReady: return "not_ready";
    case Reason::kMustDiscard: return "must_discard";
    case Reason::kCannotKong: return "cannot_kong";
    case Reason::kVoidSuit: return "void_suit";
    case Reason::kWallEmpty: return "wall_empty";
    case Reason::kCannotWin: return "cannot_win";
    case Reason::kCannotPung: return "cannot_pung";
    case Reason::kCannotChow: return "cannot_chow";
    case Reason::kAlreadyRaised: return "already_raised";
    case Reason::kRaiseTooHigh: return "raise_too_high";
    case Reason::kCannotDeclare: return "cannot_declare";
    case Reason::kCannotHaidi: return "cannot_haidi";
  }
  return "malformed";
}

const char* reason_message(Reason r) noexcept {
  switch (r) {
    case Reason::kOk: return "";
    case Reason::kMalformed: return "the move does not match the notation s<seat>:<action>";
    case Reason::kNoSuchSeat: return "there is no such seat (seats are 0-3)";
    case Reason::kGameOver: return "the hand is over";
    case Reason::kNotInRules: return "this move is not part of these rules";
    case Reason::kWrongPhase: return "this move does not belong to the current phase";
    case Reason::kAlreadyChosen: return "this seat has already chosen its void suit";
    case Reason::kNotYourTurn: return "it is not this seat's turn to act";
    case Reason::kTileNotHeld: return "the seat does not hold that tile";
    case Reason::kHandLocked: return "the hand is locked after declaring ready";
    case Reason::kVoidSuitFirst: return "a tile of the void suit must be discarded first";
    case Reason::kAlreadyDeclared: return "the seat has already declared ready";
    case Reason::kNotReady: return "the hand would not be ready after that discard";
    case Reason::kMustDiscard: return "after a chow or pung the seat must discard";
    case Reason::kCannotKong: return "the seat cannot make that kong";
    case Reason::kVoidSuit: return "the void suit cannot be melded";
    case Reason::kWallEmpty: return "the live wall is empty";
    case Reason::kCannotWin: return "the hand does not win";
    case Reason::kCannotPung: return "that pung is not on offer";
    case Reason::kCannotChow: return "that chow is not on offer";
    case Reason::kAlreadyRaised: return "this seat has already raised (舉手)";
    case Reason::kRaiseTooHigh: return "a seat raises 0 to 3 times (舉手)";
    case Reason::kCannotDeclare: return "the seat has no mid-game win to declare (中途四喜 / 中途六六順)";
    case Reason::kCannotHaidi: return "the sea-bottom tile is not on offer to this seat";
  }
  return "";
}

}  // namespace yijing::mahjong
