// Threads that outlive one parallel loop: a batch of environments steps about
// a thousand times a second, and starting threads at every step costs more
// than the step's own work on two threads.
//
// run() splits [0, count) into blocks taken from an atomic counter, like
// parallel_blocks (parallel.hpp): item i must depend only on i and write only
// its own slots, so results do not depend on the thread count. The calling
// thread works too; the others wait between runs, spinning briefly first
// (the next run usually comes within a millisecond) and then sleeping, so an
// idle pool costs no CPU.
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
  void worker_loop(int index);
  void take_blocks(int index);

  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable done_;
  // Bumped at each run: a worker that saw generation g works once on run g+1.
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<int> busy_{0};  // workers still in the current run
  bool stop_ = false;

  // The current run (written before generation_ is bumped).
  const Work* fn_ = nullptr;
  std::uint64_t count_ = 0;
  std::uint64_t block_ = 1;
  std::uint64_t blocks_ = 0;
  std::atomic<std::uint64_t> next_{0};
};

}  // namespace yijing::sim
