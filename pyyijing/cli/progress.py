"""The progress bar of a long run on stderr."""

from __future__ import annotations

import time
from typing import TextIO


def format_duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """A one-line progress bar on a stream: done/total, games/s (hands/s for mahjong), ETA."""

    def __init__(self, stream: TextIO, total: int, width: int = 28, unit: str = "games") -> None:
        self.stream = stream
        self.total = total
        self.width = width
        self.unit = unit
        self.t0 = time.perf_counter()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.2:
            return
        self.last = now
        elapsed = max(now - self.t0, 1e-9)
        rate = done / elapsed
        frac = done / total if total else 1.0
        filled = int(self.width * frac)
        bar = "#" * filled + "-" * (self.width - filled)
        eta = (total - done) / rate if rate > 0 else 0.0
        self.stream.write(
            f"\r[{bar}] {100 * frac:5.1f}%  {done:,}/{total:,} {self.unit}  "
            f"{rate:,.0f} {self.unit}/s  ETA {format_duration(eta)} "
        )
        if done >= total:
            self.stream.write(
                f"\n{total:,} {self.unit} in {format_duration(elapsed)} "
                f"({rate:,.0f} {self.unit}/s)\n"
            )
        self.stream.flush()
