// yijing-front: the service's native gRPC front end (docs/service.md "Native front end").
//
// Why it exists: on these machines a grpc.aio server spends about 0.4 ms of
// CPU per call in its own transport, and a do-nothing grpc.aio server alone
// misses the 2 ms p99 floor at 1,000 req/s (benchmarks/NOTES.md "Transport
// alone"). The stateless referee calls, ValidateMove and ValidateMoves, are
// answered here in C++ by the same code as the Python binding's fast path
// (yijing/wire/validate_moves.hpp); every other call, and every request the
// fast path declines, is passed on byte for byte to the Python server
// (`python -m service`, which starts this program and listens on a private
// unix socket behind it). The Python server stays the one place that words
// errors, checks rules, keeps sessions, metrics and logs: what is answered here
// is reported to it as one line per call (CallLog), and the rules messages are
// resolved by it (RulesCache).
#pragma once

#include <grpcpp/generic/async_generic_service.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "yijing/wire/validate_moves.hpp"

namespace yijing::front {

inline constexpr char kValidateMove[] = "/yijing.v1.RuleEngineService/ValidateMove";
inline constexpr char kValidateMoves[] = "/yijing.v1.RuleEngineService/ValidateMoves";
// The Python server's methods for this program only (service/front.py); never
// passed on from a client.
inline constexpr char kInternalPrefix[] = "/yijing.internal.";
inline constexpr char kResolveRules[] = "/yijing.internal.v1.Front/ResolveRules";
// The metadata key carrying the client's address to the Python server (its
// logs and per-peer stream budget); a client's own value is dropped.
inline constexpr char kPeerKey[] = "x-yijing-peer";

struct Options {
  std::string listen;   // HOST:PORT, as the service's --address
  std::string backend;  // unix:PATH of the Python server
  std::string tls_cert, tls_key;
  int max_message_bytes = 4 << 20;  // checked by the calls (too_large), not the transport
  // --max-concurrent-rpcs: calls answered here at once, and passed-on unary calls
  // in progress (PeerCalls); more get RESOURCE_EXHAUSTED
  long long max_concurrent = 1000;
  // A unary call whose request has not arrived this long after its start is
  // ended, as the Python server ends its calls (--request-timeout-seconds).
  double request_timeout_seconds = 5;
  // Unary calls in progress from one client host, as the Python server counts
  // them (service/calls.py; 0: not counted here), and the methods it counts.
  long long max_per_peer = 0;
  std::unordered_set<std::string> unary_methods;
  wire::Limits limits{256, 400, 64};
  std::vector<std::string> mahjong_entries;  // reason -> encoded verdict (the Python wording)
};

// The lines this program writes on stdout for the Python server: "serving\tPORT"
// once, then one "rpc\t..." line per call answered here, in batches (a write
// per call was a tenth of a small call's CPU in the Python server), and
// "dropped\tN" when N calls' lines did not fit the buffer.
class CallLog {
 public:
  void serving(int port);
  // method, code, game, ruleset, latency (ms), peer, and "code=n,code=n" verdict counts
  void rpc(std::string_view method, std::string_view code, std::string_view game,
           std::string_view ruleset, double latency_ms, const std::string& peer,
           const std::string& verdicts);
  void start();  // the writer thread: a batch every 20 ms
  void stop();   // writes what is left

 private:
  void write_batches();
  // Lines waiting for the writer, at most this many bytes (about 40,000 calls):
  // past it, calls are counted and reported as a "dropped\tN" line instead.
  static constexpr std::size_t kMaxPending = 4u << 20;
  std::mutex mu_;
  std::condition_variable wake_;
  std::string pending_;
  long long dropped_ = 0;
  bool stopping_ = false;
  std::thread writer_;
};

// Rules messages (their bytes) -> engine configs, as the Python server resolves
// them. A message not seen yet is resolved in the background while its call is
// passed on to the Python server; the next call with it is answered here.
class RulesCache {
 public:
  enum class Kind : char { kYijingpai = 'Y', kMahjong = 'M' };
  struct Entry {
    bool valid = false;  // false: the Python path words its error, every time
    std::string ruleset;  // mahjong's metric label
    wire::YijingpaiRuleSet yijingpai;
    mahjong::Config mahjong;
  };
  // Resolves are asked on `cq` (their answers handled on its thread, Tag).
  RulesCache(grpc::GenericStub* stub, grpc::CompletionQueue* cq) : stub_(stub), cq_(cq) {}
  // The entry of `blob`, or nullptr (not resolved yet: a resolve is under way).
  std::shared_ptr<const Entry> find(Kind kind, std::string_view blob);

