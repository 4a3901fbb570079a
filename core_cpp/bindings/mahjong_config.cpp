// pyyijing._native.mahjong.Config (mahjong_config.hpp): the Python objects'
// types checked in the fallback's order, then the values by the core's one
// check (mj::make_config). The keywords, properties and repr are expanded
// from the core's field list (YIJING_MAHJONG_CONFIG_FIELDS), so no option is
// named here: only the kinds of value they take.
#include "mahjong_config.hpp"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include "yijing/mahjong/config.hpp"

namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace yijing_bindings {

namespace {

std::string type_name(const py::handle& o) { return Py_TYPE(o.ptr())->tp_name; }

// The Python side of each kind (config_kinds.hpp): `group` orders the type
// checks as the fallback's (the bools, then the ints, the strs, the seat
// amounts), `check_type` raises its TypeError, `load` puts the checked object
// in ConfigArgs (or leaves a ValueError for after the core's check in
// `deferred`), `restate` rewrites the core's message to name the value as
// given, `to_py` and `repr` read the Config field.
template <class Kind>
struct Py;

template <>
struct Py<mj::BoolOption> {
  static constexpr int group = 0;
  static void check_type(const char* name, const py::object& o) {
    if (!PyBool_Check(o.ptr())) throw py::type_error(std::string(name) + " must be a bool; got " + type_name(o));
  }
  static void load(const char*, const py::object& o, bool& arg, std::deque<std::string>&, std::string&) {
    arg = o.cast<bool>();
  }
  static void restate(const char*, const py::object&, std::string&) {}
  static bool to_py(bool v) { return v; }
  static std::string repr(bool v) { return v ? "True" : "False"; }
};

// An exact int; one past int64 is clamped to its end: out of range for the
// birds (not 0, 2 or 4) and for a negative cap, as good as no cap for a huge
// one.
struct PyInt64 {
  static constexpr int group = 1;
  static void check_type(const char* name, const py::object& o) {
    if (!PyLong_CheckExact(o.ptr())) throw py::type_error(std::string(name) + " must be an int; got " + type_name(o));
  }
  static void load(const char*, const py::object& o, std::int64_t& arg, std::deque<std::string>&, std::string&) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o.ptr(), &overflow);
    arg = overflow > 0 ? INT64_MAX : overflow < 0 ? INT64_MIN : v;
  }
  // The core's message ends "; got <value>": the value there is the int as given.
  static void restate(const char* name, const py::object& o, std::string& error) {
    if (error.rfind(std::string(name) + " must", 0) != 0) return;
    error = error.substr(0, error.rfind("; got ") + 6) + py::str(o).cast<std::string>();
  }
  static long long to_py(std::int64_t v) { return v; }
  static std::string repr(std::int64_t v) { return std::to_string(v); }
};
template <>
struct Py<mj::BirdsOption> : PyInt64 {
  static int to_py(std::uint8_t v) { return v; }
  static std::string repr(std::uint8_t v) { return std::to_string(v); }
};
template <>
struct Py<mj::CapOption> : PyInt64 {};

template <>
struct Py<mj::ScoringOption> {
  static constexpr int group = 2;
  static void check_type(const char* name, const py::object& o) {
    if (!PyUnicode_Check(o.ptr())) throw py::type_error(std::string(name) + " must be a str; got " + type_name(o));
  }
  // ConfigArgs holds a view: the text lives in `texts` until the check is done.
  static void load(const char*, const py::object& o, std::string_view& arg, std::deque<std::string>& texts,
                   std::string&) {
    arg = texts.emplace_back(o.cast<std::string>());
  }
  static void restate(const char*, const py::object&, std::string&) {}
  static const char* to_py(mj::Scoring v) { return mj::scoring_name(v); }
  static std::string repr(mj::Scoring v) { return std::string("'") + mj::scoring_name(v) + "'"; }
};

