// The engine's kernels at the C++ level, linked against the
// yijing_core library the wheel was built from (build/wheel/core_cpp): what
// the Python figures cost without the binding. Not part of the wheel.
//
// Usage: kernels REPS TARGET_SECONDS -> one JSON line per kernel, each with
// REPS rates (ops/s) after a warm-up run.
//   shuffle_string: shuffle_wall (144 tiles, dice) into a std::string
//   shuffle_tiles:  the simulator's shuffle into tile codes
//   hexagrams:      King Wen number + compare with the target + trigram coverage
//   ready:          ready() of every seat of random mid-game states
//   check_move:     parse + check of move strings (legal and illegal mixed)
//   random_game:    whole random games through the engine API (init_state from a
//                   wall string, legal_actions of the first seat to act, apply),
//                   default rules, on 1024 walls shuffled beforehand
//   random_game_shuffle: the same with shuffle_wall for every game
//   (100k games each: throughput, kept out of the C++ unit tests so they stay fast)
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "yijing/mahjong/hand.hpp"
#include "yijing/prng.hpp"
#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/notation.hpp"
#include "yijing/yijingpai/simulate.hpp"
#include "yijing/yijingpai/wall.hpp"

namespace yp = yijing::yijingpai;

namespace {

volatile std::uint64_t g_sink = 0;

double seconds_of(const std::function<void(long long)>& f, long long n) {
  const auto t0 = std::chrono::steady_clock::now();
  f(n);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void measure(const char* name, long long unit, int reps, double target,
             const std::function<void(long long)>& f) {
  long long n = 1;
  for (;;) {  // calibrate (and warm up)
    const double dt = seconds_of(f, n);
    if (dt >= target / 4) {
      n = static_cast<long long>(n * target / dt) + 1;
      break;
    }
    n *= dt < target / 40 ? 8 : 2;
  }
  std::printf("{\"kernel\": \"%s\", \"ops_per_call\": %lld, \"rates\": [", name, unit);
  for (int r = 0; r < reps; ++r) {
    const double dt = seconds_of(f, n);
    std::printf("%s%.1f", r ? ", " : "", static_cast<double>(n * unit) / dt);
  }
  std::printf("]}\n");
  std::fflush(stdout);
}

// Random-play states in the play or claim phase (default rules).
std::vector<yp::State> midgame_states(int count, std::uint64_t seed) {
  std::vector<yp::State> out;
  yp::SimSpec spec;  // default rules, random bots
  yijing::Xoshiro256ss rng(seed);
  std::vector<yp::Action> acts(yp::kMaxLegalActions);
  for (std::uint64_t i = 0; static_cast<int>(out.size()) < count; ++i) {
    yp::State s;
    yp::deal_game(spec, seed, i, s);
    const int stop = 8 + static_cast<int>(rng.uniform(62));
    int plies = 0;
    while (s.phase != yp::Phase::kOver && plies < stop) {
      const int n = yp::legal_actions(s, -1, acts.data());
      if (n == 0) break;
      yp::apply(s, acts[rng.uniform(static_cast<std::uint64_t>(n))]);
      ++plies;
    }
    if (s.phase == yp::Phase::kPlay || s.phase == yp::Phase::kClaim) out.push_back(s);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 5;
  const double target = argc > 2 ? std::atof(argv[2]) : 0.3;

  measure("shuffle_string", 1, reps, target, [](long long n) {
    for (long long i = 0; i < n; ++i) {
      const auto d = yp::shuffle_wall(static_cast<std::uint64_t>(i), yp::Deck::k144, yp::TaijiRule::kWild);
      g_sink = g_sink + static_cast<std::uint64_t>(d.wall[0] + d.die1);
    }
  });
  measure("shuffle_tiles", 1, reps, target, [](long long n) {
    std::uint8_t tiles[yp::kMaxWallTiles];
    int d1 = 0, d2 = 0;
    for (long long i = 0; i < n; ++i) {
      yp::shuffle_tiles(static_cast<std::uint64_t>(i), yp::Deck::k144, yp::TaijiRule::kWild, tiles, d1, d2);
      g_sink = g_sink + tiles[0] + static_cast<std::uint64_t>(d1);
    }
  });

  // hexagram batch: 256 seats, a target and 8 completed hexagrams each
  struct SeatHexes {
    std::uint8_t target;
    std::uint8_t hex[8];
  };
  std::vector<SeatHexes> batch(256);
  {
    yijing::Xoshiro256ss rng(7);
    for (auto& b : batch) {
      b.target = static_cast<std::uint8_t>(rng.uniform(64));
      for (auto& h : b.hex) h = static_cast<std::uint8_t>(rng.uniform(64));
    }
  }
  measure("hexagrams", 256 * 8, reps, target, [&batch](long long n) {
    std::uint64_t acc = 0;
    for (long long r = 0; r < n; ++r)
      for (const auto& b : batch) {
        unsigned trigrams = 0;
        int equal = 0;
        for (std::uint8_t h : b.hex) {
          acc += static_cast<std::uint64_t>(yp::king_wen_of(h));
          equal += h == b.target;
          trigrams |= yp::trigram_bits(h);
        }
        acc += static_cast<std::uint64_t>(equal) + (trigrams == 0xFFu);
      }
    g_sink = g_sink + acc;
  });

  const auto states = midgame_states(120, 1);
  const long long ns = static_cast<long long>(states.size());
  measure("ready", ns * 4, reps, target, [&states](long long n) {
    yp::ReadyItem items[yp::kMaxReady];
    std::uint64_t acc = 0;
    for (long long r = 0; r < n; ++r)
      for (const auto& s : states)
        for (int seat = 0; seat < 4; ++seat) acc += static_cast<std::uint64_t>(yp::ready(s, seat, items));
    g_sink = g_sink + acc;
  });

  // move strings: legal ones of the seat to act, and illegal ones of each kind
  std::vector<std::pair<int, std::string>> moves;
  {
    yijing::Xoshiro256ss rng(11);
    for (int i = 0; i < ns; ++i) {
      const auto& s = states[static_cast<std::size_t>(i)];
      const auto legal = yp::legal_move_strings(s, -1);
      for (int j = 0; j < 3 && !legal.empty(); ++j)
        moves.emplace_back(i, legal[rng.uniform(legal.size())]);
      int act[yp::kMaxPlayers];
      yp::to_act(s, act);
      const std::string seat = std::to_string(act[0]), other = std::to_string((act[0] + 1) % 4);
      for (const std::string& m : {"s" + other + ":play=10", "s" + seat + ":play=111", "s" + seat + ":play=+-",
                                   "s" + seat + ":pong=11@split", "s" + seat + ":target=101010",
                                   std::string("s9:pass"), std::string("s0:plya=10")})
        moves.emplace_back(i, m);
    }
  }
  measure("check_move", static_cast<long long>(moves.size()), reps, target, [&](long long n) {
    std::uint64_t acc = 0;
    for (long long r = 0; r < n; ++r)
      for (const auto& [i, m] : moves)
        acc += static_cast<std::uint64_t>(yp::check_move(states[static_cast<std::size_t>(i)], m));
    g_sink = g_sink + acc;
  });

  // Whole random games at the engine API: a uniformly random legal action of the
  // first seat to act until the game is over (in the target phase the seats'
  // targets are independent, so this is a random game like drawing from all seats).
  {
    const yp::Config cfg;  // defaults: k=2, 4 players, two_targets | three_of_a_kind
    constexpr std::uint64_t kWalls = 1024;
    std::vector<std::string> walls;
    std::vector<int> dealers;
    for (std::uint64_t i = 0; i < kWalls; ++i) {
      const yp::Deal d = yp::shuffle_wall(i, yp::Deck::k144, yp::TaijiRule::kWild);
      walls.push_back(d.wall);
      dealers.push_back((d.die1 + d.die2 - 1) % 4);
    }
    auto play = [&](long long n, bool shuffle) {
      yijing::Xoshiro256ss rng(12345);
      yp::State s;
      yp::Action buf[yp::kMaxLegalActions];
      int seats[yp::kMaxPlayers];
      std::uint64_t moves = 0;
      for (long long i = 0; i < n; ++i) {
        const auto game = static_cast<std::uint64_t>(i);
        if (shuffle) {
          const yp::Deal d = yp::shuffle_wall(game, yp::Deck::k144, yp::TaijiRule::kWild);
          yp::init_state(s, cfg, d.wall, (d.die1 + d.die2 - 1) % 4);
        } else {
          yp::init_state(s, cfg, walls[game % kWalls], dealers[game % kWalls]);
        }
        while (yp::to_act(s, seats) > 0) {
          const int k = yp::legal_actions(s, seats[0], buf);
          yp::apply(s, buf[rng.uniform(static_cast<std::uint64_t>(k))]);
          ++moves;
        }
      }
      g_sink = g_sink + moves;
    };
    measure("random_game", 1, reps, target, [&](long long n) { play(n, false); });
    measure("random_game_shuffle", 1, reps, target, [&](long long n) { play(n, true); });
  }

  // Mahjong: regular shanten of random 13-tile hands, one call per hand (the
  // per-call figure the floor is set on; the tables are filled before timing).
  namespace mj = yijing::mahjong;
  mj::warm_tables();
  std::vector<mj::Counts> hands(4096);
  yijing::Xoshiro256ss rng(7);
  for (auto& h : hands) {
    h.fill(0);
    int placed = 0;
    while (placed < 13) {
      const auto k = static_cast<std::size_t>(rng.uniform(mj::kKinds));
      if (h[k] < 4) {
        ++h[k];
        ++placed;
      }
    }
  }
  measure("mahjong_shanten", static_cast<long long>(hands.size()), reps, target,
          [&](long long n) {
            std::uint64_t acc = 0;
            for (long long r = 0; r < n; ++r)
              for (const auto& h : hands) acc += static_cast<std::uint64_t>(mj::regular_shanten(h));
            g_sink = g_sink + acc;
          });
  return 0;
}
