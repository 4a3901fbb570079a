// The part of pyyijing._native.<game>.VecEnv every game's batch of
// environments has (yijing/<game>/vec_env.hpp), written once: reset, the
// checked step with the GIL released, the hand seeds, and the arrays as NumPy
// views of the batch's own buffers (no copy), kept alive by the batch. The
// mask is read-only: a batch may clear only the entries it set, so a write
// into it would outlive the step. Each game's binding adds its constructor
// and the methods that need its notation.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

namespace yijing_bindings {

// A NumPy view of `data` with `shape`, owned by `owner`.
template <class T>
pybind11::array view_of(std::vector<T>& data, std::vector<pybind11::ssize_t> shape, pybind11::handle owner,
                        bool writeable = true, pybind11::dtype dtype = pybind11::dtype::of<T>()) {
  pybind11::array out(dtype, shape, {}, data.data(), owner);
  if (!writeable) out.attr("setflags")(pybind11::arg("write") = false);
  return out;
}

// `Env` has num_envs(), players(), num_actions(), all_seats(), reset(seed),
// first_illegal(actions), step(actions), hand_seed(i) and the arrays obs,
// mask, rewards, terminated, seat, final_obs and payments; an observation is
// `rows` x `width` bytes.
template <class Env>
void def_batch(pybind11::class_<Env>& cls, pybind11::ssize_t rows, pybind11::ssize_t width) {
  namespace py = pybind11;
  const auto self_of = [](py::handle self) -> Env& { return self.cast<Env&>(); };
  cls.def("reset", &Env::reset, py::arg("seed"), py::call_guard<py::gil_scoped_release>())
      .def(
          "step",
          [](Env& env, py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> actions) {
            if (actions.ndim() != 1 || actions.shape(0) != env.num_envs())
              throw py::value_error("actions must be one int per environment");
            const std::int64_t* a = actions.data();
            const std::int64_t bad = env.first_illegal(a);
            if (bad >= 0)
              throw py::value_error("action " + std::to_string(a[bad]) + " of environment " + std::to_string(bad) +
                                    " is not a legal move of its seat now (nothing was stepped)");
            py::gil_scoped_release release;
            env.step(a);
          },
          py::arg("actions"))
      .def(
          "hand_seed",
          [](const Env& env, int i) {
            if (i < 0 || i >= env.num_envs()) throw py::index_error("no such environment");
            return env.hand_seed(i);
          },
          py::arg("env"))
      .def_property_readonly("observations",
                             [=](py::object self) {
                               Env& e = self_of(self);
                               return view_of(e.obs, {e.num_envs(), rows, width}, self);
                             })
      .def_property_readonly("masks",
                             [=](py::object self) {
                               Env& e = self_of(self);
                               return view_of(e.mask, {e.num_envs(), e.num_actions()}, self, false);
                             })
      .def_property_readonly("rewards",
                             [=](py::object self) {
                               Env& e = self_of(self);
                               if (e.all_seats()) return view_of(e.rewards, {e.num_envs(), e.players()}, self);
                               return view_of(e.rewards, {e.num_envs()}, self);
                             })
      .def_property_readonly("terminations",
                             [=](py::object self) {
                               Env& e = self_of(self);
                               return view_of(e.terminated, {e.num_envs()}, self, true, py::dtype("bool"));
                             })
      .def_property_readonly("seats",
                             [=](py::object self) {
                               Env& e = self_of(self);
                               return view_of(e.seat, {e.num_envs()}, self);
                             })
      .def_property_readonly("final_observations",
                             [=](py::object self) {
                               Env& e = self_of(self);
                               return view_of(e.final_obs, {e.num_envs(), rows, width}, self);
                             })
      .def_property_readonly("payments", [=](py::object self) {
        Env& e = self_of(self);
        return view_of(e.payments, {e.num_envs(), e.players()}, self);
      });
}

}  // namespace yijing_bindings
