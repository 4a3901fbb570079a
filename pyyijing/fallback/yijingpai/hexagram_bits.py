"""Hexagrams as 6-bit values, trigrams, King Wen numbers and the win
conditions as data (docs/yijing.md §5; rules page §3 "Completing a hexagram",
§4 "Winning").

A completed hexagram is a 6-bit value: bit *i* is line *i+1*, yang = 1
(a taiji counts as its declaration). Its lower trigram is lines 1-3 (bits
0-2), its upper trigram lines 4-6 (bits 3-5).

Win conditions are the table `CONDITIONS` of ``(name, bit, predicate)`` rows
in the canonical order of docs §5; a new condition is one new row (rules page
§4: "win conditions are data, and a new one is added in one place").
"""

from __future__ import annotations

from .iching_tables import HEXAGRAMS
from .notation import declared

QIAN = 0b111111  # ䷀
KUN = 0b000000  # ䷁
ALL_TRIGRAMS = 0xFF  # one bit per trigram value 0..7


def value_of(lines: str) -> int:
    """The 6-bit value of (declared) lines, bit i = line i+1."""
    d = declared(lines)
    value = 0
    for i in range(len(d)):
        if d[i] == "1":
            value |= 1 << i
    return value


def lower_trigram(value: int) -> int:
    """Lines 1-3 as a 3-bit value."""
    return value & 7


def upper_trigram(value: int) -> int:
    """Lines 4-6 as a 3-bit value."""
    return value >> 3


def _build_king_wen() -> list[int]:
    table = [0] * 64
    for row in HEXAGRAMS:
        table[value_of(row[7])] = row[0]
    return table


# KING_WEN[value] = King Wen number 1..64 (data: iching_tables.HEXAGRAMS).
KING_WEN: list[int] = _build_king_wen()


def king_wen(value: int) -> int:
    """King Wen number (1-64) of a 6-bit hexagram value."""
    return KING_WEN[value & 63]


# ---------------------------------------------------------------------------
# Win conditions (docs §5 table; rules page §4). Each predicate receives the
# seat's completed hexagram values (the new one included) and its target value.


def _count(values: list[int], value: int) -> int:
    n = 0
    for v in values:
        if v == value:
            n += 1
    return n


def _max_multiplicity(values: list[int]) -> int:
    counts = [0] * 64
    best = 0
    for v in values:
        counts[v] += 1
        if counts[v] > best:
            best = counts[v]
    return best


def _has_eight_trigrams(values: list[int]) -> bool:
    """All 8 trigrams among the lower/upper trigrams of the completed hexagrams
    (the target does not count: rules page §4 [decision])."""
    seen = 0
    for v in values:
        seen |= (1 << lower_trigram(v)) | (1 << upper_trigram(v))
    return seen == ALL_TRIGRAMS


def _two_targets(values: list[int], target: int) -> bool:
    return _count(values, target) >= 2


def _three_of_a_kind(values: list[int], target: int) -> bool:
    return _max_multiplicity(values) >= 3


def _target_and_eight_trigrams(values: list[int], target: int) -> bool:
    return _count(values, target) >= 1 and _has_eight_trigrams(values)


def _eight_trigrams_and_pair(values: list[int], target: int) -> bool:
    return _max_multiplicity(values) >= 2 and _has_eight_trigrams(values)


def _eight_trigrams_and_qian(values: list[int], target: int) -> bool:
    return _count(values, QIAN) >= 1 and _has_eight_trigrams(values)


def _eight_trigrams_and_kun(values: list[int], target: int) -> bool:
    return _count(values, KUN) >= 1 and _has_eight_trigrams(values)


# (name, bit of the native mask, predicate) in canonical order (docs §5).
CONDITIONS = (
    ("two_targets", 1, _two_targets),
    ("three_of_a_kind", 2, _three_of_a_kind),
    ("target_and_eight_trigrams", 4, _target_and_eight_trigrams),
    ("eight_trigrams_and_pair", 8, _eight_trigrams_and_pair),
    ("eight_trigrams_and_qian", 16, _eight_trigrams_and_qian),
    ("eight_trigrams_and_kun", 32, _eight_trigrams_and_kun),
)

ALL_CONDITIONS_MASK = 0
for _row in CONDITIONS:
    ALL_CONDITIONS_MASK |= _row[1]


def conditions_met(values: list[int], target: int, mask: int) -> int:
    """The bits of the enabled conditions (`mask`) true for these completed
    hexagram values and this target value."""
    met = 0
    for _name, bit, predicate in CONDITIONS:
        if mask & bit and predicate(values, target):
            met |= bit
    return met


def condition_names(bits: int) -> list[str]:
    """The names of the conditions in `bits`, canonical order (docs §8)."""
    return [name for name, bit, _predicate in CONDITIONS if bits & bit]
