"""native / cython / python agree on every mahjong function (like Yi Jing Pai's test_parity.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from support.mj_hands import mixed_13, mixed_14, text, with_sets

from pyyijing import _backend
from pyyijing import mahjong as mj

HANDS = 3000


def _available() -> list[str]:
    names = []
    for name in _backend.BACKENDS:
        try:
            mj._impl(name)
        except ImportError:
            continue
        names.append(name)
    return names


@pytest.fixture(scope="module")
def impls() -> dict[str, object]:
    names = _available()
    if len(names) < 2:
        pytest.skip("one backend only")
    return {name: mj._impl(name) for name in names}


def test_shanten_parity(impls: dict[str, object]) -> None:
    hands = np.concatenate([mixed_13(random.Random(1), HANDS), with_sets(random.Random(2), HANDS)])
    for form in (None, *mj.FORMS):
        results = {}
        for name in impls:
            h = hands if form in (None, "regular") else hands[:HANDS]
            results[name] = mj.shanten_batch(h, form, backend=name)
        first = next(iter(results.values()))
        for name, res in results.items():
            diff = np.flatnonzero(res != first)
            assert diff.size == 0, f"{form} {name}: {text(hands[diff[0]])}"


def test_win_waits_decompositions_parity(impls: dict[str, object]) -> None:
    hands14 = mixed_14(random.Random(3), HANDS)
    wins = {name: mj.is_win_batch(hands14, backend=name) for name in impls}
    first = next(iter(wins.values()))
    for res in wins.values():
        assert (res == first).all()
    for row in hands14.tolist()[:1000]:
        got = {name: mj.decompositions(row, backend=name) for name in impls}
        assert len({repr(v) for v in got.values()}) == 1, text(row)
    for row in mixed_13(random.Random(4), 1000).tolist():
        got = {name: mj.waits(row, backend=name) for name in impls}
        assert len({repr(v) for v in got.values()}) == 1, text(row)