// A tuple or list of four exact ints >= 0, each within int64; the core's
// check of the other options comes first.
template <>
struct Py<mj::SeatAmountsOption> {
  static constexpr int group = 3;
  static void check_type(const char* name, const py::object& o) {
    if (!PyTuple_Check(o.ptr()) && !PyList_Check(o.ptr()))
      throw py::type_error(std::string(name) + " must be a tuple of four ints; got " + type_name(o));
  }
  static void load(const char* name, const py::object& o, mj::SeatAmountsOption::Arg& arg, std::deque<std::string>&,
                   std::string& deferred) {
    const py::sequence seq = py::reinterpret_borrow<py::sequence>(o);
    bool ok = py::len(seq) == arg.size();
    for (std::size_t i = 0; ok && i < arg.size(); ++i) {
      const py::object x = seq[i];
      ok = PyLong_CheckExact(x.ptr()) && PyObject_RichCompareBool(x.ptr(), py::int_(0).ptr(), Py_GE) == 1;
    }
    if (!ok) {
      if (deferred.empty())
        deferred = std::string(name) + " must be four ints >= 0; got " + py::repr(py::tuple(seq)).cast<std::string>();
      return;
    }
    mj::SeatAmountsOption::Arg values{};
    for (std::size_t i = 0; i < arg.size(); ++i) {
      int overflow = 0;
      values[i] = PyLong_AsLongLongAndOverflow(py::object(seq[i]).ptr(), &overflow);
      if (overflow != 0) {
        if (deferred.empty()) deferred = std::string(name) + " is out of the native engine's range (int64)";
        return;
      }
    }
    arg = values;
  }
  static void restate(const char*, const py::object&, std::string&) {}
  static py::tuple to_py(const mj::SeatAmountsOption::Value& v) {
    return py::make_tuple(static_cast<long long>(v[0]), static_cast<long long>(v[1]), static_cast<long long>(v[2]),
                          static_cast<long long>(v[3]));
  }
  static std::string repr(const mj::SeatAmountsOption::Value& v) {
    std::string out = "(";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
    return out + ")";
  }
};

constexpr int kTypeGroups = 4;

// The fallback's checks (pyyijing/fallback/mahjong/config.py) in its order:
// the types (TypeError), then the values (ValueError, make_config's words).
#define YIJING_PY_PARAM(name, kind, default_value) , const py::object& name
mj::Config make_config(const py::object& ruleset YIJING_MAHJONG_CONFIG_FIELDS(YIJING_PY_PARAM)) {
#undef YIJING_PY_PARAM
  if (!PyUnicode_Check(ruleset.ptr())) throw py::type_error("ruleset must be a str; got " + type_name(ruleset));
  for (int group = 0; group < kTypeGroups; ++group) {
#define YIJING_PY_CHECK_TYPE(name, kind, default_value) \
  if (Py<mj::kind>::group == group) Py<mj::kind>::check_type(#name, name);
    YIJING_MAHJONG_CONFIG_FIELDS(YIJING_PY_CHECK_TYPE)
#undef YIJING_PY_CHECK_TYPE
  }
  const std::string rs = ruleset.cast<std::string>();
  mj::ConfigArgs a;
  a.ruleset = rs;
  std::deque<std::string> texts;
  std::string deferred;
#define YIJING_PY_LOAD(name, kind, default_value) Py<mj::kind>::load(#name, name, a.name, texts, deferred);
  YIJING_MAHJONG_CONFIG_FIELDS(YIJING_PY_LOAD)
#undef YIJING_PY_LOAD
  mj::ConfigResult r = mj::make_config(a);
  if (!r.error.empty()) {
#define YIJING_PY_RESTATE(name, kind, default_value) Py<mj::kind>::restate(#name, name, r.error);
    YIJING_MAHJONG_CONFIG_FIELDS(YIJING_PY_RESTATE)
#undef YIJING_PY_RESTATE
    throw py::value_error(r.error);
  }
  if (!deferred.empty()) throw py::value_error(deferred);
  return r.config;
}

}  // namespace

void bind_mahjong_config(py::module_& m) {
  py::class_<mj::Config> cls(m, "Config",
                             "The rules of one mahjong hand (docs/mahjong-engine.md \"Config\"): "
                             "keyword arguments only, checked once, read-only.");
#define YIJING_PY_ARG(name, kind, default_value) , py::arg(#name)
  cls.def(py::init(&make_config), py::kw_only(), py::arg("ruleset") YIJING_MAHJONG_CONFIG_FIELDS(YIJING_PY_ARG));
#undef YIJING_PY_ARG
  cls.def_property_readonly("ruleset", [](const mj::Config& c) { return mj::ruleset_name(c.ruleset); });
#define YIJING_PY_PROPERTY(name, kind, default_value) \
  cls.def_property_readonly(#name, [](const mj::Config& c) { return Py<mj::kind>::to_py(c.name); });
  YIJING_MAHJONG_CONFIG_FIELDS(YIJING_PY_PROPERTY)
#undef YIJING_PY_PROPERTY
  cls.def_property_readonly("tiles", [](const mj::Config& c) { return mj::tile_set_name(c.tiles()); },
                            "\"144\" with flowers, \"108\" in the void-suit game and Changsha, else \"136\".");
  cls.def("__repr__", [](const mj::Config& c) {
    std::string out = std::string("Config(ruleset='") + mj::ruleset_name(c.ruleset) + "'";
#define YIJING_PY_REPR(name, kind, default_value) out += ", " #name "=" + Py<mj::kind>::repr(c.name);
    YIJING_MAHJONG_CONFIG_FIELDS(YIJING_PY_REPR)
#undef YIJING_PY_REPR
    return out + ")";
  });
}

}  // namespace yijing_bindings