 private:
  void resolve(std::string key);
  void store(const std::string& key, const grpc::Status& status, const grpc::ByteBuffer& reply);
  grpc::GenericStub* stub_;
  grpc::CompletionQueue* cq_;
  std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<const Entry>> entries_;
  std::unordered_map<std::string, bool> pending_;
};

// The client host of a gRPC peer string, as the Python server keys its budgets:
// "ipv4:1.2.3.4:5678" -> "ipv4:1.2.3.4"; anything else whole.
std::string peer_host(const std::string& peer);

// The passed-on unary calls in progress, per client host and in all. The Python
// server refuses one over --max-concurrent-rpcs-per-peer or --max-concurrent-rpcs
// itself (service/calls.py); refused here first, in its words, such a call
// costs no hop to it, so a client flooding calls slows no one else's calls
// through the front end. A call holds its slot from its start, while its request
// is on the way (the Python server sees a unary call only once it has one), and
// gives it back when the Python server's answer is in, before the client has it.
class PeerCalls {
 public:
  // A slot for a call from `peer` (a limit of 0: not counted): true and `host`
  // (the key to close it with), or false and the Python server's refusal in `refusal`.
  bool open(const std::string& peer, long long per_peer, long long total, std::string& host,
            grpc::Status& refusal);
  void close(std::string& host);  // and clears it; nothing when it is empty

 private:
  std::mutex mu_;
  std::unordered_map<std::string, long long> by_host_;
  long long in_progress_ = 0;
};

// The unary calls still waiting for their request message, oldest
// first. A client that opens calls and sends nothing would hold a Call each
// for as long as it likes: one thread ends each whose request has not come
// within --request-timeout-seconds, as the Python server ends its calls. One
// thread rather than a gRPC alarm per call: cancelling an alarm hands a closure
// to gRPC's executor thread, about 10 us more CPU on a ValidateMove of some 40.
class RequestTimer {
 public:
  using Clock = std::chrono::steady_clock;
  class Waiting {
   public:
    virtual ~Waiting() = default;
    // Its request did not come in time: called once, on the timer's thread,
    // after it has left the list (RequestTimer::remove then returns false).
    virtual void expire() = 0;

   private:
    friend class RequestTimer;
    Waiting* prev_ = nullptr;
    Waiting* next_ = nullptr;
    Clock::time_point deadline_;
    bool listed_ = false;
  };
  explicit RequestTimer(double seconds);
  void add(Waiting* w);
  // True: `w` has left the list in time. False: it expired (expire() runs or ran).
  bool remove(Waiting* w);

 private:
  void run();
  void unlink(Waiting* w);  // with mu_ held
  const bool enabled_;
  const Clock::duration timeout_;
  std::mutex mu_;
  std::condition_variable wake_;
  Waiting* head_ = nullptr;
  Waiting* tail_ = nullptr;
};

// Threads for the answers that take long to compute (ValidateMoves batches):
// on the completion queue's one thread, a batch would hold up every call behind
// it and use one core of several. Jobs run in the order given.
class Workers {
 public:
  explicit Workers(unsigned threads);  // they live as long as the process
  void run(std::function<void()> job);

 private:
  void work();
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
};

// What every call handler shares.
struct Front {
  Options opt;
  std::shared_ptr<grpc::Channel> backend;
  std::unique_ptr<grpc::GenericStub> stub;
  std::unique_ptr<RulesCache> rules;
  // Every call, the client's and the Python server's side, runs on this one
  // queue's thread (main.cpp serve).
  grpc::AsyncGenericService service;
  std::unique_ptr<grpc::ServerCompletionQueue> cq;
  std::unique_ptr<Workers> workers;
  CallLog log;
  std::atomic<bool> refusing{false};  // shutdown: new calls answered UNAVAILABLE
  std::atomic<long long> in_flight{0};
  PeerCalls peer_calls;
  std::unique_ptr<RequestTimer> request_timer;  // made once the options are read
  // Calls taken on before the refusal began and not done yet: a stop waits for
  // them before the process exits (main.cpp).
  std::atomic<long long> taken{0};
};

// Takes a call on (counted in `taken` until it is done), or false: the server
// is refusing new calls. Counted before the check, so that a stop that sets
// `refusing` and then sees `taken` at 0 has no call left behind.
inline bool take_call(Front& front) {
  front.taken.fetch_add(1);
  if (!front.refusing.load()) return true;
  front.taken.fetch_sub(1);
  return false;
}

// Every tag on Front::cq is one of these: what runs, on the queue's thread,
// when its operation completes.
class Tag {
 public:
  virtual void complete(bool ok) = 0;

