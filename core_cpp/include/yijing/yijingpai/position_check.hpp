// Batch validation for referees: a position is a deal plus the moves played
// so far; check_position() replays it and checks one more move. A game server
// that keeps no state sends every position in full, so this replay is the hot
// path of the service's ValidateMove(s) (docs/yijing.md "Batch validation").
#pragma once

#include <cstdint>
#include <string_view>

#include "yijing/yijingpai/reason.hpp"
#include "yijing/yijingpai/state.hpp"
#include "yijing/yijingpai/wall.hpp"

namespace yijing::yijingpai {

// Where a position's wall comes from: a seed (shuffle_wall(seed, cfg.deck, cfg.taiji);
// the dice pick the dealer unless `dealer` >= 0), or an exact wall in draw
// order with its dealer.
struct PositionDeal {
  bool from_seed = true;
  std::uint64_t seed = 0;
  std::string_view wall;
  int dealer = -1;
};

struct PositionCheck {
  // -1: the position is reachable and `reason` is the candidate move's
  // verdict. Otherwise the index of the first history move that is not legal,
  // and `reason` says why (kMalformed for text that is not a move).
  int bad_move = -1;
  Reason reason = Reason::kOk;
};

enum class DealError : std::uint8_t { kNone, kBadWall, kBadDealer };

// Deal `deal` into `s` (init_state() semantics).
DealError deal_position(State& s, const Config& cfg, const PositionDeal& deal) noexcept;

// Replay `moves[0 .. n_moves)` on `s` (already dealt), then check `move`.
// `s` ends at the replayed position (up to the first illegal move).
PositionCheck replay_and_check(State& s, const std::string_view* moves, int n_moves,
                               std::string_view move) noexcept;

}  // namespace yijing::yijingpai
