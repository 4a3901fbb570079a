#include <array>
#include <string_view>

#include "yijing/yijingpai/iching_tables.hpp"

namespace yijing::yijingpai {
namespace {

// Bit i of the result is line i (bottom = bit 0); -1 if not all '0'/'1'.
int lines_to_bits(std::string_view lines, std::size_t expected) noexcept {
  if (lines.size() != expected) return -1;
  int bits = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] == '1') {
      bits |= 1 << i;
    } else if (lines[i] != '0') {
      return -1;
    }
  }
  return bits;
}

template <std::size_t N>
const GramInfo* find_gram(const std::array<GramInfo, N>& table, std::string_view lines,
                          std::size_t width) noexcept {
  if (lines_to_bits(lines, width) < 0) return nullptr;
  for (const auto& g : table) {
    if (lines == g.lines) return &g;
  }
  return nullptr;
}

}  // namespace

int king_wen_from_lines(std::string_view lines) noexcept {
  static const std::array<int, 64> by_bits = [] {
    std::array<int, 64> t{};
    for (const auto& h : kHexagrams) t[static_cast<std::size_t>(lines_to_bits(h.lines, 6))] = h.king_wen;
    return t;
  }();
  const int bits = lines_to_bits(lines, 6);
  return bits < 0 ? 0 : by_bits[static_cast<std::size_t>(bits)];
}

const HexagramInfo* hexagram_by_king_wen(int n) noexcept {
  if (n < 1 || n > static_cast<int>(kNumHexagrams)) return nullptr;
  return &kHexagrams[static_cast<std::size_t>(n - 1)];
}

const GramInfo* trigram_by_lines(std::string_view lines) noexcept {
  return find_gram(kTrigrams, lines, 3);
}

const GramInfo* digram_by_lines(std::string_view lines) noexcept {
  return find_gram(kDigrams, lines, 2);
}

}  // namespace yijing::yijingpai