 protected:
  ~Tag() = default;
};

// Serves the calls: one thread taking every completion of Front::cq and running
// its Tag. Why one thread and a completion queue rather than gRPC's callback API:
// there each step of a call completes on one of gRPC's own threads and is
// often handed to another, about 11 thread switches a passed-on call; here the
// thread that reads a socket runs what follows (call.cpp).
void serve(Front& front, int pending_accepts);

class Handler;

// One call from a client, from its arrival to its end: the context and stream,
// and its Handler. Freed once the call is over and no operation of its (the
// client's side or the Python server's) is under way.
class Call final {
 public:
  // Waits for the next call to arrive.
  static void accept(Front& front);
  Front& front;
  grpc::GenericServerContext ctx;
  grpc::GenericServerAsyncReaderWriter stream{&ctx};
  // Every operation under way holds the call: `tag` for an operation about to start.
  void* hold(Tag* tag) {
    refs_.fetch_add(1, std::memory_order_relaxed);
    return tag;
  }
  void drop() {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

 private:
  explicit Call(Front& f);
  ~Call();
  void arrived(bool ok);
  void done(bool ok);
  struct Event final : Tag {
    Event(Call* c, void (Call::*f)(bool)) : call(c), fn(f) {}
    void complete(bool ok) override { (call->*fn)(ok); }
    Call* call;
    void (Call::*fn)(bool);
  };
  std::atomic<int> refs_{2};  // the arrival's and the end's (AsyncNotifyWhenDone)
  std::unique_ptr<Handler> handler_;
  Event arrival_{this, &Call::arrived}, end_{this, &Call::done};
};

// What a call does once it has arrived: one per kind of call (validate.cpp,
// proxy.cpp, finished.cpp), freed with its Call.
class Handler {
 public:
  explicit Handler(Call& call) : call_(call) {}
  virtual ~Handler() = default;
  Handler(const Handler&) = delete;
  Handler& operator=(const Handler&) = delete;
  virtual void start() = 0;
  // The call is over for the client: its status went out, or it was cancelled
  // (or its deadline passed).
  virtual void client_done(bool /*cancelled*/) {}

 protected:
  // An operation's tag, running `F` of the handler when it completes; it holds
  // the call until then (op).
  template <class T, void (T::*F)(bool)>
  class Step final : public Tag {
   public:
    explicit Step(T* owner) : owner_(owner) {}
    void complete(bool ok) override {
      Call& call = owner_->call_;
      (owner_->*F)(ok);
      call.drop();  // last: it may free the handler
    }

   private:
    T* owner_;
  };
  void* op(Tag& step) { return call_.hold(&step); }
  Call& call_;
};

// The handler for a call that has just arrived (main.cpp: by its method and metadata).
std::unique_ptr<Handler> new_handler(Call& call);

// A ClientContext for passing `server`'s call on: its deadline and cancellation,
// the client's metadata (less the transport's own and kPeerKey), and kPeerKey.
std::unique_ptr<grpc::ClientContext> backend_context(const grpc::GenericServerContext& server);
// `status` as the client may see it: a failure to reach the Python server names
// its socket's path in gRPC's message, which is none of a client's business.
grpc::Status hide_backend(const Front& front, const grpc::Status& status);
// Copies the Python server's initial or trailing metadata onto the client's call.
void copy_initial_metadata(const grpc::ClientContext& from, grpc::GenericServerContext& to);
void copy_trailing_metadata(const grpc::ClientContext& from, grpc::GenericServerContext& to);

// A call of any method, passed on to the Python server: a unary method's as one
// request and one answer (new_unary_pass_on), the others as a stream of messages
// each way (and a unary call whose metadata the Python server will refuse, at once).
// `per_peer`: a unary method's call takes a slot of PeerCalls (a call whose
// metadata the Python server refuses before any handler does not).
std::unique_ptr<Handler> new_proxy(Call& call, bool per_peer);
// A unary call (per Options::unary_methods) passed on to the Python server, taken
// on (Front::taken) with its slot of PeerCalls, `peer_host`, by new_proxy (validate.cpp).
std::unique_ptr<Handler> new_unary_pass_on(Call& call, std::string peer_host);
// A call ended at once with `status`, its request unread (and not logged).
std::unique_ptr<Handler> new_finished(Call& call, const grpc::Status& status);
// What the Python server answers (grpc.aio, its gRPC core's wording) where the
// transport here would word it otherwise: the same on the wire from both forms.
grpc::Status method_not_found();
grpc::Status too_large(std::size_t size, int max);
grpc::Status no_request_in_time(double seconds);
// ValidateMove (`batch` false) or ValidateMoves: answered here, or passed on.
std::unique_ptr<Handler> new_validate(Call& call, bool batch);

// The addresses to listen on for `listen` (HOST:PORT): itself, except that
// "localhost" is both loopback addresses on one port, as the Python server's gRPC
// has it (this system's resolver may give 127.0.0.1 alone), where ::1 exists.
std::vector<std::string> listen_addresses(const std::string& listen);

std::string flatten(const grpc::ByteBuffer& buffer);
grpc::ByteBuffer to_buffer(std::string bytes);

}  // namespace yijing::front
