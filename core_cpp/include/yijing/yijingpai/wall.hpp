// The Yi Jing Pai wall: the tile set for a deck size and a deterministic shuffle.
//
// A wall is a string of tiles in draw order: '1' yang, '0' yin, 'T' taiji.
// The algorithm is specified exactly (and mirrored in pyyijing/fallback/prng.py):
//   1. canonical order: all '1', then all '0', then the 'T' tiles;
//   2. Fisher-Yates from the last index with Xoshiro256ss(seed):
//      for i = n-1 down to 1: j = uniform(i + 1); swap(a[i], a[j]);
//   3. two dice from the same generator: d1 = 1 + uniform(6), d2 = 1 + uniform(6).
#pragma once

#include <cstdint>
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

struct Deal {
  std::string wall;
  int die1 = 0;
  int die2 = 0;
};

// The unshuffled wall: yang tiles, then yin tiles, then taiji tiles.
std::string canonical_wall(Deck deck, TaijiRule taiji);

// The shuffled wall and the two dice for this seed.
Deal shuffle_wall(std::uint64_t seed, Deck deck, TaijiRule taiji);

}  // namespace yijing::yijingpai
