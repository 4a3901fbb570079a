// pyyijing._native.yijingpai.Config (yijingpai_config.hpp): conversions only;
// the checks are the core's (yp::make_config).
#include "yijingpai_config.hpp"

#include <string>

#include "yijing/yijingpai/config.hpp"

namespace py = pybind11;
namespace yp = yijing::yijingpai;

namespace yijing_bindings {

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

void bind_yijingpai_config(py::module_& m) {
  py::class_<yp::Config>(
      m, "Config",
      "The rules of one Yi Jing Pai hand and the tile set of its wall: "
      "Config(**pyyijing.Rules.core_config()), checked once (read-only).")
      .def(py::init([](const py::object& play_size, const py::object& players, bool taiji_in_pong,
                       const py::object& win_mask, bool split_payment, const py::object& deck,
                       const std::string& taiji) {
             yp::ConfigArgs a;
             a.play_size = int_field(play_size, "play_size");
             a.players = int_field(players, "players");
             a.taiji_in_pong = taiji_in_pong;
             a.win_mask = int_field(win_mask, "win_mask");
             a.split_payment = split_payment;
             a.deck = int_field(deck, "deck");
             a.taiji = taiji;
             yp::ConfigResult r = yp::make_config(a);
             if (!r.error.empty()) throw py::value_error(r.error);
             return r.config;
           }),
           py::kw_only(), py::arg("play_size"), py::arg("players"),
           py::arg("taiji_in_pong").noconvert(), py::arg("win_mask"),
           py::arg("split_payment").noconvert(), py::arg("deck"), py::arg("taiji"))
      .def_property_readonly("play_size",
                             [](const yp::Config& c) { return static_cast<int>(c.play_size); })
      .def_property_readonly("players",
                             [](const yp::Config& c) { return static_cast<int>(c.players); })
      .def_property_readonly("taiji_in_pong", [](const yp::Config& c) { return c.taiji_in_pong; })
      .def_property_readonly("win_mask",
                             [](const yp::Config& c) { return static_cast<int>(c.win_mask); })
      .def_property_readonly("split_payment", [](const yp::Config& c) { return c.split_payment; })
      .def_property_readonly("deck", [](const yp::Config& c) { return static_cast<int>(c.deck); })
      .def_property_readonly("taiji", [](const yp::Config& c) { return yp::taiji_name(c.taiji); })
      .def("__repr__", [](const yp::Config& c) {
        auto flag = [](bool b) { return b ? "True" : "False"; };
        return "Config(play_size=" + std::to_string(c.play_size) +
               ", players=" + std::to_string(c.players) +
               ", taiji_in_pong=" + flag(c.taiji_in_pong) +
               ", win_mask=" + std::to_string(c.win_mask) +
               ", split_payment=" + flag(c.split_payment) +
               ", deck=" + std::to_string(static_cast<int>(c.deck)) + ", taiji='" +
               yp::taiji_name(c.taiji) + "')";
      });
}

}  // namespace yijing_bindings
