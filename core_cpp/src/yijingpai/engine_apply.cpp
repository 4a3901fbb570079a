// Applying moves: targets, plays and pongs with the after-play sequence of
// docs/yijing.md §3 (place, complete/self-draw, draw, 胡 offers, 碰 offers,
// next turn), claims, and the end of the hand (§5).
#include "engine_internal.hpp"

namespace yijing::yijingpai {

std::uint8_t conditions_if_added(const State& s, int seat, std::uint8_t hex) noexcept {
  // docs §5. All conditions are monotone, so looking at the summary after
  // adding `hex` is enough.
  const SeatState& st = s.seats[seat];
  const int c_hex = st.count[hex] + 1;
  const int max_count = c_hex > st.max_count ? c_hex : st.max_count;
  const bool all8 = (st.trigrams | trigram_bits(hex)) == 0xFFu;
  const int c_target = st.count[st.target_values] + (hex == st.target_values ? 1 : 0);
  const int c_qian = st.count[63] + (hex == 63 ? 1 : 0);
  const int c_kun = st.count[0] + (hex == 0 ? 1 : 0);
  unsigned m = 0;
  if (c_target >= 2) m |= kTwoTargets;
  if (max_count >= 3) m |= kThreeOfAKind;
  if (all8 && c_target >= 1) m |= kTargetAndEightTrigrams;
  if (all8 && max_count >= 2) m |= kEightTrigramsAndPair;
  if (all8 && c_qian >= 1) m |= kEightTrigramsAndQian;
  if (all8 && c_kun >= 1) m |= kEightTrigramsAndKun;
  return static_cast<std::uint8_t>(m & s.cfg.win_mask);
}

namespace detail {
namespace {

// kWithTrigram[t]: the hexagrams whose lower or upper trigram is t.
struct TrigramSets {
  std::uint64_t v[8];
  constexpr TrigramSets() : v() {
    for (unsigned h = 0; h < 64; ++h) {
      v[h & 7u] |= std::uint64_t{1} << h;
      v[h >> 3] |= std::uint64_t{1} << h;
    }
  }
};
constexpr TrigramSets kWithTrigram{};

}  // namespace

std::uint64_t winning_set(const State& s, int seat) noexcept {
  // The same conditions as conditions_if_added (docs §5), for all 64
  // hexagrams at once.
  constexpr std::uint64_t kAll = ~std::uint64_t{0};
  const SeatState& st = s.seats[seat];
  const unsigned mask = s.cfg.win_mask;
  const std::uint64_t target = std::uint64_t{1} << st.target_values;
  const std::uint64_t qian = std::uint64_t{1} << 63, kun = 1;
  std::uint64_t w = 0;
  if (mask & kTwoTargets) {
    const int c = st.count[st.target_values];
    w |= c >= 2 ? kAll : c == 1 ? target : 0;
  }
  if (mask & kThreeOfAKind) w |= st.max_count >= 3 ? kAll : st.pairs;
  // Hexagrams that complete the eight trigrams: they must show every
  // missing trigram (none when more than two are missing).
  if ((mask & (kTargetAndEightTrigrams | kEightTrigramsAndPair | kEightTrigramsAndQian |
               kEightTrigramsAndKun)) == 0)
    return w;
  std::uint64_t cover = kAll;
  for (unsigned t = 0; t < 8; ++t) cover &= ((st.trigrams >> t) & 1u) ? kAll : kWithTrigram.v[t];
  if (cover != 0) {
    if (mask & kTargetAndEightTrigrams) w |= cover & ((st.seen & target) ? kAll : target);
    if (mask & kEightTrigramsAndPair) w |= cover & (st.pairs ? kAll : st.seen);
    if (mask & kEightTrigramsAndQian) w |= cover & ((st.seen & qian) ? kAll : qian);
    if (mask & kEightTrigramsAndKun) w |= cover & ((st.seen & kun) ? kAll : kun);
  }
  return w;
}

void add_completed(State& s, int seat, Lines hex) noexcept {
  SeatState& st = s.seats[seat];
  const std::uint8_t c = ++st.count[hex.values];
  if (c > st.max_count) st.max_count = c;
  st.trigrams = static_cast<std::uint8_t>(st.trigrams | trigram_bits(hex.values));
  const std::uint64_t bit = std::uint64_t{1} << hex.values;
  if (st.seen & bit) st.pairs |= bit;
  st.seen |= bit;
  st.wins = winning_set(s, seat);
  ++st.completed;
  if (s.n_completed < kMaxCompleted) {
    s.completed[s.n_completed++] = static_cast<CompletedEntry>(
        (seat << 12) | ((hex.taiji & 63) << 6) | (hex.values & 63));
  }
}

void finish_win(State& s, int winner, int dealt_in_by, Lines hex, std::uint8_t conditions) noexcept {
  Result& r = s.result;
  r.kind = dealt_in_by >= 0 ? ResultKind::kDealtIn : ResultKind::kSelfDraw;
  r.winner = static_cast<std::int8_t>(winner);
  r.dealt_in_by = static_cast<std::int8_t>(dealt_in_by);
  r.values = hex.values;
  r.taiji = hex.taiji;
  r.conditions = conditions;
  const int pts = points_half(hex);
  r.points_half = static_cast<std::uint8_t>(pts);
  const int n = s.players();
  if (dealt_in_by >= 0) {
    // The seat that played the claimed lines pays all the points.
    r.payments[winner] = static_cast<std::int16_t>(pts);
    r.payments[dealt_in_by] = static_cast<std::int16_t>(-pts);
  } else if (!s.cfg.split_payment) {
    // self_draw "each": every other seat pays the points.
    for (int i = 1; i < n; ++i) r.payments[s.seat_after(winner, i)] = static_cast<std::int16_t>(-pts);
    r.payments[winner] = static_cast<std::int16_t>(pts * (n - 1));
  } else {
    // self_draw "split": divided; the remainder half-points are paid one
    // each by the first losers counterclockwise from the winner.
    const int share = pts / (n - 1);
    const int extra = pts % (n - 1);
    for (int i = 1; i < n; ++i)
      r.payments[s.seat_after(winner, i)] = static_cast<std::int16_t>(-(share + (i <= extra ? 1 : 0)));
    r.payments[winner] = static_cast<std::int16_t>(pts);
  }
  s.phase = Phase::kOver;
  s.offer = Offer::kNone;
}

void start_turn(State& s, int seat) noexcept {
  s.offer = Offer::kNone;
  s.turn = static_cast<std::uint8_t>(seat);
  // docs §3: fewer than k tiles at one's turn ends the hand drawn.
  if (s.seats[seat].hand.total() < s.k()) {
    s.phase = Phase::kOver;
    s.result = Result{};
    s.result.kind = ResultKind::kDraw;
    return;
  }
  s.phase = Phase::kPlay;
}

}  // namespace detail

namespace {

// Claims after P's play (docs §3 steps 3-5): continue the search of `stage`
// from P + `offset`. 胡 offers go to every seat but P whose hexagram some
// allowed placement completes to a win; then, for a pure pair that P+1
// cannot form, 碰 offers to P+2, P+3, ... that can; else P+1's turn.
void next_offer(State& s, Offer stage, int offset) noexcept {
  const int n = s.players();
  const int p = s.last.seat;
  const Lines m = detail::claimed_lines(s);
  if (stage == Offer::kWin) {
    for (; offset < n; ++offset) {
      const int x = s.seat_after(p, offset);
      // One (mostly predictable) branch: is the seat one play from a
      // hexagram, and can anything win for it yet?
      if (!((s.seats[x].progress.len + m.len == kTargetLines) & (s.seats[x].wins != 0))) continue;
      bool wins = false;
      detail::for_each_win_placement(s.k(), m.values, s.seats[x].progress.len, [&](Placement pl) {
        wins = wins || detail::win_with(s, x, m, pl);
      });
      if (wins) {
        s.phase = Phase::kClaim;
        s.offer = Offer::kWin;
        s.offered = static_cast<std::uint8_t>(x);
        return;
      }
    }
    offset = 2;
  }
  if (is_pure(m.values, s.k())) {
    const bool yang = m.values != 0;
    if (!detail::can_form_pair(s, s.seat_after(p, 1), yang)) {
      for (offset = offset < 2 ? 2 : offset; offset < n; ++offset) {
        const int x = s.seat_after(p, offset);
        if (detail::can_form_pair(s, x, yang)) {
          s.phase = Phase::kClaim;
          s.offer = Offer::kPong;
          s.offered = static_cast<std::uint8_t>(x);
          return;
        }
      }
    }
  }
  detail::start_turn(s, s.seat_after(p, 1));
}

void lay_target(State& s, int seat, std::uint8_t values, std::uint8_t taiji) noexcept {
  SeatState& st = s.seats[seat];
  const Hand used = detail::tiles_of(values, taiji, kTargetLines);
  st.hand.yang = static_cast<std::uint8_t>(st.hand.yang - used.yang);
  st.hand.yin = static_cast<std::uint8_t>(st.hand.yin - used.yin);
  st.hand.taiji = static_cast<std::uint8_t>(st.hand.taiji - used.taiji);
  st.target_laid = true;
  st.target_values = values;
  st.target_taiji = taiji;
  // docs §3: when the last target is laid the dealer is to move.
  if (--s.targets_left == 0) detail::start_turn(s, s.dealer);
}

// A play or pong by seat p (docs §3 "After every play or pong").
void play_lines(State& s, int p, Kind kind, std::uint8_t values, std::uint8_t taiji,
                Placement placement) noexcept {
  const int k = s.k();
  SeatState& st = s.seats[p];

  s.last.valid = true;
  s.last.seat = static_cast<std::uint8_t>(p);
  s.last.kind = kind;
  s.last.values = values;
  s.last.taiji = taiji;
  s.last.placement = placement;

  // Step 1: place; a sixth line completes the hexagram, which may win.
  const Lines m{values, taiji, static_cast<std::uint8_t>(k)};
  st.progress = place(st.progress, m, placement);
  if (st.progress.len == kTargetLines) {
    const Lines hex = st.progress;
    const std::uint8_t cond =
        ((st.wins >> hex.values) & 1u) ? conditions_if_added(s, p, hex.values) : 0;
    detail::add_completed(s, p, hex);
    st.progress = Lines{};
    if (cond != 0) {  // self-draw: the hand ends at once, no draw
      st.hand = Hand{};
      detail::finish_win(s, p, -1, hex, cond);
      return;
    }
  }
  // Step 2: draw min(k, wall remaining) from the front.
  // A play or pong is always the whole hand (docs §6 check 10), so the new
  // hand is just what is drawn.
  Hand drawn;
  for (int i = 0; i < k && s.wall_pos < s.wall_len; ++i) add_tile(drawn, s.wall[s.wall_pos++]);
  st.hand = drawn;
  // Steps 3-5.
  next_offer(s, Offer::kWin, 1);
}

// 胡 on another's play. The claimed tiles already lie in P's hexagram (step
// 1), so the winner's table is left as it was: the winning hexagram (its
// lines L+M, or the pong placement) is reported in the result only. docs §3
// does not say whether it joins the winner's completed hexagrams; this
// keeps every tile in one place (and matches the Python fallback).
void win_on_claim(State& s, int x, Placement placement) noexcept {
  const Lines hex = place(s.seats[x].progress, detail::claimed_lines(s), placement);
  const std::uint8_t cond = conditions_if_added(s, x, hex.values);
  detail::finish_win(s, x, s.last.seat, hex, cond);
}

}  // namespace

void apply(State& s, Action a) noexcept {
  if (s.n_history < kMaxHistory) {
    s.history[s.n_history++] = a;
  } else {
    s.history_overflow = true;  // unreachable while the bounds in state.hpp hold
  }
  const int seat = action_seat(a);
  switch (action_kind(a)) {
    case Kind::kTarget: lay_target(s, seat, action_values(a), action_taiji(a)); break;
    case Kind::kPlay:
    case Kind::kPong:
      play_lines(s, seat, action_kind(a), action_values(a), action_taiji(a), action_placement(a));
      break;
    case Kind::kWin: win_on_claim(s, seat, action_placement(a)); break;
    case Kind::kPass: {
      const int offset = seat - s.last.seat;
      next_offer(s, s.offer, (offset < 0 ? offset + s.players() : offset) + 1);
      break;
    }
  }
}

}  // namespace yijing::yijingpai
