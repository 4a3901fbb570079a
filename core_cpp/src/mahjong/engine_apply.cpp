// Applying legal moves: the flow of a hand (docs "Claims", "Start of turn",
// "Kong in turn", "Results and payments", "Shaoyang").
#include "engine_internal.hpp"

namespace yijing::mahjong {
namespace detail {

namespace {

void end_draw(State& s) noexcept {
  s.phase = Phase::kOver;
  s.result.kind = ResultKind::kDraw;
}

void pay(State& s, Pay reason, int payer, int payee, std::int64_t amount = 1) noexcept {
  if (s.n_ledger < kMaxLedger)
    s.ledger[s.n_ledger++] = LedgerEntry{reason, static_cast<std::uint8_t>(payer),
                                         static_cast<std::uint8_t>(payee), amount};
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
  st.pass_locked = false;  // 過手 ends with any tile taken from the wall (§11)
  while (is_flower(t)) {
    st.flowers[st.n_flowers++] = t;
    if (s.head == s.tail) {
      end_draw(s);
      return false;
    }
    t = s.wall[--s.tail];
  }
  // A bound >= 1 stands when the tile cannot lower the distance; one <= 0
  // may be stale (a discard can raise the distance, and a hand holding its
  // void suit gets no refining win mask), so it is recomputed as ever.
  const bool keep_bound = st.shanten_lb >= 1 && !may_lower_shape(s.cfg, st, t);
  add_tile(st, t);
  if (!keep_bound) gained_tile(s.cfg, st);
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

// Changsha (docs "Payments of a win"): what payer p pays winner w for a win
// of `units` big-win units (0: a small win), before the birds and floats.
std::int64_t changsha_amount(const State& s, int w, int p, int units) noexcept {
  const bool dealer = s.dealer == w || s.dealer == p;
  if (units == 0) return dealer ? 2 : 1;
  const std::int64_t n = s.cfg.cap > 0 && s.cfg.cap < units ? s.cfg.cap : units;
  const std::int64_t per = dealer ? 7 : 6;
  return s.cfg.compound == Scoring::kAdd ? per * n : per << (n - 1);
}

// Changsha's win: the hand elements and `situational` ones, the birds from
// the front of the live wall, each payment (self-draw: every other seat from
// the winner's next; else `payer` alone).
void changsha_win(State& s, int winner, const Counts& c, ResultKind kind, int payer,
                  std::uint16_t situational) noexcept {
  Result& r = s.result;
  const SeatState& w = s.seats[winner];
  r.patterns = static_cast<std::uint16_t>(changsha_hand_patterns(w, c, kind != ResultKind::kSelfDraw) | situational);
  const int units = changsha_units(r.patterns);
  int hits[kSeats] = {};
  const int n_birds = s.cfg.birds < s.wall_remaining() ? s.cfg.birds : s.wall_remaining();
  r.n_birds = static_cast<std::uint8_t>(n_birds);
  for (int i = 0; i < n_birds; ++i) {
    const Tile b = s.wall[s.head + i];
    r.birds[i] = b;
    ++hits[State::seat_after(winner, b % 9)];  // number n hits (w + n - 1) % 4
  }
  const Pay reason = kind == ResultKind::kSelfDraw ? Pay::kSelfDraw
                     : kind == ResultKind::kRobbedKong ? Pay::kRobbedKong
                                                       : Pay::kDiscard;
  for (int i = 1; i < kSeats; ++i) {
    const int p = State::seat_after(winner, i);
    if (payer >= 0 && p != payer) continue;
    std::int64_t amount = changsha_amount(s, winner, p, units);
    const int h = hits[winner] + hits[p];
    amount = s.cfg.bird_scoring == Scoring::kAdd ? amount * (1 + h) : amount << h;
    amount += s.cfg.floats[static_cast<std::size_t>(winner)] + s.cfg.floats[static_cast<std::size_t>(p)];
    pay(s, reason, p, winner, amount);
  }
}

// Patterns and payments of a win by `winner` with concealed tiles `c`.
// `payer`: the discarder (common), the konger robbed, or (a Shaoyang
// self-draw) the discarder who fed an exposed kong's replacement (放槓上花);
// -1 for a plain self-draw. `situational`: Changsha's 槓上開花 ... 搶槓 bits.
void win(State& s, int winner, const Counts& c, ResultKind kind, Tile win_tile, int payer,
         std::uint16_t situational = 0) noexcept {
  s.phase = Phase::kOver;
  Result& r = s.result;
  const SeatState& w = s.seats[winner];
  r.kind = kind;
  r.winner = static_cast<std::int8_t>(winner);
  r.dealt_in_by = static_cast<std::int8_t>(payer);
  r.win_tile = win_tile;
  r.regular = is_regular_win(c);
  r.seven_pairs = w.n_melds == 0 && is_seven_pairs(c);
  if (s.cfg.changsha()) {
    changsha_win(s, winner, c, kind, payer, situational);
    return;
  }
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

// May `seat` be offered a win on another seat's tile? Changsha's 過手: not
// while pass-locked.
bool may_win_on_other(const State& s, const SeatState& st) noexcept {
  return !(s.cfg.changsha() && s.cfg.pass_lock && st.pass_locked);
}

// The offers on discard `t` of seat d, in the documented order (docs "Claims").
// A declared (報聽) or locked (Changsha's open kong) seat gets win offers only.
int discard_offers(State& s, int d, int t) noexcept {
  int n = 0;
  for (int i = 1; i < kSeats && !s.cfg.shaoyang(); ++i) {  // 1. wins (none in Shaoyang), from d + 1
    const int seat = State::seat_after(d, i);
    if (((s.seats[seat].win_mask >> t) & 1) && may_win_on_other(s, s.seats[seat]))
      s.offers[n++] = ClaimOffer{static_cast<std::uint8_t>(seat), true, false, false, 0};
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
    if (!st.declared && !st.locked && suit_of(t) != st.void_suit) {
      ClaimOffer o{static_cast<std::uint8_t>(p), false, true, st.counts[t] == 3 && s.wall_remaining() > 0, 0};
      if (p == next) {
        o.chows = chows_of(p);
        next_offered = true;
      }
      s.offers[n++] = o;
    }
    break;
  }
  if (!next_offered && !s.seats[next].declared && !s.seats[next].locked) {  // 3. chows of d + 1
    const std::uint8_t m = chows_of(next);
    if (m) s.offers[n++] = ClaimOffer{static_cast<std::uint8_t>(next), false, false, false, m};
  }
  return n;
}

void lay_discard(State& s, int seat, int t) noexcept {
  if (s.n_discards < kMaxDiscards)
    s.discards[s.n_discards++] = Discard{static_cast<Tile>(t), static_cast<std::uint8_t>(seat), false};
}

void discard(State& s, int seat, int t, bool ready) noexcept {
  SeatState& st = s.seats[seat];
  remove_tiles(st, t, 1);
  if (ready) st.declared = true;
  lay_discard(s, seat, t);
  s.drawn = kNoTile;
  s.claimed_turn = false;
  // compute_win_mask's first test, here: most discards leave a bound >= 1,
  // and the call alone cost more than the test.
  st.win_mask = st.shanten_lb >= 1 ? 0 : compute_win_mask(s.cfg, st);
  const int n = discard_offers(s, seat, t);
  if (n == 0) {
    start_turn(s, State::seat_after(seat, 1));
    return;
  }
  s.n_offers = static_cast<std::uint8_t>(n);
  open_claim(s, OfferKind::kDiscard, seat, t);
}

// Changsha's open kong: every revealed tile was passed (or none was offered):
// the tiles lie in the konger's discards, its hand is locked, the next seat
// starts its turn.
void open_kong_done(State& s, int konger) noexcept {
  for (int i = 0; i < s.n_revealed; ++i) lay_discard(s, konger, s.revealed[i]);
  s.n_revealed = 0;  // seen as discards from now on (rules §11)
  s.seats[konger].locked = true;
  s.n_offers = 0;
  s.offer_i = 0;
  start_turn(s, State::seat_after(konger, 1));
}

// Changsha's open kong stands: the live wall's last two tiles (one if one
// remains) are revealed, back-most first. The konger wins on the first that
// completes its hand (槓上開花); else each tile in turn is offered to the
// seats it completes, from the konger's next seat (槓上炮).
void reveal(State& s, int konger) noexcept {
  s.open_kong_pending = false;
  const int n = s.wall_remaining() < 2 ? s.wall_remaining() : 2;
  for (int i = 0; i < n; ++i) s.revealed[i] = s.wall[--s.tail];
  s.n_revealed = static_cast<std::uint8_t>(n);
  SeatState& k = s.seats[konger];
  for (int i = 0; i < n; ++i) {
    Counts c = k.counts;
    ++c[s.revealed[i]];
    if (changsha_wins(k, c, false)) {
      add_tile(k, s.revealed[i]);  // the konger takes it (as a self-draw)
      win(s, konger, c, ResultKind::kSelfDraw, s.revealed[i], -1, kGangKai);
      return;
    }
  }
  k.win_mask = compute_win_mask(s.cfg, k);  // 13 - 3k tiles now, not drawing
  s.drawn = kNoTile;
  int m = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 1; j < kSeats; ++j) {
      const int p = State::seat_after(konger, j);
      const SeatState& o = s.seats[p];
      if (((o.win_mask >> s.revealed[i]) & 1) && may_win_on_other(s, o)) {
        ClaimOffer off{static_cast<std::uint8_t>(p), true, false, false, 0};
        off.tile = s.revealed[i];
        s.offers[m++] = off;
      }
    }
  if (m == 0) {
    open_kong_done(s, konger);
    return;
  }
  s.n_offers = static_cast<std::uint8_t>(m);
  open_claim(s, OfferKind::kOpenKong, konger, s.offers[0].tile);
}

// A kong stands (nobody robbed it): paid, then the replacement. Common: an
// exposed kong's discarder pays 1, a concealed or added kong each other seat
// 1; Shaoyang: each other seat p pays 1 x f[konger] x f[p], and an exposed
// kong's replacement is fed by the discarder (放槓上花); Changsha: no
// payment, and an open kong reveals instead of the replacement.
void kong_stands(State& s, int seat, MeldKind kind) noexcept {
  const Pay reason = kind == MeldKind::kKong            ? Pay::kExposedKong
                     : kind == MeldKind::kConcealedKong ? Pay::kConcealedKong
                                                        : Pay::kAddedKong;
  const SeatState& st = s.seats[seat];
  // An exposed kong was just made: it is the konger's last meld.
  const int discarder = kind == MeldKind::kKong ? st.melds[st.n_melds - 1].from : -1;
  if (s.cfg.changsha()) {
    if (s.open_kong_pending)
      reveal(s, seat);
    else
      replacement(s, seat);
    return;
  }
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

// A kong of t of `kind` was made by `seat`: the robbing offers (common and
// Changsha: an added kong; Shaoyang: every kong, a concealed one only to
// 十三浪 / 全風十三浪), from the konger's next seat, to each seat that would
// win with t (Changsha: not pass-locked); none: it stands.
void kong_made(State& s, int seat, int t, MeldKind kind) noexcept {
  int n = 0;
  if (s.cfg.shaoyang() || kind == MeldKind::kAddedKong) {
    for (int i = 1; i < kSeats; ++i) {
      const int p = State::seat_after(seat, i);
      const SeatState& o = s.seats[p];
      if (!((o.win_mask >> t) & 1) || !may_win_on_other(s, o)) continue;
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
    default: {  // exposed kong (or Changsha's open kong)
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
  switch (s.offer_kind) {
    case OfferKind::kRobbedKong: {
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
      s.open_kong_pending = false;
      win(s, seat, c, ResultKind::kRobbedKong, static_cast<Tile>(t), from, kQiangGang);
      return;
    }
    case OfferKind::kOpenKong:
      win(s, seat, c, ResultKind::kDiscard, static_cast<Tile>(t), from, kGangPao);
      return;
    case OfferKind::kHaidi:
      win(s, seat, c, ResultKind::kDiscard, static_cast<Tile>(t), from, kHaidiPao);
      return;
    case OfferKind::kDiscard: break;
  }
  win(s, seat, c, ResultKind::kDiscard, static_cast<Tile>(t), from);
}

// Changsha's sea bottom: `seat` takes the last tile (clearing its 過手). It
// wins on it at once if it can (海底撈月); else the tile lies in its discards
// and is offered to the seats it completes, from its next seat (海底炮);
// nobody: the hand is drawn.
void haidi_take(State& s, int seat) noexcept {
  SeatState& st = s.seats[seat];
  const Tile t = s.wall[s.head++];
  s.last_taker = static_cast<std::int8_t>(seat);
  st.pass_locked = false;
  Counts c = st.counts;
  ++c[t];
  if (changsha_wins(st, c, false)) {
    add_tile(st, t);
    win(s, seat, c, ResultKind::kSelfDraw, t, -1, kHaidiLao);
    return;
  }
  lay_discard(s, seat, t);
  int n = 0;
  for (int j = 1; j < kSeats; ++j) {
    const int p = State::seat_after(seat, j);
    const SeatState& o = s.seats[p];
    if (((o.win_mask >> t) & 1) && may_win_on_other(s, o))
      s.offers[n++] = ClaimOffer{static_cast<std::uint8_t>(p), true, false, false, 0};
  }
  if (n == 0) {
    s.n_offers = 0;
    end_draw(s);
    return;
  }
  s.n_offers = static_cast<std::uint8_t>(n);
  s.haidi_taken = true;
  open_claim(s, OfferKind::kHaidi, seat, t);
}

void pass(State& s) noexcept {
  if (s.phase == Phase::kOpening) {
    if (++s.offer_i < s.n_offers) return;
    s.n_offers = 0;
    s.offer_i = 0;
    s.phase = Phase::kPlay;  // the dealer in turn, with its dealt 14
    s.turn = s.dealer;
    return;
  }
  SeatState& passer = s.seats[s.offer().seat];
  if (s.cfg.changsha() && s.cfg.pass_lock && s.offer().win) passer.pass_locked = true;  // 過手
  ++s.offer_i;
  // A win-only offer to a seat that has become pass-locked (an open kong's
  // second tile) is skipped: that seat may not win on it.
  while (s.offer_i < s.n_offers && s.offers[s.offer_i].win && !s.offers[s.offer_i].pung &&
         !s.offers[s.offer_i].chows && !may_win_on_other(s, s.seats[s.offers[s.offer_i].seat]))
    ++s.offer_i;
  if (s.offer_i < s.n_offers) {
    if (s.offer_kind == OfferKind::kOpenKong) s.offer_tile = s.offers[s.offer_i].tile;
    return;
  }
  const int from = s.offer_from;
  s.n_offers = 0;
  s.offer_i = 0;
  switch (s.offer_kind) {
    case OfferKind::kDiscard: start_turn(s, State::seat_after(from, 1)); return;
    case OfferKind::kRobbedKong: kong_stands(s, from, s.rob_kind); return;
    case OfferKind::kOpenKong: open_kong_done(s, from); return;
    case OfferKind::kHaidi: end_draw(s); return;  // nobody took it, or nobody won on it
  }
}

// Changsha's declarations (docs "Opening wins", "Mid-game wins"): each win is
// paid by each other seat p, from the declarer's next seat, 1 (2 if the
// dealer is the declarer or p) + floats; the kinds used are marked and the
// declaration recorded for the views.
void declare(State& s, int seat, bool mid, const DeclaredWin* wins, int n, std::uint32_t used,
             const Counts& shown) noexcept {
  SeatState& st = s.seats[seat];
  for (int i = 0; i < n; ++i)
    for (int j = 1; j < kSeats; ++j) {
      const int p = State::seat_after(seat, j);
      const std::int64_t amount = (s.dealer == seat || s.dealer == p ? 2 : 1) +
                                  s.cfg.floats[static_cast<std::size_t>(seat)] +
                                  s.cfg.floats[static_cast<std::size_t>(p)];
      pay(s, mid ? Pay::kMid : Pay::kOpening, p, seat, amount);
    }
  st.used |= used;
  if (s.n_reveals < kMaxReveals) {
    Reveal& r = s.reveals[s.n_reveals++];
    r.seat = static_cast<std::uint8_t>(seat);
    r.mid = mid;
    r.n_wins = static_cast<std::uint8_t>(n);
    for (int i = 0; i < n; ++i) r.wins[i] = wins[i];
    r.tiles = shown;
  }
}

void declare_opening(State& s, int seat) noexcept {
  DeclaredWin wins[kMaxDeclaredWins];
  std::uint32_t used = 0;
  const int n = opening_wins(s.cfg, s.seats[seat].counts, wins, used);
  declare(s, seat, false, wins, n, used, s.seats[seat].counts);
  pass(s);  // the next offer, or play
}

void declare_mid(State& s, int seat) noexcept {
  DeclaredWin wins[kMaxDeclaredWins];
  std::uint32_t used = 0;
  Counts shown{};
  const int n = mid_wins(s.cfg, s.seats[seat], wins, used, shown);
  declare(s, seat, true, wins, n, used, shown);
}

}  // namespace

void start_turn(State& s, int seat) noexcept {
  if (s.head == s.tail) {
    end_draw(s);
    return;
  }
  if (s.cfg.changsha() && s.wall_remaining() == 1) {
    // The sea bottom (海底): offered to each ready seat from `seat` round all four.
    int n = 0;
    for (int i = 0; i < kSeats; ++i) {
      const int p = State::seat_after(seat, i);
      if (!is_ready(s.cfg, s.seats[p])) continue;
      ClaimOffer o{static_cast<std::uint8_t>(p), false, false, false, 0};
      o.haidi = true;
      s.offers[n++] = o;
    }
    if (n == 0) {
      end_draw(s);
      return;
    }
    s.n_offers = static_cast<std::uint8_t>(n);
    s.haidi_taken = false;
    s.drawn = kNoTile;
    open_claim(s, OfferKind::kHaidi, seat, 0);
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

void start_opening(State& s) noexcept {
  int n = 0;
  for (int i = 0; i < kSeats; ++i) {
    const int seat = State::seat_after(s.dealer, i);
    SeatState& st = s.seats[seat];
    st.dealt = st.counts;
    DeclaredWin wins[kMaxDeclaredWins];
    std::uint32_t used = 0;
    if (!opening_win_possible(s.cfg, st) || opening_wins(s.cfg, st.counts, wins, used) == 0) continue;
    ClaimOffer o{static_cast<std::uint8_t>(seat), false, false, false, 0};
    o.opening = true;
    s.offers[n++] = o;
  }
  s.n_offers = static_cast<std::uint8_t>(n);
  s.offer_i = 0;
  s.phase = n ? Phase::kOpening : Phase::kPlay;
}

}  // namespace detail

void apply(State& s, Move m) noexcept {
  const int seat = move_seat(m);
  const Act act = move_act(m);
  // Shaoyang's fed mark lasts until the konger's next move (this one).
  const int fed = s.fed_by;
  s.fed_by = -1;
  Move logged = m;
  // A kong (or 開槓) of four concealed tiles: its tile is the konger's to see.
  if ((act == Act::kKong || act == Act::kOpenKong) && s.phase == Phase::kPlay &&
      s.seats[seat].counts[move_tile(m)] == 4)
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
    case Act::kOpenKong:
      s.open_kong_pending = true;
      [[fallthrough]];
    case Act::kKong:
      if (s.phase == Phase::kClaim)
        detail::claim_meld(s, seat, Act::kKong, move_tile(m));
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
    case Act::kOpening: detail::declare_opening(s, seat); return;
    case Act::kMid: detail::declare_mid(s, seat); return;
    case Act::kHaidi: detail::haidi_take(s, seat); return;
    default: return;  // the other rulesets' actions are never legal here
  }
}

}  // namespace yijing::mahjong
