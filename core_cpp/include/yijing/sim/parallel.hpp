// Running independent work items on threads, deterministically.
//
// Work item i is a pure function of i, and each writes only its own output
// slots, so the results do not depend on the thread count or on which thread
// ran which item. Threads take blocks of items from an atomic counter.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <thread>
#include <vector>

namespace yijing::sim {

// threads <= 0: every hardware thread (at least 1).
int resolve_threads(int threads) noexcept;

// Calls f(thread_index, begin, end) for blocks [begin, end) covering
// [0, count), on `threads` threads (resolved as above; never more threads
// than blocks). f must not throw.
template <class F>
void parallel_blocks(std::uint64_t count, int threads, std::uint64_t block, F&& f) {
  if (count == 0) return;
  if (block == 0) block = 1;
  const std::uint64_t blocks = (count + block - 1) / block;
  int n = resolve_threads(threads);
  if (static_cast<std::uint64_t>(n) > blocks) n = static_cast<int>(blocks);
  std::atomic<std::uint64_t> next{0};
  auto worker = [&](int t) {
    for (;;) {
      const std::uint64_t b = next.fetch_add(1, std::memory_order_relaxed);
      if (b >= blocks) return;
      const std::uint64_t begin = b * block;
      f(t, begin, std::min(count, begin + block));
    }
  };
  if (n == 1) {
    worker(0);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(n - 1));
  for (int t = 1; t < n; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& th : pool) th.join();
}

}  // namespace yijing::sim
