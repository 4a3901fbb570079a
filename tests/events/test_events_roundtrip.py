"""record -> events -> record is the identity for the full stream (docs/events.md
"Round trip"): the golden playthroughs and random hands of every ruleset."""

from __future__ import annotations

from typing import Any

import pytest
from support.event_hands import RULESETS, golden_records, random_records

from pyyijing import events

GOLDEN = golden_records()

#: Hands per ruleset: a few in the fast run, 10,000 in all with the slow chunks.
FAST_HANDS = 60
SLOW_HANDS = 10_000
CHUNK = 1_000


def _round_trip(record: dict[str, Any]) -> None:
    log = events.from_record(record)
    assert log[0]["stream"] == events.FULL
    assert events.to_record(log) == record


def _round_trip_as_text(record: dict[str, Any]) -> None:
    """As `_round_trip`, through the JSON-lines text a file holds."""
    log = events.from_record(record)
    assert log[0]["stream"] == events.FULL
    assert events.to_record(events.loads(events.dumps(log))) == record


@pytest.mark.parametrize(("name", "record"), GOLDEN, ids=[name for name, _ in GOLDEN])
def test_golden_playthroughs_round_trip(name: str, record: dict[str, Any]) -> None:
    """docs/events.md "Round trip": to_record(from_record(r)) == r, golden playthroughs."""
    _round_trip(record)
    _round_trip_as_text(record)


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_random_hands_round_trip(ruleset: str) -> None:
    """docs/events.md "Round trip": random hands of every ruleset (the fast share)."""
    count = 0
    for record in random_records(ruleset, 0, FAST_HANDS):
        _round_trip(record)
        _round_trip_as_text(record)
        count += 1
    assert count == FAST_HANDS


@pytest.mark.slow
@pytest.mark.parametrize("start", range(FAST_HANDS, SLOW_HANDS, CHUNK))
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_random_hands_round_trip_slow(ruleset: str, start: int) -> None:
    """docs/events.md "Round trip": with the fast share, 10,000 random hands per ruleset,
    each through the JSON-lines text."""
    count = 0
    for record in random_records(ruleset, start, min(CHUNK, SLOW_HANDS - start)):
        _round_trip_as_text(record)
        count += 1
    assert count == min(CHUNK, SLOW_HANDS - start)


def test_extra_record_fields_and_a_hand_in_play_round_trip() -> None:
    """docs/events.md "start_game": a record's other fields (simulate --records adds
    index, sim_seed, seat_policies) and a record of a hand still in play come back."""
    for _, record in GOLDEN[::5]:
        sampled = {**record, "index": 7, "sim_seed": 3, "seat_policies": ["random"] * 4}
        assert events.to_record(events.from_record(sampled)) == sampled
        in_play = {**record, "moves": record["moves"][:9], "result": None}
        log = events.from_record(in_play)
        assert log[-2]["type"] != "end_hand"
        assert events.to_record(log) == in_play


def test_several_games_in_one_log() -> None:
    """docs/events.md "Games": a log holds games one after another; to_records reads all,
    to_record exactly one."""
    records = [record for _, record in GOLDEN[:3]]
    log = events.from_records(records)
    assert events.to_records(log) == records
    assert len(events.split_games(log)) == 3
    with pytest.raises(events.EventLogError, match="holds 3 games"):
        events.to_record(log)
