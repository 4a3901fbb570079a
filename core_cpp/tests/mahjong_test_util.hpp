// Helpers for the mahjong engine and bot tests: a seeded deal, the seat to act.
#pragma once

#include <cstdint>

#include "yijing/mahjong/engine.hpp"

namespace mjt {

namespace mj = yijing::mahjong;

// The hand of wall seed `wall_seed` as the simulator deals it (shuffle_tiles,
// the dice pick the dealer).
inline void deal(mj::State& s, const mj::Config& cfg, std::uint64_t wall_seed) {
  mj::Tile tiles[mj::kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = mj::shuffle_tiles(wall_seed, cfg.tiles(), tiles, d1, d2);
  mj::init_state_tiles(s, cfg, tiles, n, (d1 + d2 - 1) % 4);
}

// The first seat of to_act (the one seat that acts, except in the raise and
// void phases, where every seat still to choose does).
inline int first_to_act(const mj::State& s) {
  int seats[mj::kSeats];
  mj::to_act(s, seats);
  return seats[0];
}

}  // namespace mjt
