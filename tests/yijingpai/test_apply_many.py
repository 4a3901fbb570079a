"""`Game.apply_all` and `Game.apply_each`: a whole history in one backend call (public API).

The service replays the positions it is sent with them (the service uses only
public API, so any client can do what it does).
"""

from __future__ import annotations

import random

import pytest

import pyyijing as yj


def _history(seed: int) -> list[str]:
    g = yj.Game(yj.Rules(), seed=seed)
    rng = random.Random(seed)
    while g.phase != "over":
        g.apply(rng.choice(g.legal_moves()))
    return g.moves


def test_apply_all_stops_at_the_first_illegal_move(backend: object) -> None:
    name = backend.name  # type: ignore[attr-defined]
    moves = _history(5)
    g = yj.Game(yj.Rules(), seed=5, backend=name)
    assert g.apply_all(moves) is None
    assert g.moves == moves
    bad = [*moves[:10], "s0:bogus", *moves[10:]]
    g = yj.Game(yj.Rules(), seed=5, backend=name)
    index, verdict = g.apply_all(bad) or (None, None)
    assert index == 10
    assert verdict is not None
    assert (verdict.ok, verdict.code) == (False, "malformed")
    assert g.moves == moves[:10]  # the moves before it stay applied, none after


def test_apply_each_gives_every_verdict(backend: object) -> None:
    name = backend.name  # type: ignore[attr-defined]
    moves = _history(6)
    g = yj.Game(yj.Rules(), seed=6, backend=name)
    verdicts = g.apply_each([moves[0], "s0:bogus", *moves[1:]])
    assert [v.ok for v in verdicts] == [True, False] + [True] * (len(moves) - 1)
    assert verdicts[1].code == "malformed"
    assert g.moves == moves


def test_moves_must_be_a_list_and_a_non_str_move_is_malformed() -> None:
    moves = _history(1)
    g = yj.Game(yj.Rules(), seed=1)
    failed = g.apply_all([moves[0], 3])  # type: ignore[list-item]
    assert failed is not None
    assert (failed[0], failed[1].code) == (1, "malformed")
    assert g.moves == moves[:1]
    with pytest.raises(TypeError, match="moves must be a list"):
        g.apply_each("s0:pass")  # type: ignore[arg-type]
    assert g.moves == moves[:1]
