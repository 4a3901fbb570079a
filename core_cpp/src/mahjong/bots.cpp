// Built-in mahjong bots (docs/mahjong-bots.md). Every rule here has a line in
// that page and a twin in pyyijing/fallback/mahjong/bots.py; keep the three in
// step. The bots read the State only through make_seen() and the legal moves,
// and make_seen() reads only what the seat's view shows.
#include "yijing/mahjong/bots.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine_internal.hpp"
#include "yijing/mahjong/random_play.hpp"
#include "yijing/sim/fastrand.hpp"

namespace yijing::mahjong {
namespace {

constexpr int kNo = kNoShanten;

constexpr bool jiang_kind(int t) noexcept { return t < kHonourBase && t % 9 % 3 == 1; }
constexpr bool orphan_kind(int t) noexcept {
  return t >= kHonourBase || t % 9 == 0 || t % 9 == 8;
}
// The same as bit masks (bit t), for loops that must not branch on t.
constexpr std::uint64_t kind_mask(bool (*pred)(int)) noexcept {
  std::uint64_t m = 0;
  for (int t = 0; t < kKinds; ++t)
    if (pred(t)) m |= std::uint64_t{1} << t;
  return m;
}
constexpr std::uint64_t kJiangMask = kind_mask(jiang_kind);
constexpr std::uint64_t kOrphanMask = kind_mask(orphan_kind);
inline int bit(std::uint64_t mask, int t) noexcept { return static_cast<int>((mask >> t) & 1); }

// The seat's concealed tiles and what its melds allow (docs "Shanten").
struct HandInfo {
  Counts c{};
  int n = 0;
  int k = 0;
  bool chow = false;       // a chow meld
  unsigned suits = 0;      // bit suit_of(tile) of every meld (3: honours)
  bool jiang_ok = true;    // every meld a pung / kong of a 2, 5 or 8
};

// What the seat's view shows that the bots use.
struct Seen {
  Ruleset rs = Ruleset::kCommon;
  bool heuristic = false;
  int seat = 0;
  int void_suit = -1;
  HandInfo h;
  int unseen[kKinds] = {};
  bool discard_wins = false;
  int threats = 0;
  bool threat[kSeats] = {};
  std::uint64_t discarded[kSeats] = {};  // bit t: the seat has discarded t
};

void add_meld(HandInfo& h, MeldKind kind, int tile) noexcept {
  ++h.k;
  h.suits |= 1u << suit_of(tile);
  if (kind == MeldKind::kChow) {
    h.chow = true;
    h.jiang_ok = false;
  } else if (!jiang_kind(tile)) {
    h.jiang_ok = false;
  }
}

Seen make_seen(const State& s, int seat, bool heuristic) noexcept {
  Seen v;
  v.rs = s.cfg.ruleset;
  v.heuristic = heuristic;
  v.seat = seat;
  const SeatState& me = s.seats[seat];
  v.void_suit = me.void_suit;
  v.h.c = me.counts;
  v.h.n = me.n_concealed;
  for (int i = 0; i < me.n_melds; ++i) add_meld(v.h, me.melds[i].kind, me.melds[i].tile);
  v.discard_wins = !s.cfg.shaoyang();
  // Greedy reads only the hand: the unseen counts, threats and discards below
  // are the heuristic's (uke, 開槓 odds, danger), so greedy skips the walk.
  if (!heuristic) return v;
  int vis[kKinds] = {};
  for (int t = 0; t < kKinds; ++t) vis[t] = me.counts[static_cast<std::size_t>(t)];
  for (int x = 0; x < kSeats; ++x) {
    const SeatState& st = s.seats[x];
    for (int i = 0; i < st.n_melds; ++i) {
      const Meld& m = st.melds[i];
      switch (m.kind) {
        case MeldKind::kChow: vis[m.tile] += 1; vis[m.tile + 1] += 1; vis[m.tile + 2] += 1; break;
        case MeldKind::kPung: vis[m.tile] += 3; break;
        case MeldKind::kKong: case MeldKind::kAddedKong: vis[m.tile] += 4; break;
        case MeldKind::kConcealedKong: if (x == seat) vis[m.tile] += 4; break;
      }
    }
    if (x != seat && (st.declared || st.locked || st.n_melds >= 3)) {
      v.threat[x] = true;
      ++v.threats;
    }
  }
  for (int i = 0; i < s.n_discards; ++i) {
    const Discard& d = s.discards[i];
    if (!d.claimed) vis[d.tile] += 1;
    v.discarded[d.seat] |= std::uint64_t{1} << d.tile;
  }
  for (int t = 0; t < kKinds; ++t) v.unseen[t] = std::max(0, 4 - vis[t]);
  return v;
}

// --- shanten (docs "Shanten") --------------------------------------------------
// Every sets_distance of the docs' formulas is read off the hand's four group
// vectors (hand.hpp hand_groups), looked up once per hand evaluated: a void or
// missing suit is the empty group's vector, and the 2/5/8-pair distance of
// Changsha is one combination of the jiang vectors instead of one search per
// 2/5/8 kind (hand.hpp states the identity; core_cpp/tests/test_mahjong_bots.cpp
// checks it against the sets_distance formulas).
struct Groups {
  HandGroups regular;
  HandGroups jiang;  // Changsha only
};

Groups groups_of(const Seen& v, const HandInfo& h) noexcept {
  Groups g;
  hand_groups(h.c, g.regular, v.rs == Ruleset::kChangsha ? &g.jiang : nullptr);
  return g;
}

// groups_distance with the halves of the last hand kept: the hands a move
// evaluates differ from the seat's hand in one or two groups, so one half
// usually repeats (hand.hpp combine_groups / halves_distance).
struct HalfCache {
  std::uint64_t a = 0, b = 0, ab = 0;
  std::uint64_t half(std::uint64_t x, std::uint64_t y) noexcept {
    if (x != a || y != b || ab == 0) {
      a = x;
      b = y;
      ab = combine_groups(x, y) | (std::uint64_t{1} << 63);  // nonzero: filled
    }
    return ab;
  }
};

int distance(const HandGroups& g, int sets, bool pair) noexcept {
  thread_local HalfCache low, high;
  return halves_distance(low.half(g.g[0], g.g[1]), high.half(g.g[2], g.g[3]), sets, pair);
}

int sh_regular(const Seen& v, const HandInfo& h, const Groups& g) noexcept {
  if (v.void_suit < 0) return distance(g.regular, h.n / 3, true) - 1;
  HandGroups x = g.regular;
  x.g[v.void_suit] = empty_group(v.void_suit);  // the void suit's tiles left out
  return distance(x, h.n / 3, true) - 1;
}

// min(D(c) + 2, D(c - j) + 1, D(c - 2j)) over the 2/5/8 kinds j, D = no pair.
int sh_258(const HandInfo& h, const Groups& g) noexcept {
  return distance(g.jiang, h.n / 3, true) - 1;
}

int sh_pairs(const Seen& v, const HandInfo& h) noexcept {
  if (h.k != 0) return kNo;
  int pairs = 0;
  for (int t = 0; t < kKinds; ++t)
    if (suit_of(t) != v.void_suit) pairs += h.c[static_cast<std::size_t>(t)] / 2;
  return 6 - std::min(7, pairs);
}

int sh_orphans(const HandInfo& h) noexcept { return h.k != 0 ? kNo : thirteen_orphans_shanten(h.c); }

int sh_jiang(const HandInfo& h) noexcept {
  if (!h.jiang_ok) return kNo;
  int n = 0;
  for (int t = 0; t < kKinds; ++t)
    if (!jiang_kind(t)) n += h.c[static_cast<std::size_t>(t)];
  return n - (h.n % 3 == 2 ? 1 : 0);
}

// A kind's count class for sh_pungs: [0] three or more, [1] two, [2] one, [3] none.
constexpr int count_class(int x) noexcept { return x >= 3 ? 0 : x == 2 ? 1 : x == 1 ? 2 : 3; }

// sh_pungs + 1 from the kinds per count class: a pung costs 0 / 1 / 2 / 3 from
// them, the pair 0 / 0 / 1 / 2.
int pungs_cost(const int cls[4], int need) noexcept {
  constexpr int kPairCost[4] = {0, 0, 1, 2};
  int best = INT_MAX;
  for (int p = 0; p < 4; ++p) {
    if (cls[p] == 0) continue;
    int pool[4] = {cls[0], cls[1], cls[2], cls[3]};
    --pool[p];
    int rest = need, cost = kPairCost[p];
    for (int q = 0; q < 4 && rest > 0; ++q) {
      const int take = std::min(rest, pool[q]);
      cost += take * q;
      rest -= take;
    }
    best = std::min(best, cost);
  }
  return best;
}

int sh_pungs(const HandInfo& h) noexcept {
  if (h.chow) return kNo;
  int cls[4] = {0, 0, 0, 0};
  for (int t = 0; t < kKinds; ++t) ++cls[count_class(h.c[static_cast<std::size_t>(t)])];
  return pungs_cost(cls, h.n / 3) - 1;
}

// One suit's tiles alone (every other group empty), for each suit the melds allow.
int sh_one_suit(const HandInfo& h, const Groups& g) noexcept {
  int best = kNo;
  for (int suit = 0; suit < kSuits; ++suit) {
    if ((h.suits & ~(1u << suit)) != 0) continue;
    HandGroups x;
    for (int i = 0; i < 4; ++i) x.g[i] = i == suit ? g.regular.g[i] : empty_group(i);
    best = std::min(best, distance(x, h.n / 3, true) - 1);
  }
  return best;
}

int sh_s(const Seen& v, const HandInfo& h, const Groups& g) noexcept {
  switch (v.rs) {
    case Ruleset::kCommon: return std::min(sh_regular(v, h, g), sh_pairs(v, h));
    case Ruleset::kShaoyang: return std::min({sh_regular(v, h, g), sh_pairs(v, h), sh_orphans(h)});
    case Ruleset::kChangsha: return std::min({sh_258(h, g), sh_pairs(v, h), sh_jiang(h)});
  }
  return kNo;
}

int sh_b(const Seen& v, const HandInfo& h, const Groups& g) noexcept {
  switch (v.rs) {
    case Ruleset::kCommon: return kNo;
    case Ruleset::kShaoyang: return std::min({sh_pairs(v, h), sh_orphans(h), sh_pungs(h), sh_one_suit(h, g)});
    case Ruleset::kChangsha: return std::min({sh_pairs(v, h), sh_jiang(h), sh_pungs(h), sh_one_suit(h, g)});
  }
  return kNo;
}

int sh_s(const Seen& v, const HandInfo& h) noexcept { return sh_s(v, h, groups_of(v, h)); }
int sh_b(const Seen& v, const HandInfo& h) noexcept {
  return v.rs == Ruleset::kCommon ? kNo : sh_b(v, h, groups_of(v, h));
}

int sh_e(const Seen& v, const HandInfo& h) noexcept {
  const Groups g = groups_of(v, h);  // one lookup for both families
  const int s = sh_s(v, h, g);
  const int b = sh_b(v, h, g);
  return b >= kNo ? s : std::min(s, b - 1);
}

int fval_of(const Seen& v, const HandInfo& h) noexcept { return v.heuristic ? sh_e(v, h) : sh_s(v, h); }

// F is a function of the hand and of (ruleset, void suit, heuristic) alone, and
// a move evaluates the same hands more than once (play_move's lowest F over the
// discards, then best_discard's key of each; a claim's discards): a small
// per-thread cache of exact keys (no hash-only matches) answers the repeats.
struct FvalKey {
  std::uint64_t w[5];
  bool operator==(const FvalKey& o) const noexcept {
    return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2] && w[3] == o.w[3] && w[4] == o.w[4];
  }
};

FvalKey fval_key(const Seen& v, const HandInfo& h) noexcept {
  std::uint8_t b[40] = {};
  std::memcpy(b, h.c.data(), kKinds);
  b[34] = static_cast<std::uint8_t>(h.n);
  b[35] = static_cast<std::uint8_t>(h.k);
  b[36] = static_cast<std::uint8_t>(h.suits);
  b[37] = static_cast<std::uint8_t>((h.chow ? 1 : 0) | (h.jiang_ok ? 2 : 0) | (v.heuristic ? 4 : 0));
  b[38] = static_cast<std::uint8_t>(v.rs);
  b[39] = static_cast<std::uint8_t>(v.void_suit + 1);
  FvalKey k;
  std::memcpy(k.w, b, sizeof b);
  return k;
}

constexpr int kMemoSlots = 64;  // a move's hands: at most 14 discards (x 2 for a claim's)
struct FvalMemo {
  FvalKey key[kMemoSlots] = {};
  int val[kMemoSlots] = {};
  bool used[kMemoSlots] = {};
};

int fval(const Seen& v, const HandInfo& h) noexcept {
  thread_local FvalMemo memo;
  const FvalKey k = fval_key(v, h);
  std::uint64_t x = (k.w[0] ^ (k.w[1] * 0x9E3779B97F4A7C15ULL) ^ (k.w[2] * 0xC2B2AE3D27D4EB4FULL) ^
                     (k.w[3] * 0x165667B19E3779F9ULL) ^ (k.w[4] * 0xD6E8FEB86659FD93ULL));
  x ^= x >> 29;
  const int slot = static_cast<int>((x * 0xBF58476D1CE4E5B9ULL) >> 58);  // 64 slots
  if (memo.used[slot] && memo.key[slot] == k) return memo.val[slot];
  const int val = fval_of(v, h);
  memo.key[slot] = k;
  memo.val[slot] = val;
  memo.used[slot] = true;
  return val;
}

// --- hand edits -------------------------------------------------------------
void take(HandInfo& h, int t, int n = 1) noexcept {
  h.c[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(h.c[static_cast<std::size_t>(t)] - n);
  h.n -= n;
}
void give(HandInfo& h, int t) noexcept {
  h.c[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(h.c[static_cast<std::size_t>(t)] + 1);
  h.n += 1;
}

// What discard_values counts over the 34 kinds: bit t of `held` / `two_plus`
// when c[t] >= 1 / >= 2, the pairs of the kinds outside the void suit, the
// tiles that are not a 2, 5 or 8 (SSE2: three 16-byte lanes, no loop).
struct HandMasks {
  std::uint64_t held = 0, two_plus = 0;
  int pairs = 0, off_jiang = 0;
};

#if defined(__SSE2__)
// Byte masks (0xFF per kind) of the kinds whose pairs count, per void suit
// (none, 0, 1, 2), and of the kinds that are not a 2, 5 or 8; 48 bytes each.
struct KindBytes {
  alignas(16) std::uint8_t counted[4][48] = {};
  alignas(16) std::uint8_t off_jiang[48] = {};
  KindBytes() noexcept {
    for (int t = 0; t < kKinds; ++t) {
      for (int w = 0; w < 4; ++w) counted[w][t] = suit_of(t) == w - 1 ? 0 : 0xFF;
      off_jiang[t] = jiang_kind(t) ? 0 : 0xFF;
    }
  }
};
const KindBytes kKindBytes;

inline HandMasks hand_masks(const Counts& c, int void_suit) noexcept {
  alignas(16) std::uint8_t b[48] = {};
  std::memcpy(b, c.data(), kKinds);
  const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1), low7 = _mm_set1_epi8(0x7F);
  const std::uint8_t* counted = kKindBytes.counted[void_suit + 1];
  HandMasks m;
  __m128i pairs = zero, off = zero;
  for (int k = 0; k < 3; ++k) {
    const __m128i x = _mm_load_si128(reinterpret_cast<const __m128i*>(b + 16 * k));
    const auto nonzero = static_cast<std::uint64_t>(~_mm_movemask_epi8(_mm_cmpeq_epi8(x, zero)) & 0xFFFF);
    const auto two = static_cast<std::uint64_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(x, one)));
    m.held |= nonzero << (16 * k);
    m.two_plus |= two << (16 * k);
    const __m128i half = _mm_and_si128(_mm_srli_epi16(x, 1), low7);  // x / 2 per byte
    const __m128i keep = _mm_load_si128(reinterpret_cast<const __m128i*>(counted + 16 * k));
    const __m128i off_mask =
        _mm_load_si128(reinterpret_cast<const __m128i*>(kKindBytes.off_jiang + 16 * k));
    pairs = _mm_add_epi64(pairs, _mm_sad_epu8(_mm_and_si128(half, keep), zero));
    off = _mm_add_epi64(off, _mm_sad_epu8(_mm_and_si128(x, off_mask), zero));
  }
  m.held &= (std::uint64_t{1} << kKinds) - 1;
  m.two_plus &= (std::uint64_t{1} << kKinds) - 1;
  m.pairs = _mm_cvtsi128_si32(pairs) + _mm_cvtsi128_si32(_mm_srli_si128(pairs, 8));
  m.off_jiang = _mm_cvtsi128_si32(off) + _mm_cvtsi128_si32(_mm_srli_si128(off, 8));
  return m;
}
#else
inline HandMasks hand_masks(const Counts& c, int void_suit) noexcept {
  HandMasks m;
  for (int t = 0; t < kKinds; ++t) {
    const int x = c[static_cast<std::size_t>(t)];
    m.held |= static_cast<std::uint64_t>(x != 0) << t;
    m.two_plus |= static_cast<std::uint64_t>(x >= 2) << t;
    m.pairs += suit_of(t) != void_suit ? x / 2 : 0;
    m.off_jiang += jiang_kind(t) ? 0 : x;
  }
  return m;
}
#endif

