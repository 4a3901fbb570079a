// The deal (rules §1; docs "GameCore(config, wall, dealer)"): three rounds of
// four tiles from the dealer counterclockwise, then two to the dealer and one
// to each other seat; then the flowers set aside and replaced from the back;
// then phase raise (Shaoyang), void (the void-suit game), opening (Changsha,
// when a seat has an opening win) or play.
#include <cstddef>
#include <cstring>

#include "engine_internal.hpp"

namespace yijing::mahjong {
namespace {

// A dealt tile: into the hand, or (a flower) set aside; replaced after the deal.
inline void deal_tile(State& s, int seat, int pending[kSeats]) noexcept {
  const Tile t = s.wall[s.head++];
  SeatState& st = s.seats[seat];
  if (is_flower(t)) {
    st.flowers[st.n_flowers++] = t;
    ++pending[seat];
  } else {
    detail::add_tile(st, t);
  }
}

// The big arrays close the State, in this order (reset_state relies on it).
static_assert(offsetof(State, ledger) < offsetof(State, reveals) &&
                  offsetof(State, reveals) < offsetof(State, discards) &&
                  offsetof(State, discards) < offsetof(State, history) &&
                  offsetof(State, history) < offsetof(State, wall) &&
                  offsetof(State, wall) + sizeof(State::wall) + alignof(State) > sizeof(State),
              "reset_state: ledger, reveals, discards, history, wall must be State's last members");

// s = State{} without rewriting its 10 KB: the engine writes the ledger,
// reveals, discards and history only at [n++] (below their counts), so past
// the counts they still hold a fresh State's values; clearing the entries
// below the counts, the wall, and copying the members before the arrays from
// a fresh State gives a fresh State (a hand of simulate or random play uses a
// few hundred bytes of those arrays; hot path).
void reset_state(State& s) noexcept {
  static const State kFresh{};
  for (int i = 0; i < s.n_ledger; ++i) s.ledger[i] = LedgerEntry{};
  for (int i = 0; i < s.n_reveals; ++i) s.reveals[i] = Reveal{};
  for (int i = 0; i < s.n_discards; ++i) s.discards[i] = Discard{};
  std::memset(s.history, 0, sizeof(Move) * s.n_history);
  std::memset(s.wall, 0, sizeof s.wall);
  std::memcpy(static_cast<void*>(&s), &kFresh, offsetof(State, ledger));
}

}  // namespace

void init_state_tiles(State& s, const Config& cfg, const Tile* tiles, int n, int dealer) noexcept {
  reset_state(s);
  s.cfg = cfg;
  std::memcpy(s.wall, tiles, static_cast<std::size_t>(n));
  s.n_wall = static_cast<std::uint8_t>(n);
  s.head = 0;
  s.tail = static_cast<std::uint8_t>(n);
  s.dealer = static_cast<std::uint8_t>(dealer);
  s.turn = s.dealer;
  int pending[kSeats] = {};
  for (int round = 0; round < 3; ++round)
    for (int i = 0; i < kSeats; ++i) {
      const int seat = State::seat_after(dealer, i);
      for (int j = 0; j < 4; ++j) deal_tile(s, seat, pending);
    }
  deal_tile(s, dealer, pending);
  deal_tile(s, dealer, pending);
  for (int i = 1; i < kSeats; ++i) deal_tile(s, State::seat_after(dealer, i), pending);
  // From the dealer counterclockwise, each seat replaces its flowers from the
  // back until it holds none, before the next seat does (rules §1).
  for (int i = 0; i < kSeats; ++i) {
    const int seat = State::seat_after(dealer, i);
    SeatState& st = s.seats[seat];
    while (pending[seat] > 0) {
      --pending[seat];
      if (s.head == s.tail) {  // a flower that cannot be replaced: drawn hand
        s.phase = Phase::kOver;
        s.result.kind = ResultKind::kDraw;
        return;
      }
      const Tile t = s.wall[--s.tail];
      if (is_flower(t)) {
        st.flowers[st.n_flowers++] = t;
        ++pending[seat];
      } else {
        detail::add_tile(st, t);
      }
    }
  }
  if (cfg.shaoyang()) {
    s.phase = Phase::kRaise;  // 舉手 before any tile is seen (rules §6)
    detail::refresh_masks(s);  // raises change no hand: the masks hold for play
  } else if (cfg.void_suit) {
    s.phase = Phase::kVoid;
  } else if (cfg.changsha()) {
    detail::refresh_masks(s);
    detail::start_opening(s);  // 起手胡 offers, or play (rules §7)
  } else {
    s.phase = Phase::kPlay;
    detail::refresh_masks(s);
  }
}

InitError init_state(State& s, const Config& cfg, std::string_view wall, int dealer) noexcept {
  s = State{};
  if (!config_valid(cfg)) return InitError::kBadConfig;
  if (dealer < 0 || dealer >= kSeats) return InitError::kBadDealer;
  const TileSet set = cfg.tiles();
  const int n = set_size(set);
  if (wall.size() != static_cast<std::size_t>(2 * n)) return InitError::kBadWall;
  Tile tiles[kMaxWallTiles];
  int count[kTileIds] = {};
  for (int i = 0; i < n; ++i) {
    const int t = tile_from_code(wall[static_cast<std::size_t>(2 * i)], wall[static_cast<std::size_t>(2 * i + 1)]);
    if (t < 0 || ++count[t] > copies_in_set(set, t)) return InitError::kBadWall;
    tiles[i] = static_cast<Tile>(t);
  }
  // n tiles, none above its count in the set, whose size is n: exactly the set.
  init_state_tiles(s, cfg, tiles, n, dealer);
  return InitError::kNone;
}

}  // namespace yijing::mahjong
