// Passing a call on to the Python server, byte for byte (front.hpp).
//
// Every call is handled as a bidirectional stream of messages: what the client
// sends is written to the Python server, what it answers is written back, and
// its status, message, error details and metadata end the client's call. One
// message is in flight each way at a time (each read waits for the previous
// write), so a slow reader on either side slows the other instead of filling
// memory.
#include <cstdio>
#include <mutex>

#include "front.hpp"

namespace yijing::front {

namespace {

bool transport_key(const std::string& key) {
  // The transport's own headers, set again on the next hop; the peer key is ours.
  return key.empty() || key[0] == ':' || key.rfind("grpc-", 0) == 0 || key == "content-type" ||
         key == "te" || key == "user-agent" || key == kPeerKey;
}

class Proxy final : public grpc::ServerGenericBidiReactor {
 public:
  // `peer_host`: the call's slot of Front::peer_calls (empty: it takes none).
  Proxy(Front& front, grpc::GenericCallbackServerContext* ctx, std::string peer_host)
      : front_(front),
        server_ctx_(ctx),
        client_ctx_(backend_context(*ctx)),
        client_(this),
        peer_host_(std::move(peer_host)) {
    // Two holds keep the backend call open while the forward chain (client ->
    // backend) and the return chain (backend -> client) may still start an
    // operation on it; each is released, once, when its chain ends
    // (after the call is bound to the reactor, before it starts).
    front.stub->PrepareBidiStreamingCall(client_ctx_.get(), ctx->method(), grpc::StubOptions(),
                                         &client_);
    client_.AddMultipleHolds(2);
    client_.StartCall();
    client_.StartRead(&from_backend_);
    StartRead(&from_client_);
  }

  // --- the client's side (this reactor) ---
  void OnReadDone(bool ok) override {
    std::lock_guard<std::recursive_mutex> lock(mu_);
    if (forward_closed_) return;
    if (ok && from_client_.Length() > static_cast<std::size_t>(front_.opt.max_message_bytes)) {
      refused_ = too_large(from_client_.Length(), front_.opt.max_message_bytes);
      client_ctx_->TryCancel();  // the backend call ends; its status is replaced by this one
      close_forward();
      return;
    }
    if (ok) {
      client_.StartWrite(&from_client_);
    } else {  // the client has sent everything (or is gone)
      client_.StartWritesDone();
      close_forward();
    }
  }

  void OnWriteDone(bool ok) override {
    std::lock_guard<std::recursive_mutex> lock(mu_);
    if (return_closed_) return;
    if (ok) {
      client_.StartRead(&from_backend_);
    } else {  // the client is gone: stop the backend call
      client_ctx_->TryCancel();
      close_return();
    }
  }

  void OnCancel() override { client_ctx_->TryCancel(); }

  void OnDone() override { done(/*server_side=*/true); }

  // --- the Python server's side ---
  class Backend final : public grpc::ClientBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer> {
   public:
    explicit Backend(Proxy* p) : p_(p) {}
    void OnReadInitialMetadataDone(bool ok) override { p_->backend_initial_metadata(ok); }
    void OnWriteDone(bool ok) override { p_->backend_write_done(ok); }
    void OnReadDone(bool ok) override { p_->backend_read_done(ok); }
    void OnDone(const grpc::Status& status) override { p_->backend_done(status); }

   private:
    Proxy* p_;
  };

 private:
  // The Python server sends no initial metadata of its own today. If it did, note
  // that this reaction and the first backend_read_done are separate completions:
  // a first response written before this ran would go out without it.
  void backend_initial_metadata(bool ok) {
    std::lock_guard<std::recursive_mutex> lock(mu_);
    if (ok) copy_initial_metadata(*client_ctx_, *server_ctx_);
  }

  void backend_write_done(bool ok) {
    std::lock_guard<std::recursive_mutex> lock(mu_);
    if (forward_closed_) return;
    if (ok) {
      StartRead(&from_client_);
    } else {  // the backend stopped reading: its status will end the call
      close_forward();
    }
  }

  void backend_read_done(bool ok) {
    std::lock_guard<std::recursive_mutex> lock(mu_);
    if (return_closed_) return;
    if (ok) {
      StartWrite(&from_backend_);
    } else {  // the backend has sent everything: its status follows (backend_done)
      close_return();
      // a client still sending to a finished call would hold it open: stop forwarding
      if (!forward_closed_) close_forward();
    }
  }

  void backend_done(const grpc::Status& status) {
    {
      std::lock_guard<std::recursive_mutex> lock(mu_);
      front_.peer_calls.close(peer_host_);  // before the client has its answer
      copy_trailing_metadata(*client_ctx_, *server_ctx_);
      Finish(refused_.ok() ? hide_backend(front_, status) : refused_);
    }
    done(/*server_side=*/false);
  }

  // Called with mu_ held.
  void close_forward() {
    forward_closed_ = true;
    client_.RemoveHold();
  }
  void close_return() {
    return_closed_ = true;
    client_.RemoveHold();
  }

