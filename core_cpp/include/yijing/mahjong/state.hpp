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

// kRaise (Shaoyang's 舉手) and kOpening (Changsha's 起手胡) are appended: the
// others keep their numbers.
enum class Phase : std::uint8_t { kVoid, kPlay, kClaim, kOver, kRaise, kOpening };
enum class MeldKind : std::uint8_t { kChow, kPung, kKong, kAddedKong, kConcealedKong };
// What a claim offers the tile of (Changsha: an open kong's revealed tile,
// the sea-bottom tile).
enum class OfferKind : std::uint8_t { kDiscard, kRobbedKong, kOpenKong, kHaidi };
enum class ResultKind : std::uint8_t { kNone, kSelfDraw, kDiscard, kRobbedKong, kDraw };
// Ledger reasons, in the documented names' order (docs "Results and payments";
// kKongBloom, Shaoyang's 放槓上花, and Changsha's kOpening, kMid appended).
enum class Pay : std::uint8_t {
  kExposedKong, kConcealedKong, kAddedKong, kDiscard, kSelfDraw, kRobbedKong, kReadyBonus,
  kKongBloom, kOpening, kMid
};
// Changsha's opening (起手胡) and mid-game wins, in the documented order
// (notation.hpp declared_win_name).
enum class DeclaredWin : std::uint8_t {
  kBanBan, kSiXi, kLiuLiuShun, kQueYiSe, kSanTong, kYiZhiHua, kBuBuGao, kJinTongYuNu,
  kMidSiXi, kMidLiuLiuShun
};

// --- Bounds -----------------------------------------------------------------
// A seat in turn holds 14 - 3k tiles (k melds), so k <= 4.
inline constexpr int kMaxMelds = 4;
// Every physical tile is discarded at most once (a claimed discard goes into a
// meld and never comes back), and at least 53 are dealt and 13 stay in hands.
inline constexpr int kMaxDiscards = kMaxWallTiles;
// Moves: 4 void choices or 4 raises (never both: void is common's, raise
// Shaoyang's); turn moves (one per draw, chow/pung and kong: at most
// 144 - 53 draws + 16 claims + 16 kongs + 1 win); per discard at most five
// offers (three wins, a pung, a chow; Shaoyang: a pung, a chow), each
// answered; three robbing offers per kong of any kind (common: added kongs
// only). 4 + 124 + 107 * 5 + 16 * 3 < 720.
inline constexpr int kMaxHistory = 1024;
// Three entries per kong (at most 16: four melds a seat; Shaoyang pays every
// kind by each other seat) and six at the win (common: the win's three and
// the ready bonus; Shaoyang: three, or one paid alone). Changsha pays no
// kong but three entries per opening or mid-game win: a kind's four (四喜)
// or triplet (六六順) can be concealed in one seat only (4 copies), so at
// most 27 四喜 and 13 六六順 a hand, and per seat 板板胡, two 缺一色 and four
// extras: (27 + 13 + 4 * 7) * 3 + 3 = 207.
inline constexpr int kMaxLedger = 256;
// Offers on one tile: three win offers, a pung offer, a chow offer; a kong's
// robbing offers: three at most; Changsha's open kong: three seats on each of
// two revealed tiles; its sea bottom: four seats.
inline constexpr int kMaxOffers = 6;
// Changsha: the declared wins of one declaration (an opening: 板板胡, three
// 四喜, two 六六順, two 缺一色, four extras) and the declarations of a hand
// (four openings; each mid-game declaration uses a kind no declaration of
// the seat used, and a kind's four or triplet is in one seat only).
inline constexpr int kMaxDeclaredWins = 12;
inline constexpr int kMaxReveals = 48;

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
  std::int8_t raised = -1;    // Shaoyang's 舉手: -1 (not yet / common) or 0..3
  Meld melds[kMaxMelds];
  Tile flowers[8] = {};       // in the order set aside
  // Bit t: wins_with(seat, t) (docs "Winning"). Kept for the seats that are
  // not in turn (13 - 3k tiles): recomputed whenever such a hand forms (a
  // discard, the deal, the void choices), so every win / robbing offer is a
  // bit test (hot path).
  std::uint64_t win_mask = 0;
  // The last hand compute_win_mask evaluated past its bound check (concealed
  // counts, meld count and kinds, void) and what it found (the mask and the
  // exact shape distance): a turn that discards the tile it drew comes back to
  // that hand, and its mask is reused instead of recomputed (hot path: a
  // ready hand's every turn). mask_melds 0xFF: none yet.
  Counts mask_counts{};
  std::uint64_t mask_value = 0;
  std::uint16_t mask_kinds = 0;
  std::uint8_t mask_melds = 0xFF;
  std::int8_t mask_void = -1;
  std::int8_t mask_lb = 0;
  // A lower bound of the hand's shape distance: min(regular shanten, seven
  // pairs shanten when k == 0, and in Shaoyang thirteen orphans shanten when
  // k == 0), exact whenever it is <= 0 for the seat in turn. A tile gained
  // lowers a hand's shanten by at most one and a tile given up (a discard, a
  // kong) never lowers it, so the bound is kept with no look-up and
  // recomputed only when it reaches 0: a seat in turn with a bound >= 1 can
  // neither win nor declare ready, and one that discards with a bound >= 1
  // has no waits (most turns of a hand; hot path).
  std::int8_t shanten_lb = 0;
  // Changsha.
  bool locked = false;        // an open kong nobody won on (rules §7)
  bool pass_locked = false;   // 過手: passed a 胡 and has not taken a tile since
  std::uint32_t used = 0;     // bit t: kind t used by an opening / mid-game declaration
  Counts dealt{};             // the dealt tiles (中途: formed after the deal)
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
  // Changsha: an opening offer ([opening, pass]), a sea-bottom offer
  // ([haidi, pass]); the open-kong tile this win offer is on.
  bool opening = false;
  bool haidi = false;
  Tile tile = 0;
};

