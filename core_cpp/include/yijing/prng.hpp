// Deterministic, platform-independent pseudo-random numbers.
//
// Every random choice in the engine (shuffles, dice, bots) comes from here so
// that the same seed gives the same game on every platform and backend. The
// Python fallback (pyyijing/fallback/prng.py) implements the same algorithms
// bit for bit; golden vectors in the tests of both languages pin them down.
// Never use std::shuffle or std::uniform_int_distribution: their algorithms
// are implementation-defined.
#pragma once

#include <array>
#include <cstdint>

namespace yijing {

// SplitMix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number
// generators", OOPSLA 2014; constants from Vigna's reference splitmix64.c).
// Advances `state` and returns the next output. All arithmetic is mod 2^64.
constexpr std::uint64_t splitmix64_next(std::uint64_t& state) noexcept {
  state += 0x9E3779B97F4A7C15ULL;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t rotl64(std::uint64_t x, int k) noexcept {
  return (x << k) | (x >> (64 - k));
}

// xoshiro256** 1.0 (Blackman, Vigna: "Scrambled linear pseudorandom number
// generators", ACM TOMS 2021; reference xoshiro256starstar.c). The 256-bit
// state is seeded with four successive SplitMix64 outputs from the 64-bit
// seed, as the authors recommend.
class Xoshiro256ss {
 public:
  explicit Xoshiro256ss(std::uint64_t seed) noexcept;

  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl64(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl64(s_[3], 45);
    return result;
  }

  // Unbiased integer in [0, n) by rejection: draws r = next() until
  // r >= (2^64 - n) mod n, then returns r mod n. n == 0 stands for 2^64
  // (returns next() unchanged), so no input can divide by zero.
  std::uint64_t uniform(std::uint64_t n) noexcept;

  const std::array<std::uint64_t, 4>& state() const noexcept { return s_; }

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace yijing
