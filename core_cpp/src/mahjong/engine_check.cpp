// Move validation: docs "Moves and the order of checks", steps 1-7 in order;
// the first that applies is the verdict.
#include "engine_internal.hpp"

namespace yijing::mahjong {
namespace {

bool is_other_ruleset(const Config& cfg, Act a) noexcept {
  return (a == Act::kRaise && !cfg.shaoyang()) ||
         (!cfg.changsha() && (a == Act::kOpening || a == Act::kMid || a == Act::kOpenKong || a == Act::kHaidi)) ||
         (a == Act::kMid && cfg.changsha() && !cfg.mid_game_wins);
}

// What parse_move() guarantees, for specs built by hand (to_spec of any bits).
bool arg_in_range(const MoveSpec& m) noexcept {
  switch (m.act) {
    case Act::kDiscard: case Act::kReady: case Act::kKong: case Act::kPung: case Act::kOpenKong:
      return m.arg >= 0 && m.arg < kKinds;
    case Act::kChow:
      return m.arg == kBadChow || (m.arg >= 0 && m.arg < kHonourBase && m.arg % 9 <= 6);
    case Act::kVoid: return m.arg >= 0 && m.arg < kSuits;
    case Act::kRaise: return m.arg >= 0 && m.arg <= 9;
    default: return static_cast<int>(m.act) < kActions;
  }
}

// Step 3.
bool wrong_phase(const State& s, Act a) noexcept {
  const Phase phase = s.phase;
  if (a == Act::kRaise) return phase != Phase::kRaise;
  if (phase == Phase::kRaise) return true;
  if (a == Act::kVoid) return phase != Phase::kVoid;
  if (phase == Phase::kVoid) return true;
  // Changsha's phase opening: its offers' answers only.
  if (phase == Phase::kOpening) return a != Act::kOpening && a != Act::kPass;
  switch (a) {
    case Act::kOpening: return true;
    case Act::kDiscard: case Act::kReady: case Act::kMid: return phase != Phase::kPlay;
    case Act::kPung: case Act::kChow: case Act::kPass: case Act::kHaidi: return phase != Phase::kClaim;
    default: return false;  // kong, open_kong and win exist in play and claim
  }
}

bool has_pung_of(const SeatState& st, int t) noexcept {
  for (int i = 0; i < st.n_melds; ++i)
    if (st.melds[i].kind == MeldKind::kPung && st.melds[i].tile == t) return true;
  return false;
}

// Step 6: the seat in turn.
Reason check_play(const State& s, const MoveSpec& m) noexcept {
  const SeatState& st = s.seats[m.seat];
  const int t = m.arg;
  switch (m.act) {
    case Act::kDiscard:
    case Act::kReady: {
      if (st.counts[static_cast<std::size_t>(t)] == 0) return Reason::kTileNotHeld;
      if ((st.declared || st.locked) && t != s.drawn) return Reason::kHandLocked;
      if (detail::holds_void(st) && suit_of(t) != st.void_suit) return Reason::kVoidSuitFirst;
      if (m.act == Act::kReady) {
        if (st.declared) return Reason::kAlreadyDeclared;
        Counts h = st.counts;
        --h[static_cast<std::size_t>(t)];
        if (!detail::has_wait(s.cfg, st, h)) return Reason::kNotReady;
      }
      return Reason::kOk;
    }
    case Act::kKong:
    case Act::kOpenKong: {
      if (s.claimed_turn) return Reason::kMustDiscard;
      // 報聽 locks every kong; Changsha's open-kong lock leaves the kongs of
      // the tile just drawn.
      if (st.declared || (st.locked && t != s.drawn)) return Reason::kHandLocked;
      const int held = st.counts[static_cast<std::size_t>(t)];
      if (!(held == 4 || (held >= 1 && has_pung_of(st, t)))) return Reason::kCannotKong;
      if (suit_of(t) == st.void_suit) return Reason::kVoidSuit;
      if (s.wall_remaining() == 0) return Reason::kWallEmpty;
      if (m.act == Act::kOpenKong && !detail::ready_after_kong(s.cfg, st, t, false)) return Reason::kNotReady;
      return Reason::kOk;
    }
    case Act::kWin:
      if (s.claimed_turn) return Reason::kMustDiscard;
      return wins(s, m.seat, st.counts) ? Reason::kOk : Reason::kCannotWin;
    case Act::kMid: {
      if (s.claimed_turn) return Reason::kMustDiscard;
      if (st.locked) return Reason::kHandLocked;
      DeclaredWin w[kMaxDeclaredWins];
      std::uint32_t used = 0;
      Counts shown{};
      return detail::mid_wins(s.cfg, st, w, used, shown) ? Reason::kOk : Reason::kCannotDeclare;
    }
    default: break;
  }
  return Reason::kWrongPhase;  // not reached: step 3 let only these through
}

// Step 7: the offered seat.
Reason check_claim(const State& s, const MoveSpec& m) noexcept {
  const ClaimOffer& o = s.offer();
  const int t = s.offer_tile;
  switch (m.act) {
    case Act::kPass: return Reason::kOk;
    case Act::kWin: return o.win ? Reason::kOk : Reason::kCannotWin;
    case Act::kPung: return o.pung && m.arg == t ? Reason::kOk : Reason::kCannotPung;
    case Act::kKong: return o.kong && m.arg == t ? Reason::kOk : Reason::kCannotKong;
    case Act::kOpenKong:  // on offer with the kong when the hand is then ready
      return o.kong && m.arg == t && detail::ready_after_kong(s.cfg, s.seats[m.seat], t, true) ? Reason::kOk
                                                                                              : Reason::kCannotKong;
    case Act::kHaidi: return o.haidi ? Reason::kOk : Reason::kCannotHaidi;
    case Act::kOpening: return Reason::kOk;  // phase opening: the offered seat
    case Act::kChow: {
      const int i = m.arg - (t - 2);  // kBadChow and far runs fall outside 0..2
      return m.arg >= 0 && i >= 0 && i <= 2 && ((o.chows >> i) & 1) ? Reason::kOk : Reason::kCannotChow;
    }
    default: break;
  }
  return Reason::kWrongPhase;  // not reached
}

}  // namespace

Reason check(const State& s, const MoveSpec& m) noexcept {
  if (m.seat < 0 || m.seat >= kSeats) return Reason::kNoSuchSeat;
  if (!arg_in_range(m)) return Reason::kMalformed;  // only a hand-made MoveSpec
  if (s.phase == Phase::kOver) return Reason::kGameOver;                        // 1
  if (is_other_ruleset(s.cfg, m.act) || (m.act == Act::kVoid && !s.cfg.void_suit) ||   // 2
      (m.act == Act::kReady && !s.cfg.ready_on()) || (m.act == Act::kChow && !s.cfg.chow_on()))
    return Reason::kNotInRules;
  if (wrong_phase(s, m.act)) return Reason::kWrongPhase;                        // 3
  if (s.phase == Phase::kRaise) {                                              // 4
    if ((s.raises_made >> m.seat) & 1) return Reason::kAlreadyRaised;
    return m.arg > 3 ? Reason::kRaiseTooHigh : Reason::kOk;
  }
  if (s.phase == Phase::kVoid)
    return (s.voids_chosen >> m.seat) & 1 ? Reason::kAlreadyChosen : Reason::kOk;
  if (!may_act(s, m.seat)) return Reason::kNotYourTurn;                         // 5
  return s.phase == Phase::kPlay ? check_play(s, m) : check_claim(s, m);        // 6, 7 (and opening)
}

}  // namespace yijing::mahjong
