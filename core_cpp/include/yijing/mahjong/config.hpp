// The rules of one mahjong hand as the engine plays them
// (docs/mahjong-engine.md "Config"; rules: shared/rules/mahjong.md §5-§8).
// A plain value, checked when made by the one check (config_error, used by
// make_config and config_valid); the engine trusts it. A rule option is one
// line of YIJING_MAHJONG_CONFIG_FIELDS: the fields of Config and ConfigArgs,
// the check (config.cpp) and the Python class (bindings/mahjong_config.cpp)
// are expanded from that list.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "yijing/mahjong/config_kinds.hpp"
#include "yijing/mahjong/tiles.hpp"

namespace yijing::mahjong {

// The rulesets of the seeds. wins() and the payments dispatch on this field,
// so adding one is a new case, not a new engine.
enum class Ruleset : std::uint8_t { kCommon, kShaoyang, kChangsha };

// Every option of every ruleset, X(name, kind, default), in the order of the
// option table (pyyijing/mahjong/rules.py, whose entry gives its rulesets and
// allowed values); the kinds are config_kinds.hpp's. The order is that of the
// Python Config's keywords, its repr and the checks' messages. The engine
// reads a ruleset's own options only (the others hold the table's defaults).
#define YIJING_MAHJONG_CONFIG_FIELDS(X)                                                   \
  X(flowers, BoolOption, false)        /* common only: the 8 flowers in the wall (144) */ \
  X(void_suit, BoolOption, false)      /* common only: 定缺, 108 tiles, no chow, no 報聽 */ \
  X(declare_ready, BoolOption, true)   /* common: 報聽, as given (see ready_on) */         \
  X(birds, BirdsOption, 2)             /* 扎鳥: 0, 2 or 4 */                                \
  X(bird_scoring, ScoringOption, Scoring::kAdd) /* x (1 + hits) or x 2^hits */             \
  X(compound, ScoringOption, Scoring::kAdd)     /* big-win units: u * n or u * 2^(n-1) */ \
  X(cap, CapOption, 6)                 /* at most this many units (0: none) */            \
  X(floats, SeatAmountsOption, {})     /* 飄, per seat */                                  \
  X(opening_extras, BoolOption, false) /* 三同 一枝花 步步高 金童玉女 */                      \
  X(opening_reuse, BoolOption, false)  /* a four is also a triplet of 六六順 */              \
  X(mid_game_wins, BoolOption, true)   /* 中途四喜 / 中途六六順 */                            \
  X(pass_lock, BoolOption, true)       /* 過手 */

#define YIJING_MAHJONG_CONFIG_VALUE(name, kind, default_value) kind::Value name = default_value;

struct Config {
  Ruleset ruleset = Ruleset::kCommon;
  YIJING_MAHJONG_CONFIG_FIELDS(YIJING_MAHJONG_CONFIG_VALUE)

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

#undef YIJING_MAHJONG_CONFIG_VALUE

const char* ruleset_name(Ruleset r) noexcept;
std::optional<Ruleset> ruleset_from_string(std::string_view name) noexcept;

// Every option as the Python Config takes it (bird_scoring and compound as
// their strings), so that a value out of range is reported as given.
#define YIJING_MAHJONG_CONFIG_ARG(name, kind, default_value) \
  kind::Arg name = kind::arg(kind::Value{default_value});

struct ConfigArgs {
  std::string_view ruleset = "common";
  YIJING_MAHJONG_CONFIG_FIELDS(YIJING_MAHJONG_CONFIG_ARG)
};

#undef YIJING_MAHJONG_CONFIG_ARG

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

}  // namespace yijing::mahjong
