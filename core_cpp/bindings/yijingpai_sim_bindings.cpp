// pyyijing._native.yijingpai simulator functions (docs/simulation.md): batches of bot
// games into NumPy arrays with the GIL released, one game's moves, and one
// bot move on a given position. Conversions only; the logic lives in
// core_cpp/src/yijingpai/{bots,simulate}.cpp and core_cpp/src/sim/.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "yijing/prng.hpp"
#include "yijing/yijingpai/bots.hpp"
#include "yijing/yijingpai/config.hpp"
#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/notation.hpp"
#include "yijing/yijingpai/simulate.hpp"

namespace py = pybind11;
namespace yp = yijing::yijingpai;

namespace {

yp::BotKind bot_kind(const std::string& name) {
  yp::BotKind kind;
  if (!yp::bot_from_name(name, kind))
    throw py::value_error("unknown bot '" + name + "'; bots: random, greedy, heuristic");
  return kind;
}

yp::SimSpec make_spec(const yp::Config& config, const std::vector<std::string>& policies,
                      bool rotate, long long hands_per_match, const std::string& next_dealer) {
  yp::SimSpec spec;
  if (hands_per_match < 0 || hands_per_match > 65535)
    throw py::value_error("hands_per_match must be in 0..65535");
  spec.hands_per_match = static_cast<std::uint32_t>(hands_per_match);
  if (next_dealer == "dice") spec.next_dealer = yp::NextDealer::kDice;
  else if (next_dealer == "winner") spec.next_dealer = yp::NextDealer::kWinner;
  else if (next_dealer == "rotate") spec.next_dealer = yp::NextDealer::kRotate;
  else throw py::value_error("next_dealer must be 'dice', 'winner' or 'rotate'");
  spec.cfg = config;
  if (policies.size() != static_cast<std::size_t>(config.players))
    throw py::value_error("give one policy per seat");
  for (std::size_t i = 0; i < policies.size(); ++i) spec.policies[i] = bot_kind(policies[i]);
  spec.num_policies = static_cast<std::uint8_t>(policies.size());
  spec.rotate = rotate;
  return spec;
}

py::dict sim_batch(const yp::Config& config, const std::vector<std::string>& policies, bool rotate,
                   std::uint64_t seed, std::uint64_t start, std::uint64_t count, int threads,
                   long long hands_per_match, const std::string& next_dealer) {
  const yp::SimSpec spec = make_spec(config, policies, rotate, hands_per_match, next_dealer);
  if (hands_per_match > 0 && (start % static_cast<std::uint64_t>(hands_per_match) != 0 ||
                              count % static_cast<std::uint64_t>(hands_per_match) != 0))
    throw py::value_error("with matches, start and count must be multiples of hands_per_match");
  const auto c = static_cast<py::ssize_t>(count);
  const auto n = static_cast<py::ssize_t>(config.players);
  py::array_t<std::int8_t> winner(c), dealt_in_by(c), dealer(c);
  py::array_t<std::uint8_t> kind(c), conditions(c), hexagram(c);
  py::array_t<std::int16_t> points(c);
  py::array_t<std::uint16_t> plies(c);
  py::array_t<std::int16_t> payments({c, n});
  py::array_t<std::int8_t> seat_policy({c, n});
  const py::ssize_t mc = hands_per_match > 0 ? c : 0;
  py::array_t<std::int64_t> match(mc);
  py::array_t<std::uint16_t> hand(mc);
  yp::SimArrays out{winner.mutable_data(),   kind.mutable_data(),     dealt_in_by.mutable_data(),
                          conditions.mutable_data(), hexagram.mutable_data(), points.mutable_data(),
                          payments.mutable_data(), plies.mutable_data(),    dealer.mutable_data(),
                          seat_policy.mutable_data()};
  if (hands_per_match > 0) {
    out.match = match.mutable_data();
    out.hand = hand.mutable_data();
  }
  {
    py::gil_scoped_release release;
    yp::simulate_batch(spec, seed, start, count, threads, out);
  }
  py::dict d;
  d["winner"] = winner;
  d["kind"] = kind;
  d["dealt_in_by"] = dealt_in_by;
  d["conditions"] = conditions;
  d["hexagram"] = hexagram;
  d["points"] = points;
  d["payments"] = payments;
  d["plies"] = plies;
  d["dealer"] = dealer;
  d["seat_policy"] = seat_policy;
  if (hands_per_match > 0) {
    d["match"] = match;
    d["hand"] = hand;
  }
  return d;
}

std::vector<std::string> sim_game_moves(const yp::Config& config,
                                        const std::vector<std::string>& policies, bool rotate,
                                        std::uint64_t seed, std::uint64_t index,
                                        long long hands_per_match, const std::string& next_dealer) {
  const yp::SimSpec spec = make_spec(config, policies, rotate, hands_per_match, next_dealer);
  yp::State s;
  yp::GameOutcome g;
  yp::play_game(spec, seed, index, s, g);
  std::vector<std::string> moves;
  moves.reserve(s.n_history);
  for (int i = 0; i < s.n_history; ++i) moves.push_back(yp::format_action(s.history[i], s.k()));
  return moves;
}

std::string bot_move(const std::string& policy, long long seat, std::uint64_t seed,
                     const yp::Config& config, const std::string& wall, long long dealer,
                     const std::vector<std::string>& moves) {
  const yp::BotKind kind = bot_kind(policy);
  const yp::Config& cfg = config;
  const int players = cfg.players;
  if (dealer < 0 || dealer >= players) throw py::value_error("dealer must be a seat of the game");
  yp::State s;
  if (yp::init_state(s, cfg, wall, static_cast<int>(dealer)) != yp::InitError::kNone)
    throw py::value_error("wall must hold exactly a tile set");
  for (const auto& m : moves) {
    const auto spec = yp::parse_move(m);
    if (!spec || yp::check(s, *spec) != yp::Reason::kOk) throw py::value_error("illegal move in the game: " + m);
    yp::apply(s, yp::to_action(*spec));
  }
  if (seat < 0 || seat >= players || !yp::may_act(s, static_cast<int>(seat)))
    throw py::value_error("seat " + std::to_string(seat) + " may not act now");
  yijing::Xoshiro256ss rng(seed);
  return yp::format_action(yp::bot_action(s, static_cast<int>(seat), kind, rng), s.k());
}

}  // namespace

void bind_yijingpai_sim(py::module_& m) {
  m.def("sim_batch", &sim_batch, py::arg("config"), py::arg("policies"), py::arg("rotate"),
        py::arg("seed"), py::arg("start"), py::arg("count"), py::arg("threads"),
        py::arg("hands_per_match") = 0, py::arg("next_dealer") = "dice",
        "Games start..start+count-1 played by built-in bots, as a dict of NumPy arrays (GIL released).");
  m.def("sim_game_moves", &sim_game_moves, py::arg("config"), py::arg("policies"), py::arg("rotate"),
        py::arg("seed"), py::arg("index"), py::arg("hands_per_match") = 0,
        py::arg("next_dealer") = "dice", "The move strings of one simulated game.");
  m.def("bot_move", &bot_move, py::arg("policy"), py::arg("seat"), py::arg("seed"), py::arg("config"),
        py::arg("wall"), py::arg("dealer"), py::arg("moves"),
        "A built-in bot's move for `seat` in the game given by wall, dealer and moves.");
}
