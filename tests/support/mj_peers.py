"""The two peers of the differential tests: PyMahjongGB and the `mahjong` package."""

from __future__ import annotations

import pytest

MahjongGB = pytest.importorskip("MahjongGB", reason="pip install pymahjonggb (dev extra)")
_shanten = pytest.importorskip("mahjong.shanten", reason="pip install mahjong (dev extra)")
_agari = pytest.importorskip("mahjong.agari", reason="pip install mahjong (dev extra)")
# Instances: the 2.x methods are static, the 1.x ones were not; both work this way.
Shanten = _shanten.Shanten()
Agari = _agari.Agari()

# PyMahjongGB names: W 萬, B 餅/筒, T 條, F1-F4 東南西北, J1 中 J2 發 J3 白.
GB_NAMES = (
    [f"W{n}" for n in range(1, 10)]
    + [f"B{n}" for n in range(1, 10)]
    + [f"T{n}" for n in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)
GB_INDEX = {name: k for k, name in enumerate(GB_NAMES)}


def gb_hand(c: list[int]) -> tuple[str, ...]:
    return tuple(GB_NAMES[k] for k in range(34) for _ in range(c[k]))


def gb(fn: str, c: list[int]) -> tuple[int, set[int]]:
    """(shanten, useful kinds) from PyMahjongGB's RegularShanten / SevenPairsShanten / ..."""
    s, useful = getattr(MahjongGB, fn)(gb_hand(c))
    return s, {GB_INDEX[t] for t in useful}
