// pyyijing._native.mahjong.{EnvEncoder, VecEnv}: the pybind11 face of the
// environments' C++ parts (yijing/mahjong/env_encode.hpp, vec_env.hpp).
// Conversion only; what both games' batches share is vec_env_binding.hpp.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "yijing/mahjong/bots.hpp"
#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/env_encode.hpp"
#include "yijing/mahjong/notation.hpp"
#include "yijing/mahjong/vec_env.hpp"
#include "vec_env_binding.hpp"

namespace py = pybind11;
namespace mj = yijing::mahjong;
namespace me = yijing::mahjong::env;

namespace {

// One hand, for checking the C++ encoding against the Python codec move by move.
class EnvEncoder {
 public:
  EnvEncoder(const mj::Config& config, const std::string& wall, long long dealer) : s_(new mj::State()) {
    if (dealer < 0 || dealer >= mj::kSeats) throw py::value_error("dealer must be a seat 0-3");
    if (mj::init_state(*s_, config, wall, static_cast<int>(dealer)) != mj::InitError::kNone)
      throw py::value_error("not a deal of this config");
  }

  void apply(const std::string& move) {
    mj::MoveSpec spec;
    mj::Reason r = mj::parse_move(move, spec);
    if (r == mj::Reason::kOk) r = mj::check(*s_, spec);
    if (r != mj::Reason::kOk) throw py::value_error(move + ": " + mj::reason_name(r));
    mj::apply(*s_, mj::to_move(spec));
  }

  py::array_t<std::uint8_t> observation(int seat) const {
    check_seat(seat);
    py::array_t<std::uint8_t> out({me::kObsRows, me::kObsWidth});
    me::encode_observation(*s_, seat, out.mutable_data());
    return out;
  }

  py::array_t<std::int8_t> action_mask(int seat) const {
    check_seat(seat);
    py::array_t<std::int8_t> out(me::kNumActions);
    me::encode_mask(*s_, seat, out.mutable_data());
    return out;
  }

 private:
  static void check_seat(int seat) {
    if (seat < 0 || seat >= mj::kSeats) throw py::value_error("seat must be 0-3");
  }
  std::unique_ptr<mj::State> s_;
};

std::unique_ptr<me::VecEnv> make_vec_env(const mj::Config& config, int num_envs,
                                         const std::optional<std::vector<std::string>>& bots, int learner,
                                         int threads, double reward_scale) {
  if (num_envs < 1) throw py::value_error("num_envs must be at least 1");
  mj::BotKind kinds[mj::kSeats] = {};
  if (bots) {
    if (bots->size() != mj::kSeats) throw py::value_error("bots must name one bot per seat");
    if (learner < 0 || learner >= mj::kSeats) throw py::value_error("learner must be a seat 0-3");
    for (int p = 0; p < mj::kSeats; ++p)
      if (p != learner && !mj::bot_from_name((*bots)[static_cast<std::size_t>(p)], kinds[p]))
        throw py::value_error("a bot is random, greedy or heuristic; got " + (*bots)[static_cast<std::size_t>(p)]);
  }
  return std::make_unique<me::VecEnv>(config, num_envs, bots ? learner : -1, kinds, threads, reward_scale);
}

}  // namespace

void bind_mahjong_env(py::module_& m) {
  py::class_<EnvEncoder>(m, "EnvEncoder", "One hand with the environments' C++ observation and mask.")
      .def(py::init<const mj::Config&, const std::string&, long long>(), py::arg("config"), py::arg("wall"),
           py::arg("dealer"))
      .def("apply", &EnvEncoder::apply, py::arg("move"))
      .def("observation", &EnvEncoder::observation, py::arg("seat"))
      .def("action_mask", &EnvEncoder::action_mask, py::arg("seat"));

  py::class_<me::VecEnv> batch(m, "VecEnv", "A batch of mahjong environments stepped in C++ threads.");
  batch
      .def(py::init(&make_vec_env), py::arg("config"), py::arg("num_envs"), py::arg("bots"), py::arg("learner"),
           py::arg("threads"), py::arg("reward_scale"))
      .def(
          "moves",
          [](const me::VecEnv& env, int i) {
            if (i < 0 || i >= env.num_envs()) throw py::index_error("no such environment");
            std::vector<std::string> out;
            const mj::State& s = env.state(i);
            for (int k = 0; k < s.n_history; ++k) out.push_back(mj::format_move(s.history[k]));
            return out;
          },
          py::arg("env"))
      .def(
          "observation",
          [](const me::VecEnv& env, int i, int seat) {
            if (i < 0 || i >= env.num_envs()) throw py::index_error("no such environment");
            if (seat < 0 || seat >= mj::kSeats) throw py::value_error("no such seat");
            py::array_t<std::uint8_t> out({me::kObsRows, me::kObsWidth});
            me::encode_observation(env.state(i), seat, out.mutable_data());
            return out;
          },
          py::arg("env"), py::arg("seat"));
  yijing_bindings::def_batch(batch, me::kObsRows, me::kObsWidth);
}
