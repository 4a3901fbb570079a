"""A record -> the page's data: the game from the registry, the referee's replay, the steps.

The record comes first: it is replayed by its game's own ``replay`` before
anything is drawn, and a record that does not replay is refused
(`InvalidRecordError`). The steps are then the game's part's (`part.ViewerPart`).
"""

from __future__ import annotations

import json
from typing import Any

from ..core import registry
from ..errors import IllegalMove, RecordError
from . import items
from .perspective import Perspective

#: The version of the page's data (docs/viewer.md "The page's data").
DATA_VERSION = 1

#: What a hiding page writes for a move its viewer does not see but whose effect it does.
UNSEEN_MOVE = "(a move not seen)"


class InvalidRecordError(ValueError):
    """A record that does not replay: `code` (a reason code), `index` and `move` of the first
    illegal move (None when the record is wrong elsewhere: its shape, wall, dealer, result)."""

    def __init__(self, code: str, message: str, index: int | None, move: Any) -> None:
        where = f"move {index} {move!r}: " if index is not None else ""
        super().__init__(f"{where}{code} ({message})")
        self.code = code
        self.message = message
        self.index = index
        self.move = move


def game_of(record: Any) -> registry.GameSpec:
    """The game a record names in ``"game"`` (none: the default game, as `replay` reads it)."""
    if not isinstance(record, dict):
        raise InvalidRecordError("bad_record", "a record is a JSON object", None, None)
    name = record.get("game")
    if name is None or (isinstance(name, int) and not isinstance(name, bool)):
        return registry.default()  # a record of before the field, or a sampled game's number
    try:
        return registry.get(name)
    except ValueError as exc:
        raise InvalidRecordError("bad_record", str(exc), None, None) from None


def referee_replay(spec: registry.GameSpec, record: dict[str, Any]) -> Any:
    """The game's own replay of `record`, or `InvalidRecordError` with its first illegal move."""
    try:
        return spec.load("replay")(record)
    except (RecordError, IllegalMove) as exc:
        index = exc.index
        moves = record.get("moves")
        move = moves[index] if index is not None and isinstance(moves, list) else None
        message = getattr(exc, "message", None) or str(exc)
        raise InvalidRecordError(exc.code, message, index, move) from None


def page_data(record: Any, perspective: Perspective) -> dict[str, Any]:
    """Everything the page shows, as JSON: header, seats, tile faces and every step."""
    spec = game_of(record)
    referee_replay(spec, record)
    if spec.viewer is None:
        raise registry.GameLoadError(f"the game {spec.name!r} has no viewer part")
    timeline = spec.load("viewer").timeline(record, perspective)
    steps = timeline.steps if perspective.shows_all else visible_steps(timeline.steps)
    return {
        "version": DATA_VERSION,
        "game": spec.name,
        "title": timeline.title,
        "perspective": perspective.label,
        "facts": record_facts(record, perspective) + timeline.facts,
        "seats": timeline.seat_names,
        "focus": perspective.seat or 0,  # the seat drawn at the bottom
        "faces": timeline.faces,
        "steps": steps,
    }


def record_facts(record: dict[str, Any], perspective: Perspective) -> list[dict[str, Any]]:
    """What the page says of the record itself, whatever its game."""
    facts = [items.fact("seen as", perspective.label)]
    if perspective.shows_all:
        # The seed deals the whole wall, and a simulation's seed and game number give the
        # seed: a page that hides concealed tiles shows neither.
        for key, label in (("seed", "seed"), ("index", "game number"), ("sim_seed", "batch seed")):
            if record.get(key) is not None:
                facts.append(items.fact(label, str(record[key])))
    policies = record.get("seat_policies")
    if isinstance(policies, list):
        facts.append(items.fact("bots", ", ".join(f"s{i} {p}" for i, p in enumerate(policies))))
    if record.get("engine_version") is not None:
        facts.append(items.fact("engine", str(record["engine_version"])))
    return facts


def visible_steps(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A hiding page's steps: a move its viewer does not see is dropped when the table
    looks the same after it, and is shown as `UNSEEN_MOVE` when it does not."""
    if not steps:
        return []
    shown = [steps[0]]
    for step in steps[1:]:
        if step["move"] is None:
            if _table(step) == _table(shown[-1]):
                continue
            step = {**step, "move": UNSEEN_MOVE}
        shown.append(step)
    return shown


def _table(step: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in step.items() if k not in ("move", "tags")}, sort_keys=True)
