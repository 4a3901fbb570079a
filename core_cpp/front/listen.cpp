// Where the front end listens (front.hpp listen_addresses).
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>

#include "front.hpp"

namespace yijing::front {

namespace {

// A port free on 127.0.0.1 (with `port` 0: any) and on ::1, or 0 if there is none.
int loopback_port(int port) {
  const int v4 = socket(AF_INET, SOCK_STREAM, 0), v6 = socket(AF_INET6, SOCK_STREAM, 0);
  sockaddr_in a4{};
  a4.sin_family = AF_INET;
  a4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a4.sin_port = htons(static_cast<uint16_t>(port));
  socklen_t len = sizeof a4;
  sockaddr_in6 a6{};
  a6.sin6_family = AF_INET6;
  a6.sin6_addr = in6addr_loopback;
  int found = 0;
  if (v4 >= 0 && v6 >= 0 && bind(v4, reinterpret_cast<sockaddr*>(&a4), sizeof a4) == 0 &&
      getsockname(v4, reinterpret_cast<sockaddr*>(&a4), &len) == 0) {
    a6.sin6_port = a4.sin_port;
    if (bind(v6, reinterpret_cast<sockaddr*>(&a6), sizeof a6) == 0) found = ntohs(a4.sin_port);
  }
  if (v4 >= 0) close(v4);
  if (v6 >= 0) close(v6);
  return found;
}

}  // namespace

std::vector<std::string> listen_addresses(const std::string& listen) {
  const std::size_t colon = listen.rfind(':');
  if (colon == std::string::npos || listen.compare(0, colon, "localhost") != 0) return {listen};
  const char* digits = listen.c_str() + colon + 1;
  char* end = nullptr;
  const long wanted = std::strtol(digits, &end, 10);
  if (end == digits || *end != '\0' || wanted < 0 || wanted > 65535) return {listen};
  int port = 0;
  for (int attempt = 0; attempt < 10 && port == 0; ++attempt) {
    port = loopback_port(static_cast<int>(wanted));
    // port 0: the one found free on 127.0.0.1 may be taken on ::1, so try another
    if (wanted != 0) break;  // a given port is free on both, or not
  }
  if (port == 0) return {listen};
  return {"127.0.0.1:" + std::to_string(port), "[::1]:" + std::to_string(port)};
}

}  // namespace yijing::front