// Greedy's F (= S) of h less one tile, for every kind t held (out[t]; INT_MAX
// for the kinds not held): the same values as fval(v, h less t), found
// incrementally. Each such hand differs from h in t's group only, so its
// distance is t's new group vector against the min-plus vector of h's other
// three groups (kept per group: four combinations per call instead of a whole
// hand's look-up per discard), and the pair, jiang and orphan counts move by at
// most one. The sh_* functions above are the definition; this must agree with
// them (core_cpp/tests/test_mahjong_bots.cpp compares on random hands).
void discard_values(const Seen& v, const HandInfo& h, int out[kKinds]) noexcept {
  const bool changsha = v.rs == Ruleset::kChangsha;
  HandGroups regular, jiang;
  hand_groups(h.c, regular, changsha ? &jiang : nullptr);
  HandGroups g = changsha ? jiang : regular;  // the groups the distance uses
  if (!changsha && v.void_suit >= 0) {
    g.g[v.void_suit] = empty_group(v.void_suit);  // the void suit's tiles left out
  }
  std::uint64_t rest[4];
  groups_but_one(g, rest);
  const int sets = (h.n - 1) / 3;
  // Seven pairs (sh_pairs), thirteen orphans (sh_orphans), 將將胡 (sh_jiang) of
  // h, each counted only where its family applies.
  const bool use_pairs = h.k == 0;
  const bool use_orphans = v.rs == Ruleset::kShaoyang && h.k == 0 && (h.n == 14 || h.n == 15);  // its sizes
  const bool use_jiang = changsha && h.jiang_ok;
  // Counted without a branch on the counts (random data: such branches
  // mispredict often), each used only where its family applies; `held`: bit t
  // for every kind held, so that the loop below visits those kinds alone.
  const HandMasks hm = hand_masks(h.c, v.void_suit);
  const std::uint64_t held = hm.held;
  const int pairs = hm.pairs;
  const int orphans = detail::popcount64(held & kOrphanMask);
  const int orphan_pairs = detail::popcount64(hm.two_plus & kOrphanMask);
  const int off_jiang = hm.off_jiang;
  for (int t = 0; t < kKinds; ++t) out[t] = INT_MAX;
  const int jiang_base = off_jiang - ((h.n - 1) % 3 == 2 ? 1 : 0);
  for (int s = 0; s < 4; ++s) {
    const int first = s < 3 ? 9 * s : kHonourBase, len = s < 3 ? 9 : 7;
    const bool void_group = s == v.void_suit && !changsha;
    std::uint8_t grp[9];
    std::memcpy(grp, &h.c[static_cast<std::size_t>(first)], static_cast<std::size_t>(len));
    // The void group stays empty: one value for all its kinds.
    const int void_val = void_group ? halves_distance(g.g[s], rest[s], sets, true) - 1 : 0;
    for (std::uint64_t bits = (held >> first) & ((std::uint64_t{1} << len) - 1); bits != 0; bits &= bits - 1) {
      const int i = __builtin_ctzll(bits);
      const int t = first + i;
      const int x = grp[i];
      int val = void_val;
      if (!void_group) {
        --grp[i];
        val = halves_distance(group_vector(grp, s, changsha), rest[s], sets, true) - 1;
        ++grp[i];
      }
      if (use_pairs) val = std::min(val, 6 - std::min(7, pairs - (!void_group && x % 2 == 0 ? 1 : 0)));
      if (use_orphans) {
        const int o = bit(kOrphanMask, t);
        const int kinds = orphans - (o & static_cast<int>(x == 1));
        const int opairs = orphan_pairs - (o & static_cast<int>(x == 2));
        val = std::min(val, 13 - kinds - (opairs > 0 ? 1 : 0));
      }
      if (use_jiang) val = std::min(val, jiang_base - (1 - bit(kJiangMask, t)));
      out[t] = val;
    }
  }
}

