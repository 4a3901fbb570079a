// Built-in mahjong bots: random, greedy and heuristic, for every ruleset.
// Their decision rules are specified exactly in docs/mahjong-bots.md and
// mirrored move for move by pyyijing/fallback/mahjong/bots.py.
//
// A bot reads only what Game.view(seat) shows (the seat's own concealed
// tiles, melds and void; every seat's visible melds, discards, 報聽 and lock;
// the dealer, the phase) and the seat's legal moves: never another seat's
// concealed tiles or the wall. Pure functions of (state, seat, generator):
// thread-safe on distinct states and generators.
#pragma once

#include <cstdint>
#include <string_view>

#include "yijing/mahjong/engine.hpp"
#include "yijing/prng.hpp"

namespace yijing::mahjong {

enum class BotKind : std::uint8_t { kRandom = 0, kGreedy = 1, kHeuristic = 2 };
inline constexpr int kNumBotKinds = 3;

const char* bot_name(BotKind kind) noexcept;
// false when `name` is not "random", "greedy" or "heuristic".
bool bot_from_name(std::string_view name, BotKind& out) noexcept;

// The bots of a hand with wall seed W share Xoshiro256ss(W ^ kBotSeedXor)
// (docs/mahjong-bots.md "Seeding"; the constant of Yi Jing Pai's bots).
inline constexpr std::uint64_t kMahjongBotSeedXor = 0xA0761D6478BD642FULL;

// The bot's move for `seat` (precondition: may_act(s, seat)). Only kRandom
// draws from `rng`, and only when the seat has two or more legal moves.
Move bot_move(const State& s, int seat, BotKind kind, Xoshiro256ss& rng) noexcept;

// The hand of wall seed `wall_seed` (mj.Game(rules, seed=wall_seed): the
// shuffle, the dice' dealer) played to its end by policies[seat], the first
// seat of to_act moving each time. cfg must be playable.
void play_bot_hand(State& s, const Config& cfg, std::uint64_t wall_seed, const BotKind policies[kSeats]) noexcept;

// Hands start .. start + count - 1 of a tournament with seed `seed`: hand i
// has wall seed game_seed(seed, i) and seat s plays policies[(s + i) % 4]
// (rotate) or policies[s]. Writes the payments of hand i, seat s at
// pay[(i - start) * 4 + s].
void bot_hands(const Config& cfg, std::uint64_t seed, std::uint64_t start, std::uint64_t count,
               const BotKind policies[kSeats], bool rotate, std::int64_t* pay) noexcept;

// The shanten values of docs/mahjong-bots.md "Shanten" for tests: the ruleset's
// S, the big-hand B and the heuristic's E of the seat's concealed tiles and melds.
struct BotShanten {
  int s = 0;
  int b = 0;
  int e = 0;
};
BotShanten bot_shanten(const State& s, int seat) noexcept;
// For tests: greedy's S of the seat's hand less one tile of kind t, for every
// kind held, as the bots find it (fast: from the hand's groups, one group
// looked up per kind) and by the definition (slow: each hand evaluated whole);
// kinds not held give INT_MAX in both.
void bot_discard_values(const State& s, int seat, int fast[kKinds], int slow[kKinds]) noexcept;
// For tests: the heuristic's uke of the seat's hand (3k + 2 tiles) less one
// tile of kind t, for every kind held, as the bots find it (fast: from the
// hand's parts, only the parts that can drop evaluated per draw, with the E
// it starts from) and by the definition (slow: F of every candidate hand
// evaluated whole); `held` false for the kinds not held or a 3k + 1 hand.
struct BotUke {
  bool held = false;
  int fast = 0, slow = 0;
  int e_fast = 0, e_slow = 0;
};
void bot_uke_values(const State& s, int seat, BotUke out[kKinds]) noexcept;

}  // namespace yijing::mahjong
