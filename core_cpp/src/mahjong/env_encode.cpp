// The environments' observation planes and action mask (env_encode.hpp). Each
// entry mirrors pyyijing/mahjong/env_observation.py `encode` on the view that
// view.cpp would build, read straight from the State: what view.cpp hides
// (another seat's concealed-kong tile, the void suits and raises until all are
// in, a hidden offer tile) is hidden here by the same tests.
#include "yijing/mahjong/env_encode.hpp"

#include <algorithm>
#include <cstring>

#include "yijing/mahjong/engine.hpp"

namespace yijing::mahjong::env {

namespace {

// The first row of each plane (docs/env-mahjong.md "Observation").
enum Row : int {
  kHand = 0, kDrawn = 4, kOwnConcealedKongs = 5, kChows = 6, kPungs = 10, kKongs = 14,
  kConcealedKongs = 18, kDiscards = 22, kClaimed = 26, kRecentDiscards = 30, kRevealed = 54,
  kOpenKongShown = 58, kVoid = 59, kFlowers = 63, kHandCount = 67, kDeclared = 71, kLocked = 75,
  kRaise = 79, kPassLocked = 83, kDealer = 84, kSeatWind = 85, kTurn = 86, kPhase = 87, kWall = 88,
  kOfferTile = 89, kOfferKind = 90, kOfferFrom = 91,
};
constexpr int kRecent = 6;

// Action blocks (docs/env-mahjong.md "Actions").
enum Block : int {
  kADiscard = 0, kAPung = 34, kAKong = 68, kAReady = 102, kAOpenKong = 136, kAChow = 170,
  kAWin = 191, kAPass = 192, kAOpening = 193, kAMid = 194, kAHaidi = 195, kAVoid = 196, kARaise = 199,
};

// The phase's column: raise, void, opening, play, claim, over.
int phase_column(Phase p) noexcept {
  switch (p) {
    case Phase::kRaise: return 0;
    case Phase::kVoid: return 1;
    case Phase::kOpening: return 2;
    case Phase::kPlay: return 3;
    case Phase::kClaim: return 4;
    case Phase::kOver: break;
  }
  return 5;
}

// The observation starts zeroed (encode_observation): a row of 0 is left as it is.
void fill_row(std::uint8_t* out, int row, int value) noexcept {
  if (value != 0) std::memset(out + row * kObsWidth, value, kObsWidth);
}
void hit(std::uint8_t* out, int row, int column) noexcept { ++out[row * kObsWidth + column]; }

// Per-seat planes of seat p, at relative row r, as `viewer` sees them.
void encode_seat(const State& s, int p, int viewer, int r, bool all_void, bool all_raised,
                 std::uint8_t* out) noexcept {
  const SeatState& st = s.seats[p];
  int concealed = 0;
  for (int i = 0; i < st.n_melds; ++i) {
    const Meld& m = st.melds[i];
    switch (m.kind) {
      case MeldKind::kChow:
        for (int k = 0; k < 3; ++k) hit(out, kChows + r, m.tile + k);
        break;
      case MeldKind::kPung: hit(out, kPungs + r, m.tile); break;
      case MeldKind::kConcealedKong:
        ++concealed;
        if (p == viewer) hit(out, kOwnConcealedKongs, m.tile);  // another seat's tile is never shown
        break;
      case MeldKind::kKong:
      case MeldKind::kAddedKong: hit(out, kKongs + r, m.tile); break;
    }
  }
  // Changsha's declarations: the most copies of each kind in any one of them.
  std::uint8_t* shown = out + (kRevealed + r) * kObsWidth;
  for (int i = 0; i < s.n_reveals; ++i) {
    const Reveal& rv = s.reveals[i];
    if (rv.seat != p) continue;
    for (int t = 0; t < kKinds; ++t) shown[t] = std::max(shown[t], rv.tiles[static_cast<std::size_t>(t)]);
  }
  if (st.void_suit >= 0 && (all_void || p == viewer))
    std::memset(out + (kVoid + r) * kObsWidth + st.void_suit * 9, 1, 9);
  if (st.raised >= 0 && (all_raised || p == viewer)) hit(out, kRaise + r, st.raised);
  fill_row(out, kConcealedKongs + r, concealed);
  fill_row(out, kFlowers + r, st.n_flowers);
  fill_row(out, kHandCount + r, st.n_concealed);
  fill_row(out, kDeclared + r, st.declared ? 1 : 0);
  fill_row(out, kLocked + r, st.declared || st.locked ? 1 : 0);
  if (p != viewer) return;
  if (s.phase == Phase::kPlay && s.turn == p && s.drawn != kNoTile) hit(out, kDrawn, s.drawn);
  fill_row(out, kPassLocked, st.pass_locked ? 1 : 0);
  if (s.phase == Phase::kRaise) return;  // no seat sees a tile before every seat has raised
  // Row k marks the kinds held more than k times: with c <= 4 copies,
  // (c + 3 - k) >> 2 is 1 exactly when c > k. Row by row from a local copy, which
  // the output cannot alias, the loops vectorise.
  std::uint8_t counts[kKinds];
  std::memcpy(counts, st.counts.data(), kKinds);
  for (int k = 0; k < 4; ++k) {
    std::uint8_t* row = out + (kHand + k) * kObsWidth;
    for (int t = 0; t < kKinds; ++t) row[t] = static_cast<std::uint8_t>((counts[t] + 3 - k) >> 2);
  }
}

// Every seat's discards, in one pass over the table's (newest first): the
// counts, the claimed ones, and each seat's latest six a one-hot row each.
void encode_discards(const State& s, int viewer, std::uint8_t* out) noexcept {
  int n_latest[kSeats] = {};
  for (int i = s.n_discards - 1; i >= 0; --i) {
    const Discard& d = s.discards[i];
    const int r = (d.seat - viewer) & 3;
    hit(out, kDiscards + r, d.tile);
    if (d.claimed) hit(out, kClaimed + r, d.tile);
    if (n_latest[r] < kRecent) hit(out, kRecentDiscards + kRecent * r + n_latest[r]++, d.tile);
  }
}

// The offer phases as `viewer` sees them (env_observation.py table_flow): a seat
// not offered sees phase play, no turn, no offer (Changsha's opening: the dealer
// in turn); the open kong's tiles lie face up for every seat.
void encode_flow(const State& s, int viewer, std::uint8_t* out) noexcept {
  const bool offer_phase = s.phase == Phase::kClaim || s.phase == Phase::kOpening;
  const bool acting = may_act(s, viewer);
  const bool claim = s.phase == Phase::kClaim;
  if (claim && s.offer_kind == OfferKind::kOpenKong)
    for (int i = 0; i < s.n_revealed; ++i) hit(out, kOpenKongShown, s.revealed[i]);
  if (offer_phase && !acting) {
    hit(out, kPhase, phase_column(Phase::kPlay));
    if (s.phase == Phase::kOpening) hit(out, kTurn, (s.dealer - viewer) & 3);
    return;
  }
  hit(out, kPhase, phase_column(s.phase));
  if (s.phase == Phase::kPlay) hit(out, kTurn, (s.turn - viewer) & 3);
  if (!claim) return;
  hit(out, kOfferKind, static_cast<int>(s.offer_kind));
  hit(out, kOfferFrom, (s.offer_from - viewer) & 3);
  // A concealed kong's tile (Shaoyang's robbing offer) is shown only to the
  // konger and the seat offered; the sea bottom only once taken (view.cpp).
  const bool hidden = s.offer_kind == OfferKind::kRobbedKong && s.rob_kind == MeldKind::kConcealedKong &&
                      viewer != s.offer_from && viewer != s.offer().seat;
  const bool untaken = s.offer_kind == OfferKind::kHaidi && !s.haidi_taken;
  if (!hidden && !untaken) hit(out, kOfferTile, s.offer_tile);
}

}  // namespace

int action_of(Move m) noexcept {
  const int t = move_tile(m);
  switch (move_act(m)) {
    case Act::kDiscard: return kADiscard + t;
    case Act::kPung: return kAPung + t;
    case Act::kKong: return kAKong + t;
    case Act::kReady: return kAReady + t;
    case Act::kOpenKong: return kAOpenKong + t;
    case Act::kChow: return kAChow + (t / 9) * 7 + t % 9;
    case Act::kWin: return kAWin;
    case Act::kPass: return kAPass;
    case Act::kOpening: return kAOpening;
    case Act::kMid: return kAMid;
    case Act::kHaidi: return kAHaidi;
    case Act::kVoid: return kAVoid + move_key(m);
    case Act::kRaise: return kARaise + move_key(m);
  }
  return -1;
}

bool move_of(int action, int seat, Move& out) noexcept {
  if (action < 0 || action >= kNumActions) return false;
  if (action < kAChow) {
    static constexpr Act kTileActs[5] = {Act::kDiscard, Act::kPung, Act::kKong, Act::kReady, Act::kOpenKong};
    out = make_tile_move(seat, kTileActs[action / kKinds], action % kKinds);
  } else if (action < kAWin) {
    const int run = action - kAChow;
    out = make_tile_move(seat, Act::kChow, (run / 7) * 9 + run % 7);
  } else if (action >= kARaise) {
    out = make_move(seat, Act::kRaise, action - kARaise);
  } else if (action >= kAVoid) {
    out = make_move(seat, Act::kVoid, action - kAVoid);
  } else {
    static constexpr Act kSingles[5] = {Act::kWin, Act::kPass, Act::kOpening, Act::kMid, Act::kHaidi};
    out = make_move(seat, kSingles[action - kAWin]);
  }
  return true;
}

void encode_observation(const State& s, int seat, std::uint8_t* out) noexcept {
  std::memset(out, 0, kObsSize);
  const bool all_void = s.voids_chosen == 15;
  const bool all_raised = s.raises_made == 15;
  for (int p = 0; p < kSeats; ++p) encode_seat(s, p, seat, (p - seat) & 3, all_void, all_raised, out);
  encode_discards(s, seat, out);
  const int dealer = (s.dealer - seat) & 3;
  hit(out, kDealer, dealer);
  hit(out, kSeatWind, (-dealer) & 3);
  encode_flow(s, seat, out);
  fill_row(out, kWall, s.wall_remaining());
}

void encode_mask(const State& s, int seat, std::int8_t* out) noexcept {
  std::memset(out, 0, kNumActions);
  Move moves[kMaxLegalMoves];
  const int n = legal_moves(s, seat, moves);
  for (int i = 0; i < n; ++i) out[action_of(moves[i])] = 1;
}

}  // namespace yijing::mahjong::env