// The best F over one discard from h (a claim's value).
int best_after_discard(const Seen& v, const HandInfo& h) noexcept {
  int best = INT_MAX;
  if (!v.heuristic) {
    int vals[kKinds];
    discard_values(v, h, vals);
    for (int d = 0; d < kKinds; ++d) best = std::min(best, vals[d]);
    return best;
  }
  for (int d = 0; d < kKinds; ++d) {
    if (h.c[static_cast<std::size_t>(d)] == 0) continue;
    HandInfo x = h;
    take(x, d);
    best = std::min(best, fval(v, x));
  }
  return best;
}

// The hand after a kong of t in turn: concealed (four held) or added.
HandInfo after_turn_kong(const HandInfo& h, int t) noexcept {
  HandInfo x = h;
  if (h.c[static_cast<std::size_t>(t)] == 4) {
    take(x, t, 4);
    add_meld(x, MeldKind::kConcealedKong, t);
  } else {
    take(x, t, 1);
  }
  return x;
}

// docs "開槓": the unseen copies of the suit kinds that complete `after`.
int open_kong_odds(const Seen& v, const HandInfo& after) noexcept {
  int w = 0;
  for (int u = 0; u < kHonourBase; ++u) {
    if (v.unseen[u] == 0) continue;
    HandInfo x = after;
    give(x, u);
    if (std::min(sh_s(v, x), sh_b(v, x)) == -1) w += v.unseen[u];
  }
  return w;
}

