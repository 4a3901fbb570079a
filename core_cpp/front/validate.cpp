// ValidateMove and ValidateMoves at the front end (front.hpp): answered here when
// the request is the fast path's plain, valid case and its rules are resolved;
// passed on to the Python server otherwise, which words every error. Every other
// unary call is passed on the same way (new_unary_pass_on): its one request read
// here, then sent with the call's metadata and end in one write, and the Python
// server's answer and status written back in one.
#include <chrono>
#include <cstdio>

#include "front.hpp"

namespace yijing::front {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxRules = 256;       // resolved rules messages kept (as service/wire.py)
constexpr std::size_t kMaxResolving = 64;    // resolves under way at once
constexpr auto kResolveDeadline = std::chrono::seconds(5);

std::string varint(std::size_t n) {
  std::string out;
  wire::put_varint(out, n);
  return out;
}

struct Answered {
  std::string response;
  const char* game = "";
  std::string ruleset;
  std::string verdicts;  // "code=n,code=n"
};

template <class NameOf>
std::string verdict_counts(const wire::Answer& a, NameOf name_of) {
  std::string out;
  for (std::size_t r = 0; r < a.counts.size(); ++r) {
    if (a.counts[r] == 0) continue;
    if (!out.empty()) out += ',';
    out += name_of(static_cast<int>(r));
    out += '=';
    out += std::to_string(a.counts[r]);
  }
  return out;
}

// The answer to a serialized ValidateMovesRequest, or false: the Python server's.
bool answer(Front& f, std::string_view request, Answered& out) {
  wire::Parsed parsed;
  wire::Answer a;
  if (wire::parse_yijingpai(request, f.opt.limits, parsed)) {
    std::vector<wire::YijingpaiRuleSet> rule_sets;
    for (std::string_view blob : parsed.distinct_rules) {
      const auto e = f.rules->find(RulesCache::Kind::kYijingpai, blob);
      if (!e || !e->valid) return false;
      rule_sets.push_back(e->yijingpai);
    }
    if (!wire::answer_yijingpai(parsed, rule_sets, a)) return false;
    out.game = "yijingpai";
    out.verdicts = verdict_counts(a, wire::yijingpai_reason_name);
  } else {
    parsed = wire::Parsed{};
    if (!wire::parse_mahjong(request, f.opt.limits, parsed)) return false;
    std::vector<mahjong::Config> configs;
    for (std::string_view blob : parsed.distinct_rules) {
      const auto e = f.rules->find(RulesCache::Kind::kMahjong, blob);
      if (!e || !e->valid) return false;
      // one ruleset per batch: the call's metric labels are its ruleset's
      if (!configs.empty() && e->ruleset != out.ruleset) return false;
      out.ruleset = e->ruleset;
      configs.push_back(e->mahjong);
    }
    if (!wire::answer_mahjong(parsed, configs, f.opt.mahjong_entries, a)) return false;
    out.game = "mahjong";
    out.verdicts = verdict_counts(a, wire::mahjong_reason_name);
  }
  out.response = std::move(a.response);
  return true;
}

// What a call is: ValidateMove or ValidateMoves (answered here if it can be),
// or another unary method's (always passed on).
enum class Kind { kMove, kMoves, kPassOn };

class Validate final : public Handler, public RequestTimer::Waiting {
 public:
  // kPassOn: the call was taken on (Front::taken) and given its slot of
  // Front::peer_calls, `peer_host` (empty: none), by new_proxy, before any
  // request, as the Python server takes its calls.
  Validate(Call& call, Kind kind, std::string peer_host = {})
      : Handler(call),
        f_(call.front),
        ctx_(call.ctx),
        kind_(kind),
        peer_(call.ctx.peer()),
        taken_(kind == Kind::kPassOn),
        start_(Clock::now()),
        peer_host_(std::move(peer_host)) {}

  void start() override {
    f_.request_timer->add(this);  // its request must come in time (RequestTimer)
    call_.stream.Read(&request_, op(read_));
  }

  ~Validate() override {
    release();
    f_.peer_calls.close(peer_host_);
    if (taken_) f_.taken.fetch_sub(1);
  }

  void client_done(bool cancelled) override {
    if (no_request_)  // see read()
      f_.log.rpc(ctx_.method(), cancelled ? "CANCELLED" : "INVALID_ARGUMENT", "", "", elapsed_ms(),
                 peer_, "");
  }

