// The rules of one hand (config.hpp): the rulesets' and scorings' names, the
// kinds' range checks (config_kinds.hpp) and the one check of the options,
// expanded from the field list.
#include <string>

#include "yijing/mahjong/config.hpp"

namespace yijing::mahjong {

const char* ruleset_name(Ruleset r) noexcept {
  switch (r) {
    case Ruleset::kShaoyang: return "shaoyang";
    case Ruleset::kChangsha: return "changsha";
    case Ruleset::kCommon: break;
  }
  return "common";
}

std::optional<Ruleset> ruleset_from_string(std::string_view name) noexcept {
  if (name == "common") return Ruleset::kCommon;
  if (name == "shaoyang") return Ruleset::kShaoyang;
  if (name == "changsha") return Ruleset::kChangsha;
  return std::nullopt;
}

const char* scoring_name(Scoring s) noexcept { return s == Scoring::kMultiply ? "multiply" : "add"; }

// The kinds' range checks: the option table's rules (pyyijing/mahjong/rules.py), which
// the native Config keeps while the fallback's plays such a value as given
// (docs/mahjong-engine.md "Config").
std::string BirdsOption::error(const char* name, Arg a) {
  if (a == 0 || a == 2 || a == 4) return {};
  return std::string(name) + " must be 0, 2 or 4; got " + std::to_string(a);
}

std::string ScoringOption::error(const char* name, Arg a) {
  if (a == "add" || a == "multiply") return {};
  return std::string(name) + " must be 'add' or 'multiply'; got '" + std::string(a) + "'";
}

std::string CapOption::error(const char* name, Arg a) {
  if (a >= 0) return {};
  return std::string(name) + " must be >= 0 (0: no cap); got " + std::to_string(a);
}

std::string SeatAmountsOption::error(const char* name, const Arg& a) {
  bool ok = true;
  for (auto x : a) ok = ok && x >= 0;
  if (ok) return {};
  std::string error = std::string(name) + " must be four ints >= 0; got (";
  for (std::size_t i = 0; i < a.size(); ++i) error += (i ? ", " : "") + std::to_string(a[i]);
  return error + ")";
}

namespace {

// The ruleset's name for config_args: a value out of range (a config made
// from bytes) gets a name no check accepts.
const char* checked_ruleset_name(Ruleset r) noexcept {
  return r == Ruleset::kCommon || r == Ruleset::kShaoyang || r == Ruleset::kChangsha ? ruleset_name(r) : "";
}

}  // namespace

std::string config_error(const ConfigArgs& a) {
  const auto rs = ruleset_from_string(a.ruleset);
  // The fallback's words (pyyijing/fallback/mahjong/config.py), with repr quoting.
  if (!rs) return "unknown ruleset '" + std::string(a.ruleset) + "'; rulesets: common, shaoyang, changsha";
  // The tile set's options: which wall a ruleset can be dealt (tiles()).
  if (*rs != Ruleset::kCommon && (a.flowers || a.void_suit)) return "flowers and void_suit are options of common only";
  if (a.flowers && a.void_suit) return "flowers and void_suit cannot both be on";
#define YIJING_MAHJONG_CHECK_FIELD(name, kind, default_value) \
  if (std::string error = kind::error(#name, a.name); !error.empty()) return error;
  YIJING_MAHJONG_CONFIG_FIELDS(YIJING_MAHJONG_CHECK_FIELD)
#undef YIJING_MAHJONG_CHECK_FIELD
  return "";
}

ConfigResult make_config(const ConfigArgs& a) {
  ConfigResult r;
  r.error = config_error(a);
  if (!r.error.empty()) return r;
  Config& c = r.config;
  c.ruleset = *ruleset_from_string(a.ruleset);
#define YIJING_MAHJONG_SET_VALUE(name, kind, default_value) c.name = kind::value(a.name);
  YIJING_MAHJONG_CONFIG_FIELDS(YIJING_MAHJONG_SET_VALUE)
#undef YIJING_MAHJONG_SET_VALUE
  return r;
}

ConfigResult make_config(std::string_view ruleset, bool flowers, bool void_suit, bool declare_ready) {
  ConfigArgs a;
  a.ruleset = ruleset;
  a.flowers = flowers;
  a.void_suit = void_suit;
  a.declare_ready = declare_ready;
  return make_config(a);
}

ConfigArgs config_args(const Config& c) noexcept {
  ConfigArgs a;
  a.ruleset = checked_ruleset_name(c.ruleset);
#define YIJING_MAHJONG_SET_ARG(name, kind, default_value) a.name = kind::arg(c.name);
  YIJING_MAHJONG_CONFIG_FIELDS(YIJING_MAHJONG_SET_ARG)
#undef YIJING_MAHJONG_SET_ARG
  return a;
}

bool config_valid(const Config& c) noexcept {
  try {
    return config_error(config_args(c)).empty();
  } catch (...) {  // no memory for the message: not playable either way
    return false;
  }
}

}  // namespace yijing::mahjong
