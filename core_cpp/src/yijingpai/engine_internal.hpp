// Helpers shared by the engine's source files (not part of the public API).
#pragma once

#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/hexagram_bits.hpp"
#include "yijing/yijingpai/state.hpp"

namespace yijing::yijingpai::detail {

// Tiles used by k (or 6) written lines: '1', '0', and a taiji for '+'/'-'.
constexpr Hand tiles_of(std::uint8_t values, std::uint8_t taiji, int len) noexcept {
  const unsigned plain = low_mask(len) & ~static_cast<unsigned>(taiji);
  Hand h;
  h.yang = static_cast<std::uint8_t>(popcount8(values & plain));
  h.yin = static_cast<std::uint8_t>(popcount8(plain) - h.yang);
  h.taiji = static_cast<std::uint8_t>(popcount8(taiji & low_mask(len)));
  return h;
}

// "Can form the pair" (docs §3): exactly k tiles, each a line tile of the
// pair's value or, if taiji_in_pong, a taiji.
inline bool can_form_pair(const State& s, int seat, bool yang) noexcept {
  const Hand& h = s.seats[seat].hand;
  if (h.total() != s.k()) return false;
  if ((yang ? h.yin : h.yang) != 0) return false;
  return h.taiji == 0 || s.cfg.taiji_in_pong;
}

// The lines of the play being claimed (docs §3 step 3/4).
inline Lines claimed_lines(const State& s) noexcept {
  return Lines{s.last.values, s.last.taiji, static_cast<std::uint8_t>(s.k())};
}

// Does placing `m` with placement `p` complete a winning hexagram for `seat`?
inline bool win_with(const State& s, int seat, Lines m, Placement p) noexcept {
  const SeatState& st = s.seats[seat];
  if (st.progress.len + m.len != kTargetLines) return false;
  return (st.wins >> place(st.progress, m, p).values) & 1u;
}

// The `wins` set of a seat from its summary (docs §5), by bit operations.
std::uint64_t winning_set(const State& s, int seat) noexcept;

// Every placement of the claimed lines allowed for a win (docs §4: outer
// always, inner/split per the pong rules); calls f(placement).
template <class F>
inline void for_each_win_placement(int k, std::uint8_t values, int progress_len, F&& f) {
  f(Placement::kOuter);
  if (pong_placement_allowed(values, k, progress_len, Placement::kInner)) f(Placement::kInner);
  if (pong_placement_allowed(values, k, progress_len, Placement::kSplit)) f(Placement::kSplit);
}

// Add a completed hexagram to `seat` (docs §3 step 1, §5 summary tables).
void add_completed(State& s, int seat, Lines hex) noexcept;
// End the hand with a win (docs §5 points and payments).
void finish_win(State& s, int winner, int dealt_in_by, Lines hex, std::uint8_t conditions) noexcept;
// Phase play with `seat` to move, or a drawn hand if it cannot play (docs §3).
void start_turn(State& s, int seat) noexcept;

// The 6-bit values grouped by number of yang lines, for the common case of
// a target without taiji.
struct ByPopcount {
  std::uint8_t values[64];
  std::uint8_t start[8];  // values of popcount p: values[start[p] .. start[p+1])
  constexpr ByPopcount() : values(), start() {
    int n = 0;
    for (int p = 0; p <= 6; ++p) {
      start[p] = static_cast<std::uint8_t>(n);
      for (unsigned v = 0; v < 64; ++v)
        if (popcount8(v) == p) values[n++] = static_cast<std::uint8_t>(v);
    }
    start[7] = static_cast<std::uint8_t>(n);
  }
};
inline constexpr ByPopcount kByPopcount{};

}  // namespace yijing::yijingpai::detail
