// Mahjong tiles for the game engines: ids, codes, the rulesets' tile sets and
// the deterministic shuffle (docs/mahjong-engine.md "Tiles").
//
// Tile ids 0-41: 1m-9m 0-8, 1p-9p 9-17, 1s-9s 18-26, 1z-7z 27-33 (東 南 西 北
// 白 發 中), flowers 1f-8f 34-41. The 34 playing kinds are the count-array
// indices of hand.hpp. The shuffle is Yi Jing Pai's, bit for bit (wall.hpp
// there): the unshuffled wall is every id in order, as many copies as the set
// holds; Fisher-Yates from the last index with Xoshiro256ss(seed); then two
// dice 1 + uniform(6). The Python twin is pyyijing/fallback/mahjong/tiles.py.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "yijing/mahjong/hand.hpp"
#include "yijing/prng.hpp"

namespace yijing::mahjong {

using Tile = std::uint8_t;
inline constexpr int kFlowerBase = 34;
inline constexpr int kTileIds = 42;
inline constexpr int kSuits = 3;
inline constexpr Tile kNoTile = 0xFF;

// "136" (34 kinds x4), "144" (+ the 8 flowers, one each), "108" (the suits x4).
enum class TileSet : std::uint8_t { k136, k144, k108 };
inline constexpr int kMaxWallTiles = 144;

constexpr int set_size(TileSet set) noexcept {
  return set == TileSet::k144 ? 144 : set == TileSet::k108 ? 108 : 136;
}
// How many of tile id `t` the set holds.
constexpr int copies_in_set(TileSet set, int t) noexcept {
  if (t >= kFlowerBase) return set == TileSet::k144 ? 1 : 0;
  if (t >= kHonourBase) return set == TileSet::k108 ? 0 : 4;
  return 4;
}
const char* tile_set_name(TileSet set) noexcept;
std::optional<TileSet> tile_set_from_string(std::string_view name) noexcept;

constexpr bool is_flower(int t) noexcept { return t >= kFlowerBase; }
// 0, 1, 2 for m, p, s; 3 for an honour (flowers are never asked).
constexpr int suit_of(int t) noexcept { return t < kHonourBase ? t / 9 : 3; }
constexpr int number_of(int t) noexcept { return t < kHonourBase ? t % 9 + 1 : t - kHonourBase + 1; }

// The two characters of tile id t ("5m", "1z", "3f").
inline constexpr char kSuitChars[5] = {'m', 'p', 's', 'z', 'f'};
constexpr char tile_digit(int t) noexcept {
  return static_cast<char>('0' + (t >= kFlowerBase ? t - kFlowerBase + 1 : number_of(t)));
}
constexpr char tile_suit_char(int t) noexcept {
  return t >= kFlowerBase ? 'f' : kSuitChars[suit_of(t)];
}
// The id of a two-character code (flowers included), or -1.
int tile_from_code(char digit, char suit) noexcept;

// The sort key of a playing tile in plain string order of its code:
// (number - 1) * 4 + suit ("1m" < "1p" < "1s" < "1z" < "2m" ...), 0..35.
constexpr int tile_key(int t) noexcept { return (number_of(t) - 1) * 4 + suit_of(t); }
constexpr int key_tile(int key) noexcept {
  return (key & 3) == 3 ? kHonourBase + (key >> 2) : (key & 3) * 9 + (key >> 2);
}
inline constexpr int kTileKeys = 36;  // keys 31, 35 (8z, 9z) are no tile

// The unshuffled wall of a set into out[0 .. n-1]; returns n.
int canonical_wall(TileSet set, Tile* out) noexcept;

// The shuffle: the wall for this seed into tiles[0 .. n-1] (room for
// kMaxWallTiles), n returned, and the two dice.
int shuffle_tiles(std::uint64_t seed, TileSet set, Tile* tiles, int& die1, int& die2) noexcept;
// The same with a generator the caller goes on using (random_play.hpp).
int shuffle_tiles(Xoshiro256ss& rng, TileSet set, Tile* tiles, int& die1, int& die2) noexcept;

struct Deal {
  std::string wall;  // two-character codes, draw order
  int die1 = 0;
  int die2 = 0;
};
Deal shuffle_wall(std::uint64_t seed, TileSet set);

// Codes of `n` tiles, concatenated.
std::string tiles_string(const Tile* tiles, int n);

}  // namespace yijing::mahjong
