// Every regular reading (sets + pair) of a complete hand.
#include <vector>

#include "yijing/mahjong/hand.hpp"

namespace yijing::mahjong {
namespace {

struct Walker {
  Counts c;
  Decomposition cur;
  bool have_pair = false;
  std::vector<Decomposition> out;

  // The first tile left must belong to the pair, a pung or a chow starting at it.
  // At one tile the choices are taken in that order (never an earlier one after a
  // later one), so each reading is produced exactly once.
  void run(int from, int minopt) {
    int k = from;
    while (k < kKinds && c[k] == 0) {
      ++k;
      minopt = 0;
    }
    if (k == kKinds) {
      if (have_pair) out.push_back(cur);
      return;
    }
    if (minopt <= 0 && !have_pair && c[k] >= 2) {
      c[k] -= 2;
      have_pair = true;
      cur.pair = static_cast<std::uint8_t>(k);
      run(k, 0);
      have_pair = false;
      c[k] += 2;
    }
    if (minopt <= 1 && c[k] >= 3) {
      c[k] -= 3;
      cur.sets.push_back({0, static_cast<std::uint8_t>(k)});
      run(k, 1);
      cur.sets.pop_back();
      c[k] += 3;
    }
    if (minopt <= 2 && k < kHonourBase && k % 9 <= 6 && c[k + 1] && c[k + 2]) {
      --c[k], --c[k + 1], --c[k + 2];
      cur.sets.push_back({1, static_cast<std::uint8_t>(k)});
      run(k, 2);
      cur.sets.pop_back();
      ++c[k], ++c[k + 1], ++c[k + 2];
    }
  }
};

}  // namespace

std::vector<Decomposition> regular_decompositions(const Counts& c) {
  int n = 0;
  for (auto x : c) n += x;
  if (n % 3 != 2) return {};
  Walker w;
  w.c = c;
  w.run(0, 0);
  return std::move(w.out);
}

}  // namespace yijing::mahjong
