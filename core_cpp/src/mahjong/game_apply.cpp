// Applying legal moves: the flow of a hand (docs "Claims", "Start of turn",
// "Kong in turn", "Results and payments").
#include "game_internal.hpp"

namespace yijing::mahjong {
namespace detail {

namespace {

void end_draw(State& s) noexcept {
  s.phase = Phase::kOver;
  s.result.kind = ResultKind::kDraw;
}

void pay(State& s, Pay reason, int payer, int payee, int amount = 1) noexcept {
  if (s.n_ledger < kMaxLedger)
    s.ledger[s.n_ledger++] = LedgerEntry{reason, static_cast<std::uint8_t>(payer),
                                         static_cast<std::uint8_t>(payee), static_cast<std::int8_t>(amount)};
}

// Each other seat pays `seat` 1, from its next seat counterclockwise.
void all_pay(State& s, Pay reason, int seat) noexcept {
  for (int i = 1; i < kSeats; ++i) pay(s, reason, State::seat_after(seat, i), seat);
}

// Take `t` (a wall tile) into the seat's hand; flowers are set aside and
// replaced from the back, repeatedly. False: the hand ended drawn (a flower
// that cannot be replaced).
bool take(State& s, int seat, Tile t) noexcept {
  SeatState& st = s.seats[seat];
  while (is_flower(t)) {
    st.flowers[st.n_flowers++] = t;
    if (s.head == s.tail) {
      end_draw(s);
      return false;
    }
    t = s.wall[--s.tail];
  }
  add_tile(st, t);
  gained_tile(s.cfg, st);
  s.phase = Phase::kPlay;
  s.turn = static_cast<std::uint8_t>(seat);
  s.drawn = t;
  s.claimed_turn = false;
  return true;
}

// A kong's replacement from the back (the live wall is not empty: a kong
// needs a tile there); the konger is in turn with `drawn` set.
void replacement(State& s, int seat) noexcept {
  if (s.head == s.tail) {
    end_draw(s);
    return;
  }
  take(s, seat, s.wall[--s.tail]);
}

// Patterns and payments of a win by `winner` with concealed tiles `c`.
void win(State& s, int winner, const Counts& c, ResultKind kind, Tile win_tile, int payer) noexcept {
  s.phase = Phase::kOver;
  Result& r = s.result;
  r.kind = kind;
  r.winner = static_cast<std::int8_t>(winner);
  r.dealt_in_by = static_cast<std::int8_t>(payer);
  r.win_tile = win_tile;
  r.regular = is_regular_win(c);
  r.seven_pairs = s.seats[winner].n_melds == 0 && is_seven_pairs(c);
  switch (kind) {
    case ResultKind::kSelfDraw: all_pay(s, Pay::kSelfDraw, winner); break;
    case ResultKind::kDiscard: pay(s, Pay::kDiscard, payer, winner); break;
    case ResultKind::kRobbedKong: pay(s, Pay::kRobbedKong, payer, winner); break;
    default: break;
  }
  if (s.seats[winner].declared) all_pay(s, Pay::kReadyBonus, winner);
}

void add_meld(SeatState& st, MeldKind kind, int tile, int from) noexcept {
  st.melds[st.n_melds++] = Meld{kind, static_cast<Tile>(tile), static_cast<std::int8_t>(from)};
}


void open_claim(State& s, OfferKind kind, int from, int t) noexcept {
  s.phase = Phase::kClaim;
  s.offer_kind = kind;
  s.offer_from = static_cast<std::uint8_t>(from);
  s.offer_tile = static_cast<Tile>(t);
  s.offer_i = 0;
}

// The offers on discard `t` of seat d, in the documented order (docs "Claims").
int discard_offers(State& s, int d, int t) noexcept {
  int n = 0;
  for (int i = 1; i < kSeats; ++i) {  // 1. wins, counterclockwise from d + 1
    const int seat = State::seat_after(d, i);
    if ((s.seats[seat].win_mask >> t) & 1) s.offers[n++] = ClaimOffer{static_cast<std::uint8_t>(seat), true, false, false, 0};
  }
  const int next = State::seat_after(d, 1);
  bool next_offered = false;
  auto chows_of = [&](int seat) -> std::uint8_t {
    if (!s.cfg.chow_on() || t >= kHonourBase) return 0;
    const Counts& c = s.seats[seat].counts;
    const int n9 = t % 9;
    std::uint8_t m = 0;
    if (n9 >= 2 && c[t - 2] && c[t - 1]) m |= 1;
    if (n9 >= 1 && n9 <= 7 && c[t - 1] && c[t + 1]) m |= 2;
    if (n9 <= 6 && c[t + 1] && c[t + 2]) m |= 4;
    return m;
  };
  for (int i = 1; i < kSeats; ++i) {  // 2. the one seat holding two or more
    const int p = State::seat_after(d, i);
    const SeatState& st = s.seats[p];
    if (st.counts[t] < 2) continue;
    if (!st.declared && suit_of(t) != st.void_suit) {
      ClaimOffer o{static_cast<std::uint8_t>(p), false, true, st.counts[t] == 3 && s.wall_remaining() > 0, 0};
      if (p == next) {
        o.chows = chows_of(p);
        next_offered = true;
      }
      s.offers[n++] = o;
    }
    break;
  }
  if (!next_offered && !s.seats[next].declared) {  // 3. chows of d + 1
    const std::uint8_t m = chows_of(next);
    if (m) s.offers[n++] = ClaimOffer{static_cast<std::uint8_t>(next), false, false, false, m};
  }
  return n;
}

void discard(State& s, int seat, int t, bool ready) noexcept {
  SeatState& st = s.seats[seat];
  remove_tiles(st, t, 1);
  if (ready) st.declared = true;
  if (s.n_discards < kMaxDiscards)
    s.discards[s.n_discards++] = Discard{static_cast<Tile>(t), static_cast<std::uint8_t>(seat), false};
  s.drawn = kNoTile;
  s.claimed_turn = false;
  st.win_mask = compute_win_mask(s.cfg, st);
  const int n = discard_offers(s, seat, t);
  if (n == 0) {
    start_turn(s, State::seat_after(seat, 1));
    return;
  }
  s.n_offers = static_cast<std::uint8_t>(n);
  open_claim(s, OfferKind::kDiscard, seat, t);
}

// An added kong stands (nobody robbed it): paid, then the replacement.
void added_kong_stands(State& s, int seat) noexcept {
  all_pay(s, Pay::kAddedKong, seat);
  replacement(s, seat);
}

void kong_in_turn(State& s, int seat, int t) noexcept {
  SeatState& st = s.seats[seat];
  s.drawn = kNoTile;
  if (st.counts[t] == 4) {  // concealed
    remove_tiles(st, t, 4);
    add_meld(st, MeldKind::kConcealedKong, t, -1);
    all_pay(s, Pay::kConcealedKong, seat);
    replacement(s, seat);
    return;
  }
  remove_tiles(st, t, 1);  // added: the pung becomes a kong, which others may rob
  for (int i = 0; i < st.n_melds; ++i)
    if (st.melds[i].kind == MeldKind::kPung && st.melds[i].tile == t) st.melds[i].kind = MeldKind::kAddedKong;
  int n = 0;
  for (int i = 1; i < kSeats; ++i) {
    const int p = State::seat_after(seat, i);
    if ((s.seats[p].win_mask >> t) & 1) s.offers[n++] = ClaimOffer{static_cast<std::uint8_t>(p), true, false, false, 0};
  }
  if (n == 0) {
    added_kong_stands(s, seat);
    return;
  }
  s.n_offers = static_cast<std::uint8_t>(n);
  open_claim(s, OfferKind::kRobbedKong, seat, t);
}

// Accepting a meld claim on the discard on offer.
void claim_meld(State& s, int seat, Act act, int arg) noexcept {
  SeatState& st = s.seats[seat];
  const int d = s.offer_from, t = s.offer_tile;
  s.discards[s.n_discards - 1].claimed = true;
  switch (act) {
    case Act::kPung:
      remove_tiles(st, t, 2);
      add_meld(st, MeldKind::kPung, t, d);
      break;
    case Act::kChow:
      for (int x = arg; x < arg + 3; ++x)
        if (x != t) remove_tiles(st, x, 1);
      add_meld(st, MeldKind::kChow, arg, d);
      break;
    default: {  // exposed kong
      remove_tiles(st, t, 3);
      add_meld(st, MeldKind::kKong, t, d);
      pay(s, Pay::kExposedKong, d, seat);
      replacement(s, seat);
      return;
    }
  }
  gained_tile(s.cfg, st);  // the discard in, two tiles into the meld
  s.phase = Phase::kPlay;
  s.turn = static_cast<std::uint8_t>(seat);
  s.drawn = kNoTile;
  s.claimed_turn = true;
}

void win_on_offer(State& s, int seat) noexcept {
  const int t = s.offer_tile, from = s.offer_from;
  Counts c = s.seats[seat].counts;
  ++c[t];
  if (s.offer_kind == OfferKind::kRobbedKong) {
    // The kong never happened: the meld is a pung again, T back in the hand.
    SeatState& k = s.seats[from];
    for (int i = 0; i < k.n_melds; ++i)
      if (k.melds[i].kind == MeldKind::kAddedKong && k.melds[i].tile == t) k.melds[i].kind = MeldKind::kPung;
    add_tile(k, t);
    win(s, seat, c, ResultKind::kRobbedKong, static_cast<Tile>(t), from);
  } else {
    win(s, seat, c, ResultKind::kDiscard, static_cast<Tile>(t), from);
  }
}

void pass(State& s) noexcept {
  if (++s.offer_i < s.n_offers) return;
  const int from = s.offer_from;
  s.n_offers = 0;
  s.offer_i = 0;
  if (s.offer_kind == OfferKind::kDiscard)
    start_turn(s, State::seat_after(from, 1));
  else
    added_kong_stands(s, from);
}

}  // namespace

void start_turn(State& s, int seat) noexcept {
  if (s.head == s.tail) {
    end_draw(s);
    return;
  }
  take(s, seat, s.wall[s.head++]);
}

void refresh_masks(State& s) noexcept {
  for (auto& st : s.seats) {
    st.shanten_lb = static_cast<std::int8_t>(shape_shanten(s.cfg, st));
    st.win_mask = st.n_concealed == 13 - 3 * st.n_melds ? compute_win_mask(s.cfg, st) : 0;
  }
}

}  // namespace detail

void apply(State& s, Move m) noexcept {
  const int seat = move_seat(m);
  const Act act = move_act(m);
  Move logged = m;
  if (act == Act::kKong && s.phase == Phase::kPlay && s.seats[seat].counts[move_tile(m)] == 4)
    logged = static_cast<Move>(m | kConcealedKongFlag);
  if (s.n_history < kMaxHistory)
    s.history[s.n_history++] = logged;
  else
    s.history_overflow = true;
  switch (act) {
    case Act::kVoid:
      s.seats[seat].void_suit = static_cast<std::int8_t>(move_key(m));
      s.voids_chosen = static_cast<std::uint8_t>(s.voids_chosen | (1u << seat));
      if (s.voids_chosen == 15) {
        s.phase = Phase::kPlay;
        s.turn = s.dealer;
        detail::refresh_masks(s);
      }
      return;
    case Act::kDiscard: detail::discard(s, seat, move_tile(m), false); return;
    case Act::kReady: detail::discard(s, seat, move_tile(m), true); return;
    case Act::kKong:
      if (s.phase == Phase::kClaim)
        detail::claim_meld(s, seat, act, move_tile(m));
      else
        detail::kong_in_turn(s, seat, move_tile(m));
      return;
    case Act::kPung:
    case Act::kChow: detail::claim_meld(s, seat, act, move_tile(m)); return;
    case Act::kWin:
      if (s.phase == Phase::kPlay)
        detail::win(s, seat, s.seats[seat].counts, ResultKind::kSelfDraw, s.drawn, -1);
      else
        detail::win_on_offer(s, seat);
      return;
    case Act::kPass: detail::pass(s); return;
    default: return;  // the other rulesets' actions are never legal here
  }
}

}  // namespace yijing::mahjong
