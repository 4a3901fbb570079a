"""The vector_env bench's random action (benchmarks/random_draw.py `Draw`): each
row's pick is one of its legal entries, each of them about equally often, read from the
masks as they are when it is called (the batch rewrites them in place)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "random_draw.py"


def _draw_class() -> type:
    spec = importlib.util.spec_from_file_location("random_draw", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Draw  # type: ignore[no-any-return]


def test_every_pick_is_legal_and_uniform_within_its_row() -> None:
    rng = np.random.default_rng(3)
    masks = (rng.random((40, 203)) < 0.05).astype(np.int8)
    masks[np.arange(40), rng.integers(0, 203, 40)] = 1  # at least one legal entry per row
    masks[7] = 0
    masks[7, 202] = 1  # a row whose only legal entry is the last column
    masks[8] = 0
    masks[8, 0] = 1  # and the first
    draw = _draw_class()(masks, seed=0)
    draws = 4000
    counts = np.zeros(masks.shape, dtype=np.int64)
    for _ in range(draws):
        picks = draw()
        assert masks[np.arange(40), picks].all()
        counts[np.arange(40), picks] += 1
    for row in range(40):
        legal = np.flatnonzero(masks[row])
        expected = draws / legal.size
        assert counts[row, legal].min() > 0.7 * expected, (row, counts[row, legal])
        assert counts[row, legal].max() < 1.3 * expected, (row, counts[row, legal])


def test_it_reads_the_masks_in_place() -> None:
    masks = np.zeros((3, 10), dtype=np.int8)
    masks[:, 4] = 1
    draw = _draw_class()(masks, seed=1)
    assert draw().tolist() == [4, 4, 4]
    masks[:, 4] = 0
    masks[:, 9] = 1
    assert draw().tolist() == [9, 9, 9]