int conn(const HandInfo& h, int t) noexcept {
  const auto& c = h.c;
  const int self = 3 * (c[static_cast<std::size_t>(t)] - 1);
  if (t >= kHonourBase) return self;
  const int x = t % 9;
  auto at = [&](int d) { const int y = x + d; return y < 0 || y > 8 ? 0 : static_cast<int>(c[static_cast<std::size_t>(t + d)]); };
  const int centre = (x == 0 || x == 8) ? 0 : (x == 1 || x == 7) ? 1 : 2;
  return self + 2 * (at(-1) + at(1)) + at(-2) + at(2) + centre;
}

// uke's candidate draws (docs "uke(t)"): kinds still unseen, outside the void
// suit, that h holds or that sit at distance 1 or 2 from a tile of h in a suit,
// and Shaoyang's orphan kinds, Changsha's 2/5/8 kinds.
bool uke_candidate(const Seen& v, const HandInfo& h, int u) noexcept {
  if (v.unseen[u] == 0 || (u < kHonourBase && u / 9 == v.void_suit)) return false;
  if (h.c[static_cast<std::size_t>(u)] > 0) return true;
  if (u < kHonourBase) {
    const int x = u % 9;
    for (int d = -2; d <= 2; ++d) {
      const int y = x + d;
      if (d != 0 && y >= 0 && y <= 8 && h.c[static_cast<std::size_t>(u + d)] > 0) return true;
    }
  }
  return (v.rs == Ruleset::kShaoyang && orphan_kind(u)) || (v.rs == Ruleset::kChangsha && jiang_kind(u));
}

