// The protobuf wire format, just what the service's ValidateMoves fast paths
// use (yijing/wire/validate_moves.hpp, called by the Python binding and by the
// native front end, core_cpp/front/): varints
// and length-delimited fields, read without copying and written into a string,
// and the one ValidateMovesRequest parser both games use. Shared so the two
// fast paths cannot drift apart on the encoding or on which requests they
// decline; a game differs only in its PositionFormat (below), its rule-set
// lookup, its replay and its verdict messages, which stay in
// src/wire/validate_moves.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace yijing::wire {

constexpr std::uint32_t kVarint = 0;
constexpr std::uint32_t kLen = 2;

// Field numbers of proto/yijing/v1/rule_engine.proto common to both games. Each
// game's binding exports the ones it reads as WIRE_FIELDS, which the service tests
// check against the compiled descriptor.
constexpr std::uint32_t kRequestRequests = 1;   // ValidateMovesRequest.requests
constexpr std::uint32_t kItemPosition = 1;      // ValidateMoveRequest.position
constexpr std::uint32_t kItemMove = 2;          // ValidateMoveRequest.move
constexpr std::uint32_t kPositionRules = 1;     // Position.rules (Yi Jing Pai)
constexpr std::uint32_t kPositionDeal = 2;      // Position.deal
constexpr std::uint32_t kPositionMoves = 3;     // Position.moves
constexpr std::uint32_t kPositionMahjong = 4;   // Position.mahjong_rules
constexpr std::uint32_t kDealSeed = 1;          // Deal.seed (Deal.wall: the slow path)
constexpr std::uint32_t kDealWall = 2;          // Deal.wall, never read here
constexpr std::uint32_t kResponseVerdicts = 1;  // ValidateMovesResponse.verdicts
constexpr std::uint32_t kVerdictOk = 1;         // Verdict.ok
constexpr std::uint32_t kVerdictCode = 2;       // Verdict.code
constexpr std::uint32_t kVerdictMessage = 3;    // Verdict.message

// The service's bounds on a request (pyyijing/service/config.py), passed in by pyyijing/service/wire.py
// (or the front end's command line).
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

// One encoded `verdicts` entry (field 1 of ValidateMovesResponse).
inline std::string verdict_entry(bool ok, std::string_view code, std::string_view message) {
  std::string v;
  if (ok) {  // ok = true; false is the default and left out
    v.push_back(key_of(kVerdictOk, kVarint));
    v.push_back('\x01');
  }
  put_string(v, kVerdictCode, code);
  put_string(v, kVerdictMessage, message);
  std::string entry(1, key_of(kResponseVerdicts, kLen));
  put_varint(entry, v.size());
  return entry + v;
}

// What a game's positions look like on the wire. The rules field is the only
// Position field either game accepts for its rule set; the other game's field
// is refused like any unknown one, so a mixed or foreign item is declined.
struct PositionFormat {
  std::uint32_t rules_field;  // kPositionRules or kPositionMahjong (bytes, passed on whole)
  bool rules_required;        // absent rules: defaults (Yi Jing Pai), or not this game's (mahjong)
  bool empty_batch_ok;        // no items: an empty response, or the Python path
};

// One ValidateMoveRequest: its position's fields as views into the request,
// and its history as a range of Parsed::moves.
struct Item {
  std::string_view rules;  // the rules message bytes ("" = defaults)
  std::uint64_t seed = 0;
  std::size_t first_move = 0;  // into Parsed::moves
  std::size_t n_moves = 0;
  std::string_view move;
  int rules_index = 0;  // into Parsed::distinct_rules
};

struct Parsed {
  std::vector<Item> items;
  std::vector<std::string_view> moves;
  std::vector<std::string_view> distinct_rules;
};

inline bool parse_position(std::string_view data, const PositionFormat& fmt, Item& it, Parsed& out,
                           const Limits& lim) {
  Reader r(data);
  bool rules = false, deal = false;
  it.first_move = out.moves.size();
  while (!r.done()) {
    std::uint32_t f = 0, t = 0;
    std::string_view v;
    if (!r.key(f, t) || t != kLen || !r.bytes(v)) return false;
    if (f == fmt.rules_field && !rules) {
      it.rules = v;
      rules = true;
    } else if (f == kPositionDeal && !deal) {
      if (!parse_seed_deal(v, kDealSeed, it.seed)) return false;
      deal = true;
    } else if (f == kPositionMoves) {
      if (v.size() > lim.max_move_chars || !ascii(v)) return false;
      if (out.moves.size() - it.first_move == lim.max_moves) return false;  // one too many
      out.moves.push_back(v);
    } else {
      return false;  // unknown field (the other game's rules too), or a repeated singular one
    }
  }
  it.n_moves = out.moves.size() - it.first_move;
  return deal && (rules || !fmt.rules_required);
}

inline bool parse_item(std::string_view data, const PositionFormat& fmt, Item& it, Parsed& out,
                       const Limits& lim) {
  Reader r(data);
  bool position = false, move = false;
  while (!r.done()) {
    std::uint32_t f = 0, t = 0;
    std::string_view v;
    if (!r.key(f, t) || t != kLen || !r.bytes(v)) return false;
    if (f == kItemPosition && !position) {
      if (!parse_position(v, fmt, it, out, lim)) return false;
      position = true;
    } else if (f == kItemMove && !move) {
      if (!ascii(v)) return false;
      it.move = v;
      move = true;
    } else {
      return false;
    }
  }
  return position;  // no move means the empty string (proto3), answered "malformed"
}

// A whole ValidateMovesRequest, or false when it is not the fast path's plain case.
inline bool parse_request(std::string_view data, const PositionFormat& fmt, Parsed& out,
                          const Limits& lim) {
  Reader r(data);
  while (!r.done()) {
    std::uint32_t f = 0, t = 0;
    std::string_view v;
    if (!r.key(f, t) || f != kRequestRequests || t != kLen || !r.bytes(v)) return false;
    if (out.items.size() == lim.max_batch) return false;
    Item it;
    if (!parse_item(v, fmt, it, out, lim)) return false;
    const int n_rules = static_cast<int>(out.distinct_rules.size());
    int k = 0;
    while (k < n_rules && out.distinct_rules[static_cast<std::size_t>(k)] != it.rules) ++k;
    if (k == n_rules) {
      if (k == 16) return false;  // many rule sets in one batch: not the common case
      out.distinct_rules.push_back(it.rules);
    }
    it.rules_index = k;
    out.items.push_back(it);
  }
  return fmt.empty_batch_ok || !out.items.empty();
}

}  // namespace yijing::wire
