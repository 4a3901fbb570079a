// Yardstick: a minimal, hand-written Yi Jing Pai game loop.
//
// One fixed rule set, the engine's default (docs/yijing.md): 4 players, 144
// tiles (70 yang, 70 yin, 4 taiji), standard variant (plays of k = 2 lines),
// taiji wild and allowed in pongs, win conditions two_targets and
// three_of_a_kind, self-draw paid by each. The same claim checks as the
// engine: 胡 offers to every other seat counterclockwise, then 碰 offers
// (nobody offered when the next seat can form the pair), pong placements
// outer / inner / split, the no-repeat rule, the player-in-turn pong, a draw
// when the turn seat holds fewer than k tiles.
//
// Policy: uniform over the legal move strings (as the engine's random bot:
// a uniformly random legal target, then uniform over legal moves). No move
// strings, no parsing, no validation of untrusted input, no generality
// (the moves of a 2-tile hand come from small tables): it shows what a game
// costs when nothing else is paid for. Its games have the engine's
// distribution (mean plies, draw / self-draw / dealt-in rates: the benchmark
// prints both), not its exact games (its own generator and shuffle).
//
// Usage: yardstick GAMES [SEED] [REPS]  -> one JSON line per repetition.
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kPlayers = 4;
constexpr int kK = 2;
constexpr int kWall = 144;
constexpr int kDealEach = 8;

