"""`mj.Match.ledger` is current: a hand's payments count the moment it ends.

docs/architecture.md (the mahjong contract): `.ledger` is per seat the finished
hands' payments; rules §11: `mj.Match` has the shape of `yj.Match`. A server
that shows the standings after each hand reads `ledger` before it deals the
next hand (before `next_dealer` or `new_hand()`), in every ruleset.
"""

from __future__ import annotations

import pytest

from pyyijing import mahjong as mj

RULES = {
    "common": mj.Rules("common"),
    "common_void": mj.Rules("common", void_suit=True),
    "shaoyang": mj.Rules("shaoyang"),
    "changsha": mj.Rules("changsha"),
}


@pytest.mark.parametrize("name", RULES)
def test_the_ledger_counts_a_hand_as_soon_as_it_ends(backend, name: str) -> None:
    m = mj.Match(RULES[name], seed=3, backend=backend.name)
    totals = [0, 0, 0, 0]
    paid = False
    for _ in range(3):
        g = m.new_hand()
        while g.phase != "over":
            g.apply(mj.bot_move(g, "heuristic"))
        r = g.result
        assert r is not None
        totals = [t + p for t, p in zip(totals, r.payments, strict=True)]
        paid = paid or any(r.payments)
        assert m.ledger == totals, "read before next_dealer / new_hand()"
        assert m.record()["ledger"] == totals
        assert sum(m.ledger) == 0
    assert paid, "seed 3 should have hands with payments"
    m.ledger[0] += 100  # a copy: the standings cannot be edited by a caller
    assert m.ledger == totals
