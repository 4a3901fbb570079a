// The rule arguments every binding takes (docs/backend-interface.md: play_size,
// players, taiji_in_pong, win_mask, split_payment) as an engine Config, checked
// once here so that no binding can hand the engine an out-of-range value.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>

#include "yijing/yijingpai/rules.hpp"
#include "yijing/yijingpai/state.hpp"

namespace yijing_bindings {

inline yijing::yijingpai::Config config_from_args(long long play_size, long long players,
                                                  bool taiji_in_pong, long long win_mask,
                                                  bool split_payment) {
  namespace yp = yijing::yijingpai;
  namespace py = pybind11;
  auto in = [](long long v, long long lo, long long hi) { return v >= lo && v <= hi; };
  if (!in(play_size, 2, 3)) throw py::value_error("play_size must be 2 or 3");
  if (!in(players, 2, yp::kMaxPlayers)) throw py::value_error("players must be 2, 3 or 4");
  if (!in(win_mask, 1, yp::kAllWinConditions))
    throw py::value_error("win_mask must be a non-zero subset of the 6 condition bits");
  yp::Config cfg;
  cfg.play_size = static_cast<std::uint8_t>(play_size);
  cfg.players = static_cast<std::uint8_t>(players);
  cfg.taiji_in_pong = taiji_in_pong;
  cfg.win_mask = static_cast<std::uint8_t>(win_mask);
  cfg.split_payment = split_payment;
  return cfg;
}

}  // namespace yijing_bindings
