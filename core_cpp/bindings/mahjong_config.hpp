// pyyijing._native.mahjong.Config: the value every mahjong entry point of the
// native backend takes (GameCore, random_hands, the bots, sim_batch): the
// engine's yijing::mahjong::Config, checked once when made
// (mahjong_game_bindings.cpp make_config). Shared by the binding files.
#pragma once

#include "yijing/mahjong/config.hpp"

namespace yijing_bindings {

struct MahjongConfig {
  yijing::mahjong::Config rules;
};

}  // namespace yijing_bindings