// The definition: F of every candidate hand h + u, evaluated whole. uke below
// must agree (core_cpp/tests/test_mahjong_bots.cpp compares via bot_uke_values).
int uke_by_definition(const Seen& v, const HandInfo& h) noexcept {
  const int base = fval(v, h);
  int total = 0;
  for (int u = 0; u < kKinds; ++u) {
    if (!uke_candidate(v, h, u)) continue;
    HandInfo x = h;
    give(x, u);
    if (fval(v, x) < base) total += v.unseen[u];
  }
  return total;
}

// The vector of the suits' empty groups but suit s combined (the honours'
// included): Q's "every other group empty" half, for halves_distance.
std::uint64_t others_empty(int s) noexcept {
  static const std::array<std::uint64_t, kSuits> rest = [] {
    std::array<std::uint64_t, kSuits> r{};
    for (int x = 0; x < kSuits; ++x) {
      std::uint64_t acc = empty_group(3);
      for (int y = 0; y < kSuits; ++y)
        if (y != x) acc = combine_groups(acc, empty_group(y));
      r[static_cast<std::size_t>(x)] = acc;
    }
    return r;
  }();
  return rest[static_cast<std::size_t>(s)];
}

// uke from h's parts. F (= E: uke is the heuristic's) is the least of its
// parts e_i: R (or R258), and P, O, J as in S for common; for Shaoyang and
// Changsha P, O, J, A, Q each less one (B - 1; P, O and J are in both families,
// and B's copy is the lower). One more tile lowers a part by at most one (a
// completion of h + u, with u, completes h), so e_i(h + u) < E(h) only for the
// parts with e_i(h) == E(h): each draw evaluates those "tight" parts alone,
// from h's counts and group vectors with u's group swapped (one look-up).
// `e_out`, when not null, receives E(h) (the tests compare it with fval).
int uke(const Seen& v, const HandInfo& h, int* e_out = nullptr) noexcept {
  // Only a hand of 3k + 1 tiles (a discard's) has the parts' forms below.
  if (h.n % 3 != 1) {
    if (e_out != nullptr) *e_out = fval(v, h);
    return uke_by_definition(v, h);
  }
  const bool changsha = v.rs == Ruleset::kChangsha;
  const bool common = v.rs == Ruleset::kCommon;
  const int need = h.n / 3;  // the same for h + u (3k + 2 tiles)
  HandGroups regular, jiang;
  hand_groups(h.c, regular, changsha ? &jiang : nullptr);
  HandGroups g = changsha ? jiang : regular;  // the groups R (R258) uses
  if (!changsha && v.void_suit >= 0) g.g[v.void_suit] = empty_group(v.void_suit);
  std::uint64_t rest[4];
  groups_but_one(g, rest);
  const int r = halves_distance(g.g[0], rest[0], need, true) - 1;
  // Counts behind P, O, J and A.
  const bool use_p = h.k == 0;
  const bool use_o = v.rs == Ruleset::kShaoyang && h.k == 0 && h.n == 13;  // O's 13 / 14 tiles
  const bool use_j = changsha && h.jiang_ok;
  const bool use_a = !common && !h.chow;
  int pairs = 0, orphans = 0, off_jiang = 0;
  bool orphan_pair = false;
  int cls[4] = {0, 0, 0, 0};
  for (int t = 0; t < kKinds; ++t) {
    const int x = h.c[static_cast<std::size_t>(t)];
    ++cls[count_class(x)];
    if (x == 0) continue;
    if (suit_of(t) != v.void_suit) pairs += x / 2;
    if (orphan_kind(t)) {
      ++orphans;
      orphan_pair = orphan_pair || x >= 2;
    }
    if (!jiang_kind(t)) off_jiang += x;
  }
  const int p = use_p ? 6 - std::min(7, pairs) : kNo;
  const int o = use_o ? 13 - orphans - (orphan_pair ? 1 : 0) : kNo;
  const int j = use_j ? off_jiang : kNo;  // n % 3 == 1: nothing taken off
  const int a = use_a ? pungs_cost(cls, need) - 1 : kNo;
  int q[kSuits] = {kNo, kNo, kNo};
  int q_min = kNo;
  if (!common)
    for (int s = 0; s < kSuits; ++s) {
      if ((h.suits & ~(1u << s)) != 0) continue;
      q[s] = halves_distance(regular.g[s], others_empty(s), need, true) - 1;
      q_min = std::min(q_min, q[s]);
    }
  // E(h), as sh_e.
  int e;
  if (common) {
    e = std::min(r, p);
  } else {
    const int third = changsha ? j : o;  // S's and B's shared part besides P
    const int s_val = std::min({r, p, third});
    const int b_val = std::min({p, third, a, q_min});
    e = b_val >= kNo ? s_val : std::min(s_val, b_val - 1);
  }
  if (e_out != nullptr) *e_out = e;
  const int big = common ? 0 : 1;  // what P enters E less by
  const bool tight_r = r == e;
  const bool tight_p = p < kNo && p - big == e;
  const bool tight_o = o < kNo && o - 1 == e;
  const bool tight_j = j < kNo && j - 1 == e;
  const bool tight_a = a < kNo && a - 1 == e;
  bool tight_q[kSuits];
  for (int s = 0; s < kSuits; ++s) tight_q[s] = q[s] < kNo && q[s] - 1 == e;
  int total = 0;
  for (int u = 0; u < kKinds; ++u) {
    if (!uke_candidate(v, h, u)) continue;
    const int x = h.c[static_cast<std::size_t>(u)];
    bool lower = false;
    if (tight_p) lower = 6 - std::min(7, pairs + x % 2) - big < e;
    if (!lower && tight_o && orphan_kind(u))
      lower = 13 - (orphans + (x == 0 ? 1 : 0)) - (orphan_pair || x == 1 ? 1 : 0) - 1 < e;
    if (!lower && tight_j) lower = jiang_kind(u);  // J - 1 with one tile fewer off 2/5/8
    if (!lower && tight_a) {
      int c2[4] = {cls[0], cls[1], cls[2], cls[3]};
      --c2[count_class(x)];
      ++c2[count_class(x + 1)];
      lower = pungs_cost(c2, need) - 2 < e;
    }
    const int su = suit_of(u);
    const bool q_here = su < kSuits && tight_q[su];
    if (!lower && (tight_r || q_here)) {
      const int first = su < kSuits ? 9 * su : kHonourBase;
      std::uint8_t grp[9];
      std::memcpy(grp, &h.c[static_cast<std::size_t>(first)], su < kSuits ? 9 : 7);
      ++grp[u - first];
      if (tight_r) lower = halves_distance(group_vector(grp, su, changsha), rest[su], need, true) - 1 < e;
      if (!lower && q_here)
        lower = halves_distance(group_vector(grp, su, false), others_empty(su), need, true) - 2 < e;
    }
    if (lower) total += v.unseen[u];
  }
  return total;
}

