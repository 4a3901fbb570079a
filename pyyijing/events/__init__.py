"""Event logs: a game record as JSON lines of table events, for every game (docs/events.md).

``from_record(record, seat=None)`` gives the full stream (every seat's tiles)
or what one seat saw; ``to_record(events)`` gives a full stream's record back.
Each game's events come from its part (``GameSpec.events``); this package
imports no game.
"""

from __future__ import annotations

from .convert import from_record, from_records, split_games, to_record, to_records
from .errors import EventLogError, EventMismatchError
from .format import FORMAT_VERSION, FULL, LOG_FORMAT, SEAT
from .jsonl import dumps, loads, read, write

__all__ = [
    "FORMAT_VERSION",
    "FULL",
    "LOG_FORMAT",
    "SEAT",
    "EventLogError",
    "EventMismatchError",
    "dumps",
    "from_record",
    "from_records",
    "loads",
    "read",
    "split_games",
    "to_record",
    "to_records",
    "write",
]