struct Rng {  // xoshiro256**, seeded by SplitMix64
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

enum Tile : std::uint8_t { kYin = 0, kYang = 1, kTaiji = 2 };
enum Place : std::uint8_t { kOuter = 0, kInner = 1, kSplit = 2 };
enum MoveKind : std::uint8_t { kPlay, kPong, kWin, kPass };

struct Move {
  MoveKind kind;
  std::uint8_t values;  // declared lines, bit 0 = first line
  std::uint8_t taiji;   // which lines are taiji tiles
  Place place;
};

// Legal targets by hand composition (yang, yin, taiji): every 6-line string
// over {1, 0, +, -} within the tiles held, as (values, taiji mask).
struct Target {
  std::uint8_t values, taiji;
};
std::vector<Target> g_targets[kDealEach + 1][kDealEach + 1][5];

void build_targets() {
  for (int code = 0; code < 4096; ++code) {  // 2 bits per line: 0 '0', 1 '1', 2 '-', 3 '+'
    int ones = 0, zeros = 0, tj = 0;
    std::uint8_t values = 0, taiji = 0;
    for (int i = 0; i < 6; ++i) {
      const int c = (code >> (2 * i)) & 3;
      if (c == 0) ++zeros;
      if (c == 1) ++ones, values |= 1u << i;
      if (c == 2) ++tj, taiji |= 1u << i;
      if (c == 3) ++tj, taiji |= 1u << i, values |= 1u << i;
    }
    for (int a = 0; a <= kDealEach; ++a)
      for (int b = 0; a + b <= kDealEach; ++b) {
        const int t = kDealEach - a - b;
        if (t > 4) continue;
        if (ones <= a && zeros <= b && tj <= t) g_targets[a][b][t].push_back({values, taiji});
      }
  }
}

struct Seat {
  int yang, yin, taiji;        // hand
  std::uint8_t target;         // declared values
  std::uint8_t len, lines, tl; // hexagram in progress: length, values, taiji mask
  std::uint64_t wins;          // hexagrams whose completion wins now
  std::uint8_t count[64];
};

struct Game {
  std::uint8_t wall[kWall];
  int pos;
  Seat seat[kPlayers];
  bool last_valid;
  std::uint8_t last_values;
  int plies;
  int kind;  // 0 self_draw, 1 dealt_in, 2 draw
  int winner, points;
  int payments[kPlayers];
  int turn0;      // the dealer: first to play
  int next_turn;  // the seat to move after the play being resolved
};

int seat_after(int s, int off) { return (s + off) & 3; }

void draw_tiles(Game& g, int s, int n) {
  for (int i = 0; i < n && g.pos < kWall; ++i) {
    const std::uint8_t t = g.wall[g.pos++];
    g.seat[s].yang += t == kYang;
    g.seat[s].yin += t == kYin;
    g.seat[s].taiji += t == kTaiji;
  }
}

int points_of(std::uint8_t values, std::uint8_t taiji) {
  int p = 0;
  for (int i = 0; i < 6; ++i)
    if (!((taiji >> i) & 1)) p += ((values >> i) & 1) ? 2 : 1;
  return p;
}

// Lines M (k = 2) placed on L (docs §4).
void place(std::uint8_t len, std::uint8_t l, std::uint8_t lt, std::uint8_t m, std::uint8_t mt, Place p,
           std::uint8_t& out, std::uint8_t& out_t) {
  switch (p) {
    case kOuter:
      out = static_cast<std::uint8_t>(l | (m << len));
      out_t = static_cast<std::uint8_t>(lt | (mt << len));
      break;
    case kInner:
      out = static_cast<std::uint8_t>(m | (l << kK));
      out_t = static_cast<std::uint8_t>(mt | (lt << kK));
      break;
    case kSplit:
      out = static_cast<std::uint8_t>((m & 1) | (l << 1) | ((m >> 1) << (len + 1)));
      out_t = static_cast<std::uint8_t>((mt & 1) | (lt << 1) | ((mt >> 1) << (len + 1)));
      break;
  }
}

bool can_form_pair(const Seat& s, int v) {
  const int line = v ? s.yang : s.yin;
  return s.yang + s.yin + s.taiji == kK && line + s.taiji == kK;
}

// The plays (and in-turn pongs) of the seat's hand: every distinct string.
int hand_moves(const Seat& s, MoveKind kind, int pair, Move* out) {
  // the hand's k = 2 tiles as lists of (value, taiji) choices per tile
  std::uint8_t tiles[2];
  int n = 0;
  for (int i = 0; i < s.yang; ++i) tiles[n++] = kYang;
  for (int i = 0; i < s.yin; ++i) tiles[n++] = kYin;
  for (int i = 0; i < s.taiji; ++i) tiles[n++] = kTaiji;
  int count = 0;
  const int orders = tiles[0] == tiles[1] ? 1 : 2;
  for (int o = 0; o < orders; ++o) {
    const std::uint8_t a = tiles[o], b = tiles[1 - o];
    const int da = a == kTaiji ? 2 : 1, db = b == kTaiji ? 2 : 1;
    for (int x = 0; x < da; ++x)
      for (int y = 0; y < db; ++y) {
        const std::uint8_t va = a == kTaiji ? x : a, vb = b == kTaiji ? y : b;
        const auto values = static_cast<std::uint8_t>(va | (vb << 1));
        const auto taiji = static_cast<std::uint8_t>((a == kTaiji) | ((b == kTaiji) << 1));
        if (kind == kPong && values != (pair ? 3 : 0)) continue;
        // two taiji in the other order are the same strings: counted once
        if (o == 1 && a == kTaiji && b == kTaiji) continue;
        out[count++] = {kind, values, taiji, kOuter};
      }
  }
  return count;
}

// hand_moves() as tables, by hand (yang, yin, taiji <= 2): the plays that are
// not a repeat of the previous play (index 4: no previous play), and the pong
// lines of each pair value.
struct MoveList {
  std::uint8_t n = 0;
  Move m[4];
};
MoveList g_plays[3][3][3][5];
MoveList g_pongs[3][3][3][2];

void build_hand_tables() {
  for (int a = 0; a <= 2; ++a)
    for (int b = 0; a + b <= 2; ++b) {
      const int t = 2 - a - b;
      Seat s{};
      s.yang = a, s.yin = b, s.taiji = t;
      Move raw[4];
      const int n = hand_moves(s, kPlay, 0, raw);
      for (int last = 0; last <= 4; ++last) {
        MoveList& l = g_plays[a][b][t][last];
        for (int i = 0; i < n; ++i)
          if (last == 4 || raw[i].values != last) l.m[l.n++] = raw[i];
      }
      for (int v = 0; v <= 1; ++v) {
        if (!can_form_pair(s, v)) continue;
        MoveList& l = g_pongs[a][b][t][v];
        l.n = static_cast<std::uint8_t>(hand_moves(s, kPong, v, l.m));
      }
    }
}

// Pong placements on the seat's hexagram in progress (docs §4, standard).
int pong_places(const Seat& s, int pair, Place* out) {
  if (s.len == 0) {
    out[0] = kOuter;
    return 1;
  }
  if (pair) {
    out[0] = kSplit;
    return 1;
  }
  out[0] = kOuter;
  out[1] = kInner;
  return 2;
}

struct Player {
  Game& g;
  Rng& rng;