// docs "Safe tiles": bit t of safe[x] once t is discarded (discard or
// ready=T, by any seat) after seat x's 報聽. A declared hand is locked, so its
// waits never change, and the bots always win: a tile it let pass cannot
// complete it. Read from the move history (what every view's history shows).
struct Safe {
  std::uint64_t safe[kSeats] = {};
  bool declared[kSeats] = {};
};

Safe declared_safe(const State& s) noexcept {
  Safe r;
  for (int i = 0; i < s.n_history; ++i) {
    const Move m = s.history[i];
    const Act a = move_act(m);
    if (a != Act::kDiscard && a != Act::kReady) continue;
    const std::uint64_t bit = std::uint64_t{1} << move_tile(m);
    for (int x = 0; x < kSeats; ++x)
      if (r.declared[x]) r.safe[x] |= bit;
    if (a == Act::kReady) r.declared[move_seat(m)] = true;
  }
  return r;
}

// Without 振聽 a seat's own earlier discards do not make a tile safe against
// a declared seat; only the tiles it let pass since declaring do.
int danger(const Seen& v, const Safe& sf, int t) noexcept {
  if (!v.discard_wins) return 0;
  int n = 0;
  for (int x = 0; x < kSeats; ++x) {
    if (!v.threat[x]) continue;
    const std::uint64_t known = sf.declared[x] ? sf.safe[x] : v.discarded[x];
    if (!((known >> t) & 1)) ++n;
  }
  return n;
}

// The discard key (docs "Discard key"), lowest first.
struct Key {
  int a, b, c, d, e;  // no initializers: best_discard's array is filled, not zeroed
  bool operator<(const Key& o) const noexcept {
    if (a != o.a) return a < o.a;
    if (b != o.b) return b < o.b;
    if (c != o.c) return c < o.c;
    if (d != o.d) return d < o.d;
    return e < o.e;
  }
};

