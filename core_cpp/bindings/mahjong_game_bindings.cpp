// pyyijing._native.mahjong.{GameCore, shuffle_wall, random_hands} and the bots:
// the pybind11 face of the mahjong game engine (core_cpp/src/mahjong/engine_*.cpp),
// exactly as docs/mahjong-engine.md describes it. Conversion only: every rule,
// and what each seat may see (view.hpp), lives in the core. The fallback twins
// are pyyijing/fallback/mahjong/{engine,tiles}.py.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "yijing/mahjong/bots.hpp"
#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/notation.hpp"
#include "yijing/mahjong/random_play.hpp"
#include "yijing/mahjong/tiles.hpp"
#include "yijing/mahjong/view.hpp"

#include "game_core_binding.hpp"
#include "view_scratch.hpp"


namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace {


// The text of a Python str (TypeError otherwise: bytes are not moves). A str
// with no UTF-8 form (a lone surrogate) is no move either: it is read as a
// text that is malformed, as the fallback reads it.
std::string_view str_view(PyObject* item) {
  if (!PyUnicode_Check(item)) throw py::type_error("a move is a str; got " + std::string(Py_TYPE(item)->tp_name));
  Py_ssize_t len = 0;
  const char* text = PyUnicode_AsUTF8AndSize(item, &len);
  if (text == nullptr) {
    PyErr_Clear();
    return std::string_view("\xff");
  }
  return std::string_view(text, static_cast<std::size_t>(len));
}

py::object seat_or_none(int seat) {
  return seat < 0 ? py::object(py::none()) : py::object(py::int_(seat));
}
py::object str_or_none(const std::optional<std::string>& text) {
  return text ? py::object(py::str(*text)) : py::object(py::none());
}
// A list of str made at its size (no appends: a view's history is long).
py::list str_list(const std::vector<std::string>& items) {
  py::list out(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), py::str(items[i]).release().ptr());
  return out;
}

py::object result_object(const std::optional<mj::ResultView>& r) {
  if (!r) return py::none();
  py::dict d;
  d["kind"] = r->kind;
  d["winner"] = seat_or_none(r->winner);
  d["dealt_in_by"] = seat_or_none(r->dealt_in_by);
  d["win_tile"] = str_or_none(r->win_tile);
  py::list patterns;
  for (const char* name : r->patterns) patterns.append(py::str(name));
  d["patterns"] = patterns;
  py::list payments;
  for (std::int64_t p : r->payments) payments.append(p);
  d["payments"] = payments;
  py::list ledger;
  for (const mj::LedgerView& e : r->ledger) {
    py::list entry;
    entry.append(e.reason);
    entry.append(e.payer);
    entry.append(e.payee);
    entry.append(static_cast<long long>(e.amount));
    ledger.append(entry);
  }
  d["ledger"] = ledger;
  py::list birds;
  for (const auto& b : r->birds) birds.append(b);
  d["birds"] = birds;
  return d;
}

class GameCore {
 public:
  GameCore(const mj::Config& config, const std::string& wall, long long dealer) {
    if (dealer < 0 || dealer >= mj::kSeats) throw py::value_error("dealer must be a seat 0-3");
    switch (mj::init_state(state_, config, wall, static_cast<int>(dealer))) {
      case mj::InitError::kNone: break;
      case mj::InitError::kBadConfig: throw py::value_error("the config's options are not valid for its ruleset");
      case mj::InitError::kBadDealer: throw py::value_error("dealer must be a seat 0-3");
      case mj::InitError::kBadWall:
        throw py::value_error(std::string("wall must hold exactly the tile set ") +
                              mj::tile_set_name(config.tiles()) + " as two-character codes");
    }
  }

  const char* phase() const { return mj::phase_name(state_.phase); }

  py::list to_act() const {
    int seats[mj::kSeats];
    const int n = mj::to_act(state_, seats);
    py::list out;
    for (int i = 0; i < n; ++i) out.append(seats[i]);
    return out;
  }

