"""Records name their game: ``"game": "yijingpai"`` beside a per-game rules_version.

A record written before the field existed (no "game") is a Yi Jing Pai record
and still replays; a record of another game is refused with a clear error.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pyyijing as yj

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "playthroughs"


def test_a_record_names_its_game() -> None:
    rec = yj.Game(yj.Rules(), seed=3).record()
    assert rec["game"] == "yijingpai"
    assert rec["rules_version"] == 1
    assert json.loads(json.dumps(rec)) == rec


def test_a_record_from_before_the_game_field_replays() -> None:
    for path in sorted(GOLDEN.glob("*.json")):
        old = json.loads(path.read_text(encoding="utf-8"))["record"]
        del old["game"]  # exactly what the previous release wrote
        game = yj.replay(old)
        assert game.record() == {**old, "game": "yijingpai", "engine_version": yj.__version__}


def test_a_record_of_another_game_is_refused() -> None:
    rec = yj.Game(yj.Rules(), seed=3).record()
    rec["game"] = "mahjong"
    with pytest.raises(yj.RecordError, match="record of game 'mahjong'") as info:
        yj.replay(rec)
    assert info.value.code == "bad_record"


def test_sampled_records_of_an_earlier_release_still_replay(tmp_path: Path, capsys: object) -> None:
    """Sampled records of an earlier release carry their game number in "game" (this
    release writes "index", as "game" names the game)."""
    from pyyijing.cli import main

    old = yj.Game(yj.Rules(), seed=9).record()
    old.pop("game")
    old["game"] = 7  # as an earlier release's `yijing simulate --records` wrote it
    yj.replay(old)
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps(old) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--game", "7"]) == 0
    assert main(["validate", "--record", str(path)]) == 0
