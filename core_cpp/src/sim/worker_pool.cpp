#include "yijing/sim/worker_pool.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "yijing/sim/parallel.hpp"

namespace yijing::sim {

namespace {

// How long a thread spins for the next run (or the caller for the last block)
// before it sleeps. A batch's caller spends a few hundred microseconds in
// NumPy between steps; waking a sleeping thread takes tens of microseconds,
// paid at every step.
constexpr auto kSpin = std::chrono::microseconds(500);

inline void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins until pred() holds or kSpin has passed; true if it holds. It yields
// now and then, so that on a machine with more runnable threads than cores a
// spinning thread does not keep the one it waits for off the CPU.
template <class Pred>
bool spin_until(Pred pred) {
  const auto until = std::chrono::steady_clock::now() + kSpin;
  for (int i = 0;; ++i) {
    if (pred()) return true;
    cpu_relax();
    if ((i & 63) == 63) {
      if (std::chrono::steady_clock::now() >= until) return pred();
      std::this_thread::yield();
    }
  }
}

inline std::uint32_t generation_of(std::uint64_t next) noexcept { return static_cast<std::uint32_t>(next >> 32); }

}  // namespace

WorkerPool::WorkerPool(int threads) {
  const int n = resolve_threads(threads);
  workers_.reserve(static_cast<std::size_t>(n - 1));
  for (int t = 1; t < n; ++t) workers_.emplace_back([this, t] { worker_loop(t); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& th : workers_) th.join();
}

std::uint32_t WorkerPool::take_blocks(int index, std::uint32_t gen) {
  Run& r = runs_[gen & 1];
  std::uint32_t did = 0;
  std::uint64_t v = next_.load(std::memory_order_acquire);
  for (;;) {
    // A run that has begun since makes the compare-exchange fail, so what was
    // read of `r` meanwhile is never acted on.
    if (generation_of(v) != gen) return did;
    const auto b = static_cast<std::uint32_t>(v);
    const std::uint32_t blocks = r.blocks.load(std::memory_order_relaxed);
    if (b >= blocks) return did;
    if (!next_.compare_exchange_weak(v, v + 1, std::memory_order_acq_rel, std::memory_order_acquire)) continue;
    const std::uint64_t count = r.count.load(std::memory_order_relaxed);
    const std::uint64_t block = r.block.load(std::memory_order_relaxed);
    const std::uint64_t begin = b * block;
    (*r.fn.load(std::memory_order_relaxed))(index, begin, std::min(count, begin + block));
    ++did;
    if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == blocks) {
      std::lock_guard<std::mutex> lock(mu_);
      if (caller_waiting_) idle_.notify_one();
    }
    v = next_.load(std::memory_order_acquire);
  }
}

void WorkerPool::run(std::uint64_t count, std::uint64_t block, const Work& fn) {
  if (count == 0) return;
  if (block == 0) block = 1;
  constexpr std::uint64_t kMaxBlocks = std::numeric_limits<std::uint32_t>::max();
  if ((count + block - 1) / block > kMaxBlocks) block = (count + kMaxBlocks - 1) / kMaxBlocks;
  const auto blocks = static_cast<std::uint32_t>((count + block - 1) / block);
  if (workers_.empty() || blocks == 1) {
    for (std::uint64_t begin = 0; begin < count; begin += block) fn(0, begin, std::min(count, begin + block));
    return;
  }
  const std::uint32_t gen = ++generation_;
  Run& r = runs_[gen & 1];
  r.fn.store(&fn, std::memory_order_relaxed);
  r.count.store(count, std::memory_order_relaxed);
  r.block.store(block, std::memory_order_relaxed);
  r.blocks.store(blocks, std::memory_order_relaxed);
  done_.store(0, std::memory_order_relaxed);
  next_.store(static_cast<std::uint64_t>(gen) << 32, std::memory_order_release);
  {
    // Taken so that a worker between its check and its sleep is woken.
    std::lock_guard<std::mutex> lock(mu_);
  }
  wake_.notify_all();
  take_blocks(0, gen);
  const auto finished = [&] { return done_.load(std::memory_order_acquire) == blocks; };
  if (spin_until(finished)) return;
  std::unique_lock<std::mutex> lock(mu_);
  caller_waiting_ = true;
  idle_.wait(lock, finished);
  caller_waiting_ = false;
}

void WorkerPool::worker_loop(int index) {
  std::uint32_t seen = 0;
  for (;;) {
    const auto started = [&] { return generation_of(next_.load(std::memory_order_acquire)) != seen; };
    if (!spin_until(started)) {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [&] { return stop_ || started(); });
      if (stop_) return;
    }
    seen = generation_of(next_.load(std::memory_order_acquire));
    take_blocks(index, seen);
  }
}

}  // namespace yijing::sim
