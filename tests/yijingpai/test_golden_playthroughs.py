"""Golden playthroughs: stored complete games replayed move by move on every backend.

A change of rule behaviour shows up as a difference at the first move it
affects. Regenerate (after a deliberate change, with a new RULES_VERSION) with
`scripts/make_playthroughs.py`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pyyijing as yj

FILES = sorted((Path(__file__).resolve().parents[1] / "golden" / "playthroughs").glob("*.json"))


def test_there_are_golden_playthroughs() -> None:
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays_move_by_move(backend, path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = data["record"]
    rules = yj.Rules.from_dict(record["rules"])
    g = yj.Game(rules, seed=record["seed"], backend=backend.name)
    assert g.wall == record["wall"]
    for i, step in enumerate(data["steps"]):
        where = f"{path.stem} move {i}"
        assert g.phase == step["phase"], where
        assert g.to_act == step["to_act"], where
        assert g.legal_moves() == step["legal"], where
        g.apply(step["move"])
    assert g.phase == "over"
    mine = g.record()
    mine["engine_version"] = "any"
    assert mine == record
    kinds = {json.loads(p.read_text(encoding="utf-8"))["record"]["result"]["kind"] for p in FILES}
    assert kinds == {"self_draw", "dealt_in", "draw"}
