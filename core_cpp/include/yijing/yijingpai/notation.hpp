// The string notation of docs/yijing.md §1 on top of the compact engine:
// parsing move strings, formatting actions, lines, hands and walls. Used by
// the Python binding and by tests; the engine itself never sees strings.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yijing/yijingpai/engine.hpp"

namespace yijing::yijingpai {

inline constexpr std::size_t kMaxMoveChars = 64;

// Parse `s(0|[1-9][0-9]*):(target=L+|play=L+|pong=L+@P|win(@P)?|pass)`;
// nullopt when malformed (including more than 64 characters).
std::optional<MoveSpec> parse_move(std::string_view text) noexcept;

// Reason for a move string: malformed, or check() of the parsed move.
Reason check_move(const State& s, std::string_view text) noexcept;

// The legal action for a legal MoveSpec (precondition: check(s, m) == kOk).
Action to_action(const MoveSpec& m) noexcept;

// "10+-" etc.: '1'/'0' plain lines, '+'/'-' taiji declared yang/yin.
std::string lines_string(Lines l);
std::string lines_string(std::uint8_t values, std::uint8_t taiji, int len);
const char* placement_name(Placement p) noexcept;
const char* phase_name(Phase p) noexcept;

// "s2:play=10", "s1:pong=00@inner", "s3:win@split", "s0:pass". With
// `public_view` a target is written "sN:target" (docs §7 history).
std::string format_action(Action a, int k, bool public_view = false);

// Canonical hand: all '1', then '0', then 'T' (docs §1).
std::string hand_string(const Hand& h);
// The wall as dealt.
std::string wall_string(const State& s);

// legal_actions() as strings in plain byte order (docs backend interface).
std::vector<std::string> legal_move_strings(const State& s, int seat);

}  // namespace yijing::yijingpai
