// Batch simulation (docs/simulation.md): deal with the fast shuffle, let the
// bots play, record the outcome; many games on threads.
#include "yijing/yijingpai/simulate.hpp"

#include <cstring>

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

int shuffle_tiles(std::uint64_t seed, Deck deck, TaijiRule taiji, std::uint8_t* tiles, int& die1,
                  int& die2) noexcept {
  // canonical_wall(): yang, yin, taiji; then Fisher-Yates as shuffle_wall().
  const int per_kind = deck == Deck::k144 ? 70 : 79;
  const int n = 2 * per_kind + (taiji == TaijiRule::kWild ? 4 : 0);
  std::memset(tiles, kYang, static_cast<std::size_t>(per_kind));
  std::memset(tiles + per_kind, kYin, static_cast<std::size_t>(per_kind));
  std::memset(tiles + 2 * per_kind, kTaiji, static_cast<std::size_t>(n - 2 * per_kind));
  Xoshiro256ss rng(seed);
  // The swap targets first (a pure arithmetic loop that pipelines), then the swaps.
  std::uint8_t js[kMaxWallTiles];
  for (int i = n - 1; i >= 1; --i)
    js[i] = static_cast<std::uint8_t>(sim::uniform(rng, static_cast<std::uint64_t>(i + 1)));
  for (int i = n - 1; i >= 1; --i) {
    const int j = js[i];
    const std::uint8_t x = tiles[i];
    tiles[i] = tiles[j];
    tiles[j] = x;
  }
  die1 = 1 + static_cast<int>(sim::uniform(rng, 6));
  die2 = 1 + static_cast<int>(sim::uniform(rng, 6));
  return n;
}

void init_state_tiles(State& s, const Config& cfg, const std::uint8_t* tiles, int n, int dealer) noexcept {
  // As init_state() (engine_init.cpp) after its checks.
  s = State{};
  std::memcpy(s.wall, tiles, static_cast<std::size_t>(n));
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

void deal_game(const SimSpec& spec, std::uint64_t seed, std::uint64_t index, State& s) noexcept {
  std::uint8_t tiles[kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = shuffle_tiles(sim::game_seed(seed, index), spec.deck, spec.taiji, tiles, d1, d2);
  init_state_tiles(s, spec.cfg, tiles, n, (d1 + d2 - 1) % spec.cfg.players);
}

int seat_policy(const SimSpec& spec, std::uint64_t index, int seat) noexcept {
  const std::uint64_t m = spec.num_policies == 0 ? 1 : spec.num_policies;
  return static_cast<int>(spec.rotate ? (static_cast<std::uint64_t>(seat) + index) % m
                                      : static_cast<std::uint64_t>(seat) % m);
}

void play_game(const SimSpec& spec, std::uint64_t seed, std::uint64_t index, State& s,
               GameOutcome& out) noexcept {
  deal_game(spec, seed, index, s);
  Xoshiro256ss rng(sim::game_seed(seed, index) ^ sim::kBotSeedXor);
  const int n = spec.cfg.players;
  BotKind kinds[kMaxPlayers] = {};
  for (int seat = 0; seat < n; ++seat) {
    const int p = seat_policy(spec, index, seat);
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

void simulate_batch(const SimSpec& spec, std::uint64_t seed, std::uint64_t start,
                    std::uint64_t count, int threads, const SimArrays& out) {
  king_wen_table();  // built before the threads start
  const int n = spec.cfg.players;
  sim::parallel_blocks(count, threads, 512, [&](int, std::uint64_t begin, std::uint64_t end) {
    State s;
    GameOutcome g;
    for (std::uint64_t i = begin; i < end; ++i) {
      g = GameOutcome{};
      play_game(spec, seed, start + i, s, g);
      out.winner[i] = g.winner;
      out.kind[i] = g.kind;
      out.dealt_in_by[i] = g.dealt_in_by;
      out.conditions[i] = g.conditions;
      out.hexagram[i] = g.hexagram;
      out.points[i] = g.points;
      out.plies[i] = g.plies;
      out.dealer[i] = g.dealer;
      for (int p = 0; p < n; ++p) {
        out.payments[i * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(p)] = g.payments[p];
        out.seat_policy[i * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(p)] =
            static_cast<std::int8_t>(g.seat_policy[p]);
      }
    }
  });
}

}  // namespace yijing::yijingpai
