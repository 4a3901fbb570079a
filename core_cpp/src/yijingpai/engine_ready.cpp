// 聽 (ready): docs/yijing.md §5 "g.ready(seat)".
#include "engine_internal.hpp"

namespace yijing::yijingpai {
namespace {

// Sort key matching the strings: lines compare from line 1 ('0' < '1'), so
// reverse the bits; placements compare as "inner" < "outer" < "split".
int sort_key(const ReadyItem& r, int k) noexcept {
  int rev = 0;
  for (int i = 0; i < k; ++i) rev |= ((r.values >> i) & 1) << (k - 1 - i);
  const int prank = r.placement == Placement::kInner ? 0 : r.placement == Placement::kOuter ? 1 : 2;
  return rev * 4 + prank;
}

}  // namespace

int ready(const State& s, int seat, ReadyItem out[kMaxReady]) noexcept {
  if (seat < 0 || seat >= s.players()) return 0;
  const int k = s.k();
  const Lines l = s.seats[seat].progress;
  if (l.len != kTargetLines - k || !s.seats[seat].target_laid) return 0;
  int n = 0;
  for (unsigned v = 0; v <= low_mask(k); ++v) {
    // New lines are plain tiles (no taiji) for points (docs §5).
    const Lines m{static_cast<std::uint8_t>(v), 0, static_cast<std::uint8_t>(k)};
    detail::for_each_win_placement(k, m.values, l.len, [&](Placement p) {
      const Lines hex = place(l, m, p);
      if ((s.seats[seat].wins >> hex.values) & 1u) {
        out[n++] = ReadyItem{m.values, p, hex.values, static_cast<std::uint8_t>(points_half(hex))};
      }
    });
  }
  // Insertion sort: at most 16 items.
  for (int i = 1; i < n; ++i) {
    const ReadyItem x = out[i];
    int j = i;
    for (; j > 0 && sort_key(out[j - 1], k) > sort_key(x, k); --j) out[j] = out[j - 1];
    out[j] = x;
  }
  return n;
}

}  // namespace yijing::yijingpai
