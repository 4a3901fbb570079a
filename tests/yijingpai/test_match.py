"""Matches of several hands: the ledger and the next dealer (rules §5)."""

from __future__ import annotations

import pytest
from support.randomplay import MAX_MOVES

import pyyijing as yj
from pyyijing.yijingpai.match import hand_seed


def finish(g: yj.Game, pick: int = 0) -> None:
    for _ in range(MAX_MOVES):
        if g.phase == "over":
            return
        moves = g.legal_moves()
        g.apply(moves[pick % len(moves)])
    raise AssertionError("hand did not end")


@pytest.mark.parametrize("next_dealer", ["dice", "winner", "rotate"])
def test_match_ledger_and_next_dealer(backend, next_dealer: str) -> None:
    """rules §5: matches keep a ledger; the next dealer is thrown by dice (as the seed),
    is the winner (dealer keeps the deal on a draw), or rotates."""
    rules = yj.Rules(next_dealer=next_dealer)
    m = yj.Match(rules, seed=42, backend=backend.name)
    totals = [0, 0, 0, 0]
    for h in range(6):
        g = m.new_hand()
        assert g.backend == backend.name
        with pytest.raises(ValueError, match="not over"):
            m.new_hand()
        finish(g, pick=h)
        r = g.result
        assert r is not None
        totals = [t + p for t, p in zip(totals, r.payments, strict=True)]
        expected = None
        if next_dealer == "rotate":
            expected = (g.dealer + 1) % 4
        elif next_dealer == "winner":
            expected = g.dealer if r.winner is None else r.winner
        assert m.next_dealer == expected
    assert m.ledger == totals
    assert sum(m.ledger) == 0
    rec = m.record()
    assert [h["seed"] for h in rec["hands"]] == [hand_seed(42, i) for i in range(6)]
    # every hand of a match replays from its record
    for hand in rec["hands"]:
        assert yj.replay(hand, backend=backend.name).record() == hand


def test_dice_rule_uses_each_hands_own_dice() -> None:
    m = yj.Match(yj.Rules(), seed=9)
    for _ in range(3):
        g = m.new_hand()
        assert g.dice is not None
        assert g.dealer == (g.dice[0] + g.dice[1] - 1) % 4
        finish(g)


def test_the_ledger_counts_a_hand_as_soon_as_it_ends(backend) -> None:
    """rules §5 / docs/architecture.md: `Match.ledger` is per seat the payments of the
    finished hands, so it is current the moment a hand ends, before `next_dealer` or
    `new_hand()` is read. Heuristic match seed 3: hand 2 pays (-9, 0, 9, 0)."""
    m = yj.Match(yj.Rules(), seed=3, backend=backend.name)
    totals = [0, 0, 0, 0]
    for _ in range(3):
        g = m.new_hand()
        assert m.ledger == totals  # the hand in play counts nothing yet
        while g.phase != "over":
            g.apply(yj.bot_move(g, "heuristic"))
        r = g.result
        assert r is not None
        totals = [t + p for t, p in zip(totals, r.payments, strict=True)]
        assert m.ledger == totals
        assert m.record()["ledger"] == totals
    assert m.hands[2].result is not None
    assert m.hands[2].result.payments == (-9, 0, 9, 0)
    assert m.ledger == [-9, 0, 9, 0]
    m.ledger[0] = 100  # a copy: the standings cannot be edited by a caller
    assert m.ledger == [-9, 0, 9, 0]
