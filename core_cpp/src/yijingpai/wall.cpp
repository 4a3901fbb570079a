// The wall (wall.hpp): the one shuffle, its string form and the tile sets.
#include "yijing/yijingpai/wall.hpp"

#include <cstddef>
#include <cstring>

#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"
#include "yijing/yijingpai/state.hpp"

namespace yijing::yijingpai {

std::string canonical_wall(Deck deck, TaijiRule taiji) {
  const auto per_kind = static_cast<std::size_t>(line_tiles(deck));
  std::string wall;
  wall.reserve(static_cast<std::size_t>(wall_tiles(deck, taiji)));
  wall.append(per_kind, '1');
  wall.append(per_kind, '0');
  wall.append(static_cast<std::size_t>(taiji_tiles(taiji)), 'T');
  return wall;
}

int shuffle_tiles(std::uint64_t seed, Deck deck, TaijiRule taiji, std::uint8_t* tiles, int& die1,
                  int& die2) noexcept {
  // canonical_wall() as codes: yang, yin, taiji; then Fisher-Yates from the last index.
  const int per_kind = line_tiles(deck);
  const int n = wall_tiles(deck, taiji);
  std::memset(tiles, kYang, static_cast<std::size_t>(per_kind));
  std::memset(tiles + per_kind, kYin, static_cast<std::size_t>(per_kind));
  std::memset(tiles + 2 * per_kind, kTaiji, static_cast<std::size_t>(n - 2 * per_kind));
  Xoshiro256ss rng(seed);
  // The swap targets first (a pure arithmetic loop that pipelines), then the
  // swaps; sim::uniform is Xoshiro256ss::uniform, without its divisions.
  std::uint8_t js[kMaxWallTiles];
  for (int i = n - 1; i >= 1; --i)
    js[i] = static_cast<std::uint8_t>(sim::uniform(rng, static_cast<std::uint64_t>(i + 1)));
  for (int i = n - 1; i >= 1; --i) {
    const int j = js[i];
    const std::uint8_t x = tiles[i];
    tiles[i] = tiles[j];
    tiles[j] = x;
  }
  die1 = 1 + static_cast<int>(sim::uniform(rng, 6));
  die2 = 1 + static_cast<int>(sim::uniform(rng, 6));
  return n;
}

Deal shuffle_wall(std::uint64_t seed, Deck deck, TaijiRule taiji) {
  std::uint8_t tiles[kMaxWallTiles];
  Deal deal;
  const int n = shuffle_tiles(seed, deck, taiji, tiles, deal.die1, deal.die2);
  static constexpr char kTileChar[3] = {'0', '1', 'T'};  // by Tile code
  static_assert(kYin == 0 && kYang == 1 && kTaiji == 2, "kTileChar follows the Tile codes");
  deal.wall.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) deal.wall[static_cast<std::size_t>(i)] = kTileChar[tiles[i]];
  return deal;
}

}  // namespace yijing::yijingpai
