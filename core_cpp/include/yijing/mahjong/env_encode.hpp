// The environments' action index and observation planes of mahjong, in C++
// (docs/env-mahjong.md "Actions" and "Observation"): the same arrays the Python
// codec (pyyijing/mahjong/env_actions.py, env_observation.py) builds, written
// straight from the State so that a batch of environments needs no view.
#pragma once

#include <cstdint>

#include "yijing/mahjong/state.hpp"

namespace yijing::mahjong::env {

inline constexpr int kObsRows = 92;
inline constexpr int kObsWidth = 34;
inline constexpr int kObsSize = kObsRows * kObsWidth;
inline constexpr int kNumActions = 203;

// The index of a legal move (its seat is not part of it).
int action_of(Move m) noexcept;
// The move of `seat` that index `action` stands for; false outside 0..202.
bool move_of(int action, int seat, Move& out) noexcept;

// `seat`'s observation into out[kObsSize] (row-major (92, 34), uint8): the
// planes of its view, the offer phases shown as a seat not offered sees them.
void encode_observation(const State& s, int seat, std::uint8_t* out) noexcept;
// 1 at each legal move of `seat` into out[kNumActions] (all 0 for a seat not to act).
void encode_mask(const State& s, int seat, std::int8_t* out) noexcept;

}  // namespace yijing::mahjong::env
