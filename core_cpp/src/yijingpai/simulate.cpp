// Batch simulation (docs/simulation.md): deal with the shuffle of wall.cpp
// (tile codes, no string), let the bots play, record the outcome; many games
// on threads.
#include "yijing/yijingpai/simulate.hpp"

#include "yijing/sim/fastrand.hpp"
#include "yijing/sim/parallel.hpp"
#include "yijing/yijingpai/iching_tables.hpp"

namespace yijing::yijingpai {
namespace {

struct KingWenTable {
  std::uint8_t v[64] = {};
  KingWenTable() {
    for (const auto& h : kHexagrams) {
      unsigned val = 0;
      for (int i = 0; i < 6; ++i)
        if (h.lines[i] == '1') val |= 1u << i;
      v[val] = static_cast<std::uint8_t>(h.king_wen);
    }
  }
};
const KingWenTable& king_wen_table() {
  static const KingWenTable table;
  return table;
}

}  // namespace

int king_wen_of(std::uint8_t values) noexcept { return king_wen_table().v[values & 63u]; }

void deal_game(const SimSpec& spec, std::uint64_t seed, std::uint64_t index, State& s) noexcept {
  std::uint8_t tiles[kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = shuffle_tiles(sim::game_seed(seed, index), spec.cfg.deck, spec.cfg.taiji, tiles, d1, d2);
  init_state_tiles(s, spec.cfg, tiles, n, (d1 + d2 - 1) % spec.cfg.players);
}

namespace {
void deal_from_seed(const SimSpec& spec, std::uint64_t wall_seed, int dealer, State& s) noexcept {
  std::uint8_t tiles[kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = shuffle_tiles(wall_seed, spec.cfg.deck, spec.cfg.taiji, tiles, d1, d2);
  init_state_tiles(s, spec.cfg, tiles, n, dealer >= 0 ? dealer : (d1 + d2 - 1) % spec.cfg.players);
}
}  // namespace

int seat_policy(const SimSpec& spec, std::uint64_t index, int seat) noexcept {
  const std::uint64_t m = spec.num_policies == 0 ? 1 : spec.num_policies;
  return static_cast<int>(spec.rotate ? (static_cast<std::uint64_t>(seat) + index) % m
                                      : static_cast<std::uint64_t>(seat) % m);
}

void play_hand(const SimSpec& spec, std::uint64_t wall_seed, std::uint64_t rotation, int dealer,
               State& s, GameOutcome& out) noexcept {
  deal_from_seed(spec, wall_seed, dealer, s);
  Xoshiro256ss rng(wall_seed ^ sim::kBotSeedXor);
  const int n = spec.cfg.players;
  BotKind kinds[kMaxPlayers] = {};
  for (int seat = 0; seat < n; ++seat) {
    const int p = seat_policy(spec, rotation, seat);
    out.seat_policy[seat] = static_cast<std::uint8_t>(p);
    kinds[seat] = spec.policies[p];
  }
  int plies = 0;
  while (s.phase != Phase::kOver) {
    int seat;
    if (s.phase == Phase::kPlay) {
      seat = s.turn;
    } else if (s.phase == Phase::kClaim) {
      seat = s.offered;
    } else {
      seat = 0;
      while (s.seats[seat].target_laid) ++seat;
    }
    apply(s, bot_action(s, seat, kinds[seat], rng));
    ++plies;
  }
  const Result& r = s.result;
  out.dealer = static_cast<std::int8_t>(s.dealer);
  out.plies = static_cast<std::uint16_t>(plies);
  out.winner = r.winner;
  out.dealt_in_by = r.dealt_in_by;
  out.kind = r.kind == ResultKind::kSelfDraw ? kSimSelfDraw
             : r.kind == ResultKind::kDealtIn ? kSimDealtIn
                                              : kSimDraw;
  out.conditions = r.conditions;
  out.points = r.points_half;
  out.hexagram = out.kind == kSimDraw ? 0 : static_cast<std::uint8_t>(king_wen_of(r.values));
  for (int i = 0; i < kMaxPlayers; ++i) out.payments[i] = i < n ? r.payments[i] : 0;
}

int next_dealer(const SimSpec& spec, const GameOutcome& out) noexcept {
  switch (spec.next_dealer) {
    case NextDealer::kDice: return -1;
    case NextDealer::kWinner: return out.winner >= 0 ? out.winner : out.dealer;
    case NextDealer::kRotate: return (out.dealer + 1) % spec.cfg.players;
  }
  return -1;
}

void play_game(const SimSpec& spec, std::uint64_t seed, std::uint64_t index, State& s,
               GameOutcome& out) noexcept {
  if (spec.hands_per_match == 0) {
    play_hand(spec, sim::game_seed(seed, index), index, -1, s, out);
    return;
  }
  const std::uint64_t h = spec.hands_per_match;
  const std::uint64_t match = index / h, hand = index % h;
  const std::uint64_t match_seed = sim::game_seed(seed, match);
  int dealer = -1;
  for (std::uint64_t j = 0;; ++j) {
    out = GameOutcome{};
    play_hand(spec, sim::game_seed(match_seed, j), match, dealer, s, out);
    if (j == hand) return;
    dealer = next_dealer(spec, out);
  }
}

namespace {
void store(const SimArrays& out, std::uint64_t i, int n, const GameOutcome& g) noexcept {
  out.winner[i] = g.winner;
  out.kind[i] = g.kind;
  out.dealt_in_by[i] = g.dealt_in_by;
  out.conditions[i] = g.conditions;
  out.hexagram[i] = g.hexagram;
  out.points[i] = g.points;
  out.plies[i] = g.plies;
  out.dealer[i] = g.dealer;
  const std::uint64_t row = i * static_cast<std::uint64_t>(n);
  for (int p = 0; p < n; ++p) {
    out.payments[row + static_cast<std::uint64_t>(p)] = g.payments[p];
    out.seat_policy[row + static_cast<std::uint64_t>(p)] = static_cast<std::int8_t>(g.seat_policy[p]);
  }
}
}  // namespace

void simulate_batch(const SimSpec& spec, std::uint64_t seed, std::uint64_t start,
                    std::uint64_t count, int threads, const SimArrays& out) {
  king_wen_table();  // built before the threads start
  const int n = spec.cfg.players;
  if (spec.hands_per_match == 0) {
    sim::parallel_blocks(count, threads, 512, [&](int, std::uint64_t begin, std::uint64_t end) {
      State s;
      GameOutcome g;
      for (std::uint64_t i = begin; i < end; ++i) {
        g = GameOutcome{};
        play_game(spec, seed, start + i, s, g);
        store(out, i, n, g);
      }
    });
    return;
  }
  // Whole matches: one work item per match, its hands in order.
  const std::uint64_t h = spec.hands_per_match;
  const std::uint64_t first_match = start / h, matches = count / h;
  const std::uint64_t block = matches > 0 && 512 / h > 0 ? 512 / h : 1;
  sim::parallel_blocks(matches, threads, block, [&](int, std::uint64_t begin, std::uint64_t end) {
    State s;
    GameOutcome g;
    for (std::uint64_t m = begin; m < end; ++m) {
      const std::uint64_t match = first_match + m;
      const std::uint64_t match_seed = sim::game_seed(seed, match);
      int dealer = -1;
      for (std::uint64_t j = 0; j < h; ++j) {
        g = GameOutcome{};
        play_hand(spec, sim::game_seed(match_seed, j), match, dealer, s, g);
        const std::uint64_t i = m * h + j;
        store(out, i, n, g);
        if (out.match) out.match[i] = static_cast<std::int64_t>(match);
        if (out.hand) out.hand[i] = static_cast<std::uint16_t>(j);
        dealer = next_dealer(spec, g);
      }
    }
  });
}

}  // namespace yijing::yijingpai