  void finish(int kind, int winner, int loser, int points) {
    g.kind = kind;
    g.winner = winner;
    g.points = points;
    for (int s = 0; s < kPlayers; ++s) g.payments[s] = 0;
    if (kind == 1) {
      g.payments[winner] = points;
      g.payments[loser] = -points;
    } else if (kind == 0) {
      for (int s = 0; s < kPlayers; ++s) g.payments[s] = s == winner ? 3 * points : -points;
    }
  }

  // A play or pong by p; returns true when the hand is over.
  bool resolve(int p, Move m) {
    ++g.plies;
    Seat& sp = g.seat[p];
    sp.yang = sp.yin = sp.taiji = 0;  // a play or pong uses the whole hand
    std::uint8_t nl, nt;
    place(sp.len, sp.lines, sp.tl, m.values, m.taiji, m.place, nl, nt);
    sp.len = static_cast<std::uint8_t>(sp.len + kK);
    sp.lines = nl;
    sp.tl = nt;
    g.last_valid = true;
    g.last_values = m.values;
    if (sp.len == 6) {
      const std::uint8_t h = nl;
      if ((sp.wins >> h) & 1) {
        finish(0, p, -1, points_of(h, nt));
        return true;
      }
      if (++sp.count[h] == 2) sp.wins |= std::uint64_t{1} << h;  // three_of_a_kind
      if (h == sp.target) sp.wins |= std::uint64_t{1} << h;      // two_targets
      sp.len = sp.lines = sp.tl = 0;
    }
    draw_tiles(g, p, kK);
    // 胡 offers, counterclockwise
    const bool pure = m.values == 0 || m.values == 3;
    for (int off = 1; off < kPlayers; ++off) {
      const int x = seat_after(p, off);
      const Seat& sx = g.seat[x];
      if (sx.len != 6 - kK || !sx.wins) continue;
      Move opts[4];
      int n = 0;
      Place places[2] = {kOuter, kOuter};
      int np = 1;
      if (pure) places[np++] = m.values ? kSplit : kInner;
      for (int i = 0; i < np; ++i) {
        std::uint8_t h, ht;
        place(sx.len, sx.lines, sx.tl, m.values, m.taiji, places[i], h, ht);
        if ((sx.wins >> h) & 1) opts[n++] = {kWin, h, ht, places[i]};
      }
      if (!n) continue;
      opts[n++] = {kPass, 0, 0, kOuter};
      const Move c = opts[rng.uniform(static_cast<std::uint32_t>(n))];
      ++g.plies;
      if (c.kind == kWin) {
        finish(1, x, p, points_of(c.values, c.taiji));
        return true;
      }
    }
    // 碰 offers
    if (pure) {
      const int v = m.values & 1;
      if (!can_form_pair(g.seat[seat_after(p, 1)], v)) {
        for (int off = 2; off < kPlayers; ++off) {
          const int x = seat_after(p, off);
          const Seat& sx = g.seat[x];
          if (!can_form_pair(sx, v)) continue;
          const MoveList& lines = g_pongs[sx.yang][sx.yin][sx.taiji][v];
          Move opts[9];
          Place places[2];
          const int np = pong_places(sx, v, places);
          int n = 0;
          for (int i = 0; i < lines.n; ++i)
            for (int j = 0; j < np; ++j) opts[n++] = {kPong, lines.m[i].values, lines.m[i].taiji, places[j]};
          opts[n++] = {kPass, 0, 0, kOuter};
          const Move c = opts[rng.uniform(static_cast<std::uint32_t>(n))];
          if (c.kind == kPong) return resolve_turn(x, c);
          ++g.plies;
        }
      }
    }
    return false;
  }

