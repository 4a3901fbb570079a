// The rules of one hand (config.hpp): the one check of the options, and the
// names of the win conditions in canonical order (docs/yijing.md §5).
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

std::string config_error(const ConfigArgs& a) {
  auto in = [](long long v, long long lo, long long hi) { return v >= lo && v <= hi; };
  if (!in(a.play_size, 2, 3)) return "play_size must be 2 or 3; got " + std::to_string(a.play_size);
  if (!in(a.players, 2, kMaxPlayers))
    return "players must be 2, 3 or 4; got " + std::to_string(a.players);
  if (!in(a.win_mask, 1, kAllWinConditions))
    return "win_mask must be a non-zero subset of the 6 condition bits; got " +
           std::to_string(a.win_mask);
  if (!deck_from_int(a.deck)) return "deck must be 144 or 162; got " + std::to_string(a.deck);
  if (!taiji_from_string(a.taiji))
    return "taiji must be 'wild' or 'none'; got '" + std::string(a.taiji) + "'";
  return "";
}

ConfigResult make_config(const ConfigArgs& a) {
  ConfigResult r;
  r.error = config_error(a);
  if (!r.error.empty()) return r;
  Config& c = r.config;
  c.play_size = static_cast<std::uint8_t>(a.play_size);
  c.players = static_cast<std::uint8_t>(a.players);
  c.taiji_in_pong = a.taiji_in_pong;
  c.win_mask = static_cast<std::uint8_t>(a.win_mask);
  c.split_payment = a.split_payment;
  c.deck = *deck_from_int(a.deck);
  c.taiji = *taiji_from_string(a.taiji);
  return r;
}

ConfigArgs config_args(const Config& c) noexcept {
  ConfigArgs a;
  a.play_size = c.play_size;
  a.players = c.players;
  a.taiji_in_pong = c.taiji_in_pong;
  a.win_mask = c.win_mask;
  a.split_payment = c.split_payment;
  a.deck = static_cast<long long>(c.deck);
  a.taiji = taiji_name(c.taiji);
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
