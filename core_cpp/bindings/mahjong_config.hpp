// pyyijing._native.mahjong.Config: the game's one Config
// (yijing/mahjong/config.hpp), the value every mahjong entry point of the
// native backend takes (GameCore, random_hands, the bots, sim_batch,
// validate_moves_wire's rules_config), checked when made by the core's one
// check (make_config). The fallback twin is pyyijing/fallback/mahjong/config.py.
#pragma once

#include <pybind11/pybind11.h>

namespace yijing_bindings {

// The class pyyijing._native.mahjong.Config.
void bind_mahjong_config(pybind11::module_& m);

}  // namespace yijing_bindings
