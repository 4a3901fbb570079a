// Dealing (docs/yijing.md §2) and whose move it is (§3).
#include <cstring>

#include "engine_internal.hpp"

namespace yijing::yijingpai {
namespace {

// The tile sets a wall may hold (docs §Specs): deck 144/162, with 4 taiji
// ("wild") or none.
bool wall_counts_valid(int yang, int yin, int taiji) noexcept {
  if (yang != yin || (taiji != 0 && taiji != 4)) return false;
  return yang == 70 || yang == 79;
}

}  // namespace

InitError init_state(State& s, const Config& cfg, std::string_view wall, int dealer) noexcept {
  s = State{};
  if (!config_valid(cfg)) return InitError::kBadConfig;
  if (wall.size() > static_cast<std::size_t>(kMaxWallTiles)) return InitError::kBadWall;
  int counts[3] = {0, 0, 0};
  for (std::size_t i = 0; i < wall.size(); ++i) {
    Tile t;
    switch (wall[i]) {
      case '0': t = kYin; break;
      case '1': t = kYang; break;
      case 'T': t = kTaiji; break;
      default: return InitError::kBadWall;
    }
    s.wall[i] = t;
    ++counts[t];
  }
  if (!wall_counts_valid(counts[kYang], counts[kYin], counts[kTaiji])) return InitError::kBadWall;
  if (dealer < 0 || dealer >= cfg.players) return InitError::kBadDealer;

  s.cfg = cfg;
  s.dealer = static_cast<std::uint8_t>(dealer);
  s.wall_len = static_cast<std::uint8_t>(wall.size());
  s.phase = Phase::kTarget;
  s.targets_left = cfg.players;

  // docs §2: grabs of 4 from the front, dealer first, counterclockwise, two
  // rounds; the simple variant adds a round of 1 tile each.
  auto grab = [&s](int seat, int n) {
    Hand& h = s.seats[seat].hand;
    for (int i = 0; i < n; ++i) {
      switch (s.wall[s.wall_pos++]) {
        case kYang: ++h.yang; break;
        case kYin: ++h.yin; break;
        default: ++h.taiji; break;
      }
    }
  };
  const int n = cfg.players;
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < n; ++i) grab((dealer + i) % n, 4);
  if (cfg.play_size == 3)
    for (int i = 0; i < n; ++i) grab((dealer + i) % n, 1);
  return InitError::kNone;
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
  int n = 0;
  for (int seat = 0; seat < s.players(); ++seat)
    if (may_act(s, seat)) out[n++] = seat;
  return n;
}

}  // namespace yijing::yijingpai
