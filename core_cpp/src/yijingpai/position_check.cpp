// check a move at a position given in full (position_check.hpp).
#include "yijing/yijingpai/position_check.hpp"

#include <cstdint>

#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/notation.hpp"
#include "yijing/yijingpai/simulate.hpp"

namespace yijing::yijingpai {

DealError deal_position(State& s, const Config& cfg, const PositionDeal& deal) noexcept {
  if (!deal.from_seed) {
    switch (init_state(s, cfg, deal.wall, deal.dealer)) {
      case InitError::kNone:
        return DealError::kNone;
      case InitError::kBadDealer:
        return DealError::kBadDealer;
      default:
        return DealError::kBadWall;
    }
  }
  // The same wall and dice as shuffle_wall() without building a string.
  std::uint8_t tiles[kMaxWallTiles];
  int die1 = 0;
  int die2 = 0;
  const int n = shuffle_tiles(deal.seed, cfg.deck, cfg.taiji, tiles, die1, die2);
  const int dealer = deal.dealer >= 0 ? deal.dealer : (die1 + die2 - 1) % cfg.players;
  if (dealer >= cfg.players) return DealError::kBadDealer;
  init_state_tiles(s, cfg, tiles, n, dealer);
  return DealError::kNone;
}

PositionCheck replay_and_check(State& s, const std::string_view* moves, int n_moves,
                               std::string_view move) noexcept {
  for (int i = 0; i < n_moves; ++i) {
    const auto spec = parse_move(moves[i]);
    if (!spec) return {i, Reason::kMalformed};
    const Reason r = check(s, *spec);
    if (r != Reason::kOk) return {i, r};
    // Unreachable with legal moves (kMaxHistory bounds every game, state.hpp);
    // kept so that no input can overrun the history.
    if (s.n_history >= kMaxHistory) return {i, Reason::kGameOver};
    apply(s, to_action(*spec));
  }
  return {-1, check_move(s, move)};
}

}  // namespace yijing::yijingpai
