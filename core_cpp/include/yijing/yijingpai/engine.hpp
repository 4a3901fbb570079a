// The rule engine on compact actions (docs/yijing.md §2-§6). Every function
// works on the State it is given and nothing else: no globals, no allocation,
// safe to call from many threads on different states (it is not pure: the
// init_* and apply functions change that State in place).
#pragma once

#include <cstdint>
#include <string_view>

#include "yijing/yijingpai/moves.hpp"
#include "yijing/yijingpai/reason.hpp"
#include "yijing/yijingpai/state.hpp"

namespace yijing::yijingpai {

enum class InitError : std::uint8_t { kNone, kBadConfig, kBadWall, kBadDealer };

// Reset `s`, deal `wall` ('1'/'0'/'T' in draw order; a full tile set of
// 144/162 tiles, or 140/158 without taiji) from `dealer` (docs §2) and start
// the target phase. On error `s` is left in an unspecified but safe state.
InitError init_state(State& s, const Config& cfg, std::string_view wall, int dealer) noexcept;
// init_state() for a wall of `n` Tile codes (wall.hpp's shuffle_tiles) that
// is known to be a tile set, a valid config and dealer: the same deal, no checks.
void init_state_tiles(State& s, const Config& cfg, const std::uint8_t* tiles, int n,
                      int dealer) noexcept;

// Seats that may act now, ascending (docs §3); returns how many were written.
int to_act(const State& s, int out[kMaxPlayers]) noexcept;
bool may_act(const State& s, int seat) noexcept;

// Enough room for legal_actions() of any seat or of all seats (-1). The
// target phase is the largest: 6-line strings over {1,0,+,-} within the
// tiles held. With at most 4 taiji in the wall the worst case is 2800 for
// one seat (9 tiles, 4 taiji) and 2968 for the union of all seats; the
// test "legal action bound" recomputes these numbers.
inline constexpr int kMaxLegalActions = 4096;

// Every legal action of `seat` (or of every seat in to_act for seat == -1),
// unordered and without duplicates. `out` must hold kMaxLegalActions.
int legal_actions(const State& s, int seat, Action* out) noexcept;

// docs §6, in the table's order.
Reason check(const State& s, const MoveSpec& m) noexcept;
inline Reason check(const State& s, Action a) noexcept { return check(s, to_spec(a, s.k())); }

// Apply a legal action (precondition: check(s, a) == Reason::kOk).
void apply(State& s, Action a) noexcept;

// Enabled win conditions (mask) that would hold if `seat` completed `hex`.
std::uint8_t conditions_if_added(const State& s, int seat, std::uint8_t hex) noexcept;

// docs §5 ready(): winning (lines, placement) pairs, sorted by (lines, placement)
// as strings. At most 2^3 lines x 2 placements.
struct ReadyItem {
  std::uint8_t values = 0;
  Placement placement = Placement::kOuter;
  std::uint8_t hexagram = 0;  // the completed hexagram (values)
  std::uint8_t points_half = 0;
};
inline constexpr int kMaxReady = 16;
int ready(const State& s, int seat, ReadyItem out[kMaxReady]) noexcept;

}  // namespace yijing::yijingpai
