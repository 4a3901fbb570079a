// The mahjong engine's shortcuts (core_cpp/src/mahjong/engine_*.cpp) against
// the plain computations they skip: the opening / mid-game win prefilters,
// the 將一色 distance, the ready checks' shape-bound exits, and the state
// reset of init_state_tiles. Each must give the plain answer on every hand
// random play reaches (the Python-twin parity tests and the simulator's
// outcomes are the end-to-end check).
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>

#include "../src/mahjong/engine_internal.hpp"
#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/random_play.hpp"
#include "yijing/prng.hpp"
#include "yijing/sim/fastrand.hpp"
#include "mahjong_test_util.hpp"

namespace mj = yijing::mahjong;
namespace mjd = yijing::mahjong::detail;

namespace {

mj::Config config_of(mj::Ruleset r, bool extras = false, bool reuse = false) {
  mj::Config cfg;
  cfg.ruleset = r;
  if (r != mj::Ruleset::kCommon) cfg.declare_ready = false;
  cfg.opening_extras = extras;
  cfg.opening_reuse = reuse;
  return cfg;
}

using mjt::deal;

// The plain forms of the shortcuts, computed the slow, obvious way.
int jiang_shanten_plain(const mj::SeatState& st) {
  if (!mjd::jiang_melds(st)) return mj::kNoShanten;
  int n = 0;
  for (int t = 0; t < mj::kKinds; ++t)
    if (t >= mj::kHonourBase || t % 9 % 3 != 1) n += st.counts[static_cast<std::size_t>(t)];
  return n - (st.n_concealed % 3 == 2 ? 1 : 0);
}

bool ready_after_kong_plain(const mj::Config& cfg, const mj::SeatState& st, int t, bool exposed) {
  mj::SeatState k = st;
  if (exposed) {
    mjd::remove_tiles(k, t, 3);
    k.melds[k.n_melds++] = mj::Meld{mj::MeldKind::kKong, static_cast<mj::Tile>(t), 0};
  } else if (k.counts[static_cast<std::size_t>(t)] == 4) {
    mjd::remove_tiles(k, t, 4);
    k.melds[k.n_melds++] = mj::Meld{mj::MeldKind::kConcealedKong, static_cast<mj::Tile>(t), -1};
  } else {
    mjd::remove_tiles(k, t, 1);
    for (int i = 0; i < k.n_melds; ++i)
      if (k.melds[i].kind == mj::MeldKind::kPung && k.melds[i].tile == t) k.melds[i].kind = mj::MeldKind::kAddedKong;
  }
  return mjd::has_wait(cfg, k, k.counts);
}

// Every shortcut against its plain form for each seat of state `s`; counts
// the cases where the prefilters said no (so the test is not vacuous).
struct Tally {
  int opening_skipped = 0, mid_skipped = 0, mid_found = 0, ready_checks = 0, kong_checks = 0;
};

void check_seats(const mj::State& s, Tally& tally) {
  for (int seat = 0; seat < mj::kSeats; ++seat) {
    const mj::SeatState& st = s.seats[seat];
    CHECK(mjd::jiang_shanten(st) == jiang_shanten_plain(st));
    if (st.n_melds == 0 && (st.n_concealed == 13 || st.n_concealed == 14)) {
      mj::DeclaredWin w[mj::kMaxDeclaredWins];
      std::uint32_t used = 0;
      const int n = mjd::opening_wins(s.cfg, st.counts, w, used);
      if (!mjd::opening_win_possible(s.cfg, st)) {
        CHECK(n == 0);
        ++tally.opening_skipped;
      }
    }
    {
      mj::DeclaredWin w[mj::kMaxDeclaredWins];
      std::uint32_t used = 0;
      mj::Counts shown{};
      const int n = mjd::mid_wins(s.cfg, st, w, used, shown);
      tally.mid_found += n > 0;
      if (!mjd::mid_win_possible(st)) {
        CHECK(n == 0);
        ++tally.mid_skipped;
      }
    }
    if (s.cfg.changsha()) {
      const bool plain = st.n_concealed == 13 - 3 * st.n_melds && mjd::has_wait(s.cfg, st, st.counts);
      CHECK(mjd::is_ready(s.cfg, st) == plain);
      ++tally.ready_checks;
    }
    for (int t = 0; t < mj::kKinds; ++t) {
      const int c = st.counts[static_cast<std::size_t>(t)];
      if (c >= 3 && st.n_concealed == 13 - 3 * st.n_melds) {  // an exposed kong of a discarded t
        CHECK(mjd::ready_after_kong(s.cfg, st, t, true) == ready_after_kong_plain(s.cfg, st, t, true));
        ++tally.kong_checks;
      }
      if (c == 4 && st.n_concealed == 14 - 3 * st.n_melds) {  // a concealed kong in turn
        CHECK(mjd::ready_after_kong(s.cfg, st, t, false) == ready_after_kong_plain(s.cfg, st, t, false));
        ++tally.kong_checks;
      }
    }
  }
}

}  // namespace

