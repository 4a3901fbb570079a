// Passing a call on to the Python server, byte for byte (front.hpp).
//
// Every call is handled as a bidirectional stream of messages: what the client
// sends is written to the Python server, what it answers is written back, and
// its status, message, error details and metadata end the client's call. One
// message is in flight each way at a time (each read waits for the previous
// write), so a slow reader on either side slows the other instead of filling
// memory. Every step runs on the completion queue's one thread (call.cpp).
#include <cstdio>

#include "front.hpp"

namespace yijing::front {

namespace {

bool transport_key(const std::string& key) {
  // The transport's own headers, set again on the next hop; the peer key is ours.
  return key.empty() || key[0] == ':' || key.rfind("grpc-", 0) == 0 || key == "content-type" ||
         key == "te" || key == "user-agent" || key == kPeerKey;
}

class Proxy final : public Handler {
 public:
  explicit Proxy(Call& call)
      : Handler(call), front_(call.front), client_ctx_(backend_context(call.ctx)) {}

  void start() override {
    backend_ = front_.stub->PrepareCall(client_ctx_.get(), call_.ctx.method(), front_.cq.get());
    backend_->StartCall(op(started_));
    // The Python server's initial metadata is copied before its first message is
    // written back (the stream's first Read would receive both at once).
    backend_->ReadInitialMetadata(op(initial_metadata_));
  }

  void client_done(bool cancelled) override {
    if (cancelled) client_ctx_->TryCancel();
  }

  ~Proxy() override { front_.taken.fetch_sub(1); }

 private:
  // The client's first message is read once the backend call has started: its
  // start and its writes share one operation set in grpc++ (one at a time). A
  // call that could not start ends with its status.
  void started(bool /*ok*/) { call_.stream.Read(&from_client_, op(read_)); }

  void initial_metadata(bool ok) {
    if (ok) copy_initial_metadata(*client_ctx_, call_.ctx);
    backend_->Read(&from_backend_, op(backend_read_));
  }

  // --- forward: the client's messages to the Python server ---
  void read(bool ok) {
    if (forward_closed_) return;
    if (ok && from_client_.Length() > static_cast<std::size_t>(front_.opt.max_message_bytes)) {
      refused_ = too_large(from_client_.Length(), front_.opt.max_message_bytes);
      client_ctx_->TryCancel();  // the backend call ends; its status is replaced by this one
      forward_closed_ = true;
      return;
    }
    backend_writing_ = true;
    if (ok) {
      backend_->Write(from_client_, op(written_));
    } else {  // the client has sent everything (or is gone)
      backend_->WritesDone(op(written_));
      forward_closed_ = true;
    }
  }

  void written(bool ok) {
    backend_writing_ = false;
    if (!forward_closed_ && ok) {
      call_.stream.Read(&from_client_, op(read_));
      return;
    }
    forward_closed_ = true;  // not ok: the backend stopped reading; its status ends the call
    finish_backend();
  }

  // --- return: the Python server's messages to the client ---
  void backend_read(bool ok) {
    if (ok) {
      call_.stream.Write(from_backend_, op(client_written_));
      return;
    }
    // the backend has sent everything: its status follows; a client still
    // sending to a finished call would hold it open, so forwarding stops
    return_closed_ = forward_closed_ = true;
    finish_backend();
  }

  void client_written(bool ok) {
    if (ok) {
      backend_->Read(&from_backend_, op(backend_read_));
      return;
    }
    client_ctx_->TryCancel();  // the client is gone: stop the backend call
    return_closed_ = true;
    finish_backend();
  }

  // The backend call's status, once nothing more is read from it or written to it.
  void finish_backend() {
    if (!return_closed_ || !forward_closed_ || backend_writing_ || finishing_) return;
    finishing_ = true;
    backend_->Finish(&backend_status_, op(backend_done_));
  }

  void backend_done(bool /*ok*/) {
    copy_trailing_metadata(*client_ctx_, call_.ctx);
    call_.stream.Finish(refused_.ok() ? hide_backend(front_, backend_status_) : refused_,
                        op(finished_));
  }

  void finished(bool /*ok*/) {}

  Front& front_;
  std::unique_ptr<grpc::ClientContext> client_ctx_;
  std::unique_ptr<grpc::GenericClientAsyncReaderWriter> backend_;
  grpc::ByteBuffer from_client_, from_backend_;
  // All on the queue's one thread: no lock.
  bool forward_closed_ = false, return_closed_ = false;
  bool backend_writing_ = false;  // a message or the end of them on the way to the backend
  bool finishing_ = false;
  grpc::Status refused_;  // not OK: the client's message was refused here, with this
  grpc::Status backend_status_;
  Step<Proxy, &Proxy::started> started_{this};
  Step<Proxy, &Proxy::initial_metadata> initial_metadata_{this};
  Step<Proxy, &Proxy::read> read_{this};
  Step<Proxy, &Proxy::written> written_{this};
  Step<Proxy, &Proxy::backend_read> backend_read_{this};
  Step<Proxy, &Proxy::client_written> client_written_{this};
  Step<Proxy, &Proxy::backend_done> backend_done_{this};
  Step<Proxy, &Proxy::finished> finished_{this};
};

}  // namespace

std::unique_ptr<grpc::ClientContext> backend_context(const grpc::GenericServerContext& server) {
  // Propagates the client's deadline and its cancellation to the backend call.
  std::unique_ptr<grpc::ClientContext> ctx = grpc::ClientContext::FromServerContext(server);
  for (const auto& [key, value] : server.client_metadata()) {
    std::string k(key.data(), key.size());
    if (transport_key(k)) continue;
    ctx->AddMetadata(k, std::string(value.data(), value.size()));
  }
  ctx->AddMetadata(kPeerKey, server.peer());
  return ctx;
}

void copy_initial_metadata(const grpc::ClientContext& from, grpc::GenericServerContext& to) {
  for (const auto& [key, value] : from.GetServerInitialMetadata()) {
    std::string k(key.data(), key.size());
    if (!transport_key(k)) to.AddInitialMetadata(k, std::string(value.data(), value.size()));
  }
}

void copy_trailing_metadata(const grpc::ClientContext& from, grpc::GenericServerContext& to) {
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

std::unique_ptr<Handler> new_proxy(Call& call, bool per_peer) {
  Front& front = call.front;
  const grpc::GenericServerContext& ctx = call.ctx;
  if (!take_call(front)) {
    front.log.rpc(ctx.method(), "UNAVAILABLE", "", "", 0.0, ctx.peer(), "");
    return new_finished(call, grpc::Status(grpc::StatusCode::UNAVAILABLE, "the server is shutting down"));
  }
  const bool unary = per_peer && front.opt.unary_methods.count(ctx.method()) != 0;
  // A unary call is passed on as one: its request, then the answer, each in one
  // write (a third of the stream's reactions here, and of its frames there).
  if (!unary) return std::make_unique<Proxy>(call);
  std::string host;
  const std::string peer = ctx.peer();
  grpc::Status refusal;
  if (!front.peer_calls.open(peer, front.opt.max_per_peer, front.opt.max_concurrent, host,
                             refusal)) {
    front.taken.fetch_sub(1);
    front.log.rpc(ctx.method(), "RESOURCE_EXHAUSTED", "", "", 0.0, peer, "");
    return new_finished(call, refusal);
  }
  return new_unary_pass_on(call, std::move(host));
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
