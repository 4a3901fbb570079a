// A batch of mahjong environments (vec_env.hpp).
#include "yijing/mahjong/vec_env.hpp"

#include <algorithm>
#include <cstring>

#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/tiles.hpp"
#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"
#include "yijing/sim/worker_pool.hpp"

namespace yijing::mahjong::env {

namespace {
// Environments per block a thread takes: small enough to balance two threads,
// large enough that the counter is not contended.
constexpr std::uint64_t kBlock = 32;
}  // namespace

VecEnv::VecEnv(const Config& cfg, int num_envs, int learner, const BotKind bots[kSeats], int threads,
               double reward_scale)
    : cfg_(cfg), n_(num_envs), learner_(learner), scale_(reward_scale) {
  std::copy(bots, bots + kSeats, bots_);
  const auto n = static_cast<std::size_t>(num_envs);
  obs.assign(n * kObsSize, 0);
  mask.assign(n * kNumActions, 0);
  rewards.assign(n * (learner < 0 ? kSeats : 1), 0.0);
  terminated.assign(n, 0);
  seat.assign(n, 0);
  final_obs.assign(n * kObsSize, 0);
  payments.assign(n * kSeats, 0);
  envs_.resize(n);
  legal_.assign(n, Legal{});
  pool_ = std::make_unique<sim::WorkerPool>(threads);
}

VecEnv::~VecEnv() = default;

void VecEnv::deal(int i, bool first) {
  Slot& e = envs_[static_cast<std::size_t>(i)];
  // Hand 0 has the environment's seed; hand k >= 1 the seed hand k - 1 of a
  // batch with that seed (pyyijing/env/seeding.py HandSeeds).
  e.hand = first ? e.base : sim::game_seed(e.base, e.next_hand++);
  Tile tiles[kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = shuffle_tiles(e.hand, cfg_.tiles(), tiles, d1, d2);
  init_state_tiles(e.s, cfg_, tiles, n, (d1 + d2 - 1) % kSeats);
}

// The bots' moves until the learner is to act or the hand is over; each
// decision draws from Xoshiro256ss(hand_seed(S, m)), S the hand's seed and m
// the moves made (pyyijing/env/single.py).
void VecEnv::play_bots(int i) {
  Slot& e = envs_[static_cast<std::size_t>(i)];
  State& s = e.s;
  while (s.phase != Phase::kOver) {
    int acting[kSeats];
    if (to_act(s, acting) == 0) return;
    const int p = acting[0];
    if (p == learner_) return;
    Xoshiro256ss rng(sim::game_seed(e.hand, s.n_history));
    apply(s, bot_move(s, p, bots_[p], rng));
  }
}

// A hand the bots finish before the learner's first turn (a dealer's heavenly
// win) gives the learner nothing to decide: the next hand is dealt.
void VecEnv::deal_until_learner(int i, bool first) {
  deal(i, first);
  if (learner_ < 0) return;
  play_bots(i);
  while (envs_[static_cast<std::size_t>(i)].s.phase == Phase::kOver) {
    deal(i, false);
    play_bots(i);
  }
}

void VecEnv::write_turn(int i) {
  const Slot& e = envs_[static_cast<std::size_t>(i)];
  const auto k = static_cast<std::size_t>(i);
  int p = learner_;
  if (p < 0) {
    int acting[kSeats];
    to_act(e.s, acting);
    p = acting[0];
  }
  seat[k] = p;
  encode_observation(e.s, p, obs.data() + k * kObsSize);
  // The mask and its bits from one list of legal moves (encode_mask's list).
  std::int8_t* m = mask.data() + k * kNumActions;
  std::memset(m, 0, kNumActions);
  Legal& bits = legal_[k];
  bits.fill(0);
  Move moves[kMaxLegalMoves];
  const int n = legal_moves(e.s, p, moves);
  for (int j = 0; j < n; ++j) {
    const int a = action_of(moves[j]);
    m[a] = 1;
    bits[static_cast<std::size_t>(a >> 6)] |= std::uint64_t{1} << (a & 63);
  }
  if (e.s.n_history >= kMaxHistory) bits.fill(0);
}

void VecEnv::reset(std::uint64_t seed) {
  pool_->run(static_cast<std::uint64_t>(n_), kBlock, [&](int, std::uint64_t begin, std::uint64_t end) {
    for (auto i = begin; i < end; ++i) {
      Slot& e = envs_[i];
      e.base = sim::game_seed(seed, i);
      e.next_hand = 0;
      const int k = static_cast<int>(i);
      deal_until_learner(k, true);
      write_turn(k);
      terminated[i] = 0;
    }
  });
  std::fill(rewards.begin(), rewards.end(), 0.0);
}

std::int64_t VecEnv::first_illegal(const std::int64_t* actions) const noexcept {
  for (int i = 0; i < n_; ++i) {
    const std::int64_t a = actions[i];
    if (a < 0 || a >= kNumActions ||
        !((legal_[static_cast<std::size_t>(i)][static_cast<std::size_t>(a >> 6)] >> (a & 63)) & 1))
      return i;
  }
  return -1;
}

void VecEnv::step_one(int i, std::int64_t action) {
  Slot& e = envs_[static_cast<std::size_t>(i)];
  const auto k = static_cast<std::size_t>(i);
  const int p = static_cast<int>(seat[k]);
  Move m = 0;
  move_of(static_cast<int>(action), p, m);
  apply(e.s, m);
  if (learner_ >= 0) play_bots(i);
  const std::size_t width = learner_ < 0 ? kSeats : 1;
  double* r = rewards.data() + k * width;
  if (e.s.phase != Phase::kOver) {
    std::fill(r, r + width, 0.0);
    terminated[k] = 0;
    write_turn(i);
    return;
  }
  std::int64_t pay[kSeats];
  ::yijing::mahjong::payments(e.s, pay);  // not the member array
  std::copy(pay, pay + kSeats, payments.data() + k * kSeats);
  if (learner_ < 0) {
    for (int q = 0; q < kSeats; ++q) r[q] = static_cast<double>(pay[q]) * scale_;
  } else {
    r[0] = static_cast<double>(pay[learner_]) * scale_;
  }
  terminated[k] = 1;
  encode_observation(e.s, p, final_obs.data() + k * kObsSize);
  deal_until_learner(i, false);
  write_turn(i);
}

void VecEnv::step(const std::int64_t* actions) {
  pool_->run(static_cast<std::uint64_t>(n_), kBlock, [&](int, std::uint64_t begin, std::uint64_t end) {
    for (auto i = begin; i < end; ++i) step_one(static_cast<int>(i), actions[i]);
  });
}

}  // namespace yijing::mahjong::env
