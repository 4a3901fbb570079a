// Built-in bots for Yi Jing Pai: random, greedy and heuristic. Their
// decision rules are specified exactly in docs/simulation.md ("Bots") and
// mirrored move for move by pyyijing/fallback/yijingpai/bots.py.
//
// A bot sees only what the seat may see (docs/yijing.md §7: its own hand and
// target, every seat's hexagram in progress and completed hexagrams, the
// previous play) plus the seat's legal moves. Pure functions of (state,
// seat, generator): thread-safe on distinct states and generators.
#pragma once

#include <cstdint>
#include <string_view>

#include "yijing/prng.hpp"
#include "yijing/yijingpai/engine.hpp"

namespace yijing::yijingpai {

enum class BotKind : std::uint8_t { kRandom = 0, kGreedy = 1, kHeuristic = 2 };
inline constexpr int kNumBotKinds = 3;

const char* bot_name(BotKind kind) noexcept;
// false when `name` is not "random", "greedy" or "heuristic".
bool bot_from_name(std::string_view name, BotKind& out) noexcept;

// Sort key of an action that orders one seat's moves as their strings sort
// (plain byte order, docs/backend-interface.md legal_moves): kind, then the
// lines ('+' < '-' < '0' < '1', line 1 first), then the placement suffix.
std::uint32_t canonical_key(Action a, int k) noexcept;

// The legal actions of `seat` in canonical order (out: kMaxLegalActions).
int canonical_actions(const State& s, int seat, Action* out) noexcept;

// A uniformly random legal target of `seat` (phase target), drawn directly
// from the seat's tiles (docs/simulation.md "random target").
Action random_target(const State& s, int seat, Xoshiro256ss& rng) noexcept;

// The bot's move for `seat` (precondition: may_act(s, seat)).
Action bot_action(const State& s, int seat, BotKind kind, Xoshiro256ss& rng) noexcept;

}  // namespace yijing::yijingpai
