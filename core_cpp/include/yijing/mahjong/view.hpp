// What a seat (or an observer) may see of a hand and its result
// (docs/mahjong-engine.md "view", "result"), as plain values: the
// hidden-information rules live here, and a binding only converts these to its
// language's objects.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "yijing/mahjong/engine.hpp"

namespace yijing::mahjong {

struct MeldView {
  const char* kind = "";
  std::optional<std::string> tiles;  // none: another seat's concealed kong
  int from = -1;                     // -1: none
};

struct DiscardView {
  std::string tile;
  bool claimed = false;
};

struct RevealView {
  const char* when = "opening";  // "opening" or "mid"
  std::vector<const char*> wins;
  std::string tiles;
};

struct SeatView {
  int seat = 0;
  int hand_count = 0;
  std::vector<MeldView> melds;
  std::vector<DiscardView> discards;
  std::vector<std::string> flowers;
  bool declared = false;
  bool locked = false;
  std::optional<std::string> void_suit;  // shown once every seat has chosen (own at once)
  int raised = -1;                       // -1: not shown
  std::vector<RevealView> revealed;
  // Only in the viewer's own seat.
  bool own = false;
  std::optional<std::string> hand;   // none before every seat has raised
  std::optional<std::string> drawn;  // the tile drawn this turn
  bool pass_locked = false;
};

struct OfferView {
  const char* kind = "";
  int seat = 0;
  std::optional<std::string> tile;  // none: hidden from this viewer, or not taken yet
  bool has_revealed = false;        // an open kong's revealed tiles
  std::vector<std::string> revealed;
};

struct LedgerView {
  const char* reason = "";
  int payer = 0;
  int payee = 0;
  std::int64_t amount = 0;
};

struct ResultView {
  const char* kind = "";
  int winner = -1;       // -1: none
  int dealt_in_by = -1;  // -1: none
  std::optional<std::string> win_tile;
  std::vector<const char*> patterns;  // UTF-8 names (Shaoyang's are Chinese)
  std::vector<std::int64_t> payments;
  std::vector<LedgerView> ledger;
  std::vector<std::string> birds;
};

struct View {
  int viewer = -1;  // -1: an observer
  const char* phase = "";
  int dealer = 0;
  int wall_remaining = 0;
  int turn = -1;  // -1 outside the play phase
  bool claims_pending = false;
  std::optional<OfferView> offer;
  std::vector<SeatView> seats;
  std::vector<std::string> history;
  std::optional<ResultView> result;
};

// `viewer` is -1 or a seat 0-3 (the caller checks it).
View view_of(const State& s, int viewer);
// The same into `out`, whose storage is reused (a caller that asks often).
void view_of(const State& s, int viewer, View& out);
// None until the hand is over.
std::optional<ResultView> result_of(const State& s);

}  // namespace yijing::mahjong
