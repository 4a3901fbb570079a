// The kinds of value a mahjong rule option takes (config.hpp's field list names
// one per option). A kind is the field's type in Config (Value) and in
// ConfigArgs (Arg: the option as the Python Config takes it, so that a value
// out of range is reported as given), the conversions between the two and its
// range check (error: the message of the value's first broken rule, or "").
// An option of a kind listed here is one line of the field list; a new kind is
// a struct here and its Python conversion in bindings/mahjong_config.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace yijing::mahjong {

// How Changsha's scoring options combine: "add" or "multiply".
enum class Scoring : std::uint8_t { kAdd, kMultiply };

const char* scoring_name(Scoring s) noexcept;

// On or off; any value is in range.
struct BoolOption {
  using Value = bool;
  using Arg = bool;
  static std::string error(const char*, Arg) { return {}; }
  static Value value(Arg a) noexcept { return a; }
  static Arg arg(Value v) noexcept { return v; }
};

// 扎鳥: 0, 2 or 4 tiles.
struct BirdsOption {
  using Value = std::uint8_t;
  using Arg = std::int64_t;
  static std::string error(const char* name, Arg a);
  static Value value(Arg a) noexcept { return static_cast<Value>(a); }
  static Arg arg(Value v) noexcept { return v; }
};

// "add" or "multiply".
struct ScoringOption {
  using Value = Scoring;
  using Arg = std::string_view;
  static std::string error(const char* name, Arg a);
  static Value value(Arg a) noexcept { return a == "multiply" ? Scoring::kMultiply : Scoring::kAdd; }
  // A value out of range (a config made from bytes) gets a name no check accepts.
  static Arg arg(Value v) noexcept {
    return v == Scoring::kAdd || v == Scoring::kMultiply ? scoring_name(v) : "";
  }
};

// A count of big-win units, >= 0 (0: no cap).
struct CapOption {
  using Value = std::int64_t;
  using Arg = std::int64_t;
  static std::string error(const char* name, Arg a);
  static Value value(Arg a) noexcept { return a; }
  static Arg arg(Value v) noexcept { return v; }
};

// One amount >= 0 per seat (飄).
struct SeatAmountsOption {
  using Value = std::array<std::int64_t, 4>;
  using Arg = std::array<std::int64_t, 4>;
  static std::string error(const char* name, const Arg& a);
  static Value value(const Arg& a) noexcept { return a; }
  static Arg arg(const Value& v) noexcept { return v; }
};

}  // namespace yijing::mahjong
