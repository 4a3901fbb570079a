// Legal move generation (docs/yijing.md §3, §4). Generates each distinct
// (lines, taiji declaration, placement) once, so the move strings are
// distinct without a dedupe pass: a hand `11` has the single play `11`.
#include "engine_internal.hpp"

namespace yijing::yijingpai {
namespace {

// Targets: 6 lines within the tiles held; a taiji may be declared either way.
int legal_targets(const State& s, int seat, Action* out) noexcept {
  const Hand& h = s.seats[seat].hand;
  int n = 0;
  for (unsigned t = 0; t < 64; ++t) {
    if (popcount8(t) > h.taiji) continue;
    const unsigned plain = 63u & ~t;
    const int nplain = popcount8(plain);
    for (unsigned v = 0; v < 64; ++v) {
      const int ones = popcount8(v & plain);
      if (ones <= h.yang && nplain - ones <= h.yin)
        out[n++] = make_target(seat, static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(t));
    }
  }
  return n;
}

// 應: every order of the whole hand, taiji declared either way, except a
// repeat of the previous play (docs §3).
int legal_plays(const State& s, int seat, Action* out) noexcept {
  const int k = s.k();
  const Hand& h = s.seats[seat].hand;
  if (h.total() != k) return 0;
  const unsigned full = low_mask(k);
  int n = 0;
  for (unsigned t = 0; t <= full; ++t) {
    if (popcount8(t) != h.taiji) continue;
    const unsigned plain = full & ~t;
    for (unsigned v = 0; v <= full; ++v) {
      if (popcount8(v & plain) != h.yang) continue;
      if (s.last.valid && s.last.values == v) continue;
      out[n++] = make_action(Kind::kPlay, seat, static_cast<std::uint8_t>(v),
                             static_cast<std::uint8_t>(t));
    }
  }
  return n;
}

// 碰 of the previous play's pure pair with the seat's own tiles, every taiji
// position a distinct move, with each allowed placement (docs §3, §4).
int legal_pongs(const State& s, int seat, Action* out) noexcept {
  const int k = s.k();
  if (!s.last.valid || !is_pure(s.last.values, k)) return 0;
  if (!detail::can_form_pair(s, seat, s.last.values != 0)) return 0;
  const Hand& h = s.seats[seat].hand;
  const unsigned full = low_mask(k);
  const int len = s.seats[seat].progress.len;
  int n = 0;
  for (unsigned t = 0; t <= full; ++t) {
    if (popcount8(t) != h.taiji) continue;
    for (Placement p : {Placement::kOuter, Placement::kInner, Placement::kSplit}) {
      if (pong_placement_allowed(s.last.values, k, len, p))
        out[n++] = make_action(Kind::kPong, seat, s.last.values, static_cast<std::uint8_t>(t), p);
    }
  }
  return n;
}

int legal_wins(const State& s, int seat, Action* out) noexcept {
  const Lines m = detail::claimed_lines(s);
  int n = 0;
  detail::for_each_win_placement(s.k(), m.values, s.seats[seat].progress.len, [&](Placement p) {
    if (detail::win_with(s, seat, m, p) != 0) out[n++] = make_action(Kind::kWin, seat, 0, 0, p);
  });
  return n;
}

int legal_for_seat(const State& s, int seat, Action* out) noexcept {
  switch (s.phase) {
    case Phase::kTarget: return legal_targets(s, seat, out);
    case Phase::kPlay: {
      const int n = legal_plays(s, seat, out);
      return n + legal_pongs(s, seat, out + n);
    }
    case Phase::kClaim: {
      int n = s.offer == Offer::kWin ? legal_wins(s, seat, out) : legal_pongs(s, seat, out);
      out[n++] = make_action(Kind::kPass, seat);
      return n;
    }
    case Phase::kOver: return 0;
  }
  return 0;
}

}  // namespace

int legal_actions(const State& s, int seat, Action* out) noexcept {
  if (seat != -1) return may_act(s, seat) ? legal_for_seat(s, seat, out) : 0;
  int n = 0;
  for (int x = 0; x < s.players(); ++x)
    if (may_act(s, x)) n += legal_for_seat(s, x, out + n);
  return n;
}

}  // namespace yijing::yijingpai
