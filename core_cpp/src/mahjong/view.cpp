// A seat's view and the result as plain values (view.hpp).
#include "yijing/mahjong/view.hpp"

#include "yijing/mahjong/notation.hpp"

namespace yijing::mahjong {

namespace {

std::optional<std::string> tile_or_none(Tile t) {
  if (t == kNoTile) return std::nullopt;
  return tile_code(t);
}

// Fill `sv` in place (its vectors keep their capacity).
void seat_view(const State& s, int p, int viewer, bool all_void, bool all_raised, SeatView& sv) {
  const SeatState& st = s.seats[p];
  sv.seat = p;
  sv.melds.clear();
  sv.discards.clear();
  sv.flowers.clear();
  sv.void_suit.reset();
  sv.raised = -1;
  sv.revealed.clear();
  sv.own = p == viewer;
  sv.hand.reset();
  sv.drawn.reset();
  sv.pass_locked = false;
  sv.hand_count = st.n_concealed;
  for (int i = 0; i < st.n_melds; ++i) {
    const Meld& m = st.melds[i];
    MeldView mv;
    mv.kind = meld_kind_name(m.kind);
    if (!(m.kind == MeldKind::kConcealedKong && p != viewer)) mv.tiles = meld_string(m);
    mv.from = m.from < 0 ? -1 : static_cast<int>(m.from);
    sv.melds.push_back(std::move(mv));
  }
  for (int i = 0; i < s.n_discards; ++i) {
    if (s.discards[i].seat != p) continue;
    sv.discards.push_back(DiscardView{tile_code(s.discards[i].tile), s.discards[i].claimed});
  }
  for (int i = 0; i < st.n_flowers; ++i) sv.flowers.push_back(tile_code(st.flowers[i]));
  sv.declared = st.declared;
  // locked: 報聽 (common), the open-kong lock (Changsha), never in Shaoyang.
  sv.locked = st.declared || st.locked;
  if (st.void_suit >= 0 && (all_void || p == viewer)) sv.void_suit = std::string(1, kSuitChars[st.void_suit]);
  // Shaoyang's 舉手: own at once, the others' once all four are in (rules §11).
  if (st.raised >= 0 && (all_raised || p == viewer)) sv.raised = st.raised;
  // Its opening and mid-game declarations, in order (none outside Changsha).
  for (int i = 0; i < s.n_reveals; ++i) {
    const Reveal& r = s.reveals[i];
    if (r.seat != p) continue;
    RevealView rv;
    rv.when = r.mid ? "mid" : "opening";
    for (int j = 0; j < r.n_wins; ++j) rv.wins.push_back(declared_win_name(r.wins[j]));
    rv.tiles = hand_string(r.tiles);
    sv.revealed.push_back(std::move(rv));
  }
  if (sv.own) {
    // No seat sees a tile before every seat has raised.
    if (s.phase != Phase::kRaise) sv.hand = hand_string(st.counts);
    if (s.phase == Phase::kPlay && s.turn == p) sv.drawn = tile_or_none(s.drawn);
    sv.pass_locked = st.pass_locked;  // 過手 (false outside Changsha)
  }
}

std::optional<OfferView> offer_view(const State& s, int viewer) {
  if (s.phase != Phase::kClaim) return std::nullopt;
  OfferView o;
  o.kind = offer_kind_name(s.offer_kind);
  o.seat = s.offer_from;
  // A concealed kong's tile (Shaoyang's robbing offer) is shown only to the
  // konger and the seat offered.
  const bool hidden = s.offer_kind == OfferKind::kRobbedKong && s.rob_kind == MeldKind::kConcealedKong &&
                      viewer != s.offer_from && viewer != s.offer().seat;
  // The sea-bottom tile is None until a seat has taken it.
  const bool untaken = s.offer_kind == OfferKind::kHaidi && !s.haidi_taken;
  if (!hidden && !untaken) o.tile = tile_code(s.offer_tile);
  // An open kong's revealed tiles all lie face up while each is offered (rules §7).
  if (s.offer_kind == OfferKind::kOpenKong) {
    o.has_revealed = true;
    for (int i = 0; i < s.n_revealed; ++i) o.revealed.push_back(tile_code(s.revealed[i]));
  }
  return o;
}

void public_history(const State& s, int viewer, bool all_void, bool all_raised, std::vector<std::string>& out) {
  out.clear();
  out.reserve(static_cast<std::size_t>(s.n_history));
  for (int i = 0; i < s.n_history; ++i) {
    const Move m = s.history[i];
    const Act act = move_act(m);
    const bool other = move_seat(m) != viewer;
    // No passes; no other seat's void choice or raise (not even that it
    // answered, rules §11) until all four are in; another seat's concealed
    // kong without its tile.
    if (act == Act::kPass || (act == Act::kVoid && other && !all_void) ||
        (act == Act::kRaise && other && !all_raised))
      continue;
    // A robbed concealed kong never happened (its meld is gone): its tile is
    // shown, as the fallback shows it (the win_tile names it anyway).
    bool hide = other;
    if (hide && (act == Act::kKong || act == Act::kOpenKong) && (m & kConcealedKongFlag)) {
      const SeatState& k = s.seats[move_seat(m)];
      hide = false;
      for (int j = 0; j < k.n_melds; ++j)
        hide = hide || (k.melds[j].kind == MeldKind::kConcealedKong && k.melds[j].tile == move_tile(m));
    }
    out.push_back(format_move(m, hide));
  }
}

}  // namespace

View view_of(const State& s, int viewer) {
  View v;
  view_of(s, viewer, v);
  return v;
}

void view_of(const State& s, int viewer, View& v) {
  const bool all_void = s.voids_chosen == 15;
  const bool all_raised = s.raises_made == 15;
  v.viewer = viewer;
  v.phase = phase_name(s.phase);
  v.dealer = s.dealer;
  v.wall_remaining = s.wall_remaining();
  v.turn = s.phase == Phase::kPlay ? static_cast<int>(s.turn) : -1;
  v.claims_pending = s.phase == Phase::kClaim;
  v.offer = offer_view(s, viewer);
  v.seats.resize(kSeats);
  for (int p = 0; p < kSeats; ++p) seat_view(s, p, viewer, all_void, all_raised, v.seats[static_cast<std::size_t>(p)]);
  public_history(s, viewer, all_void, all_raised, v.history);
  v.result = result_of(s);
}

std::optional<ResultView> result_of(const State& s) {
  if (s.phase != Phase::kOver) return std::nullopt;
  const Result& r = s.result;
  ResultView out;
  out.kind = result_kind_name(r.kind);
  out.winner = r.winner < 0 ? -1 : static_cast<int>(r.winner);
  out.dealt_in_by = r.dealt_in_by < 0 ? -1 : static_cast<int>(r.dealt_in_by);
  out.win_tile = tile_or_none(r.win_tile);
  for (int i = 0; i < kMaxPatterns; ++i)
    if ((r.patterns >> i) & 1) out.patterns.push_back(pattern_name(s.cfg.ruleset, i));
  std::int64_t pay[kSeats];
  payments(s, pay);
  out.payments.assign(pay, pay + kSeats);
  for (int i = 0; i < s.n_ledger; ++i) {
    const LedgerEntry& e = s.ledger[i];
    out.ledger.push_back(LedgerView{pay_name(e.reason), e.payer, e.payee, static_cast<std::int64_t>(e.amount)});
  }
  for (int i = 0; i < r.n_birds; ++i) out.birds.push_back(tile_code(r.birds[i]));
  return out;
}

}  // namespace yijing::mahjong
