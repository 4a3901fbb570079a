// pyyijing._native.yijingpai.GameCore: the pybind11 face of the Yi Jing Pai engine,
// exactly as docs/backend-interface.md describes it. Conversion only: every
// rule, and what each seat may see (view.hpp), lives in core_cpp/src/yijingpai/.
#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>
#include <optional>
#include <string_view>
#include <vector>

#include "yijing/yijingpai/config.hpp"
#include "yijing/yijingpai/engine.hpp"
#include "yijing/yijingpai/notation.hpp"
#include "yijing/yijingpai/view.hpp"

#include "game_core_binding.hpp"
#include "view_scratch.hpp"

namespace py = pybind11;
namespace yp = yijing::yijingpai;

namespace {

class GameCore {
 public:
  // The config was checked when it was made; it is dealt the given wall
  // (its deck and taiji are not used: the wall is checked to be a tile set).
  GameCore(const yp::Config& cfg, const std::string& wall, long long dealer) {
    if (dealer < 0 || dealer >= cfg.players) throw py::value_error("dealer must be a seat of the game");
    if (yp::init_state(state_, cfg, wall, static_cast<int>(dealer)) != yp::InitError::kNone)
      throw py::value_error(
          "wall must hold exactly a tile set of '1'/'0'/'T': 70+70 or 79+79 line tiles, "
          "with 4 or 0 taiji");
  }

  const char* phase() const { return yp::phase_name(state_.phase); }

  py::list to_act() const {
    int seats[yp::kMaxPlayers];
    const int n = yp::to_act(state_, seats);
    py::list out;
    for (int i = 0; i < n; ++i) out.append(seats[i]);
    return out;
  }

  py::list legal_moves(long long seat) const {
    py::list out;
    if (seat != -1 && !yp::may_act(state_, seat_or(seat, -2))) return out;
    for (const auto& m : yp::legal_move_strings(state_, static_cast<int>(seat))) out.append(m);
    return out;
  }

  py::tuple check(const std::string& move) const {
    const yp::Reason r = yp::check_move(state_, move);
    return py::make_tuple(yp::reason_name(r), yp::reason_message(r));
  }

  py::tuple apply(const std::string& move) {
    const yp::Reason r = apply_text(move);
    return py::make_tuple(yp::reason_name(r), yp::reason_message(r));
  }

  // apply() for each move in turn, stopping at the first that is not legal:
  // (its index, code, message), or (-1, "ok", "") when all were applied.
  py::tuple apply_all(const py::list& moves) {
    const Py_ssize_t n = PyList_GET_SIZE(moves.ptr());
    for (Py_ssize_t i = 0; i < n; ++i) {
      const yp::Reason r = apply_text(str_view(PyList_GET_ITEM(moves.ptr(), i)));
      if (r != yp::Reason::kOk) return py::make_tuple(i, yp::reason_name(r), yp::reason_message(r));
    }
    return py::make_tuple(-1, "ok", "");
  }

  // apply() on every move in turn (the illegal ones change nothing): the
  // verdict of each.
  py::list apply_each(const py::list& moves) {
    const Py_ssize_t n = PyList_GET_SIZE(moves.ptr());
    py::list out(static_cast<std::size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) {
      const yp::Reason r = apply_text(str_view(PyList_GET_ITEM(moves.ptr(), i)));
      out[static_cast<std::size_t>(i)] = py::make_tuple(yp::reason_name(r), yp::reason_message(r));
    }
    return out;
  }

  py::dict view(long long seat) const {
    if (seat != -1 && (seat < 0 || seat >= state_.players()))
      throw py::value_error("seat must be -1 (observer) or a seat of the game");
    static thread_local yijing_bindings::ViewScratch<yp::View> scratch;
    yijing_bindings::ViewScratch<yp::View>::Lease lease(scratch);
    yp::View& v = lease.view();
    yp::view_of(state_, static_cast<int>(seat), v);
    py::dict d;
    d["viewer"] = seat_or_none(v.viewer);
    d["phase"] = v.phase;
    d["dealer"] = v.dealer;
    d["wall_remaining"] = v.wall_remaining;
    d["turn"] = seat_or_none(v.turn);
    d["claims_pending"] = v.claims_pending;
    d["to_act"] = v.to_act;
    if (v.last_play) {
      py::dict lp;
      lp["seat"] = v.last_play->seat;
      lp["kind"] = v.last_play->kind;
      lp["lines"] = v.last_play->lines;
      lp["placement"] = v.last_play->placement;
      d["last_play"] = lp;
    } else {
      d["last_play"] = py::none();
    }
    py::list seats;
    for (const yp::SeatView& st : v.seats) {
      py::dict sd;
      sd["seat"] = st.seat;
      sd["target_laid"] = st.target_laid;
      sd["hand_count"] = st.hand_count;
      sd["in_progress"] = st.in_progress;
      sd["completed"] = str_list(st.completed);
      if (st.own) {
        sd["hand"] = st.hand;
        sd["target"] = st.target ? py::object(py::str(*st.target)) : py::object(py::none());
      }
      seats.append(sd);
    }
    d["seats"] = seats;
    d["history"] = str_list(v.history);
    d["result"] = result_object(v.result);
    return d;
  }

