"""A uniformly random legal action per environment of a batch, drawn from its masks in
NumPy: the Python side of the vector_env benchmark (benchmarks/vector_env_bench.py)."""

from __future__ import annotations

import numpy as np


class Draw:
    """A uniformly random legal action per row of a batch's masks, in one pass over them:
    the positions of the whole batch's legal entries (row after row, one flatnonzero over
    the masks seen as bool, NumPy's fast path), where each row's run of them starts, and
    a uniform pick within each run."""

    def __init__(self, masks: np.ndarray, seed: int) -> None:
        # A view: the batch rewrites the masks in place.
        self.flat = masks.reshape(-1).view(np.bool_)
        self.rng = np.random.default_rng(seed)
        self.row_starts = np.arange(masks.shape[0], dtype=np.int64) * masks.shape[1]
        self.u = np.empty(masks.shape[0])

    def __call__(self) -> np.ndarray:
        legal = np.flatnonzero(self.flat)
        first = np.searchsorted(legal, self.row_starts)
        counts = np.diff(first, append=legal.size)
        self.rng.random(out=self.u)
        return legal[first + (self.u * counts).astype(np.int64)] - self.row_starts
