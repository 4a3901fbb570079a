"""Statistics of simulated games shared by every game: intervals and histograms."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: int, trials: int) -> dict[str, Any]:
    """``{count, of, rate, low, high}``: a proportion with its Wilson interval."""
    low, high = wilson(successes, trials)
    return {
        "count": int(successes),
        "of": int(trials),
        "rate": successes / trials if trials else 0.0,
        "low": low,
        "high": high,
    }


def hist_stats(hist: np.ndarray) -> dict[str, Any]:
    """A histogram of small non-negative ints (``hist[v]`` = count of ``v``) and its
    mean, std, min, max and 50/90/99th percentiles."""
    total = int(hist.sum())
    values = np.nonzero(hist)[0]
    out: dict[str, Any] = {"histogram": {str(int(v)): int(hist[v]) for v in values}}
    if total == 0:
        out.update(mean=0.0, std=0.0, min=None, max=None, p50=None, p90=None, p99=None)
        return out
    xs = np.arange(len(hist), dtype=np.float64)
    mean = float((xs * hist).sum() / total)
    var = float(((xs - mean) ** 2 * hist).sum() / total)
    cum = np.cumsum(hist)

    def q(p: float) -> int:
        return int(np.searchsorted(cum, p * total, side="left"))

    out.update(
        mean=mean,
        std=math.sqrt(var),
        min=int(values[0]),
        max=int(values[-1]),
        p50=q(0.5),
        p90=q(0.9),
        p99=q(0.99),
    )
    return out
