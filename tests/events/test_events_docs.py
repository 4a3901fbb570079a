"""The examples of docs/events.md "Examples" are what this pyyijing writes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pyyijing import events

DOC = Path(__file__).resolve().parents[2] / "docs" / "events.md"


def examples() -> list[list[dict[str, Any]]]:
    """The JSON-lines blocks of docs/events.md, in order."""
    text = DOC.read_text(encoding="utf-8")
    return [events.loads(block) for block in re.findall(r"^```jsonl\n(.*?)^```", text, re.M | re.S)]


EXAMPLES = examples()
FULL = [log for log in EXAMPLES if log[0]["stream"] == events.FULL]
SEAT = [log for log in EXAMPLES if log[0]["stream"] == events.SEAT]


def test_one_full_example_per_game_and_ruleset() -> None:
    """docs/events.md "Examples": Yi Jing Pai and each mahjong ruleset."""
    kinds = [log[1].get("ruleset", log[0]["game"]) for log in FULL]
    assert kinds == ["yijingpai", "common", "shaoyang", "changsha"]
    assert SEAT


@pytest.mark.parametrize("log", FULL, ids=lambda log: log[1].get("ruleset", log[0]["game"]))
def test_a_full_example_is_its_records_log(log: list[dict[str, Any]]) -> None:
    """docs/events.md "Round trip": the example gives a record back, and that record's
    log is the example, event for event."""
    assert events.from_record(events.to_record(log)) == log


@pytest.mark.parametrize("excerpt", SEAT, ids=lambda log: f"seat{log[0]['seat']}")
def test_a_seat_example_begins_that_seats_stream(excerpt: list[dict[str, Any]]) -> None:
    """docs/events.md "Examples": a seat's excerpt begins the stream of one of the full
    examples' records, for its seat."""
    seat = excerpt[0]["seat"]
    streams = [events.from_record(events.to_record(log), seat) for log in FULL]
    assert any(stream[: len(excerpt)] == excerpt for stream in streams)