  py::list legal_moves(long long seat) const {
    py::list out;
    if (seat >= mj::kSeats) return out;
    mj::Move buf[mj::kMaxLegalMoves];
    const int n = mj::legal_moves(state_, seat < 0 ? -1 : static_cast<int>(seat), buf);
    for (int i = 0; i < n; ++i) out.append(mj::format_move(buf[i]));
    return out;
  }

  py::tuple check(py::handle move) const {
    const mj::Reason r = mj::check_move(state_, str_view(move.ptr()));
    return verdict(r);
  }

  py::tuple apply(py::handle move) { return verdict(apply_text(str_view(move.ptr()))); }

  // Every item must be a str before any is applied (as the fallback).
  py::list apply_each(py::handle moves) {
    const std::vector<std::string_view> items = texts(moves);
    py::list out;
    for (const auto& m : items) out.append(verdict(apply_text(m)));
    return out;
  }

  py::tuple apply_all(py::handle moves) {
    const std::vector<std::string_view> items = texts(moves);
    for (std::size_t i = 0; i < items.size(); ++i) {
      const mj::Reason r = apply_text(items[i]);
      if (r != mj::Reason::kOk) return py::make_tuple(i, mj::reason_name(r), mj::reason_message(r));
    }
    return py::make_tuple(-1, "ok", "");
  }

  py::dict view(long long seat) const {
    if (seat < -1 || seat >= mj::kSeats) throw py::value_error("seat must be -1 (observer) or 0-3");
    static thread_local yijing_bindings::ViewScratch<mj::View> scratch;
    yijing_bindings::ViewScratch<mj::View>::Lease lease(scratch);
    mj::View& v = lease.view();
    mj::view_of(state_, static_cast<int>(seat), v);
    py::list seats;
    for (const mj::SeatView& st : v.seats) {
      py::dict sd;
      sd["seat"] = st.seat;
      sd["hand_count"] = st.hand_count;
      py::list melds;
      for (const mj::MeldView& m : st.melds) {
        py::dict md;
        md["kind"] = m.kind;
        md["tiles"] = str_or_none(m.tiles);
        md["from"] = seat_or_none(m.from);
        melds.append(md);
      }
      sd["melds"] = melds;
      py::list discards;
      for (const mj::DiscardView& d : st.discards) {
        py::dict dd;
        dd["tile"] = d.tile;
        dd["claimed"] = d.claimed;
        discards.append(dd);
      }
      sd["discards"] = discards;
      sd["flowers"] = str_list(st.flowers);
      sd["declared"] = st.declared;
      sd["locked"] = st.locked;
      sd["void"] = str_or_none(st.void_suit);
      sd["raise"] = seat_or_none(st.raised);
      py::list revealed;
      for (const mj::RevealView& r : st.revealed) {
        py::dict rd;
        rd["when"] = r.when;
        py::list wins;
        for (const char* w : r.wins) wins.append(py::str(w));
        rd["wins"] = wins;
        rd["tiles"] = r.tiles;
        revealed.append(rd);
      }
      sd["revealed"] = revealed;
      if (st.own) {
        sd["hand"] = str_or_none(st.hand);
        sd["drawn"] = str_or_none(st.drawn);
        sd["pass_locked"] = st.pass_locked;
      }
      seats.append(sd);
    }
    py::object offer = py::none();
    if (v.offer) {
      py::dict od;
      od["kind"] = v.offer->kind;
      od["seat"] = v.offer->seat;
      od["tile"] = str_or_none(v.offer->tile);
      if (v.offer->has_revealed) od["revealed"] = str_list(v.offer->revealed);
      offer = od;
    }
    py::dict d;
    d["viewer"] = seat_or_none(v.viewer);
    d["phase"] = v.phase;
    d["dealer"] = v.dealer;
    d["wall_remaining"] = v.wall_remaining;
    d["turn"] = seat_or_none(v.turn);
    d["claims_pending"] = v.claims_pending;
    d["offer"] = offer;
    d["seats"] = seats;
    d["history"] = str_list(v.history);
    d["result"] = result_object(v.result);
    return d;
  }

