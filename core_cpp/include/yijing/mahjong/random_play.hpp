// Whole hands with uniformly random legal moves: the mahjong engine's
// benchmark workload (pyyijing._native.mahjong.random_hands; the Python twin
// is pyyijing/fallback/mahjong/random_play.py, which plays the same hands move
// for move). Hand i of a batch with seed S: one Xoshiro256ss(game_seed(S, i))
// shuffles the wall and throws the dice exactly as shuffle_wall, the dealer
// is (d1 + d2 - 1) % 4, and the same generator then picks every move:
// legal[uniform(n)] of legal_moves(-1), which is sorted.
#pragma once

#include <cstdint>

#include "yijing/mahjong/config.hpp"
#include "yijing/mahjong/moves.hpp"
#include "yijing/mahjong/state.hpp"
#include "yijing/prng.hpp"

namespace yijing::mahjong {

struct RandomTotals {
  std::uint64_t hands = 0;
  std::uint64_t moves = 0;
  std::uint64_t kinds[4] = {};  // self_draw, discard, robbed_kong, draw
  // Folds every hand's (result kind, winner, payments, moves), so two
  // backends that agree on the totals by chance still differ here.
  std::uint64_t checksum = 0;
};

// A uniformly random legal move of `seat` (of to_act for seat < 0):
// legal_moves(s, seat)[uniform(n)], the same move from the same draws of
// `rng`, and 0 when there is none. With n == 1 the move is drawn for only if
// `draw_for_one` (random_hands draws for it; the random bot does not). A turn
// whose moves are only discards, most turns, is answered from the discards'
// bits without listing the moves.
Move random_legal_move(const State& s, int seat, Xoshiro256ss& rng, bool draw_for_one) noexcept;

// Hands start .. start + count - 1 (cfg playable).
RandomTotals random_hands(const Config& cfg, std::uint64_t seed, std::uint64_t start,
                          std::uint64_t count) noexcept;

}  // namespace yijing::mahjong
