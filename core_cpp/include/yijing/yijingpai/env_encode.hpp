// The environments' action index and observation planes of Yi Jing Pai, in C++
// (docs/env-yijingpai.md "Actions" and "Observation"): the same arrays the
// Python codec (pyyijing/yijingpai/env_actions.py, env_observation.py) builds,
// written straight from the State so that a batch of environments needs no view.
#pragma once

#include <cstdint>

#include "yijing/yijingpai/state.hpp"

namespace yijing::yijingpai::env {

inline constexpr int kObsRows = 98;
inline constexpr int kObsWidth = 8;
inline constexpr int kObsSize = kObsRows * kObsWidth;
// The widest action index (simple, k = 3); standard (k = 2) has 4164.
inline constexpr int kMaxActions = 4356;

// The size of the action index for play size k: 4^6 targets, 4^k plays,
// 3 * 4^k pongs, 3 wins and a pass.
constexpr int num_actions(int k) noexcept { return 4096 + 4 * (1 << (2 * k)) + 4; }

// The index of a move (its seat is not part of it), for play size k.
int action_index(Action a, int k) noexcept;
// The action of `seat` that index `index` stands for; false outside 0..num_actions(k)-1.
bool action_at(int index, int seat, int k, Action& out) noexcept;

// The legal targets of a seat holding `h` in the target phase, which depend on
// nothing else: the first-phase masks are 1,000-2,800 entries wide, so a batch
// copies them from this table (built once, shared by every thread) instead of
// setting them one by one. Indices ascending; mask[i] and bit i of bits for
// i < 4096 (the targets' range).
struct TargetSet {
  const std::int16_t* indices;
  int count;
  const std::int8_t* mask;     // [4096]
  const std::uint64_t* bits;   // [64]
};
TargetSet target_set(const Hand& h) noexcept;

// `seat`'s observation into out[kObsSize] (row-major (98, 8), uint8): the
// planes of its view, a claim offered to another seat shown as the seat sees
// the table once every offer is passed (env_observation.py public_phase).
void encode_observation(const State& s, int seat, std::uint8_t* out) noexcept;
// 1 at each legal move of `seat` into out[num_actions(k)] (all 0 for a seat not to act).
void encode_mask(const State& s, int seat, std::int8_t* out) noexcept;

}  // namespace yijing::yijingpai::env
