"""A record with a wrongly typed deal field is a bad record, never a crash.

`replay` reads records from files that anyone may have edited (the record
sections of docs/yijing.md and docs/mahjong.md), so for every registered game
and each deal field (seed, wall, dealer, dice, dealer_source, moves) a value of
the wrong type ends in `RecordError` (or, for a move, the game's illegal-move
error), and `yijing validate` reports it with exit 1 instead of a traceback.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import pyyijing as yj
from pyyijing.core import registry
from pyyijing.errors import IllegalMove, RecordError

FIELDS = ("seed", "wall", "dealer", "dice", "dealer_source", "moves")
# Values that still describe the hand: a Yi Jing Pai record without a seed is an
# exact deal of its wall and dealer (docs/yijing.md: `seed` (or None)).
STILL_A_DEAL = [("yijingpai", "seed", None)]
GAMES = [spec.name for spec in yj.games()]
WRONG: tuple[Any, ...] = (99, -1, 1.5, True, "x", None, [1], [1, "a"], {"a": 1}, [[1]])


def _seeded_record(name: str) -> dict[str, Any]:
    spec = registry.get(name)
    rules_class = spec.load("rules")
    option = spec.ruleset_option
    rules = rules_class(**{option: spec.rulesets[0]}) if option else rules_class()
    game = spec.load("game")(rules, seed=5)
    for _ in range(6):
        moves = game.legal_moves(game.to_act[0])
        game.apply(sorted(moves)[0])
    return game.record()


def _cases() -> list[tuple[str, str, Any]]:
    return [(name, field, value) for name in GAMES for field in FIELDS for value in WRONG]


@pytest.mark.parametrize(("name", "field", "value"), _cases())
def test_a_wrongly_typed_field_is_a_bad_record(name: str, field: str, value: Any) -> None:
    rec = copy.deepcopy(_seeded_record(name))
    if rec.get(field) == value:
        return  # not wrong for this record
    rec[field] = value
    replay = registry.get(name).load("replay")
    if any(case == (name, field, value) for case in STILL_A_DEAL):
        assert replay(rec).record()["wall"] == rec["wall"]
        return
    with pytest.raises((RecordError, IllegalMove)):
        replay(rec)


@pytest.mark.parametrize("name", GAMES)
def test_validate_reports_it_without_a_traceback(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pyyijing.cli import main

    rec = _seeded_record(name)
    rec["dice"] = 99
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert main(["validate", "--record", str(path)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.err + out.out
    assert "dice must be a list of two ints" in out.out + out.err
