"""`yj.validate_positions`: batch checks of positions sent in full (docs/yijing.md
"Batch validation"). The reference is the same replay done with `Game`, on the
same backend, move by move."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.randomplay import RULE_SETS, mutations, play_random

import pyyijing as yj


def _reference(rules: yj.Rules, deal: Any, moves: list[str], move: str, backend: str) -> Any:
    if isinstance(deal, tuple):
        g = yj.Game(rules, wall=deal[0], dealer=deal[1], backend=backend)
    else:
        g = yj.Game(rules, seed=deal, backend=backend)
    for i, m in enumerate(moves):
        v = g.validate(m)
        if not v.ok:
            return yj.PositionCheck(i, v)
        g.apply(m)
    return yj.PositionCheck(None, g.validate(move))


def _items(rules: yj.Rules, seed: int, backend: str) -> list[Any]:
    """Positions of one random game: prefixes with legal and near-miss candidates,
    histories with a corrupted move, and the same positions dealt from the wall."""
    rng = random.Random(seed)
    final = play_random(rules, seed, backend)
    history = final.moves
    wall_deal = (final.wall, final.dealer)
    items: list[Any] = []
    for k in sorted(rng.sample(range(len(history) + 1), 8)):
        prefix = history[:k]
        g = yj.Game(rules, seed=seed, backend=backend)
        for m in prefix:
            g.apply(m)
        legal = g.legal_moves() or ["s0:pass"]
        for cand in [rng.choice(legal), *rng.sample(mutations(rng.choice(legal), rng), 2)]:
            items.append((seed, prefix, cand))
            items.append((wall_deal, prefix, cand))
        if k:
            bad = list(prefix)
            j = rng.randrange(k)
            bad[j] = rng.choice(mutations(bad[j], rng))
            items.append((seed, bad, "s0:pass"))
    return items


@pytest.mark.parametrize("rules", RULE_SETS, ids=range(len(RULE_SETS)))
def test_same_answers_as_a_game_replay(backend: Any, rules: yj.Rules) -> None:
    seeds = range(3) if backend.name == "python" else range(6)
    items = [it for s in seeds for it in _items(rules, 100 + s, backend.name)]
    got = yj.validate_positions(rules, items, backend=backend.name)
    want = [_reference(rules, *it, backend.name) for it in items]
    assert got == want
    # every kind of answer occurred: legal candidates, illegal ones, bad histories
    assert any(c.bad_move is None and c.verdict.ok for c in got)
    assert any(c.bad_move is None and not c.verdict.ok for c in got)
    assert any(c.bad_move is not None for c in got)


def test_backends_agree_on_codes(backend: Any) -> None:
    rules = yj.Rules()
    items = [it for s in range(3) for it in _items(rules, 200 + s, "native")]
    native = yj.validate_positions(rules, items, backend="native")
    other = yj.validate_positions(rules, items, backend=backend.name)
    # messages are for people and differ by backend; codes and indices never do
    assert [(c.bad_move, c.verdict.code) for c in other] == [
        (c.bad_move, c.verdict.code) for c in native
    ]


def test_sequences_other_than_lists_and_empty_batches() -> None:
    rules = yj.Rules()
    g = play_random(rules, 7)
    moves = g.moves[:10]
    as_list = yj.validate_positions(rules, [(7, moves, "s0:pass")])
    assert yj.validate_positions(rules, [(7, tuple(moves), "s0:pass")]) == as_list
    assert yj.validate_positions(rules, iter([(7, moves, "s0:pass")])) == as_list
    assert yj.validate_positions(rules, []) == []


def test_an_overlong_move_is_a_malformed_history_move(backend: Any) -> None:
    check = yj.validate_positions(
        yj.Rules(), [(1, ["s0:" + "1" * 300], "s0:pass")], backend=backend.name
    )
    assert check[0].bad_move == 0
    assert check[0].verdict.code == "malformed"


@pytest.mark.parametrize(
    ("items", "error", "words"),
    [
        ([(1, [], "s0:pass", 4)], TypeError, "(deal, moves, move)"),
        (["s0:pass"], TypeError, "(deal, moves, move)"),
        ([(1, "s0:pass", "s0:pass")], TypeError, "sequence of str"),
        ([(-1, [], "s0:pass")], ValueError, "seed"),
        ([(1.5, [], "s0:pass")], TypeError, "seed"),
        ([(("10", 0), [], "s0:pass")], ValueError, "wall"),
        ([(("1" * 70 + "0" * 70 + "TTTT", 4), [], "s0:pass")], ValueError, "seat"),
        ([(("1" * 70 + "0" * 70 + "TTTT",), [], "s0:pass")], TypeError, "(wall, dealer)"),
    ],
)
def test_bad_items_raise_and_name_the_problem(
    backend: Any, items: list[Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=None) as info:
        yj.validate_positions(yj.Rules(), items, backend=backend.name)
    assert words in str(info.value)


def test_rules_must_be_rules() -> None:
    with pytest.raises(TypeError, match="Rules"):
        yj.validate_positions({"players": 4}, [])  # type: ignore[arg-type]


def test_apply_all_is_apply_in_a_loop(backend: Any) -> None:
    """GameCore.apply_all (docs/backend-interface.md), through Game.apply_all."""
    rules = yj.Rules()
    history = play_random(rules, 31, backend.name).moves
    g = yj.Game(rules, seed=31, backend=backend.name)
    assert g.apply_all(history) is None
    assert g.moves == history
    assert g.phase == "over"
    bad = [*history[:10], "s0:bogus", *history[10:]]
    g = yj.Game(rules, seed=31, backend=backend.name)
    index, verdict = g.apply_all(bad) or (None, None)
    assert index == 10
    assert verdict is not None
    assert verdict.code == "malformed"
    assert g.moves == history[:10]  # the moves before the bad one stay applied
    failed = yj.Game(rules, seed=31, backend=backend.name).apply_all([3])  # type: ignore[list-item]
    assert failed is not None
    assert (failed[0], failed[1].code) == (0, "malformed")  # a move from a player: not a str


def test_apply_each_is_apply_on_every_move(backend: Any) -> None:
    """GameCore.apply_each (docs/backend-interface.md), through Game.apply_each:
    illegal moves change nothing and the next move is tried."""
    rules = yj.Rules()
    history = play_random(rules, 32, backend.name).moves
    rng = random.Random(32)
    moves = list(history)
    for _ in range(6):  # illegal moves slipped in between legal ones
        at = rng.randrange(len(moves))
        moves.insert(at, rng.choice(mutations(moves[at], rng)))
    g = yj.Game(rules, seed=32, backend=backend.name)
    got = g.apply_each(moves)
    ref = yj.Game(rules, seed=32, backend=backend.name)
    want = []
    for m in moves:
        v = ref.validate(m)
        want.append(v)
        if v.ok:
            ref.apply(m)
    assert got == want
    assert g.record() == ref.record()
    assert not all(v.ok for v in got)
    assert [v.code for v in g.apply_each([None])] == ["malformed"]  # type: ignore[list-item]
