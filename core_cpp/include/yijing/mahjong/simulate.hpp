// Batch simulation of mahjong hands played by the built-in bots
// (docs/simulation.md "Mahjong"). Hand `index` of a run with seed `seed` is a
// pure function of (spec, seed, index): its wall and dice come from
// sim::game_seed(seed, index) (with matches: game_seed(game_seed(seed, m), j)),
// its bots draw from one generator seeded with that wall seed ^
// kMahjongBotSeedXor (docs/mahjong-bots.md "Seeding"), so batches give
// identical results on any number of threads. The Python loop of
// pyyijing/mahjong/sim.py fills the same arrays.
#pragma once

#include <cstdint>

#include "yijing/mahjong/bots.hpp"
#include "yijing/mahjong/engine.hpp"

namespace yijing::mahjong {

struct SimSpec {
  Config cfg;  // playable
  BotKind policies[kSeats] = {BotKind::kRandom, BotKind::kRandom, BotKind::kRandom, BotKind::kRandom};
  bool rotate = true;  // seat s of hand i (match m) plays policies[(s + i) % 4] ((s + m) % 4)
  // 0 = independent hands; h > 0 = hands m*h .. m*h+h-1 are the hands of match m.
  std::uint32_t hands_per_match = 0;
};

// `kind` as stored in the arrays (pyyijing.mahjong.sim.KINDS).
enum SimKind : std::uint8_t { kSimSelfDraw = 0, kSimDiscard = 1, kSimRobbedKong = 2, kSimDraw = 3 };
// Columns of `opening_wins`: the DeclaredWin values, in order.
inline constexpr int kNumDeclaredWins = 10;

struct HandOutcome {
  std::int8_t winner = -1, dealt_in_by = -1, dealer = 0;
  std::uint8_t kind = kSimDraw;
  std::uint16_t turns = 0;     // moves applied (passes included)
  std::uint8_t wall_left = 0;  // the live wall at the end
  std::uint32_t patterns = 0;  // Result::patterns
  std::uint8_t opening_wins[kNumDeclaredWins] = {};  // declarations of every seat, per kind
  std::uint8_t birds_hit = 0;  // birds hitting the winner or a seat paying the win
  std::int32_t payments[kSeats] = {};
  std::uint8_t seat_policy[kSeats] = {};  // index into SimSpec::policies
};

// Output arrays of a batch, one slot (or a row, row-major) per hand.
struct SimArrays {
  std::int8_t* winner;
  std::uint8_t* kind;
  std::int8_t* dealt_in_by;
  std::int32_t* payments;  // [count][4]
  std::uint16_t* turns;
  std::uint8_t* wall_left;
  std::uint32_t* patterns;
  std::uint8_t* opening_wins;  // [count][kNumDeclaredWins]
  std::uint8_t* birds_hit;
  std::int8_t* dealer;
  std::int8_t* seat_policy;  // [count][4]
  std::int64_t* match = nullptr;  // matches only: the match of each hand
  std::uint16_t* hand = nullptr;  // matches only: the hand number in its match
};

// The policy index of `seat` in rotation `rotation` (the hand, or its match).
int seat_policy(const SimSpec& spec, std::uint64_t rotation, int seat) noexcept;
// One hand from its wall seed: `rotation` picks the seat policies, `dealer`
// -1 means the dice decide. `s` holds the final state.
void play_hand(const SimSpec& spec, std::uint64_t wall_seed, std::uint64_t rotation, int dealer,
               State& s, HandOutcome& out) noexcept;
// The dealer of the hand after the finished hand `s` (mj.Match.next_dealer):
// common the dealer again after winning or a draw, else the next seat;
// Shaoyang the winner, after a draw the last taker (the dealer if none);
// Changsha the winner, after a draw the dealer.
int next_dealer(const State& s) noexcept;
// Hand `index` played to its end (with matches, the hands of its match
// before it are played first, for the dealer).
void play_game(const SimSpec& spec, std::uint64_t seed, std::uint64_t index, State& s,
               HandOutcome& out) noexcept;

// Hands start .. start+count-1 into out[0 .. count-1], on `threads` threads
// (0: all cores). Results do not depend on `threads`. With matches, start
// and count must be multiples of hands_per_match (whole matches).
void simulate_batch(const SimSpec& spec, std::uint64_t seed, std::uint64_t start,
                    std::uint64_t count, int threads, const SimArrays& out);

}  // namespace yijing::mahjong
