// The threads that compute long answers (front.hpp Workers).
#include "front.hpp"

namespace yijing::front {

Workers::Workers(unsigned threads) {
  for (unsigned i = 0; i < threads; ++i) std::thread([this] { work(); }).detach();
}

void Workers::run(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void Workers::work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return !jobs_.empty(); });
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

}  // namespace yijing::front
