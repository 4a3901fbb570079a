// Moves: the compact 16-bit Action used by the hot path, and MoveSpec, the
// parsed form of a move string (which can also hold moves with wrong sizes
// or placements, so that every reason code of docs §6 can be reported).
//
// Action layout (no allocation, fits the fixed-size history of State):
//   target (bit 15 = 1):  seat bits 12-13 | values bits 6-11 | taiji bits 0-5
//   others (bit 15 = 0):  kind bits 12-14 | seat bits 8-9 | placement bits 6-7
//                         | taiji bits 3-5 | values bits 0-2
// A `win` carries only its placement: its lines are the claimed play.
#pragma once

#include <cstdint>

#include "yijing/yijingpai/hexagram_bits.hpp"

namespace yijing::yijingpai {

enum class Kind : std::uint8_t { kTarget = 0, kPlay = 1, kPong = 2, kWin = 3, kPass = 4 };

using Action = std::uint16_t;

constexpr Action make_target(int seat, std::uint8_t values, std::uint8_t taiji) noexcept {
  return static_cast<Action>(0x8000u | (static_cast<unsigned>(seat & 3) << 12) |
                             (static_cast<unsigned>(values & 63u) << 6) | (taiji & 63u));
}

constexpr Action make_action(Kind kind, int seat, std::uint8_t values = 0,
                             std::uint8_t taiji = 0,
                             Placement placement = Placement::kOuter) noexcept {
  return static_cast<Action>((static_cast<unsigned>(kind) << 12) |
                             (static_cast<unsigned>(seat & 3) << 8) |
                             (static_cast<unsigned>(placement) << 6) |
                             (static_cast<unsigned>(taiji & 7u) << 3) | (values & 7u));
}

constexpr Kind action_kind(Action a) noexcept {
  return (a & 0x8000u) ? Kind::kTarget : static_cast<Kind>((a >> 12) & 7u);
}
constexpr int action_seat(Action a) noexcept {
  return (a & 0x8000u) ? (a >> 12) & 3 : (a >> 8) & 3;
}
constexpr std::uint8_t action_values(Action a) noexcept {
  return static_cast<std::uint8_t>((a & 0x8000u) ? (a >> 6) & 63u : a & 7u);
}
constexpr std::uint8_t action_taiji(Action a) noexcept {
  return static_cast<std::uint8_t>((a & 0x8000u) ? a & 63u : (a >> 3) & 7u);
}
constexpr Placement action_placement(Action a) noexcept {
  return (a & 0x8000u) ? Placement::kOuter : static_cast<Placement>((a >> 6) & 3u);
}

// A parsed move string. `nlines` counts the written lines (saturating at
// 255); `values`/`taiji` are meaningful only when nlines <= 6. `seat`
// saturates, so "s99999999999:pass" is no_such_seat, not an overflow.
struct MoveSpec {
  std::uint32_t seat = 0;
  Kind kind = Kind::kPass;
  std::uint8_t nlines = 0;
  std::uint8_t values = 0;
  std::uint8_t taiji = 0;
  Placement placement = Placement::kOuter;
  bool has_placement = false;  // "@..." written (pong always; win optionally)
};

// The MoveSpec of a compact action in a game with play size k.
constexpr MoveSpec to_spec(Action a, int k) noexcept {
  MoveSpec m;
  m.seat = static_cast<std::uint32_t>(action_seat(a));
  m.kind = action_kind(a);
  m.values = action_values(a);
  m.taiji = action_taiji(a);
  m.placement = action_placement(a);
  switch (m.kind) {
    case Kind::kTarget: m.nlines = 6; break;
    case Kind::kPlay: m.nlines = static_cast<std::uint8_t>(k); break;
    case Kind::kPong:
      m.nlines = static_cast<std::uint8_t>(k);
      m.has_placement = true;
      break;
    case Kind::kWin: m.has_placement = m.placement != Placement::kOuter; break;
    case Kind::kPass: break;
  }
  return m;
}

}  // namespace yijing::yijingpai
