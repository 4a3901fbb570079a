"""Random-simulation invariants on every backend (as OpenSpiel runs for every game).

Thousands of seeded games with random legal moves: every listed move validates,
every rejected move leaves the game unchanged, tiles are conserved, every game
ends, and `replay(record)` rebuilds the same game.
"""

from __future__ import annotations

import os
import random

import pytest
from support.randomplay import RULE_SETS, mutations, play_random, random_game

import pyyijing as yj

GAMES = int(os.environ.get("PYYIJING_INVARIANT_GAMES", "150"))


def snapshot(g: yj.Game) -> tuple[object, ...]:
    return (g.record(), g.phase, g.to_act, [g.view(s) for s in range(g.rules.players)])


def tiles_on_table(g: yj.Game) -> int:
    v = g.view(None)
    total = v["wall_remaining"]
    for s in v["seats"]:
        total += s["hand_count"] + (6 if s["target_laid"] else 0)
        total += len(s["in_progress"]) + 6 * len(s["completed"])
    return total


@pytest.mark.parametrize("rules_index", range(len(RULE_SETS)))
def test_random_games_keep_every_invariant(backend, rules_index: int) -> None:
    rules = RULE_SETS[rules_index]
    rng = random.Random(rules_index)
    for seed in range(GAMES):
        game = None
        for g, move in random_game(rules, 1000 * rules_index + seed, backend.name):
            game = g
            assert tiles_on_table(g) == rules.wall_size
            legal = g.legal_moves()
            assert legal == sorted(set(legal))
            for s in range(rules.players):
                mine = g.legal_moves(s)
                assert (s in g.to_act) == bool(mine)
                assert set(mine) <= set(legal)
            # every listed move validates; a sample of illegal ones change nothing
            for m in rng.sample(legal, min(3, len(legal))):
                assert g.validate(m).ok, m
            before = snapshot(g)
            for m in mutations(move, rng):
                verdict = g.validate(m)
                assert verdict.ok == (m in legal), (m, verdict)
                if not verdict.ok:
                    with pytest.raises(yj.IllegalMove):
                        g.apply(m)
            assert snapshot(g) == before
        assert game is not None
        r = game.result
        assert r is not None
        assert sum(r.payments) == 0
        assert replay(game) == game.record()


def replay(g: yj.Game) -> dict[str, object]:
    return yj.replay(g.record(), backend=g.backend).record()


def test_drawn_standard_hand_has_58_to_60_plays(backend) -> None:
    """rules §9: a drawn 4-player 144-tile standard hand has 58–60 plays: 56 with draws,
    then at most one more per seat; the hand ends when the seat to move has no tiles."""
    drawn = 0
    for seed in range(GAMES * 3):
        g = play_random(yj.Rules(), seed, backend.name)
        plays = [m for m in g.moves if ":play=" in m or ":pong=" in m]
        assert g.result is not None
        if g.result.kind == "draw":
            drawn += 1
            assert 58 <= len(plays) <= 60, len(plays)
            assert g.view(None)["wall_remaining"] == 0
        else:
            assert len(plays) <= 60
    assert drawn > 0


def test_copy_is_independent(backend) -> None:
    g = yj.Game(yj.Rules(), seed=5, backend=backend.name)
    for s in range(4):
        g.apply(g.legal_moves(s)[0])
    c = g.copy()
    c.apply(c.legal_moves()[0])
    assert len(c.moves) == len(g.moves) + 1
    assert g.phase == "play"
    assert g.record()["moves"] == c.record()["moves"][:-1]
