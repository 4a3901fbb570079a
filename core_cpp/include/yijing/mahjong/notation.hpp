// The string notation of the mahjong games on top of the compact engine:
// parsing move strings, formatting moves, tiles, hands and walls. Used by the
// Python binding and by tests; the engine itself never sees strings.
#pragma once

#include <string>
#include <string_view>

#include "yijing/mahjong/engine.hpp"

namespace yijing::mahjong {

// Parse `s<n>:<action>` (docs "Moves and the order of checks"; `n` ASCII
// digits, no leading zero). Returns kOk, kMalformed or kNoSuchSeat (n >= 4,
// the action well-formed); `out` is filled on kOk and kNoSuchSeat (a seat of
// two or more digits is 99).
Reason parse_move(std::string_view text, MoveSpec& out) noexcept;

// Verdict for a move string: the parse, then check().
Reason check_move(const State& s, std::string_view text) noexcept;

// "s2:discard=5m", "s1:chow=345p", "s0:void=s", "s3:win"; with `hide_kong`
// a concealed kong is "sN:kong" (the view's history of another seat).
std::string format_move(Move m, bool hide_kong = false);
std::string tile_code(Tile t);
// The concealed tiles in id order, as codes.
std::string hand_string(const Counts& c);
// A meld's tiles: "345m", "555p", "5555p".
std::string meld_string(const Meld& m);
const char* phase_name(Phase p) noexcept;
const char* meld_kind_name(MeldKind k) noexcept;
const char* pay_name(Pay p) noexcept;
const char* result_kind_name(ResultKind k) noexcept;
// The name (UTF-8) of bit `i` of Result::patterns in ruleset `r`, or "".
const char* pattern_name(Ruleset r, int i) noexcept;
// Changsha's opening / mid-game win names (UTF-8): "板板胡" ... "中途六六順".
const char* declared_win_name(DeclaredWin w) noexcept;
// The view's offer kinds: "discard", "robbed_kong", "open_kong", "haidi".
const char* offer_kind_name(OfferKind k) noexcept;
// The wall as dealt.
std::string wall_string(const State& s);

}  // namespace yijing::mahjong
