// pyyijing._native.mahjong.Config (mahjong_config.hpp): the Python objects'
// types checked in the fallback's order, then the values by the core's one
// check (mj::make_config).
#include "mahjong_config.hpp"

#include <climits>
#include <cstdint>
#include <string>
#include <utility>

#include "yijing/mahjong/config.hpp"

namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace yijing_bindings {

namespace {

std::string type_name(const py::handle& o) { return Py_TYPE(o.ptr())->tp_name; }

// A Python int that fits an int64 (the native engine's amounts); the
// fallback's ints are unbounded, so a larger one is an OverflowError here.
std::int64_t to_int64(const py::handle& o, const char* name) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(o.ptr(), &overflow);
  if (overflow != 0) throw py::value_error(std::string(name) + " is out of the native engine's range (int64)");
  return static_cast<std::int64_t>(v);
}

// The fallback's checks (pyyijing/fallback/mahjong/config.py) in its order:
// the types (TypeError), then the values (ValueError, make_config's words).
mj::Config make_config(const py::object& ruleset, const py::object& flowers, const py::object& void_suit,
                       const py::object& declare_ready, const py::object& birds,
                       const py::object& bird_scoring, const py::object& compound, const py::object& cap,
                       const py::object& floats, const py::object& opening_extras,
                       const py::object& opening_reuse, const py::object& mid_game_wins,
                       const py::object& pass_lock) {
  if (!PyUnicode_Check(ruleset.ptr())) throw py::type_error("ruleset must be a str; got " + type_name(ruleset));
  const std::pair<const char*, const py::object*> bools[] = {
      {"flowers", &flowers},           {"void_suit", &void_suit},         {"declare_ready", &declare_ready},
      {"opening_extras", &opening_extras}, {"opening_reuse", &opening_reuse}, {"mid_game_wins", &mid_game_wins},
      {"pass_lock", &pass_lock}};
  for (const auto& [name, value] : bools)
    if (!PyBool_Check(value->ptr()))
      throw py::type_error(std::string(name) + " must be a bool; got " + type_name(*value));
  for (const auto& [name, value] : {std::pair<const char*, const py::object*>{"birds", &birds}, {"cap", &cap}})
    if (!PyLong_CheckExact(value->ptr()))
      throw py::type_error(std::string(name) + " must be an int; got " + type_name(*value));
  for (const auto& [name, value] :
       {std::pair<const char*, const py::object*>{"bird_scoring", &bird_scoring}, {"compound", &compound}})
    if (!PyUnicode_Check(value->ptr()))
      throw py::type_error(std::string(name) + " must be a str; got " + type_name(*value));
  if (!PyTuple_Check(floats.ptr()) && !PyList_Check(floats.ptr()))
    throw py::type_error("floats must be a tuple of four ints; got " + type_name(floats));
  const std::string rs = ruleset.cast<std::string>();
  const std::string bs = bird_scoring.cast<std::string>(), cs = compound.cast<std::string>();
  mj::ConfigArgs a;
  a.ruleset = rs;
  a.flowers = flowers.cast<bool>();
  a.void_suit = void_suit.cast<bool>();
  a.declare_ready = declare_ready.cast<bool>();
  a.opening_extras = opening_extras.cast<bool>();
  a.opening_reuse = opening_reuse.cast<bool>();
  a.mid_game_wins = mid_game_wins.cast<bool>();
  a.pass_lock = pass_lock.cast<bool>();
  // An int past int64 is out of range for birds (not 0, 2 or 4) and cap
  // (huge: as good as no cap, clamped; hugely negative: below 0).
  int overflow = 0;
  const long long bv = PyLong_AsLongLongAndOverflow(birds.ptr(), &overflow);
  a.birds = overflow ? 1 : bv;
  const long long cv = PyLong_AsLongLongAndOverflow(cap.ptr(), &overflow);
  a.cap = overflow > 0 ? INT64_MAX : overflow < 0 ? -1 : cv;
  a.bird_scoring = bs;
  a.compound = cs;
  const py::sequence fl = py::reinterpret_borrow<py::sequence>(floats);
  bool floats_ok = py::len(fl) == 4;
  for (std::size_t i = 0; floats_ok && i < 4; ++i) {
    const py::object x = fl[i];
    floats_ok = PyLong_CheckExact(x.ptr()) && PyObject_RichCompareBool(x.ptr(), py::int_(0).ptr(), Py_GE) == 1;
  }
  mj::ConfigResult r = mj::make_config(a);  // floats at their default (0) so far
  if (!r.error.empty()) {
    // The birds / cap messages name the value as given.
    if (r.error.rfind("birds must", 0) == 0) throw py::value_error("birds must be 0, 2 or 4; got " + py::str(birds).cast<std::string>());
    if (r.error.rfind("cap must", 0) == 0) throw py::value_error("cap must be >= 0 (0: no cap); got " + py::str(cap).cast<std::string>());
    throw py::value_error(r.error);
  }
  if (!floats_ok)
    throw py::value_error("floats must be four ints >= 0; got " + py::repr(py::tuple(fl)).cast<std::string>());
  for (std::size_t i = 0; i < 4; ++i) r.config.floats[i] = to_int64(fl[i], "floats");
  return r.config;
}

const char* py_bool(bool b) { return b ? "True" : "False"; }

}  // namespace

