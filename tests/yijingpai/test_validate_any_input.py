"""A move that is not a str is a malformed move, not a caller's error (docs/yijing.md §6).

A referee gets its moves from clients: JSON null, a number, bytes, a list, an
object. The contract says `validate` never raises for an illegal move, so such a
move gets the verdict of any string that does not match the notation
(`malformed`, reason 1), `apply` raises `IllegalMove` with that code and changes
nothing, and the batch forms (`apply_all`, `apply_each`, `validate_positions`)
answer it as they answer a malformed string, in a history as well as the move
asked about. TypeError stays for the caller's own mistakes (rules=, items that
are not (deal, moves, move), a moves argument that is not a list).
"""

from __future__ import annotations

from typing import Any

import pytest
from support.randomplay import play_random

import pyyijing as yj

NOT_STR: list[Any] = [None, 0, 7, 1.5, True, b"s0:pass", bytearray(b"s0:pass"),
                      ["s0:pass"], ("s0:pass",), {"move": "s0:pass"}, object()]  # fmt: skip
IDS = [type(x).__name__ for x in NOT_STR]


def _malformed(g: yj.Game) -> yj.Verdict:
    """The verdict of a string that does not match the notation, here."""
    v = g.validate("not a move")
    assert (v.ok, v.code) == (False, "malformed")
    return v


@pytest.mark.parametrize("move", NOT_STR, ids=IDS)
def test_validate_and_apply_call_it_malformed(backend: Any, move: Any) -> None:
    rules = yj.Rules()
    history = play_random(rules, 5, backend.name).moves
    for prefix in (history[:0], history[:7], history):  # the deal, mid-hand, over
        g = yj.Game(rules, seed=5, backend=backend.name)
        g.apply_all(prefix)
        before = g.record()
        assert g.validate(move) == _malformed(g)
        with pytest.raises(yj.IllegalMove) as info:
            g.apply(move)
        assert info.value.code == "malformed"
        assert info.value.message == _malformed(g).message
        assert g.record() == before  # nothing changed


@pytest.mark.parametrize("move", NOT_STR, ids=IDS)
def test_apply_all_and_apply_each_answer_it_as_a_malformed_move(backend: Any, move: Any) -> None:
    rules = yj.Rules()
    history = play_random(rules, 6, backend.name).moves
    g = yj.Game(rules, seed=6, backend=backend.name)
    failed = g.apply_all([*history[:4], move, *history[4:]])
    assert failed is not None
    index, verdict = failed
    assert index == 4
    assert verdict == _malformed(g)
    assert g.moves == history[:4]  # the moves before it stay applied
    g = yj.Game(rules, seed=6, backend=backend.name)
    got = g.apply_each([history[0], move, *history[1:]])
    assert got[1] == _malformed(yj.Game(rules, seed=6, backend=backend.name))
    assert all(v.ok for i, v in enumerate(got) if i != 1)
    assert g.moves == history


@pytest.mark.parametrize("move", NOT_STR, ids=IDS)
def test_validate_positions_answers_it_as_a_malformed_move(backend: Any, move: Any) -> None:
    """docs/yijing.md "Batch validation": the move asked about gets `validate`'s verdict;
    a bad history move gives its index and verdict, as a malformed string there does."""
    rules = yj.Rules()
    history = play_random(rules, 8, backend.name).moves[:9]
    wall_deal = (yj.Game(rules, seed=8).wall, yj.Game(rules, seed=8).dealer)
    g = yj.Game(rules, seed=8, backend=backend.name)
    g.apply_all(history)
    as_candidate = yj.PositionCheck(None, _malformed(g))
    bad = [*history[:3], move, *history[4:]]
    as_string = yj.validate_positions(
        rules, [(8, [*history[:3], "not a move", *history[4:]], "s0:pass")], backend=backend.name
    )[0]
    assert as_string.bad_move == 3
    got = yj.validate_positions(
        rules,
        [(8, history, move), (wall_deal, history, move), (8, bad, "s0:pass"), (wall_deal, bad, "")],
        backend=backend.name,
    )
    assert got == [as_candidate, as_candidate, as_string, as_string]


def test_the_callers_mistakes_still_raise_type_error() -> None:
    with pytest.raises(TypeError, match="Rules"):
        yj.validate_positions({"players": 4}, [])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="deal, moves, move"):
        yj.validate_positions(yj.Rules(), [None])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="sequence of str"):
        yj.validate_positions(yj.Rules(), [(1, None, "s0:pass")])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="list"):
        yj.Game(yj.Rules(), seed=1).apply_all("s0:pass")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="list"):
        yj.Game(yj.Rules(), seed=1).apply_each(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Rules"):
        yj.Game({"players": 4}, seed=1)  # type: ignore[arg-type]
