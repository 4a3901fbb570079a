"""Parity: the native core and the fallback give identical answers on every game.

Random legal games are played on native and, move for move, on the fallback
(cython and python): records, every seat's view, legal moves, `ready` and the
reason codes of near-miss illegal moves must agree at every step. A difference
fails with the rules, the seed and the first diverging move.

Game counts: ``PYYIJING_PARITY_GAMES`` (native vs cython, default 10,000) and
``PYYIJING_PARITY_GAMES_PYTHON`` (native vs python, default 1,000), spread over
the rule sets of `randomplay.RULE_SETS`. The first `QUICK` games of each rule set
run in the fast run (`make test`); the rest are marked slow (`make test-slow`).
"""

from __future__ import annotations

import os
import random

import pytest
from support.randomplay import MAX_MOVES, RULE_SETS, mutations

import pyyijing as yj

COUNTS = {
    "cython": int(os.environ.get("PYYIJING_PARITY_GAMES", "10000")),
    "python": int(os.environ.get("PYYIJING_PARITY_GAMES_PYTHON", "1000")),
}
# Games per rule set in the fast run (about a tenth of the 10,000 and a fifth of the 1,000).
QUICK = {"cython": 100, "python": 25}


def compare_step(a: yj.Game, b: yj.Game, where: str) -> None:
    assert a.phase == b.phase, where
    assert a.to_act == b.to_act, where
    assert a.legal_moves() == b.legal_moves(), where
    for seat in [None, *range(a.rules.players)]:
        assert a.view(seat) == b.view(seat), f"{where}: view({seat})"
    for seat in range(a.rules.players):
        assert a.ready(seat) == b.ready(seat), f"{where}: ready({seat})"


def play_in_parity(rules: yj.Rules, seed: int, other: str, full: bool) -> int:
    rng = random.Random(seed)
    a = yj.Game(rules, seed=seed, backend="native")
    b = yj.Game(rules, seed=seed, backend=other)
    for step in range(MAX_MOVES):
        where = f"rules={rules.to_dict()} seed={seed} move {step} after {a.moves[-3:]}"
        if full:
            compare_step(a, b, where)
        else:
            assert a.legal_moves() == b.legal_moves(), where
        if a.phase == "over":
            assert a.record() == b.record(), where
            return step
        legal = a.legal_moves()
        move = rng.choice(legal)
        for m in mutations(move, rng):
            va, vb = a.validate(m), b.validate(m)
            assert (va.ok, va.code) == (vb.ok, vb.code), f"{where}: validate({m!r})"
        a.apply(move)
        b.apply(move)
    raise AssertionError(f"seed {seed} did not end")


@pytest.mark.parametrize("part", ["first", pytest.param("rest", marks=pytest.mark.slow)])
@pytest.mark.parametrize("other", ["cython", "python"])
@pytest.mark.parametrize("rules_index", range(len(RULE_SETS)))
def test_native_and_fallback_agree_on_random_games(other: str, rules_index: int, part: str) -> None:
    rules = RULE_SETS[rules_index]
    games = COUNTS[other] // len(RULE_SETS) + (rules_index < COUNTS[other] % len(RULE_SETS))
    first = min(games, QUICK[other])
    for i in range(first) if part == "first" else range(first, games):
        seed = 7919 * rules_index + i
        full = True
        play_in_parity(rules, seed, other, full)
