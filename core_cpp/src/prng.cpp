#include "yijing/prng.hpp"

namespace yijing {

Xoshiro256ss::Xoshiro256ss(std::uint64_t seed) noexcept {
  std::uint64_t sm = seed;
  for (auto& word : s_) word = splitmix64_next(sm);
}

std::uint64_t Xoshiro256ss::uniform(std::uint64_t n) noexcept {
  if (n == 0) return next();
  // (2^64 - n) mod n, computed in 64 bits as (0 - n) mod n.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t r = next();
    if (r >= threshold) return r % n;
  }
}

}  // namespace yijing
