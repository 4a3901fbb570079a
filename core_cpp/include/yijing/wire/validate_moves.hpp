// The service's ValidateMoves fast paths, without Python: a serialized
// ValidateMovesRequest read, every position replayed in C++, and the serialized
// ValidateMovesResponse written, for Yi Jing Pai and for mahjong.
//
// Two callers share them, so they cannot drift apart: the Python binding
// (core_cpp/bindings/yijingpai_wire_bindings.cpp, mahjong_wire_bindings.cpp, behind
// pyyijing/service/wire.py) and the native gRPC front end (core_cpp/front/), which
// answers these calls without the Python server.
//
// Each game's path is three steps, so a caller can run the first and last
// without a lock it holds for the middle one (the GIL): parse the request,
// resolve the distinct rules messages it names to engine configs (the caller's
// job: the rules' wording and checks live in Python), then answer. Anything but
// the plain, valid case returns false at any step and the caller answers through
// the service's Python path, which words every error.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "yijing/mahjong/config.hpp"
#include "yijing/wire/format.hpp"
#include "yijing/yijingpai/config.hpp"

namespace yijing::wire {

// A Yi Jing Pai rules message as the engine plays it: the game's one Config
// (the rules of play and the tile set the wall is shuffled from).
using YijingpaiRuleSet = yijingpai::Config;

// A verdicts answer: the serialized ValidateMovesResponse and how many verdicts
// each reason got (indexed by the game's Reason).
struct Answer {
  std::string response;
  std::vector<long long> counts;
};

// Yi Jing Pai: Position.rules, absent meaning the defaults ("" in
// Parsed::distinct_rules); an empty batch is answered (an empty response).
bool parse_yijingpai(std::string_view request, const Limits& lim, Parsed& out);
// `rule_sets[i]` is Parsed::distinct_rules[i] resolved; false when a position's
// deal or history does not replay (a malformed request: the Python path).
bool answer_yijingpai(const Parsed& parsed, const std::vector<YijingpaiRuleSet>& rule_sets,
                      Answer& out);
int yijingpai_reasons() noexcept;                   // size of Answer::counts
const char* yijingpai_reason_name(int r) noexcept;  // the verdict code of reason r

// Mahjong: Position.mahjong_rules, required; an empty batch is the Python path's.
bool parse_mahjong(std::string_view request, const Limits& lim, Parsed& out);
// `entries[r]` is reason r's encoded verdict (mahjong_verdict_entry): the
// message shown may be the Python side's wording, not the engine's.
bool answer_mahjong(const Parsed& parsed, const std::vector<mahjong::Config>& configs,
                    const std::vector<std::string>& entries, Answer& out);
int mahjong_reasons() noexcept;
const char* mahjong_reason_name(int r) noexcept;
const char* mahjong_reason_message(int r) noexcept;  // the engine's wording
std::string mahjong_verdict_entry(int r, std::string_view message);

// A resolved config as bytes, for a process of the same build (the front end
// gets them from the Python server, which owns the rules' checks): a tag, the
// size, and the struct's bytes. from_image is false for anything else, or a
// config the engine would not play.
std::string yijingpai_image(const YijingpaiRuleSet& rs);
bool yijingpai_from_image(std::string_view image, YijingpaiRuleSet& rs);
std::string mahjong_image(const mahjong::Config& cfg);
bool mahjong_from_image(std::string_view image, mahjong::Config& cfg);

}  // namespace yijing::wire
