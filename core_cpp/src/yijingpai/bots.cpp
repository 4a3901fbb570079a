// Built-in bots (docs/simulation.md "Bots"). Every rule here has a line in
// that page and a twin in pyyijing/fallback/yijingpai/bots.py; keep the three in step.
#include "yijing/yijingpai/bots.hpp"

#include <algorithm>

#include "engine_internal.hpp"
#include "yijing/sim/fastrand.hpp"

namespace yijing::yijingpai {
namespace {

// canonical_key() (see bots.hpp), constexpr for the tables below.
constexpr std::uint32_t key_of(Action a, int k) noexcept {
  constexpr std::uint32_t kKindRank[5] = {3, 1, 2, 4, 0};  // target play pong win pass
  const Kind kind = action_kind(a);
  const int len = kind == Kind::kTarget ? kTargetLines : (kind == Kind::kPlay || kind == Kind::kPong) ? k : 0;
  const unsigned v = action_values(a), t = action_taiji(a);
  std::uint32_t lines = 0;
  for (int i = 0; i < len; ++i) {
    const unsigned yang = (v >> i) & 1u, taiji = (t >> i) & 1u;
    lines = lines * 4 + (taiji ? (yang ? 0u : 1u) : (yang ? 3u : 2u));
  }
  std::uint32_t place_rank = 0;
  const Placement p = action_placement(a);
  if (kind == Kind::kPong) place_rank = p == Placement::kInner ? 0 : p == Placement::kOuter ? 1 : 2;
  if (kind == Kind::kWin) place_rank = p == Placement::kOuter ? 0 : p == Placement::kInner ? 1 : 2;
  return (kKindRank[static_cast<int>(kind)] << 20) | (lines << 2) | place_rank;
}

// Every play of a hand (every order of the whole hand, taiji declared either
// way) in canonical order, for seat 0: [k-2][yang][taiji].
struct SortedPlays {
  Action list[2][4][4][16];
  std::uint8_t count[2][4][4];
  constexpr SortedPlays() : list(), count() {
    for (int k = 2; k <= 3; ++k)
      for (int yang = 0; yang <= k; ++yang)
        for (int taiji = 0; yang + taiji <= k; ++taiji) {
          const unsigned full = low_mask(k);
          int n = 0;
          Action* out = list[k - 2][yang][taiji];
          for (unsigned t = 0; t <= full; ++t) {
            if (popcount8(t) != taiji) continue;
            for (unsigned v = 0; v <= full; ++v) {
              if (popcount8(v & full & ~t) != yang) continue;
              const Action a = make_action(Kind::kPlay, 0, static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(t));
              int j = n++;
              while (j > 0 && key_of(out[j - 1], k) > key_of(a, k)) {
                out[j] = out[j - 1];
                --j;
              }
              out[j] = a;
            }
          }
          count[k - 2][yang][taiji] = static_cast<std::uint8_t>(n);
        }
  }
};
constexpr SortedPlays kSortedPlays{};

// --- tables -------------------------------------------------------------------
// kPrefix.v[len][v]: the hexagrams whose first `len` lines are v.
struct PrefixSets {
  std::uint64_t v[7][64];
  constexpr PrefixSets() : v() {
    for (int len = 0; len <= 6; ++len)
      for (unsigned val = 0; val < (1u << len); ++val)
        for (unsigned h = 0; h < 64; ++h)
          if ((h & ((1u << len) - 1u)) == val) v[len][val] |= std::uint64_t{1} << h;
  }
};
constexpr PrefixSets kPrefix{};


constexpr std::uint32_t kBinom[7][7] = {
    {1, 0, 0, 0, 0, 0, 0},  {1, 1, 0, 0, 0, 0, 0},   {1, 2, 1, 0, 0, 0, 0},
    {1, 3, 3, 1, 0, 0, 0},  {1, 4, 6, 4, 1, 0, 0},   {1, 5, 10, 10, 5, 1, 0},
    {1, 6, 15, 20, 15, 6, 1}};

// Scatter the low bits of `bits` onto the set positions of `mask`, lowest first.
inline unsigned deposit(unsigned bits, unsigned mask) noexcept {
  unsigned out = 0;
  for (unsigned pos = 0; pos < 6; ++pos) {
    if ((mask >> pos) & 1u) {
      out |= (bits & 1u) << pos;
      bits >>= 1;
    }
  }
  return out;
}


// The legal actions of the seat to act in phase play or claim, in canonical
// order, without sorting the plays (tables) and sorting only the few pongs.
int small_canonical(const State& s, int seat, Action* out) noexcept {
  const int k = s.k();
  int n = 0;
  if (s.phase == Phase::kClaim) {
    out[n++] = make_action(Kind::kPass, seat);
    if (s.offer == Offer::kWin) {  // outer, inner, split: already canonical
      const Lines m = detail::claimed_lines(s);
      detail::for_each_win_placement(k, m.values, s.seats[seat].progress.len, [&](Placement p) {
        if (detail::win_with(s, seat, m, p)) out[n++] = make_action(Kind::kWin, seat, 0, 0, p);
      });
      return n;
    }
  } else {
    const Hand& h = s.seats[seat].hand;
    const Action* list = kSortedPlays.list[k - 2][h.yang][h.taiji];
    const int count = kSortedPlays.count[k - 2][h.yang][h.taiji];
    const unsigned seat_bits = static_cast<unsigned>(seat) << 8;
    const unsigned repeat = s.last.valid ? s.last.values : 0xFFu;
    for (int i = 0; i < count; ++i) {
      out[n] = static_cast<Action>(list[i] | seat_bits);
      n += action_values(list[i]) != repeat;
    }
  }
  // Pongs of the previous play's pure pair (play phase) or of the claimed pair.
  if (!s.last.valid || !is_pure(s.last.values, k)) return n;
  if (!detail::can_form_pair(s, seat, s.last.values != 0)) return n;
  const int first = n;
  const Hand& h = s.seats[seat].hand;
  const int len = s.seats[seat].progress.len;
  for (unsigned t = 0; t <= low_mask(k); ++t) {
    if (popcount8(t) != h.taiji) continue;
    for (Placement p : {Placement::kOuter, Placement::kInner, Placement::kSplit}) {
      if (!pong_placement_allowed(s.last.values, k, len, p)) continue;
      const Action a = make_action(Kind::kPong, seat, s.last.values, static_cast<std::uint8_t>(t), p);
      int j = n++;
      while (j > first && key_of(out[j - 1], k) > key_of(a, k)) {
        out[j] = out[j - 1];
        --j;
      }
      out[j] = a;
    }
  }
  return n;
}

// --- what a seat knows ------------------------------------------------------------
struct Ctx {
  const State& s;
  int seat;
  int k;
  std::uint64_t wins;  // hexagrams whose completion now wins for the seat
  std::uint64_t seen;  // hexagrams the seat has completed
  int target;          // declared target value
  bool three;          // three_of_a_kind enabled
};

// docs/simulation.md "tier": 3 wins now, 2 the target, 1 a hexagram already
// completed (three_of_a_kind enabled), 0 otherwise; the best over a set.
inline int tier_of_set(const Ctx& c, std::uint64_t set) noexcept {
  if (c.wins & set) return 3;
  if ((set >> c.target) & 1u) return 2;
  if (c.three && (c.seen & set)) return 1;
  return 0;
}

inline int lines_score(const Ctx& c, Lines l) noexcept {
  return l.len >= kTargetLines ? tier_of_set(c, std::uint64_t{1} << l.values)
                               : tier_of_set(c, kPrefix.v[l.len][l.values]);
}

inline Lines own_result(const Ctx& c, Action a) noexcept {
  const Lines m{action_values(a), action_taiji(a), static_cast<std::uint8_t>(c.k)};
  return place(c.s.seats[c.seat].progress, m, action_placement(a));
}

// Danger of offering lines `values` to the other seats (public information
// only): 2 if it completes, with a claim placement, a hexagram another seat
// has completed twice (three_of_a_kind enabled), 1 if one it has completed
// once, else 0; the maximum over seats.
int danger(const Ctx& c, std::uint8_t values) noexcept {
  const State& s = c.s;
  const Lines m{values, 0, static_cast<std::uint8_t>(c.k)};
  int worst = 0;
  for (int x = 0; x < s.players(); ++x) {
    if (x == c.seat) continue;
    const SeatState& st = s.seats[x];
    if (st.progress.len + c.k != kTargetLines) continue;
    for (Placement p : {Placement::kOuter, Placement::kInner, Placement::kSplit}) {
      if (p != Placement::kOuter && !pong_placement_allowed(values, c.k, st.progress.len, p)) continue;
      const unsigned h = place(st.progress, m, p).values;
      int d = 0;
      if (c.three && ((st.pairs >> h) & 1u)) d = 2;
      else if ((st.seen >> h) & 1u) d = 1;
      if (d > worst) worst = d;
    }
  }
  return worst;
}

// --- targets ----------------------------------------------------------------------
// Score of a target (docs/simulation.md "greedy target", "heuristic target").
int target_score(const State& s, int seat, Action a, bool heuristic) noexcept {
  const int k = s.k();
  const unsigned v = action_values(a), t = action_taiji(a);
  int mixed = 0;
  for (int g = 0; g < kTargetLines; g += k) {
    const unsigned grp = (v >> g) & low_mask(k);
    mixed += !is_pure(static_cast<std::uint8_t>(grp), k);
  }
  const int taiji_used = popcount8(t);
  int score = 10 * mixed - 2 * taiji_used;
  if (heuristic) {
    const Hand& h = s.seats[seat].hand;
    const unsigned plain = 63u & ~t;
    const int yang_kept = h.yang - popcount8(v & plain);
    const int yin_kept = h.yin - popcount8(~v & plain);
    const int y1 = popcount8(v & low_mask(k));
    if (yang_kept <= y1 && yin_kept <= k - y1) score += 5;
  }
  return score;
}

Action best_target(const State& s, int seat, bool heuristic) noexcept {
  Action buf[kMaxLegalActions];
  const int n = legal_actions(s, seat, buf);
  Action best = buf[0];
  int best_score = -1000;
  std::uint32_t best_key = 0xFFFFFFFFu;
  for (int i = 0; i < n; ++i) {
    const int sc = target_score(s, seat, buf[i], heuristic);
    if (sc < best_score) continue;
    const std::uint32_t key = canonical_key(buf[i], s.k());
    if (sc > best_score || key < best_key) {
      best = buf[i];
      best_score = sc;
      best_key = key;
    }
  }
  return best;
}

// --- play and claim phases -------------------------------------------------------------
Action choose_play(const Ctx& c, const Action* a, int n, bool heuristic) noexcept {
  // Maximise (wins now, -danger [heuristic], score); ties: canonical order.
  int best = 0;
  int best_value = -1000;
  for (int i = 0; i < n; ++i) {
    const Lines l = own_result(c, a[i]);
    const int score = lines_score(c, l);
    const bool wins_now = l.len >= kTargetLines && score == 3;
    int value = (wins_now ? 1000 : 0) + score;
    if (heuristic && !wins_now) value -= 10 * danger(c, action_values(a[i]));
    if (value > best_value) {
      best_value = value;
      best = i;
    }
  }
  return a[best];
}

Action choose_claim(const Ctx& c, const Action* a, int n, bool heuristic) noexcept {
  const State& s = c.s;
  // a[0] is the pass (canonical order: "pass" < "pong" < "win").
  if (n == 1) return a[0];
  if (s.offer == Offer::kWin) {
    if (!heuristic) return a[1];
    int best = 1, best_points = -1;
    const Lines claimed{s.last.values, s.last.taiji, static_cast<std::uint8_t>(c.k)};
    for (int i = 1; i < n; ++i) {
      const int pts = points_half(place(s.seats[c.seat].progress, claimed, action_placement(a[i])));
      if (pts > best_points) {
        best_points = pts;
        best = i;
      }
    }
    return a[best];
  }
  // Pong offer: the best pong by score (ties canonical).
  int best = 1, best_score = -1;
  for (int i = 1; i < n; ++i) {
    const int sc = lines_score(c, own_result(c, a[i]));
    if (sc > best_score) {
      best_score = sc;
      best = i;
    }
  }
  if (!heuristic) return best_score > 0 ? a[best] : a[0];
  const Lines pair{s.last.values, 0, static_cast<std::uint8_t>(c.k)};
  const int later = lines_score(c, place(s.seats[c.seat].progress, pair, Placement::kOuter));
  return best_score >= later ? a[best] : a[0];
}

}  // namespace

const char* bot_name(BotKind kind) noexcept {
  switch (kind) {
    case BotKind::kRandom: return "random";
    case BotKind::kGreedy: return "greedy";
    case BotKind::kHeuristic: return "heuristic";
  }
  return "?";
}

bool bot_from_name(std::string_view name, BotKind& out) noexcept {
  for (int i = 0; i < kNumBotKinds; ++i) {
    if (name == bot_name(static_cast<BotKind>(i))) {
      out = static_cast<BotKind>(i);
      return true;
    }
  }
  return false;
}

std::uint32_t canonical_key(Action a, int k) noexcept { return key_of(a, k); }

int canonical_actions(const State& s, int seat, Action* out) noexcept {
  if ((s.phase == Phase::kPlay && seat == s.turn) || (s.phase == Phase::kClaim && seat == s.offered))
    return small_canonical(s, seat, out);
  const int n = legal_actions(s, seat, out);
  const int k = s.k();
  std::sort(out, out + n, [k](Action x, Action y) { return canonical_key(x, k) < canonical_key(y, k); });
  return n;
}

Action random_target(const State& s, int seat, Xoshiro256ss& rng) noexcept {
  const Hand& h = s.seats[seat].hand;
  const int max_nt = h.taiji < kTargetLines ? h.taiji : kTargetLines;
  // Classes (nt taiji lines, `ones` plain yang lines), nt then ones ascending;
  // weight C(6,nt) * 2^nt * C(6-nt, ones).
  std::uint64_t total = 0;
  for (int nt = 0; nt <= max_nt; ++nt) {
    const int np = kTargetLines - nt;
    for (int ones = np - h.yin < 0 ? 0 : np - h.yin; ones <= np && ones <= h.yang; ++ones)
      total += (std::uint64_t{kBinom[6][nt]} << nt) * kBinom[np][ones];
  }
  std::uint64_t r = sim::uniform(rng, total);
  for (int nt = 0; nt <= max_nt; ++nt) {
    const int np = kTargetLines - nt;
    for (int ones = np - h.yin < 0 ? 0 : np - h.yin; ones <= np && ones <= h.yang; ++ones) {
      const std::uint64_t w = (std::uint64_t{kBinom[6][nt]} << nt) * kBinom[np][ones];
      if (r >= w) {
        r -= w;
        continue;
      }
      const unsigned decl = static_cast<unsigned>(r & ((1u << nt) - 1u));
      r >>= nt;
      const unsigned ti = static_cast<unsigned>(r % kBinom[6][nt]);
      const unsigned oi = static_cast<unsigned>(r / kBinom[6][nt]);
      const unsigned tmask = detail::kByPopcount.values[detail::kByPopcount.start[nt] + ti];
      const unsigned omask = detail::kByPopcount.values[detail::kByPopcount.start[ones] + oi];
      const unsigned plain = 63u & ~tmask;
      const unsigned values = deposit(omask, plain) | deposit(decl, tmask);
      return make_target(seat, static_cast<std::uint8_t>(values), static_cast<std::uint8_t>(tmask));
    }
  }
  return make_target(seat, 0, 0);  // unreachable: a seat always has a legal target
}

Action bot_action(const State& s, int seat, BotKind kind, Xoshiro256ss& rng) noexcept {
  if (s.phase == Phase::kTarget) {
    if (kind == BotKind::kRandom) return random_target(s, seat, rng);
    return best_target(s, seat, kind == BotKind::kHeuristic);
  }
  Action a[64];
  const int n = small_canonical(s, seat, a);
  if (kind == BotKind::kRandom) return n == 1 ? a[0] : a[sim::uniform(rng, static_cast<std::uint64_t>(n))];
  const SeatState& st = s.seats[seat];
  const Ctx c{s, seat, s.k(), st.wins, st.seen, st.target_values,
              (s.cfg.win_mask & kThreeOfAKind) != 0};
  const bool heuristic = kind == BotKind::kHeuristic;
  if (s.phase == Phase::kPlay) return n == 1 ? a[0] : choose_play(c, a, n, heuristic);
  return choose_claim(c, a, n, heuristic);
}

}  // namespace yijing::yijingpai
