// Mahjong yardstick: a minimal, hand-written loop of common mahjong hands,
// the C++ floor the engine's random play is measured against.
//
// One fixed rule set: the engine's common ruleset (docs/mahjong.md part 1)
// with its defaults, LESS 報聽 (declare_ready; the benchmark compares it with
// the engine run with declare_ready=False, the same rules, and quotes the
// engine's default too). 136 tiles (no flowers), 4 seats, the deal of
// docs §1 (three rounds of 4 from the dealer, then 2 to the dealer and 1 to
// each other seat; the dealer, (d1 + d2 - 1) % 4, holds 14 and plays first),
// draws from the front, kong replacements from the back, no dead wall; a hand
// with an empty live wall at the start of a turn is drawn. In turn: a discard
// of any kind held, a concealed or added kong (not right after a chow or
// pung, and only with a tile in the live wall), the self-drawn win (the
// dealer's dealt 14 count). After a discard, one seat at a time (docs §2):
// 胡 to each seat the tile completes, from the discarder's next seat; then
// pung (and exposed kong, holding three, with a tile in the live wall) to the
// seat holding two, with its chows in the same offer if it is the next seat;
// then the next seat's chows. An added kong is offered to be robbed first.
// Wins: the regular shape (4 sets + a pair, melds counted as sets) or seven
// pairs (concealed, a four counting as two pairs). Payments of docs §4 (kongs
// when they stand, 點炮, 自摸, 搶槓), units of 1.
//
// Policy: every decision is uniform over the moves the engine lists there
// (the engine's random_hands picks legal_moves()[uniform(n)]; the order of
// the list differs, the set and so the distribution does not), one move per
// decision, forced ones and passes included, as the engine counts moves.
//
// What it skips, and so does not pay for: 報聽 (the ready check of every
// discard: the costliest part of the engine's default common hands, see the
// benchmark's two engine figures), flowers, the void-suit game, move strings,
// views, the ledger and history, validation, any other ruleset. The win check
// is table-driven: per suit a byte table indexed by the suit's counts in base
// 5 (5^9 entries; 5^7 for the honours); each seat keeps its keys and their
// table values up to date as tiles come and go, so a win check is a compare
// (in turn) or at most one load (on another seat's tile). Its hands have the engine's distribution (mean
// moves, self-draw / discard / robbed-kong / draw rates: the benchmark prints
// both), not its exact hands (its own generator and shuffle).
//
// Usage: mahjong_yardstick HANDS [SEED] [REPS]  -> one JSON line per repetition.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

constexpr int kSeats = 4;
constexpr int kKinds = 34;
constexpr int kWall = 136;

