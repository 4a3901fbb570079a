// pyyijing._native.yijingpai.Config (yijingpai_config.hpp).
#include "yijingpai_config.hpp"

#include <cstdint>
#include <string>

namespace py = pybind11;
namespace yp = yijing::yijingpai;

namespace yijing_bindings {

YijingpaiConfig make_config(long long play_size, long long players, bool taiji_in_pong,
                            long long win_mask, bool split_payment, long long deck,
                            const std::string& taiji) {
  auto in = [](long long v, long long lo, long long hi) { return v >= lo && v <= hi; };
  // The messages of the fallback's Config (pyyijing/fallback/yijingpai/config.py).
  if (!in(play_size, 2, 3))
    throw py::value_error("play_size must be 2 or 3; got " + std::to_string(play_size));
  if (!in(players, 2, yp::kMaxPlayers))
    throw py::value_error("players must be 2, 3 or 4; got " + std::to_string(players));
  if (!in(win_mask, 1, yp::kAllWinConditions))
    throw py::value_error("win_mask must be a non-zero subset of the 6 condition bits; got " +
                          std::to_string(win_mask));
  const auto d = yp::deck_from_int(deck);
  if (!d) throw py::value_error("deck must be 144 or 162; got " + std::to_string(deck));
  const auto t = yp::taiji_from_string(taiji);
  if (!t) throw py::value_error("taiji must be 'wild' or 'none'; got '" + taiji + "'");
  YijingpaiConfig c;
  c.rules.play_size = static_cast<std::uint8_t>(play_size);
  c.rules.players = static_cast<std::uint8_t>(players);
  c.rules.taiji_in_pong = taiji_in_pong;
  c.rules.win_mask = static_cast<std::uint8_t>(win_mask);
  c.rules.split_payment = split_payment;
  c.deck = *d;
  c.taiji = *t;
  return c;
}

namespace {

// An int field: a Python int but not a bool (bool is an int subclass, which
// pybind11's integer caster would take), with the fallback Config's TypeError.
long long int_field(const py::handle& v, const char* name) {
  if (PyBool_Check(v.ptr()) || !PyLong_Check(v.ptr()))
    throw py::type_error(std::string(name) + " must be an int; got " +
                         std::string(py::str(py::type::handle_of(v).attr("__name__"))));
  return v.cast<long long>();
}

}  // namespace

void bind_config(py::module_& m) {
  py::class_<YijingpaiConfig>(
      m, "Config",
      "The rules of one Yi Jing Pai hand and the tile set of its wall: "
      "Config(**pyyijing.Rules.core_config()), checked once (read-only).")
      .def(py::init([](const py::object& play_size, const py::object& players, bool taiji_in_pong,
                       const py::object& win_mask, bool split_payment, const py::object& deck,
                       const std::string& taiji) {
             return make_config(int_field(play_size, "play_size"), int_field(players, "players"),
                                taiji_in_pong, int_field(win_mask, "win_mask"), split_payment,
                                int_field(deck, "deck"), taiji);
           }),
           py::kw_only(), py::arg("play_size"), py::arg("players"),
           py::arg("taiji_in_pong").noconvert(), py::arg("win_mask"),
           py::arg("split_payment").noconvert(), py::arg("deck"), py::arg("taiji"))
      .def_property_readonly("play_size",
                             [](const YijingpaiConfig& c) { return static_cast<int>(c.rules.play_size); })
      .def_property_readonly("players",
                             [](const YijingpaiConfig& c) { return static_cast<int>(c.rules.players); })
      .def_property_readonly("taiji_in_pong", [](const YijingpaiConfig& c) { return c.rules.taiji_in_pong; })
      .def_property_readonly("win_mask",
                             [](const YijingpaiConfig& c) { return static_cast<int>(c.rules.win_mask); })
      .def_property_readonly("split_payment", [](const YijingpaiConfig& c) { return c.rules.split_payment; })
      .def_property_readonly("deck", [](const YijingpaiConfig& c) { return static_cast<int>(c.deck); })
      .def_property_readonly("taiji",
                             [](const YijingpaiConfig& c) {
                               return c.taiji == yp::TaijiRule::kWild ? "wild" : "none";
                             })
      .def("__repr__", [](const YijingpaiConfig& c) {
        auto flag = [](bool b) { return b ? "True" : "False"; };
        return "Config(play_size=" + std::to_string(c.rules.play_size) +
               ", players=" + std::to_string(c.rules.players) +
               ", taiji_in_pong=" + flag(c.rules.taiji_in_pong) +
               ", win_mask=" + std::to_string(c.rules.win_mask) +
               ", split_payment=" + flag(c.rules.split_payment) +
               ", deck=" + std::to_string(static_cast<int>(c.deck)) + ", taiji='" +
               (c.taiji == yp::TaijiRule::kWild ? "wild" : "none") + "')";
      });
}

}  // namespace yijing_bindings
