// A seat's view, the result and the ready list as plain values (view.hpp).
#include "yijing/yijingpai/view.hpp"

#include "yijing/yijingpai/iching_tables.hpp"
#include "yijing/yijingpai/notation.hpp"

namespace yijing::yijingpai {

namespace {

int king_wen(std::uint8_t values) { return king_wen_from_lines(lines_string(values, 0, 6)); }

void completed_of(const State& s, int seat, std::vector<std::string>& out) {
  out.clear();
  for (int i = 0; i < s.n_completed; ++i) {
    const CompletedEntry e = s.completed[i];
    if ((e >> 12) != seat) continue;
    out.push_back(lines_string(static_cast<std::uint8_t>(e & 63), static_cast<std::uint8_t>((e >> 6) & 63), 6));
  }
}

}  // namespace

View view_of(const State& s, int viewer) {
  View v;
  view_of(s, viewer, v);
  return v;
}

void view_of(const State& s, int viewer, View& v) {
  v.viewer = viewer;
  v.phase = phase_name(s.phase);
  v.dealer = s.dealer;
  v.wall_remaining = s.wall_remaining();
  v.turn = s.phase == Phase::kPlay ? static_cast<int>(s.turn) : -1;
  v.claims_pending = s.phase == Phase::kClaim;
  v.to_act = viewer >= 0 && may_act(s, viewer);
  if (s.last.valid) {
    LastPlayView lp;
    lp.seat = s.last.seat;
    lp.kind = s.last.kind == Kind::kPong ? "pong" : "play";
    lp.lines = lines_string(s.last.values, s.last.taiji, s.k());
    lp.placement = placement_name(s.last.placement);
    v.last_play = std::move(lp);
  } else {
    v.last_play.reset();
  }
  v.seats.resize(static_cast<std::size_t>(s.players()));
  for (int i = 0; i < s.players(); ++i) {
    const SeatState& st = s.seats[i];
    SeatView& sv = v.seats[static_cast<std::size_t>(i)];
    sv.seat = i;
    sv.target_laid = st.target_laid;
    sv.hand_count = st.hand.total();
    sv.in_progress = lines_string(st.progress);
    completed_of(s, i, sv.completed);
    sv.own = i == viewer;
    sv.hand.clear();
    sv.target.reset();
    if (sv.own) {
      sv.hand = hand_string(st.hand);
      if (st.target_laid) sv.target = lines_string(st.target_values, st.target_taiji, 6);
    }
  }
  v.history.clear();
  v.history.reserve(static_cast<std::size_t>(s.n_history));
  for (int i = 0; i < s.n_history; ++i) {
    if (action_kind(s.history[i]) == Kind::kPass) continue;
    v.history.push_back(format_action(s.history[i], s.k(), /*public_view=*/true));
  }
  v.result = result_of(s);
}

std::optional<ResultView> result_of(const State& s) {
  if (s.phase != Phase::kOver) return std::nullopt;
  const Result& r = s.result;
  const bool draw = r.kind == ResultKind::kDraw;
  ResultView out;
  out.kind = draw ? "draw" : r.kind == ResultKind::kSelfDraw ? "self_draw" : "dealt_in";
  out.winner = draw ? -1 : static_cast<int>(r.winner);
  out.dealt_in_by = r.dealt_in_by < 0 ? -1 : static_cast<int>(r.dealt_in_by);
  out.points_half = r.points_half;
  for (int i = 0; i < s.players(); ++i) out.payments.push_back(r.payments[i]);
  if (!draw) {
    out.hexagram = king_wen(r.values);
    out.lines = lines_string(r.values, r.taiji, 6);
  }
  for (int i = 0; i < kNumWinConditions; ++i)
    if ((r.conditions >> i) & 1) out.conditions.push_back(win_condition_name(i));
  return out;
}

std::vector<ReadyView> ready_of(const State& s, int seat) {
  ReadyItem items[kMaxReady];
  const int n = ready(s, seat, items);
  std::vector<ReadyView> out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    ReadyView& r = out[static_cast<std::size_t>(i)];
    r.lines = lines_string(items[i].values, 0, s.k());
    r.placement = placement_name(items[i].placement);
    r.king_wen = king_wen(items[i].hexagram);
    r.points_half = items[i].points_half;
  }
  return out;
}

}  // namespace yijing::yijingpai
