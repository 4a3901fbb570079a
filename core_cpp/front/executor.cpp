// gRPC core's executor threads turned off (front.hpp inline_core_closures).
//
// gRPC core hands some of its work to a pool of executor threads: a transport's
// writes once its lock is contended, and the closures it cannot run where they
// were scheduled. For a call passed on to the Python server each hand-off is a
// thread switch, and under perf these were the largest part of this program's
// CPU. Without the pool, that work runs on the thread that scheduled it. The
// switch is not part of gRPC's public API, so it is looked up by its symbol and
// skipped where this libgrpc has none (the program then runs as before).
#include <dlfcn.h>
#include <grpc/grpc.h>

#include "front.hpp"

namespace yijing::front {

bool inline_core_closures() {
  // grpc_core::Executor::SetThreadingDefault(bool): the default executor only;
  // the resolver's, which may block in a DNS lookup, keeps its threads.
  using SetThreading = void (*)(bool);
  auto* set = reinterpret_cast<SetThreading>(
      dlsym(RTLD_DEFAULT, "_ZN9grpc_core8Executor19SetThreadingDefaultEb"));
  if (set == nullptr) return false;
  grpc_init();  // the executors exist once gRPC is initialised; held for the process's life
  set(false);
  return true;
}

}  // namespace yijing::front
