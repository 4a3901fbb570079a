// Changsha's own rules (rules §7, seed 003 §三; docs/mahjong-engine.md
// "Changsha"): its wins and their patterns, the opening and mid-game wins.
// Plain counts in, bits out; the flow of a hand is engine_apply.cpp's. The
// Python twin is pyyijing/fallback/mahjong/changsha.py.
#include "engine_internal.hpp"

namespace yijing::mahjong::detail {
namespace {

// Do the nine counts of one suit split into sets alone?
bool suit_sets(std::uint8_t* c) noexcept {
  int i = 0;
  while (i < 9 && c[i] == 0) ++i;
  if (i == 9) return true;
  if (c[i] >= 3) {
    c[i] = static_cast<std::uint8_t>(c[i] - 3);
    const bool ok = suit_sets(c);
    c[i] = static_cast<std::uint8_t>(c[i] + 3);
    if (ok) return true;
  }
  if (i > 6 || c[i + 1] == 0 || c[i + 2] == 0) return false;
  --c[i], --c[i + 1], --c[i + 2];
  const bool ok = suit_sets(c);
  ++c[i], ++c[i + 1], ++c[i + 2];
  return ok;
}

// The regular shape with a pair of 2, 5 or 8 (小胡) of 3k+2 suit tiles.
bool regular_with_jiang_pair(const Counts& counts) noexcept {
  Counts c = counts;
  for (int p = 1; p < kHonourBase; p += 3) {
    if (c[static_cast<std::size_t>(p)] < 2) continue;
    c[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(c[static_cast<std::size_t>(p)] - 2);
    bool ok = true;
    for (int suit = 0; suit < kSuits && ok; ++suit) {
      std::uint8_t* g = &c[static_cast<std::size_t>(9 * suit)];
      int n = 0;
      for (int i = 0; i < 9; ++i) n += g[i];
      ok = n % 3 == 0 && (n == 0 || suit_sets(g));
    }
    c[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(c[static_cast<std::size_t>(p)] + 2);
    if (ok) return true;
  }
  return false;
}

// Every concealed count 0, 2 or 3 and one 2: pungs and a pair.
bool pung_counts(const Counts& c) noexcept {
  int twos = 0;
  for (int t = 0; t < kHonourBase; ++t) {
    const int x = c[static_cast<std::size_t>(t)];
    if (x == 1 || x == 4) return false;
    twos += x == 2;
  }
  return twos == 1;
}

struct MeldFacts {
  unsigned suits = 0;  // bit per suit among the melds
  bool chow = false;
  int exposed = 0;     // melds that are not concealed kongs
};
MeldFacts meld_facts(const SeatState& st) noexcept {
  MeldFacts f;
  for (int i = 0; i < st.n_melds; ++i) {
    const Meld& m = st.melds[i];
    f.suits |= 1u << suit_of(m.tile);
    f.chow = f.chow || m.kind == MeldKind::kChow;
    f.exposed += m.kind != MeldKind::kConcealedKong;
  }
  return f;
}

unsigned count_suits(const Counts& c) noexcept {
  unsigned s = 0;
  for (int suit = 0; suit < kSuits; ++suit)
    if (holds_suit(c, suit)) s |= 1u << suit;
  return s;
}

bool all_jiang(const SeatState& st, const Counts& c) noexcept {
  for (int t = 0; t < kHonourBase; ++t)
    if (c[static_cast<std::size_t>(t)] && !((kJiangKinds >> t) & 1)) return false;
  return jiang_melds(st);
}

// How many suit kinds (t < 27) the counts hold three or more of.
int kinds_of_three(const Counts& c) noexcept {
  int n = 0;
  for (int t = 0; t < kHonourBase; ++t) n += c[static_cast<std::size_t>(t)] >= 3;
  return n;
}

constexpr bool one_suit(unsigned suits) noexcept { return suits == 1 || suits == 2 || suits == 4; }

// The triplet kinds of 六六順 (count 3, or 4 with reuse), in tile order.
int triplets(const Counts& c, bool reuse, std::uint32_t skip, const Counts* dealt, int out[kHonourBase]) noexcept {
  int n = 0;
  for (int t = 0; t < kHonourBase; ++t) {
    const int x = c[static_cast<std::size_t>(t)];
    if (!(x == 3 || (reuse && x == 4)) || ((skip >> t) & 1)) continue;
    if (dealt != nullptr && (*dealt)[static_cast<std::size_t>(t)] >= 3) continue;
    out[n++] = t;
  }
  return n;
}

}  // namespace

bool jiang_melds(const SeatState& st) noexcept {
  for (int i = 0; i < st.n_melds; ++i)
    if (st.melds[i].kind == MeldKind::kChow || !is_jiang(st.melds[i].tile)) return false;
  return true;
}

int jiang_shanten(const SeatState& st) noexcept {
  if (!jiang_melds(st)) return kNoShanten;
  // The tiles that are not 2/5/8: all concealed tiles (n_concealed is kept
  // with the counts, engine_internal.hpp add_tile) less the nine 2/5/8 kinds'.
  const Counts& c = st.counts;
  const int jiang = c[1] + c[4] + c[7] + c[10] + c[13] + c[16] + c[19] + c[22] + c[25];
  return st.n_concealed - jiang - (st.n_concealed % 3 == 2 ? 1 : 0);
}

bool opening_win_possible(const Config& cfg, const SeatState& st) noexcept {
  // opening_wins' wins and what each needs: 板板胡 no 2/5/8, 缺一色 a suit not
  // held, 四喜 a four, 六六順 two kinds of three or more; the extras are
  // not prefiltered.
  if (cfg.opening_extras || (st.held_keys & kJiangKeys) == 0 || (st.four_keys & kSuitKeys) != 0) return true;
  for (int suit = 0; suit < kSuits; ++suit)
    if ((st.held_keys & suit_keys(suit)) == 0) return true;
  return kinds_of_three(st.counts) >= 2;
}

bool mid_win_possible(const SeatState& st) noexcept {
  // mid_wins' 中途四喜 needs a four, its 中途六六順 two kinds held three or
  // more times (a four counts as a triplet only with opening_reuse).
  return (st.four_keys & kSuitKeys) != 0 || kinds_of_three(st.counts) >= 2;
}

bool changsha_wins(const SeatState& st, const Counts& c, bool on_other) noexcept {
  const bool regular = is_regular_win(c);
  if (regular && regular_with_jiang_pair(c)) return true;
  if (st.n_melds == 0 && is_seven_pairs(c)) return true;
  if (all_jiang(st, c)) return true;
  if (!regular) return false;
  const MeldFacts f = meld_facts(st);
  if (one_suit(f.suits | count_suits(c))) return true;
  if (!f.chow && pung_counts(c)) return true;
  return on_other && f.exposed == 4;
}

std::uint16_t changsha_hand_patterns(const SeatState& st, const Counts& c, bool on_other) noexcept {
  const bool regular = is_regular_win(c);
  const bool seven = st.n_melds == 0 && is_seven_pairs(c);
  const MeldFacts f = meld_facts(st);
  std::uint16_t out = 0;
  if (regular && regular_with_jiang_pair(c)) out |= kXiaoHu;
  if (seven) {
    int fours = 0;
    for (int t = 0; t < kHonourBase; ++t) fours += c[static_cast<std::size_t>(t)] == 4;
    out = static_cast<std::uint16_t>(out | (kQiDui << (fours < 3 ? fours : 3)));
  }
  if ((regular || seven) && one_suit(f.suits | count_suits(c))) out |= kQingYiSe;
  if (all_jiang(st, c)) out |= kJiangYiSe;
  if (regular && !f.chow && pung_counts(c)) out |= kPengPengHu;
  if (regular && f.exposed == 4 && on_other) out |= kQuanQiuRen;
  return out;
}

int changsha_units(std::uint16_t patterns) noexcept {
  int n = 0;
  for (int i = 1; i < kMaxPatterns; ++i) {
    if (!((patterns >> i) & 1)) continue;
    n += i >= 1 && i <= 4 ? i : 1;  // 七對 1, 豪華 2, 超豪華 3, 超超豪華 4
  }
  return n;
}

int opening_wins(const Config& cfg, const Counts& c, DeclaredWin* out, std::uint32_t& used) noexcept {
  int n = 0;
  bool any_jiang = false;
  for (int t = 0; t < kHonourBase; ++t) any_jiang = any_jiang || (c[static_cast<std::size_t>(t)] && is_jiang(t));
  if (!any_jiang) out[n++] = DeclaredWin::kBanBan;
  used = 0;
  for (int t = 0; t < kHonourBase; ++t)
    if (c[static_cast<std::size_t>(t)] == 4) {
      out[n++] = DeclaredWin::kSiXi;
      used |= 1u << t;
    }
  int trips[kHonourBase];
  const int nt = triplets(c, cfg.opening_reuse, 0, nullptr, trips);
  for (int i = 0; i + 1 < nt; i += 2) {
    out[n++] = DeclaredWin::kLiuLiuShun;
    used |= (1u << trips[i]) | (1u << trips[i + 1]);
  }
  for (int suit = 0; suit < kSuits; ++suit)
    if (!holds_suit(c, suit)) out[n++] = DeclaredWin::kQueYiSe;
  if (cfg.opening_extras) {
    bool san_tong = false;
    for (int num = 0; num < 9; ++num)
      san_tong = san_tong || (c[static_cast<std::size_t>(num)] >= 2 && c[static_cast<std::size_t>(9 + num)] >= 2 &&
                              c[static_cast<std::size_t>(18 + num)] >= 2);
    if (san_tong) out[n++] = DeclaredWin::kSanTong;
    int jiang = 0, five = 0;
    for (int t = 0; t < kHonourBase; ++t)
      if (is_jiang(t)) {
        jiang += c[static_cast<std::size_t>(t)];
        five += t % 9 == 4 ? c[static_cast<std::size_t>(t)] : 0;
      }
    if (jiang == 1 && five == 1) out[n++] = DeclaredWin::kYiZhiHua;
    bool steps = false;
    for (int suit = 0; suit < kSuits; ++suit)
      for (int num = 0; num < 7; ++num) {
        const int t = 9 * suit + num;
        steps = steps || (c[static_cast<std::size_t>(t)] >= 2 && c[static_cast<std::size_t>(t + 1)] >= 2 &&
                          c[static_cast<std::size_t>(t + 2)] >= 2);
      }
    if (steps) out[n++] = DeclaredWin::kBuBuGao;
    if (c[10] >= 2 && c[19] >= 2) out[n++] = DeclaredWin::kJinTongYuNu;  // 2p and 2s
  }
  return n;
}

int mid_wins(const Config& cfg, const SeatState& st, DeclaredWin* out, std::uint32_t& used, Counts& shown) noexcept {
  const Counts& c = st.counts;
  int n = 0;
  used = 0;
  shown = Counts{};
  for (int t = 0; t < kHonourBase; ++t)
    if (c[static_cast<std::size_t>(t)] == 4 && !((st.used >> t) & 1) && st.dealt[static_cast<std::size_t>(t)] < 4) {
      out[n++] = DeclaredWin::kMidSiXi;
      used |= 1u << t;
      shown[static_cast<std::size_t>(t)] = 4;
    }
  int trips[kHonourBase];
  const int nt = triplets(c, cfg.opening_reuse, st.used, &st.dealt, trips);
  for (int i = 0; i + 1 < nt; i += 2) {
    out[n++] = DeclaredWin::kMidLiuLiuShun;
    for (int j = i; j < i + 2; ++j) {
      used |= 1u << trips[j];
      // A four shown as 中途四喜 and as a triplet: shown once per use, as the
      // fallback's list (sorted) holds it.
      shown[static_cast<std::size_t>(trips[j])] = static_cast<std::uint8_t>(shown[static_cast<std::size_t>(trips[j])] + 3);
    }
  }
  return n;
}

}  // namespace yijing::mahjong::detail
