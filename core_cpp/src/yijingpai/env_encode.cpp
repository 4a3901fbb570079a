// The environments' observation planes and action mask (env_encode.hpp). Each
// entry mirrors pyyijing/yijingpai/env_observation.py `encode` on the view that
// view.cpp would build, read straight from the State: only the viewer's hand
// and target, and a claim shown only to the seat it is offered to.
#include "yijing/yijingpai/env_encode.hpp"

#include <cstring>
#include <vector>

#include "yijing/yijingpai/engine.hpp"

namespace yijing::yijingpai::env {

namespace {

// The first row of each plane (docs/env-yijingpai.md "Observation").
enum Row : int {
  kHand = 0, kTarget = 3, kInProgress = 7, kCompleted = 23, kCompletedCount = 55, kTargetLaid = 59,
  kHandCount = 63, kTableTiles = 67, kLastSeat = 70, kLastKind = 74, kLastLines = 76,
  kLastPlacement = 80, kWallRemaining = 83, kDealer = 84, kPhase = 88, kOffer = 92, kSeats = 94,
};
static_assert(kSeats + 4 == kObsRows, "the planes fill the observation");

constexpr int kPlayStart = 4096;

// A line's digit in the index and its row in a lines plane: 0 yin, 1 yang,
// 2 taiji declared yang, 3 taiji declared yin (env_actions.py LINES).
constexpr int digit(std::uint8_t values, std::uint8_t taiji, int i) noexcept {
  const int yang = (values >> i) & 1;
  return ((taiji >> i) & 1) ? 3 - yang : yang;
}

// Base-4 value of `len` lines, the first (bottom) line the most significant digit.
int lines_value(std::uint8_t values, std::uint8_t taiji, int len) noexcept {
  int v = 0;
  for (int i = 0; i < len; ++i) v = 4 * v + digit(values, taiji, i);
  return v;
}

// The lines of a base-4 value (lines_value's inverse).
void lines_of(int v, int len, std::uint8_t& values, std::uint8_t& taiji) noexcept {
  values = taiji = 0;
  for (int i = len - 1; i >= 0; --i, v /= 4) {
    const int d = v % 4;
    if (d == 1 || d == 2) values = static_cast<std::uint8_t>(values | (1u << i));
    if (d >= 2) taiji = static_cast<std::uint8_t>(taiji | (1u << i));
  }
}

void fill_row(std::uint8_t* out, int row, int value) noexcept {
  std::memset(out + row * kObsWidth, value, kObsWidth);
}

void lines_block(std::uint8_t* out, int row, std::uint8_t values, std::uint8_t taiji, int len) noexcept {
  for (int i = 0; i < len; ++i) out[(row + digit(values, taiji, i)) * kObsWidth + i] = 1;
}

// The phase row as the viewer may know it (env_observation.py public_phase): a
// claim offered to another seat reads as the play phase, or over when the seat
// after the player holds fewer than k tiles (the hand ends drawn as its turn starts).
int phase_row(const State& s, int seat) noexcept {
  switch (s.phase) {
    case Phase::kTarget: return 0;
    case Phase::kPlay: return 1;
    case Phase::kOver: return 3;
    case Phase::kClaim: break;
  }
  if (seat == s.offered) return 2;
  const int following = s.seat_after(s.last.seat, 1);
  return s.seats[following].hand.total() < s.k() ? 3 : 1;
}

// target_set's table, one entry per hand the targets can tell apart: at most
// 6 yang and 6 yin count (a target has 6 lines) and a wall holds at most 4 taiji.
constexpr int kHandKeys = 7 * 7 * 5;
constexpr int key_of(int yang, int yin, int taiji) noexcept {
  return ((yang < 6 ? yang : 6) * 7 + (yin < 6 ? yin : 6)) * 5 + (taiji < 4 ? taiji : 4);
}

struct TargetTable {
  std::vector<std::int16_t> indices;
  int start[kHandKeys + 1] = {};
  std::vector<std::int8_t> mask;     // [kHandKeys][4096]
  std::vector<std::uint64_t> bits;   // [kHandKeys][64]

