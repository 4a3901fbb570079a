// Moves of the mahjong games: the compact 16-bit Move used by the hot path
// and MoveSpec, the parsed form of a move string (docs/mahjong-engine.md
// "Moves and the order of checks").
//
// Move layout: bits 12-13 seat | bits 8-11 action | bits 0-7 argument key.
// The actions are numbered in the plain string order of their names and the
// argument is a key in the string order of what is written (tile_key), so
// sorting Moves numerically sorts their strings: legal moves come out in the
// documented order with no string sort. Bit 14 is set only in the history,
// on a kong that was concealed (the view hides its tile from other seats).
#pragma once

#include <cstdint>

#include "yijing/mahjong/tiles.hpp"

namespace yijing::mahjong {

// In string order of the names ("chow" < "discard" < ... < "win").
enum class Act : std::uint8_t {
  kChow = 0,      // chow=XYZs, arg: key of the lowest tile
  kDiscard = 1,   // discard=T
  kHaidi = 2,     // Changsha
  kKong = 3,      // kong=T
  kMid = 4,       // Changsha
  kOpenKong = 5,  // Changsha, open_kong=T
  kOpening = 6,   // Changsha
  kPass = 7,
  kPung = 8,      // pung=T
  kRaise = 9,     // Shaoyang, raise=K
  kReady = 10,    // ready=T (報聽)
  kVoid = 11,     // void=m|p|s, arg: suit
  kWin = 12,
};
inline constexpr int kActions = 13;

using Move = std::uint16_t;
inline constexpr Move kConcealedKongFlag = 0x4000;

constexpr Move make_move(int seat, Act act, int arg_key = 0) noexcept {
  return static_cast<Move>((static_cast<unsigned>(seat & 3) << 12) |
                           (static_cast<unsigned>(act) << 8) | (static_cast<unsigned>(arg_key) & 0xFFu));
}
// A move whose argument is a tile id (discard, ready, kong, pung, chow's low tile).
constexpr Move make_tile_move(int seat, Act act, int tile) noexcept {
  return make_move(seat, act, tile_key(tile));
}
constexpr int move_seat(Move m) noexcept { return (m >> 12) & 3; }
constexpr Act move_act(Move m) noexcept { return static_cast<Act>((m >> 8) & 15u); }
constexpr int move_key(Move m) noexcept { return m & 0xFF; }
constexpr int move_tile(Move m) noexcept { return key_tile(m & 0xFF); }
constexpr Move move_plain(Move m) noexcept { return static_cast<Move>(m & ~kConcealedKongFlag); }

// A parsed move string. `seat` is the written digit (0-9); `arg` is the tile
// id (discard, ready, kong, pung, open_kong), the chow's lowest tile id or
// kBadChow (three digits that are not a run: a well-formed move that is never
// legal), the suit 0..2 (void), the digit (raise), else -1.
inline constexpr int kBadChow = -2;
struct MoveSpec {
  int seat = 0;
  Act act = Act::kPass;
  int arg = -1;
};

// The MoveSpec of a compact move.
constexpr MoveSpec to_spec(Move m) noexcept {
  MoveSpec s;
  s.seat = move_seat(m);
  s.act = move_act(m);
  switch (s.act) {
    case Act::kChow: case Act::kDiscard: case Act::kKong: case Act::kPung: case Act::kReady:
    case Act::kOpenKong:
      s.arg = move_tile(m);
      break;
    case Act::kVoid: case Act::kRaise: s.arg = move_key(m); break;
    default: s.arg = -1; break;
  }
  return s;
}

// The Move of a spec that checked ok (chow/tile args are valid tile ids).
constexpr Move to_move(const MoveSpec& s) noexcept {
  switch (s.act) {
    case Act::kChow: case Act::kDiscard: case Act::kKong: case Act::kPung: case Act::kReady:
    case Act::kOpenKong:
      return make_tile_move(s.seat, s.act, s.arg);
    case Act::kVoid: case Act::kRaise: return make_move(s.seat, s.act, s.arg);
    default: return make_move(s.seat, s.act, 0);
  }
}

}  // namespace yijing::mahjong
