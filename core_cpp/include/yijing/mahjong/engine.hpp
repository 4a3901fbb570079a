// The mahjong game engine on compact moves (docs/mahjong-engine.md; rules:
// shared/rules/mahjong.md §1-§5). Every function works on the State it is
// given and nothing else: no globals (beyond the kernel's lazily filled shape
// tables), no allocation, safe to call from many threads on different states.
#pragma once

#include <cstdint>
#include <string_view>

#include "yijing/mahjong/moves.hpp"
#include "yijing/mahjong/reason.hpp"
#include "yijing/mahjong/state.hpp"

namespace yijing::mahjong {

enum class InitError : std::uint8_t { kNone, kBadConfig, kBadWall, kBadDealer };

// Reset `s`, deal `wall` (two-character codes in draw order: exactly the
// tile set of cfg.tiles()) from `dealer`, set the flowers aside and start
// phase raise (Shaoyang), void or play. On error `s` is left in an unspecified but safe state.
InitError init_state(State& s, const Config& cfg, std::string_view wall, int dealer) noexcept;
// init_state() for a wall of `n` tile ids known to be the tile set (the
// shuffle's output), a playable config and a valid dealer: no checks.
void init_state_tiles(State& s, const Config& cfg, const Tile* tiles, int n, int dealer) noexcept;

// Seats that may act now, ascending; returns how many were written.
int to_act(const State& s, int out[kSeats]) noexcept;
bool may_act(const State& s, int seat) noexcept;

// Room for legal_moves() of any seat or of all seats (-1): in play at most
// 14 discards, 14 ready, 4 kongs and the win; in void 12; in raise 16.
inline constexpr int kMaxLegalMoves = 48;
// Every legal move of `seat` (or of every seat in to_act for seat < 0),
// in plain string order of their texts (Move order, moves.hpp). `out` must
// hold kMaxLegalMoves. A seat not in to_act has none.
int legal_moves(const State& s, int seat, Move* out) noexcept;

// The docs' order of checks for a parsed move (parse errors are the
// notation's: malformed, no_such_seat).
Reason check(const State& s, const MoveSpec& m) noexcept;
inline Reason check(const State& s, Move m) noexcept { return check(s, to_spec(m)); }

// Apply a legal move (precondition: check(s, m) == Reason::kOk).
void apply(State& s, Move m) noexcept;

// docs "Winning": a 3k+2 concealed count array of `seat` wins (the ruleset's
// shapes, the void suit; Changsha: `on_other`, the last tile came from
// another seat, for 全求人).
bool wins(const State& s, int seat, const Counts& counts, bool on_other = false) noexcept;

// docs "waits(seat)": bit t set for each wait; unseen[t] filled for those.
// 0 unless the seat holds 13 - 3k tiles.
std::uint64_t waits(const State& s, int seat, int unseen[kKinds]) noexcept;

// Shaoyang: the seat's factor 2^raise (1 before it has raised, and in common).
constexpr int raise_factor(const SeatState& st) noexcept { return st.raised > 0 ? 1 << st.raised : 1; }

// Payments per seat: the ledger summed.
void payments(const State& s, std::int64_t out[kSeats]) noexcept;

}  // namespace yijing::mahjong
