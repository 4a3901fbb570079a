// The environments' action index and batch of Yi Jing Pai (env_encode.hpp,
// vec_env.hpp): the index is the bijection docs/env-yijingpai.md "Actions"
// lays out, and a batch environment plays the same hand whatever the thread
// count and batch size. The planes are checked against the Python codec in
// tests/env/test_vector_encode_yijingpai.py.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "yijing/yijingpai/env_encode.hpp"
#include "yijing/yijingpai/notation.hpp"
#include "yijing/yijingpai/vec_env.hpp"

namespace {
namespace yp = yijing::yijingpai;
namespace ye = yijing::yijingpai::env;
}  // namespace

TEST_CASE("yijingpai env: action index widths and examples") {
  CHECK(ye::num_actions(2) == 4164);
  CHECK(ye::num_actions(3) == 4356);
  // docs/env-yijingpai.md "Actions" examples (standard).
  const std::vector<std::pair<std::string, int>> examples = {
      {"s0:target=000000", 0}, {"s0:target=100000", 1024}, {"s0:play=00", 4096},
      {"s0:pong=11@split", 4129}, {"s0:win", 4160}, {"s0:pass", 4163}};
  for (const auto& [text, index] : examples) {
    const auto spec = yp::parse_move(text);
    REQUIRE(spec);
    CHECK(ye::action_index(yp::to_action(*spec), 2) == index);
  }
}

TEST_CASE("yijingpai env: every index names a move that maps back to it") {
  for (int k = 2; k <= 3; ++k) {
    for (int seat = 0; seat < 4; ++seat) {
      for (int i = 0; i < ye::num_actions(k); ++i) {
        yp::Action a = 0;
        REQUIRE(ye::action_at(i, seat, k, a));
        CHECK(yp::action_seat(a) == seat);
        CHECK(ye::action_index(a, k) == i);
      }
      yp::Action a = 0;
      CHECK_FALSE(ye::action_at(-1, seat, k, a));
      CHECK_FALSE(ye::action_at(ye::num_actions(k), seat, k, a));
    }
  }
}

TEST_CASE("yijingpai env: a batch environment is the same on 1 and 2 threads and in any batch size") {
  yp::Config cfg;
  cfg.players = 3;
  const yp::BotKind bots[yp::kMaxPlayers] = {};
  constexpr int kLarge = 300;  // several blocks, shared by the two threads
  ye::VecEnv small(cfg, 3, -1, bots, 1, 1.0);
  ye::VecEnv one(cfg, kLarge, -1, bots, 1, 1.0);
  ye::VecEnv two(cfg, kLarge, -1, bots, 2, 1.0);
  small.reset(9);
  one.reset(9);
  two.reset(9);
  int ended = 0;
  const auto width = static_cast<std::size_t>(one.num_actions());
  for (int step = 0; step < 600; ++step) {
    std::vector<std::int64_t> a(kLarge);
    for (std::size_t i = 0; i < kLarge; ++i) {
      const std::int64_t c = one.legal_count[i];
      REQUIRE(c > 0);
      a[i] = one.legal[i * width + static_cast<std::size_t>((step * 7 + static_cast<int>(i)) % c)];
    }
    REQUIRE(small.first_illegal(a.data()) == -1);
    REQUIRE(one.first_illegal(a.data()) == -1);
    REQUIRE(two.first_illegal(a.data()) == -1);
    small.step(a.data());
    one.step(a.data());
    two.step(a.data());
    CHECK(one.obs == two.obs);
    CHECK(one.mask == two.mask);
    CHECK(one.rewards == two.rewards);
    CHECK(std::equal(small.obs.begin(), small.obs.end(), one.obs.begin()));
    CHECK(std::equal(small.mask.begin(), small.mask.end(), one.mask.begin()));
    for (std::size_t i = 0; i < 3; ++i) ended += small.terminated[i];
  }
  CHECK(ended >= 3);
}

TEST_CASE("yijingpai env: the target table is every hand's legal targets") {
  yp::State s;  // the target phase, nobody's target laid
  std::vector<std::int8_t> mask(static_cast<std::size_t>(ye::num_actions(2)));
  for (int yang = 0; yang <= 9; ++yang)
    for (int yin = 0; yin + yang <= 9; ++yin)
      for (int taiji = 0; taiji <= 4; ++taiji) {
        s.seats[1].hand = yp::Hand{static_cast<std::uint8_t>(yang), static_cast<std::uint8_t>(yin),
                                   static_cast<std::uint8_t>(taiji), 0};
        ye::encode_mask(s, 1, mask.data());
        const ye::TargetSet t = ye::target_set(s.seats[1].hand);
        std::vector<std::int16_t> want;
        for (int a = 0; a < ye::num_actions(2); ++a)
          if (mask[static_cast<std::size_t>(a)]) want.push_back(static_cast<std::int16_t>(a));
        REQUIRE(t.count == static_cast<int>(want.size()));
        CHECK(std::equal(want.begin(), want.end(), t.indices));
        CHECK(std::equal(mask.begin(), mask.begin() + 4096, t.mask));
        for (int a = 0; a < 4096; ++a) CHECK(((t.bits[a >> 6] >> (a & 63)) & 1) == mask[static_cast<std::size_t>(a)]);
      }
}
