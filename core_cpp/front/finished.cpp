// A call ended at once with a status, its request unread (front.hpp new_finished).
#include "front.hpp"

namespace yijing::front {

namespace {

class Finished final : public grpc::ServerGenericBidiReactor {
 public:
  explicit Finished(const grpc::Status& status) { Finish(status); }
  void OnDone() override { delete this; }
};

}  // namespace

grpc::ServerGenericBidiReactor* new_finished(const grpc::Status& status) { return new Finished(status); }

}  // namespace yijing::front