  py::dict waits(long long seat) const {
    if (seat < 0 || seat >= mj::kSeats) throw py::value_error("seat must be 0-3");
    int unseen[mj::kKinds];
    const std::uint64_t mask = mj::waits(state_, static_cast<int>(seat), unseen);
    py::dict out;
    for (int t = 0; t < mj::kKinds; ++t)
      if ((mask >> t) & 1) out[py::str(mj::tile_code(static_cast<mj::Tile>(t)))] = unseen[t];
    return out;
  }

  py::object result() const { return result_object(mj::result_of(state_)); }

  py::list moves() const {
    py::list out;
    for (int i = 0; i < state_.n_history; ++i) out.append(mj::format_move(state_.history[i]));
    return out;
  }

  std::string wall() const { return mj::wall_string(state_); }
  int dealer() const { return state_.dealer; }
  py::object last_taker() const { return seat_or_none(state_.last_taker); }

 // The state, for the bots (bots.hpp reads only what the seat's view shows).
  const mj::State& state() const { return state_; }

 private:
  static py::tuple verdict(mj::Reason r) { return py::make_tuple(mj::reason_name(r), mj::reason_message(r)); }

  // Check a move's text; apply it only when it is legal. Its verdict.
  mj::Reason apply_text(std::string_view text) {
    mj::MoveSpec spec;
    mj::Reason r = mj::parse_move(text, spec);
    if (r == mj::Reason::kOk) r = mj::check(state_, spec);
    if (r == mj::Reason::kOk) {
      if (state_.n_history >= mj::kMaxHistory)
        throw std::runtime_error("move history full (engine bound exceeded)");
      mj::apply(state_, mj::to_move(spec));
    }
    return r;
  }

  // The texts of an iterable of str (views into the strs, kept alive by `keep_`).
  std::vector<std::string_view> texts(py::handle moves) {
    keep_ = py::list();
    for (py::handle item : py::iter(moves)) keep_.append(item);
    std::vector<std::string_view> out;
    out.reserve(py::len(keep_));
    for (py::handle item : keep_) out.push_back(str_view(item.ptr()));
    return out;
  }

  mj::State state_;
  py::list keep_;
};

mj::BotKind bot_kind(const std::string& name) {
  mj::BotKind k;
  if (!mj::bot_from_name(name, k)) throw py::value_error("policy must be random, greedy or heuristic; got " + name);
  return k;
}

void bot_kinds(const std::vector<std::string>& policies, mj::BotKind out[mj::kSeats]) {
  if (policies.size() != mj::kSeats) throw py::value_error("policies must name four bots");
  for (int i = 0; i < mj::kSeats; ++i) out[i] = bot_kind(policies[static_cast<std::size_t>(i)]);
}

}  // namespace