// Changsha: one opening or mid-game declaration, as the view shows it.
struct Reveal {
  std::uint8_t seat = 0;
  bool mid = false;
  std::uint8_t n_wins = 0;
  DeclaredWin wins[kMaxDeclaredWins] = {};
  Counts tiles{};             // the tiles shown
};

struct LedgerEntry {
  Pay reason = Pay::kDiscard;
  std::uint8_t payer = 0;
  std::uint8_t payee = 0;
  // Shaoyang's amounts reach 3 x 24 x 8 x 8 = 4608 (a robbed kong or 放槓上花
  // paid alone); Changsha's floats and cap are any ints >= 0.
  std::int64_t amount = 0;
};

// Result::patterns bits, per ruleset in its documented order (docs "Results
// and payments"; notation.hpp pattern_name): common regular, seven_pairs;
// Shaoyang 平胡 碰碰對 清一色 七巧對 十三浪 全風十三浪; Changsha 小胡 七對
// 豪華七對 超豪華七對 超超豪華七對 清一色 將一色 碰碰胡 全求人 槓上開花 槓上炮
// 海底撈月 海底炮 搶槓.
inline constexpr int kMaxPatterns = 14;

struct Result {
  ResultKind kind = ResultKind::kNone;
  std::int8_t winner = -1;
  std::int8_t dealt_in_by = -1;
  Tile win_tile = kNoTile;
  bool regular = false;       // the shapes of the win (every ruleset)
  bool seven_pairs = false;
  std::uint16_t patterns = 0;  // bit i: the ruleset's i-th pattern
  std::uint8_t n_birds = 0;    // Changsha's 扎鳥 tiles, in the order turned
  Tile birds[4] = {};
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
  std::uint8_t raises_made = 0;   // phase raise: bit s = seat s has raised
  // The last seat that took a tile from the wall (a draw or a replacement,
  // flowers included; not the deal), or -1.
  std::int8_t last_taker = -1;
  // Shaoyang: the discarder whose tile the turn seat konged (exposed), while
  // the turn seat holds that kong's replacement and has not moved; else -1.
  std::int8_t fed_by = -1;
  // Changsha: an open kong's tiles are revealed once its robbing offers are
  // passed; the revealed tiles (back-most first) while they lie face up off
  // the wall and out of the discards (n_revealed is 0 once they are laid in
  // the konger's discards); the sea-bottom tile's offer has been taken (its
  // win offers) or not yet (the take offers).
  bool open_kong_pending = false;
  bool haidi_taken = false;
  std::uint8_t n_revealed = 0;
  Tile revealed[2] = {};
  std::uint8_t n_reveals = 0;
  bool history_overflow = false;  // never set while the bounds above hold
  // Phase claim: the tile on offer and the offers (in order) on it.
  OfferKind offer_kind = OfferKind::kDiscard;
  MeldKind rob_kind = MeldKind::kAddedKong;  // a robbing offer: the kong's kind
  Tile offer_tile = 0;
  std::uint8_t offer_from = 0;    // the discarder / konger
  std::uint8_t n_offers = 0;
  std::uint8_t offer_i = 0;       // the current offer
  ClaimOffer offers[kMaxOffers];
  Result result;
  std::uint16_t n_ledger = 0;
  std::uint8_t n_discards = 0;
  std::uint16_t n_history = 0;
  SeatState seats[kSeats];
  LedgerEntry ledger[kMaxLedger];
  Reveal reveals[kMaxReveals];     // Changsha's declarations, in the order made
  Discard discards[kMaxDiscards];  // every seat's, in the order made
  Move history[kMaxHistory] = {};
  Tile wall[kMaxWallTiles] = {};   // as dealt

  static constexpr int seat_after(int seat, int offset) noexcept { return (seat + offset) & 3; }
  int wall_remaining() const noexcept { return tail - head; }
  int melds(int seat) const noexcept { return seats[seat].n_melds; }
  const ClaimOffer& offer() const noexcept { return offers[offer_i]; }
};

}  // namespace yijing::mahjong