TEST_CASE("is_jiang is the 2, 5 and 8 of each suit") {
  for (int t = 0; t < mj::kKinds; ++t) CHECK(mjd::is_jiang(t) == (t < mj::kHonourBase && t % 9 % 3 == 1));
}

TEST_CASE("the engine's shortcuts agree with the plain checks along random hands") {
  for (const auto& cfg : {config_of(mj::Ruleset::kChangsha), config_of(mj::Ruleset::kChangsha, false, true),
                          config_of(mj::Ruleset::kChangsha, true, false), config_of(mj::Ruleset::kCommon),
                          config_of(mj::Ruleset::kShaoyang)}) {
    Tally tally;
    mj::State s;
    mj::Move legal[mj::kMaxLegalMoves];
    for (std::uint64_t hand = 0; hand < 150; ++hand) {
      deal(s, cfg, 1000 + hand);
      yijing::Xoshiro256ss rng(hand);
      check_seats(s, tally);
      while (s.phase != mj::Phase::kOver) {
        const int n = mj::legal_moves(s, -1, legal);
        REQUIRE(n > 0);
        mj::apply(s, legal[yijing::sim::uniform(rng, static_cast<std::uint64_t>(n))]);
        check_seats(s, tally);
      }
    }
    CHECK(tally.mid_skipped > 0);
    CHECK(tally.kong_checks > 0);
    if (cfg.changsha()) {
      CHECK(tally.ready_checks > 0);
      CHECK(tally.mid_found > 0);
    }
    if (!cfg.opening_extras) CHECK(tally.opening_skipped > 0);
  }
}

