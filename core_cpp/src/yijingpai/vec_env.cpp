// A batch of Yi Jing Pai environments (vec_env.hpp).
#include "yijing/yijingpai/vec_env.hpp"

#include <algorithm>
#include <cstring>

#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"
#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/wall.hpp"

namespace yijing::yijingpai::env {

namespace {
// Environments per block a thread takes: a step costs well under a
// microsecond outside the target phase, so a block of 64 is tens of
// microseconds of work, about what waking another thread costs (a batch of
// one block runs on the caller alone); 4 blocks or more balance two threads.
constexpr std::uint64_t kBlock = 64;

int lowest_bit(std::uint64_t w) noexcept { return __builtin_ctzll(w); }
}  // namespace

VecEnv::VecEnv(const Config& cfg, int num_envs, int learner, const BotKind bots[kMaxPlayers], int threads,
               double reward_scale)
    : cfg_(cfg),
      n_(num_envs),
      actions_(env::num_actions(cfg.play_size)),
      learner_(learner),
      scale_(reward_scale),
      pool_(threads) {
  std::copy(bots, bots + kMaxPlayers, bots_);
  const auto n = static_cast<std::size_t>(num_envs);
  const auto a = static_cast<std::size_t>(actions_);
  const auto p = static_cast<std::size_t>(cfg.players);
  obs.assign(n * kObsSize, 0);
  mask.assign(n * a, 0);
  legal_count.assign(n, 0);
  legal.assign(n * a, 0);
  rewards.assign(n * (learner < 0 ? p : 1), 0.0);
  terminated.assign(n, 0);
  seat.assign(n, 0);
  final_obs.assign(n * kObsSize, 0);
  payments.assign(n * p, 0);
  envs_.resize(n);
}

void VecEnv::deal(Slot& e, bool first) const noexcept {
  // Hand 0 has the environment's seed; hand k >= 1 the seed hand k - 1 of a
  // batch with that seed (pyyijing/env/seeding.py HandSeeds). The dice seat
  // the dealer as Game(rules, seed=...) does (pyyijing/core/game.py).
  e.hand = first ? e.base : sim::game_seed(e.base, e.next_hand++);
  std::uint8_t tiles[kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = shuffle_tiles(e.hand, cfg_.deck, cfg_.taiji, tiles, d1, d2);
  init_state_tiles(e.s, cfg_, tiles, n, (d1 + d2 - 1) % cfg_.players);
}

// The bots' moves until the learner is to act or the hand is over; each
// decision draws from Xoshiro256ss(hand_seed(S, m)), S the hand's seed and m
// the moves made (pyyijing/env/single.py).
void VecEnv::play_bots(Slot& e) const noexcept {
  State& s = e.s;
  while (s.phase != Phase::kOver) {
    int acting[kMaxPlayers];
    if (to_act(s, acting) == 0) return;
    const int p = acting[0];
    if (p == learner_) return;
    Xoshiro256ss rng(sim::game_seed(e.hand, s.n_history));
    apply(s, bot_action(s, p, bots_[p], rng));
  }
}

// Every seat lays a target before anyone plays, so the learner always acts in
// a hand; the loop keeps a hand the learner decides nothing in from being shown.
void VecEnv::deal_until_learner(Slot& e, bool first) const noexcept {
  deal(e, first);
  if (learner_ < 0) return;
  play_bots(e);
  while (e.s.phase == Phase::kOver) {
    deal(e, false);
    play_bots(e);
  }
}

// The acting seat's observation, mask and legal list. The mask is 4164/4356
// wide and a seat has a few legal moves outside the target phase, all at
// indices 4096 and up (plays, pongs, wins, pass), so only the entries set
// before are cleared, not the whole row; a target phase's 1,000 or more (all
// below 4096) are copied from target_set's table.
void VecEnv::write_turn(std::size_t i) noexcept {
  constexpr int kTargetWords = 4096 / 64;
  Slot& e = envs_[i];
  int p = learner_;
  if (p < 0) {
    int acting[kMaxPlayers];
    to_act(e.s, acting);
    p = acting[0];
  }
  seat[i] = p;
  encode_observation(e.s, p, obs.data() + i * kObsSize);
  const auto width = static_cast<std::size_t>(actions_);
  std::int8_t* m = mask.data() + i * width;
  std::int16_t* out = legal.data() + i * width;
  if (e.targets) {
    std::memset(m, 0, 4096);
    std::memset(e.bits, 0, kTargetWords * sizeof(std::uint64_t));
  }
  for (int w = kTargetWords; w < kWords; ++w) {
    for (std::uint64_t b = e.bits[w]; b; b &= b - 1) m[64 * w + lowest_bit(b)] = 0;
    e.bits[w] = 0;
  }
  e.targets = e.s.phase == Phase::kTarget;
  if (e.targets) {
    const TargetSet t = target_set(e.s.seats[p].hand);
    std::memcpy(m, t.mask, 4096);
    std::memcpy(e.bits, t.bits, kTargetWords * sizeof(std::uint64_t));
    std::memcpy(out, t.indices, static_cast<std::size_t>(t.count) * sizeof(std::int16_t));
    legal_count[i] = t.count;
    return;
  }
  Action moves[kMaxLegalActions];
  const int count = legal_actions(e.s, p, moves);
  const int k = e.s.k();
  for (int j = 0; j < count; ++j) {
    const int a = action_index(moves[j], k);
    e.bits[a >> 6] |= std::uint64_t{1} << (a & 63);
  }
  std::int64_t c = 0;
  for (int w = kTargetWords; w < kWords; ++w) {
    for (std::uint64_t b = e.bits[w]; b; b &= b - 1) {
      const int a = 64 * w + lowest_bit(b);
      m[a] = 1;
      out[c++] = static_cast<std::int16_t>(a);
    }
  }
  legal_count[i] = c;
}

void VecEnv::reset(std::uint64_t seed) {
  pool_.run(static_cast<std::uint64_t>(n_), kBlock, [&](int, std::uint64_t begin, std::uint64_t end) {
    for (auto i = begin; i < end; ++i) {
      Slot& e = envs_[i];
      e.base = sim::game_seed(seed, i);
      e.next_hand = 0;
      deal_until_learner(e, true);
      write_turn(i);
      terminated[i] = 0;
    }
  });
  std::fill(rewards.begin(), rewards.end(), 0.0);
}

std::int64_t VecEnv::first_illegal(const std::int64_t* actions) const noexcept {
  for (int i = 0; i < n_; ++i) {
    const std::int64_t a = actions[i];
    const Slot& e = envs_[static_cast<std::size_t>(i)];
    if (a < 0 || a >= actions_ || !((e.bits[a >> 6] >> (a & 63)) & 1)) return i;
  }
  return -1;
}

void VecEnv::step_one(std::size_t i, std::int64_t action) noexcept {
  Slot& e = envs_[i];
  const int p = static_cast<int>(seat[i]);
  Action act = 0;
  action_at(static_cast<int>(action), p, e.s.k(), act);
  apply(e.s, act);
  if (learner_ >= 0) play_bots(e);
  const int players = cfg_.players;
  const std::size_t width = learner_ < 0 ? static_cast<std::size_t>(players) : 1;
  double* r = rewards.data() + i * width;
  if (e.s.phase != Phase::kOver) {
    std::fill(r, r + width, 0.0);
    terminated[i] = 0;
    write_turn(i);
    return;
  }
  const std::int16_t* pay = e.s.result.payments;
  std::copy(pay, pay + players, payments.data() + i * static_cast<std::size_t>(players));
  if (learner_ < 0) {
    for (int q = 0; q < players; ++q) r[q] = static_cast<double>(pay[q]) * scale_;
  } else {
    r[0] = static_cast<double>(pay[learner_]) * scale_;
  }
  terminated[i] = 1;
  encode_observation(e.s, p, final_obs.data() + i * kObsSize);
  deal_until_learner(e, false);
  write_turn(i);
}

void VecEnv::step(const std::int64_t* actions) {
  pool_.run(static_cast<std::uint64_t>(n_), kBlock, [&](int, std::uint64_t begin, std::uint64_t end) {
    for (auto i = begin; i < end; ++i) step_one(i, actions[i]);
  });
}

}  // namespace yijing::yijingpai::env
