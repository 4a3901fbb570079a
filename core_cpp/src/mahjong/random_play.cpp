// Random whole hands (random_play.hpp).
#include "yijing/mahjong/random_play.hpp"

#include "yijing/mahjong/engine.hpp"
#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"

namespace yijing::mahjong {

RandomTotals random_hands(const Config& cfg, std::uint64_t seed, std::uint64_t start,
                          std::uint64_t count) noexcept {
  RandomTotals totals;
  State s;
  Tile tiles[kMaxWallTiles];
  for (std::uint64_t i = start; i < start + count; ++i) {
    Xoshiro256ss rng(sim::game_seed(seed, i));
    int d1 = 0, d2 = 0;
    const int n = shuffle_tiles(rng, cfg.tiles(), tiles, d1, d2);
    init_state_tiles(s, cfg, tiles, n, (d1 + d2 - 1) % 4);
    std::uint64_t moves = 0;
    while (s.phase != Phase::kOver) {
      apply(s, random_legal_move(s, -1, rng, true));
      ++moves;
    }
    ++totals.hands;
    totals.moves += moves;
    // The fallback's fold: kind index (self_draw 0 .. draw 3) * 5 + winner
    // (4: none), then each payment's low byte, base 31.
    const int kind = static_cast<int>(s.result.kind) - 1;
    ++totals.kinds[kind];
    std::uint64_t h = static_cast<std::uint64_t>(kind * 5 + (s.result.winner < 0 ? 4 : s.result.winner));
    std::int64_t pay[kSeats];
    payments(s, pay);
    for (std::int64_t p : pay) h = h * 31 + static_cast<std::uint64_t>(p & 0xFF);
    totals.checksum = totals.checksum * 1000003u + h + moves;
  }
  return totals;
}

}  // namespace yijing::mahjong
