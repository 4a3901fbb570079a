// The ValidateMoves fast paths of both games (yijing/wire/validate_moves.hpp).
// Verdict bytes must equal the service's Python path's
// (tests/service/test_service_wire.py, test_service_mahjong_fastpath.py).
#include "yijing/wire/validate_moves.hpp"

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "yijing/mahjong/engine.hpp"
#include "yijing/mahjong/notation.hpp"
#include "yijing/mahjong/reason.hpp"
#include "yijing/mahjong/tiles.hpp"
#include "yijing/yijingpai/position_check.hpp"
#include "yijing/yijingpai/reason.hpp"

namespace yijing::wire {

namespace yp = yijing::yijingpai;
namespace mj = yijing::mahjong;

namespace {

constexpr int kYijingpaiReasons = static_cast<int>(yp::Reason::kCannotWin) + 1;

// The position formats. The rules field is the only Position field either game
// accepts for its rule set; the other game's is refused like any unknown one.
constexpr PositionFormat kYijingpaiFormat{kPositionRules, /*rules_required=*/false,
                                          /*empty_batch_ok=*/true};
constexpr PositionFormat kMahjongFormat{kPositionMahjong, /*rules_required=*/true,
                                        /*empty_batch_ok=*/false};

const std::vector<std::string>& yijingpai_entries() {
  static const std::vector<std::string> entries = [] {
    std::vector<std::string> e;
    for (int r = 0; r < kYijingpaiReasons; ++r) {
      const auto reason = static_cast<yp::Reason>(r);
      e.push_back(verdict_entry(reason == yp::Reason::kOk, yp::reason_name(reason),
                                yp::reason_message(reason)));
    }
    return e;
  }();
  return entries;
}

// Replay a mahjong history on `s`; false if a move does not replay (or the
// engine's bound is hit). The deal is shuffle_wall's as tile codes (no wall
// string written and parsed again), dealt into the reused state as the
// simulator deals (init_state_tiles resets what the last deal used).
bool replay_mahjong(mj::State& s, const mj::Config& cfg, const Item& it,
                    const std::string_view* moves) {
  if (!mj::config_valid(cfg)) return false;
  mj::Tile tiles[mj::kMaxWallTiles];
  int d1 = 0, d2 = 0;
  const int n = mj::shuffle_tiles(it.seed, cfg.tiles(), tiles, d1, d2);
  mj::init_state_tiles(s, cfg, tiles, n, (d1 + d2 - 1) % mj::kSeats);  // the dealer as mj.Game(seed=)
  for (std::size_t j = 0; j < it.n_moves; ++j) {
    mj::MoveSpec spec;
    mj::Reason r = mj::parse_move(moves[j], spec);
    if (r == mj::Reason::kOk) r = mj::check(s, spec);
    if (r != mj::Reason::kOk || s.n_history >= mj::kMaxHistory) return false;
    mj::apply(s, mj::to_move(spec));
  }
  return true;
}

bool same_history(const Item& a, const Item& b, const std::vector<std::string_view>& moves) {
  if (a.rules_index != b.rules_index || a.seed != b.seed || a.n_moves != b.n_moves) return false;
  for (std::size_t j = 0; j < a.n_moves; ++j)
    if (moves[a.first_move + j] != moves[b.first_move + j]) return false;
  return true;
}

}  // namespace

bool parse_yijingpai(std::string_view request, const Limits& lim, Parsed& out) {
  return parse_request(request, kYijingpaiFormat, out, lim);
}

bool answer_yijingpai(const Parsed& parsed, const std::vector<YijingpaiRuleSet>& rule_sets,
                      Answer& out) {
  const std::vector<std::string>& entries = yijingpai_entries();
  out.response.clear();
  out.response.reserve(parsed.items.size() * 48);
  out.counts.assign(kYijingpaiReasons, 0);
  yp::State s;
  for (const Item& it : parsed.items) {
    const YijingpaiRuleSet& rs = rule_sets[static_cast<std::size_t>(it.rules_index)];
    yp::PositionDeal deal;
    deal.seed = it.seed;
    if (yp::deal_position(s, rs, deal) != yp::DealError::kNone)
      return false;
    const yp::PositionCheck c = yp::replay_and_check(
        s, parsed.moves.data() + it.first_move, static_cast<int>(it.n_moves), it.move);
    if (c.bad_move >= 0) return false;  // an invalid request: the Python path words the error
    const int r = static_cast<int>(c.reason);
    ++out.counts[static_cast<std::size_t>(r)];
    out.response += entries[static_cast<std::size_t>(r)];
  }
  return true;
}

int yijingpai_reasons() noexcept { return kYijingpaiReasons; }

const char* yijingpai_reason_name(int r) noexcept {
  return yp::reason_name(static_cast<yp::Reason>(r));
}

bool parse_mahjong(std::string_view request, const Limits& lim, Parsed& out) {
  return parse_request(request, kMahjongFormat, out, lim);
}

bool answer_mahjong(const Parsed& parsed, const std::vector<mj::Config>& configs,
                    const std::vector<std::string>& entries, Answer& out) {
  out.response.clear();
  out.response.reserve(parsed.items.size() * 48);
  out.counts.assign(mj::kReasons, 0);
  mj::State s;
  const Item* last = nullptr;  // the item whose history `s` holds (a batch's candidates share one)
  for (const Item& it : parsed.items) {
    if (last == nullptr || !same_history(*last, it, parsed.moves)) {
      if (!replay_mahjong(s, configs[static_cast<std::size_t>(it.rules_index)], it,
                          parsed.moves.data() + it.first_move))
        return false;
      last = &it;
    }
    const int r = static_cast<int>(mj::check_move(s, it.move));
    ++out.counts[static_cast<std::size_t>(r)];
    out.response += entries[static_cast<std::size_t>(r)];
  }
  return true;
}

int mahjong_reasons() noexcept { return mj::kReasons; }

const char* mahjong_reason_name(int r) noexcept {
  return mj::reason_name(static_cast<mj::Reason>(r));
}

const char* mahjong_reason_message(int r) noexcept {
  return mj::reason_message(static_cast<mj::Reason>(r));
}

std::string mahjong_verdict_entry(int r, std::string_view message) {
  const auto reason = static_cast<mj::Reason>(r);
  return verdict_entry(reason == mj::Reason::kOk, mj::reason_name(reason), message);
}

namespace {

template <class T>
std::string image_of(const char (&tag)[5], const T& value) {
  static_assert(std::is_trivially_copyable_v<T>, "an image is the struct's bytes");
  std::string out(tag, 4);
  const auto size = static_cast<std::uint32_t>(sizeof(T));
  out.append(reinterpret_cast<const char*>(&size), sizeof size);
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
  return out;
}

template <class T>
bool from_image(const char (&tag)[5], std::string_view image, T& value) {
  const auto size = static_cast<std::uint32_t>(sizeof(T));
  if (image.size() != 4 + sizeof size + sizeof(T) || image.substr(0, 4) != std::string_view(tag, 4) ||
      std::memcmp(image.data() + 4, &size, sizeof size) != 0)
    return false;
  std::memcpy(&value, image.data() + 4 + sizeof size, sizeof(T));
  return true;
}

}  // namespace

std::string yijingpai_image(const YijingpaiRuleSet& rs) { return image_of("YJR1", rs); }

bool yijingpai_from_image(std::string_view image, YijingpaiRuleSet& rs) {
  return from_image("YJR1", image, rs) && yp::config_valid(rs);
}

std::string mahjong_image(const mj::Config& cfg) { return image_of("MJR1", cfg); }

bool mahjong_from_image(std::string_view image, mj::Config& cfg) {
  return from_image("MJR1", image, cfg) && mj::config_valid(cfg);
}

}  // namespace yijing::wire
