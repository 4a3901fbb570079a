// The rules of one mahjong hand as the engine plays them
// (docs/mahjong-engine.md "Config"; rules: shared/rules/mahjong.md §5-§8).
// A plain value, checked once when made (make_config); the engine trusts it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "yijing/mahjong/tiles.hpp"

namespace yijing::mahjong {

// The rulesets of the seeds. kCommon and kShaoyang have an engine today:
// Changsha joins with its own options (birds, ...); wins() and the payments
// dispatch on this field, so adding one is a new case, not a new engine.
enum class Ruleset : std::uint8_t { kCommon, kShaoyang, kChangsha };

struct Config {
  Ruleset ruleset = Ruleset::kCommon;
  bool flowers = false;        // common only: the 8 flowers in the wall (144 tiles)
  bool void_suit = false;      // common only: 定缺, 108 tiles, no chow, no 報聽
  bool declare_ready = true;   // common: 報聽, as given (see ready_on)

  // 報聽 is played only in common outside the void-suit game (rules §11;
  // Shaoyang has none).
  constexpr bool ready_on() const noexcept {
    return ruleset == Ruleset::kCommon && declare_ready && !void_suit;
  }
  constexpr bool shaoyang() const noexcept { return ruleset == Ruleset::kShaoyang; }
  constexpr bool chow_on() const noexcept { return !void_suit; }
  constexpr TileSet tiles() const noexcept {
    return flowers ? TileSet::k144 : void_suit ? TileSet::k108 : TileSet::k136;
  }
};

const char* ruleset_name(Ruleset r) noexcept;
std::optional<Ruleset> ruleset_from_string(std::string_view name) noexcept;

// Whether the engine plays this ruleset yet.
constexpr bool ruleset_playable(Ruleset r) noexcept {
  return r == Ruleset::kCommon || r == Ruleset::kShaoyang;
}
// A playable ruleset with options it has (what make_config lets through).
constexpr bool config_valid(const Config& c) noexcept {
  return ruleset_playable(c.ruleset) && !(c.flowers && c.void_suit) &&
         (c.ruleset == Ruleset::kCommon || !(c.flowers || c.void_suit));
}

// The checked Config, or the error message (empty on success) of the Python
// twin (pyyijing/fallback/mahjong/config.py), in its order of checks.
struct ConfigResult {
  Config config;
  std::string error;  // "" when the config is valid
};
ConfigResult make_config(std::string_view ruleset, bool flowers, bool void_suit, bool declare_ready);

}  // namespace yijing::mahjong
