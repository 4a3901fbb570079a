// A batch of Yi Jing Pai environments stepped together (pyyijing.env.VectorEnv):
// each environment is one hand after another under one Config, its
// observation, mask, legal actions, reward and termination written into arrays
// the batch owns, so a caller reads them in place. Environments are
// independent: environment i's hands and bot moves depend only on (seed, i)
// and its actions, never on the batch size or the thread that stepped it.
#pragma once

#include <cstdint>
#include <vector>

#include "yijing/sim/worker_pool.hpp"
#include "yijing/yijingpai/bots.hpp"
#include "yijing/yijingpai/env_encode.hpp"
#include "yijing/yijingpai/state.hpp"

namespace yijing::yijingpai::env {

class VecEnv {
 public:
  // `learner` < 0: every seat is an agent (each step acts for the seat to
  // act, the lowest of to_act); else the other seats are played by
  // bots[seat], inside the step, and only `learner` acts. `threads` <= 0:
  // every hardware thread.
  VecEnv(const Config& cfg, int num_envs, int learner, const BotKind bots[kMaxPlayers], int threads,
         double reward_scale);

  int num_envs() const noexcept { return n_; }
  int players() const noexcept { return cfg_.players; }
  int num_actions() const noexcept { return actions_; }
  bool all_seats() const noexcept { return learner_ < 0; }

  // Every environment deals anew: environment i's hands have the seeds
  // e, then hand_seed(e, k - 1) for hand k, e = hand_seed(seed, i)
  // (SplitMix64, pyyijing/core/seeds.py), as an AEC environment reset(seed=e)
  // and then reset() deals them.
  void reset(std::uint64_t seed);
  // The first environment whose action is not one of its acting seat's legal
  // moves now, or -1. step() needs -1.
  std::int64_t first_illegal(const std::int64_t* actions) const noexcept;
  // Apply each environment's action (on threads); a finished hand writes its
  // final observation and payments and the next hand is dealt.
  void step(const std::int64_t* actions);

  const State& state(int i) const noexcept { return envs_[static_cast<std::size_t>(i)].s; }
  std::uint64_t hand_seed(int i) const noexcept { return envs_[static_cast<std::size_t>(i)].hand; }

  // The arrays the caller reads (row-major, env first; P = players, A = num_actions()).
  std::vector<std::uint8_t> obs;         // [n][98][8]
  std::vector<std::int8_t> mask;         // [n][A]
  std::vector<std::int64_t> legal_count; // [n] legal actions of the seat to act
  std::vector<std::int16_t> legal;       // [n][A] its legal action indices, ascending, first legal_count[i]
  std::vector<double> rewards;           // [n][P] (every seat an agent) or [n] (the learner's)
  std::vector<std::uint8_t> terminated;  // [n] the hand ended at this step
  std::vector<std::int64_t> seat;        // [n] the seat to act now
  std::vector<std::uint8_t> final_obs;   // [n][98][8] where terminated: the ended hand, by the seat that acted
  std::vector<std::int64_t> payments;    // [n][P] where terminated: the ended hand's payments

 private:
  static constexpr int kWords = (kMaxActions + 63) / 64;
  struct Slot {
    State s;
    std::uint64_t base = 0;       // e: the seed of the environment's first hand
    std::uint64_t next_hand = 0;  // hands dealt after the first
    std::uint64_t hand = 0;       // this hand's seed
    std::uint64_t bits[kWords] = {};  // the mask as bits: first_illegal, and which entries to clear
    bool targets = false;             // the mask holds a target phase's (clear its 4096 entries whole)
  };

  void deal(Slot& e, bool first) const noexcept;
  void play_bots(Slot& e) const noexcept;
  void deal_until_learner(Slot& e, bool first) const noexcept;
  void write_turn(std::size_t i) noexcept;
  void step_one(std::size_t i, std::int64_t action) noexcept;

  Config cfg_;
  int n_;
  int actions_;
  int learner_;
  BotKind bots_[kMaxPlayers] = {};
  double scale_;
  std::vector<Slot> envs_;
  sim::WorkerPool pool_;
};

}  // namespace yijing::yijingpai::env
