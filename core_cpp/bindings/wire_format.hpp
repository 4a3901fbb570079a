// The protobuf wire format, just what the service's ValidateMoves fast paths
// use (wire_bindings.cpp for Yi Jing Pai, mahjong_wire_bindings.cpp): varints
// and length-delimited fields, read without copying and written into a string.
// Shared so the two games' parsers cannot drift apart on the encoding itself;
// each keeps its own field numbers and messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace yijing_bindings::wire {

constexpr std::uint32_t kVarint = 0;
constexpr std::uint32_t kLen = 2;

// The service's bounds on a request (service/config.py), passed in by service/wire.py.
struct Limits {
  std::size_t max_batch;
  std::size_t max_moves;
  std::size_t max_move_chars;
};

class Reader {
 public:
  explicit Reader(std::string_view s)
      : p_(reinterpret_cast<const std::uint8_t*>(s.data())), end_(p_ + s.size()) {}
  bool done() const { return p_ == end_; }
  bool varint(std::uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p_ == end_) return false;
      const std::uint8_t b = *p_++;
      v |= static_cast<std::uint64_t>(b & 0x7Fu) << shift;
      if ((b & 0x80u) == 0) return shift < 63 || b <= 1;
    }
    return false;
  }
  bool bytes(std::string_view& out) {
    std::uint64_t n = 0;
    if (!varint(n) || n > static_cast<std::uint64_t>(end_ - p_)) return false;
    out = std::string_view(reinterpret_cast<const char*>(p_), static_cast<std::size_t>(n));
    p_ += n;
    return true;
  }
  bool key(std::uint32_t& field, std::uint32_t& type) {
    std::uint64_t k = 0;
    if (!varint(k) || (k >> 3) == 0 || (k >> 3) > 0x1FFFFFFFu) return false;
    field = static_cast<std::uint32_t>(k >> 3);
    type = static_cast<std::uint32_t>(k & 7u);
    return true;
  }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

inline bool ascii(std::string_view s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80u) return false;
  return true;
}

// A Deal message that is exactly a seed (field `seed_field`, a varint); a wall
// deal, or none, is not the fast path.
inline bool parse_seed_deal(std::string_view data, std::uint32_t seed_field, std::uint64_t& seed) {
  Reader r(data);
  bool found = false;
  while (!r.done()) {
    std::uint32_t f = 0, t = 0;
    if (!r.key(f, t) || f != seed_field || t != kVarint || found || !r.varint(seed)) return false;
    found = true;
  }
  return found;
}

inline void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80u) {
    out.push_back(static_cast<char>((v & 0x7Fu) | 0x80u));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

constexpr char key_of(std::uint32_t field, std::uint32_t wire_type) {
  return static_cast<char>((field << 3) | wire_type);  // every field written is < 16: one byte
}

inline void put_string(std::string& out, std::uint32_t field, std::string_view s) {
  if (s.empty()) return;  // proto3 leaves defaults out
  out.push_back(key_of(field, kLen));
  put_varint(out, s.size());
  out.append(s.data(), s.size());
}

}  // namespace yijing_bindings::wire