  TargetTable() : mask(static_cast<std::size_t>(kHandKeys) * 4096), bits(static_cast<std::size_t>(kHandKeys) * 64) {
    State s;  // the target phase, nobody's target laid
    std::vector<Action> moves(kMaxLegalActions);
    for (int yang = 0; yang <= 6; ++yang)
      for (int yin = 0; yin <= 6; ++yin)
        for (int taiji = 0; taiji <= 4; ++taiji) {
          const int key = key_of(yang, yin, taiji);
          s.seats[0].hand = Hand{static_cast<std::uint8_t>(yang), static_cast<std::uint8_t>(yin),
                                 static_cast<std::uint8_t>(taiji), 0};
          const int n = legal_actions(s, 0, moves.data());
          std::int8_t* m = mask.data() + static_cast<std::size_t>(key) * 4096;
          std::uint64_t* b = bits.data() + static_cast<std::size_t>(key) * 64;
          for (int i = 0; i < n; ++i) {
            const int a = action_index(moves[static_cast<std::size_t>(i)], 2);
            m[a] = 1;
            b[a >> 6] |= std::uint64_t{1} << (a & 63);
          }
        }
    for (int key = 0; key < kHandKeys; ++key) {
      start[key] = static_cast<int>(indices.size());
      const std::int8_t* m = mask.data() + static_cast<std::size_t>(key) * 4096;
      for (int a = 0; a < 4096; ++a)
        if (m[a]) indices.push_back(static_cast<std::int16_t>(a));
    }
    start[kHandKeys] = static_cast<int>(indices.size());
  }
};

}  // namespace

TargetSet target_set(const Hand& h) noexcept {
  static const TargetTable table;  // built at first use (thread-safe)
  const int key = key_of(h.yang, h.yin, h.taiji);
  return {table.indices.data() + table.start[key], table.start[key + 1] - table.start[key],
          table.mask.data() + static_cast<std::size_t>(key) * 4096,
          table.bits.data() + static_cast<std::size_t>(key) * 64};
}

int action_index(Action a, int k) noexcept {
  const int plays = 1 << (2 * k);
  const int pong_start = kPlayStart + plays;
  const int win_start = pong_start + 3 * plays;
  const auto v = action_values(a);
  const auto t = action_taiji(a);
  switch (action_kind(a)) {
    case Kind::kTarget: return lines_value(v, t, kTargetLines);
    case Kind::kPlay: return kPlayStart + lines_value(v, t, k);
    case Kind::kPong: return pong_start + 3 * lines_value(v, t, k) + static_cast<int>(action_placement(a));
    case Kind::kWin: return win_start + static_cast<int>(action_placement(a));
    case Kind::kPass: break;
  }
  return win_start + 3;
}

bool action_at(int index, int seat, int k, Action& out) noexcept {
  const int plays = 1 << (2 * k);
  const int pong_start = kPlayStart + plays;
  const int win_start = pong_start + 3 * plays;
  std::uint8_t values = 0, taiji = 0;
  if (index < 0 || index >= num_actions(k)) return false;
  if (index < kPlayStart) {
    lines_of(index, kTargetLines, values, taiji);
    out = make_target(seat, values, taiji);
  } else if (index < pong_start) {
    lines_of(index - kPlayStart, k, values, taiji);
    out = make_action(Kind::kPlay, seat, values, taiji);
  } else if (index < win_start) {
    const int r = index - pong_start;
    lines_of(r / 3, k, values, taiji);
    out = make_action(Kind::kPong, seat, values, taiji, static_cast<Placement>(r % 3));
  } else if (index < win_start + 3) {
    out = make_action(Kind::kWin, seat, 0, 0, static_cast<Placement>(index - win_start));
  } else {
    out = make_action(Kind::kPass, seat);
  }
  return true;
}

void encode_observation(const State& s, int seat, std::uint8_t* out) noexcept {
  std::memset(out, 0, kObsSize);
  const int n = s.players();
  const SeatState& own = s.seats[seat];
  fill_row(out, kHand, own.hand.yang);
  fill_row(out, kHand + 1, own.hand.yin);
  fill_row(out, kHand + 2, own.hand.taiji);
  if (own.target_laid) lines_block(out, kTarget, own.target_values, own.target_taiji, kTargetLines);
  int completed[kMaxPlayers] = {};
  int table[3] = {};  // yang, yin, taiji lines on the table
  auto count_lines = [&table](std::uint8_t values, std::uint8_t taiji, int len) {
    const unsigned lines = low_mask(len);
    const unsigned plain = lines & ~static_cast<unsigned>(taiji);
    table[0] += popcount8(values & plain);
    table[1] += popcount8(~static_cast<unsigned>(values) & plain);
    table[2] += popcount8(taiji & lines);
  };
  for (int i = 0; i < s.n_completed; ++i) {
    const CompletedEntry e = s.completed[i];
    const int p = e >> 12;
    const auto values = static_cast<std::uint8_t>(e & 63);
    const int r = p >= seat ? p - seat : p - seat + n;
    ++out[(kCompleted + 8 * r + (values >> 3)) * kObsWidth + (values & 7)];
    ++completed[p];
    count_lines(values, static_cast<std::uint8_t>((e >> 6) & 63), kTargetLines);
  }
  for (int p = 0; p < n; ++p) {
    const SeatState& st = s.seats[p];
    const int r = p >= seat ? p - seat : p - seat + n;
    lines_block(out, kInProgress + 4 * r, st.progress.values, st.progress.taiji, st.progress.len);
    count_lines(st.progress.values, st.progress.taiji, st.progress.len);
    fill_row(out, kCompletedCount + r, completed[p]);
    fill_row(out, kTargetLaid + r, st.target_laid ? 1 : 0);
    fill_row(out, kHandCount + r, st.hand.total());
    fill_row(out, kSeats + r, 1);
  }
  for (int j = 0; j < 3; ++j) fill_row(out, kTableTiles + j, table[j]);
  if (s.last.valid) {
    const int p = s.last.seat;
    fill_row(out, kLastSeat + (p >= seat ? p - seat : p - seat + n), 1);
    fill_row(out, kLastKind + (s.last.kind == Kind::kPong ? 1 : 0), 1);
    lines_block(out, kLastLines, s.last.values, s.last.taiji, s.k());
    fill_row(out, kLastPlacement + static_cast<int>(s.last.placement), 1);
  }
  fill_row(out, kWallRemaining, s.wall_remaining());
  const int d = s.dealer;
  fill_row(out, kDealer + (d >= seat ? d - seat : d - seat + n), 1);
  const int phase = phase_row(s, seat);
  fill_row(out, kPhase + phase, 1);
  if (phase == 2) {
    // The offered seat's own legal moves tell a 胡 offer from a 碰 offer.
    Action moves[kMaxLegalActions];
    const int m = legal_actions(s, seat, moves);
    for (int i = 0; i < m; ++i) {
      const Kind kind = action_kind(moves[i]);
      if (kind == Kind::kWin) fill_row(out, kOffer, 1);
      if (kind == Kind::kPong) fill_row(out, kOffer + 1, 1);
    }
  }
}

void encode_mask(const State& s, int seat, std::int8_t* out) noexcept {
  std::memset(out, 0, static_cast<std::size_t>(num_actions(s.k())));
  Action moves[kMaxLegalActions];
  const int m = legal_actions(s, seat, moves);
  for (int i = 0; i < m; ++i) out[action_index(moves[i], s.k())] = 1;
}

}  // namespace yijing::yijingpai::env
