// Batch simulation of mahjong hands (docs/simulation.md "Mahjong"): deal with
// the shuffle of tiles.cpp, let the bots play, record the outcome; many hands
// on threads (sim/parallel.hpp).
#include "yijing/mahjong/simulate.hpp"

#include "yijing/sim/fastrand.hpp"
#include "yijing/sim/parallel.hpp"

namespace yijing::mahjong {

int seat_policy(const SimSpec& spec, std::uint64_t rotation, int seat) noexcept {
  return static_cast<int>(spec.rotate ? (static_cast<std::uint64_t>(seat) + rotation) % kSeats
                                      : static_cast<std::uint64_t>(seat));
}

void play_hand(const SimSpec& spec, std::uint64_t wall_seed, std::uint64_t rotation, int dealer,
               State& s, HandOutcome& out) noexcept {
  Tile tiles[kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = shuffle_tiles(wall_seed, spec.cfg.tiles(), tiles, d1, d2);
  init_state_tiles(s, spec.cfg, tiles, n, dealer >= 0 ? dealer : (d1 + d2 - 1) % kSeats);
  Xoshiro256ss rng(wall_seed ^ kMahjongBotSeedXor);
  BotKind kinds[kSeats];
  for (int seat = 0; seat < kSeats; ++seat) {
    const int p = seat_policy(spec, rotation, seat);
    out.seat_policy[seat] = static_cast<std::uint8_t>(p);
    kinds[seat] = spec.policies[p];
  }
  int seats[kSeats];
  while (s.phase != Phase::kOver) {
    to_act(s, seats);
    apply(s, bot_move(s, seats[0], kinds[seats[0]], rng));
  }
  const Result& r = s.result;
  out.dealer = static_cast<std::int8_t>(s.dealer);
  out.turns = s.n_history;
  out.wall_left = static_cast<std::uint8_t>(s.wall_remaining());
  out.winner = r.winner;
  out.dealt_in_by = r.dealt_in_by;
  out.kind = r.kind == ResultKind::kSelfDraw     ? kSimSelfDraw
             : r.kind == ResultKind::kDiscard    ? kSimDiscard
             : r.kind == ResultKind::kRobbedKong ? kSimRobbedKong
                                                 : kSimDraw;
  out.patterns = r.patterns;
  for (int i = 0; i < s.n_reveals; ++i) {
    const Reveal& rv = s.reveals[i];
    for (int j = 0; j < rv.n_wins; ++j) ++out.opening_wins[static_cast<int>(rv.wins[j])];
  }
  if (r.winner >= 0) {
    int hit = 0;
    for (int i = 0; i < r.n_birds; ++i) {
      const int seat = State::seat_after(r.winner, r.birds[i] % 9);  // number n: (w + n - 1) % 4
      // the winner, and the payers: the one who dealt in, else every other seat
      if (seat == r.winner || r.dealt_in_by < 0 || seat == r.dealt_in_by) ++hit;
    }
    out.birds_hit = static_cast<std::uint8_t>(hit);
  }
  std::int64_t pay[kSeats];
  payments(s, pay);
  for (int i = 0; i < kSeats; ++i) out.payments[i] = static_cast<std::int32_t>(pay[i]);
}

int next_dealer(const State& s) noexcept {
  const int winner = s.result.winner;
  const int dealer = s.dealer;
  switch (s.cfg.ruleset) {
    case Ruleset::kChangsha: return winner >= 0 ? winner : dealer;
    case Ruleset::kShaoyang:
      if (winner >= 0) return winner;
      return s.last_taker >= 0 ? s.last_taker : dealer;
    case Ruleset::kCommon: break;
  }
  return winner < 0 || winner == dealer ? dealer : (dealer + 1) % kSeats;
}

void play_game(const SimSpec& spec, std::uint64_t seed, std::uint64_t index, State& s,
               HandOutcome& out) noexcept {
  if (spec.hands_per_match == 0) {
    out = HandOutcome{};
    play_hand(spec, sim::game_seed(seed, index), index, -1, s, out);
    return;
  }
  const std::uint64_t h = spec.hands_per_match;
  const std::uint64_t match = index / h, hand = index % h;
  const std::uint64_t match_seed = sim::game_seed(seed, match);
  int dealer = -1;
  for (std::uint64_t j = 0;; ++j) {
    out = HandOutcome{};
    play_hand(spec, sim::game_seed(match_seed, j), match, dealer, s, out);
    if (j == hand) return;
    dealer = next_dealer(s);
  }
}

namespace {
void store(const SimArrays& out, std::uint64_t i, const HandOutcome& g) noexcept {
  out.winner[i] = g.winner;
  out.kind[i] = g.kind;
  out.dealt_in_by[i] = g.dealt_in_by;
  out.turns[i] = g.turns;
  out.wall_left[i] = g.wall_left;
  out.patterns[i] = g.patterns;
  out.birds_hit[i] = g.birds_hit;
  out.dealer[i] = g.dealer;
  const std::uint64_t row = i * kSeats;
  for (int p = 0; p < kSeats; ++p) {
    out.payments[row + static_cast<std::uint64_t>(p)] = g.payments[p];
    out.seat_policy[row + static_cast<std::uint64_t>(p)] = static_cast<std::int8_t>(g.seat_policy[p]);
  }
  const std::uint64_t orow = i * kNumDeclaredWins;
  for (int j = 0; j < kNumDeclaredWins; ++j) out.opening_wins[orow + static_cast<std::uint64_t>(j)] = g.opening_wins[j];
}
}  // namespace

// Hands per block of work: a thread writes its block's rows of every output
// array, and rows of one cache line written by two threads make the line move
// between cores on each store (false sharing: with 16-hand blocks, random play
// ran at about 0.97 of one thread's speed per thread, 1.02 with 64; benchmarks/
// NOTES.md "Mahjong bots"). 64 one-byte rows fill a
// line, and 64 hands are still a small part of a chunk, so the threads finish
// together.
constexpr std::uint64_t kBlockHands = 64;

void simulate_batch(const SimSpec& spec, std::uint64_t seed, std::uint64_t start,
                    std::uint64_t count, int threads, const SimArrays& out) {
  if (spec.hands_per_match == 0) {
    sim::parallel_blocks(count, threads, kBlockHands, [&](int, std::uint64_t begin, std::uint64_t end) {
      State s;
      HandOutcome g;
      for (std::uint64_t i = begin; i < end; ++i) {
        play_game(spec, seed, start + i, s, g);
        store(out, i, g);
      }
    });
    return;
  }
  // Whole matches: one work item per match, its hands in order.
  const std::uint64_t h = spec.hands_per_match;
  const std::uint64_t first_match = start / h, matches = count / h;
  const std::uint64_t block = kBlockHands / h > 0 ? kBlockHands / h : 1;
  sim::parallel_blocks(matches, threads, block, [&](int, std::uint64_t begin, std::uint64_t end) {
    State s;
    HandOutcome g;
    for (std::uint64_t m = begin; m < end; ++m) {
      const std::uint64_t match = first_match + m;
      const std::uint64_t match_seed = sim::game_seed(seed, match);
      int dealer = -1;
      for (std::uint64_t j = 0; j < h; ++j) {
        g = HandOutcome{};
        play_hand(spec, sim::game_seed(match_seed, j), match, dealer, s, g);
        const std::uint64_t i = m * h + j;
        store(out, i, g);
        if (out.match) out.match[i] = static_cast<std::int64_t>(match);
        if (out.hand) out.hand[i] = static_cast<std::uint16_t>(j);
        dealer = next_dealer(s);
      }
    }
  });
}

}  // namespace yijing::mahjong
