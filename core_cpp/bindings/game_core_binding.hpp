// The method table every game's pyyijing._native.<game>.GameCore has
// (docs/backend-interface.md "GameCore"), written once for all games: each
// game's binding supplies a wrapper class with these methods (its conversions)
// and adds the methods only it has to the class this returns.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace yijing_bindings {

// `Core` is the game's wrapper: constructible from (const Config&, wall,
// dealer), copyable, with phase, to_act, legal_moves, check, apply, apply_all,
// apply_each, view, result, moves, wall and dealer.
template <class Core, class Config>
pybind11::class_<Core> bind_game_core(pybind11::module_& m, const char* doc) {
  namespace py = pybind11;
  py::class_<Core> cls(m, "GameCore", doc);
  cls.def(py::init<const Config&, const std::string&, long long>(), py::arg("config"), py::arg("wall"),
          py::arg("dealer"))
      .def("copy", [](const Core& g) { return Core(g); })
      .def("phase", &Core::phase)
      .def("to_act", &Core::to_act)
      .def("legal_moves", &Core::legal_moves, py::arg("seat"))
      .def("check", &Core::check, py::arg("move"))
      .def("apply", &Core::apply, py::arg("move"))
      .def("apply_all", &Core::apply_all, py::arg("moves"))
      .def("apply_each", &Core::apply_each, py::arg("moves"))
      .def("view", &Core::view, py::arg("seat"))
      .def("result", &Core::result)
      .def("moves", &Core::moves)
      .def("wall", &Core::wall)
      .def("dealer", &Core::dealer);
  return cls;
}

}  // namespace yijing_bindings
