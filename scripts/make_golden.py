#!/usr/bin/env python3
"""Freeze the PRNG/shuffle golden vectors into tests/golden/shuffle_vectors.json.

Computed with the native (C++) backend and checked against the python and
cython backends before writing. Run with an installed pyyijing, from the
repository root: ``.venv/bin/python scripts/make_golden.py``. The vectors are
a specification: regenerate only on purpose (it breaks every recorded game).
"""

from __future__ import annotations

import json
from pathlib import Path

from pyyijing import _backend

OUT = Path(__file__).resolve().parent.parent / "tests" / "golden" / "shuffle_vectors.json"
CASES = [
    (0, 144, "wild"),
    (1, 144, "wild"),
    (7, 144, "wild"),
    (2**64 - 1, 144, "wild"),
    (123456789, 144, "wild"),
    (7, 162, "wild"),
    (7, 144, "none"),
    (123456789, 162, "none"),
]


def compute(backend: _backend.Backend) -> dict[str, object]:
    _state, first = backend.splitmix64(0)
    rng = backend.xoshiro256ss(0)
    return {
        "splitmix64_state0_first": first,
        "xoshiro256ss_seed0_first20": [rng.next() for _ in range(20)],
        "shuffles": [
            {"seed": s, "deck": d, "taiji": t, "wall": w, "dice": list(dice)}
            for s, d, t in CASES
            for w, dice in [backend.shuffle_wall(s, d, t)]
        ],
    }


def main() -> None:
    vectors = compute(_backend.load("native"))
    for other in ("python", "cython"):
        assert compute(_backend.load(other)) == vectors, f"{other} disagrees with native"
    OUT.write_text(json.dumps(vectors, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
