// Move validation: docs/yijing.md §6, checks in the order of the table.
// Checks 6-13 only apply to the kinds they name, in the order listed.
#include "engine_internal.hpp"

namespace yijing::yijingpai {
namespace {

using detail::tiles_of;

bool hand_equals(const Hand& a, const Hand& b) noexcept {
  return a.yang == b.yang && a.yin == b.yin && a.taiji == b.taiji;
}

// Check 4: target phase accepts only target; play phase play/pong; claim
// phase win/pong/pass.
bool kind_allowed(Phase phase, Kind kind) noexcept {
  switch (phase) {
    case Phase::kTarget: return kind == Kind::kTarget;
    case Phase::kPlay: return kind == Kind::kPlay || kind == Kind::kPong;
    case Phase::kClaim: return kind == Kind::kWin || kind == Kind::kPong || kind == Kind::kPass;
    case Phase::kOver: return false;
  }
  return false;
}

Reason check_target(const State& s, const MoveSpec& m, int seat) noexcept {
  if (m.nlines != kTargetLines) return Reason::kWrongCount;                    // 6
  const Hand need = tiles_of(m.values, m.taiji, kTargetLines);
  const Hand& have = s.seats[seat].hand;
  if (need.yang > have.yang || need.yin > have.yin || need.taiji > have.taiji)
    return Reason::kTilesNotInHand;                                            // 10
  return Reason::kOk;
}

Reason check_play(const State& s, const MoveSpec& m, int seat) noexcept {
  const int k = s.k();
  if (m.nlines != k) return Reason::kWrongCount;                               // 6
  if (!hand_equals(tiles_of(m.values, m.taiji, k), s.seats[seat].hand))
    return Reason::kTilesNotInHand;                                            // 10
  // No-repeat rule (docs §3): declared lines equal to the previous play.
  if (s.last.valid && s.last.values == m.values) return Reason::kRepeatPlay;  // 11
  return Reason::kOk;
}

Reason check_pong(const State& s, const MoveSpec& m, int seat) noexcept {
  const int k = s.k();
  if (m.nlines != k) return Reason::kWrongCount;                               // 6
  if (!is_pure(m.values, k)) return Reason::kNotAPair;                         // 7
  // 8: play phase — the previous play must be this pure pair; claim phase —
  // the offer must be a pong offer on this pair.
  const bool available = s.phase == Phase::kPlay ? s.last.valid && s.last.values == m.values
                                                 : s.offer == Offer::kPong && s.last.values == m.values;
  if (!available) return Reason::kNoPongAvailable;
  if ((m.taiji & low_mask(k)) != 0 && !s.cfg.taiji_in_pong) return Reason::kTaijiNotAllowed;  // 9
  if (!hand_equals(tiles_of(m.values, m.taiji, k), s.seats[seat].hand))
    return Reason::kTilesNotInHand;                                            // 10
  if (!pong_placement_allowed(m.values, k, s.seats[seat].progress.len, m.placement))
    return Reason::kBadPlacement;                                              // 12
  return Reason::kOk;
}

Reason check_win(const State& s, const MoveSpec& m, int seat) noexcept {
  const Lines claimed = detail::claimed_lines(s);
  // 12: `win` (no placement) is outer and always allowed; `win@outer` is not
  // notation for it; inner/split follow the pong rules for the claimed lines.
  if (m.has_placement &&
      (m.placement == Placement::kOuter ||
       !pong_placement_allowed(claimed.values, s.k(), s.seats[seat].progress.len, m.placement)))
    return Reason::kBadPlacement;
  // 13: only a 胡 offer can be won on, and only by a placement that wins.
  if (s.offer != Offer::kWin) return Reason::kCannotWin;
  if (!detail::win_with(s, seat, claimed, m.placement)) return Reason::kCannotWin;
  return Reason::kOk;
}

}  // namespace

Reason check(const State& s, const MoveSpec& m) noexcept {
  if (m.seat >= s.cfg.players) return Reason::kNoSuchSeat;              // 2
  if (s.phase == Phase::kOver) return Reason::kGameOver;                // 3
  if (!kind_allowed(s.phase, m.kind)) return Reason::kWrongPhase;       // 4
  const int seat = static_cast<int>(m.seat);
  if (s.phase == Phase::kTarget) {                                      // 5
    if (s.seats[seat].target_laid) return Reason::kTargetAlreadyLaid;
  } else if (!may_act(s, seat)) {
    return Reason::kNotYourTurn;
  }
  switch (m.kind) {
    case Kind::kTarget: return check_target(s, m, seat);
    case Kind::kPlay: return check_play(s, m, seat);
    case Kind::kPong: return check_pong(s, m, seat);
    case Kind::kWin: return check_win(s, m, seat);
    case Kind::kPass: return Reason::kOk;  // the offered seat may always pass
  }
  return Reason::kMalformed;
}

}  // namespace yijing::yijingpai