// The best of `moves` (discard / ready moves, canonical order) by the key;
// uke only for the moves that tie on the key's first two parts. Heuristic:
// (E, -uke, danger, conn), folding (danger, E, -uke, conn); greedy (S, conn).
// `vals`, when not null: discard_values of v.h.
Move best_discard(const Seen& v, const Safe& sf, const Move* moves, int n, bool fold,
                  const int* vals = nullptr) noexcept {
  if (!v.heuristic && vals != nullptr) {
    // Greedy's key (S, conn) never folds and has no uke: the first move of the
    // lowest (S, conn), packed in one integer so that the scan is branch-free
    // (conn >= 0 and < 2^31, S small; the tie rule of the loop below is kept:
    // a later move replaces the best only when strictly lower).
    Move best = moves[0];
    std::int64_t best_key = INT64_MAX;
    for (int i = 0; i < n; ++i) {
      const int t = move_tile(moves[i]);
      const std::int64_t k = static_cast<std::int64_t>(vals[t]) * (std::int64_t{1} << 32) + conn(v.h, t);
      const bool lower = k < best_key;
      best_key = lower ? k : best_key;
      best = lower ? moves[i] : best;
    }
    return best;
  }
  Key keys[kMaxLegalMoves];
  Key low{};
  for (int i = 0; i < n; ++i) {
    const int t = move_tile(moves[i]);
    int e;
    if (vals != nullptr) {
      e = vals[t];
    } else {
      HandInfo h = v.h;
      take(h, t);
      e = fval(v, h);
    }
    const int dg = v.heuristic ? danger(v, sf, t) : 0;
    keys[i] = Key{fold ? dg : e, fold ? e : 0, 0, fold ? 0 : dg, 0};
    if (i == 0 || keys[i] < low) low = keys[i];
  }
  Move best = moves[0];
  Key best_key{};
  bool have = false;
  for (int i = 0; i < n; ++i) {
    if (keys[i].a != low.a || keys[i].b != low.b) continue;
    const int t = move_tile(moves[i]);
    Key k = keys[i];
    if (v.heuristic) {
      HandInfo h = v.h;
      take(h, t);
      k.c = -uke(v, h);
    }
    k.e = conn(v.h, t);
    if (!have || k < best_key) {
      have = true;
      best_key = k;
      best = moves[i];
    }
  }
  return best;
}

Move find_act(const Move* legal, int n, Act act) noexcept {
  for (int i = 0; i < n; ++i)
    if (move_act(legal[i]) == act) return legal[i];
  return 0xFFFF;
}
constexpr Move kNone = 0xFFFF;

Move claim_move(const State& s, int seat, const Move* legal, int n, bool heuristic) noexcept {
  Move m = find_act(legal, n, Act::kWin);
  if (m != kNone) return m;
  const Move pass = find_act(legal, n, Act::kPass);
  m = find_act(legal, n, Act::kHaidi);
  if (m != kNone) return heuristic ? m : pass;
  const Seen v = make_seen(s, seat, heuristic);
  if (heuristic) {
    for (int i = 0; i < n; ++i) {
      if (move_act(legal[i]) != Act::kOpenKong) continue;
      const int t = move_tile(legal[i]);
      HandInfo x = v.h;
      take(x, t, 3);
      add_meld(x, MeldKind::kKong, t);
      if (open_kong_odds(v, x) >= 4) return legal[i];
    }
  }
  const int cur = fval(v, v.h);
  int best_v = INT_MAX;
  Move best = pass;
  const int tile = s.offer_tile;
  for (int i = 0; i < n; ++i) {
    const Act act = move_act(legal[i]);
    int val = INT_MAX;
    if (act == Act::kPung) {
      HandInfo x = v.h;
      take(x, tile, 2);
      add_meld(x, MeldKind::kPung, tile);
      val = best_after_discard(v, x);
    } else if (act == Act::kChow) {
      const int low = move_tile(legal[i]);
      HandInfo x = v.h;
      for (int t = low; t < low + 3; ++t)
        if (t != tile) take(x, t);
      add_meld(x, MeldKind::kChow, low);
      val = best_after_discard(v, x);
    } else if (act == Act::kKong) {
      HandInfo x = v.h;
      take(x, tile, 3);
      add_meld(x, MeldKind::kKong, tile);
      val = fval(v, x) - 1;
    } else {
      continue;
    }
    if (val < best_v) {
      best_v = val;
      best = legal[i];
    }
  }
  return best_v < cur ? best : pass;
}

Move play_move(const State& s, int seat, const Move* legal, int n, bool heuristic) noexcept {
  Move m = find_act(legal, n, Act::kWin);
  if (m != kNone) return m;
  m = find_act(legal, n, Act::kMid);
  if (m != kNone) return m;
  const Seen v = make_seen(s, seat, heuristic);
  Move discards[kMaxLegalMoves], readies[kMaxLegalMoves];
  int nd = 0, nr = 0;
  int d_min = INT_MAX;
  int vals[kKinds];
  if (!heuristic) discard_values(v, v.h, vals);
  const int* known = heuristic ? nullptr : vals;
  for (int i = 0; i < n; ++i) {
    const Act act = move_act(legal[i]);
    if (act == Act::kDiscard) {
      discards[nd++] = legal[i];
      if (known != nullptr) {
        d_min = std::min(d_min, known[move_tile(legal[i])]);
        continue;
      }
      HandInfo h = v.h;
      take(h, move_tile(legal[i]));
      d_min = std::min(d_min, fval(v, h));
    } else if (act == Act::kReady) {
      readies[nr++] = legal[i];
    }
  }
  const bool fold = heuristic && v.discard_wins && v.threats > 0 && d_min >= 2;
  const Safe sf = heuristic ? declared_safe(s) : Safe{};
  if (nr > 0) return best_discard(v, sf, readies, nr, fold, known);
  if (heuristic) {
    for (int i = 0; i < n; ++i) {
      if (move_act(legal[i]) != Act::kOpenKong) continue;
      if (open_kong_odds(v, after_turn_kong(v.h, move_tile(legal[i]))) >= 4) return legal[i];
    }
  }
  int best_k = INT_MAX;
  Move kong = kNone;
  for (int i = 0; i < n; ++i) {
    if (move_act(legal[i]) != Act::kKong) continue;
    const int k = fval(v, after_turn_kong(v.h, move_tile(legal[i]))) - 1;
    // Heuristic: a kong that keeps the shanten is made too (kongs pay).
    if ((k < d_min || (heuristic && k == d_min)) && k < best_k) {
      best_k = k;
      kong = legal[i];
    }
  }
  if (kong != kNone) return kong;
  return best_discard(v, sf, discards, nd, fold, known);
}

}  // namespace

