// Tiles, tile sets and the shuffle (tiles.hpp).
#include <cstring>
#include <string>

#include "yijing/mahjong/tiles.hpp"
#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"

namespace yijing::mahjong {

const char* tile_set_name(TileSet set) noexcept {
  switch (set) {
    case TileSet::k144: return "144";
    case TileSet::k108: return "108";
    case TileSet::k136: break;
  }
  return "136";
}

std::optional<TileSet> tile_set_from_string(std::string_view name) noexcept {
  if (name == "136") return TileSet::k136;
  if (name == "144") return TileSet::k144;
  if (name == "108") return TileSet::k108;
  return std::nullopt;
}

int tile_from_code(char digit, char suit) noexcept {
  if (digit < '1' || digit > '9') return -1;
  const int n = digit - '1';
  switch (suit) {
    case 'm': return n;
    case 'p': return 9 + n;
    case 's': return 18 + n;
    case 'z': return n < 7 ? kHonourBase + n : -1;
    case 'f': return n < 8 ? kFlowerBase + n : -1;
    default: return -1;
  }
}

int canonical_wall(TileSet set, Tile* out) noexcept {
  int n = 0;
  for (int t = 0; t < kTileIds; ++t)
    for (int c = copies_in_set(set, t); c > 0; --c) out[n++] = static_cast<Tile>(t);
  return n;
}

int shuffle_tiles(std::uint64_t seed, TileSet set, Tile* tiles, int& die1, int& die2) noexcept {
  Xoshiro256ss rng(seed);
  return shuffle_tiles(rng, set, tiles, die1, die2);
}

int shuffle_tiles(Xoshiro256ss& rng, TileSet set, Tile* tiles, int& die1, int& die2) noexcept {
  const int n = canonical_wall(set, tiles);
  // As Yi Jing Pai's shuffle (yijingpai/wall.cpp): the swap targets first (an
  // arithmetic loop that pipelines), then the swaps; sim::uniform is
  // Xoshiro256ss::uniform without its divisions (same values, same steps).
  std::uint8_t js[kMaxWallTiles];
  for (int i = n - 1; i >= 1; --i)
    js[i] = static_cast<std::uint8_t>(sim::uniform(rng, static_cast<std::uint64_t>(i + 1)));
  for (int i = n - 1; i >= 1; --i) {
    const int j = js[i];
    const Tile x = tiles[i];
    tiles[i] = tiles[j];
    tiles[j] = x;
  }
  die1 = 1 + static_cast<int>(sim::uniform(rng, 6));
  die2 = 1 + static_cast<int>(sim::uniform(rng, 6));
  return n;
}

std::string tiles_string(const Tile* tiles, int n) {
  std::string out(static_cast<std::size_t>(2 * n), ' ');
  for (int i = 0; i < n; ++i) {
    out[static_cast<std::size_t>(2 * i)] = tile_digit(tiles[i]);
    out[static_cast<std::size_t>(2 * i + 1)] = tile_suit_char(tiles[i]);
  }
  return out;
}

Deal shuffle_wall(std::uint64_t seed, TileSet set) {
  Tile tiles[kMaxWallTiles];
  Deal d;
  const int n = shuffle_tiles(seed, set, tiles, d.die1, d.die2);
  d.wall = tiles_string(tiles, n);
  return d;
}

}  // namespace yijing::mahjong
