// pyyijing._native.mahjong.sim_batch (docs/simulation.md "Mahjong"): batches
// of bot hands into NumPy arrays with the GIL released. Conversions only; the
// logic lives in core_cpp/src/mahjong/simulate.cpp and core_cpp/src/sim/.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "yijing/mahjong/bots.hpp"
#include "yijing/mahjong/config.hpp"
#include "yijing/mahjong/simulate.hpp"

namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace {

mj::SimSpec make_spec(const mj::Config& config, const std::vector<std::string>& policies, bool rotate,
                      long long hands_per_match) {
  mj::SimSpec spec;
  if (hands_per_match < 0 || hands_per_match > 65535)
    throw py::value_error("hands_per_match must be in 0..65535");
  spec.cfg = config;
  spec.hands_per_match = static_cast<std::uint32_t>(hands_per_match);
  if (policies.size() != mj::kSeats) throw py::value_error("give one policy per seat (4)");
  for (int i = 0; i < mj::kSeats; ++i) {
    const std::string& name = policies[static_cast<std::size_t>(i)];
    if (!mj::bot_from_name(name, spec.policies[i]))
      throw py::value_error("unknown bot '" + name + "'; bots: random, greedy, heuristic");
  }
  spec.rotate = rotate;
  return spec;
}

py::dict sim_batch(const mj::Config& config, const std::vector<std::string>& policies, bool rotate,
                   std::uint64_t seed, std::uint64_t start, std::uint64_t count, int threads,
                   long long hands_per_match) {
  const mj::SimSpec spec = make_spec(config, policies, rotate, hands_per_match);
  if (hands_per_match > 0 && (start % static_cast<std::uint64_t>(hands_per_match) != 0 ||
                              count % static_cast<std::uint64_t>(hands_per_match) != 0))
    throw py::value_error("with matches, start and count must be multiples of hands_per_match");
  const auto c = static_cast<py::ssize_t>(count);
  const py::ssize_t seats = mj::kSeats, declared = mj::kNumDeclaredWins;
  py::array_t<std::int8_t> winner(c), dealt_in_by(c), dealer(c);
  py::array_t<std::uint8_t> kind(c), wall_left(c), birds_hit(c);
  py::array_t<std::uint16_t> turns(c);
  py::array_t<std::uint32_t> patterns(c);
  py::array_t<std::int32_t> payments({c, seats});
  py::array_t<std::int8_t> seat_policy({c, seats});
  py::array_t<std::uint8_t> opening_wins({c, declared});
  const py::ssize_t mc = hands_per_match > 0 ? c : 0;
  py::array_t<std::int64_t> match(mc);
  py::array_t<std::uint16_t> hand(mc);
  mj::SimArrays out{winner.mutable_data(),       kind.mutable_data(),     dealt_in_by.mutable_data(),
                    payments.mutable_data(),     turns.mutable_data(),    wall_left.mutable_data(),
                    patterns.mutable_data(),     opening_wins.mutable_data(), birds_hit.mutable_data(),
                    dealer.mutable_data(),       seat_policy.mutable_data()};
  if (hands_per_match > 0) {
    out.match = match.mutable_data();
    out.hand = hand.mutable_data();
  }
  {
    py::gil_scoped_release release;
    mj::simulate_batch(spec, seed, start, count, threads, out);
  }
  py::dict d;
  d["winner"] = winner;
  d["kind"] = kind;
  d["dealt_in_by"] = dealt_in_by;
  d["payments"] = payments;
  d["turns"] = turns;
  d["wall_left"] = wall_left;
  d["patterns"] = patterns;
  d["opening_wins"] = opening_wins;
  d["birds_hit"] = birds_hit;
  d["dealer"] = dealer;
  d["seat_policy"] = seat_policy;
  if (hands_per_match > 0) {
    d["match"] = match;
    d["hand"] = hand;
  }
  return d;
}

}  // namespace

void bind_mahjong_sim(py::module_& m) {
  m.def("sim_batch", &sim_batch, py::arg("config"), py::arg("policies"), py::arg("rotate"), py::arg("seed"),
        py::arg("start"), py::arg("count"), py::arg("threads"), py::arg("hands_per_match") = 0,
        "Hands start..start+count-1 played by built-in bots, as a dict of NumPy arrays (GIL released; "
        "docs/simulation.md \"Mahjong\").");
}
