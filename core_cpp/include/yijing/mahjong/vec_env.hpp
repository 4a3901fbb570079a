// A batch of mahjong environments stepped together (pyyijing.env.VectorEnv):
// each environment is one hand after another of one ruleset, its observation,
// mask, reward and termination written into arrays the batch owns, so a caller
// reads them in place. Environments are independent: environment i's hands
// and bot moves depend only on (seed, i) and its actions, never on the batch
// size or the thread that stepped it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "yijing/mahjong/bots.hpp"
#include "yijing/mahjong/env_encode.hpp"
#include "yijing/mahjong/state.hpp"

namespace yijing::sim {
class WorkerPool;
}

namespace yijing::mahjong::env {

class VecEnv {
 public:
  // `learner` < 0: every seat is an agent (each step acts for the seat to
  // act, the lowest of to_act); else the other seats are played by
  // bots[seat], inside the step, and only `learner` acts.
  VecEnv(const Config& cfg, int num_envs, int learner, const BotKind bots[kSeats], int threads,
         double reward_scale);
  ~VecEnv();
  VecEnv(const VecEnv&) = delete;
  VecEnv& operator=(const VecEnv&) = delete;

  int num_envs() const noexcept { return n_; }
  int players() const noexcept { return kSeats; }
  int num_actions() const noexcept { return kNumActions; }
  bool all_seats() const noexcept { return learner_ < 0; }

  // Every environment deals anew: environment i's hands have the seeds
  // hand_seed(e, 0) = e, then hand_seed(e, k - 1) for hand k, e = hand_seed(seed, i)
  // (SplitMix64, pyyijing/core/seeds.py), as an AEC environment reset(seed=e) and
  // then reset() deals them.
  void reset(std::uint64_t seed);
  // The first environment whose action is not one of its acting seat's legal
  // moves now, or -1. step() needs -1.
  std::int64_t first_illegal(const std::int64_t* actions) const noexcept;
  // Apply each environment's action (on the batch's threads, which live as
  // long as the batch); a finished hand writes its final observation and
  // payments and the next hand is dealt.
  void step(const std::int64_t* actions);

  const State& state(int i) const noexcept { return envs_[static_cast<std::size_t>(i)].s; }
  std::uint64_t hand_seed(int i) const noexcept { return envs_[static_cast<std::size_t>(i)].hand; }

  // The arrays the caller reads (row-major, env first).
  std::vector<std::uint8_t> obs;        // [n][92][34]
  std::vector<std::int8_t> mask;        // [n][203]
  std::vector<double> rewards;          // [n][4] (every seat an agent) or [n] (the learner's)
  std::vector<std::uint8_t> terminated; // [n] the hand ended at this step
  std::vector<std::int64_t> seat;       // [n] the seat to act now
  std::vector<std::uint8_t> final_obs;  // [n][92][34] where terminated: the ended hand, by the seat that acted
  std::vector<std::int64_t> payments;   // [n][4] where terminated: the ended hand's payments

 private:
  struct Slot {
    State s;
    std::uint64_t base = 0;       // e: the seed of the environment's first hand
    std::uint64_t next_hand = 0;  // hands dealt after the first
    std::uint64_t hand = 0;       // this hand's seed
  };
  // The mask as bits, apart from the states so that first_illegal reads 32
  // bytes per environment; all 0 once the history is full (no move fits).
  using Legal = std::array<std::uint64_t, 4>;

  void deal(int i, bool first);
  void play_bots(int i);
  void deal_until_learner(int i, bool first);
  void write_turn(int i);
  void step_one(int i, std::int64_t action);

  Config cfg_;
  int n_;
  int learner_;
  BotKind bots_[kSeats];
  double scale_;
  std::vector<Slot> envs_;
  std::vector<Legal> legal_;
  std::unique_ptr<sim::WorkerPool> pool_;
};

}  // namespace yijing::mahjong::env
