"""Mahjong hand evaluation (pyyijing.mahjong), when the installed package has it.

Shanten of random 13-tile hands and is_win of random 14-tile hands, per
backend, side by side; the peers ``mahjong`` (PyPI) and ``pymahjonggb`` are
measured only when installed. Anything missing or failing makes the section
report "skipped" with the reason (this module is written against an API that
was still landing when the suite was written).
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from .timing import Figure, Side, ratio_samples, side_by_side


def _hands(n: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        kinds = rng.choice(wall, size=size, replace=False)
        np.add.at(out[i], kinds, 1)
    return out


def _peer_shanten() -> tuple[str, Any] | None:
    try:
        from mahjong.shanten import Shanten  # type: ignore[import-not-found]

        calc = Shanten()

        def run(hands: np.ndarray) -> None:
            for row in hands:
                calc.calculate_shanten(row.tolist())

        return "mahjong (PyPI)", run
    except Exception:
        pass
    try:
        mgb = importlib.import_module("MahjongGB")

        def run_gb(hands: np.ndarray) -> None:
            for row in hands:
                tiles = []
                for k, c in enumerate(row):
                    tiles += [_gb_name(k)] * int(c)
                mgb.RegularShanten(tuple(tiles))

        return "pymahjonggb", run_gb
    except Exception:
        return None


def _gb_name(k: int) -> str:
    if k < 27:
        return "WBT"[k // 9] + str(k % 9 + 1)
    return ("F1", "F2", "F3", "F4", "J3", "J2", "J1")[k - 27]


def bench_mahjong(reps: int, target: float, backends: tuple[str, ...]) -> list[Figure]:
    try:
        mj = importlib.import_module("pyyijing.mahjong")
        shanten_batch, is_win_batch = mj.shanten_batch, mj.is_win_batch
    except Exception as exc:
        return [
            Figure(
                "mahjong.skipped",
                "mahjong hand evaluation (skipped)",
                "",
                [],
                "mahjong",
                f"pyyijing.mahjong not in the installed package ({type(exc).__name__})",
            )
        ]
    try:
        h13 = _hands(2000, 13, 1)
        h14 = _hands(2000, 14, 2)
        out: list[Figure] = []
        for name, fn, hands in (("shanten", shanten_batch, h13), ("is_win", is_win_batch, h14)):
            sides = []
            for b in backends:

                def work(n: int, b: str = b, fn: Any = fn, hands: np.ndarray = hands) -> int:
                    done = 0
                    while done < n:
                        fn(hands, threads=1, backend=b)
                        done += len(hands)
                    return done

                sides.append(Side(b, work, start=len(hands)))
            peer = _peer_shanten() if name == "shanten" else None
            if peer is not None:
                label, run = peer

                def peer_work(n: int, run: Any = run, hands: np.ndarray = hands) -> int:
                    done = 0
                    while done < n:
                        run(hands[:200])
                        done += 200
                    return done

                sides.append(Side(label, peer_work, start=200))
            side_by_side(sides, reps, target)
            by = {s.name: s for s in sides}
            for s in sides:
                out.append(
                    Figure(
                        f"mahjong.{name}.{s.name.split()[0]}",
                        f"mahjong {name}/s [{s.name}]",
                        "hands/s",
                        s.rates,
                        "mahjong",
                        f"{name}_batch(threads=1) on random hands" if s.name in backends else "",
                        cpu_samples=s.cpu_rates,
                    )
                )
            if "native" in by:
                for other in [x for x in by if x != "native"]:
                    out.append(
                        Figure(
                            f"mahjong.{name}.ratio_native_{other.split()[0]}",
                            f"mahjong {name}: native / {other}",
                            "x",
                            ratio_samples(by["native"].rates, by[other].rates),
                            "mahjong",
                            cpu_samples=ratio_samples(by["native"].cpu_rates, by[other].cpu_rates),
                        )
                    )
        return out
    except Exception as exc:
        return [
            Figure(
                "mahjong.skipped",
                "mahjong hand evaluation (skipped)",
                "",
                [],
                "mahjong",
                f"the mahjong API did not run as expected: {type(exc).__name__}: {exc}",
            )
        ]
