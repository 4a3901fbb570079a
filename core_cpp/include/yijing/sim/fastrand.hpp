// Faster, bit-identical forms of Xoshiro256ss::uniform for the simulator.
//
// uniform(n) (prng.hpp) costs two 64-bit divisions per draw: the rejection
// threshold (2^64 - n) mod n and r mod n. For the small n of shuffles and
// bot choices both come from a table of reciprocals instead; the outputs and
// the number of generator steps are exactly those of Xoshiro256ss::uniform
// (docs/simulation.md "Seeding"; tested against it in core_cpp/tests).
#pragma once

#include <cstdint>

#include "yijing/prng.hpp"

namespace yijing::sim {

namespace detail {
struct Reciprocals {
  static constexpr int kMax = 4096;
  std::uint64_t m[kMax + 1];          // floor((2^64 - 1) / n)
  std::uint64_t threshold[kMax + 1];  // (2^64 - n) mod n
  constexpr Reciprocals() : m(), threshold() {
    for (int n = 1; n <= kMax; ++n) {
      const auto u = static_cast<std::uint64_t>(n);
      m[n] = ~std::uint64_t{0} / u;
      threshold[n] = (0 - u) % u;
    }
  }
};
extern const Reciprocals kReciprocals;

__extension__ typedef unsigned __int128 u128;
inline std::uint64_t mulhi(std::uint64_t a, std::uint64_t b) noexcept {
  return static_cast<std::uint64_t>((static_cast<u128>(a) * b) >> 64);
}
}  // namespace detail

// x mod n for 1 <= n <= 4096, using m = floor((2^64-1)/n): the estimate
// mulhi(x, m) is at most 2 below floor(x/n), so at most two corrections.
// Branch-free: the corrections are data-dependent and would mispredict.
inline std::uint64_t mod_small(std::uint64_t x, std::uint64_t n, std::uint64_t m) noexcept {
  std::uint64_t r = x - detail::mulhi(x, m) * n;
  r -= n & (0 - static_cast<std::uint64_t>(r >= n));
  r -= n & (0 - static_cast<std::uint64_t>(r >= n));
  return r;
}

// Exactly Xoshiro256ss::uniform(n) (same value, same number of steps).
inline std::uint64_t uniform(Xoshiro256ss& g, std::uint64_t n) noexcept {
  if (n == 0 || n > static_cast<std::uint64_t>(detail::Reciprocals::kMax)) return g.uniform(n);
  const std::uint64_t m = detail::kReciprocals.m[n];
  const std::uint64_t threshold = detail::kReciprocals.threshold[n];
  for (;;) {
    const std::uint64_t r = g.next();
    if (r >= threshold) return mod_small(r, n, m);
  }
}

// The seed of game `index` of a simulation with seed `seed`: SplitMix64
// output number index + 1 of `seed` (the wall seed of hand `index` of a
// yj.Match with that seed, pyyijing/yijingpai/match.py hand_seed).
constexpr std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index) noexcept {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The bots of a game share one generator, Xoshiro256ss(game_seed ^ kBotSeedXor).
inline constexpr std::uint64_t kBotSeedXor = 0xA0761D6478BD642FULL;

}  // namespace yijing::sim
