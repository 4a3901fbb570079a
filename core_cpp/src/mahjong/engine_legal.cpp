// Who acts and the legal moves (docs "Legal moves"). Moves are generated in
// Move order, which is the plain string order of their texts (moves.hpp), so
// no sort is needed: per seat the actions in name order (chow < discard <
// kong < pass < pung < raise < ready < void < win), tiles in code order.
#include "engine_internal.hpp"
#include "yijing/mahjong/random_play.hpp"
#include "yijing/sim/fastrand.hpp"

namespace yijing::mahjong {

int to_act(const State& s, int out[kSeats]) noexcept {
  switch (s.phase) {
    case Phase::kRaise:
    case Phase::kVoid: {
      const unsigned done = s.phase == Phase::kRaise ? s.raises_made : s.voids_chosen;
      int n = 0;
      for (int seat = 0; seat < kSeats; ++seat)
        if (!((done >> seat) & 1)) out[n++] = seat;
      return n;
    }
    case Phase::kPlay: out[0] = s.turn; return 1;
    case Phase::kClaim:
    case Phase::kOpening: out[0] = s.offer().seat; return 1;
    case Phase::kOver: break;
  }
  return 0;
}

bool may_act(const State& s, int seat) noexcept {
  if (seat < 0 || seat >= kSeats) return false;
  switch (s.phase) {
    case Phase::kRaise: return !((s.raises_made >> seat) & 1);
    case Phase::kVoid: return !((s.voids_chosen >> seat) & 1);
    case Phase::kPlay: return seat == s.turn;
    case Phase::kClaim:
    case Phase::kOpening: return seat == s.offer().seat;
    case Phase::kOver: break;
  }
  return false;
}

namespace {

bool has_pung(const SeatState& st, int t) noexcept {
  for (int i = 0; i < st.n_melds; ++i)
    if (st.melds[i].kind == MeldKind::kPung && st.melds[i].tile == t) return true;
  return false;
}

// The keys of the seat's void suit (none before it is chosen, or outside the
// void-suit game).
std::uint64_t void_keys_of(const SeatState& st) noexcept {
  return st.void_suit >= 0 ? detail::suit_keys(st.void_suit) : 0;
}

// The discards of the seat in turn: every kind held, only the void suit's
// while it holds any.
std::uint64_t discard_keys(const SeatState& st, std::uint64_t void_keys) noexcept {
  const std::uint64_t held_void = st.held_keys & void_keys;
  return held_void != 0 ? held_void : st.held_keys;
}

// The kinds the seat in turn may kong (concealed, or added to its pung): none
// right after a claim or with the live wall empty, none of its void suit.
std::uint64_t kong_keys(const State& s, const SeatState& st, std::uint64_t void_keys) noexcept {
  if (s.claimed_turn || s.wall_remaining() <= 0) return 0;
  std::uint64_t kongs = st.four_keys;
  for (int j = 0; j < st.n_melds; ++j)
    if (st.melds[j].kind == MeldKind::kPung && st.counts[st.melds[j].tile] != 0)
      kongs |= detail::bit(tile_key(st.melds[j].tile));
  return kongs & ~void_keys;
}

// The seat in turn (docs "Legal moves", play). Kinds are walked as bits of
// held_keys (string order, state.hpp).
int legal_play(const State& s, int seat, Move* out) noexcept {
  const SeatState& st = s.seats[seat];
  const Counts& c = st.counts;
  int n = 0;
  if (st.declared) {  // locked: the tile just drawn, or the win
    if (s.drawn != kNoTile) out[n++] = make_tile_move(seat, Act::kDiscard, s.drawn);
    if (st.shanten_lb == -1 && wins(s, seat, c)) out[n++] = make_move(seat, Act::kWin);
    return n;
  }
  if (st.locked) {  // Changsha's open-kong lock: the tile just drawn, its kongs, or the win
    const int d = s.drawn;
    if (d != kNoTile) {
      out[n++] = make_tile_move(seat, Act::kDiscard, d);
      const bool kong = s.wall_remaining() > 0 && (c[d] == 4 || has_pung(st, d));
      if (kong) out[n++] = make_tile_move(seat, Act::kKong, d);
      if (kong && detail::ready_after_kong(s.cfg, st, d, false)) out[n++] = make_tile_move(seat, Act::kOpenKong, d);
    }
    if (st.shanten_lb == -1 && wins(s, seat, c)) out[n++] = make_move(seat, Act::kWin);
    return n;
  }
  const std::uint64_t void_keys = void_keys_of(st);
  const bool void_first = (st.held_keys & void_keys) != 0;  // such a hand never wins
  const std::uint64_t discards = discard_keys(st, void_keys);
  const unsigned base = static_cast<unsigned>(seat) << 12;
  for (std::uint64_t m = discards; m; m &= m - 1)
    out[n++] = static_cast<Move>(base | (static_cast<unsigned>(Act::kDiscard) << 8) |
                                 static_cast<unsigned>(__builtin_ctzll(m)));
  const std::uint64_t kongs = kong_keys(s, st, void_keys);
  for (std::uint64_t m = kongs; m; m &= m - 1)
    out[n++] = static_cast<Move>(base | (static_cast<unsigned>(Act::kKong) << 8) |
                                 static_cast<unsigned>(__builtin_ctzll(m)));
  if (s.cfg.changsha() && !s.claimed_turn) {
    // Mid-game wins, then the open kongs that leave the hand ready.
    if (s.cfg.mid_game_wins && detail::mid_win_possible(st)) {
      DeclaredWin w[kMaxDeclaredWins];
      std::uint32_t used = 0;
      Counts shown{};
      if (detail::mid_wins(s.cfg, st, w, used, shown)) out[n++] = make_move(seat, Act::kMid);
    }
    for (std::uint64_t m = kongs; m; m &= m - 1) {
      const int t = key_tile(__builtin_ctzll(m));
      if (detail::ready_after_kong(s.cfg, st, t, false)) out[n++] = make_tile_move(seat, Act::kOpenKong, t);
    }
  }
  // The win and the ready prefilter from the shape bound (exact when <= 0,
  // state.hpp): a 3k+2 hand that is not within one tile of a win (regular,
  // or seven pairs) leaves no discard ready (its sub-hands are no closer).
  const int lb = st.shanten_lb;
  if (lb >= 1) return n;
  if (s.cfg.ready_on()) {
    Counts h = c;
    for (std::uint64_t m = discards; m; m &= m - 1) {
      const int t = key_tile(__builtin_ctzll(m));
      --h[static_cast<std::size_t>(t)];
      if (detail::has_wait(s.cfg, st, h)) out[n++] = make_tile_move(seat, Act::kReady, t);
      ++h[static_cast<std::size_t>(t)];
    }
  }
  if (!s.claimed_turn && !void_first && lb == -1 && (!s.cfg.changsha() || wins(s, seat, c)))
    out[n++] = make_move(seat, Act::kWin);
  return n;
}

// When the seat in turn's legal moves are its discards and nothing else (most
// turns), those discards' keys; otherwise 0. Mirrors legal_play: no lock, no
// kong, no Changsha mid-game win that might be found, and a shape bound of
// at least 1 (so neither the win nor a 報聽 discard). Conservative: a 0 only
// sends the caller to the full list.
std::uint64_t only_discards(const State& s, int seat) noexcept {
  const SeatState& st = s.seats[seat];
  if (st.declared || st.locked || st.shanten_lb < 1) return 0;
  const std::uint64_t void_keys = void_keys_of(st);
  if (kong_keys(s, st, void_keys) != 0) return 0;
  if (s.cfg.changsha() && !s.claimed_turn && s.cfg.mid_game_wins && detail::mid_win_possible(st)) return 0;
  return discard_keys(st, void_keys);
}

// The offered seat (docs "Claims"): the offer's moves and pass.
int legal_claim(const State& s, Move* out) noexcept {
  const ClaimOffer& o = s.offer();
  const int seat = o.seat, t = s.offer_tile;
  int n = 0;
  for (int i = 0; i < 3; ++i)
    if ((o.chows >> i) & 1) out[n++] = make_tile_move(seat, Act::kChow, t - 2 + i);
  if (o.haidi) out[n++] = make_move(seat, Act::kHaidi);
  if (o.kong) out[n++] = make_tile_move(seat, Act::kKong, t);
  if (o.kong && s.cfg.changsha() && detail::ready_after_kong(s.cfg, s.seats[seat], t, true))
    out[n++] = make_tile_move(seat, Act::kOpenKong, t);
  if (o.opening) out[n++] = make_move(seat, Act::kOpening);
  out[n++] = make_move(seat, Act::kPass);
  if (o.pung) out[n++] = make_tile_move(seat, Act::kPung, t);
  if (o.win) out[n++] = make_move(seat, Act::kWin);
  return n;
}

int legal_seat(const State& s, int seat, Move* out) noexcept {
  if (!may_act(s, seat)) return 0;
  switch (s.phase) {
    case Phase::kRaise:
      for (int k = 0; k <= 3; ++k) out[k] = make_move(seat, Act::kRaise, k);
      return 4;
    case Phase::kVoid:
      for (int suit = 0; suit < kSuits; ++suit) out[suit] = make_move(seat, Act::kVoid, suit);
      return kSuits;
    case Phase::kPlay: return legal_play(s, seat, out);
    case Phase::kClaim:
    case Phase::kOpening: return legal_claim(s, out);
    case Phase::kOver: break;
  }
  return 0;
}

}  // namespace

int legal_moves(const State& s, int seat, Move* out) noexcept {
  if (seat >= 0) return legal_seat(s, seat, out);  // any negative seat: the union, as the fallback
  // The union over to_act: seat-major, so still in string order.
  int seats[kSeats];
  const int k = to_act(s, seats);
  int n = 0;
  for (int i = 0; i < k; ++i) n += legal_seat(s, seats[i], out + n);
  return n;
}

namespace {

// random_legal_move from the listed moves. Out of line: its move array and
// calls would otherwise make every call of the discards-only path pay for
// saving registers and the frame.
[[gnu::noinline]] Move random_listed_move(const State& s, int seat, Xoshiro256ss& rng,
                                          bool draw_for_one) noexcept {
  Move legal[kMaxLegalMoves];
  const int n = legal_moves(s, seat, legal);
  if (n <= 0) return 0;
  if (n == 1 && !draw_for_one) return legal[0];
  return legal[sim::uniform(rng, static_cast<std::uint64_t>(n))];
}

}  // namespace

Move random_legal_move(const State& s, int seat, Xoshiro256ss& rng, bool draw_for_one) noexcept {
  if (s.phase == Phase::kPlay && (seat < 0 || seat == s.turn)) {
    const std::uint64_t keys = only_discards(s, s.turn);
    if (keys != 0) {
      const int n = detail::popcount64(keys);
      std::uint64_t m = keys;  // the j-th discard in list order is the j-th key bit
      if (n > 1 || draw_for_one)
        for (auto j = sim::uniform(rng, static_cast<std::uint64_t>(n)); j > 0; --j) m &= m - 1;
      return static_cast<Move>((static_cast<unsigned>(s.turn) << 12) |
                               (static_cast<unsigned>(Act::kDiscard) << 8) |
                               static_cast<unsigned>(__builtin_ctzll(m)));
    }
  }
  return random_listed_move(s, seat, rng, draw_for_one);
}

}  // namespace yijing::mahjong
