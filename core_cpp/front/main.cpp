// yijing-front: started by the Python server (service/front.py), never by hand.
//
//   yijing-front --listen HOST:PORT --backend unix:PATH [--tls-cert F --tls-key F]
//                [--max-message-bytes N] [--max-concurrent N] [--max-batch N]
//                [--max-moves N] [--max-move-chars N] [--mahjong-messages FILE]
//                [--request-timeout-seconds S] [--max-concurrent-rpcs-per-peer N]
//                [--unary-methods /PKG.SERVICE/METHOD,...]
//
// stdout: "serving\tPORT" once it serves (or "error\tWHY" and exit status 2),
// then the CallLog lines. stdin: "refuse" (answer new calls UNAVAILABLE: the
// end of a shutdown's drain), "stop SECONDS" (refuse, let the calls taken on
// before finish for at most that long, then exit); end of input stops it at
// once, and so does its parent's death (see main), so it never outlives the
// Python server.
#include <absl/synchronization/mutex.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "front.hpp"

namespace yf = yijing::front;

namespace {

// The Python server's gRPC refuses a call whose metadata is past 8 KiB (at
// random, more often the larger it is) or past 16 KiB (always); this one takes up
// to kMetadataLimit, so that those calls reach it.
constexpr std::size_t kPythonMetadataSoftLimit = 8 << 10;
constexpr int kMetadataLimit = 64 << 10;

// As HTTP/2 counts a header list: each entry's name and value and 32.
std::size_t metadata_bytes(const grpc::GenericServerContext& ctx) {
  std::size_t n = 0;
  for (const auto& [key, value] : ctx.client_metadata()) n += key.size() + value.size() + 32;
  return n;
}

// Calls waiting for a client at once: each arrival asks for the next (call.cpp).
constexpr int kPendingAccepts = 32;

[[noreturn]] void fail(const std::string& why) {
  std::printf("error\t%s\n", why.c_str());
  std::fflush(stdout);
  std::_Exit(2);  // not exit(): gRPC's threads may be running, and no destructor must race them
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot read " + path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

long long number(const std::string& flag, const char* text) {
  char* end = nullptr;
  const long long v = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || v < 0) fail(flag + " must be a non-negative integer");
  return v;
}

double seconds(const std::string& flag, const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(v > 0)) fail(flag + " must be more than 0");
  return v;
}

yf::Options parse(int argc, char** argv) {
  yf::Options o;
  std::string messages_file;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) fail(flag + " needs a value");
    const char* v = argv[++i];
    if (flag == "--listen") o.listen = v;
    else if (flag == "--backend") o.backend = v;
    else if (flag == "--tls-cert") o.tls_cert = v;
    else if (flag == "--tls-key") o.tls_key = v;
    else if (flag == "--max-message-bytes") o.max_message_bytes = static_cast<int>(number(flag, v));
    else if (flag == "--max-concurrent") o.max_concurrent = number(flag, v);
    else if (flag == "--max-batch") o.limits.max_batch = static_cast<std::size_t>(number(flag, v));
    else if (flag == "--max-moves") o.limits.max_moves = static_cast<std::size_t>(number(flag, v));
    else if (flag == "--max-move-chars") o.limits.max_move_chars = static_cast<std::size_t>(number(flag, v));
    else if (flag == "--mahjong-messages") messages_file = v;
    else if (flag == "--request-timeout-seconds") o.request_timeout_seconds = seconds(flag, v);
    else if (flag == "--max-concurrent-rpcs-per-peer") o.max_per_peer = number(flag, v);
    else if (flag == "--unary-methods") {
      std::stringstream methods(v);
      for (std::string m; std::getline(methods, m, ',');)
        if (!m.empty()) o.unary_methods.insert(m);
    }
    else fail("unknown option " + flag);
  }
  if (o.listen.empty() || o.backend.empty()) fail("--listen and --backend are required");
  // The verdict of every mahjong reason, with the Python side's wording where it
  // has its own: the file holds "code\0message\0" pairs (service/front.py).
  std::unordered_map<std::string, std::string> wording;
  if (!messages_file.empty()) {
    const std::string text = read_file(messages_file);
    std::size_t p = 0;
    while (p < text.size()) {
      const std::size_t a = text.find('\0', p);
      const std::size_t b = a == std::string::npos ? a : text.find('\0', a + 1);
      if (b == std::string::npos) fail("bad --mahjong-messages file");
      wording[text.substr(p, a - p)] = text.substr(a + 1, b - a - 1);
      p = b + 1;
    }
  }
  for (int r = 0; r < yijing::wire::mahjong_reasons(); ++r) {
    const auto found = wording.find(yijing::wire::mahjong_reason_name(r));
    o.mahjong_entries.push_back(yijing::wire::mahjong_verdict_entry(
        r, found != wording.end() ? found->second : yijing::wire::mahjong_reason_message(r)));
  }
  return o;
}

// After the last call taken on is done, before exiting: its answer, handed to
// the transport, leaves before the connections close.
constexpr auto kLinger = std::chrono::milliseconds(50);

// What stops the server, and how long calls in flight get.
struct Stop {
  std::mutex mu;
  std::condition_variable cv;
  bool requested = false;
  double grace = 0;
  void request(double g) {
    std::lock_guard<std::mutex> lock(mu);
    if (!requested) grace = g;
    requested = true;
    cv.notify_all();
  }
};

}  // namespace

