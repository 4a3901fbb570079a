// pyyijing._native.yijingpai.{EnvEncoder, VecEnv}: the pybind11 face of the
// environments' C++ parts (yijing/yijingpai/env_encode.hpp, vec_env.hpp).
// Conversion only; what both games' batches share is vec_env_binding.hpp. The
// legal list is read-only, as the mask is: the batch rewrites only the entries
// it set.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "yijing/yijingpai/bots.hpp"
#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/env_encode.hpp"
#include "yijing/yijingpai/notation.hpp"
#include "yijing/yijingpai/vec_env.hpp"
#include "vec_env_binding.hpp"

namespace py = pybind11;
namespace yp = yijing::yijingpai;
namespace ye = yijing::yijingpai::env;

namespace {

// One hand, for checking the C++ encoding against the Python codec move by move.
class EnvEncoder {
 public:
  EnvEncoder(const yp::Config& config, const std::string& wall, long long dealer) : s_(new yp::State()) {
    if (dealer < 0 || dealer >= config.players) throw py::value_error("dealer must be a seat of the game");
    if (yp::init_state(*s_, config, wall, static_cast<int>(dealer)) != yp::InitError::kNone)
      throw py::value_error("not a deal of this config");
  }

  void apply(const std::string& move) {
    const auto spec = yp::parse_move(move);
    if (!spec) throw py::value_error(move + ": not a move");
    const yp::Reason r = yp::check(*s_, *spec);
    if (r != yp::Reason::kOk) throw py::value_error(move + ": " + yp::reason_name(r));
    yp::apply(*s_, yp::to_action(*spec));
  }

  py::array_t<std::uint8_t> observation(int seat) const {
    check_seat(seat);
    py::array_t<std::uint8_t> out({ye::kObsRows, ye::kObsWidth});
    ye::encode_observation(*s_, seat, out.mutable_data());
    return out;
  }

  py::array_t<std::int8_t> action_mask(int seat) const {
    check_seat(seat);
    py::array_t<std::int8_t> out(ye::num_actions(s_->k()));
    ye::encode_mask(*s_, seat, out.mutable_data());
    return out;
  }

 private:
  void check_seat(int seat) const {
    if (seat < 0 || seat >= s_->players())
      throw py::value_error("seat must be 0-" + std::to_string(s_->players() - 1));
  }
  std::unique_ptr<yp::State> s_;
};

std::unique_ptr<ye::VecEnv> make_vec_env(const yp::Config& config, int num_envs,
                                         const std::optional<std::vector<std::string>>& bots, int learner,
                                         int threads, double reward_scale) {
  if (num_envs < 1) throw py::value_error("num_envs must be at least 1");
  const int players = config.players;
  yp::BotKind kinds[yp::kMaxPlayers] = {};
  if (bots) {
    if (bots->size() != static_cast<std::size_t>(players))
      throw py::value_error("bots must name one bot per seat");
    if (learner < 0 || learner >= players) throw py::value_error("learner must be a seat of the game");
    for (int p = 0; p < players; ++p)
      if (p != learner && !yp::bot_from_name((*bots)[static_cast<std::size_t>(p)], kinds[p]))
        throw py::value_error("a bot is random, greedy or heuristic; got " + (*bots)[static_cast<std::size_t>(p)]);
  }
  return std::make_unique<ye::VecEnv>(config, num_envs, bots ? learner : -1, kinds, threads, reward_scale);
}

}  // namespace

void bind_yijingpai_env(py::module_& m) {
  py::class_<EnvEncoder>(m, "EnvEncoder", "One hand with the environments' C++ observation and mask.")
      .def(py::init<const yp::Config&, const std::string&, long long>(), py::arg("config"), py::arg("wall"),
           py::arg("dealer"))
      .def("apply", &EnvEncoder::apply, py::arg("move"))
      .def("observation", &EnvEncoder::observation, py::arg("seat"))
      .def("action_mask", &EnvEncoder::action_mask, py::arg("seat"));

  py::class_<ye::VecEnv> batch(m, "VecEnv", "A batch of Yi Jing Pai environments stepped in C++ threads.");
  batch
      .def(py::init(&make_vec_env), py::arg("config"), py::arg("num_envs"), py::arg("bots"), py::arg("learner"),
           py::arg("threads"), py::arg("reward_scale"))
      .def(
          "moves",
          [](const ye::VecEnv& env, int i) {
            if (i < 0 || i >= env.num_envs()) throw py::index_error("no such environment");
            std::vector<std::string> out;
            const yp::State& s = env.state(i);
            for (int k = 0; k < s.n_history; ++k) out.push_back(yp::format_action(s.history[k], s.k()));
            return out;
          },
          py::arg("env"))
      .def(
          "observation",
          [](const ye::VecEnv& env, int i, int seat) {
            if (i < 0 || i >= env.num_envs()) throw py::index_error("no such environment");
            if (seat < 0 || seat >= env.players()) throw py::value_error("no such seat");
            py::array_t<std::uint8_t> out({ye::kObsRows, ye::kObsWidth});
            ye::encode_observation(env.state(i), seat, out.mutable_data());
            return out;
          },
          py::arg("env"), py::arg("seat"))
      .def_property_readonly("legal_counts",
                             [](py::object self) {
                               auto& e = self.cast<ye::VecEnv&>();
                               return yijing_bindings::view_of(e.legal_count, {e.num_envs()}, self, false);
                             })
      .def_property_readonly("legal_actions", [](py::object self) {
        auto& e = self.cast<ye::VecEnv&>();
        return yijing_bindings::view_of(e.legal, {e.num_envs(), e.num_actions()}, self, false);
      });
  yijing_bindings::def_batch(batch, ye::kObsRows, ye::kObsWidth);
}
