// Rule configuration of one Yi Jing Pai hand, as the engine sees it.
//
// The Python layer turns `yj.Rules` into this (docs/yijing.md "Options"):
// `variant` becomes the play size k, `win_conditions` a bit mask (§5),
// `self_draw_payment` a flag. `deck`/`taiji` only shape the wall, which the
// engine receives already shuffled; `next_dealer` is a match-level option.
#pragma once

#include <cstdint>

namespace yijing::yijingpai {

inline constexpr int kMaxPlayers = 4;   // docs §Specs: 2, 3 or 4 players
inline constexpr int kMaxWallTiles = 162;  // deck=162 with taiji
inline constexpr int kTargetLines = 6;  // a hexagram has six lines

// Win conditions in canonical order (docs §5); the value is the native mask bit.
enum WinCondition : std::uint8_t {
  kTwoTargets = 1,
  kThreeOfAKind = 2,
  kTargetAndEightTrigrams = 4,
  kEightTrigramsAndPair = 8,
  kEightTrigramsAndQian = 16,
  kEightTrigramsAndKun = 32,
};
inline constexpr int kNumWinConditions = 6;
inline constexpr std::uint8_t kAllWinConditions = 63;

// Name of condition number `index` (0..5, canonical order), e.g. "two_targets".
const char* win_condition_name(int index) noexcept;

struct Config {
  std::uint8_t play_size = 2;  // k: 2 standard, 3 simple (docs §Specs)
  std::uint8_t players = 4;
  bool taiji_in_pong = true;
  std::uint8_t win_mask = kTwoTargets | kThreeOfAKind;
  bool split_payment = false;  // self_draw_payment == "split"
};

constexpr bool config_valid(const Config& c) noexcept {
  return (c.play_size == 2 || c.play_size == 3) && c.players >= 2 && c.players <= kMaxPlayers &&
         c.win_mask != 0 && (c.win_mask & ~kAllWinConditions) == 0;
}

}  // namespace yijing::yijingpai
