// pyyijing._native.mahjong.{Config, GameCore, shuffle_wall}: the pybind11 face
// of the mahjong game engine (core_cpp/src/mahjong/game_*.cpp), exactly as
// docs/mahjong-engine.md describes it. Conversion only: every rule lives in
// the core. The fallback twins are pyyijing/fallback/mahjong/{config,engine,tiles}.py.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/notation.hpp"
#include "yijing/mahjong/random_play.hpp"
#include "yijing/mahjong/tiles.hpp"

namespace py = pybind11;
namespace mj = yijing::mahjong;

namespace {

// The Config value: the engine's config, checked once when made.
struct MahjongConfig {
  mj::Config rules;
};

MahjongConfig make_config(const std::string& ruleset, bool flowers, bool void_suit, bool declare_ready) {
  const mj::ConfigResult r = mj::make_config(ruleset, flowers, void_suit, declare_ready);
  if (!r.error.empty()) throw py::value_error(r.error);
  return MahjongConfig{r.config};
}

const char* py_bool(bool b) { return b ? "True" : "False"; }

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

py::object tile_or_none(mj::Tile t) {
  return t == mj::kNoTile ? py::object(py::none()) : py::object(py::str(mj::tile_code(t)));
}
py::object seat_or_none(int seat) {
  return seat < 0 ? py::object(py::none()) : py::object(py::int_(seat));
}

class GameCore {
 public:
  GameCore(const MahjongConfig& config, const std::string& wall, long long dealer) {
    if (dealer < 0 || dealer >= mj::kSeats) throw py::value_error("dealer must be a seat 0-3");
    switch (mj::init_state(state_, config.rules, wall, static_cast<int>(dealer))) {
      case mj::InitError::kNone: break;
      case mj::InitError::kBadConfig: throw py::value_error("the config's ruleset is not implemented yet");
      case mj::InitError::kBadDealer: throw py::value_error("dealer must be a seat 0-3");
      case mj::InitError::kBadWall:
        throw py::value_error(std::string("wall must hold exactly the tile set ") +
                              mj::tile_set_name(config.rules.tiles()) + " as two-character codes");
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
    const int viewer = static_cast<int>(seat);
    const mj::State& s = state_;
    const bool all_void = s.voids_chosen == 15;
    const bool all_raised = s.raises_made == 15;
    py::list seats;
    for (int p = 0; p < mj::kSeats; ++p) {
      const mj::SeatState& st = s.seats[p];
      py::dict sd;
      sd["seat"] = p;
      sd["hand_count"] = static_cast<int>(st.n_concealed);
      py::list melds;
      for (int i = 0; i < st.n_melds; ++i) {
        const mj::Meld& m = st.melds[i];
        py::dict md;
        md["kind"] = mj::meld_kind_name(m.kind);
        md["tiles"] = m.kind == mj::MeldKind::kConcealedKong && p != viewer
                          ? py::object(py::none())
                          : py::object(py::str(mj::meld_string(m)));
        md["from"] = seat_or_none(m.from);
        melds.append(md);
      }
      sd["melds"] = melds;
      py::list discards;
      for (int i = 0; i < s.n_discards; ++i) {
        if (s.discards[i].seat != p) continue;
        py::dict dd;
        dd["tile"] = mj::tile_code(s.discards[i].tile);
        dd["claimed"] = s.discards[i].claimed;
        discards.append(dd);
      }
      sd["discards"] = discards;
      py::list flowers;
      for (int i = 0; i < st.n_flowers; ++i) flowers.append(mj::tile_code(st.flowers[i]));
      sd["flowers"] = flowers;
      sd["declared"] = st.declared;
      sd["locked"] = st.declared;  // locked is declared (never in Shaoyang)
      const char suit[2] = {st.void_suit >= 0 ? mj::kSuitChars[st.void_suit] : '\0', '\0'};
      sd["void"] = st.void_suit >= 0 && (all_void || p == viewer) ? py::object(py::str(suit))
                                                                   : py::object(py::none());
      // Shaoyang's 舉手: own at once, the others' once all four are in (rules §11).
      sd["raise"] = st.raised >= 0 && (all_raised || p == viewer) ? py::object(py::int_(static_cast<int>(st.raised)))
                                                                  : py::object(py::none());
      if (p == viewer) {
        // No seat sees a tile before every seat has raised.
        sd["hand"] = s.phase == mj::Phase::kRaise ? py::object(py::none())
                                                  : py::object(py::str(mj::hand_string(st.counts)));
        sd["drawn"] = s.phase == mj::Phase::kPlay && s.turn == p ? tile_or_none(s.drawn)
                                                                  : py::object(py::none());
      }
      seats.append(sd);
    }
    py::object offer = py::none();
    if (s.phase == mj::Phase::kClaim) {
      py::dict od;
      od["kind"] = s.offer_kind == mj::OfferKind::kDiscard ? "discard" : "robbed_kong";
      od["seat"] = static_cast<int>(s.offer_from);
      // A concealed kong's tile (Shaoyang's robbing offer) is shown only to
      // the konger and the seat offered.
      const bool hidden = s.offer_kind == mj::OfferKind::kRobbedKong &&
                          s.rob_kind == mj::MeldKind::kConcealedKong && viewer != s.offer_from &&
                          viewer != s.offer().seat;
      od["tile"] = hidden ? py::object(py::none()) : py::object(py::str(mj::tile_code(s.offer_tile)));
      offer = od;
    }
    py::list history;
    for (int i = 0; i < s.n_history; ++i) {
      const mj::Move m = s.history[i];
      const mj::Act act = mj::move_act(m);
      const bool other = mj::move_seat(m) != viewer;
      // No passes; no other seat's void choice or raise (not even that it
      // answered, rules §11) until all four are in; another seat's concealed
      // kong without its tile.
      if (act == mj::Act::kPass || (act == mj::Act::kVoid && other && !all_void) ||
          (act == mj::Act::kRaise && other && !all_raised))
        continue;
      // A robbed concealed kong never happened (its meld is gone): its tile is
      // shown, as the fallback shows it (the win_tile names it anyway).
      bool hide = other;
      if (hide && act == mj::Act::kKong && (m & mj::kConcealedKongFlag)) {
        const mj::SeatState& k = s.seats[mj::move_seat(m)];
        hide = false;
        for (int j = 0; j < k.n_melds; ++j)
          hide = hide || (k.melds[j].kind == mj::MeldKind::kConcealedKong && k.melds[j].tile == mj::move_tile(m));
      }
      history.append(mj::format_move(m, hide));
    }
    py::dict d;
    d["viewer"] = seat_or_none(viewer);
    d["phase"] = mj::phase_name(s.phase);
    d["dealer"] = static_cast<int>(s.dealer);
    d["wall_remaining"] = s.wall_remaining();
    d["turn"] = s.phase == mj::Phase::kPlay ? py::object(py::int_(static_cast<int>(s.turn))) : py::object(py::none());
    d["claims_pending"] = s.phase == mj::Phase::kClaim;
    d["offer"] = offer;
    d["seats"] = seats;
    d["history"] = history;
    d["result"] = result();
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

  py::object result() const {
    const mj::State& s = state_;
    if (s.phase != mj::Phase::kOver) return py::none();
    const mj::Result& r = s.result;
    py::dict d;
    d["kind"] = mj::result_kind_name(r.kind);
    d["winner"] = seat_or_none(r.winner);
    d["dealt_in_by"] = seat_or_none(r.dealt_in_by);
    d["win_tile"] = tile_or_none(r.win_tile);
    py::list patterns;  // UTF-8 names (Shaoyang's are Chinese)
    for (int i = 0; i < mj::kMaxPatterns; ++i)
      if ((r.patterns >> i) & 1) patterns.append(py::str(mj::pattern_name(s.cfg.ruleset, i)));
    d["patterns"] = patterns;
    int pay[mj::kSeats];
    mj::payments(s, pay);
    py::list payments;
    for (int p : pay) payments.append(p);
    d["payments"] = payments;
    py::list ledger;
    for (int i = 0; i < s.n_ledger; ++i) {
      const mj::LedgerEntry& e = s.ledger[i];
      py::list entry;
      entry.append(mj::pay_name(e.reason));
      entry.append(static_cast<int>(e.payer));
      entry.append(static_cast<int>(e.payee));
      entry.append(static_cast<int>(e.amount));
      ledger.append(entry);
    }
    d["ledger"] = ledger;
    d["birds"] = py::list();
    return d;
  }

  py::list moves() const {
    py::list out;
    for (int i = 0; i < state_.n_history; ++i) out.append(mj::format_move(state_.history[i]));
    return out;
  }

  std::string wall() const { return mj::wall_string(state_); }
  int dealer() const { return state_.dealer; }
  py::object last_taker() const { return seat_or_none(state_.last_taker); }

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

}  // namespace

void bind_mahjong_game(py::module_& m) {
  py::class_<MahjongConfig>(m, "Config",
                            "The rules of one mahjong hand (docs/mahjong-engine.md \"Config\"): "
                            "keyword arguments only, checked once, read-only.")
      .def(py::init(&make_config), py::kw_only(), py::arg("ruleset"), py::arg("flowers").noconvert(),
           py::arg("void_suit").noconvert(), py::arg("declare_ready").noconvert())
      .def_property_readonly("ruleset", [](const MahjongConfig& c) { return mj::ruleset_name(c.rules.ruleset); })
      .def_property_readonly("flowers", [](const MahjongConfig& c) { return c.rules.flowers; })
      .def_property_readonly("void_suit", [](const MahjongConfig& c) { return c.rules.void_suit; })
      .def_property_readonly("declare_ready", [](const MahjongConfig& c) { return c.rules.declare_ready; })
      .def_property_readonly("tiles", [](const MahjongConfig& c) { return mj::tile_set_name(c.rules.tiles()); },
                             "\"144\" with flowers, \"108\" in the void-suit game, else \"136\".")
      .def("__repr__", [](const MahjongConfig& c) {
        return std::string("Config(ruleset='") + mj::ruleset_name(c.rules.ruleset) +
               "', flowers=" + py_bool(c.rules.flowers) + ", void_suit=" + py_bool(c.rules.void_suit) +
               ", declare_ready=" + py_bool(c.rules.declare_ready) + ")";
      });

  py::class_<GameCore>(m, "GameCore", "One mahjong hand: state and rules (docs/mahjong-engine.md).")
      .def(py::init<const MahjongConfig&, const std::string&, long long>(), py::arg("config"),
           py::arg("wall"), py::arg("dealer"))
      .def("copy", [](const GameCore& g) { return GameCore(g); })
      .def("phase", &GameCore::phase)
      .def("to_act", &GameCore::to_act)
      .def("legal_moves", &GameCore::legal_moves, py::arg("seat"))
      .def("check", &GameCore::check, py::arg("move"))
      .def("apply", &GameCore::apply, py::arg("move"))
      .def("apply_each", &GameCore::apply_each, py::arg("moves"))
      .def("apply_all", &GameCore::apply_all, py::arg("moves"))
      .def("view", &GameCore::view, py::arg("seat"))
      .def("waits", &GameCore::waits, py::arg("seat"))
      .def("result", &GameCore::result)
      .def("moves", &GameCore::moves)
      .def("wall", &GameCore::wall)
      .def("dealer", &GameCore::dealer)
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
      [](const MahjongConfig& config, std::uint64_t seed, std::uint64_t start, std::uint64_t count) {
        mj::RandomTotals t;
        {
          py::gil_scoped_release release;
          t = mj::random_hands(config.rules, seed, start, count);
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
}
