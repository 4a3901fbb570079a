// The rules of one hand (config.hpp): the kinds' range checks
// (config_kinds.hpp) and the one check of the fields, expanded from the field
// list, and the names of the win conditions in canonical order (docs/yijing.md §5).
#include "yijing/yijingpai/config.hpp"

namespace yijing::yijingpai {

const char* win_condition_name(int index) noexcept {
  static constexpr const char* kNames[kNumWinConditions] = {
      "two_targets",           "three_of_a_kind",         "target_and_eight_trigrams",
      "eight_trigrams_and_pair", "eight_trigrams_and_qian", "eight_trigrams_and_kun"};
  return (index >= 0 && index < kNumWinConditions) ? kNames[index] : "";
}

std::optional<Deck> deck_from_int(long long tiles) noexcept {
  if (tiles == 144) return Deck::k144;
  if (tiles == 162) return Deck::k162;
  return std::nullopt;
}

std::optional<TaijiRule> taiji_from_string(std::string_view name) noexcept {
  if (name == "wild") return TaijiRule::kWild;
  if (name == "none") return TaijiRule::kNone;
  return std::nullopt;
}

const char* taiji_name(TaijiRule t) noexcept {
  switch (t) {
    case TaijiRule::kWild: return "wild";
    case TaijiRule::kNone: return "none";
  }
  return "";
}

std::string choice_error(const char* name, long long value, std::initializer_list<long long> allowed) {
  std::string words;
  std::size_t i = 0;
  for (long long v : allowed) {
    if (v == value) return {};
    words += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + std::to_string(v);
    ++i;
  }
  return std::string(name) + " must be " + words + "; got " + std::to_string(value);
}

std::string WinMaskField::error(const char* name, Arg a) {
  if (a >= 1 && a <= kAllWinConditions) return {};
  return std::string(name) + " must be a non-zero subset of the 6 condition bits; got " + std::to_string(a);
}

std::string DeckField::error(const char* name, Arg a) { return choice_error(name, a, {144, 162}); }

std::string TaijiField::error(const char* name, Arg a) {
  if (taiji_from_string(a)) return {};
  return std::string(name) + " must be 'wild' or 'none'; got '" + std::string(a) + "'";
}

std::string config_error(const ConfigArgs& a) {
#define YIJING_YIJINGPAI_CHECK_FIELD(name, kind, default_value) \
  if (std::string error = kind::error(#name, a.name); !error.empty()) return error;
  YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_YIJINGPAI_CHECK_FIELD)
#undef YIJING_YIJINGPAI_CHECK_FIELD
  return "";
}

ConfigResult make_config(const ConfigArgs& a) {
  ConfigResult r;
  r.error = config_error(a);
  if (!r.error.empty()) return r;
  Config& c = r.config;
#define YIJING_YIJINGPAI_SET_VALUE(name, kind, default_value) c.name = kind::value(a.name);
  YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_YIJINGPAI_SET_VALUE)
#undef YIJING_YIJINGPAI_SET_VALUE
  return r;
}

ConfigArgs config_args(const Config& c) noexcept {
  ConfigArgs a;
#define YIJING_YIJINGPAI_SET_ARG(name, kind, default_value) a.name = kind::arg(c.name);
  YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_YIJINGPAI_SET_ARG)
#undef YIJING_YIJINGPAI_SET_ARG
  return a;
}

bool config_valid(const Config& c) noexcept {
  try {
    return config_error(config_args(c)).empty();
  } catch (...) {  // no memory for the message: not playable either way
    return false;
  }
}

}  // namespace yijing::yijingpai
