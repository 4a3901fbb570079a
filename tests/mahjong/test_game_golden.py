"""Mahjong golden playthroughs: stored complete hands replayed move by move on every backend.

A change of rule behaviour shows up as a difference at the first move it
affects: before each move the phase, the seats to act and the legal moves must
be the stored ones; at the end the record (result and payments included) must
be the stored one, and `mj.replay` of it must rebuild it. Regenerate (after a
deliberate change, with a new mj.RULES_VERSION) with
`scripts/make_mahjong_playthroughs.py`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from pyyijing import _registry
from pyyijing import mahjong as mj
from pyyijing.mahjong import game as mj_game

FILES = sorted(
    (Path(__file__).resolve().parent.parent / "golden" / "mahjong_playthroughs").glob("*.json")
)


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture(params=_registry.BACKENDS)
def mj_backend(request: pytest.FixtureRequest) -> str:
    """Each backend with a mahjong engine (a missing one fails under
    PYYIJING_REQUIRE_ALL_BACKENDS=1, as tests/conftest.py's `backend` does)."""
    name: str = request.param
    try:
        mj_game.parts(name)
    except ImportError as exc:
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {name} has no mahjong engine: {exc}")
        pytest.skip(f"backend {name} has no mahjong engine: {exc}")
    return name


def test_there_are_golden_playthroughs() -> None:
    assert len(FILES) >= 5
    datas = [_load(p) for p in FILES]
    mixes = {json.dumps(d["record"]["rules"], sort_keys=True) for d in datas}
    assert len(mixes) >= 5, "one playthrough per option mix"
    kinds = {d["record"]["result"]["kind"] for d in datas}
    assert {"self_draw", "discard", "draw"} <= kinds, kinds
    moves = {s["move"].split(":", 1)[1].split("=")[0] for d in datas for s in d["steps"]}
    assert {"void", "raise", "discard", "ready", "kong", "pung", "chow", "win", "pass"} <= moves
    rulesets = {d["record"]["ruleset"] for d in datas}
    assert {"common", "shaoyang"} <= rulesets, rulesets


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays_move_by_move(mj_backend: str, path: Path) -> None:
    data = _load(path)
    record = data["record"]
    rules = mj.Rules.from_dict(record["rules"])
    g = mj.Game(rules, seed=record["seed"], backend=mj_backend)
    assert g.wall == record["wall"]
    assert g.dealer == record["dealer"]
    for i, step in enumerate(data["steps"]):
        where = f"{path.stem} move {i} ({step['move']})"
        assert g.phase == step["phase"], where
        assert g.to_act == step["to_act"], where
        assert g.legal_moves() == step["legal"], where
        g.apply(step["move"])
    assert g.phase == "over", path.stem
    mine = g.record()
    mine["engine_version"] = "any"
    assert mine == record
    again = mj.replay(record, backend=mj_backend)
    assert again.record()["moves"] == record["moves"]
    assert again.result == g.result
