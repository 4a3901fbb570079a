// The state of one mahjong hand: a small value type (fixed-size arrays only),
// so a copy is a memcpy and bots can clone it freely. No heap, no globals.
// Words as in docs/mahjong-engine.md "State words used below".
#pragma once

#include <cstdint>

#include "yijing/mahjong/config.hpp"
#include "yijing/mahjong/hand.hpp"
#include "yijing/mahjong/moves.hpp"
#include "yijing/mahjong/tiles.hpp"

namespace yijing::mahjong {

inline constexpr int kSeats = 4;

enum class Phase : std::uint8_t { kVoid, kPlay, kClaim, kOver };
enum class MeldKind : std::uint8_t { kChow, kPung, kKong, kAddedKong, kConcealedKong };
// What a claim offers the tile of.
enum class OfferKind : std::uint8_t { kDiscard, kRobbedKong };
enum class ResultKind : std::uint8_t { kNone, kSelfDraw, kDiscard, kRobbedKong, kDraw };
// Ledger reasons, in the documented names' order (docs "Results and payments").
enum class Pay : std::uint8_t {
  kExposedKong, kConcealedKong, kAddedKong, kDiscard, kSelfDraw, kRobbedKong, kReadyBonus
};

// --- Bounds -----------------------------------------------------------------
// A seat in turn holds 14 - 3k tiles (k melds), so k <= 4.
inline constexpr int kMaxMelds = 4;
// Every physical tile is discarded at most once (a claimed discard goes into a
// meld and never comes back), and at least 53 are dealt and 13 stay in hands.
inline constexpr int kMaxDiscards = kMaxWallTiles;
// Moves: 4 void choices; turn moves (one per draw, chow/pung and kong: at most
// 144 - 53 draws + 16 claims + 16 kongs + 1 win); per discard at most five
// offers (three wins, a pung, a chow), each answered; three robbing offers per
// added kong. 4 + 124 + 107 * 5 + 16 * 3 < 720.
inline constexpr int kMaxHistory = 1024;
// Three entries per kong and six at the win.
inline constexpr int kMaxLedger = 3 * 16 + 6;
// Offers on one tile: three win offers, a pung offer, a chow offer.
inline constexpr int kMaxOffers = 5;

struct Meld {
  MeldKind kind = MeldKind::kChow;
  Tile tile = 0;              // the lowest tile (a chow), the kind (else)
  std::int8_t from = -1;      // the discarder it took from; -1 concealed kong
};

struct SeatState {
  Counts counts{};            // concealed tiles per kind
  // Bit tile_key(t): counts[t] > 0. Kept with the counts (add_tile /
  // remove_tiles in the engine), so the move generator walks the kinds held
  // in string order with bit scans instead of testing all 34 kinds.
  std::uint64_t held_keys = 0;
  std::uint64_t four_keys = 0;  // the same for counts[t] == 4 (concealed kongs)
  std::uint8_t n_concealed = 0;
  std::uint8_t n_melds = 0;
  std::uint8_t n_flowers = 0;
  bool declared = false;      // 報聽
  std::int8_t void_suit = -1; // -1 or 0/1/2 (m/p/s)
  Meld melds[kMaxMelds];
  Tile flowers[8] = {};       // in the order set aside
  // Bit t: wins_with(seat, t) (docs "Winning"). Kept for the seats that are
  // not in turn (13 - 3k tiles): recomputed whenever such a hand forms (a
  // discard, the deal, the void choices), so every win / robbing offer is a
  // bit test (hot path).
  std::uint64_t win_mask = 0;
  // A lower bound of the hand's shape distance: min(regular shanten, seven
  // pairs shanten when k == 0), exact whenever it is <= 0 for the seat in
  // turn. A tile gained lowers a hand's shanten by at most one and a tile
  // given up (a discard, a kong) never lowers it, so the bound is kept with
  // no look-up and recomputed only when it reaches 0: a seat in turn with a
  // bound >= 1 can neither win nor declare ready, and one that discards with
  // a bound >= 1 has no waits (most turns of a hand; hot path).
  std::int8_t shanten_lb = 0;
};

struct Discard {
  Tile tile = 0;
  std::uint8_t seat = 0;
  bool claimed = false;
};

// One seat's offer on the tile on offer: `win` (a win offer), or the meld
// claims (pung, kong, chows: bit i = the chow whose lowest tile is tile-2+i).
struct ClaimOffer {
  std::uint8_t seat = 0;
  bool win = false;
  bool pung = false;
  bool kong = false;
  std::uint8_t chows = 0;
};

struct LedgerEntry {
  Pay reason = Pay::kDiscard;
  std::uint8_t payer = 0;
  std::uint8_t payee = 0;
  std::int8_t amount = 0;
};

struct Result {
  ResultKind kind = ResultKind::kNone;
  std::int8_t winner = -1;
  std::int8_t dealt_in_by = -1;
  Tile win_tile = kNoTile;
  bool regular = false;       // patterns
  bool seven_pairs = false;
};

struct State {
  Config cfg;
  Phase phase = Phase::kPlay;
  std::uint8_t dealer = 0;
  std::uint8_t turn = 0;          // phase play: the turn seat
  Tile drawn = kNoTile;           // the turn seat's last wall tile, or none
  bool claimed_turn = false;      // the turn came by a chow or pung
  std::uint8_t n_wall = 0;
  std::uint8_t head = 0;          // live wall: wall[head .. tail)
  std::uint8_t tail = 0;
  std::uint8_t voids_chosen = 0;  // phase void: bit s = seat s has chosen
  bool history_overflow = false;  // never set while the bounds above hold
  // Phase claim: the tile on offer and the offers (in order) on it.
  OfferKind offer_kind = OfferKind::kDiscard;
  Tile offer_tile = 0;
  std::uint8_t offer_from = 0;    // the discarder / konger
  std::uint8_t n_offers = 0;
  std::uint8_t offer_i = 0;       // the current offer
  ClaimOffer offers[kMaxOffers];
  Result result;
  std::uint8_t n_ledger = 0;
  std::uint8_t n_discards = 0;
  std::uint16_t n_history = 0;
  SeatState seats[kSeats];
  LedgerEntry ledger[kMaxLedger];
  Discard discards[kMaxDiscards];  // every seat's, in the order made
  Move history[kMaxHistory] = {};
  Tile wall[kMaxWallTiles] = {};   // as dealt

  static constexpr int seat_after(int seat, int offset) noexcept { return (seat + offset) & 3; }
  int wall_remaining() const noexcept { return tail - head; }
  int melds(int seat) const noexcept { return seats[seat].n_melds; }
  const ClaimOffer& offer() const noexcept { return offers[offer_i]; }
};

}  // namespace yijing::mahjong