void bind_mahjong_config(py::module_& m) {
  py::class_<mj::Config>(m, "Config",
                            "The rules of one mahjong hand (docs/mahjong-engine.md \"Config\"): "
                            "keyword arguments only, checked once, read-only.")
      .def(py::init(&make_config), py::kw_only(), py::arg("ruleset"), py::arg("flowers"), py::arg("void_suit"),
           py::arg("declare_ready"), py::arg("birds"), py::arg("bird_scoring"), py::arg("compound"), py::arg("cap"),
           py::arg("floats"), py::arg("opening_extras"), py::arg("opening_reuse"), py::arg("mid_game_wins"),
           py::arg("pass_lock"))
      .def_property_readonly("ruleset", [](const mj::Config& c) { return mj::ruleset_name(c.ruleset); })
      .def_property_readonly("flowers", [](const mj::Config& c) { return c.flowers; })
      .def_property_readonly("void_suit", [](const mj::Config& c) { return c.void_suit; })
      .def_property_readonly("declare_ready", [](const mj::Config& c) { return c.declare_ready; })
      .def_property_readonly("birds", [](const mj::Config& c) { return static_cast<int>(c.birds); })
      .def_property_readonly("bird_scoring", [](const mj::Config& c) { return mj::scoring_name(c.bird_scoring); })
      .def_property_readonly("compound", [](const mj::Config& c) { return mj::scoring_name(c.compound); })
      .def_property_readonly("cap", [](const mj::Config& c) { return static_cast<long long>(c.cap); })
      .def_property_readonly("floats", [](const mj::Config& c) {
        const auto& f = c.floats;
        return py::make_tuple(static_cast<long long>(f[0]), static_cast<long long>(f[1]),
                              static_cast<long long>(f[2]), static_cast<long long>(f[3]));
      })
      .def_property_readonly("opening_extras", [](const mj::Config& c) { return c.opening_extras; })
      .def_property_readonly("opening_reuse", [](const mj::Config& c) { return c.opening_reuse; })
      .def_property_readonly("mid_game_wins", [](const mj::Config& c) { return c.mid_game_wins; })
      .def_property_readonly("pass_lock", [](const mj::Config& c) { return c.pass_lock; })
      .def_property_readonly("tiles", [](const mj::Config& c) { return mj::tile_set_name(c.tiles()); },
                             "\"144\" with flowers, \"108\" in the void-suit game and Changsha, else \"136\".")
      .def("__repr__", [](const mj::Config& c) {
        const mj::Config& r = c;
        std::string floats = "(";
        for (std::size_t i = 0; i < 4; ++i) floats += (i ? ", " : "") + std::to_string(r.floats[i]);
        floats += ")";
        return std::string("Config(ruleset='") + mj::ruleset_name(r.ruleset) + "', flowers=" + py_bool(r.flowers) +
               ", void_suit=" + py_bool(r.void_suit) + ", declare_ready=" + py_bool(r.declare_ready) +
               ", birds=" + std::to_string(r.birds) + ", bird_scoring='" + mj::scoring_name(r.bird_scoring) +
               "', compound='" + mj::scoring_name(r.compound) + "', cap=" + std::to_string(r.cap) +
               ", floats=" + floats + ", opening_extras=" + py_bool(r.opening_extras) +
               ", opening_reuse=" + py_bool(r.opening_reuse) + ", mid_game_wins=" + py_bool(r.mid_game_wins) +
               ", pass_lock=" + py_bool(r.pass_lock) + ")";
      });
}

}  // namespace yijing_bindings