 private:
  void read(bool ok) {
    if (!f_.request_timer->remove(this)) return;  // the read the timer's Finish cut short
    if (!ok) {
      // The client went away (or its deadline passed), or half-closed without a
      // request. Which, gRPC's async API tells only once the call is over
      // (client_done): the status goes out now, the log line then. A client
      // that is gone never sees it.
      f_.peer_calls.close(peer_host_);
      no_request_ = true;
      call_.stream.Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "no request message"),
                          op(finish_));
      return;
    }
    if (request_.Length() > static_cast<std::size_t>(f_.opt.max_message_bytes)) {
      finish_here(too_large(request_.Length(), f_.opt.max_message_bytes), "");
      return;
    }
    if (kind_ == Kind::kPassOn) {
      pass_on();
      return;
    }
    if (!take_call(f_)) {
      finish_here(grpc::Status(grpc::StatusCode::UNAVAILABLE, "the server is shutting down"), "");
      return;
    }
    taken_ = true;
    if (!admit()) {
      finish_here(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "Concurrent RPC limit exceeded!"), "");
      return;
    }
    if (kind_ == Kind::kMoves) {  // a batch: computed on a worker (Workers), the call held till then
      call_.hold(nullptr);
      f_.workers->run([this] {
        Call& call = call_;
        answer_or_pass_on();
        call.drop();  // last: it may free this
      });
      return;
    }
    answer_or_pass_on();
  }

  // On the queue's thread, or a worker's for a batch: every operation it starts
  // may be started from any thread, and no other step of the call runs meanwhile.
  void answer_or_pass_on() {
    std::string data = flatten(request_);
    if (kind_ == Kind::kMove) data = '\x0a' + varint(data.size()) + data;  // a ValidateMovesRequest of one item
    // (and a ValidateMovesResponse of one verdict is that ValidateMoveResponse, byte for byte)
    Answered a;
    if (answer(f_, data, a)) {
      release();
      response_ = to_buffer(std::move(a.response));
      f_.log.rpc(ctx_.method(), "OK", a.game, a.ruleset, elapsed_ms(), peer_, a.verdicts);
      call_.stream.WriteAndFinish(response_, grpc::WriteOptions(), grpc::Status::OK, op(finish_));
      return;
    }
    pass_on();
  }

  // Runs on the request timer's thread; the read then completes as cut short.
  void expire() override {
    finish_here(no_request_in_time(f_.opt.request_timeout_seconds), "");
  }

  // The Python server answers (and logs and counts) the call.
  // Over the client's budget of calls there (front.hpp PeerCalls), refused here.
  void pass_on() {
    if (kind_ != Kind::kPassOn) {
      grpc::Status refusal;
      if (!f_.peer_calls.open(peer_, f_.opt.max_per_peer, f_.opt.max_concurrent, peer_host_,
                              refusal)) {
        finish_here(refusal, "");
        return;
      }
    }
    backend_ctx_ = backend_context(ctx_);
    backend_call_ = f_.stub->PrepareUnaryCall(backend_ctx_.get(), ctx_.method(), request_, f_.cq.get());
    backend_call_->StartCall();
    backend_call_->Finish(&reply_, &backend_status_, op(answered_));
  }

  void answered(bool /*ok*/) {
    release();
    f_.peer_calls.close(peer_host_);
    const grpc::Status status = hide_backend(f_, backend_status_);
    copy_initial_metadata(*backend_ctx_, ctx_);
    copy_trailing_metadata(*backend_ctx_, ctx_);
    if (status.ok())
      call_.stream.WriteAndFinish(reply_, grpc::WriteOptions(), status, op(finish_));
    else
      call_.stream.Finish(status, op(finish_));
  }

  void finished(bool /*ok*/) {}

  // A slot of --max-concurrent, held while this program works on the call or
  // waits for the Python server: given back before the answer is written, since
  // the client can send its next call as soon as it has it. (The call's end
  // comes later, much later on a loaded machine: counting until then
  // would refuse clients that keep well within the limit.) A refused call takes none.
  bool admit() {
    long long n = f_.in_flight.load(std::memory_order_relaxed);
    do {
      if (n >= f_.opt.max_concurrent) return false;
    } while (!f_.in_flight.compare_exchange_weak(n, n + 1, std::memory_order_relaxed));
    counted_ = true;
    return true;
  }
  void release() {
    if (counted_) f_.in_flight.fetch_sub(1, std::memory_order_relaxed);
    counted_ = false;
  }

  void finish_here(const grpc::Status& status, const char* game) {
    static const char* const kCodes[] = {
        "OK",        "CANCELLED",          "UNKNOWN",        "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
        "NOT_FOUND", "ALREADY_EXISTS",     "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
        "FAILED_PRECONDITION", "ABORTED",  "OUT_OF_RANGE",   "UNIMPLEMENTED",   "INTERNAL",
        "UNAVAILABLE", "DATA_LOSS",        "UNAUTHENTICATED"};
    f_.peer_calls.close(peer_host_);
    f_.log.rpc(ctx_.method(), kCodes[static_cast<int>(status.error_code())], game, "", elapsed_ms(),
               peer_, "");
    call_.stream.Finish(status, op(finish_));
  }

  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
  }

  Front& f_;
  grpc::GenericServerContext& ctx_;
  Kind kind_;
  // the client's address, taken while the call is live: once it has failed
  // (cancelled, or cut off by the transport) peer() may say "unknown"
  std::string peer_;
  bool counted_ = false;  // holds a slot of in_flight
  bool taken_ = false;    // counted in Front::taken
  bool no_request_ = false;  // ended for want of a request: logged at the call's end
  Clock::time_point start_;
  grpc::ByteBuffer request_, response_, reply_;
  std::unique_ptr<grpc::ClientContext> backend_ctx_;
  std::unique_ptr<grpc::GenericClientAsyncResponseReader> backend_call_;
  grpc::Status backend_status_;
  std::string peer_host_;  // its slot of Front::peer_calls while the Python server has it
  Step<Validate, &Validate::read> read_{this};
  Step<Validate, &Validate::answered> answered_{this};
  Step<Validate, &Validate::finished> finish_{this};
};

}  // namespace

