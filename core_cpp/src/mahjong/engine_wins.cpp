// Winning and waits (docs/mahjong-engine.md "Winning (common)"): the kernel's
// table-driven shapes (hand.hpp), never a search. A shanten prefilter (one
// table look-up per group) rejects the hands that are not ready before any
// candidate tile is tried: most hands in play are not.
#include "engine_internal.hpp"

namespace yijing::mahjong {
namespace detail {

int own_copies(const SeatState& st, int t) noexcept {
  int n = st.counts[static_cast<std::size_t>(t)];
  for (int i = 0; i < st.n_melds; ++i) {
    const Meld& m = st.melds[i];
    switch (m.kind) {
      case MeldKind::kChow: n += t >= m.tile && t <= m.tile + 2; break;
      case MeldKind::kPung: n += m.tile == t ? 3 : 0; break;
      default: n += m.tile == t ? 4 : 0; break;
    }
  }
  return n;
}

namespace {

// Whether 3k+1 tiles `c` of seat `st` can be one tile from a winning shape
// at all (Changsha: 將一色 too, which needs no shape).
bool may_be_ready(const Config& cfg, const SeatState& st, const Counts& c) noexcept {
  if (regular_shanten(c) <= 0) return true;
  if (cfg.changsha() && (held_mask(c) & ~kJiangKinds) == 0 && jiang_melds(st)) return true;
  if (st.n_melds != 0) return false;
  return seven_pairs_shanten(c) <= 0 || (cfg.shaoyang() && thirteen_orphans_shanten(c) <= 0);
}

// The kinds worth trying for 3k+1 tiles `c` of seat `st` (its void aside):
// the regular and seven pairs candidates, in Shaoyang with no melds the
// thirteen orphans' kinds (a missing honour has no held neighbour), in
// Changsha every 2/5/8 when every tile is one (將一色 takes any of them).
std::uint64_t candidates(const Config& cfg, const SeatState& st, const Counts& c) noexcept {
  const std::uint64_t held = held_mask(c);
  std::uint64_t cand = wait_candidates(held);
  if (cfg.shaoyang() && st.n_melds == 0) cand |= kOrphanKinds;
  if (cfg.changsha() && (held & ~kJiangKinds) == 0 && jiang_melds(st)) cand |= kJiangKinds;
  if (st.void_suit >= 0) cand &= ~suit_bits(st.void_suit);
  return cand;
}

}  // namespace

namespace {

// Meld i's kind in bits 3i..3i+2 (a pung can become an added kong in place).
std::uint16_t meld_kinds(const SeatState& st) noexcept {
  std::uint16_t k = 0;
  for (int i = 0; i < st.n_melds; ++i) k = static_cast<std::uint16_t>(k | (static_cast<unsigned>(st.melds[i].kind) << (3 * i)));
  return k;
}

std::uint64_t win_mask_of(const Config& cfg, SeatState& st) noexcept;

}  // namespace

// Past the bound check the mask and the refined bound are a function of the
// hand alone (the config is fixed for the hand), so SeatState keeps the last
// hand's answer.
std::uint64_t compute_win_mask(const Config& cfg, SeatState& st) noexcept {
  if (st.shanten_lb >= 1 || holds_void(st)) return 0;
  const std::uint16_t kinds = meld_kinds(st);
  if (st.mask_melds == st.n_melds && st.mask_kinds == kinds && st.mask_void == st.void_suit &&
      st.mask_counts == st.counts) {
    st.shanten_lb = st.mask_lb;
    return st.mask_value;
  }
  const std::uint64_t mask = win_mask_of(cfg, st);
  st.mask_counts = st.counts;
  st.mask_melds = st.n_melds;
  st.mask_kinds = kinds;
  st.mask_void = st.void_suit;
  st.mask_lb = st.shanten_lb;
  st.mask_value = mask;
  return mask;
}

namespace {

std::uint64_t win_mask_of(const Config& cfg, SeatState& st) noexcept {
  st.shanten_lb = static_cast<std::int8_t>(shape_shanten(cfg, st));
  if (st.shanten_lb >= 1) return 0;
  Counts c = st.counts;
  const int k = st.n_melds;
  std::uint64_t cand = candidates(cfg, st, c), mask = 0;
  if (cfg.changsha()) {
    while (cand) {
      const int t = __builtin_ctzll(cand);
      cand &= cand - 1;
      if (c[static_cast<std::size_t>(t)] >= 4) continue;
      ++c[static_cast<std::size_t>(t)];
      if (changsha_wins(st, c, true)) mask |= bit(t);
      --c[static_cast<std::size_t>(t)];
    }
    return mask;
  }
  // shape_wins of each c + t: the regular shape from c's group vectors (c + t
  // differs in t's group only, hand.hpp groups_but_one), the others as is. A
  // tile gained lowers each shape's distance by at most one, so a shape whose
  // distance from c is above 0 (shanten >= 1) cannot complete and is not tried.
  HandGroups g;
  hand_groups(c, g);
  std::uint64_t rest[4];
  groups_but_one(g, rest);
  const int sets = (st.n_concealed + 1) / 3;
  const bool regular_near = halves_distance(g.g[0], rest[0], st.n_concealed / 3, true) - 1 <= 0;
  const bool pairs_near = k == 0 && seven_pairs_shanten(c) <= 0;
  const bool orphans_near = k == 0 && cfg.shaoyang() && thirteen_orphans_shanten(c) <= 0;
  while (cand) {
    const int t = __builtin_ctzll(cand);
    cand &= cand - 1;
    if (c[static_cast<std::size_t>(t)] >= 4) continue;
    const int s = suit_of(t);
    const int first = s < 3 ? 9 * s : kHonourBase;
    ++c[static_cast<std::size_t>(t)];
    const bool regular =
        regular_near && halves_distance(group_vector(&c[static_cast<std::size_t>(first)], s), rest[s], sets, true) == 0;
    if (regular || (pairs_near && is_seven_pairs(c)) || (orphans_near && is_thirteen_orphans(c))) mask |= bit(t);
    --c[static_cast<std::size_t>(t)];
  }
  return mask;
}

}  // namespace

bool has_wait(const Config& cfg, const SeatState& st, const Counts& counts) noexcept {
  if (st.void_suit >= 0 && holds_suit(counts, st.void_suit)) return false;
  if (!may_be_ready(cfg, st, counts)) return false;
  Counts c = counts;
  std::uint64_t cand = candidates(cfg, st, c);
  while (cand) {
    const int t = __builtin_ctzll(cand);
    cand &= cand - 1;
    // own_copies() counts the seat's stored concealed tiles; here the hand is `c`.
    const int copies = own_copies(st, t) - st.counts[static_cast<std::size_t>(t)] +
                       c[static_cast<std::size_t>(t)];
    if (copies >= 4) continue;
    ++c[static_cast<std::size_t>(t)];
    const bool w = hand_wins(cfg, st, c, true);
    --c[static_cast<std::size_t>(t)];
    if (w) return true;
  }
  return false;
}

bool ready_after_kong(const Config& cfg, const SeatState& st, int t, bool exposed) noexcept {
  // A kong never lowers the shape distance (a set's tiles leave with the set
  // they needed) and has_wait needs it <= 0 (may_be_ready): a bound >= 1
  // answers no without the copy and the candidates.
  if (st.shanten_lb >= 1) return false;
  SeatState k = st;
  if (exposed) {
    remove_tiles(k, t, 3);
    k.melds[k.n_melds++] = Meld{MeldKind::kKong, static_cast<Tile>(t), 0};
  } else if (k.counts[static_cast<std::size_t>(t)] == 4) {
    remove_tiles(k, t, 4);
    k.melds[k.n_melds++] = Meld{MeldKind::kConcealedKong, static_cast<Tile>(t), -1};
  } else {
    remove_tiles(k, t, 1);
    for (int i = 0; i < k.n_melds; ++i)
      if (k.melds[i].kind == MeldKind::kPung && k.melds[i].tile == t) k.melds[i].kind = MeldKind::kAddedKong;
  }
  return has_wait(cfg, k, k.counts);
}

bool is_ready(const Config& cfg, const SeatState& st) noexcept {
  // has_wait needs a shape distance <= 0 (may_be_ready), and shanten_lb is a
  // lower bound of it (state.hpp): a bound >= 1 answers no at once.
  return st.n_concealed == 13 - 3 * st.n_melds && st.shanten_lb <= 0 && has_wait(cfg, st, st.counts);
}

std::uint8_t shaoyang_patterns(const SeatState& st, const Counts& c) noexcept {
  const int k = st.n_melds;
  const bool regular = is_regular_win(c);
  const bool pairs = k == 0 && is_seven_pairs(c);
  const bool orphans = k == 0 && is_thirteen_orphans(c);
  unsigned suits = 0;  // bit 0..3: m, p, s, honours among every tile of the hand
  int twos = 0;
  bool pung_counts = true;  // every concealed count 0, 2 or 3
  for (int t = 0; t < kKinds; ++t) {
    const int x = c[static_cast<std::size_t>(t)];
    if (x == 0) continue;
    suits |= 1u << suit_of(t);
    twos += x == 2;
    pung_counts = pung_counts && (x == 2 || x == 3);
  }
  bool chow_meld = false;
  for (int i = 0; i < k; ++i) {
    suits |= 1u << suit_of(st.melds[i].tile);
    chow_meld = chow_meld || st.melds[i].kind == MeldKind::kChow;
  }
  std::uint8_t out = 0;
  if (regular) out |= kPingHu;
  // Regular with no chow meld and a reading of pungs and one pair.
  if (regular && !chow_meld && pung_counts && twos == 1) out |= kAllPungs;
  if ((suits == 1 || suits == 2 || suits == 4) && (regular || pairs)) out |= kOneSuit;
  if (pairs) out |= kSevenPairs;
  if (orphans) out |= kThirteenOrphans;
  if (regular && suits == 8) out |= kAllHonours;
  return out;
}

}  // namespace detail

bool wins(const State& s, int seat, const Counts& counts, bool on_other) noexcept {
  const SeatState& st = s.seats[seat];
  if (st.void_suit >= 0 && detail::holds_suit(counts, st.void_suit)) return false;
  return detail::hand_wins(s.cfg, st, counts, on_other);
}

std::uint64_t waits(const State& s, int seat, int unseen[kKinds]) noexcept {
  const SeatState& st = s.seats[seat];
  const int k = st.n_melds;
  if (st.n_concealed != 13 - 3 * k || s.phase == Phase::kRaise) return 0;  // rules §11: {} in raise
  if (detail::holds_void(st) || !detail::may_be_ready(s.cfg, st, st.counts)) return 0;
  Counts c = st.counts;
  std::uint64_t cand = detail::candidates(s.cfg, st, c), mask = 0;
  while (cand) {
    const int t = __builtin_ctzll(cand);
    cand &= cand - 1;
    if (detail::own_copies(st, t) >= 4) continue;
    ++c[static_cast<std::size_t>(t)];
    if (detail::hand_wins(s.cfg, st, c, true)) mask |= detail::bit(t);  // on_other (§11)
    --c[static_cast<std::size_t>(t)];
  }
  if (mask == 0) return 0;
  // What the seat can see: its concealed tiles, every meld (another seat's
  // concealed kong aside), every discard lying in the discards, the revealed
  // open-kong tiles.
  int seen[kKinds] = {};
  for (int t = 0; t < kKinds; ++t) seen[t] = st.counts[static_cast<std::size_t>(t)];
  for (int p = 0; p < kSeats; ++p) {
    const SeatState& o = s.seats[p];
    for (int i = 0; i < o.n_melds; ++i) {
      const Meld& m = o.melds[i];
      switch (m.kind) {
        case MeldKind::kChow:
          for (int j = 0; j < 3; ++j) ++seen[m.tile + j];
          break;
        case MeldKind::kPung: seen[m.tile] += 3; break;
        case MeldKind::kConcealedKong:
          if (p != seat) break;
          seen[m.tile] += 4;
          break;
        default: seen[m.tile] += 4; break;
      }
    }
  }
  // A claimed discard lies in the claimer's meld, counted there (as the
  // fallback engine counts it; docs "waits(seat)" reads "claimed ones
  // included", which would count that tile twice).
  for (int i = 0; i < s.n_discards; ++i) seen[s.discards[i].tile] += !s.discards[i].claimed;
  // Rules §11: revealed open-kong tiles are seen from the moment they are
  // revealed. (After 槓上開花 one is also in the konger's hand, but a hand of
  // 14 - 3k tiles has no waits.)
  for (int i = 0; i < s.n_revealed; ++i) ++seen[s.revealed[i]];
  for (int t = 0; t < kKinds; ++t) {
    const int u = 4 - seen[t];
    unseen[t] = u < 0 ? 0 : u;
  }
  return mask;
}

void payments(const State& s, std::int64_t out[kSeats]) noexcept {
  for (int i = 0; i < kSeats; ++i) out[i] = 0;
  for (int i = 0; i < s.n_ledger; ++i) {
    const LedgerEntry& e = s.ledger[i];
    out[e.payer] -= e.amount;
    out[e.payee] += e.amount;
  }
}

}  // namespace yijing::mahjong
