// The state of one hand: a small value type (fixed-size arrays only), so a
// copy is a memcpy and bots can clone it freely. No heap, no globals.
#pragma once

#include <cstdint>

#include "yijing/yijingpai/hexagram_bits.hpp"
#include "yijing/yijingpai/moves.hpp"
#include "yijing/yijingpai/config.hpp"

namespace yijing::yijingpai {

enum class Phase : std::uint8_t { kTarget, kPlay, kClaim, kOver };
// Which claim is being offered in phase claim (docs §3 steps 3 and 4).
enum class Offer : std::uint8_t { kNone, kWin, kPong };
enum class ResultKind : std::uint8_t { kNone, kSelfDraw, kDealtIn, kDraw };

// Tile codes in State::wall.
enum Tile : std::uint8_t { kYin = 0, kYang = 1, kTaiji = 2 };

// --- Bounds -----------------------------------------------------------------
// Plays in a hand: every play (or pong) puts k tiles down and then draws. At
// most floor(W/k) plays draw a full k (W = wall after the deal), at most one
// draws a short remainder, and every other play draws nothing, which leaves
// that seat with no tiles: it never plays again (docs §3), so at most one
// such play per seat.
constexpr int max_plays(int players, int k, int wall) noexcept {
  return (wall - players * (kTargetLines + k)) / k + 1 + players;
}
// Moves: a target per seat, per play at most one 胡 offer to each other seat
// and one 碰 offer to each seat but P and P+1 (each answered by a pass), and
// the final win.
constexpr int max_moves(int players, int k, int wall) noexcept {
  return players + max_plays(players, k, wall) * (1 + (players - 1) + (players - 2)) + 1;
}
// Completed hexagrams (all seats): k lines per play, six per hexagram (a win
// on another's play is not added to the winner's table, see engine_apply).
constexpr int max_completed(int players, int k, int wall) noexcept {
  return max_plays(players, k, wall) * k / kTargetLines;
}
constexpr int max_over_configs(int (*f)(int, int, int)) noexcept {
  int best = 0;
  for (int n = 2; n <= kMaxPlayers; ++n)
    for (int k = 2; k <= 3; ++k)
      for (int w : {140, 144, 158, 162})
        if (f(n, k, w) > best) best = f(n, k, w);
  return best;
}

inline constexpr int kMaxHistory = 512;
inline constexpr int kMaxCompleted = 32;
static_assert(max_over_configs(max_moves) <= kMaxHistory, "history bound");
static_assert(max_over_configs(max_completed) <= kMaxCompleted, "completed bound");

// --- Parts ------------------------------------------------------------------
// 4 bytes, so that the engine writes a hand back with one store (byte-wise
// updates followed by whole-hand reads stall store forwarding).
struct alignas(4) Hand {
  std::uint8_t yang = 0, yin = 0, taiji = 0, unused_ = 0;
  constexpr int total() const noexcept { return yang + yin + taiji; }
};

struct SeatState {
  Hand hand;                    // before the target is laid: all dealt tiles
  bool target_laid = false;
  std::uint8_t target_values = 0, target_taiji = 0;
  Lines progress;               // hexagram in progress
  // Win-check summary of the completed hexagrams (docs §5): how often each
  // hexagram occurs, the largest such count and the trigrams seen (bit t =
  // trigram with lines t). Every condition is then a few comparisons.
  std::uint8_t max_count = 0;
  std::uint8_t trigrams = 0;
  std::uint8_t completed = 0;
  std::uint8_t count[64] = {};
  // Bit h set: hexagram h has been completed at least once / twice.
  std::uint64_t seen = 0, pairs = 0;
  // Bit h set: completing hexagram h now would make an enabled condition
  // true. Recomputed at each completion, so the claim search and the
  // self-draw test are one bit test (hot path).
  std::uint64_t wins = 0;
};

// Draw one tile into a hand (branch-free: walls are random).
constexpr void add_tile(Hand& h, std::uint8_t tile) noexcept {
  h.yang = static_cast<std::uint8_t>(h.yang + (tile == kYang));
  h.yin = static_cast<std::uint8_t>(h.yin + (tile == kYin));
  h.taiji = static_cast<std::uint8_t>(h.taiji + (tile == kTaiji));
}

// The previous play (docs §3: the last play or pong anyone made).
struct LastPlay {
  bool valid = false;
  std::uint8_t seat = 0;
  Kind kind = Kind::kPlay;
  std::uint8_t values = 0, taiji = 0;
  Placement placement = Placement::kOuter;
};

struct Result {
  ResultKind kind = ResultKind::kNone;
  std::int8_t winner = -1;
  std::int8_t dealt_in_by = -1;
  std::uint8_t points_half = 0;
  std::int16_t payments[kMaxPlayers] = {};
  std::uint8_t values = 0, taiji = 0;  // the winning hexagram
  std::uint8_t conditions = 0;         // enabled conditions true after the win
};

// A completed hexagram in the order laid: seat bits 12-13, taiji 6-11, values 0-5.
using CompletedEntry = std::uint16_t;

struct State {
  Config cfg;
  std::uint8_t dealer = 0;
  Phase phase = Phase::kTarget;
  std::uint8_t turn = 0;      // phase play: the turn seat
  Offer offer = Offer::kNone;
  std::uint8_t offered = 0;   // phase claim: the seat being offered
  std::uint8_t targets_left = 0;
  std::uint8_t wall_len = 0;
  std::uint8_t wall_pos = 0;  // next tile to draw
  bool history_overflow = false;  // never set while the bounds above hold
  LastPlay last;
  Result result;
  SeatState seats[kMaxPlayers];
  std::uint16_t n_completed = 0;
  std::uint16_t n_history = 0;
  CompletedEntry completed[kMaxCompleted] = {};
  Action history[kMaxHistory] = {};
  std::uint8_t wall[kMaxWallTiles] = {};  // as dealt, Tile codes

  int k() const noexcept { return cfg.play_size; }
  // The seat `offset` places counterclockwise after `seat` (0 <= offset < n).
  int seat_after(int seat, int offset) const noexcept {
    const int x = seat + offset;
    return x >= cfg.players ? x - cfg.players : x;
  }
  int players() const noexcept { return cfg.players; }
  int wall_remaining() const noexcept { return wall_len - wall_pos; }
};

}  // namespace yijing::yijingpai
