// Applying legal moves: the flow of a hand (docs "Claims", "Start of turn",
// "Kong in turn", "Results and payments", "Shaoyang").
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
                                         static_cast<std::uint8_t>(payee), static_cast<std::int32_t>(amount)};
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
  s.last_taker = static_cast<std::int8_t>(seat);
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
// `payer`: the discarder (common), the konger robbed, or (a Shaoyang
// self-draw) the discarder who fed an exposed kong's replacement (放槓上花);
// -1 for a plain self-draw.
void win(State& s, int winner, const Counts& c, ResultKind kind, Tile win_tile, int payer) noexcept {
  s.phase = Phase::kOver;
  Result& r = s.result;
  const SeatState& w = s.seats[winner];
  r.kind = kind;
  r.winner = static_cast<std::int8_t>(winner);
  r.dealt_in_by = static_cast<std::int8_t>(payer);
  r.win_tile = win_tile;
  r.regular = is_regular_win(c);
  r.seven_pairs = w.n_melds == 0 && is_seven_pairs(c);
  if (!s.cfg.shaoyang()) {
    r.patterns = static_cast<std::uint8_t>((r.regular ? 1 : 0) | (r.seven_pairs ? 2 : 0));
    switch (kind) {
      case ResultKind::kSelfDraw: all_pay(s, Pay::kSelfDraw, winner); break;
      case ResultKind::kDiscard: pay(s, Pay::kDiscard, payer, winner); break;
      case ResultKind::kRobbedKong: pay(s, Pay::kRobbedKong, payer, winner); break;
      default: break;
    }
    if (w.declared) all_pay(s, Pay::kReadyBonus, winner);
    return;
  }
  // Shaoyang (docs "Shaoyang", Payments): unit x winner's factor x payer's.
  r.patterns = shaoyang_patterns(w, c);
  const int unit = r.patterns & kVeryBigPatterns ? 24 : r.patterns & kBigPatterns ? 8 : 2;
  const int fw = raise_factor(w);
  int total = 0;
  for (int i = 1; i < kSeats; ++i) {
    const int p = State::seat_after(winner, i);
    const int amount = unit * fw * raise_factor(s.seats[p]);
    if (payer < 0)
      pay(s, Pay::kSelfDraw, p, winner, amount);
    else
      total += amount;
  }
  if (payer >= 0) pay(s, kind == ResultKind::kSelfDraw ? Pay::kKongBloom : Pay::kRobbedKong, payer, winner, total);
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
  for (int i = 1; i < kSeats && !s.cfg.shaoyang(); ++i) {  // 1. wins (none in Shaoyang), from d + 1
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

// A kong stands (nobody robbed it): paid, then the replacement. Common: an
// exposed kong's discarder pays 1, a concealed or added kong each other seat
// 1; Shaoyang: each other seat p pays 1 x f[konger] x f[p], and an exposed
// kong's replacement is fed by the discarder (放槓上花).
void kong_stands(State& s, int seat, MeldKind kind) noexcept {
  const Pay reason = kind == MeldKind::kKong            ? Pay::kExposedKong
                     : kind == MeldKind::kConcealedKong ? Pay::kConcealedKong
                                                        : Pay::kAddedKong;
  const SeatState& st = s.seats[seat];
  // An exposed kong was just made: it is the konger's last meld.
  const int discarder = kind == MeldKind::kKong ? st.melds[st.n_melds - 1].from : -1;
  if (s.cfg.shaoyang()) {
    const int fk = raise_factor(st);
    for (int i = 1; i < kSeats; ++i) {
      const int p = State::seat_after(seat, i);
      pay(s, reason, p, seat, fk * raise_factor(s.seats[p]));
    }
  } else if (kind == MeldKind::kKong) {
    pay(s, reason, discarder, seat);
  } else {
    all_pay(s, reason, seat);
  }
  replacement(s, seat);
  if (s.cfg.shaoyang() && discarder >= 0 && s.phase == Phase::kPlay)
    s.fed_by = static_cast<std::int8_t>(discarder);
}

// Shaoyang: the seats that may rob a concealed kong of t win with 十三浪 or
// 全風十三浪 (rules §6).
bool robs_concealed(const SeatState& st, int t) noexcept {
  Counts c = st.counts;
  ++c[static_cast<std::size_t>(t)];
  return (shaoyang_patterns(st, c) & kVeryBigPatterns) != 0;
}

// A kong of t of `kind` was made by `seat`: the robbing offers (common: an
// added kong; Shaoyang: every kong, a concealed one only to 十三浪 / 全風十三浪),
// from the konger's next seat, to each seat that would win with t; none: it
// stands.
void kong_made(State& s, int seat, int t, MeldKind kind) noexcept {
  int n = 0;
  if (s.cfg.shaoyang() || kind == MeldKind::kAddedKong) {
    for (int i = 1; i < kSeats; ++i) {
      const int p = State::seat_after(seat, i);
      const SeatState& o = s.seats[p];
      if (!((o.win_mask >> t) & 1)) continue;
      if (kind == MeldKind::kConcealedKong && !robs_concealed(o, t)) continue;
      s.offers[n++] = ClaimOffer{static_cast<std::uint8_t>(p), true, false, false, 0};
    }
  }
  if (n == 0) {
    kong_stands(s, seat, kind);
    return;
  }
  s.n_offers = static_cast<std::uint8_t>(n);
  s.rob_kind = kind;
  open_claim(s, OfferKind::kRobbedKong, seat, t);
}

void kong_in_turn(State& s, int seat, int t) noexcept {
  SeatState& st = s.seats[seat];
  s.drawn = kNoTile;
  if (st.counts[t] == 4) {  // concealed
    remove_tiles(st, t, 4);
    add_meld(st, MeldKind::kConcealedKong, t, -1);
    kong_made(s, seat, t, MeldKind::kConcealedKong);
    return;
  }
  remove_tiles(st, t, 1);  // added: the pung becomes a kong
  for (int i = 0; i < st.n_melds; ++i)
    if (st.melds[i].kind == MeldKind::kPung && st.melds[i].tile == t) st.melds[i].kind = MeldKind::kAddedKong;
  kong_made(s, seat, t, MeldKind::kAddedKong);
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
      s.n_offers = 0;
      kong_made(s, seat, t, MeldKind::kKong);
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
    // The kong never happened (rules §11): an added kong is a pung again with
    // T back in the hand; an exposed or concealed kong (the konger's last
    // meld) is removed, its three or four T back in the hand, an exposed
    // kong's discard unclaimed.
    SeatState& k = s.seats[from];
    if (s.rob_kind == MeldKind::kAddedKong) {
      for (int i = 0; i < k.n_melds; ++i)
        if (k.melds[i].kind == MeldKind::kAddedKong && k.melds[i].tile == t) k.melds[i].kind = MeldKind::kPung;
      add_tile(k, t);
    } else {
      --k.n_melds;
      const int back = s.rob_kind == MeldKind::kKong ? 3 : 4;
      for (int i = 0; i < back; ++i) add_tile(k, t);
      if (s.rob_kind == MeldKind::kKong) s.discards[s.n_discards - 1].claimed = false;
    }
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
    kong_stands(s, from, s.rob_kind);
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
  // Shaoyang's fed mark lasts until the konger's next move (this one).
  const int fed = s.fed_by;
  s.fed_by = -1;
  Move logged = m;
  if (act == Act::kKong && s.phase == Phase::kPlay && s.seats[seat].counts[move_tile(m)] == 4)
    logged = static_cast<Move>(m | kConcealedKongFlag);
  if (s.n_history < kMaxHistory)
    s.history[s.n_history++] = logged;
  else
    s.history_overflow = true;
  switch (act) {
    case Act::kRaise:
      s.seats[seat].raised = static_cast<std::int8_t>(move_key(m));
      s.raises_made = static_cast<std::uint8_t>(s.raises_made | (1u << seat));
      if (s.raises_made == 15) {  // the dealer in turn, no draw (masks: init_state)
        s.phase = Phase::kPlay;
        s.turn = s.dealer;
      }
      return;
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
        detail::win(s, seat, s.seats[seat].counts, ResultKind::kSelfDraw, s.drawn, fed);
      else
        detail::win_on_offer(s, seat);
      return;
    case Act::kPass: detail::pass(s); return;
    default: return;  // the other rulesets' actions are never legal here
  }
}

}  // namespace yijing::mahjong
