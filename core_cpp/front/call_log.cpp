// The lines yijing-front writes for the Python server (front.hpp CallLog).
#include <chrono>
#include <cstdio>

#include "front.hpp"

namespace yijing::front {

namespace {

void write_all(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace

void CallLog::serving(int port) { write_all("serving\t" + std::to_string(port) + "\n"); }

void CallLog::rpc(std::string_view method, std::string_view code, std::string_view game,
                  std::string_view ruleset, double latency_ms, const std::string& peer,
                  const std::string& verdicts) {
  char latency[32];
  std::snprintf(latency, sizeof latency, "%.3f", latency_ms);
  std::string line;
  line.reserve(128);
  line.append("rpc\t").append(method).append("\t").append(code).append("\t").append(game);
  line.append("\t").append(ruleset).append("\t").append(latency).append("\t");
  for (const char c : peer) line.push_back(c == '\t' || c == '\n' ? ' ' : c);
  line.append("\t").append(verdicts).append("\n");
  std::lock_guard<std::mutex> lock(mu_);
  if (pending_.size() + line.size() > kMaxPending) {  // the reader is far behind: bounded
    ++dropped_;
    return;
  }
  pending_ += line;
}

void CallLog::start() { writer_ = std::thread([this] { write_batches(); }); }

void CallLog::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (writer_.joinable()) writer_.join();
}

void CallLog::write_batches() {
  std::string batch;
  for (;;) {
    bool last = false;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait_for(lock, std::chrono::milliseconds(20), [this] { return stopping_; });
      batch.swap(pending_);
      if (dropped_ != 0) {  // said once per batch: the Python server logs it
        batch += "dropped\t" + std::to_string(dropped_) + "\n";
        dropped_ = 0;
      }
      last = stopping_;
    }
    if (!batch.empty()) write_all(batch);
    batch.clear();
    if (last) return;
  }
}

}  // namespace yijing::front