  void done(bool server_side) {
    bool both = false;
    {
      std::lock_guard<std::recursive_mutex> lock(mu_);
      (server_side ? server_done_ : backend_done_) = true;
      both = server_done_ && backend_done_;
    }
    if (both) {
      front_.taken.fetch_sub(1);
      delete this;
    }
  }

  // Recursive: a reaction may in principle run inline from an operation started
  // under the lock.
  std::recursive_mutex mu_;
  Front& front_;
  grpc::GenericCallbackServerContext* server_ctx_;
  std::unique_ptr<grpc::ClientContext> client_ctx_;
  Backend client_;
  grpc::ByteBuffer from_client_, from_backend_;
  bool forward_closed_ = false, return_closed_ = false;
  grpc::Status refused_;  // not OK: the client's message was refused here, with this
  bool server_done_ = false, backend_done_ = false;
  std::string peer_host_;  // its slot of Front::peer_calls, until the backend call ends
};

}  // namespace

std::unique_ptr<grpc::ClientContext> backend_context(const grpc::GenericCallbackServerContext& server) {
  // Propagates the client's deadline and its cancellation to the backend call.
  std::unique_ptr<grpc::ClientContext> ctx = grpc::ClientContext::FromCallbackServerContext(server);
  for (const auto& [key, value] : server.client_metadata()) {
    std::string k(key.data(), key.size());
    if (transport_key(k)) continue;
    ctx->AddMetadata(k, std::string(value.data(), value.size()));
  }
  ctx->AddMetadata(kPeerKey, server.peer());
  return ctx;
}

void copy_initial_metadata(const grpc::ClientContext& from, grpc::GenericCallbackServerContext& to) {
  for (const auto& [key, value] : from.GetServerInitialMetadata()) {
    std::string k(key.data(), key.size());
    if (!transport_key(k)) to.AddInitialMetadata(k, std::string(value.data(), value.size()));
  }
}

void copy_trailing_metadata(const grpc::ClientContext& from, grpc::GenericCallbackServerContext& to) {
  // grpc-status-details-bin (rich error details) travels in the Status itself.
  for (const auto& [key, value] : from.GetServerTrailingMetadata()) {
    std::string k(key.data(), key.size());
    if (!transport_key(k)) to.AddTrailingMetadata(k, std::string(value.data(), value.size()));
  }
}

grpc::Status hide_backend(const Front& front, const grpc::Status& status) {
  const std::string path = front.opt.backend.substr(front.opt.backend.find(':') + 1);
  if (status.ok() || status.error_message().find(path) == std::string::npos) return status;
  return grpc::Status(status.error_code(), "the server is not available");
}

grpc::Status method_not_found() {
  return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "Method not found!");
}

grpc::Status too_large(std::size_t size, int max) {
  return grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                      "SERVER: Received message larger than max (" + std::to_string(size) + " vs. " +
                          std::to_string(max) + ")");
}

grpc::Status no_request_in_time(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);  // as Python's f"{seconds:g}"
  return grpc::Status(grpc::StatusCode::DEADLINE_EXCEEDED,
                      std::string("no request message within ") + text +
                          " s of the call's start (--request-timeout-seconds)");
}

grpc::ServerGenericBidiReactor* new_proxy(Front& front, grpc::GenericCallbackServerContext* ctx,
                                          bool per_peer) {
  if (!take_call(front)) {
    front.log.rpc(ctx->method(), "UNAVAILABLE", "", "", 0.0, ctx->peer(), "");
    return new_finished(grpc::Status(grpc::StatusCode::UNAVAILABLE, "the server is shutting down"));
  }
  std::string host;
  const bool unary = per_peer && front.opt.unary_methods.count(ctx->method()) != 0;
  if (unary) {
    const std::string peer = ctx->peer();
    grpc::Status refusal;
    if (!front.peer_calls.open(peer, front.opt.max_per_peer, front.opt.max_concurrent, host,
                               refusal)) {
      front.taken.fetch_sub(1);
      front.log.rpc(ctx->method(), "RESOURCE_EXHAUSTED", "", "", 0.0, peer, "");
      return new_finished(refusal);
    }
  }
  // A unary call is passed on as one: its request, then the answer, each in one
  // write (a third of the stream's reactions here, and of its frames there).
  if (unary) return new_unary_pass_on(front, ctx, std::move(host));
  return new Proxy(front, ctx, std::move(host));
}

std::string flatten(const grpc::ByteBuffer& buffer) {
  std::vector<grpc::Slice> slices;
  std::string out;
  if (!buffer.Dump(&slices).ok()) return out;
  out.reserve(buffer.Length());
  for (const grpc::Slice& s : slices) out.append(reinterpret_cast<const char*>(s.begin()), s.size());
  return out;
}

grpc::ByteBuffer to_buffer(std::string bytes) {
  grpc::Slice slice(std::move(bytes));
  return grpc::ByteBuffer(&slice, 1);
}

}  // namespace yijing::front
