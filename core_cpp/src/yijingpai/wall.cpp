#include "yijing/yijingpai/wall.hpp"

#include <cstddef>
#include <utility>

#include "yijing/prng.hpp"

namespace yijing::yijingpai {

std::optional<Deck> deck_from_int(long long tiles) noexcept {
  if (tiles == 144) return Deck::k144;
  if (tiles == 162) return Deck::k162;
  return std::nullopt;
}

std::optional<TaijiRule> taiji_from_string(std::string_view name) noexcept {
  if (name == "wild") return TaijiRule::kWild;
  if (name == "none") return TaijiRule::kNone;
  return std::nullopt;
}

std::string canonical_wall(Deck deck, TaijiRule taiji) {
  const std::size_t per_kind = deck == Deck::k144 ? 70 : 79;
  const std::size_t taiji_tiles = taiji == TaijiRule::kWild ? 4 : 0;
  std::string wall;
  wall.reserve(2 * per_kind + taiji_tiles);
  wall.append(per_kind, '1');
  wall.append(per_kind, '0');
  wall.append(taiji_tiles, 'T');
  return wall;
}

Deal shuffle_wall(std::uint64_t seed, Deck deck, TaijiRule taiji) {
  Deal deal;
  deal.wall = canonical_wall(deck, taiji);
  Xoshiro256ss rng(seed);
  for (std::size_t i = deal.wall.size() - 1; i >= 1; --i) {
    const auto j = static_cast<std::size_t>(rng.uniform(i + 1));
    std::swap(deal.wall[i], deal.wall[j]);
  }
  deal.die1 = 1 + static_cast<int>(rng.uniform(6));
  deal.die2 = 1 + static_cast<int>(rng.uniform(6));
  return deal;
}

}  // namespace yijing::yijingpai