std::unique_ptr<Handler> new_validate(Call& call, bool batch) {
  return std::make_unique<Validate>(call, batch ? Kind::kMoves : Kind::kMove);
}

std::unique_ptr<Handler> new_unary_pass_on(Call& call, std::string peer_host) {
  return std::make_unique<Validate>(call, Kind::kPassOn, std::move(peer_host));
}

std::shared_ptr<const RulesCache::Entry> RulesCache::find(Kind kind, std::string_view blob) {
  std::string key(1, static_cast<char>(kind));
  key.append(blob.data(), blob.size());
  {
    std::lock_guard<std::mutex> lock(mu_);
    const auto it = entries_.find(key);
    if (it != entries_.end()) return it->second;
    if (pending_.count(key) != 0 || pending_.size() >= kMaxResolving) return nullptr;
    pending_[key] = true;
  }
  resolve(std::move(key));
  return nullptr;
}

// Asks the Python server (service/front.py) what a rules message is: its
// answer is a byte 0 (not valid: its error is the Python path's to word), or a
// byte 1, the ruleset label's length and text, and the config's image.
void RulesCache::resolve(std::string key) {
  // On the completion queue: its answer is stored on the queue's thread.
  struct Resolve final : Tag {
    RulesCache* cache = nullptr;
    grpc::ClientContext ctx;
    grpc::ByteBuffer request, reply;
    grpc::Status status;
    std::string key;
    std::unique_ptr<grpc::GenericClientAsyncResponseReader> rpc;
    void complete(bool /*ok*/) override {
      cache->store(key, status, reply);
      delete this;
    }
  };
  auto* call = new Resolve;
  call->cache = this;
  call->key = std::move(key);
  call->request = to_buffer(call->key);
  call->ctx.set_deadline(std::chrono::system_clock::now() + kResolveDeadline);
  call->rpc = stub_->PrepareUnaryCall(&call->ctx, kResolveRules, call->request, cq_);
  call->rpc->StartCall();
  call->rpc->Finish(&call->reply, &call->status, call);
}

void RulesCache::store(const std::string& key, const grpc::Status& status,
                       const grpc::ByteBuffer& reply) {
  std::shared_ptr<Entry> entry;
  if (status.ok()) {
    const std::string r = flatten(reply);
    entry = std::make_shared<Entry>();
    if (r.size() >= 2 && r[0] == 1) {
      const auto n = static_cast<unsigned char>(r[1]);
      if (r.size() >= 2u + n) {
        entry->ruleset = r.substr(2, n);
        const std::string_view image(r.data() + 2 + n, r.size() - 2 - n);
        entry->valid = key[0] == static_cast<char>(Kind::kYijingpai)
                           ? wire::yijingpai_from_image(image, entry->yijingpai)
                           : wire::mahjong_from_image(image, entry->mahjong);
      }
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  pending_.erase(key);
  if (entry) {  // a failed resolve is tried again on the next call
    if (entries_.size() >= kMaxRules) entries_.clear();
    entries_[key] = std::move(entry);
  }
}

}  // namespace yijing::front
