// pyyijing._native.yijingpai.Config: the game's one Config
// (yijing/yijingpai/config.hpp), the value every Yi Jing Pai entry point of the
// native backend takes (GameCore, check_positions, sim_batch, sim_game_moves,
// bot_move, validate_moves_wire's rules_config). It is made from keyword
// arguments, Config(**pyyijing.Rules.core_config()), and checked when made by
// the core's one check (make_config): no binding can hand the engine an
// out-of-range value. The fallback twin is pyyijing/fallback/yijingpai/config.py
// (same fields, same errors).
#pragma once

#include <pybind11/pybind11.h>

namespace yijing_bindings {

// The class pyyijing._native.yijingpai.Config.
void bind_yijingpai_config(pybind11::module_& m);

}  // namespace yijing_bindings
