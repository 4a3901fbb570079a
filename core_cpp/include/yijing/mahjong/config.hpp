// The rules of one mahjong hand as the engine plays them
// (docs/mahjong-engine.md "Config"; rules: shared/rules/mahjong.md §5-§8).
// A plain value, checked when made by the one check (config_error, used by
// make_config and config_valid); the engine trusts it. A rule option is a field
// here, a field of ConfigArgs, and a check in config_error (config.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "yijing/mahjong/tiles.hpp"

namespace yijing::mahjong {

// The rulesets of the seeds. wins() and the payments dispatch on this field,
// so adding one is a new case, not a new engine.
enum class Ruleset : std::uint8_t { kCommon, kShaoyang, kChangsha };
// Changsha's bird_scoring and compound: "add" or "multiply".
enum class Scoring : std::uint8_t { kAdd, kMultiply };

struct Config {
  Ruleset ruleset = Ruleset::kCommon;
  bool flowers = false;        // common only: the 8 flowers in the wall (144 tiles)
  bool void_suit = false;      // common only: 定缺, 108 tiles, no chow, no 報聽
  bool declare_ready = true;   // common: 報聽, as given (see ready_on)
  // Changsha's options (rules §7-§8; read only in Changsha, the table's
  // defaults otherwise).
  std::uint8_t birds = 2;                 // 扎鳥: 0, 2 or 4
  Scoring bird_scoring = Scoring::kAdd;   // x (1 + hits) or x 2^hits
  Scoring compound = Scoring::kAdd;       // big-win units: u * n or u * 2^(n-1)
  std::int64_t cap = 6;                   // at most this many units (0: none)
  std::array<std::int64_t, 4> floats{};   // 飄, per seat
  bool opening_extras = false;            // 三同 一枝花 步步高 金童玉女
  bool opening_reuse = false;             // a four is also a triplet of 六六順
  bool mid_game_wins = true;              // 中途四喜 / 中途六六順
  bool pass_lock = true;                  // 過手

  // 報聽 is played only in common outside the void-suit game (rules §11;
  // Shaoyang has none).
  constexpr bool ready_on() const noexcept {
    return ruleset == Ruleset::kCommon && declare_ready && !void_suit;
  }
  constexpr bool shaoyang() const noexcept { return ruleset == Ruleset::kShaoyang; }
  constexpr bool changsha() const noexcept { return ruleset == Ruleset::kChangsha; }
  constexpr bool chow_on() const noexcept { return !void_suit; }
  constexpr TileSet tiles() const noexcept {
    return flowers ? TileSet::k144 : (void_suit || changsha()) ? TileSet::k108 : TileSet::k136;
  }
};

const char* ruleset_name(Ruleset r) noexcept;
std::optional<Ruleset> ruleset_from_string(std::string_view name) noexcept;

// Every option as the Python Config takes it (bird_scoring and compound as
// their strings), so that a value out of range is reported as given.
struct ConfigArgs {
  std::string_view ruleset = "common";
  bool flowers = false;
  bool void_suit = false;
  bool declare_ready = true;
  std::int64_t birds = 2;
  std::string_view bird_scoring = "add";
  std::string_view compound = "add";
  std::int64_t cap = 6;
  std::array<std::int64_t, 4> floats{};
  bool opening_extras = false;
  bool opening_reuse = false;
  bool mid_game_wins = true;
  bool pass_lock = true;
};

// The one check of the options: the message of the first rule they break, in
// the order and words of the Python twin (pyyijing/fallback/mahjong/config.py;
// its type checks are the binding's), or "" when the options are valid.
std::string config_error(const ConfigArgs& args);

// The checked Config, or the error message (empty on success).
struct ConfigResult {
  Config config;
  std::string error;  // "" when the config is valid
};
ConfigResult make_config(const ConfigArgs& args);
// The common / Shaoyang subset (the Changsha options at their defaults).
ConfigResult make_config(std::string_view ruleset, bool flowers, bool void_suit, bool declare_ready);

// A Config's options as ConfigArgs (an enum value out of range gets a name no
// check accepts).
ConfigArgs config_args(const Config& c) noexcept;
// Whether the engine may play this Config: config_error of its options is "".
bool config_valid(const Config& c) noexcept;

const char* scoring_name(Scoring s) noexcept;

}  // namespace yijing::mahjong
