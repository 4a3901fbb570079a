// pyyijing._native.yijingpai.check_positions: many (deal, moves, move) positions checked
// in one call (core_cpp/include/yijing/yijingpai/position_check.hpp). The
// items are copied out of Python first so that the replays run without the GIL.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yijing/yijingpai/config.hpp"
#include "yijing/yijingpai/position_check.hpp"

namespace py = pybind11;
namespace yp = yijing::yijingpai;

namespace {

struct Item {
  yp::PositionDeal deal;
  std::size_t wall_at = 0;  // the wall text in `Batch::text`, for wall deals
  std::size_t wall_len = 0;
  std::size_t first_move = 0;  // index into Batch::spans
  int n_moves = 0;
};

// Every string of the batch in one buffer; spans are (offset, length) pairs
// turned into views once the buffer stops growing.
struct Batch {
  std::string text;
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  std::vector<Item> items;

  std::size_t add(py::handle s, const char* what) {
    if (!PyUnicode_Check(s.ptr()))
      throw py::type_error(std::string(what) + " must be a str; got " +
                           std::string(py::str(py::type::of(s).attr("__name__"))));
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(s.ptr(), &n);
    if (p == nullptr) throw py::error_already_set();
    spans.emplace_back(text.size(), static_cast<std::size_t>(n));
    text.append(p, static_cast<std::size_t>(n));
    return spans.size() - 1;
  }
};

py::list check_positions(const yp::Config& config, const py::list& items) {
  const yp::Config cfg = config;

  Batch b;
  b.items.reserve(items.size());
  std::vector<std::size_t> candidate;  // span of each item's candidate move
  candidate.reserve(items.size());
  for (py::handle h : items) {
    const py::tuple tup = py::reinterpret_borrow<py::tuple>(h);
    if (!PyTuple_Check(h.ptr()) || tup.size() != 5)
      throw py::type_error("each item must be a tuple (seed, wall, dealer, moves, move)");
    Item it;
    const py::handle seed = tup[0];
    const py::handle wall = tup[1];
    it.deal.dealer = py::cast<int>(tup[2]);
    if (!seed.is_none()) {
      it.deal.from_seed = true;
      it.deal.seed = py::cast<std::uint64_t>(seed);
    } else {
      it.deal.from_seed = false;
      const std::size_t w = b.add(wall, "wall");
      it.wall_at = w;
    }
    const py::handle moves = tup[3];
    if (!PyList_Check(moves.ptr())) throw py::type_error("moves must be a list of str");
    it.first_move = b.spans.size();
    const Py_ssize_t n = PyList_GET_SIZE(moves.ptr());
    for (Py_ssize_t i = 0; i < n; ++i) b.add(PyList_GET_ITEM(moves.ptr(), i), "a move");
    it.n_moves = static_cast<int>(n);
    candidate.push_back(b.add(tup[4], "move"));
    b.items.push_back(it);
  }

  std::vector<yp::PositionCheck> out(b.items.size());
  std::vector<std::uint8_t> bad_deal(b.items.size(), 0);
  {
    py::gil_scoped_release release;
    std::vector<std::string_view> views;
    views.reserve(b.spans.size());
    for (const auto& [at, len] : b.spans) views.emplace_back(b.text.data() + at, len);
    yp::State s;
    for (std::size_t i = 0; i < b.items.size(); ++i) {
      Item& it = b.items[i];
      if (!it.deal.from_seed) it.deal.wall = views[it.wall_at];
      const yp::DealError e = yp::deal_position(s, cfg, it.deal);
      if (e != yp::DealError::kNone) {
        bad_deal[i] = static_cast<std::uint8_t>(e);
        continue;
      }
      out[i] = yp::replay_and_check(s, views.data() + it.first_move, it.n_moves,
                                    views[candidate[i]]);
    }
  }
  py::list result(out.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (bad_deal[i] != 0)
      throw py::value_error(bad_deal[i] == static_cast<std::uint8_t>(yp::DealError::kBadDealer)
                                ? "dealer must be a seat of the game"
                                : "wall must hold exactly a tile set of '1'/'0'/'T'");
    result[i] = py::make_tuple(out[i].bad_move, yp::reason_name(out[i].reason),
                               yp::reason_message(out[i].reason));
  }
  return result;
}

}  // namespace

void bind_yijingpai_position_check(py::module_& m) {
  m.def("check_positions", &check_positions, py::arg("config"), py::arg("items"),
        "[(bad_move, code, message)] for items (seed|None, wall|None, dealer, moves, move).");
}
