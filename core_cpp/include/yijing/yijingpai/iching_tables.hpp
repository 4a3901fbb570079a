// The I Ching figures used by Yi Jing Pai: 64 hexagrams, 8 trigrams, 4 digrams.
//
// Lines are written bottom (inner) to top (outer): '1' yang, '0' yin. The data
// is generated from tests/data/iching_*.csv by scripts/gen_tables.py and the
// tests check it against the CSV.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace yijing::yijingpai {

inline constexpr std::size_t kNumHexagrams = 64;
inline constexpr std::size_t kNumTrigrams = 8;
inline constexpr std::size_t kNumDigrams = 4;

struct HexagramInfo {
  int king_wen;          // 1..64
  const char* name;      // Chinese name, e.g. "損"
  const char* pinyin;    // e.g. "sǔn"
  const char* name_en;   // e.g. "Decrease"
  const char* unicode;   // hexagram symbol, e.g. "䷨"
  const char* lower;     // name of the lower (inner) trigram
  const char* upper;     // name of the upper (outer) trigram
  const char* lines;     // six characters, bottom to top
};

// A trigram or digram.
struct GramInfo {
  const char* name;
  const char* pinyin;
  const char* name_en;
  const char* unicode;
  const char* lines;  // bottom to top
};

// In King Wen order: kHexagrams[n - 1].king_wen == n.
extern const std::array<HexagramInfo, kNumHexagrams> kHexagrams;
extern const std::array<GramInfo, kNumTrigrams> kTrigrams;
extern const std::array<GramInfo, kNumDigrams> kDigrams;

// King Wen number (1..64) of the hexagram with these lines, or 0 when `lines`
// is not six characters of '0'/'1'.
int king_wen_from_lines(std::string_view lines) noexcept;

// The hexagram with King Wen number n, or nullptr when n is outside 1..64.
const HexagramInfo* hexagram_by_king_wen(int n) noexcept;

// The trigram (3 lines) / digram (2 lines) with these lines, or nullptr.
const GramInfo* trigram_by_lines(std::string_view lines) noexcept;
const GramInfo* digram_by_lines(std::string_view lines) noexcept;

}  // namespace yijing::yijingpai
