"""What a game's event-log part answers, and where it is found: its `GameSpec.events`.

The generic layer imports no game: it asks the registry for the game a record
or a log names and loads that game's part (``spec.load("events")``).
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core import registry
from ..core.registry import GameLoadError, GameSpec
from .errors import EventLogError


class GameEvents(Protocol):
    """One game's side of the event log (``pyyijing/<game>/events.py``, its ``PART``)."""

    #: The record fields its hand events carry (besides ``format``, ``game`` and
    #: ``engine_version``, which ``start_game`` carries for every game).
    record_fields: tuple[str, ...]

    def seats(self, record: dict[str, Any]) -> int:
        """How many seats the record's game has (the record has replayed)."""
        ...

    def hand_events(self, record: dict[str, Any]) -> list[dict[str, Any]]:
        """The full stream of the record's hand, ``start_hand`` to ``end_hand``, built
        from the engine's replay (the record has replayed)."""
        ...

    def seat_events(self, events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
        """The full hand events as `seat` saw them at the table."""
        ...

    def hand_record(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        """The record fields (`record_fields`) a full stream's hand events give back;
        EventLogError if they are not a hand's events."""
        ...


def spec_named(name: object) -> GameSpec:
    """The registered game `name` (None: the default game, as for a record without
    ``"game"``); EventLogError listing the games when there is none."""
    if name is None:
        return registry.default()
    if not isinstance(name, str):
        raise EventLogError(f"a game is named by a string; got {name!r}")
    try:
        return registry.get(name)
    except ValueError as exc:
        raise EventLogError(str(exc)) from None


def part_of(spec: GameSpec) -> GameEvents:
    """The event-log part of the game `spec`; EventLogError if it has none."""
    try:
        part: GameEvents = spec.load("events")
    except GameLoadError as exc:
        raise EventLogError(f"no event log for this game: {exc}") from None
    return part