const char* bot_name(BotKind kind) noexcept {
  switch (kind) {
    case BotKind::kRandom: return "random";
    case BotKind::kGreedy: return "greedy";
    case BotKind::kHeuristic: return "heuristic";
  }
  return "random";
}

bool bot_from_name(std::string_view name, BotKind& out) noexcept {
  for (int i = 0; i < kNumBotKinds; ++i) {
    const auto k = static_cast<BotKind>(i);
    if (name == bot_name(k)) {
      out = k;
      return true;
    }
  }
  return false;
}

Move bot_move(const State& s, int seat, BotKind kind, Xoshiro256ss& rng) noexcept {
  if (kind == BotKind::kRandom) return random_legal_move(s, seat, rng, false);
  Move legal[kMaxLegalMoves];
  const int n = legal_moves(s, seat, legal);
  if (n <= 0) return 0;
  if (n == 1) return legal[0];
  const bool heuristic = kind == BotKind::kHeuristic;
  switch (s.phase) {
    case Phase::kRaise: {
      const int want = heuristic ? (seat == s.dealer ? 2 : 1) : 0;
      for (int i = 0; i < n; ++i)
        if (move_key(legal[i]) == want) return legal[i];
      return legal[0];
    }
    case Phase::kVoid: {
      int best = 0, fewest = INT_MAX;
      for (int suit = 0; suit < kSuits; ++suit) {
        int k = 0;
        for (int i = 0; i < 9; ++i) k += s.seats[seat].counts[static_cast<std::size_t>(9 * suit + i)];
        if (k < fewest) {
          fewest = k;
          best = suit;
        }
      }
      for (int i = 0; i < n; ++i)
        if (move_key(legal[i]) == best) return legal[i];
      return legal[0];
    }
    case Phase::kOpening: {
      const Move m = find_act(legal, n, Act::kOpening);
      return m != kNone ? m : legal[0];
    }
    case Phase::kClaim: return claim_move(s, seat, legal, n, heuristic);
    case Phase::kPlay: return play_move(s, seat, legal, n, heuristic);
    case Phase::kOver: break;
  }
  return legal[0];
}

void play_bot_hand(State& s, const Config& cfg, std::uint64_t wall_seed, const BotKind policies[kSeats]) noexcept {
  Tile tiles[kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = shuffle_tiles(wall_seed, cfg.tiles(), tiles, d1, d2);
  init_state_tiles(s, cfg, tiles, n, (d1 + d2 - 1) % 4);
  Xoshiro256ss rng(wall_seed ^ kMahjongBotSeedXor);
  int seats[kSeats];
  while (s.phase != Phase::kOver) {
    to_act(s, seats);
    apply(s, bot_move(s, seats[0], policies[seats[0]], rng));
  }
}

void bot_hands(const Config& cfg, std::uint64_t seed, std::uint64_t start, std::uint64_t count,
               const BotKind policies[kSeats], bool rotate, std::int64_t* pay) noexcept {
  State s;
  for (std::uint64_t i = start; i < start + count; ++i) {
    BotKind seated[kSeats];
    for (int p = 0; p < kSeats; ++p)
      seated[p] = policies[rotate ? static_cast<int>((static_cast<std::uint64_t>(p) + i) % kSeats) : p];
    play_bot_hand(s, cfg, sim::game_seed(seed, i), seated);
    payments(s, pay + (i - start) * kSeats);
  }
}

BotShanten bot_shanten(const State& s, int seat) noexcept {
  const Seen v = make_seen(s, seat, true);
  return BotShanten{sh_s(v, v.h), sh_b(v, v.h), sh_e(v, v.h)};
}

void bot_discard_values(const State& s, int seat, int fast[kKinds], int slow[kKinds]) noexcept {
  const Seen v = make_seen(s, seat, false);
  discard_values(v, v.h, fast);
  for (int t = 0; t < kKinds; ++t) {
    slow[t] = INT_MAX;
    if (v.h.c[static_cast<std::size_t>(t)] == 0) continue;
    HandInfo h = v.h;
    take(h, t);
    slow[t] = sh_s(v, h);
  }
}

void bot_uke_values(const State& s, int seat, BotUke out[kKinds]) noexcept {
  const Seen v = make_seen(s, seat, true);
  for (int t = 0; t < kKinds; ++t) {
    out[t] = BotUke{};
    if (v.h.n % 3 != 2 || v.h.c[static_cast<std::size_t>(t)] == 0) continue;
    HandInfo h = v.h;
    take(h, t);
    out[t].held = true;
    out[t].fast = uke(v, h, &out[t].e_fast);
    out[t].slow = uke_by_definition(v, h);
    out[t].e_slow = fval_of(v, h);
  }
}

}  // namespace yijing::mahjong
