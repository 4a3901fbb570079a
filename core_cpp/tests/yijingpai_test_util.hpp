// Helpers for the Yi Jing Pai engine tests: exact walls and move drivers.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "../src/yijingpai/engine_internal.hpp"
#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/notation.hpp"

namespace yjt {

namespace yp = yijing::yijingpai;

// A full 144-tile wall (70/70/4, or 70/70/0 without taiji) that deals
// `hands[seat]` (6+k tiles each, any order) from `dealer` per docs §2, then
// has `draws` at the front of what remains, then the rest of the tiles.
inline std::string make_wall(const std::vector<std::string>& hands, int k, int dealer,
                             const std::string& draws = "", bool taiji = true) {
  const int n = static_cast<int>(hands.size());
  std::string prefix;
  std::vector<std::size_t> pos(hands.size(), 0);
  auto grab = [&](int seat, std::size_t count) {
    prefix += hands[static_cast<std::size_t>(seat)].substr(pos[static_cast<std::size_t>(seat)], count);
    pos[static_cast<std::size_t>(seat)] += count;
  };
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < n; ++i) grab((dealer + i) % n, 4);
  if (k == 3)
    for (int i = 0; i < n; ++i) grab((dealer + i) % n, 1);
  prefix += draws;
  int ones = 70, zeros = 70, ts = taiji ? 4 : 0;
  for (char c : prefix) {
    if (c == '1') --ones;
    if (c == '0') --zeros;
    if (c == 'T') --ts;
  }
  REQUIRE(ones >= 0);
  REQUIRE(zeros >= 0);
  REQUIRE(ts >= 0);
  std::string rest;
  while (ones > 0 || zeros > 0) {  // alternate, so later draws are mixed
    if (ones-- > 0) rest += '1';
    if (zeros-- > 0) rest += '0';
  }
  return prefix + rest + std::string(static_cast<std::size_t>(ts), 'T');
}

inline yp::Config config(int k = 2, int players = 4, int win_mask = 3, bool taiji_in_pong = true,
                         bool split = false) {
  yp::Config c;
  c.play_size = static_cast<std::uint8_t>(k);
  c.players = static_cast<std::uint8_t>(players);
  c.win_mask = static_cast<std::uint8_t>(win_mask);
  c.taiji_in_pong = taiji_in_pong;
  c.split_payment = split;
  return c;
}

inline std::string code(const yp::State& s, const std::string& move) {
  return yp::reason_name(yp::check_move(s, move));
}

// Apply a move that must be legal.
inline void play(yp::State& s, const std::string& move) {
  INFO("move " << move);
  REQUIRE(code(s, move) == "ok");
  yp::apply(s, yp::to_action(*yp::parse_move(move)));
}

inline std::vector<std::string> legal(const yp::State& s, int seat) {
  return yp::legal_move_strings(s, seat);
}

inline std::string in_progress(const yp::State& s, int seat) {
  return yp::lines_string(s.seats[seat].progress);
}

// Give `seat` a completed hexagram (for scenario set-ups).
inline void give_completed(yp::State& s, int seat, const std::string& lines) {
  const auto m = yp::parse_move("s0:target=" + lines);
  REQUIRE(m.has_value());
  yp::detail::add_completed(s, seat, yp::Lines{m->values, m->taiji, 6});
}

// Set the hexagram in progress of `seat` to `lines`.
inline void set_progress(yp::State& s, int seat, const std::string& lines) {
  const auto m = yp::parse_move("s0:play=" + lines);
  REQUIRE(m.has_value());
  s.seats[seat].progress = yp::Lines{m->values, m->taiji, m->nlines};
}

// Set the hand of `seat` ('1'/'0'/'T' characters).
inline void set_hand(yp::State& s, int seat, const std::string& tiles) {
  yp::Hand h;
  for (char c : tiles) {
    if (c == '1') ++h.yang;
    if (c == '0') ++h.yin;
    if (c == 'T') ++h.taiji;
  }
  s.seats[seat].hand = h;
}

}  // namespace yjt
