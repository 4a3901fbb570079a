"""The architecture page's mahjong contract example runs as written, for ruleset="common".

docs/architecture.md "Mahjong games — contract": the same shape as Yi Jing Pai
in `pyyijing.mahjong`. The example's ruleset is Changsha; here it runs with
``"common"`` and its options (flowers, declare_ready), whose phases and first
moves it checks; tests/mahjong/changsha/ play Changsha itself.
"""

from __future__ import annotations

import json

import pytest

import pyyijing as yj
from pyyijing import mahjong as mj


def test_contract_example_runs_for_common(backend) -> None:
    rules = mj.Rules("common", flowers=False, declare_ready=True)  # ruleset, then its options
    g = mj.Game(rules, seed=7, backend=backend.name)  # shuffled wall, dice pick the dealer
    wall = g.wall
    g = mj.Game(rules, wall=wall, dealer=0, backend=backend.name)  # an exact deal
    assert g.phase in ("raise", "void", "opening", "play", "claim", "over")
    assert g.to_act == [0]  # one seat in play: the dealer, holding 14
    moves = g.legal_moves(seat=None)
    assert moves == sorted(moves)
    assert all(m.startswith("s0:") for m in moves)
    v = g.validate(moves[0])
    assert (v.ok, v.code, v.message) == (True, "ok", "")
    g.apply(moves[0])
    with pytest.raises(mj.IllegalMove) as info:
        g.apply("s0:discard=1m")
    assert info.value.code in ("not_your_turn", "wrong_phase")
    json.dumps(g.view(0))
    json.dumps(g.view(None))
    assert isinstance(g.waits(1), dict)
    assert g.result is None
    rec = g.record()
    assert json.loads(json.dumps(rec)) == rec
    assert mj.replay(rec, backend=backend.name).record() == rec
    m = mj.Match(rules, seed=5, backend=backend.name)
    assert m.next_dealer is None
    assert m.current is None
    hand = m.new_hand()
    assert hand is m.current
    assert m.hands == [hand]
    assert m.ledger == [0, 0, 0, 0]


def test_result_fields_of_the_contract(backend) -> None:
    """result: kind, winner, dealt_in_by, win_tile, patterns, payments (sum 0), ledger, birds."""
    import random

    rng = random.Random(3)
    g = mj.Game(mj.Rules("common"), seed=11, backend=backend.name)
    while g.phase != "over":
        g.apply(rng.choice(g.legal_moves()))
    r = g.result
    assert r is not None
    assert r.kind in ("self_draw", "discard", "robbed_kong", "draw")
    assert sum(r.payments) == 0
    assert len(r.payments) == 4
    assert all(len(e) == 4 for e in r.ledger)
    assert r.birds == ()
    assert yj.backend() in ("native", "cython", "python")