std::unique_ptr<yf::Handler> yf::new_handler(Call& call) {
  const std::string& m = call.ctx.method();
  // Metadata past the Python server's limits is refused there, in its gRPC's words
  if (metadata_bytes(call.ctx) > kPythonMetadataSoftLimit) return new_proxy(call, /*per_peer=*/false);
  if (m == kValidateMove) return new_validate(call, /*batch=*/false);
  if (m == kValidateMoves) return new_validate(call, /*batch=*/true);
  if (m.rfind(kInternalPrefix, 0) == 0)  // the Python server's methods for this program
    return new_finished(call, method_not_found());
  return new_proxy(call, /*per_peer=*/true);
}

int main(int argc, char** argv) {
  // The Python server stops this program through its input ("stop", or end of
  // input when it is gone). Its death is also signalled (SIGUSR2, set here);
  // SIGTERM and SIGINT stop it only once the parent is gone: a Ctrl-C or a
  // service manager's SIGTERM to every process of the service reaches this one
  // too, and must leave the Python server's drain in charge. They are taken in
  // one thread by sigwait: blocked before gRPC starts its threads, which
  // inherit the mask. SIGPIPE is ignored: a write to a gone reader fails instead.
  const pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGUSR2);
  std::signal(SIGPIPE, SIG_IGN);
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGUSR2);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  if (getppid() != parent) return 0;  // the parent died before PDEATHSIG was set

  // gRPC's locks are absl's, which in this build record every lock order to
  // find cycles: a global graph updated under its own lock on each acquisition,
  // a few per cent of this program's CPU on a passed-on call. gRPC's own tests
  // find its deadlocks; here it is only cost.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  yf::Front front;
  front.opt = parse(argc, argv);
  front.request_timer = std::make_unique<yf::RequestTimer>(front.opt.request_timeout_seconds);
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(-1);  // the limits are the client's side's (below) and Python's
  args.SetMaxSendMessageSize(-1);
  front.backend = grpc::CreateCustomChannel(front.opt.backend, grpc::InsecureChannelCredentials(), args);
  front.stub = std::make_unique<grpc::GenericStub>(front.backend);

  std::shared_ptr<grpc::ServerCredentials> creds = grpc::InsecureServerCredentials();
  if (!front.opt.tls_cert.empty()) {
    grpc::SslServerCredentialsOptions ssl;
    ssl.pem_key_cert_pairs.push_back({read_file(front.opt.tls_key), read_file(front.opt.tls_cert)});
    creds = grpc::SslServerCredentials(ssl);
  }
  grpc::ServerBuilder builder;
  const std::vector<std::string> addresses = yf::listen_addresses(front.opt.listen);
  int port = 0, ipv6_port = 0;
  builder.AddListeningPort(addresses[0], creds, &port);
  if (addresses.size() > 1) builder.AddListeningPort(addresses[1], creds, &ipv6_port);
  builder.RegisterAsyncGenericService(&front.service);
  front.cq = builder.AddCompletionQueue();
  front.workers = std::make_unique<yf::Workers>(std::max(1u, std::thread::hardware_concurrency()));
  front.rules = std::make_unique<yf::RulesCache>(front.stub.get(), front.cq.get());
  // Checked by the calls themselves, in the Python server's words (too_large): this
  // gRPC buffers a whole message before its own check either way.
  builder.SetMaxReceiveMessageSize(-1);
  builder.SetMaxSendMessageSize(front.opt.max_message_bytes);
  builder.AddChannelArgument(GRPC_ARG_MAX_METADATA_SIZE, kMetadataLimit);
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);  // as the Python server: one owner per port
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || port == 0 || (addresses.size() > 1 && ipv6_port != port))
    fail("cannot listen on " + front.opt.listen);
  std::thread([&front] { yf::serve(front, kPendingAccepts); }).detach();
  front.log.serving(port);
  front.log.start();

  Stop stop;
  std::thread([&stop, signals, parent] {
    for (;;) {
      int sig = 0;
      sigwait(&signals, &sig);
      // PDEATHSIG follows the thread that started this program: a signal with the
      // parent still there (that thread ended, or a Ctrl-C) is not the parent's death
      if (getppid() != parent) break;
    }
    stop.request(0);
  }).detach();
  std::thread([&front, &stop] {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (line == "refuse") {
        front.refusing = true;
      } else if (line.rfind("stop ", 0) == 0) {
        stop.request(std::strtod(line.c_str() + 5, nullptr));
        return;
      }
    }
    stop.request(0);  // the Python server closed our input: it is gone or stopping
  }).detach();

  double grace = 0;
  {
    std::unique_lock<std::mutex> lock(stop.mu);
    stop.cv.wait(lock, [&stop] { return stop.requested; });
    // a day at most (a larger or non-finite value would overflow the deadline)
    grace = stop.grace >= 0 && stop.grace <= 86400 ? stop.grace : (stop.grace > 0 ? 86400 : 0);
  }
  // New calls are refused (UNAVAILABLE) from now on; the calls taken on before
  // get the grace to finish. Then the process exits without gRPC's Shutdown:
  // that cancels every call whose stream reaches the server after it starts and
  // before the client has its GOAWAY (CANCELLED, which clients do not retry),
  // while an exit closes the port and every connection at once, and a client
  // sees a closed connection as UNAVAILABLE.
  front.refusing = true;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<long long>(grace * 1000));
  while (front.taken.load() > 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  if (grace > 0) std::this_thread::sleep_for(kLinger);
  front.log.stop();
  std::fflush(stdout);
  std::_Exit(0);  // the detached threads may be blocked reading; nothing is left to flush
}
