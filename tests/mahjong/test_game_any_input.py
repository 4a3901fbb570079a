"""A mahjong move that is not a str is malformed, not a caller's error (docs/mahjong.md §6).

A referee gets its moves from clients (JSON null, a number, bytes, a list, an
object): `validate` never raises for an illegal move, so such a move has the
verdict of any string that does not match the notation (`malformed`, the first
check), `apply` raises `mj.IllegalMove` with that code and changes nothing, and
`apply_all` / `apply_each` and the service's batch check of positions answer it as
they answer a malformed string, in a history as well as for the move asked about.
"""

from __future__ import annotations

from typing import Any

import pytest

from pyyijing import mahjong as mj

NOT_STR: list[Any] = [None, 0, 7, 1.5, True, b"s0:pass", bytearray(b"s0:pass"),
                      ["s0:pass"], ("s0:pass",), {"move": "s0:pass"}, object()]  # fmt: skip
IDS = [type(x).__name__ for x in NOT_STR]
RULES = {
    "common": mj.Rules("common"),
    "common_void": mj.Rules("common", void_suit=True),
    "shaoyang": mj.Rules("shaoyang"),
    "changsha": mj.Rules("changsha"),
}


def _malformed(g: mj.Game) -> mj.Verdict:
    """The verdict of a string that does not match the notation, here."""
    v = g.validate("not a move")
    assert (v.ok, v.code) == (False, "malformed")
    return v


@pytest.mark.parametrize("name", RULES)
def test_validate_and_apply_call_it_malformed(backend: Any, name: str) -> None:
    rules = RULES[name]
    history = mj.play_bots(rules, 5, ("heuristic",) * 4).moves
    for prefix in (history[:0], history[:7], history):  # the deal, mid-hand, over
        g = mj.Game(rules, seed=5, backend=backend.name)
        g.apply_all(prefix)
        before = g.record()
        for move in NOT_STR:
            assert g.validate(move) == _malformed(g), move
            with pytest.raises(mj.IllegalMove) as info:
                g.apply(move)
            assert info.value.code == "malformed"
            assert info.value.message == _malformed(g).message
            assert g.record() == before  # nothing changed


@pytest.mark.parametrize("move", NOT_STR, ids=IDS)
def test_apply_all_and_apply_each_answer_it_as_a_malformed_move(backend: Any, move: Any) -> None:
    rules = RULES["changsha"]
    history = mj.play_bots(rules, 6, ("heuristic",) * 4).moves
    g = mj.Game(rules, seed=6, backend=backend.name)
    failed = g.apply_all([*history[:4], move, *history[4:]])
    assert failed is not None
    index, verdict = failed
    assert index == 4
    assert verdict == _malformed(g)
    assert g.moves == history[:4]  # the moves before it stay applied
    g = mj.Game(rules, seed=6, backend=backend.name)
    got = g.apply_each([history[0], move, *history[1:]])
    assert got[1] == _malformed(mj.Game(rules, seed=6, backend=backend.name))
    assert all(v.ok for i, v in enumerate(got) if i != 1)
    assert g.moves == history


def test_the_callers_mistakes_still_raise_type_error() -> None:
    with pytest.raises(TypeError, match="list"):
        mj.Game(mj.Rules(), seed=1).apply_all("s0:pass")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="list"):
        mj.Game(mj.Rules(), seed=1).apply_each(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Rules"):
        mj.Game({"ruleset": "common"}, seed=1)  # type: ignore[arg-type]
