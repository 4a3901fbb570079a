// A do-nothing gRPC server in C++ (grpc++ callback API), for the service
// bench's "transport alone" rows (benchmarks/service_bench.py).
//
// Why it exists: benchmarks/echo_server.py measures what grpc.aio costs by
// itself on this machine; this is the same do-nothing server on gRPC's C++
// transport. Driven by the same native client at the same rate, alternated
// with the other rows, the pair shows how much of the service's tail latency
// the Python transport sets, and what a server with a C++ front end could
// reach here.
//
// Every call, of any method, is answered with the same bytes without reading
// the request: ValidateMoveResponse{verdict: {ok: true}}, as echo_server.py.
// It serves on 127.0.0.1 (a free port), prints one JSON line
// {"msg": "serving", "address": ...} on stderr once it serves, and stops on
// SIGTERM or SIGINT.

#include <grpcpp/generic/async_generic_service.h>
#include <grpcpp/grpcpp.h>

#include <csignal>
#include <cstdio>
#include <memory>
#include <string>

namespace {

const char kOkResponse[] = "\n\x02\x08\x01";  // 4 bytes: verdict {ok: true}

// One call: read the request, answer, finish.
class Answer : public grpc::ServerGenericBidiReactor {
 public:
  Answer() { StartRead(&request_); }

  void OnReadDone(bool ok) override {
    if (!ok) {  // the client sent nothing (or went away)
      Finish(grpc::Status::OK);
      return;
    }
    grpc::Slice slice(kOkResponse, sizeof kOkResponse - 1);
    response_ = grpc::ByteBuffer(&slice, 1);
    StartWriteAndFinish(&response_, grpc::WriteOptions(), grpc::Status::OK);
  }

  void OnDone() override { delete this; }

 private:
  grpc::ByteBuffer request_;
  grpc::ByteBuffer response_;
};

class AnswerAll : public grpc::CallbackGenericService {
  grpc::ServerGenericBidiReactor* CreateReactor(grpc::GenericCallbackServerContext*) override {
    return new Answer();
  }
};

}  // namespace

int main() {
  // The stop signals are taken by sigwait below, in this thread only: block
  // them before gRPC starts its threads, which inherit the mask.
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTERM);
  sigaddset(&stop, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);

  AnswerAll service;
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
  builder.RegisterCallbackGenericService(&service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || port == 0) {
    std::fprintf(stderr, "{\"msg\": \"error\", \"error\": \"could not serve on 127.0.0.1\"}\n");
    return 1;
  }
  std::fprintf(stderr, "{\"msg\": \"serving\", \"address\": \"127.0.0.1:%d\"}\n", port);
  std::fflush(stderr);
  int sig = 0;
  sigwait(&stop, &sig);
  server->Shutdown();
  return 0;
}
