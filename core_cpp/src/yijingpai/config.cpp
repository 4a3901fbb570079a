// Names of the win conditions in canonical order (docs/yijing.md §5).
#include "yijing/yijingpai/config.hpp"

namespace yijing::yijingpai {

const char* win_condition_name(int index) noexcept {
  static constexpr const char* kNames[kNumWinConditions] = {
      "two_targets",           "three_of_a_kind",         "target_and_eight_trigrams",
      "eight_trigrams_and_pair", "eight_trigrams_and_qian", "eight_trigrams_and_kun"};
  return (index >= 0 && index < kNumWinConditions) ? kNames[index] : "";
}

}  // namespace yijing::yijingpai
