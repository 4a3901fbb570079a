"""The architecture page's contract example runs as written (docs/architecture.md)."""

from __future__ import annotations

import json

import pytest

import pyyijing as yj


def test_contract_example_runs_as_written() -> None:
    rules = yj.Rules(variant="standard", players=4, deck=144, taiji="wild",
                     taiji_in_pong=True, win_conditions=("two_targets", "three_of_a_kind"),
                     self_draw_payment="each", next_dealer="dice")  # fmt: skip
    g = yj.Game(rules, seed=7)
    wall = yj.shuffle_wall(1)[0]
    g = yj.Game(rules, wall=wall, dealer=0)
    assert g.phase in ("target", "play", "claim", "over")
    assert g.to_act == [0, 1, 2, 3]
    moves = g.legal_moves(seat=None)
    assert all(isinstance(m, str) for m in moves)
    v = g.validate(moves[0])
    assert (v.ok, v.code, v.message) == (True, "ok", "")
    g.apply(moves[0])
    with pytest.raises(yj.IllegalMove) as info:
        g.apply(moves[0])
    assert info.value.code == "target_already_laid"
    json.dumps(g.view(0))
    json.dumps(g.view(None))
    assert g.ready(0) == []
    assert g.result is None
    rec = g.record()
    json.dumps(rec)
    assert yj.replay(rec).record() == rec
    h = yj.Hexagram.from_lines("110001")
    assert (h.king_wen, h.name, h.points_half) == (41, "損", 9)
    assert h.lower.name == "兌"
    assert h.upper.name == "艮"
    assert yj.backend() in ("native", "cython", "python")
