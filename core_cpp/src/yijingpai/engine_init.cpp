// Dealing (docs/yijing.md §2) and whose move it is (§3).
#include <cstring>

#include "engine_internal.hpp"
#include "yijing/yijingpai/wall.hpp"

namespace yijing::yijingpai {
namespace {

struct TileOfChar {
  std::uint8_t v[256];
  constexpr TileOfChar() : v() {
    for (auto& x : v) x = 3;
    v[static_cast<unsigned char>('0')] = kYin;
    v[static_cast<unsigned char>('1')] = kYang;
    v[static_cast<unsigned char>('T')] = kTaiji;
  }
};
constexpr TileOfChar kTileOfChar{};

// docs §2 on a state holding its wall (s.wall, `n` tiles): grabs of 4 from
// the front, dealer first, counterclockwise, two rounds; the simple variant
// adds a round of 1 tile each. Then the target phase starts.
void start_hand(State& s, const Config& cfg, int n, int dealer) noexcept {
  s.cfg = cfg;
  s.dealer = static_cast<std::uint8_t>(dealer);
  s.wall_len = static_cast<std::uint8_t>(n);
  s.phase = Phase::kTarget;
  s.targets_left = cfg.players;
  auto grab = [&s](int seat, int count) {
    Hand h = s.seats[seat].hand;
    for (int i = 0; i < count; ++i) add_tile(h, s.wall[s.wall_pos++]);
    s.seats[seat].hand = h;
  };
  const int players = cfg.players;
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < players; ++i) grab(s.seat_after(dealer, i), 4);
  if (cfg.play_size == 3)
    for (int i = 0; i < players; ++i) grab(s.seat_after(dealer, i), 1);
}

}  // namespace

InitError init_state(State& s, const Config& cfg, std::string_view wall, int dealer) noexcept {
  s = State{};
  if (!config_valid(cfg)) return InitError::kBadConfig;
  if (wall.size() > static_cast<std::size_t>(kMaxWallTiles)) return InitError::kBadWall;
  // Table-driven (branch-free) decoding: a shuffled wall defeats branch
  // prediction. Code 3 marks a character that is not a tile.
  int counts[4] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < wall.size(); ++i) {
    const std::uint8_t t = kTileOfChar.v[static_cast<unsigned char>(wall[i])];
    s.wall[i] = t;
    ++counts[t];
  }
  if (counts[3] != 0) return InitError::kBadWall;
  if (!is_tile_set(counts[kYang], counts[kYin], counts[kTaiji])) return InitError::kBadWall;
  if (dealer < 0 || dealer >= cfg.players) return InitError::kBadDealer;

  start_hand(s, cfg, static_cast<int>(wall.size()), dealer);
  return InitError::kNone;
}

void init_state_tiles(State& s, const Config& cfg, const std::uint8_t* tiles, int n,
                      int dealer) noexcept {
  s = State{};
  std::memcpy(s.wall, tiles, static_cast<std::size_t>(n));
  start_hand(s, cfg, n, dealer);
}

bool may_act(const State& s, int seat) noexcept {
  if (seat < 0 || seat >= s.players()) return false;
  switch (s.phase) {
    case Phase::kTarget: return !s.seats[seat].target_laid;
    case Phase::kPlay: return seat == s.turn;
    case Phase::kClaim: return seat == s.offered;
    case Phase::kOver: return false;
  }
  return false;
}

int to_act(const State& s, int out[kMaxPlayers]) noexcept {
  switch (s.phase) {  // one seat outside the target phase
    case Phase::kPlay: out[0] = s.turn; return 1;
    case Phase::kClaim: out[0] = s.offered; return 1;
    case Phase::kOver: return 0;
    case Phase::kTarget: break;
  }
  int n = 0;
  for (int seat = 0; seat < s.players(); ++seat)
    if (may_act(s, seat)) out[n++] = seat;
  return n;
}

}  // namespace yijing::yijingpai
