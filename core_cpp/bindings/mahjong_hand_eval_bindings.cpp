// pyyijing._native.mahjong's hand-evaluation functions: the pybind11 face of
// core_cpp/include/yijing/mahjong/hand.hpp (the game engine, bots, simulation and
// wire checks are bound in mahjong_{game,sim,wire}_bindings.cpp). Conversions only:
// pyyijing/mahjong/hand.py validates every input, so these functions only guard
// against crashes.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <stdexcept>

#include "yijing/mahjong/hand.hpp"

namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace {

mj::Counts to_counts(const py::sequence& seq) {
  if (py::len(seq) != mj::kKinds) throw py::value_error("a count array needs 34 entries");
  mj::Counts c{};
  int total = 0;
  for (int k = 0; k < mj::kKinds; ++k) {
    const long long v = seq[static_cast<std::size_t>(k)].cast<long long>();
    if (v < 0 || v > 4) throw py::value_error("counts must be 0..4");
    c[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(v);
    total += static_cast<int>(v);
  }
  if (total > 14 || total % 3 == 0) throw py::value_error("a hand has 3k+1 or 3k+2 tiles, k <= 4");
  return c;
}

mj::Form to_form(long long form) {
  if (form < 0 || form > 3) throw py::value_error("form must be 0..3");
  return static_cast<mj::Form>(form);
}

using Rows = py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>;

const std::uint8_t* checked_rows(const Rows& rows, std::size_t& n) {
  if (rows.ndim() != 2 || rows.shape(1) != mj::kKinds)
    throw py::value_error("counts must have shape (N, 34)");
  n = static_cast<std::size_t>(rows.shape(0));
  return rows.data();  // rows themselves are checked by the batch functions (no crash)
}

}  // namespace

void bind_mahjong_hand_eval(py::module_& m) {
  m.def(
      "shanten", [](const py::sequence& counts, long long form) {
        return mj::shanten(to_counts(counts), to_form(form));
      },
      py::arg("counts"), py::arg("form"),
      "Shanten of a count array; form 0 best, 1 regular, 2 seven pairs, 3 thirteen orphans "
      "(99: the form does not apply).");
  m.def(
      "is_win", [](const py::sequence& counts) { return mj::is_win(to_counts(counts)); },
      py::arg("counts"));
  m.def(
      "win_forms",
      [](const py::sequence& counts) {
        const mj::Counts c = to_counts(counts);
        return py::make_tuple(mj::is_regular_win(c), mj::is_seven_pairs(c),
                              mj::is_thirteen_orphans(c));
      },
      py::arg("counts"), "(regular, seven_pairs, thirteen_orphans) completeness flags.");
  m.def(
      "decompositions",
      [](const py::sequence& counts) {
        py::list out;
        for (const auto& d : mj::regular_decompositions(to_counts(counts))) {
          py::list sets;
          for (const auto& b : d.sets) sets.append(py::make_tuple(b.chow != 0, b.tile));
          out.append(py::make_tuple(d.pair, sets));
        }
        return out;
      },
      py::arg("counts"), "Regular readings: [(pair, [(is_chow, lowest_tile), ...]), ...].");
  m.def(
      "waits", [](const py::sequence& counts) { return mj::waits(to_counts(counts)); },
      py::arg("counts"), "Bit mask of the kinds that complete the hand.");
  m.def(
      "shanten_batch",
      [](const Rows& rows, long long form, long long threads) {
        const mj::Form f = to_form(form);
        std::size_t n = 0;
        const std::uint8_t* data = checked_rows(rows, n);
        py::array_t<std::int8_t> out(static_cast<py::ssize_t>(n));
        std::int8_t* dst = out.mutable_data();
        {
          py::gil_scoped_release release;
          mj::shanten_batch(data, n, dst, f, static_cast<int>(threads));
        }
        return out;
      },
      py::arg("counts"), py::arg("form"), py::arg("threads"));
  m.def(
      "is_win_batch",
      [](const Rows& rows, long long threads) {
        std::size_t n = 0;
        const std::uint8_t* data = checked_rows(rows, n);
        py::array_t<bool> out(static_cast<py::ssize_t>(n));
        auto* dst = reinterpret_cast<std::uint8_t*>(out.mutable_data());
        {
          py::gil_scoped_release release;
          mj::is_win_batch(data, n, dst, static_cast<int>(threads));
        }
        return out;
      },
      py::arg("counts"), py::arg("threads"));
  m.def(
      "warm_tables",
      [] {
        py::gil_scoped_release release;
        mj::warm_tables();
      },
      "Fill the per-suit tables now (about 20 s; otherwise filled on first use).");
}
