// Reason codes of docs/yijing.md §6. The enum order is the check order of the
// table there (the two #5 codes share a step: which one applies depends on
// the phase). Names are stable API strings.
#pragma once

#include <cstdint>

namespace yijing::yijingpai {

enum class Reason : std::uint8_t {
  kOk,
  kMalformed,          // 1
  kNoSuchSeat,         // 2
  kGameOver,           // 3
  kWrongPhase,         // 4
  kTargetAlreadyLaid,  // 5 (target phase)
  kNotYourTurn,        // 5 (play/claim phase)
  kWrongCount,         // 6
  kNotAPair,           // 7
  kNoPongAvailable,    // 8
  kTaijiNotAllowed,    // 9
  kTilesNotInHand,     // 10
  kRepeatPlay,         // 11
  kBadPlacement,       // 12
  kCannotWin,          // 13
};

// "ok", "malformed", ... exactly as in docs §6.
const char* reason_name(Reason r) noexcept;
// A short sentence for people; may change between versions.
const char* reason_message(Reason r) noexcept;

}  // namespace yijing::yijingpai
