// Batch simulation of Yi Jing Pai hands played by the built-in bots
// (docs/simulation.md). Game `index` of a run with seed `seed` is a pure
// function of (spec, seed, index): its wall and dice come from
// sim::game_seed(seed, index), its bots draw from one generator seeded with
// game_seed ^ sim::kBotSeedXor, so batches give identical results on any
// number of threads.
#pragma once

#include <cstdint>

#include "yijing/prng.hpp"
#include "yijing/yijingpai/bots.hpp"
#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/wall.hpp"

namespace yijing::yijingpai {

// How the dealer of a match's next hand is chosen (yj.Rules.next_dealer).
enum class NextDealer : std::uint8_t { kDice = 0, kWinner = 1, kRotate = 2 };

struct SimSpec {
  Config cfg;
  BotKind policies[kMaxPlayers] = {BotKind::kRandom, BotKind::kRandom, BotKind::kRandom,
                                   BotKind::kRandom};
  std::uint8_t num_policies = 4;  // policies used: rotation is over these
  bool rotate = true;             // seat s of game i plays policies[(s + i) % players]
  // Matches (docs/simulation.md "Matches"): 0 = independent games; h > 0 =
  // games m*h .. m*h+h-1 are the hands of match m (rotation per match).
  std::uint32_t hands_per_match = 0;
  NextDealer next_dealer = NextDealer::kDice;
};

// Result kinds as stored in the arrays (docs/simulation.md "Arrays").
enum SimKind : std::uint8_t { kSimSelfDraw = 0, kSimDealtIn = 1, kSimDraw = 2 };

struct GameOutcome {
  std::int8_t winner = -1, dealt_in_by = -1, dealer = 0;
  std::uint8_t kind = kSimDraw, conditions = 0, hexagram = 0, points = 0;
  std::uint16_t plies = 0;
  std::int16_t payments[kMaxPlayers] = {};
  std::uint8_t seat_policy[kMaxPlayers] = {};  // index into SimSpec::policies
};

// Output arrays of a batch, one slot (or `players` slots, row-major) per game.
struct SimArrays {
  std::int8_t* winner;
  std::uint8_t* kind;
  std::int8_t* dealt_in_by;
  std::uint8_t* conditions;
  std::uint8_t* hexagram;  // King Wen number, 0 for a draw
  std::int16_t* points;    // half-points of the winning hexagram
  std::int16_t* payments;  // [count][players]
  std::uint16_t* plies;
  std::int8_t* dealer;
  std::int8_t* seat_policy;  // [count][players]
  std::int64_t* match = nullptr;  // matches only: the match of each game
  std::uint16_t* hand = nullptr;  // matches only: the hand number in its match
};

// A game's wall comes from wall.hpp's shuffle_tiles (tile codes, exactly
// yj.shuffle_wall(seed, ...)) and is dealt by engine.hpp's init_state_tiles.

// Deal game `index` (wall, dice, dealer) into `s`.
void deal_game(const SimSpec& spec, std::uint64_t seed, std::uint64_t index, State& s) noexcept;
// The policy index of `seat` in game `index`.
int seat_policy(const SimSpec& spec, std::uint64_t index, int seat) noexcept;
// Play game `index` to the end; `s` holds the final state (its history is
// the game's moves). With matches, the hands of its match before it are
// played first (for the dealer).
void play_game(const SimSpec& spec, std::uint64_t seed, std::uint64_t index, State& s,
               GameOutcome& out) noexcept;
// One hand from its wall seed: `rotation` picks the seat policies, `dealer`
// -1 means the dice decide.
void play_hand(const SimSpec& spec, std::uint64_t wall_seed, std::uint64_t rotation, int dealer,
               State& s, GameOutcome& out) noexcept;
// The dealer of the hand after one that ended with `out` (match rules).
int next_dealer(const SimSpec& spec, const GameOutcome& out) noexcept;

// Games start .. start+count-1 into out[0 .. count-1], on `threads` threads
// (0: all cores). Results do not depend on `threads`. With matches, start
// and count must be multiples of hands_per_match (whole matches).
void simulate_batch(const SimSpec& spec, std::uint64_t seed, std::uint64_t start,
                    std::uint64_t count, int threads, const SimArrays& out);

// King Wen number of a 6-bit hexagram value.
int king_wen_of(std::uint8_t values) noexcept;

}  // namespace yijing::yijingpai
