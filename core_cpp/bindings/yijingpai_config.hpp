// pyyijing._native.yijingpai.Config: the one value every Yi Jing Pai entry
// point of the native backend takes (GameCore, check_positions, sim_batch,
// sim_game_moves, bot_move, validate_moves_wire's rules_config).
//
// It is the engine's yijing::yijingpai::Config (the rules of play) plus the
// tile set a wall is shuffled from (deck, taiji), made from keyword
// arguments, Config(**pyyijing.Rules.core_config()), and checked once, when
// it is made: no binding can hand the engine an out-of-range value. The
// fallback twin is pyyijing/fallback/yijingpai/config.py (same fields, same
// errors). A rule option is added as a field of yp::Config (or here, if only
// the wall uses it), in make_config and in the binding (yijingpai_config.cpp).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "yijing/yijingpai/config.hpp"
#include "yijing/yijingpai/wall.hpp"

namespace yijing_bindings {

struct YijingpaiConfig {
  yijing::yijingpai::Config rules;  // what the engine plays by
  yijing::yijingpai::Deck deck = yijing::yijingpai::Deck::k144;
  yijing::yijingpai::TaijiRule taiji = yijing::yijingpai::TaijiRule::kWild;
};

// The checked Config; py::value_error naming the field otherwise.
YijingpaiConfig make_config(long long play_size, long long players, bool taiji_in_pong,
                            long long win_mask, bool split_payment, long long deck,
                            const std::string& taiji);

// The class pyyijing._native.yijingpai.Config.
void bind_config(pybind11::module_& m);

}  // namespace yijing_bindings
