// The rules of one Yi Jing Pai hand: the one Config every entry point takes
// (the engine, the simulator, the position checker, the service's fast path and
// the binding pyyijing._native.yijingpai.Config), and its one check.
//
// The Python layer turns `yj.Rules` into this (docs/yijing.md "Options"):
// `variant` becomes the play size k, `win_conditions` a bit mask (§5),
// `self_draw_payment` a flag. `deck`/`taiji` only shape the wall (the engine
// is dealt a wall already shuffled); `next_dealer` is a match-level option.
// A field is one line of YIJING_YIJINGPAI_CONFIG_FIELDS: the fields of Config
// and ConfigArgs, the check (config.cpp) and the Python class
// (bindings/yijingpai_config.cpp) are expanded from that list.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "yijing/yijingpai/config_kinds.hpp"

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

// Every field, X(name, kind, default), in the order of the Python Config's
// keywords (Rules.core_config()), its repr and the checks' messages; the kinds
// are config_kinds.hpp's.
#define YIJING_YIJINGPAI_CONFIG_FIELDS(X)                                     \
  X(play_size, PlaySizeField, 2)        /* k: 2 standard, 3 simple */         \
  X(players, PlayersField, 4)                                                 \
  X(taiji_in_pong, BoolField, true)                                           \
  X(win_mask, WinMaskField, kTwoTargets | kThreeOfAKind)                      \
  X(split_payment, BoolField, false)    /* self_draw_payment == "split" */    \
  X(deck, DeckField, Deck::k144)        /* the tile set a wall is shuffled */ \
  X(taiji, TaijiField, TaijiRule::kWild) /* from (seed deals) */

#define YIJING_YIJINGPAI_CONFIG_VALUE(name, kind, default_value) kind::Value name = default_value;

struct Config {
  YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_YIJINGPAI_CONFIG_VALUE)
};

#undef YIJING_YIJINGPAI_CONFIG_VALUE

// Every field as the Python Config takes it (wide integers and the taiji
// name), so that a value out of range is reported as given.
#define YIJING_YIJINGPAI_CONFIG_ARG(name, kind, default_value) \
  kind::Arg name = kind::arg(kind::Value{default_value});

struct ConfigArgs {
  YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_YIJINGPAI_CONFIG_ARG)
};

#undef YIJING_YIJINGPAI_CONFIG_ARG

// The one check of the options: the message of the first one out of range, in
// the order and words of the Python twin (pyyijing/fallback/yijingpai/config.py),
// or "" when every option is valid.
std::string config_error(const ConfigArgs& a);

// The checked Config, or the error message (empty on success).
struct ConfigResult {
  Config config;
  std::string error;
};
ConfigResult make_config(const ConfigArgs& a);

// A Config's options as ConfigArgs (an enum value out of range gets a name no
// check accepts).
ConfigArgs config_args(const Config& c) noexcept;
// Whether the engine may play this Config: config_error of its options is "".
bool config_valid(const Config& c) noexcept;

}  // namespace yijing::yijingpai