TEST_CASE("init_state_tiles on a used state gives the fresh state") {
  // A state used for hands of every ruleset (144-tile walls included), then
  // dealt again, against a fresh state dealt the same: every member, the
  // arrays in full, and the same play to the end.
  mj::Config flowers = config_of(mj::Ruleset::kCommon);
  flowers.flowers = true;
  const mj::Config cfgs[] = {flowers, config_of(mj::Ruleset::kChangsha), config_of(mj::Ruleset::kShaoyang),
                             config_of(mj::Ruleset::kCommon)};
  mj::State used;
  mj::Move legal[mj::kMaxLegalMoves];
  for (int round = 0; round < 12; ++round) {
    const mj::Config& cfg = cfgs[round % 4];
    const std::uint64_t seed = 500 + static_cast<std::uint64_t>(round);
    mj::State fresh;
    deal(fresh, cfg, seed);
    deal(used, cfg, seed);
    CHECK(std::memcmp(used.history, fresh.history, sizeof fresh.history) == 0);
    CHECK(std::memcmp(used.wall, fresh.wall, sizeof fresh.wall) == 0);
    CHECK(std::memcmp(used.discards, fresh.discards, sizeof fresh.discards) == 0);
    CHECK(std::memcmp(used.reveals, fresh.reveals, sizeof fresh.reveals) == 0);
    for (int i = 0; i < mj::kMaxLedger; ++i) {
      CHECK(used.ledger[i].reason == fresh.ledger[i].reason);
      CHECK(used.ledger[i].payer == fresh.ledger[i].payer);
      CHECK(used.ledger[i].payee == fresh.ledger[i].payee);
      CHECK(used.ledger[i].amount == fresh.ledger[i].amount);
    }
    CHECK(used.n_history == fresh.n_history);
    CHECK(used.n_ledger == fresh.n_ledger);
    CHECK(used.n_discards == fresh.n_discards);
    CHECK(used.n_reveals == fresh.n_reveals);
    CHECK(used.n_offers == fresh.n_offers);
    CHECK(static_cast<int>(used.phase) == static_cast<int>(fresh.phase));
    CHECK(used.result.winner == fresh.result.winner);
    for (int seat = 0; seat < mj::kSeats; ++seat) {
      CHECK(used.seats[seat].counts == fresh.seats[seat].counts);
      CHECK(used.seats[seat].n_melds == fresh.seats[seat].n_melds);
      CHECK(used.seats[seat].win_mask == fresh.seats[seat].win_mask);
      CHECK(used.seats[seat].mask_melds == fresh.seats[seat].mask_melds);
      CHECK(used.seats[seat].pass_locked == fresh.seats[seat].pass_locked);
    }
    // Play both with the same choices: the same hand, move for move.
    yijing::Xoshiro256ss ra(seed), rb(seed);
    while (fresh.phase != mj::Phase::kOver) {
      const int n = mj::legal_moves(fresh, -1, legal);
      const mj::Move m = legal[yijing::sim::uniform(ra, static_cast<std::uint64_t>(n))];
      mj::Move other[mj::kMaxLegalMoves];
      REQUIRE(mj::legal_moves(used, -1, other) == n);
      const mj::Move mu = other[yijing::sim::uniform(rb, static_cast<std::uint64_t>(n))];
      REQUIRE(mu == m);
      mj::apply(fresh, m);
      mj::apply(used, mu);
    }
    CHECK(used.phase == mj::Phase::kOver);
    CHECK(used.n_ledger == fresh.n_ledger);
    std::int64_t pa[mj::kSeats], pb[mj::kSeats];
    mj::payments(fresh, pa);
    mj::payments(used, pb);
    for (int i = 0; i < mj::kSeats; ++i) CHECK(pa[i] == pb[i]);
  }
}

namespace {

mj::Config void_suit_config() {
  mj::Config cfg = config_of(mj::Ruleset::kCommon);
  cfg.void_suit = true;
  return cfg;
}

mj::Config flowers_config() {
  mj::Config cfg = config_of(mj::Ruleset::kCommon);
  cfg.flowers = true;
  return cfg;
}

}  // namespace