  // resolve() then continue the game from the next seat; returns true (over).
  bool resolve_turn(int p, Move m) {
    g.next_turn = seat_after(p, 1);  // before: a nested pong overrides it
    return resolve(p, m);
  }

  void play() {
    int turn = g.turn0;
    for (;;) {
      Seat& s = g.seat[turn];
      if (s.yang + s.yin + s.taiji < kK) {
        finish(2, -1, -1, 0);
        return;
      }
      if (s.yang + s.yin + s.taiji != kK) std::abort();  // never: a hand is 0 or k tiles
      const MoveList& plays = g_plays[s.yang][s.yin][s.taiji][g.last_valid ? g.last_values : 4];
      const MoveList* pongs = nullptr;
      Place places[2];
      int np = 0;
      if (g.last_valid && (g.last_values == 0 || g.last_values == 3)) {
        pongs = &g_pongs[s.yang][s.yin][s.taiji][g.last_values & 1];
        if (pongs->n) np = pong_places(s, g.last_values & 1, places);
      }
      const int n = plays.n + (np ? pongs->n * np : 0);
      const int r = n == 1 ? 0 : static_cast<int>(rng.uniform(static_cast<std::uint32_t>(n)));
      Move c;
      if (r < plays.n) {
        c = plays.m[r];
      } else {
        const int q = r - plays.n;
        c = pongs->m[q / np];
        c.kind = kPong;
        c.place = places[q % np];
      }
      if (resolve_turn(turn, c)) return;
      turn = g.next_turn;
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  const long long games = argc > 1 ? std::atoll(argv[1]) : 100000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 1;
  build_targets();
  build_hand_tables();
  for (int rep = 0; rep < reps; ++rep) {
    Rng rng(seed + static_cast<std::uint64_t>(rep));
    long long kinds[3] = {0, 0, 0}, plies = 0, checksum = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    Game g;
    for (long long i = 0; i < games; ++i) {
      // shuffle (Fisher-Yates) and dice
      for (int j = 0; j < kWall; ++j) g.wall[j] = j < 70 ? kYang : j < 140 ? kYin : kTaiji;
      for (int j = kWall - 1; j > 0; --j) {
        const std::uint32_t r = rng.uniform(static_cast<std::uint32_t>(j + 1));
        const std::uint8_t t = g.wall[j];
        g.wall[j] = g.wall[r];
        g.wall[r] = t;
      }
      const int d1 = 1 + static_cast<int>(rng.uniform(6)), d2 = 1 + static_cast<int>(rng.uniform(6));
      const int dealer = (d1 + d2 - 1) % kPlayers;
      g.pos = 0;
      g.plies = 0;
      g.last_valid = false;
      for (auto& s : g.seat) s = Seat{};
      for (int round = 0; round < 2; ++round)
        for (int off = 0; off < kPlayers; ++off) draw_tiles(g, seat_after(dealer, off), 4);
      // targets, lowest seat first
      for (int s = 0; s < kPlayers; ++s) {
        Seat& st = g.seat[s];
        const auto& list = g_targets[st.yang][st.yin][st.taiji];
        const Target t = list[rng.uniform(static_cast<std::uint32_t>(list.size()))];
        st.target = t.values;
        const int tj = __builtin_popcount(t.taiji);
        const int ones = __builtin_popcount(t.values & ~t.taiji & 63);
        st.taiji -= tj;
        st.yang -= ones;
        st.yin -= 6 - tj - ones;
        ++g.plies;
      }
      g.turn0 = dealer;
      Player{g, rng}.play();
      ++kinds[g.kind];
      plies += g.plies;
      checksum += g.points * 7 + g.winner + g.payments[0];
    }
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    std::printf(
        "{\"games\": %lld, \"seconds\": %.6f, \"cpu_seconds\": %.6f, \"games_per_s\": %.1f, "
        "\"mean_plies\": %.4f, "
        "\"self_draw\": %lld, \"dealt_in\": %lld, \"draw\": %lld, \"checksum\": %lld}\n",
        games, dt, cpu, games / dt, static_cast<double>(plies) / games, kinds[0], kinds[1], kinds[2],
        checksum);
    std::fflush(stdout);
  }
  return 0;
}
