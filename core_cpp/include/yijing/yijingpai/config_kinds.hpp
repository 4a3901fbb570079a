// The kinds of value a Yi Jing Pai Config field takes (config.hpp's field list
// names one per field). A kind is the field's type in Config (Value) and in
// ConfigArgs (Arg: the value as the Python Config takes it, so that a value out
// of range is reported as given), the conversions between the two and its
// range check (error: the message of the value's broken rule, or "").
// A field of a kind listed here is one line of the field list; a new kind is a
// struct here and its Python conversion in bindings/yijingpai_config.cpp.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace yijing::yijingpai {

// 144: 70 yang + 70 yin + 4 taiji; 162: 79 + 79 + 4.
enum class Deck { k144 = 144, k162 = 162 };
// kWild: the 4 taiji tiles are in the wall; kNone: no taiji tiles.
enum class TaijiRule { kWild, kNone };

std::optional<Deck> deck_from_int(long long tiles) noexcept;
std::optional<TaijiRule> taiji_from_string(std::string_view name) noexcept;
const char* taiji_name(TaijiRule t) noexcept;  // "wild", "none"

// "<name> must be 2, 3 or 4; got N" unless `value` is one of `allowed`.
std::string choice_error(const char* name, long long value, std::initializer_list<long long> allowed);

// On or off; any value is in range.
struct BoolField {
  using Value = bool;
  using Arg = bool;
  static std::string error(const char*, Arg) { return {}; }
  static Value value(Arg a) noexcept { return a; }
  static Arg arg(Value v) noexcept { return v; }
};

// A small count, one of Allowed.
template <long long... Allowed>
struct CountField {
  using Value = std::uint8_t;
  using Arg = long long;
  static std::string error(const char* name, Arg a) { return choice_error(name, a, {Allowed...}); }
  static Value value(Arg a) noexcept { return static_cast<Value>(a); }
  static Arg arg(Value v) noexcept { return v; }
};
using PlaySizeField = CountField<2, 3>;    // k: 2 standard, 3 simple (docs §Specs)
using PlayersField = CountField<2, 3, 4>;  // docs §Specs: 2, 3 or 4 players

// The enabled win conditions: a non-zero OR of the bits of docs §5 (1..63).
struct WinMaskField {
  using Value = std::uint8_t;
  using Arg = long long;
  static std::string error(const char* name, Arg a);
  static Value value(Arg a) noexcept { return static_cast<Value>(a); }
  static Arg arg(Value v) noexcept { return v; }
};

// The tile set a wall is shuffled from: 144 or 162 tiles.
struct DeckField {
  using Value = Deck;
  using Arg = long long;
  static std::string error(const char* name, Arg a);
  static Value value(Arg a) noexcept { return a == 162 ? Deck::k162 : Deck::k144; }
  static Arg arg(Value v) noexcept { return static_cast<long long>(v); }
};

// The taiji tiles: "wild" or "none".
struct TaijiField {
  using Value = TaijiRule;
  using Arg = std::string_view;
  static std::string error(const char* name, Arg a);
  static Value value(Arg a) noexcept { return a == "none" ? TaijiRule::kNone : TaijiRule::kWild; }
  // A value out of range (a config made from bytes) gets a name no check accepts.
  static Arg arg(Value v) noexcept { return taiji_name(v); }
};

}  // namespace yijing::yijingpai
