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

bool PeerCalls::open(const std::string& peer, long long limit, std::string& host,
                     grpc::Status& refusal) {
  host = peer_host(peer);
  std::lock_guard<std::mutex> lock(mu_);
  long long& n = by_host_[host];
  if (n >= limit) {
    refusal = grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                           "this client has " + std::to_string(n) +
                               " calls in progress, the limit per client "
                               "(--max-concurrent-rpcs-per-peer " +
                               std::to_string(limit) + "); wait for one to end");
    if (n == 0) by_host_.erase(host);
    host.clear();
    return false;
  }
  ++n;
  return true;
}

void PeerCalls::close(std::string& host) {
  if (host.empty()) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const auto it = by_host_.find(host);
    if (it != by_host_.end() && --it->second <= 0) by_host_.erase(it);
  }
  host.clear();
}

}  // namespace yijing::front
