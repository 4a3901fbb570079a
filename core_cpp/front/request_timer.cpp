// The calls waiting for their request message (front.hpp RequestTimer).
#include <vector>

#include "front.hpp"

namespace yijing::front {

namespace {

// A --request-timeout-seconds this long (or not finite) never ends a call:
// about 30 years, and the clock's deadline stays far from overflowing.
constexpr double kNoTimeoutSeconds = 1e9;

}  // namespace

RequestTimer::RequestTimer(double seconds)
    : enabled_(seconds < kNoTimeoutSeconds),
      timeout_(enabled_ ? std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(seconds))
                        : Clock::duration::zero()) {
  if (enabled_) std::thread([this] { run(); }).detach();  // lives as long as the process
}

void RequestTimer::add(Waiting* w) {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mu_);
  // Every call waits the same time, so appending keeps the list in deadline order.
  w->deadline_ = Clock::now() + timeout_;
  w->prev_ = tail_;
  w->next_ = nullptr;
  (tail_ ? tail_->next_ : head_) = w;
  tail_ = w;
  w->listed_ = true;
}

bool RequestTimer::remove(Waiting* w) {
  if (!enabled_) return true;
  std::lock_guard<std::mutex> lock(mu_);
  if (!w->listed_) return false;
  unlink(w);
  return true;
}

void RequestTimer::unlink(Waiting* w) {
  (w->prev_ ? w->prev_->next_ : head_) = w->next_;
  (w->next_ ? w->next_->prev_ : tail_) = w->prev_;
  w->prev_ = w->next_ = nullptr;
  w->listed_ = false;
}

void RequestTimer::run() {
  std::vector<Waiting*> expired;
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    const Clock::time_point now = Clock::now();
    while (head_ != nullptr && head_->deadline_ <= now) {
      expired.push_back(head_);
      unlink(head_);
    }
    // no call added later has an earlier deadline than this
    const Clock::time_point next = head_ != nullptr ? head_->deadline_ : now + timeout_;
    if (!expired.empty()) {
      lock.unlock();
      // Unlisted, a call is ended by nothing but this (Waiting::expire), so it
      // cannot be gone before its expire() runs.
      for (Waiting* w : expired) w->expire();
      expired.clear();
      lock.lock();
      continue;
    }
    wake_.wait_until(lock, next);
  }
}

}  // namespace yijing::front
