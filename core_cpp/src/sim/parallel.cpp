#include "yijing/sim/parallel.hpp"

#include "yijing/sim/fastrand.hpp"

namespace yijing::sim {

namespace detail {
const Reciprocals kReciprocals{};
}  // namespace detail

int resolve_threads(int threads) noexcept {
  if (threads > 0) return threads;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

}  // namespace yijing::sim