TEST_CASE("random_legal_move is the listed move of the same draws") {
  // random_hands and the random bot pick legal_moves()[uniform(n)]; the
  // discards-only turns skip the list. Both forms from copies of one
  // generator: the same move, and the generators left in the same state.
  mj::Config ready = config_of(mj::Ruleset::kCommon);
  ready.declare_ready = true;
  for (const auto& cfg : {ready, config_of(mj::Ruleset::kCommon), void_suit_config(), flowers_config(),
                          config_of(mj::Ruleset::kShaoyang), config_of(mj::Ruleset::kChangsha)}) {
    mj::State s;
    mj::Move legal[mj::kMaxLegalMoves];
    int plain_turns = 0, other_turns = 0;
    for (std::uint64_t hand = 0; hand < 60; ++hand) {
      deal(s, cfg, 2000 + hand);
      yijing::Xoshiro256ss rng(hand);
      while (s.phase != mj::Phase::kOver) {
        const int n = mj::legal_moves(s, -1, legal);
        REQUIRE(n > 0);
        // The union over to_act (seat -1), then one seat's moves (several
        // seats act in the raise and void phases).
        const int seat = mjt::first_to_act(s);
        mj::Move own[mj::kMaxLegalMoves];
        const int k = mj::legal_moves(s, seat, own);
        for (const bool draw_for_one : {true, false}) {
          yijing::Xoshiro256ss a = rng, b = rng, c = rng, d = rng;
          const auto listed = [draw_for_one](const mj::Move* moves, int count, yijing::Xoshiro256ss& g) {
            return count == 1 && !draw_for_one ? moves[0]
                                               : moves[yijing::sim::uniform(g, static_cast<std::uint64_t>(count))];
          };
          CHECK(mj::random_legal_move(s, -1, b, draw_for_one) == listed(legal, n, a));
          CHECK(mj::random_legal_move(s, seat, d, draw_for_one) == listed(own, k, c));
          const std::uint64_t next = a.next();  // every form consumed the same draws
          CHECK(b.next() == next);
          CHECK(c.next() == d.next());
        }
        if (s.phase == mj::Phase::kPlay) {
          bool discards_only = true;
          for (int i = 0; i < n; ++i) discards_only = discards_only && mj::move_act(legal[i]) == mj::Act::kDiscard;
          (discards_only ? plain_turns : other_turns) += 1;
        }
        mj::apply(s, legal[yijing::sim::uniform(rng, static_cast<std::uint64_t>(n))]);
      }
    }
    CHECK(plain_turns > 0);
    CHECK(other_turns > 0);
  }
}

TEST_CASE("a tile gained that meets no held tile leaves the shape distance as it was") {
  // take() keeps a shape bound >= 1 when may_lower_shape says no: checked
  // against shape_shanten for every kind on every hand random play reaches,
  // and the bound's contract (a lower bound, exact when <= 0 for the seat in
  // turn) after every move.
  for (const auto& cfg : {config_of(mj::Ruleset::kCommon), void_suit_config(), config_of(mj::Ruleset::kShaoyang),
                          config_of(mj::Ruleset::kChangsha)}) {
    mj::State s;
    mj::Move legal[mj::kMaxLegalMoves];
    int kept = 0, lowered = 0;
    for (std::uint64_t hand = 0; hand < 40; ++hand) {
      deal(s, cfg, 3000 + hand);
      yijing::Xoshiro256ss rng(hand);
      while (s.phase != mj::Phase::kOver) {
        for (int seat = 0; seat < mj::kSeats; ++seat) {
          const mj::SeatState& st = s.seats[seat];
          if (st.n_concealed % 3 != 1) continue;  // only such a hand takes a tile
          const int before = mjd::shape_shanten(cfg, st);
          for (int t = 0; t < mj::kKinds; ++t) {
            if (st.counts[static_cast<std::size_t>(t)] >= 4) continue;
            mj::SeatState more = st;
            mjd::add_tile(more, t);
            const int after = mjd::shape_shanten(cfg, more);
            if (mjd::may_lower_shape(cfg, st, t)) {
              lowered += after < before;
            } else {
              CHECK(after == before);
              ++kept;
            }
          }
        }
        if (s.phase == mj::Phase::kPlay) {
          const mj::SeatState& st = s.seats[s.turn];
          const int exact = mjd::shape_shanten(cfg, st);
          CHECK(st.shanten_lb <= exact);
          if (st.shanten_lb <= 0) CHECK(st.shanten_lb == exact);
        }
        const int n = mj::legal_moves(s, -1, legal);
        mj::apply(s, legal[yijing::sim::uniform(rng, static_cast<std::uint64_t>(n))]);
      }
    }
    CHECK(kept > 0);
    CHECK(lowered > 0);
  }
}
