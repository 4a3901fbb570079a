#include "yijing/sim/worker_pool.hpp"

#include <algorithm>
#include <chrono>

#include "yijing/sim/parallel.hpp"

namespace yijing::sim {

namespace {

// How long a thread spins for the next run before it sleeps. A batch's
// caller spends a few hundred microseconds in NumPy between steps; waking a
// sleeping thread takes tens of microseconds, paid at every step.
constexpr auto kSpin = std::chrono::microseconds(500);

inline void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins until pred() holds or kSpin has passed; true if it holds.
template <class Pred>
bool spin_until(Pred pred) {
  const auto until = std::chrono::steady_clock::now() + kSpin;
  for (int i = 0;; ++i) {
    if (pred()) return true;
    cpu_relax();
    if ((i & 63) == 63 && std::chrono::steady_clock::now() >= until) return pred();
  }
}

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

void WorkerPool::take_blocks(int index) {
  for (;;) {
    const std::uint64_t b = next_.fetch_add(1, std::memory_order_relaxed);
    if (b >= blocks_) return;
    const std::uint64_t begin = b * block_;
    (*fn_)(index, begin, std::min(count_, begin + block_));
  }
}

void WorkerPool::run(std::uint64_t count, std::uint64_t block, const Work& fn) {
  if (count == 0) return;
  if (block == 0) block = 1;
  fn_ = &fn;
  count_ = count;
  block_ = block;
  blocks_ = (count + block - 1) / block;
  next_.store(0, std::memory_order_relaxed);
  if (workers_.empty() || blocks_ == 1) {
    take_blocks(0);
    return;
  }
  busy_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(mu_);
    generation_.fetch_add(1, std::memory_order_release);
  }
  wake_.notify_all();
  take_blocks(0);
  const auto finished = [this] { return busy_.load(std::memory_order_acquire) == 0; };
  if (spin_until(finished)) return;
  std::unique_lock<std::mutex> lock(mu_);
  done_.wait(lock, finished);
}

void WorkerPool::worker_loop(int index) {
  std::uint64_t seen = 0;
  for (;;) {
    const auto started = [&] { return generation_.load(std::memory_order_acquire) != seen; };
    if (!spin_until(started)) {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [&] { return stop_ || started(); });
      if (stop_) return;
    }
    seen = generation_.load(std::memory_order_acquire);
    take_blocks(index);
    if (busy_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(mu_);
      done_.notify_one();
    }
  }
}

}  // namespace yijing::sim
