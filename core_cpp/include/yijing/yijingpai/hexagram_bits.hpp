// Lines as bits: the representation every rule works on.
//
// A sequence of lines (a play, a hexagram in progress, a completed hexagram)
// is `values` (bit i = line i+1, bottom first; 1 = yang) plus `taiji` (bit i
// set when line i+1 is a taiji tile). A taiji *is* its declared line for
// every rule (docs §1), so rules look only at `values`; `taiji` matters for
// tiles in hand, points and notation.
#pragma once

#include <cstdint>

namespace yijing::yijingpai {

enum class Placement : std::uint8_t { kOuter = 0, kInner = 1, kSplit = 2 };

struct Lines {
  std::uint8_t values = 0;
  std::uint8_t taiji = 0;
  std::uint8_t len = 0;
};

constexpr std::uint8_t low_mask(int n) noexcept {
  return static_cast<std::uint8_t>((1u << n) - 1u);
}

namespace detail {
struct PopcountTable {
  std::uint8_t v[256];
  constexpr PopcountTable() : v() {
    for (unsigned i = 0; i < 256; ++i) v[i] = static_cast<std::uint8_t>((i & 1u) + v[i >> 1]);
  }
};
inline constexpr PopcountTable kPopcount{};
}  // namespace detail

// Bits set in the low 8 bits of x (a table: C++17 has no std::popcount).
constexpr int popcount8(unsigned x) noexcept { return detail::kPopcount.v[x & 0xFFu]; }

// Pure pair / pure triple: all k declared lines equal (docs §3).
constexpr bool is_pure(std::uint8_t values, int k) noexcept {
  return values == 0 || values == low_mask(k);
}

// docs §4 table, for pong (and win@inner / win@split, which follow the pong
// rules): on an empty L only outer; on a non-empty L a yin pair pongs outer or
// inner, a yang pair only split (standard), and in the simple variant both
// kinds pong outer or inner. Lines that are not pure have no pong placement.
constexpr bool pong_placement_allowed(std::uint8_t values, int k, int progress_len,
                                      Placement p) noexcept {
  if (!is_pure(values, k)) return false;
  if (progress_len == 0) return p == Placement::kOuter;
  if (k == 3) return p == Placement::kOuter || p == Placement::kInner;
  if (values == 0) return p == Placement::kOuter || p == Placement::kInner;
  return p == Placement::kSplit;
}

// New lines after placing `m` on `l` (docs §4): outer L+M, inner M+L,
// split M[0]+L+M[1] (only ever used with two lines).
constexpr Lines place(Lines l, Lines m, Placement p) noexcept {
  Lines out;
  out.len = static_cast<std::uint8_t>(l.len + m.len);
  switch (p) {
    case Placement::kOuter:
      out.values = static_cast<std::uint8_t>(l.values | (m.values << l.len));
      out.taiji = static_cast<std::uint8_t>(l.taiji | (m.taiji << l.len));
      break;
    case Placement::kInner:
      out.values = static_cast<std::uint8_t>(m.values | (l.values << m.len));
      out.taiji = static_cast<std::uint8_t>(m.taiji | (l.taiji << m.len));
      break;
    case Placement::kSplit:
      out.values = static_cast<std::uint8_t>((m.values & 1u) | (l.values << 1) |
                                             (((m.values >> 1) & 1u) << (l.len + 1)));
      out.taiji = static_cast<std::uint8_t>((m.taiji & 1u) | (l.taiji << 1) |
                                            (((m.taiji >> 1) & 1u) << (l.len + 1)));
      break;
  }
  return out;
}

// Points in half-points (docs §5): yang 2, yin 1, taiji 0.
constexpr int points_half(Lines h) noexcept {
  const unsigned plain = low_mask(h.len) & ~static_cast<unsigned>(h.taiji);
  return 2 * popcount8(h.values & plain) + popcount8(~static_cast<unsigned>(h.values) & plain);
}

// Trigram bits of a completed hexagram: lower = lines 1-3, upper = lines 4-6.
constexpr unsigned trigram_bits(std::uint8_t hexagram) noexcept {
  return (1u << (hexagram & 7u)) | (1u << ((hexagram >> 3) & 7u));
}

}  // namespace yijing::yijingpai
