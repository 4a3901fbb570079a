// A client's call from its arrival to its end, and the thread that runs them
// all (front.hpp Call, serve).
#include "front.hpp"

namespace yijing::front {

Call::Call(Front& f) : front(f) {
  // Asked before the call arrives, as gRPC requires: the tag comes once the call is over.
  ctx.AsyncNotifyWhenDone(&end_);
  front.service.RequestCall(&ctx, &stream, front.cq.get(), front.cq.get(), &arrival_);
}

Call::~Call() = default;

void Call::accept(Front& front) { new Call(front); }

void Call::arrived(bool ok) {
  if (!ok) {  // the queue is shutting down: no call came
    drop();
    return;
  }
  accept(front);  // the next call's place, before this one's work
  handler_ = new_handler(*this);
  handler_->start();
  drop();
}

void Call::done(bool /*ok*/) {
  // IsCancelled is known once this tag has come (gRPC's async API).
  if (handler_) handler_->client_done(ctx.IsCancelled());
  drop();
}

void serve(Front& front, int pending_accepts) {
  for (int i = 0; i < pending_accepts; ++i) Call::accept(front);
  void* tag = nullptr;
  bool ok = false;
  while (front.cq->Next(&tag, &ok)) static_cast<Tag*>(tag)->complete(ok);
}

}  // namespace yijing::front
