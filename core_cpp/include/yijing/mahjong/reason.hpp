// Reason codes of the mahjong engines (docs/mahjong-engine.md "Moves and the
// order of checks"; the table of messages the Python layer shows is
// pyyijing/mahjong/reasons.py). Names are stable API strings; the messages
// here are only a fallback for C++ users.
#pragma once

#include <cstdint>

namespace yijing::mahjong {

enum class Reason : std::uint8_t {
  kOk,
  kMalformed,
  kNoSuchSeat,
  kGameOver,        // 1
  kNotInRules,      // 2
  kWrongPhase,      // 3
  kAlreadyChosen,   // 4 (phase void)
  kNotYourTurn,     // 5
  kTileNotHeld,     // 6: discard / ready
  kHandLocked,
  kVoidSuitFirst,
  kAlreadyDeclared,
  kNotReady,
  kMustDiscard,     // 6: kong / win
  kCannotKong,
  kVoidSuit,
  kWallEmpty,
  kCannotWin,       // 6 / 7
  kCannotPung,      // 7
  kCannotChow,
  // Appended (the codes above keep their numbers).
  kAlreadyRaised,   // 4 (phase raise, Shaoyang)
  kRaiseTooHigh,    // 4
  kCannotDeclare,   // 6: Changsha's mid with no mid-game win
  kCannotHaidi,     // 7: Changsha's haidi on another kind of offer
};
inline constexpr int kReasons = static_cast<int>(Reason::kCannotHaidi) + 1;

const char* reason_name(Reason r) noexcept;
const char* reason_message(Reason r) noexcept;

}  // namespace yijing::mahjong
