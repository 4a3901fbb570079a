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
  {  // no taiji among the lines: between 6 - yin and yang yang lines
    const int lo = h.yin >= 6 ? 0 : 6 - h.yin;
    const int hi = h.yang >= 6 ? 6 : h.yang;
    for (int p = lo; p <= hi; ++p)
      for (int i = detail::kByPopcount.start[p]; i < detail::kByPopcount.start[p + 1]; ++i)
        out[n++] = make_target(seat, detail::kByPopcount.values[i], 0);
  }
  if (h.taiji == 0) return n;
  // With taiji at positions t (declared by the bits d of t): the plain
  // positions take between np - yin and yang yang lines.
  for (unsigned t = 1; t < 64; ++t) {
    const int nt = popcount8(t);
    if (nt > h.taiji) continue;
    const unsigned plain = 63u & ~t;
    const int np = kTargetLines - nt;
    const int lo = np - h.yin, hi = h.yang;
    for (unsigned u = plain;; u = (u - 1) & plain) {  // every subset of plain
      const int ones = popcount8(u);
      if (ones >= lo && ones <= hi) {
        for (unsigned d = t;; d = (d - 1) & t) {  // every declaration
          out[n++] = make_target(seat, static_cast<std::uint8_t>(u | d), static_cast<std::uint8_t>(t));
          if (d == 0) break;
        }
      }
      if (u == 0) break;
    }
  }
  return n;
}

// 應 candidates by hand composition: every order of the whole hand, taiji
// declared either way (seat 0; the seat bits are added later). A hand of k
// tiles has at most 12 distinct plays (k = 3: 1+0+T, or T+T+1).
struct PlayTable {
  Action list[2][4][4][16];        // [k-2][yang][taiji]
  std::uint8_t count[2][4][4];
  constexpr PlayTable() : list(), count() {
    for (int k = 2; k <= 3; ++k)
      for (int yang = 0; yang <= k; ++yang)
        for (int taiji = 0; yang + taiji <= k; ++taiji) {
          const unsigned full = low_mask(k);
          int n = 0;
          for (unsigned t = 0; t <= full; ++t) {
            if (popcount8(t) != taiji) continue;
            for (unsigned v = 0; v <= full; ++v)
              if (popcount8(v & full & ~t) == yang)
                list[k - 2][yang][taiji][n++] = make_action(Kind::kPlay, 0, static_cast<std::uint8_t>(v),
                                                            static_cast<std::uint8_t>(t));
          }
          count[k - 2][yang][taiji] = static_cast<std::uint8_t>(n);
        }
  }
};
constexpr PlayTable kPlayTable{};

// 應: the whole hand, except a repeat of the previous play (docs §3).
int legal_plays(const State& s, int seat, Action* out) noexcept {
  const int k = s.k();
  const Hand& h = s.seats[seat].hand;
  if (h.total() != k) return 0;
  const Action* list = kPlayTable.list[k - 2][h.yang][h.taiji];
  const int count = kPlayTable.count[k - 2][h.yang][h.taiji];
  const unsigned seat_bits = static_cast<unsigned>(seat) << 8;
  const unsigned repeat = s.last.valid ? s.last.values : 0xFFu;
  int n = 0;
  for (int i = 0; i < count; ++i) {  // branch-free filter
    out[n] = static_cast<Action>(list[i] | seat_bits);
    n += action_values(list[i]) != repeat;
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
    if (detail::win_with(s, seat, m, p)) out[n++] = make_action(Kind::kWin, seat, 0, 0, p);
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
  // Play and claim phases have one seat to act (the hot path).
  if (s.phase == Phase::kPlay || s.phase == Phase::kClaim) {
    const int actor = s.phase == Phase::kPlay ? s.turn : s.offered;
    return (seat == -1 || seat == actor) ? legal_for_seat(s, actor, out) : 0;
  }
  if (seat != -1) return may_act(s, seat) ? legal_for_seat(s, seat, out) : 0;
  int n = 0;
  for (int x = 0; x < s.players(); ++x)
    if (may_act(s, x)) n += legal_for_seat(s, x, out + n);
  return n;
}

}  // namespace yijing::yijingpai
