// A call refused during shutdown (front.hpp new_refusal): UNAVAILABLE, which
// clients retry, with the Python server's wording (service/observability.py).
#include "front.hpp"

namespace yijing::front {

namespace {

class Refusal final : public grpc::ServerGenericBidiReactor {
 public:
  Refusal(Front& f, grpc::GenericCallbackServerContext* ctx) {
    // logged first: once the call is finished, OnDone may delete this (and ctx) at once
    f.log.rpc(ctx->method(), "UNAVAILABLE", "", "", 0.0, ctx->peer(), "");
    Finish(grpc::Status(grpc::StatusCode::UNAVAILABLE, "the server is shutting down"));
  }
  void OnDone() override { delete this; }
};

}  // namespace

grpc::ServerGenericBidiReactor* new_refusal(Front& front, grpc::GenericCallbackServerContext* ctx) {
  return new Refusal(front, ctx);
}

}  // namespace yijing::front