void bind_mahjong_game(py::module_& m) {
  yijing_bindings::bind_game_core<GameCore, mj::Config>(
      m, "One mahjong hand: state and rules (docs/mahjong-engine.md).")
      .def("waits", &GameCore::waits, py::arg("seat"))
      .def("last_taker", &GameCore::last_taker,
           "The last seat that took a tile from the wall (a draw or a replacement; not the deal), or None.");

  m.def(
      "shuffle_wall",
      [](std::uint64_t seed, const std::string& tiles) {
        const auto set = mj::tile_set_from_string(tiles);
        if (!set) throw py::value_error("tiles must be '136', '144' or '108'; got '" + tiles + "'");
        mj::Deal deal;
        {
          py::gil_scoped_release release;
          deal = mj::shuffle_wall(seed, *set);
        }
        return std::make_pair(std::move(deal.wall), std::make_pair(deal.die1, deal.die2));
      },
      py::arg("seed"), py::arg("tiles"), "The shuffled wall (codes, draw order) and the two dice (d1, d2).");

  m.def(
      "random_hands",
      [](const mj::Config& config, std::uint64_t seed, std::uint64_t start, std::uint64_t count) {
        mj::RandomTotals t;
        {
          py::gil_scoped_release release;
          t = mj::random_hands(config, seed, start, count);
        }
        py::dict d;
        d["hands"] = t.hands;
        d["moves"] = t.moves;
        d["self_draw"] = t.kinds[0];
        d["discard"] = t.kinds[1];
        d["robbed_kong"] = t.kinds[2];
        d["draw"] = t.kinds[3];
        d["checksum"] = t.checksum;
        return d;
      },
      py::arg("config"), py::arg("seed"), py::arg("start"), py::arg("count"),
      "Hands start .. start+count-1 of uniformly random legal moves: totals (hands, moves, each "
      "result kind) and a checksum (pyyijing/fallback/mahjong/random_play.py plays the same hands).");

  // The bots (core_cpp/src/mahjong/bots.cpp; docs/mahjong-bots.md).
  m.def(
      "bot_move",
      [](const GameCore& g, long long seat, const std::string& policy, yijing::Xoshiro256ss& rng) {
        const mj::BotKind kind = bot_kind(policy);
        if (seat < 0 || seat >= mj::kSeats || !mj::may_act(g.state(), static_cast<int>(seat)))
          throw py::value_error("seat " + std::to_string(seat) + " may not act now");
        return mj::format_move(mj::bot_move(g.state(), static_cast<int>(seat), kind, rng));
      },
      py::arg("core"), py::arg("seat"), py::arg("policy"), py::arg("rng"),
      "The built-in bot's move for `seat` of a native GameCore, drawing from `rng` (an Xoshiro256ss).");
  m.def(
      "bot_shanten",
      [](const GameCore& g, long long seat) {
        if (seat < 0 || seat >= mj::kSeats) throw py::value_error("seat must be 0-3");
        const mj::BotShanten b = mj::bot_shanten(g.state(), static_cast<int>(seat));
        return py::make_tuple(b.s, b.b, b.e);
      },
      py::arg("core"), py::arg("seat"), "(S, B, E) of the seat's hand (docs/mahjong-bots.md \"Shanten\").");
  m.def(
      "play_bot_hand",
      [](const mj::Config& config, std::uint64_t wall_seed, const std::vector<std::string>& policies) {
        mj::BotKind kinds[mj::kSeats];
        bot_kinds(policies, kinds);
        auto s = std::make_unique<mj::State>();
        {
          py::gil_scoped_release release;
          mj::play_bot_hand(*s, config, wall_seed, kinds);
        }
        std::vector<std::string> moves;
        for (int i = 0; i < s->n_history; ++i) moves.push_back(mj::format_move(s->history[i]));
        return moves;
      },
      py::arg("config"), py::arg("wall_seed"), py::arg("policies"),
      "The moves of the hand of `wall_seed` played by the four bots (docs/mahjong-bots.md \"Seeding\").");
  m.def(
      "bot_hands",
      [](const mj::Config& config, std::uint64_t seed, std::uint64_t start, std::uint64_t count,
         const std::vector<std::string>& policies, bool rotate) {
        mj::BotKind kinds[mj::kSeats];
        bot_kinds(policies, kinds);
        if (count > (std::uint64_t{1} << 26)) throw py::value_error("count is too large");
        std::vector<std::int64_t> pay(static_cast<std::size_t>(count) * mj::kSeats);
        {
          py::gil_scoped_release release;
          mj::bot_hands(config, seed, start, count, kinds, rotate, pay.data());
        }
        py::list out;
        for (std::uint64_t i = 0; i < count; ++i) {
          py::list row;
          for (int p = 0; p < mj::kSeats; ++p) row.append(pay[static_cast<std::size_t>(i) * mj::kSeats + p]);
          out.append(row);
        }
        return out;
      },
      py::arg("config"), py::arg("seed"), py::arg("start"), py::arg("count"), py::arg("policies"),
      py::arg("rotate"),
      "Tournament hands start..start+count-1 played by the bots: each hand's payments by seat.");
}
