// pyyijing._native: thin pybind11 bindings of the C++ core (conversions only).
// This file makes the module and its submodules and binds the shared PRNG and
// Yi Jing Pai's tables and wall; the other bindings/<game>_*.cpp bind one part
// of one game each.
//
// Argument checking (seed ranges, option names) happens in the pyyijing
// Python layer so that every backend raises the same errors; this module only
// guarantees that no input can crash the process.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "yijing/prng.hpp"
#include "yijing/yijingpai/iching_tables.hpp"
#include "yijing/yijingpai/wall.hpp"
#include "mahjong_config.hpp"
#include "yijingpai_config.hpp"

namespace py = pybind11;
namespace yp = yijing::yijingpai;

namespace {

py::list hexagram_table() {
  py::list out;
  for (const auto& h : yp::kHexagrams) {
    out.append(py::make_tuple(h.king_wen, h.name, h.pinyin, h.name_en, h.unicode, h.lower,
                              h.upper, h.lines));
  }
  return out;
}

template <std::size_t N>
py::list gram_table(const std::array<yp::GramInfo, N>& table) {
  py::list out;
  for (const auto& g : table) {
    out.append(py::make_tuple(g.name, g.pinyin, g.name_en, g.unicode, g.lines));
  }
  return out;
}

std::pair<std::string, std::pair<int, int>> shuffle_wall(std::uint64_t seed, long long deck,
                                                          const std::string& taiji) {
  const auto d = yp::deck_from_int(deck);
  if (!d) throw std::invalid_argument("deck must be 144 or 162");
  const auto t = yp::taiji_from_string(taiji);
  if (!t) throw std::invalid_argument("taiji must be 'wild' or 'none'");
  yp::Deal deal;
  {
    py::gil_scoped_release release;
    deal = yp::shuffle_wall(seed, *d, *t);
  }
  return {std::move(deal.wall), {deal.die1, deal.die2}};
}

}  // namespace

// The parts of each game's submodule, one file each (and <game>_config.cpp:
// the Config they all take).
// core_cpp/bindings/yijingpai_game_bindings.cpp: the GameCore class.
void bind_yijingpai_game(py::module_& m);
// core_cpp/bindings/yijingpai_sim_bindings.cpp: bots and batch simulation.
void bind_yijingpai_sim(py::module_& m);
// core_cpp/bindings/yijingpai_position_check_bindings.cpp: batch validation of positions.
void bind_yijingpai_position_check(py::module_& m);
// core_cpp/bindings/yijingpai_wire_bindings.cpp: the service's ValidateMoves from its bytes.
void bind_yijingpai_wire(py::module_& m);
// core_cpp/bindings/yijingpai_env_bindings.cpp: the environments' encoder and batch (EnvEncoder, VecEnv).
void bind_yijingpai_env(py::module_& m);
// core_cpp/bindings/mahjong_hand_eval_bindings.cpp: hand evaluation.
void bind_mahjong_hand_eval(py::module_& m);
// core_cpp/bindings/mahjong_game_bindings.cpp: the game engine (GameCore, shuffle_wall) and the bots.
void bind_mahjong_game(py::module_& m);
// core_cpp/bindings/mahjong_sim_bindings.cpp: batch simulation of bot hands (sim_batch).
void bind_mahjong_sim(py::module_& m);
// core_cpp/bindings/mahjong_wire_bindings.cpp: the service's ValidateMoves from its bytes.
void bind_mahjong_wire(py::module_& m);
// core_cpp/bindings/mahjong_env_bindings.cpp: the environments' encoder and batch (EnvEncoder, VecEnv).
void bind_mahjong_env(py::module_& m);

// One extension module, one submodule per game (pyyijing._native.<game>, also
// importable by that name: pybind11 registers submodules in sys.modules); the
// generator every game shares is at the top level.
PYBIND11_MODULE(_native, m) {
  m.doc() = "pyyijing native backend (C++17 core via pybind11): one submodule per game";

  m.def(
      "splitmix64",
      [](std::uint64_t state) {
        const std::uint64_t out = yijing::splitmix64_next(state);
        return std::make_pair(state, out);
      },
      py::arg("state"), "One SplitMix64 step: return (new_state, output).");

  py::class_<yijing::Xoshiro256ss>(m, "Xoshiro256ss")
      .def(py::init<std::uint64_t>(), py::arg("seed"))
      .def("next", &yijing::Xoshiro256ss::next, "The next 64-bit output.")
      .def("uniform", &yijing::Xoshiro256ss::uniform, py::arg("n"),
           "An unbiased integer in [0, n) by rejection (n == 0 means 2**64).")
      .def("state", [](const yijing::Xoshiro256ss& g) {
        const auto& s = g.state();
        return std::make_tuple(s[0], s[1], s[2], s[3]);
      });

  py::module_ yjp = m.def_submodule("yijingpai", "Yi Jing Pai (C++ core)");
  yijing_bindings::bind_yijingpai_config(yjp);
  yjp.attr("HEXAGRAMS") = hexagram_table();
  yjp.attr("TRIGRAMS") = gram_table(yp::kTrigrams);
  yjp.attr("DIGRAMS") = gram_table(yp::kDigrams);
  yjp.def("shuffle_wall", &shuffle_wall, py::arg("seed"), py::arg("deck"), py::arg("taiji"),
          "The shuffled wall and the two dice (d1, d2) for this seed.");
  bind_yijingpai_game(yjp);
  bind_yijingpai_sim(yjp);
  bind_yijingpai_position_check(yjp);
  bind_yijingpai_wire(yjp);
  bind_yijingpai_env(yjp);

  py::module_ mahjong = m.def_submodule("mahjong", "Mahjong (C++ core): hand evaluation, the game engine, bots, simulation, wire checks");
  yijing_bindings::bind_mahjong_config(mahjong);
  bind_mahjong_hand_eval(mahjong);
  bind_mahjong_game(mahjong);
  bind_mahjong_sim(mahjong);
  bind_mahjong_wire(mahjong);
  bind_mahjong_env(mahjong);
}
