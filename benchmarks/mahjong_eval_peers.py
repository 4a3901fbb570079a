"""Mahjong hand evaluation speed against PyMahjongGB and `mahjong`, same hands, same run.

    python benchmarks/mahjong_eval_peers.py [--hands 1000000] [--calls 20000]

Prints hands/s (or calls/s) per row and the ratio to each peer; also the thread
CPU time per hand where it matters, since a shared machine's wall clock includes
other processes. The C++ one-call figure comes from
`build/cpp/tests/yijing_core_tests -tc="*benchmark*" --no-skip`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np

# The hands come from the tests' helpers (tests/support/mj_hands.py): the same random
# hands the differential tests check against the same peers.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.mj_hands import random_hand

from pyyijing import mahjong as mj


def _rate(fn: Any, items: list[Any]) -> tuple[float, float]:
    """(items per second by wall clock, by this thread's CPU time)."""
    w0, c0 = time.perf_counter(), time.thread_time()
    for x in items:
        fn(x)
    w1, c1 = time.perf_counter(), time.thread_time()
    return len(items) / (w1 - w0), len(items) / max(c1 - c0, 1e-9)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--calls", type=int, default=20_000)
    args = ap.parse_args()
    warnings.simplefilter("ignore")

    rng = random.Random(2026)
    rows = np.array([random_hand(rng, 13) for _ in range(args.hands)], dtype=np.uint8)
    calls = rows[: args.calls].tolist()
    results: list[tuple[str, float, float]] = []

    native = mj._impl("native")
    native.shanten_batch(rows, 1, 0)  # fill the tables these hands use
    for threads in (1, 0):
        w0, c0 = time.perf_counter(), time.process_time()
        mj.shanten_batch(rows, "regular", threads=threads)
        w1, c1 = time.perf_counter(), time.process_time()
        label = f"pyyijing native shanten_batch, threads={threads or 'all'}"
        results.append((label, args.hands / (w1 - w0), args.hands / max(c1 - c0, 1e-9)))
    results.append(
        (
            "pyyijing native raw call (_native.mahjong.shanten)",
            *_rate(lambda c: native.shanten(c, 1), calls),
        )
    )
    results.append(
        (
            "pyyijing mj.shanten(counts, form='regular') (validated)",
            *_rate(lambda c: mj.shanten(c, form="regular"), calls),
        )
    )
    for name in ("cython", "python"):
        impl = mj._impl(name)
        results.append(
            (f"pyyijing {name} raw call", *_rate(lambda c, i=impl: i.shanten(c, 1), calls))
        )

    peers: dict[str, float] = {}
    try:
        import MahjongGB

        names = (
            [f"W{n}" for n in range(1, 10)]
            + [f"B{n}" for n in range(1, 10)]
            + [f"T{n}" for n in range(1, 10)]
            + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
        )
        gb_hands = [tuple(names[k] for k in range(34) for _ in range(c[k])) for c in calls]
        r = _rate(MahjongGB.RegularShanten, gb_hands)
        results.append(("PyMahjongGB RegularShanten", *r))
        peers["PyMahjongGB"] = r[0]
    except ImportError:
        print("PyMahjongGB not installed")
    try:
        from mahjong.shanten import Shanten

        r = _rate(Shanten.calculate_shanten_for_regular_hand, calls)
        results.append(("mahjong calculate_shanten_for_regular_hand", *r))
        peers["mahjong"] = r[0]
    except ImportError:
        print("mahjong not installed")

    head = f"{'regular shanten, random 13-tile hands':58} {'hands/s':>12} {'CPU hands/s':>12}"
    head += "".join(f" {'x ' + p:>14}" for p in peers)
    print(head)
    for label, wall, cpu in results:
        line = f"{label:58} {wall:12,.0f} {cpu:12,.0f}"
        line += "".join(f" {wall / rate:14.1f}" for rate in peers.values())
        print(line)


if __name__ == "__main__":
    main()
