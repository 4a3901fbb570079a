// Tiles, tile sets and the shuffle (tiles.hpp); the config (config.hpp); the
// reason names (reason.hpp): the small tables of the mahjong game engine.
#include <cstring>
#include <string>

#include "yijing/mahjong/config.hpp"
#include "yijing/mahjong/reason.hpp"
#include "yijing/mahjong/tiles.hpp"
#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"

namespace yijing::mahjong {

const char* tile_set_name(TileSet set) noexcept {
  switch (set) {
    case TileSet::k144: return "144";
    case TileSet::k108: return "108";
    case TileSet::k136: break;
  }
  return "136";
}

std::optional<TileSet> tile_set_from_string(std::string_view name) noexcept {
  if (name == "136") return TileSet::k136;
  if (name == "144") return TileSet::k144;
  if (name == "108") return TileSet::k108;
  return std::nullopt;
}

int tile_from_code(char digit, char suit) noexcept {
  if (digit < '1' || digit > '9') return -1;
  const int n = digit - '1';
  switch (suit) {
    case 'm': return n;
    case 'p': return 9 + n;
    case 's': return 18 + n;
    case 'z': return n < 7 ? kHonourBase + n : -1;
    case 'f': return n < 8 ? kFlowerBase + n : -1;
    default: return -1;
  }
}

int canonical_wall(TileSet set, Tile* out) noexcept {
  int n = 0;
  for (int t = 0; t < kTileIds; ++t)
    for (int c = copies_in_set(set, t); c > 0; --c) out[n++] = static_cast<Tile>(t);
  return n;
}

int shuffle_tiles(std::uint64_t seed, TileSet set, Tile* tiles, int& die1, int& die2) noexcept {
  Xoshiro256ss rng(seed);
  return shuffle_tiles(rng, set, tiles, die1, die2);
}

int shuffle_tiles(Xoshiro256ss& rng, TileSet set, Tile* tiles, int& die1, int& die2) noexcept {
  const int n = canonical_wall(set, tiles);
  // As Yi Jing Pai's shuffle (yijingpai/wall.cpp): the swap targets first (an
  // arithmetic loop that pipelines), then the swaps; sim::uniform is
  // Xoshiro256ss::uniform without its divisions (same values, same steps).
  std::uint8_t js[kMaxWallTiles];
  for (int i = n - 1; i >= 1; --i)
    js[i] = static_cast<std::uint8_t>(sim::uniform(rng, static_cast<std::uint64_t>(i + 1)));
  for (int i = n - 1; i >= 1; --i) {
    const int j = js[i];
    const Tile x = tiles[i];
    tiles[i] = tiles[j];
    tiles[j] = x;
  }
  die1 = 1 + static_cast<int>(sim::uniform(rng, 6));
  die2 = 1 + static_cast<int>(sim::uniform(rng, 6));
  return n;
}

std::string tiles_string(const Tile* tiles, int n) {
  std::string out(static_cast<std::size_t>(2 * n), ' ');
  for (int i = 0; i < n; ++i) {
    out[static_cast<std::size_t>(2 * i)] = tile_digit(tiles[i]);
    out[static_cast<std::size_t>(2 * i + 1)] = tile_suit_char(tiles[i]);
  }
  return out;
}

Deal shuffle_wall(std::uint64_t seed, TileSet set) {
  Tile tiles[kMaxWallTiles];
  Deal d;
  const int n = shuffle_tiles(seed, set, tiles, d.die1, d.die2);
  d.wall = tiles_string(tiles, n);
  return d;
}

const char* ruleset_name(Ruleset r) noexcept {
  switch (r) {
    case Ruleset::kShaoyang: return "shaoyang";
    case Ruleset::kChangsha: return "changsha";
    case Ruleset::kCommon: break;
  }
  return "common";
}

std::optional<Ruleset> ruleset_from_string(std::string_view name) noexcept {
  if (name == "common") return Ruleset::kCommon;
  if (name == "shaoyang") return Ruleset::kShaoyang;
  if (name == "changsha") return Ruleset::kChangsha;
  return std::nullopt;
}

namespace {

ConfigResult make_config_impl(const ConfigArgs& a) {
  ConfigResult r;
  const auto rs = ruleset_from_string(a.ruleset);
  if (!rs) {
    // The fallback's words (pyyijing/fallback/mahjong/config.py), with repr quoting.
    r.error = "unknown ruleset '" + std::string(a.ruleset) + "'; rulesets: common, shaoyang, changsha";
    return r;
  }
  if (*rs != Ruleset::kCommon && (a.flowers || a.void_suit)) {
    r.error = "flowers and void_suit are options of common only";
    return r;
  }
  if (a.flowers && a.void_suit) {
    r.error = "flowers and void_suit cannot both be on";
    return r;
  }
  if (a.birds != 0 && a.birds != 2 && a.birds != 4) {
    r.error = "birds must be 0, 2 or 4; got " + std::to_string(a.birds);
    return r;
  }
  const std::string_view names[2] = {"bird_scoring", "compound"};
  const std::string_view values[2] = {a.bird_scoring, a.compound};
  Scoring scoring[2] = {Scoring::kAdd, Scoring::kAdd};
  for (int i = 0; i < 2; ++i) {
    if (values[i] == "multiply") {
      scoring[i] = Scoring::kMultiply;
    } else if (values[i] != "add") {
      r.error = std::string(names[i]) + " must be 'add' or 'multiply'; got '" + std::string(values[i]) + "'";
      return r;
    }
  }
  if (a.cap < 0) {
    r.error = "cap must be >= 0 (0: no cap); got " + std::to_string(a.cap);
    return r;
  }
  bool floats_ok = true;
  for (auto f : a.floats) floats_ok = floats_ok && f >= 0;
  if (!floats_ok) {
    r.error = "floats must be four ints >= 0; got (";
    for (int i = 0; i < 4; ++i) r.error += (i ? ", " : "") + std::to_string(a.floats[static_cast<std::size_t>(i)]);
    r.error += ")";
    return r;
  }
  Config& c = r.config;
  c.ruleset = *rs;
  c.flowers = a.flowers;
  c.void_suit = a.void_suit;
  c.declare_ready = a.declare_ready;
  c.birds = static_cast<std::uint8_t>(a.birds);
  c.bird_scoring = scoring[0];
  c.compound = scoring[1];
  c.cap = a.cap;
  c.floats = a.floats;
  c.opening_extras = a.opening_extras;
  c.opening_reuse = a.opening_reuse;
  c.mid_game_wins = a.mid_game_wins;
  c.pass_lock = a.pass_lock;
  return r;
}

}  // namespace

ConfigResult make_config(const ConfigArgs& args) { return make_config_impl(args); }

ConfigResult make_config(std::string_view ruleset, bool flowers, bool void_suit, bool declare_ready) {
  ConfigArgs a;
  a.ruleset = ruleset;
  a.flowers = flowers;
  a.void_suit = void_suit;
  a.declare_ready = declare_ready;
  return make_config(a);
}

const char* scoring_name(Scoring s) noexcept { return s == Scoring::kMultiply ? "multiply" : "add"; }

const char* reason_name(Reason r) noexcept {
  switch (r) {
    case Reason::kOk: return "ok";
    case Reason::kMalformed: return "malformed";
    case Reason::kNoSuchSeat: return "no_such_seat";
    case Reason::kGameOver: return "game_over";
    case Reason::kNotInRules: return "not_in_rules";
    case Reason::kWrongPhase: return "wrong_phase";
    case Reason::kAlreadyChosen: return "already_chosen";
    case Reason::kNotYourTurn: return "not_your_turn";
    case Reason::kTileNotHeld: return "tile_not_held";
    case Reason::kHandLocked: return "hand_locked";
    case Reason::kVoidSuitFirst: return "void_suit_first";
    case Reason::kAlreadyDeclared: return "already_declared";
    case Reason::kNotReady: return "not_ready";
    case Reason::kMustDiscard: return "must_discard";
    case Reason::kCannotKong: return "cannot_kong";
    case Reason::kVoidSuit: return "void_suit";
    case Reason::kWallEmpty: return "wall_empty";
    case Reason::kCannotWin: return "cannot_win";
    case Reason::kCannotPung: return "cannot_pung";
    case Reason::kCannotChow: return "cannot_chow";
    case Reason::kAlreadyRaised: return "already_raised";
    case Reason::kRaiseTooHigh: return "raise_too_high";
    case Reason::kCannotDeclare: return "cannot_declare";
    case Reason::kCannotHaidi: return "cannot_haidi";
  }
  return "malformed";
}

const char* reason_message(Reason r) noexcept {
  switch (r) {
    case Reason::kOk: return "";
    case Reason::kMalformed: return "the move does not match the notation s<seat>:<action>";
    case Reason::kNoSuchSeat: return "there is no such seat (seats are 0-3)";
    case Reason::kGameOver: return "the hand is over";
    case Reason::kNotInRules: return "this move is not part of these rules";
    case Reason::kWrongPhase: return "this move does not belong to the current phase";
    case Reason::kAlreadyChosen: return "this seat has already chosen its void suit";
    case Reason::kNotYourTurn: return "it is not this seat's turn to act";
    case Reason::kTileNotHeld: return "the seat does not hold that tile";
    case Reason::kHandLocked: return "the hand is locked after declaring ready";
    case Reason::kVoidSuitFirst: return "a tile of the void suit must be discarded first";
    case Reason::kAlreadyDeclared: return "the seat has already declared ready";
    case Reason::kNotReady: return "the hand would not be ready after that discard";
    case Reason::kMustDiscard: return "after a chow or pung the seat must discard";
    case Reason::kCannotKong: return "the seat cannot make that kong";
    case Reason::kVoidSuit: return "the void suit cannot be melded";
    case Reason::kWallEmpty: return "the live wall is empty";
    case Reason::kCannotWin: return "the hand does not win";
    case Reason::kCannotPung: return "that pung is not on offer";
    case Reason::kCannotChow: return "that chow is not on offer";
    case Reason::kAlreadyRaised: return "this seat has already raised (舉手)";
    case Reason::kRaiseTooHigh: return "a seat raises 0 to 3 times (舉手)";
    case Reason::kCannotDeclare: return "the seat has no mid-game win to declare (中途四喜 / 中途六六順)";
    case Reason::kCannotHaidi: return "the sea-bottom tile is not on offer to this seat";
  }
  return "";
}

}  // namespace yijing::mahjong
