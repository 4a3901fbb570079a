// A fixed-rate (open-loop) gRPC load generator for the service bench
// (benchmarks/service_bench.py, "native client" rows).
//
// Why it exists: the service and its load share this machine's two cores. A
// grpc.aio client spends about 0.4 ms of CPU per call, which is taken from the
// server and shows up in the latencies it measures. A load tool of the kind used
// against production servers (ghz, h2load) costs a few microseconds per call;
// this is one, small enough to read, that sends serialized request bytes through
// grpc::GenericStub, so it needs no generated code and knows nothing of the
// protocol: it measures the server and the loopback, not a client's Python.
//
// Protocol: one command per stdin line, one JSON line per command on stdout, so
// the caller keeps one process (and one warm HTTP/2 channel per target) for many
// runs and can read the server's CPU time around each.
//   run <target> <method> <bodies-file> <rate> <seconds>
// <bodies-file> holds the requests as (uint32 little-endian length, bytes)
// records; call i sends body i mod count. Call i is sent at t0 + i / rate
// whatever the answers (open loop: a slow answer does not slow the load), and
// its latency runs from the moment it was sent to the moment its answer arrived.
// The answer line has the keys of the Python client's _fixed_rate result.

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Call {
  grpc::ClientContext ctx;
  grpc::ByteBuffer reply;
  grpc::Status status;
  std::unique_ptr<grpc::GenericClientAsyncResponseReader> rpc;
  Clock::time_point sent;
  Clock::time_point answered;
};

const char* const kCodeNames[] = {
    "OK",           "CANCELLED",          "UNKNOWN",           "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED", "NOT_FOUND",     "ALREADY_EXISTS",    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",    "OUT_OF_RANGE",
    "UNIMPLEMENTED", "INTERNAL",          "UNAVAILABLE",       "DATA_LOSS",
    "UNAUTHENTICATED"};

std::string code_name(grpc::StatusCode code) {
  const int c = static_cast<int>(code);
  return c >= 0 && c <= 16 ? kCodeNames[c] : "CODE_" + std::to_string(c);
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// Nearest-rank percentile, as benchmarks/service_bench.py's _pct.
double pct(std::vector<double> xs, double p) {
  if (xs.empty()) return NAN;
  std::sort(xs.begin(), xs.end());
  const double i = std::round(p * static_cast<double>(xs.size() - 1));
  return xs[static_cast<size_t>(std::clamp(i, 0.0, static_cast<double>(xs.size() - 1)))];
}

bool read_bodies(const std::string& path, std::vector<grpc::ByteBuffer>* out, std::string* err) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    *err = "cannot open " + path;
    return false;
  }
  while (true) {
    unsigned char len_le[4];
    if (!f.read(reinterpret_cast<char*>(len_le), 4)) break;
    const uint32_t len = len_le[0] | (len_le[1] << 8) | (len_le[2] << 16) |
                         (static_cast<uint32_t>(len_le[3]) << 24);
    std::string body(len, '\0');
    if (len > 0 && !f.read(body.data(), len)) {
      *err = "truncated record in " + path;
      return false;
    }
    grpc::Slice slice(body);
    out->emplace_back(&slice, 1);
  }
  if (out->empty()) {
    *err = "no requests in " + path;
    return false;
  }
  return true;
}

// A JSON number, or null for a percentile of no answers (JSON has no NaN).
std::string num(double x) {
  if (!std::isfinite(x)) return "null";
  std::ostringstream o;
  o.precision(6);
  o << x;
  return o.str();
}

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) o += c;
  }
  return o;
}

std::string run(const std::shared_ptr<grpc::Channel>& channel, const std::string& method,
                const std::vector<grpc::ByteBuffer>& bodies, double rate, double seconds) {
  grpc::GenericStub stub(channel);
  grpc::CompletionQueue cq;
  const size_t n = static_cast<size_t>(rate * seconds);
  std::vector<std::unique_ptr<Call>> calls(n);
  for (auto& c : calls) c = std::make_unique<Call>();
  // The answers are reaped on their own thread, so a burst of them never delays
  // the next send (the open-loop schedule).
  std::thread reaper([&] {
    void* tag = nullptr;
    bool ok = false;
    for (size_t done = 0; done < n && cq.Next(&tag, &ok); ++done)
      static_cast<Call*>(tag)->answered = Clock::now();
  });
  std::vector<double> lag;
  lag.reserve(n);
  const double cpu0 = cpu_seconds();
  const auto t0 = Clock::now() + std::chrono::milliseconds(10);
  for (size_t i = 0; i < n; ++i) {
    const auto due = t0 + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(static_cast<double>(i) / rate));
    std::this_thread::sleep_until(due);
    Call& c = *calls[i];
    c.sent = Clock::now();
    lag.push_back(std::chrono::duration<double>(c.sent - due).count());
    c.ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    c.rpc = stub.PrepareUnaryCall(&c.ctx, method, bodies[i % bodies.size()], &cq);
    c.rpc->StartCall();
    c.rpc->Finish(&c.reply, &c.status, &c);
  }
  reaper.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = cpu_seconds() - cpu0;
  cq.Shutdown();
  void* tag = nullptr;
  bool ok = false;
  while (cq.Next(&tag, &ok)) {
  }
  std::vector<double> lat;
  std::map<std::string, int> codes;
  for (const auto& c : calls) {
    if (c->status.ok())
      lat.push_back(std::chrono::duration<double>(c->answered - c->sent).count());
    else
      ++codes[code_name(c->status.error_code())];
  }
  std::ostringstream o;
  o << "{\"sent\": " << n << ", \"ok\": " << lat.size() << ", \"errors\": " << n - lat.size()
    << ", \"achieved_rps\": " << num(static_cast<double>(n) / elapsed)
    << ", \"p50_ms\": " << num(pct(lat, 0.5) * 1e3) << ", \"p99_ms\": " << num(pct(lat, 0.99) * 1e3)
    << ", \"lag_p99_ms\": " << num(pct(lag, 0.99) * 1e3) << ", \"seconds\": " << num(elapsed)
    << ", \"client_cpu_seconds\": " << num(cpu) << ", \"error_codes\": {";
  bool first = true;
  for (const auto& [name, count] : codes) {
    o << (first ? "" : ", ") << '"' << name << "\": " << count;
    first = false;
  }
  o << "}}";
  return o.str();
}

}  // namespace

int main() {
  std::map<std::string, std::shared_ptr<grpc::Channel>> channels;
  std::map<std::string, std::vector<grpc::ByteBuffer>> body_sets;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string cmd, target, method, path;
    double rate = 0, seconds = 0;
    if (!(in >> cmd >> target >> method >> path >> rate >> seconds) || cmd != "run" ||
        !(rate > 0) || !(seconds > 0)) {
      std::cout << "{\"error\": \"expected: run <target> <method> <bodies-file> <rate> "
                   "<seconds>\"}"
                << std::endl;
      continue;
    }
    auto& bodies = body_sets[path];
    std::string err;
    if (bodies.empty() && !read_bodies(path, &bodies, &err)) {
      body_sets.erase(path);
      std::cout << "{\"error\": \"" << json_escape(err) << "\"}" << std::endl;
      continue;
    }
    auto& ch = channels[target];
    if (!ch) {
      ch = grpc::CreateChannel(target, grpc::InsecureChannelCredentials());
      if (!ch->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(30))) {
        channels.erase(target);
        std::cout << "{\"error\": \"cannot connect to " << json_escape(target) << "\"}"
                  << std::endl;
        continue;
      }
    }
    std::cout << run(ch, method, bodies, rate, seconds) << std::endl;
  }
  return 0;
}