  py::list ready(long long seat) const {
    if (seat < 0 || seat >= state_.players()) throw py::value_error("seat must be a seat of the game");
    py::list out;
    for (const yp::ReadyView& r : yp::ready_of(state_, static_cast<int>(seat))) {
      py::dict d;
      d["lines"] = r.lines;
      d["placement"] = r.placement;
      d["king_wen"] = r.king_wen;
      d["points_half"] = r.points_half;
      out.append(d);
    }
    return out;
  }

  py::object result() const { return result_object(yp::result_of(state_)); }

  py::list moves() const {
    py::list out;
    for (int i = 0; i < state_.n_history; ++i) out.append(yp::format_action(state_.history[i], state_.k()));
    return out;
  }

  std::string wall() const { return yp::wall_string(state_); }
  int dealer() const { return state_.dealer; }

 private:
  // Check a move's text; apply it only when it is legal. Its verdict.
  yp::Reason apply_text(std::string_view move) {
    const auto spec = yp::parse_move(move);
    const yp::Reason r = spec ? yp::check(state_, *spec) : yp::Reason::kMalformed;
    if (r == yp::Reason::kOk) {
      if (state_.n_history >= yp::kMaxHistory)
        throw std::runtime_error("move history full (engine bound exceeded)");
      yp::apply(state_, yp::to_action(*spec));
    }
    return r;
  }
  // The text of a list item that must be a str.
  static std::string_view str_view(PyObject* item) {
    if (!PyUnicode_Check(item)) throw py::type_error("moves must be a list of str");
    Py_ssize_t len = 0;
    const char* text = PyUnicode_AsUTF8AndSize(item, &len);
    if (text == nullptr) throw py::error_already_set();
    return std::string_view(text, static_cast<std::size_t>(len));
  }
  static int seat_or(long long seat, int fallback) {
    return seat >= 0 && seat < yp::kMaxPlayers ? static_cast<int>(seat) : fallback;
  }
  static py::object seat_or_none(int seat) {
    return seat < 0 ? py::object(py::none()) : py::object(py::int_(seat));
  }
  // A list of str made at its size (no appends: a view's history is long).
  static py::list str_list(const std::vector<std::string>& items) {
    py::list out(items.size());
    for (std::size_t i = 0; i < items.size(); ++i)
      PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), py::str(items[i]).release().ptr());
    return out;
  }
  static py::object result_object(const std::optional<yp::ResultView>& r) {
    if (!r) return py::none();
    py::dict d;
    d["kind"] = r->kind;
    d["winner"] = seat_or_none(r->winner);
    d["dealt_in_by"] = seat_or_none(r->dealt_in_by);
    d["points_half"] = r->points_half;
    py::list payments;
    for (int p : r->payments) payments.append(p);
    d["payments"] = payments;
    d["hexagram"] = r->hexagram < 0 ? py::object(py::none()) : py::object(py::int_(r->hexagram));
    d["lines"] = r->lines ? py::object(py::str(*r->lines)) : py::object(py::none());
    py::list conditions;
    for (const char* c : r->conditions) conditions.append(c);
    d["conditions"] = conditions;
    return d;
  }

  yp::State state_;
};

}  // namespace

void bind_yijingpai_game(py::module_& m) {
  yijing_bindings::bind_game_core<GameCore, yp::Config>(
      m, "Yi Jing Pai game state and rules (docs/backend-interface.md).")
      .def("ready", &GameCore::ready, py::arg("seat"));
  // The reason codes and their messages (docs/yijing.md §6), in code order: the
  // Python layer words every backend's verdicts from its own copy,
  // pyyijing/yijingpai/reasons.py, which a test keeps equal to this one.
  py::dict reasons;
  for (int i = 0; i <= static_cast<int>(yp::Reason::kCannotWin); ++i) {
    const auto r = static_cast<yp::Reason>(i);
    reasons[yp::reason_name(r)] = yp::reason_message(r);
  }
  m.attr("REASON_MESSAGES") = reasons;
}
