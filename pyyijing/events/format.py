"""The event-log format's version and the fields every game's stream shares (docs/events.md).

A log is a list of JSON objects, one per event, each with a ``"type"``. A game
(one record: one hand) is ``start_game``, ``start_hand``, the hand's events,
``end_hand``, ``end_game``; a log may hold several games one after another.
"""

from __future__ import annotations

from typing import Any

#: docs/events.md "Version": bumped when an event or a field changes meaning or goes.
FORMAT_VERSION = 1

#: ``start_game["format"]``: what the log is.
LOG_FORMAT = "pyyijing.events"

#: ``start_game["stream"]``: every seat's tiles (a referee's log, convertible to a
#: record) or what one seat saw at the table.
FULL = "full"
SEAT = "seat"

#: The record's fields in the order `Game.record()` writes them; a record's other
#: fields (``simulate --records`` adds ``index``, ``sim_seed``, ...) follow them.
RECORD_ORDER = (
    "format",
    "game",
    "ruleset",
    "rules_version",
    "engine_version",
    "rules",
    "seed",
    "wall",
    "dealer",
    "dealer_source",
    "dice",
    "moves",
    "result",
)

#: Record fields the generic layer keeps in ``start_game`` (the rest are the game's).
GAME_FIELDS = ("format", "game", "engine_version")

#: Extra record fields a seat's stream may keep: labels that say nothing of the
#: wall (``sim_seed`` with ``index`` would give the hand's seed, so it is not one).
SEAT_SAFE_EXTRAS = ("index", "match", "hand")


def event(name: str, /, **fields: Any) -> dict[str, Any]:
    """One event: its type `name` first, then `fields` in the order given."""
    return {"type": name, **fields}


def ordered_record(fields: dict[str, Any]) -> dict[str, Any]:
    """`fields` in `RECORD_ORDER`, the others after them as given."""
    known = {k: fields[k] for k in RECORD_ORDER if k in fields}
    return {**known, **{k: v for k, v in fields.items() if k not in known}}
