// The Yi Jing Pai wall: the tile sets of the decks and the deterministic shuffle.
//
// A wall is a string of tiles in draw order: '1' yang, '0' yin, 'T' taiji
// (or, inside the engine, an array of Tile codes, state.hpp). This file is the
// one source of the deck facts (tile counts) and holds the one shuffle
// (shuffle_tiles; shuffle_wall is its string form). The algorithm is
// specified exactly (and mirrored in pyyijing/fallback/yijingpai/wall.py):
//   1. canonical order: all '1', then all '0', then the 'T' tiles;
//   2. Fisher-Yates from the last index with Xoshiro256ss(seed):
//      for i = n-1 down to 1: j = uniform(i + 1); swap(a[i], a[j]);
//   3. two dice from the same generator: d1 = 1 + uniform(6), d2 = 1 + uniform(6).
#pragma once

#include <cstdint>
#include <string>

#include "yijing/yijingpai/config.hpp"

namespace yijing::yijingpai {

// The tile sets (docs §Specs; rules page §1): the yang tiles of a deck (as
// many yin tiles), the taiji tiles of a taiji rule, the tiles of a wall.
constexpr int line_tiles(Deck deck) noexcept { return deck == Deck::k144 ? 70 : 79; }
constexpr int taiji_tiles(TaijiRule taiji) noexcept { return taiji == TaijiRule::kWild ? 4 : 0; }
constexpr int wall_tiles(Deck deck, TaijiRule taiji) noexcept {
  return 2 * line_tiles(deck) + taiji_tiles(taiji);
}
// Whether a wall of these counts holds exactly one of the tile sets.
constexpr bool is_tile_set(int yang, int yin, int taiji) noexcept {
  return yang == yin && (yang == line_tiles(Deck::k144) || yang == line_tiles(Deck::k162)) &&
         (taiji == taiji_tiles(TaijiRule::kWild) || taiji == taiji_tiles(TaijiRule::kNone));
}
static_assert(wall_tiles(Deck::k162, TaijiRule::kWild) == kMaxWallTiles, "the largest wall");

struct Deal {
  std::string wall;
  int die1 = 0;
  int die2 = 0;
};

// The unshuffled wall: yang tiles, then yin tiles, then taiji tiles.
std::string canonical_wall(Deck deck, TaijiRule taiji);

// The shuffle: the wall for this seed as Tile codes into tiles[0 .. n-1]
// (room for kMaxWallTiles), its size n (returned) and the two dice. Used by
// the simulator and seed deals directly (no string).
int shuffle_tiles(std::uint64_t seed, Deck deck, TaijiRule taiji, std::uint8_t* tiles, int& die1,
                  int& die2) noexcept;

// The shuffled wall as a string and the two dice for this seed (shuffle_tiles).
Deal shuffle_wall(std::uint64_t seed, Deck deck, TaijiRule taiji);

}  // namespace yijing::yijingpai
