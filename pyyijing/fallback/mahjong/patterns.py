"""The hand patterns of each mahjong ruleset of the seeds (shared/rules/mahjong.md §1-3).

Plain data in, names out; pyyijing.mahjong.patterns parses and checks the
input, asks the active backend for the hand's readings and calls `patterns`.
Every backend uses this one module (it is rule logic on a handful of readings,
not a hot loop).

Inputs:
- counts: the 34 concealed counts, winning tile included (14 - 3·sets tiles);
- sets: the exposed sets as (kind, lowest tile index), kind "chow", "pung",
  "kong" or "concealed_kong";
- readings: the regular readings of the concealed tiles, as
  (pair, [(is_chow, lowest tile), ...]) (pyyijing._native.mahjong.decompositions);
- seven_pairs / thirteen_orphans: whether the concealed 14 tiles have those shapes;
- self_drawn: the winning tile was drawn (not taken from a discard).
"""

from __future__ import annotations

SHAOYANG = ("平胡", "碰碰對", "清一色", "七巧對", "十三浪", "全風十三浪")
CHANGSHA = (
    "小胡",
    "七對",
    "豪華七對",
    "超豪華七對",
    "超超豪華七對",
    "清一色",
    "將一色",
    "碰碰胡",
    "全求人",
)
COMMON = ("regular", "seven_pairs")
PATTERNS = {"common": COMMON, "shaoyang": SHAOYANG, "changsha": CHANGSHA}

HONOUR_BASE = 27


def _all_tiles(counts: list[int], sets: list[tuple[str, int]]) -> list[int]:
    """Counts of every tile of the hand: concealed plus the sets."""
    total = list(counts)
    for kind, tile in sets:
        if kind == "chow":
            for k in (tile, tile + 1, tile + 2):
                total[k] += 1
        else:
            total[tile] += 4 if kind in ("kong", "concealed_kong") else 3
    return total


def _suits(total: list[int]) -> set[int]:
    """The suits (0 m, 1 p, 2 s, 3 honours) the hand holds."""
    return {k // 9 if k < HONOUR_BASE else 3 for k in range(34) if total[k]}


def _is_258(k: int) -> bool:
    return k < HONOUR_BASE and k % 9 in (1, 4, 7)


def patterns(
    ruleset: str,
    counts: list[int],
    sets: list[tuple[str, int]],
    readings: list[tuple[int, list[tuple[bool, int]]]],
    seven_pairs: bool,
    thirteen_orphans: bool,
    self_drawn: bool,
) -> list[str]:
    """The names of the ruleset's patterns the hand has, in the ruleset's order."""
    total = _all_tiles(counts, sets)
    suits = _suits(total)
    regular = len(readings) > 0
    exposed_chow = any(kind == "chow" for kind, _ in sets)
    all_pungs = (
        regular
        and not exposed_chow
        and any(not any(is_chow for is_chow, _ in found) for _, found in readings)
    )
    fours = sum(1 for x in counts if x == 4)
    found: list[str] = []

    if ruleset == "common":
        # mahjong.md §0: the regular shape n·AAA + m·ABC + DD, and seven pairs (n = m = 0).
        if regular:
            found.append("regular")
        if seven_pairs:
            found.append("seven_pairs")
        return found

    if ruleset == "shaoyang":
        # seed 002 出牌方法 1-6.
        one_suit = len(suits) == 1 and 3 not in suits
        if regular:
            found.append("平胡")
        if all_pungs:
            found.append("碰碰對")
        if one_suit and (regular or seven_pairs):
            found.append("清一色")
        if seven_pairs:
            found.append("七巧對")
        if thirteen_orphans:
            found.append("十三浪")
        if regular and suits == {3}:
            found.append("全風十三浪")
        return found

    if ruleset == "changsha":
        # seed 003 §三 1 (長麻的將 / 小胡 / 大胡) and 3 (複合大胡 1: 豪華七對).
        if regular and any(_is_258(pair) for pair, _ in readings):
            found.append("小胡")
        if seven_pairs:
            found.append(("七對", "豪華七對", "超豪華七對", "超超豪華七對")[min(fours, 3)])
        if len(suits) == 1 and (regular or seven_pairs):
            found.append("清一色")
        if all(_is_258(k) for k in range(34) if total[k]):
            found.append("將一色")
        if all_pungs:
            found.append("碰碰胡")
        exposed = [kind for kind, _ in sets if kind != "concealed_kong"]
        if len(exposed) == 4 and regular and not self_drawn:
            found.append("全求人")
        return found

    raise ValueError(f"ruleset must be one of {', '.join(PATTERNS)}; got {ruleset!r}")
