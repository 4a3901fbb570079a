// pyyijing._native.yijingpai.Config (yijingpai_config.hpp): conversions only;
// the checks are the core's (yp::make_config). The keywords, properties and
// repr are expanded from the core's field list (YIJING_YIJINGPAI_CONFIG_FIELDS),
// so no field is named here: only the kinds of value they take.
#include "yijingpai_config.hpp"

#include <string>
#include <string_view>

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

// The Python side of each kind (config_kinds.hpp): the constructor's parameter
// type (`Param`) and keyword (`keyword`: a bool is taken only as a bool),
// `load` puts the argument in ConfigArgs (an int's TypeError first), `to_py`
// and `repr` read the Config field.
template <class Kind>
struct Py;

struct PyIntField {
  using Param = const py::object&;
  static py::arg keyword(const char* name) { return py::arg(name); }
  static void load(const char* name, const py::object& v, long long& arg) { arg = int_field(v, name); }
  static int to_py(long long v) { return static_cast<int>(v); }
  static std::string repr(long long v) { return std::to_string(v); }
};
template <long long... Allowed>
struct Py<yp::CountField<Allowed...>> : PyIntField {};
template <>
struct Py<yp::WinMaskField> : PyIntField {};
template <>
struct Py<yp::DeckField> : PyIntField {
  static int to_py(yp::Deck d) { return static_cast<int>(d); }
  static std::string repr(yp::Deck d) { return std::to_string(static_cast<int>(d)); }
};

template <>
struct Py<yp::BoolField> {
  using Param = bool;
  static py::arg keyword(const char* name) { return py::arg(name).noconvert(); }
  static void load(const char*, bool v, bool& arg) { arg = v; }
  static bool to_py(bool v) { return v; }
  static std::string repr(bool v) { return v ? "True" : "False"; }
};

// The view in ConfigArgs points into the argument, alive for the whole call.
template <>
struct Py<yp::TaijiField> {
  using Param = const std::string&;
  static py::arg keyword(const char* name) { return py::arg(name); }
  static void load(const char*, const std::string& v, std::string_view& arg) { arg = v; }
  static const char* to_py(yp::TaijiRule t) { return yp::taiji_name(t); }
  static std::string repr(yp::TaijiRule t) { return std::string("'") + yp::taiji_name(t) + "'"; }
};

// The field list expands to ", a, b, ..."; this drops the first comma.
#define YIJING_PY_AFTER_FIRST_(first, ...) __VA_ARGS__
#define YIJING_PY_AFTER_FIRST(...) YIJING_PY_AFTER_FIRST_(__VA_ARGS__)

#define YIJING_PY_PARAM(name, kind, default_value) , Py<yp::kind>::Param name
yp::Config make_config(YIJING_PY_AFTER_FIRST(YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_PY_PARAM))) {
#undef YIJING_PY_PARAM
  yp::ConfigArgs a;
#define YIJING_PY_LOAD(name, kind, default_value) Py<yp::kind>::load(#name, name, a.name);
  YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_PY_LOAD)
#undef YIJING_PY_LOAD
  yp::ConfigResult r = yp::make_config(a);
  if (!r.error.empty()) throw py::value_error(r.error);
  return r.config;
}

}  // namespace

void bind_yijingpai_config(py::module_& m) {
  py::class_<yp::Config> cls(m, "Config",
                             "The rules of one Yi Jing Pai hand and the tile set of its wall: "
                             "Config(**pyyijing.Rules.core_config()), checked once (read-only).");
#define YIJING_PY_KEYWORD(name, kind, default_value) , Py<yp::kind>::keyword(#name)
  cls.def(py::init(&make_config), py::kw_only() YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_PY_KEYWORD));
#undef YIJING_PY_KEYWORD
#define YIJING_PY_PROPERTY(name, kind, default_value) \
  cls.def_property_readonly(#name, [](const yp::Config& c) { return Py<yp::kind>::to_py(c.name); });
  YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_PY_PROPERTY)
#undef YIJING_PY_PROPERTY
  cls.def("__repr__", [](const yp::Config& c) {
    std::string fields;
#define YIJING_PY_REPR(name, kind, default_value) \
  fields += (fields.empty() ? "" : ", ") + std::string(#name "=") + Py<yp::kind>::repr(c.name);
    YIJING_YIJINGPAI_CONFIG_FIELDS(YIJING_PY_REPR)
#undef YIJING_PY_REPR
    return "Config(" + fields + ")";
  });
}

#undef YIJING_PY_AFTER_FIRST
#undef YIJING_PY_AFTER_FIRST_

}  // namespace yijing_bindings
