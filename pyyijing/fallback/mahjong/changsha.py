"""Changsha mahjong's own rules (rules §7, seed 003 §三): its wins, opening and
mid-game wins, and the amounts it pays. Plain counts in, names and numbers out;
the engine (engine.py) keeps the state and the flow of a hand.

Tile ids 0-26 (108 tiles, no honours). A seat's tiles are given as its concealed
counts and, where the sets matter, `total` (concealed plus every meld's tiles).
"""

from __future__ import annotations

from .shapes import is_all_pungs, is_regular, is_seven_pairs, regular_with_pair_of

# 將: the 2, 5 and 8 of each suit (「必須有一對258牌張，或者最後單吊一張258」).
JIANG = (1, 4, 7, 10, 13, 16, 19, 22, 25)
_JIANG_SET = frozenset(JIANG)
SEVEN_PAIRS_FAMILY = ("七對", "豪華七對", "超豪華七對", "超超豪華七對")
# Every pattern of a win, in the result's order (docs/mahjong-engine.md "Winning").
PATTERNS = (
    "小胡",
    *SEVEN_PAIRS_FAMILY,
    "清一色",
    "將一色",
    "碰碰胡",
    "全求人",
    "槓上開花",
    "槓上炮",
    "海底撈月",
    "海底炮",
    "搶槓",
)
SITUATIONAL = ("槓上開花", "槓上炮", "海底撈月", "海底炮", "搶槓")
OPENING_KINDS = ("板板胡", "四喜", "六六順", "缺一色", "三同", "一枝花", "步步高", "金童玉女")


def hand_patterns(
    counts: list[int], total: list[int], melds: int, chow_meld: bool, exposed: int, on_other: bool
) -> list[str]:
    """The small win and the hand elements of 3k+2 concealed tiles `counts` (k = `melds`,
    `exposed` of them not concealed kongs); empty: not a win. `on_other`: the last tile
    came from another seat (全求人)."""
    regular = is_regular(counts)
    seven = melds == 0 and is_seven_pairs(counts)
    names = []
    if regular and regular_with_pair_of(counts, JIANG):
        names.append("小胡")
    if seven:
        names.append(SEVEN_PAIRS_FAMILY[min(counts.count(4), 3)])
    if regular or seven:
        suits = {t // 9 for t in range(27) if total[t]}
        if len(suits) == 1:
            names.append("清一色")
    if all(t in _JIANG_SET for t in range(27) if total[t]):
        names.append("將一色")  # no shape needed
    if regular and not chow_meld and is_all_pungs(counts):
        names.append("碰碰胡")
    if regular and exposed == 4 and on_other:
        names.append("全求人")
    return names


def units(patterns: list[str]) -> int:
    """Big-win units: the sum over the big elements (豪華七對 and its 超 forms 2 / 3 / 4)."""
    n = 0
    for name in patterns:
        if name in SEVEN_PAIRS_FAMILY:
            n += SEVEN_PAIRS_FAMILY.index(name) + 1
        elif name != "小胡":
            n += 1
    return n


def _triplets(
    counts: list[int], reuse: bool, skip: set[int], dealt_below: list[int] | None
) -> list[int]:
    return [
        t
        for t in range(27)
        if (counts[t] == 3 or (reuse and counts[t] == 4))
        and t not in skip
        and (dealt_below is None or dealt_below[t] < 3)
    ]


def opening_wins(counts: list[int], extras: bool, reuse: bool) -> tuple[list[str], list[int]]:
    """起手胡 of a seat's dealt tiles: the wins (with repeats, in OPENING_KINDS order) and
    the kinds they use (the fours of 四喜, the triplets paired into 六六順)."""
    wins: list[str] = []
    held = [t for t in range(27) if counts[t]]
    if not any(t in _JIANG_SET for t in held):
        wins.append("板板胡")
    fours = [t for t in range(27) if counts[t] == 4]
    wins += ["四喜"] * len(fours)
    trips = _triplets(counts, reuse, set(), None)
    pairs = len(trips) // 2
    wins += ["六六順"] * pairs
    missing = sum(1 for suit in range(3) if not any(counts[suit * 9 : suit * 9 + 9]))
    wins += ["缺一色"] * missing
    if extras:
        if any(all(counts[suit * 9 + n] >= 2 for suit in range(3)) for n in range(9)):
            wins.append("三同")
        jiang = [t for t in held for _ in range(counts[t]) if t in _JIANG_SET]
        if len(jiang) == 1 and jiang[0] % 9 == 4:
            wins.append("一枝花")
        if any(
            all(counts[suit * 9 + n + i] >= 2 for i in range(3))
            for suit in range(3)
            for n in range(7)
        ):
            wins.append("步步高")
        if counts[10] >= 2 and counts[19] >= 2:  # 2p and 2s
            wins.append("金童玉女")
    return wins, sorted(set(fours + trips[: 2 * pairs]))


def mid_wins(
    counts: list[int], used: set[int], dealt: list[int], reuse: bool
) -> tuple[list[str], list[int], list[int]]:
    """中途四喜 / 中途六六順 of concealed tiles now: the wins, the kinds they use, and
    the tiles shown (each four ×4, each paired triplet ×3), for kinds not used before and
    formed after the deal (the dealt tiles held fewer)."""
    fours = [t for t in range(27) if counts[t] == 4 and t not in used and dealt[t] < 4]
    trips = _triplets(counts, reuse, used, dealt)
    paired = trips[: 2 * (len(trips) // 2)]
    wins = ["中途四喜"] * len(fours) + ["中途六六順"] * (len(paired) // 2)
    shown = [t for t in fours for _ in range(4)] + [t for t in paired for _ in range(3)]
    return wins, sorted(set(fours + paired)), sorted(shown)


def win_amount(big_units: int, dealer: bool, compound: str, cap: int) -> int:
    """One payment before the birds and floats: a small win 1 (the dealer's 2), a big
    win 6 (7) per unit, combined by `compound`, at most `cap` units (0: no cap)."""
    if big_units == 0:
        return 2 if dealer else 1
    n = min(big_units, cap) if cap > 0 else big_units
    per = 7 if dealer else 6
    return per * n if compound == "add" else per * 2 ** (n - 1)


def bird_seat(winner: int, tile: int) -> int:
    """The seat a bird tile hits: a number n counts from the winner (1, 5, 9 the winner)."""
    return (winner + tile % 9) % 4


def with_birds(amount: int, hits: int, scoring: str) -> int:
    return amount * (1 + hits) if scoring == "add" else amount * 2**hits
