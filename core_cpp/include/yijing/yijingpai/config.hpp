// The rules of one Yi Jing Pai hand: the one Config every entry point takes
// (the engine, the simulator, the position checker, the service's fast path and
// the binding pyyijing._native.yijingpai.Config), and its one check.
//
// The Python layer turns `yj.Rules` into this (docs/yijing.md "Options"):
// `variant` becomes the play size k, `win_conditions` a bit mask (§5),
// `self_draw_payment` a flag. `deck`/`taiji` only shape the wall (the engine
// is dealt a wall already shuffled); `next_dealer` is a match-level option.
// A rule option is a field here, a field of ConfigArgs, and a check in
// config_error (config.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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

// 144: 70 yang + 70 yin + 4 taiji; 162: 79 + 79 + 4.
enum class Deck { k144 = 144, k162 = 162 };
// kWild: the 4 taiji tiles are in the wall; kNone: no taiji tiles.
enum class TaijiRule { kWild, kNone };

struct Config {
  std::uint8_t play_size = 2;  // k: 2 standard, 3 simple (docs §Specs)
  std::uint8_t players = 4;
  bool taiji_in_pong = true;
  std::uint8_t win_mask = kTwoTargets | kThreeOfAKind;
  bool split_payment = false;  // self_draw_payment == "split"
  Deck deck = Deck::k144;      // the tile set a wall is shuffled from
  TaijiRule taiji = TaijiRule::kWild;
};

// Every option as the Python Config takes it (wide integers and the taiji
// name), so that a value out of range is reported as given.
struct ConfigArgs {
  long long play_size = 2;
  long long players = 4;
  bool taiji_in_pong = true;
  long long win_mask = kTwoTargets | kThreeOfAKind;
  bool split_payment = false;
  long long deck = 144;
  std::string_view taiji = "wild";
};

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

std::optional<Deck> deck_from_int(long long tiles) noexcept;
std::optional<TaijiRule> taiji_from_string(std::string_view name) noexcept;
const char* taiji_name(TaijiRule t) noexcept;  // "wild", "none"

}  // namespace yijing::yijingpai
