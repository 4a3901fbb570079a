// The rules of one hand (config.hpp): the rulesets' and scorings' names and
// the one check of the options.
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

namespace {

std::optional<Scoring> scoring_from_string(std::string_view name) noexcept {
  if (name == "add") return Scoring::kAdd;
  if (name == "multiply") return Scoring::kMultiply;
  return std::nullopt;
}

// An enum's name for config_args: a value out of range (a config made from
// bytes) gets a name no check accepts.
const char* checked_ruleset_name(Ruleset r) noexcept {
  return r == Ruleset::kCommon || r == Ruleset::kShaoyang || r == Ruleset::kChangsha ? ruleset_name(r) : "";
}
const char* checked_scoring_name(Scoring s) noexcept {
  return s == Scoring::kAdd || s == Scoring::kMultiply ? scoring_name(s) : "";
}

}  // namespace

std::string config_error(const ConfigArgs& a) {
  const auto rs = ruleset_from_string(a.ruleset);
  // The fallback's words (pyyijing/fallback/mahjong/config.py), with repr quoting.
  if (!rs) return "unknown ruleset '" + std::string(a.ruleset) + "'; rulesets: common, shaoyang, changsha";
  if (*rs != Ruleset::kCommon && (a.flowers || a.void_suit)) return "flowers and void_suit are options of common only";
  if (a.flowers && a.void_suit) return "flowers and void_suit cannot both be on";
  if (a.birds != 0 && a.birds != 2 && a.birds != 4) return "birds must be 0, 2 or 4; got " + std::to_string(a.birds);
  if (!scoring_from_string(a.bird_scoring))
    return "bird_scoring must be 'add' or 'multiply'; got '" + std::string(a.bird_scoring) + "'";
  if (!scoring_from_string(a.compound))
    return "compound must be 'add' or 'multiply'; got '" + std::string(a.compound) + "'";
  if (a.cap < 0) return "cap must be >= 0 (0: no cap); got " + std::to_string(a.cap);
  bool floats_ok = true;
  for (auto f : a.floats) floats_ok = floats_ok && f >= 0;
  if (!floats_ok) {
    std::string error = "floats must be four ints >= 0; got (";
    for (std::size_t i = 0; i < a.floats.size(); ++i) error += (i ? ", " : "") + std::to_string(a.floats[i]);
    return error + ")";
  }
  return "";
}

ConfigResult make_config(const ConfigArgs& a) {
  ConfigResult r;
  r.error = config_error(a);
  if (!r.error.empty()) return r;
  Config& c = r.config;
  c.ruleset = *ruleset_from_string(a.ruleset);
  c.flowers = a.flowers;
  c.void_suit = a.void_suit;
  c.declare_ready = a.declare_ready;
  c.birds = static_cast<std::uint8_t>(a.birds);
  c.bird_scoring = *scoring_from_string(a.bird_scoring);
  c.compound = *scoring_from_string(a.compound);
  c.cap = a.cap;
  c.floats = a.floats;
  c.opening_extras = a.opening_extras;
  c.opening_reuse = a.opening_reuse;
  c.mid_game_wins = a.mid_game_wins;
  c.pass_lock = a.pass_lock;
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
  a.flowers = c.flowers;
  a.void_suit = c.void_suit;
  a.declare_ready = c.declare_ready;
  a.birds = c.birds;
  a.bird_scoring = checked_scoring_name(c.bird_scoring);
  a.compound = checked_scoring_name(c.compound);
  a.cap = c.cap;
  a.floats = c.floats;
  a.opening_extras = c.opening_extras;
  a.opening_reuse = c.opening_reuse;
  a.mid_game_wins = c.mid_game_wins;
  a.pass_lock = c.pass_lock;
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
