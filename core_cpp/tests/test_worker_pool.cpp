// The persistent worker pool (yijing/sim/worker_pool.hpp): every item of a run
// is done exactly once, before run() returns, for any thread count and block
// size, over many runs in a row and with pauses long enough that the threads
// fall asleep between runs.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include <doctest/doctest.h>
#include "yijing/sim/worker_pool.hpp"

namespace {

void check_runs(int threads, std::uint64_t block, int runs, std::chrono::microseconds pause) {
  yijing::sim::WorkerPool pool(threads);
  for (int r = 0; r < runs; ++r) {
    const std::uint64_t count = 1 + static_cast<std::uint64_t>(r * 37 % 1000);
    std::vector<std::atomic<int>> hits(count);
    std::vector<std::uint64_t> out(count, 0);
    pool.run(count, block, [&](int, std::uint64_t begin, std::uint64_t end) {
      for (auto i = begin; i < end; ++i) {
        hits[i].fetch_add(1, std::memory_order_relaxed);
        out[i] = i * 2654435761u + static_cast<std::uint64_t>(r);
      }
    });
    for (std::uint64_t i = 0; i < count; ++i) {
      REQUIRE(hits[i].load() == 1);
      REQUIRE(out[i] == i * 2654435761u + static_cast<std::uint64_t>(r));
    }
    if (pause.count() > 0) std::this_thread::sleep_for(pause);
  }
}

}  // namespace

TEST_CASE("worker pool: every item once per run, back to back") {
  for (int threads : {1, 2, 3, 4, 8})
    for (std::uint64_t block : {0u, 1u, 7u, 32u}) check_runs(threads, block, 200, std::chrono::microseconds(0));
}

TEST_CASE("worker pool: runs after the threads have gone to sleep") {
  check_runs(3, 8, 20, std::chrono::microseconds(3000));
}

TEST_CASE("worker pool: the thread count, and a pool that never ran stops") {
  CHECK(yijing::sim::WorkerPool(3).threads() == 3);
  CHECK(yijing::sim::WorkerPool(1).threads() == 1);
  CHECK(yijing::sim::WorkerPool(0).threads() >= 1);
}
