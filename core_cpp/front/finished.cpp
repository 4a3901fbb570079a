// A call ended at once with a status, its request unread (front.hpp new_finished).
#include "front.hpp"

namespace yijing::front {

namespace {

class Finished final : public Handler {
 public:
  Finished(Call& call, const grpc::Status& status) : Handler(call), status_(status) {}
  void start() override { call_.stream.Finish(status_, op(finish_)); }

 private:
  void finished(bool /*ok*/) {}
  grpc::Status status_;
  Step<Finished, &Finished::finished> finish_{this};
};

}  // namespace

std::unique_ptr<Handler> new_finished(Call& call, const grpc::Status& status) {
  return std::make_unique<Finished>(call, status);
}

}  // namespace yijing::front
