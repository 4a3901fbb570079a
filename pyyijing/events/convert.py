"""Records to event logs and back, for every registered game (docs/events.md).

`from_record` replays the record with its game's engine first, so an invalid
record is refused with the game's own error (the first illegal move, its
index and reason code) and the events are what the referee decided.
`to_records` rebuilds each game's record from a full stream and replays it
again: a log that was edited into one the engine would not produce is
refused, naming the first event that differs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import EventLogError, EventMismatchError
from .format import (
    FORMAT_VERSION,
    FULL,
    GAME_FIELDS,
    LOG_FORMAT,
    SEAT,
    SEAT_SAFE_EXTRAS,
    event,
    ordered_record,
)
from .part import GameEvents, part_of, spec_named


def from_record(record: Any, seat: int | None = None) -> list[dict[str, Any]]:
    """The event log of one record: the full stream (every seat's tiles), or what
    `seat` saw at the table."""
    if not isinstance(record, dict):
        raise EventLogError(f"a record is a JSON object; got {type(record).__name__}")
    spec = spec_named(record.get("game"))
    try:
        spec.load("replay")(record)  # IllegalMove / RecordError: the first bad move and its code
    except (TypeError, KeyError, AttributeError) as exc:
        # A field of the wrong type that the replay's checks let through: refuse it here
        # rather than let the exporter or the viewer end in a traceback.
        raise EventLogError(
            f"the record has a field of the wrong type or shape ({type(exc).__name__}: {exc})"
        ) from None
    part = part_of(spec)
    seats = part.seats(record)
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats
    ):
        raise EventLogError(f"seat must be one of 0 to {seats - 1} for this game; got {seat!r}")
    own = {k: v for k, v in record.items() if k in GAME_FIELDS or k not in part.record_fields}
    if seat is not None:
        own = {k: v for k, v in own.items() if k in GAME_FIELDS or k in SEAT_SAFE_EXTRAS}
    start = event(
        "start_game",
        format=LOG_FORMAT,
        version=FORMAT_VERSION,
        stream=FULL if seat is None else SEAT,
        seat=seat,
        game=spec.name,
        seats=seats,
        record=own,
    )
    hand = part.hand_events(record)
    if seat is not None:
        hand = part.seat_events(hand, seat)
    return [start, *hand, event("end_game")]


def from_records(records: Iterable[Any], seat: int | None = None) -> list[dict[str, Any]]:
    """The event logs of several records, one game after another."""
    return [e for record in records for e in from_record(record, seat)]


def to_record(events: Any) -> dict[str, Any]:
    """The record of a full stream that holds one game (`to_records` for several)."""
    records = to_records(events)
    if len(records) != 1:
        raise EventLogError(
            f"the log holds {len(records)} games; to_record reads one (to_records reads all)"
        )
    return records[0]


def to_records(events: Any) -> list[dict[str, Any]]:
    """The records of a full stream, one per game, each checked by replaying it."""
    return [_game_record(start, game) for start, game in split_games(events)]


def split_games(events: Any) -> list[tuple[int, list[dict[str, Any]]]]:
    """The games of a log: (index of its ``start_game``, its events from ``start_game``
    to ``end_game``); EventLogError for a log not made of whole games."""
    if not isinstance(events, list):
        raise EventLogError(f"an event log is a list of events; got {type(events).__name__}")
    if not events:
        raise EventLogError("the event log is empty")
    games: list[tuple[int, list[dict[str, Any]]]] = []
    current: list[dict[str, Any]] | None = None
    for i, e in enumerate(events):
        if not isinstance(e, dict) or not isinstance(e.get("type"), str):
            raise EventLogError('an event is a JSON object with a "type" string', index=i)
        kind = e["type"]
        if kind == "start_game":
            if current is not None:
                raise EventLogError("start_game before the previous game's end_game", index=i)
            current = [e]
            games.append((i, current))
        elif current is None:
            raise EventLogError(f"{kind} outside a game (a game opens with start_game)", index=i)
        else:
            current.append(e)
            if kind == "end_game":
                current = None
    if current is not None:
        raise EventLogError("the last game has no end_game", index=games[-1][0])
    return games


def _game_record(at: int, game: list[dict[str, Any]]) -> dict[str, Any]:
    start = game[0]
    _check_start(at, start)
    spec = spec_named(start["game"])
    part: GameEvents = part_of(spec)
    hand = game[1:-1]
    try:
        fields = part.hand_record(hand)
    except EventLogError as exc:
        if exc.index is None:
            raise EventLogError(exc.message, index=at) from None
        raise EventLogError(exc.message, index=at + 1 + exc.index) from None
    record = ordered_record({**start["record"], **fields})
    expected = from_record(record)  # replays it: IllegalMove / RecordError if it does not
    for i, (want, got) in enumerate(zip(expected, game, strict=False)):
        if want != got:
            raise EventMismatchError(
                f"this {got.get('type')} event is not what the record's replay gives: {want}",
                index=at + i,
            )
    if len(expected) != len(game):
        raise EventMismatchError(
            f"the game has {len(game)} events; its replay gives {len(expected)}", index=at
        )
    return record


def _check_start(at: int, start: dict[str, Any]) -> None:
    if start.get("format") != LOG_FORMAT:
        raise EventLogError(f"start_game's format must be {LOG_FORMAT!r}", index=at)
    version = start.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise EventLogError(f"start_game's version must be an int >= 1; got {version!r}", index=at)
    if version > FORMAT_VERSION:
        raise EventLogError(
            f"the log is of format version {version}; this pyyijing reads version "
            f"{FORMAT_VERSION} (update pyyijing)",
            index=at,
        )
    if start.get("stream") != FULL:
        raise EventLogError(
            f"only a full stream gives a record back; this one is {start.get('stream')!r} "
            f"(seat {start.get('seat')!r}): it lacks the other seats' tiles",
            index=at,
        )
    if not isinstance(start.get("record"), dict):
        raise EventLogError('start_game has no "record" object', index=at)
