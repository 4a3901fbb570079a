"""Repetitions, warm-up and side-by-side ratios.

Every figure is a list of samples (one per repetition) summarised as median,
min and max. A workload is a function ``work(n) -> ops`` that does `n` units
of work; it is first calibrated (which also warms it up) so that one sample
takes about `target` seconds, then run `reps` times. Workloads compared by a
ratio (native vs cython vs python, engine vs yardstick, 1 vs all threads) are
run interleaved, one sample of each per repetition (the order rotates), and
the ratio is computed per repetition, so machine noise hits both sides alike.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# Does n units of work; returns the ops done (usually n), or (ops, seconds,
# cpu_seconds) when the workload times itself (a subprocess reporting its loop).
Work = Callable[[int], Any]


@dataclass
class Figure:
    """One measured quantity over repetitions."""

    key: str
    label: str
    unit: str
    samples: list[float]
    group: str = ""
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # ops per CPU-second (process CPU time, all threads) of the same repetitions:
    # what the work achieves while it actually has a core (the machine is shared)
    cpu_samples: list[float] = field(default_factory=list)

    @property
    def cpu_median(self) -> float:
        return float(statistics.median(self.cpu_samples)) if self.cpu_samples else float("nan")

    @property
    def median(self) -> float:
        return float(statistics.median(self.samples)) if self.samples else float("nan")

    @property
    def min(self) -> float:
        return float(min(self.samples)) if self.samples else float("nan")

    @property
    def max(self) -> float:
        return float(max(self.samples)) if self.samples else float("nan")

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "group": self.group,
            "label": self.label,
            "unit": self.unit,
            "median": self.median,
            "min": self.min,
            "max": self.max,
            "reps": len(self.samples),
            "samples": list(self.samples),
            "note": self.note,
            **(
                {
                    "per_cpu_second": {
                        "median": self.cpu_median,
                        "min": min(self.cpu_samples),
                        "max": max(self.cpu_samples),
                        "samples": list(self.cpu_samples),
                    }
                }
                if self.cpu_samples
                else {}
            ),
            **({"extra": self.extra} if self.extra else {}),
        }


def timed3(work: Work, n: int) -> tuple[float, float, float]:
    """(ops, wall seconds, CPU seconds) of one call."""
    c0 = time.process_time()
    t0 = time.perf_counter()
    out = work(n)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    if isinstance(out, tuple):
        return float(out[0]), float(out[1]), float(out[2])
    return float(out), dt, cpu


def timed(work: Work, n: int) -> tuple[float, float]:
    """(ops, seconds) of one call."""
    ops, dt, _cpu = timed3(work, n)
    return ops, dt


def calibrate(work: Work, target: float, start: int = 1, cap: int = 1 << 40) -> int:
    """The n for which work(n) takes about `target` seconds (the calls warm it up)."""
    n = max(1, start)
    while True:
        _ops, dt = timed(work, n)
        if dt >= target / 4 or n >= cap:
            break
        n = min(cap, n * 4 if dt < target / 40 else n * 2)
    if dt > 0:
        n = max(1, min(cap, int(n * target / dt)))
    return n


@dataclass
class Side:
    """One workload of a side-by-side comparison."""

    name: str
    work: Work
    start: int = 1
    cap: int = 1 << 40
    n: int = 0
    rates: list[float] = field(default_factory=list)
    cpu_rates: list[float] = field(default_factory=list)


def side_by_side(sides: list[Side], reps: int, target: float, warmup: bool = True) -> None:
    """Calibrate every side, then run `reps` interleaved rounds; fills `side.rates` (ops/s)."""
    for s in sides:
        s.n = calibrate(s.work, target, s.start, s.cap) if warmup else max(1, s.start)
    for r in range(reps):
        order = sides[r % len(sides) :] + sides[: r % len(sides)]
        for s in order:
            ops, dt, cpu = timed3(s.work, s.n)
            s.rates.append(ops / dt if dt > 0 else float("inf"))
            s.cpu_rates.append(ops / cpu if cpu > 0 else float("inf"))


def ratio_samples(a: list[float], b: list[float]) -> list[float]:
    """Per-repetition ratios a[i] / b[i]."""
    return [x / y if y else float("inf") for x, y in zip(a, b, strict=False)]
