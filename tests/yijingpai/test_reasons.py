"""One table of reason messages (pyyijing/yijingpai/reasons.py) for every backend.

A verdict reads the same on native, cython and python: the code is the
backend's, the message the table's. The C++ core's own copy (used where no
Python runs, the service's wire fast path) must be the same table.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.randomplay import mutations

import pyyijing as yj
from pyyijing.yijingpai.reasons import MESSAGES


def test_the_native_table_is_the_same_table() -> None:
    if "native" not in yj._backend.available():
        pytest.skip("no native backend")
    from pyyijing._native import yijingpai as native

    assert dict(native.REASON_MESSAGES) == MESSAGES
    assert list(native.REASON_MESSAGES) == list(MESSAGES)  # code order (docs §6)


def test_every_backend_words_a_verdict_the_same(backend: Any) -> None:
    rng = random.Random(5)
    seen: set[str] = set()
    for seed in range(6):
        g = yj.Game(yj.Rules(), seed=seed, backend=backend.name)
        ref = yj.Game(yj.Rules(), seed=seed, backend="python")
        while g.phase != "over":
            move = rng.choice(g.legal_moves())
            for m in [*mutations(move, rng), "junk", "s9:pass"]:
                v = g.validate(m)
                assert v.message == MESSAGES[v.code], (m, v)
                assert ref.validate(m) == v
                seen.add(v.code)
            g.apply(move)
            ref.apply(move)
    assert len(seen) >= 6, seen
