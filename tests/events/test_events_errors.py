"""Bad input gets a clear error (docs/events.md "Errors")."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support.event_hands import golden_records

from pyyijing import IllegalMove, RecordError, events

GOLDEN = dict(golden_records())


def _log(name: str = "common") -> list[dict[str, Any]]:
    return events.from_record(GOLDEN[name])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ('{"type": "end_game"}\n{not json\n', "line 2: not JSON"),
        ("[1, 2]\n", "line 1: an event is a JSON object; got list"),
        ('{"actor": 1}\n', 'line 1: an event has a "type"'),
    ],
)
def test_json_lines_errors_name_the_line(text: str, message: str) -> None:
    """docs/events.md "Errors": a line that is not an event is named."""
    with pytest.raises(events.EventLogError, match=message):
        events.loads(text)


def test_an_invalid_record_is_refused_with_its_first_illegal_move() -> None:
    """docs/events.md "Errors": the game's own error, with the first bad move and its code."""
    bad = copy.deepcopy(GOLDEN["common"])
    bad["moves"][5] = bad["moves"][5].replace("discard", "pung")
    with pytest.raises(IllegalMove) as mahjong_error:
        events.from_record(bad)
    assert mahjong_error.value.index == 5
    assert mahjong_error.value.code == "wrong_phase"
    bad = copy.deepcopy(GOLDEN["standard_4p"])
    bad["moves"][0] = "s9:pass"
    with pytest.raises(RecordError) as yijing_error:
        events.from_record(bad)
    assert (yijing_error.value.index, yijing_error.value.code) == (0, "no_such_seat")


@pytest.mark.parametrize(
    ("record", "seat", "message"),
    [
        ([1], None, "a record is a JSON object"),
        ({**GOLDEN["common"], "game": "chess"}, None, "game must be one of"),
        (GOLDEN["standard_2p_162"], 2, "seat must be one of 0 to 1"),
        (GOLDEN["common"], True, "seat must be one of 0 to 3"),
    ],
)
def test_bad_records_and_seats(record: Any, seat: Any, message: str) -> None:
    """docs/events.md "Errors": not a record, an unknown game, a seat it does not have."""
    with pytest.raises(events.EventLogError, match=message):
        events.from_record(record, seat)


def _edited(edit: Any) -> list[dict[str, Any]]:
    log = copy.deepcopy(_log())
    edit(log)
    return log


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda log: log.clear(), "empty"),
        (lambda log: log.pop(), "no end_game"),
        (lambda log: log.insert(0, {"type": "draw"}), "event 0: draw outside a game"),
        (lambda log: log[0].update(version=99), "format version 99"),
        (lambda log: log[0].update(format="mjai"), "format must be"),
        (lambda log: log[0].update(game="go"), "game must be one of"),
        (lambda log: log[1].pop("wall"), "event 1: start_hand has no 'wall'"),
        (lambda log: log[-2].pop("payments"), "end_hand has no 'payments'"),
    ],
)
def test_bad_logs(edit: Any, message: str) -> None:
    """docs/events.md "Errors": a log that is not whole games of this format."""
    with pytest.raises(events.EventLogError, match=message):
        events.to_record(_edited(edit))


def test_a_seat_stream_gives_no_record() -> None:
    """docs/events.md "Streams": only the full stream converts back."""
    with pytest.raises(events.EventLogError, match="only a full stream"):
        events.to_record(events.from_record(GOLDEN["common"], 1))


def test_an_edited_log_is_refused_at_the_first_event_that_differs() -> None:
    """docs/events.md "Errors": a drawn tile changed, or a move edited into an illegal one."""
    log = _log()
    at = next(i for i, e in enumerate(log) if e["type"] == "draw" and e["source"] == "front")
    tampered = copy.deepcopy(log)
    tampered[at]["tile"] = "9m" if log[at]["tile"] != "9m" else "1m"
    with pytest.raises(events.EventMismatchError) as error:
        events.to_record(tampered)
    assert error.value.index == at
    at = next(i for i, e in enumerate(log) if e["type"] == "discard")
    tampered = copy.deepcopy(log)
    tampered[at]["actor"] = (log[at]["actor"] + 1) % 4
    with pytest.raises(IllegalMove) as illegal:
        events.to_record(tampered)
    assert illegal.value.code == "not_your_turn"


@pytest.mark.parametrize("field", ["dice", "wall", "rules", "moves"])
def test_a_field_of_the_wrong_type_is_a_clear_error(field: str) -> None:
    """docs/events.md "Errors": a record whose field has the wrong type is refused with
    the event log's error or the game's own, never an uncaught TypeError."""
    bad = {**GOLDEN["standard_4p"], field: 99}
    with pytest.raises((events.EventLogError, RecordError)):
        events.from_record(bad)
