// Threads that outlive one parallel loop: a batch of environments steps about
// a thousand times a second, and starting threads at every step costs more
// than the step's own work on two threads.
//
// run() splits [0, count) into blocks, like parallel_blocks (parallel.hpp):
// item i must depend only on i and write only its own slots, so results do
// not depend on the thread count. The calling thread works too, and a run
// ends when its blocks are done, not when every thread has looked in: on a
// machine with more runnable threads than cores a worker may not be scheduled
// for milliseconds, and the caller then does its share. The workers wait
// between runs, spinning briefly first (the next run usually comes within a
// millisecond) and then sleeping, so an idle pool costs no CPU.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace yijing::sim {

class WorkerPool {
 public:
  // The work of one block: fn(thread_index, begin, end). Must not throw.
  using Work = std::function<void(int, std::uint64_t, std::uint64_t)>;

  // `threads` <= 0: every hardware thread; the caller counts as one of them.
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const noexcept { return static_cast<int>(workers_.size()) + 1; }

  // Calls fn over blocks of `block` items covering [0, count) and returns
  // when all have run. One run at a time per pool (callers serialise).
  void run(std::uint64_t count, std::uint64_t block, const Work& fn);

 private:
  // A run's fixed facts. Two alternate, so that a worker late for run g reads
  // run g's facts while run g + 1 is being set up in the other.
  struct Run {
    std::atomic<const Work*> fn{nullptr};
    std::atomic<std::uint64_t> count{0};
    std::atomic<std::uint64_t> block{1};
    std::atomic<std::uint32_t> blocks{0};
  };

  void worker_loop(int index);
  // Takes and does blocks of run `gen` until none is left or another run has
  // begun; returns how many it did.
  std::uint32_t take_blocks(int index, std::uint32_t gen);

  std::vector<std::thread> workers_;
  Run runs_[2];
  // (generation << 32) | the next block to take: one word, so that a block is
  // taken only by a thread that has seen its run's generation.
  std::atomic<std::uint64_t> next_{0};
  std::atomic<std::uint32_t> done_{0};  // blocks of the current run finished
  std::uint32_t generation_ = 0;        // the caller's count of runs

  std::mutex mu_;
  std::condition_variable wake_;  // workers: a run began, or the pool stops
  std::condition_variable idle_;  // the caller: the run's last block finished
  bool stop_ = false;
  bool caller_waiting_ = false;
};

}  // namespace yijing::sim
