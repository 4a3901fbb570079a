// Unary calls in progress per client host (front.hpp PeerCalls).
#include "front.hpp"

namespace yijing::front {

std::string peer_host(const std::string& peer) {
  // as service/streams.py peer_host: "ipv4:1.2.3.4:5678" -> "ipv4:1.2.3.4"
  const std::size_t kind_end = peer.find(':');
  if (kind_end == std::string::npos) return peer;
  const std::string kind = peer.substr(0, kind_end);
  if (kind != "ipv4" && kind != "ipv6") return peer;
  const std::size_t port_start = peer.rfind(':');
  if (port_start == kind_end || port_start + 1 == peer.size()) return peer;
  for (std::size_t i = port_start + 1; i < peer.size(); ++i)
    if (peer[i] < '0' || peer[i] > '9') return peer;
  return peer.substr(0, port_start);
}

bool PeerCalls::open(const std::string& peer, long long per_peer, long long total,
                     std::string& host, grpc::Status& refusal) {
  host = peer_host(peer);
  if (host.empty()) host = "unknown";  // an empty key is close()'s "no slot"
  std::lock_guard<std::mutex> lock(mu_);
  long long& n = by_host_[host];
  // in the Python server's order (service/calls.py): the client's budget, then the server's
  if (per_peer > 0 && n >= per_peer) {
    refusal = grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                           "this client has " + std::to_string(n) +
                               " calls in progress, the limit per client "
                               "(--max-concurrent-rpcs-per-peer " +
                               std::to_string(per_peer) + "); wait for one to end");
  } else if (total > 0 && in_progress_ >= total) {
    refusal = grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "Concurrent RPC limit exceeded!");
  } else {
    ++n;
    ++in_progress_;
    return true;
  }
  if (n == 0) by_host_.erase(host);
  host.clear();
  return false;
}

void PeerCalls::close(std::string& host) {
  if (host.empty()) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const auto it = by_host_.find(host);
    if (it != by_host_.end() && --it->second <= 0) by_host_.erase(it);
    --in_progress_;
  }
  host.clear();
}

}  // namespace yijing::front