struct Rng {  // xoshiro256**, seeded by SplitMix64 (as the Yi Jing Pai yardstick)
  std::uint64_t s[4];
  explicit Rng(std::uint64_t seed) {
    for (auto& x : s) {
      seed += 0x9E3779B97F4A7C15ULL;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      x = z ^ (z >> 31);
    }
  }
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t next() {
    const std::uint64_t r = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
  }
  // Lemire's nearly divisionless uniform in [0, n).
  std::uint32_t uniform(std::uint32_t n) {
    std::uint64_t m = (next() >> 32) * n;
    auto lo = static_cast<std::uint32_t>(m);
    if (lo < n) {
      const std::uint32_t t = (0u - n) % n;
      while (lo < t) {
        m = (next() >> 32) * n;
        lo = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
};

// Win tables: value 1 = the group's tiles (n % 3 == 0) are all sets, 2 = sets
// and one pair (n % 3 == 2), 8 = neither. A 3k+2 hand (k melds) wins the
// regular shape iff the four groups' values sum to 5 (one 2, three 1s).
std::vector<std::uint8_t> g_suit(1953125, 8);  // 5^9
std::vector<std::uint8_t> g_honour(78125, 8);  // 5^7
int g_group[kKinds];                           // 0-2 suits, 3 honours
std::uint32_t g_pow[kKinds];                   // 5^(place in its group)
const std::uint8_t* g_table[4];                // by group: g_suit x3, g_honour

void mark(std::vector<std::uint8_t>& table, int places, int* c, int tiles) {
  std::uint32_t key = 0, p = 1;
  for (int i = 0; i < places; ++i, p *= 5) key += static_cast<std::uint32_t>(c[i]) * p;
  table[key] = 1;
  if (tiles > 12) return;
  p = 1;
  for (int i = 0; i < places; ++i, p *= 5)
    if (c[i] <= 2) table[key + 2 * p] = 2;
}

// Every multiset of at most four sets (from set type `from` on), then a pair.
void sets(std::vector<std::uint8_t>& table, int places, bool chows, int* c, int from, int depth) {
  mark(table, places, c, 3 * depth);
  if (depth == 4) return;
  const int types = places + (chows ? 7 : 0);
  for (int s = from; s < types; ++s) {
    if (s < places) {  // pung of place s
      if (c[s] > 1) continue;
      c[s] += 3;
      sets(table, places, chows, c, s, depth + 1);
      c[s] -= 3;
    } else {  // chow starting at place s - places
      const int b = s - places;
      if (c[b] > 3 || c[b + 1] > 3 || c[b + 2] > 3) continue;
      ++c[b], ++c[b + 1], ++c[b + 2];
      sets(table, places, chows, c, s, depth + 1);
      --c[b], --c[b + 1], --c[b + 2];
    }
  }
}

void build_tables() {
  int c[9] = {};
  sets(g_suit, 9, true, c, 0, 0);
  int h[9] = {};
  sets(g_honour, 7, false, h, 0, 0);
  g_table[0] = g_table[1] = g_table[2] = g_suit.data();
  g_table[3] = g_honour.data();
  for (int t = 0; t < kKinds; ++t) {
    g_group[t] = t < 27 ? t / 9 : 3;
    const int place = t < 27 ? t % 9 : t - 27;
    std::uint32_t p = 1;
    for (int i = 0; i < place; ++i) p *= 5;
    g_pow[t] = p;
  }
}

struct Seat {
  std::uint8_t count[kKinds];
  std::uint32_t key[4];  // base-5 counts per group
  std::uint8_t val[4];   // g_table[g][key[g]]
  int total;             // their sum: the 3k+2 tiles are a regular win iff 5
  int kinds;             // kinds held
  std::uint64_t held;    // bit t: holds kind t
  std::uint64_t fours;   // bit t: holds four t
  std::uint64_t pungs;   // bit t: a pung meld of t
  int melds;
  int odd;  // kinds held an odd number of times (seven pairs: 0)

  void rekey(int g) {
    total -= val[g];
    val[g] = g_table[g][key[g]];
    total += val[g];
  }
  void add(int t) {
    const int n = ++count[t];
    const int g = g_group[t];
    key[g] += g_pow[t];
    rekey(g);
    if (n == 1) held |= std::uint64_t{1} << t, ++kinds;
    if (n == 4) fours |= std::uint64_t{1} << t;
    odd += (n & 1) ? 1 : -1;
  }
  void remove(int t, int k) {
    const int n = count[t] -= static_cast<std::uint8_t>(k);
    const int g = g_group[t];
    key[g] -= static_cast<std::uint32_t>(k) * g_pow[t];
    rekey(g);
    if (n == 0) held &= ~(std::uint64_t{1} << t), --kinds;
    fours &= ~(std::uint64_t{1} << t);
    if (k & 1) odd += (n & 1) ? 1 : -1;
  }
  // The 3k+2 concealed tiles win.
  bool wins() const { return total == 5 || (melds == 0 && odd == 0); }
  // The 3k+1 concealed tiles win with another seat's t: the other three groups
  // must be sets with at most one pair among them (sum <= 4) before t's group
  // is looked up.
  bool wins_with(int t) const {
    if (melds == 0 && odd + ((count[t] & 1) ? -1 : 1) == 0) return true;
    const int g = g_group[t];
    const int rest = total - val[g];
    return rest <= 4 && rest + g_table[g][key[g] + g_pow[t]] == 5;
  }
};

enum Kind { kSelfDraw = 0, kDiscard = 1, kRobbed = 2, kDraw = 3 };

constexpr int kBits3[8] = {0, 1, 1, 2, 1, 2, 2, 3};

int nth_bit(std::uint64_t m, int r) {
  for (; r > 0; --r) m &= m - 1;
  return __builtin_ctzll(m);
}

struct Hand {
  Rng& rng;
  std::uint8_t wall[kWall];
  int head, tail;
  Seat seat[kSeats];
  long long moves;
  int kind, winner;
  int pay[kSeats];

  int live() const { return tail - head; }
  static int after(int s, int i) { return (s + i) & 3; }
  int pick(int n) {
    ++moves;
    return n == 1 ? 0 : static_cast<int>(rng.uniform(static_cast<std::uint32_t>(n)));
  }
  void others_pay(int s) {
    for (int i = 1; i < kSeats; ++i) --pay[after(s, i)];
    pay[s] += 3;
  }
  void one_pays(int payer, int s) {
    --pay[payer];
    ++pay[s];
  }
  void finish(int k, int w) {
    kind = k;
    winner = w;
  }

  // 胡 offers of t to each seat it completes, from seat `from`'s next; true
  // when one accepts (it wins).
  bool win_offers(int from, int t, int k) {
    for (int i = 1; i < kSeats; ++i) {
      const int x = after(from, i);
      if (!seat[x].wins_with(t)) continue;
      if (pick(2) == 1) {  // pass, win
        finish(k, x);
        one_pays(from, x);
        return true;
      }
    }
    return false;
  }

  void play(int dealer) {
    int turn = dealer;
    bool claimed = false;  // in turn after a chow or pung: discard only
    for (;;) {
      Seat& s = seat[turn];
      // The moves in turn: discards, kongs, the win.
      const int nd = s.kinds;
      std::uint64_t kongs = 0;
      bool win = false;
      if (!claimed) {
        if (live() > 0) kongs = s.fours | (s.pungs & s.held);
        win = s.wins();
      }
      const int nk = kongs ? __builtin_popcountll(kongs) : 0;
      const int r = pick(nd + nk + (win ? 1 : 0));
      if (r >= nd + nk) {  // self-draw
        finish(kSelfDraw, turn);
        others_pay(turn);
        return;
      }
      if (r >= nd) {  // kong in turn
        const int t = nth_bit(kongs, r - nd);
        if (s.count[t] == 4) {
          s.remove(t, 4);
          ++s.melds;
          others_pay(turn);
        } else {
          s.remove(t, 1);
          s.pungs &= ~(std::uint64_t{1} << t);
          if (win_offers(turn, t, kRobbed)) return;
          others_pay(turn);
        }
        s.add(wall[--tail]);  // the replacement (the live wall is not empty)
        claimed = false;
        continue;
      }
      // A discard and its offers, one seat at a time.
      const int t = nth_bit(s.held, r);
      s.remove(t, 1);
      const int d = turn;
      if (win_offers(d, t, kDiscard)) return;
      const int next = after(d, 1);
      const int n9 = t < 27 ? t % 9 : -1;
      auto chows = [&](const Seat& x) {
        if (n9 < 0) return 0;
        const std::uint8_t* c = x.count;
        int m = 0;
        if (n9 >= 2 && c[t - 2] && c[t - 1]) m |= 1;
        if (n9 >= 1 && n9 <= 7 && c[t - 1] && c[t + 1]) m |= 2;
        if (n9 <= 6 && c[t + 1] && c[t + 2]) m |= 4;
        return m;
      };
      int claimer = -1, claim = 0, chow_low = 0;  // claim: 1 pung, 2 kong, 3 chow
      bool next_offered = false;
      for (int i = 1; i < kSeats; ++i) {
        const int x = after(d, i);
        Seat& sx = seat[x];
        if (sx.count[t] < 2) continue;
        const bool kong = sx.count[t] == 3 && live() > 0;
        const int cm = x == next ? chows(sx) : 0;
        next_offered = x == next;
        const int nc = kBits3[cm];
        const int c = pick(2 + (kong ? 1 : 0) + nc);  // pass, pung, kong, chows
        if (c == 1) claimer = x, claim = 1;
        if (c == 2 && kong) claimer = x, claim = 2;
        if (c >= 2 + (kong ? 1 : 0)) claimer = x, claim = 3, chow_low = nth_bit(cm, c - 2 - (kong ? 1 : 0));
        break;
      }
      if (claimer < 0 && !next_offered) {
        const int cm = chows(seat[next]);
        if (cm) {
          const int nc = kBits3[cm];
          const int c = pick(nc + 1);  // chows, pass
          if (c < nc) claimer = next, claim = 3, chow_low = nth_bit(cm, c);
        }
      }
      if (claimer < 0) {  // the next seat draws
        if (head == tail) {
          finish(kDraw, -1);
          return;
        }
        turn = next;
        seat[turn].add(wall[head++]);
        claimed = false;
        continue;
      }
      Seat& c = seat[claimer];
      ++c.melds;
      turn = claimer;
      if (claim == 1) {
        c.remove(t, 2);
        c.pungs |= std::uint64_t{1} << t;
        claimed = true;
      } else if (claim == 2) {
        c.remove(t, 3);
        one_pays(d, claimer);
        c.add(wall[--tail]);
        claimed = false;
      } else {
        const int low = t - 2 + chow_low;  // chow bit i: the run t-2+i .. t+i
        for (int x = low; x < low + 3; ++x)
          if (x != t) c.remove(x, 1);
        claimed = true;
      }
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  const long long hands = argc > 1 ? std::atoll(argv[1]) : 100000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 1;
  build_tables();
  for (int rep = 0; rep < reps; ++rep) {
    Rng rng(seed + static_cast<std::uint64_t>(rep));
    long long kinds[4] = {0, 0, 0, 0}, moves = 0;
    std::uint64_t checksum = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    Hand g{rng, {}, 0, 0, {}, 0, 0, 0, {}};
    for (long long i = 0; i < hands; ++i) {
      // shuffle (Fisher-Yates) and dice
      for (int j = 0; j < kWall; ++j) g.wall[j] = static_cast<std::uint8_t>(j >> 2);
      for (int j = kWall - 1; j > 0; --j) {
        const std::uint32_t r = rng.uniform(static_cast<std::uint32_t>(j + 1));
        const std::uint8_t t = g.wall[j];
        g.wall[j] = g.wall[r];
        g.wall[r] = t;
      }
      const int d1 = 1 + static_cast<int>(rng.uniform(6)), d2 = 1 + static_cast<int>(rng.uniform(6));
      const int dealer = (d1 + d2 - 1) % kSeats;
      g.head = 0;
      g.tail = kWall;
      g.moves = 0;
      for (auto& s : g.seat) {
        s = Seat{};
        s.val[0] = s.val[1] = s.val[2] = s.val[3] = 1;  // an empty group: no tiles, no pair
        s.total = 4;
      }
      for (auto& p : g.pay) p = 0;
      for (int round = 0; round < 3; ++round)
        for (int off = 0; off < kSeats; ++off)
          for (int j = 0; j < 4; ++j) g.seat[Hand::after(dealer, off)].add(g.wall[g.head++]);
      g.seat[dealer].add(g.wall[g.head++]);
      g.seat[dealer].add(g.wall[g.head++]);
      for (int off = 1; off < kSeats; ++off) g.seat[Hand::after(dealer, off)].add(g.wall[g.head++]);
      g.play(dealer);
      ++kinds[g.kind];
      moves += g.moves;
      std::uint64_t h = static_cast<std::uint64_t>(g.kind * 5 + (g.winner < 0 ? 4 : g.winner));
      for (int p : g.pay) h = h * 31 + static_cast<std::uint64_t>(p & 0xFF);
      checksum = checksum * 1000003u + h + static_cast<std::uint64_t>(g.moves);
    }
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    std::printf(
        "{\"hands\": %lld, \"seconds\": %.6f, \"cpu_seconds\": %.6f, \"hands_per_s\": %.1f, "
        "\"mean_moves\": %.4f, \"self_draw\": %lld, \"discard\": %lld, \"robbed_kong\": %lld, "
        "\"draw\": %lld, \"checksum\": %llu}\n",
        hands, dt, cpu, hands / dt, static_cast<double>(moves) / hands, kinds[0], kinds[1], kinds[2],
        kinds[3], static_cast<unsigned long long>(checksum));
    std::fflush(stdout);
  }
  return 0;
}
