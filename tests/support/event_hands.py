"""Records for the event-log tests (tests/events): the golden playthroughs and random
hands of every option mix of every game, and the history a seat's stream implies."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from support.game_adapters import ADAPTERS, GameAdapter, OptionMix

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

#: The rulesets the round trip counts hands of, each with the option mixes of its own
#: (common's include its void-suit game, flowers and no 報聽).
RULESETS: dict[str, Any] = {
    "yijingpai": lambda a, m: a.name == "yijingpai",
    "common": lambda a, m: m.id.startswith("common"),
    "shaoyang": lambda a, m: m.id.startswith("shaoyang"),
    "changsha": lambda a, m: m.id.startswith("changsha"),
}

#: The backend that plays the random hands: the fastest (every backend gives the same
#: records, docs/architecture.md "Principles" 1).
BACKEND = "native"


def golden_records() -> list[tuple[str, dict[str, Any]]]:
    """(name, record) of every golden playthrough, Yi Jing Pai's then mahjong's."""
    found = []
    for folder in ("playthroughs", "mahjong_playthroughs"):
        for path in sorted((GOLDEN / folder).glob("*.json")):
            found.append((path.stem, json.loads(path.read_text(encoding="utf-8"))["record"]))
    return found


def mixes_of(ruleset: str) -> list[tuple[GameAdapter, OptionMix]]:
    """The option mixes of `ruleset` (a key of `RULESETS`), across the adapters."""
    chosen = []
    for adapter in ADAPTERS:
        for mix in adapter.option_mixes():
            owner = next(name for name, test in RULESETS.items() if test(adapter, mix))
            if owner == ruleset:
                chosen.append((adapter, mix))
    return chosen


def random_record(adapter: GameAdapter, mix: OptionMix, seed: int) -> dict[str, Any]:
    """The record of a hand of uniformly random legal moves from `seed`."""
    game = adapter.new_game(mix.rules, seed, BACKEND)
    rng = random.Random(seed)
    while game.phase != "over":
        game.apply(rng.choice(game.legal_moves()))
    record: dict[str, Any] = game.record()
    return record


def random_records(ruleset: str, start: int, count: int) -> Iterator[dict[str, Any]]:
    """Hands `start` .. `start + count - 1` of `ruleset`, its mixes taken in turn."""
    mixes = mixes_of(ruleset)
    for n in range(start, start + count):
        adapter, mix = mixes[n % len(mixes)]
        yield random_record(adapter, mix, n)


def history_of(events: list[dict[str, Any]]) -> list[str]:
    """The moves a seat's stream shows, written as the views' ``history`` writes them
    (docs/mahjong.md §7, docs/yijing.md §7): no passes, every target and another
    seat's concealed kong without its lines or tile."""
    moves = []
    for e in events:
        kind, head = e["type"], f"s{e.get('actor')}:"
        if kind == "target":
            moves.append(head + "target")
        elif kind == "win":
            if not e["automatic"]:
                placement = e.get("placement")
                moves.append(head + ("win" if placement in (None, "outer") else f"win@{placement}"))
        elif kind == "pong":
            moves.append(f"{head}pong={e['lines']}@{e['placement']}")
        elif kind in _HISTORY_ACTIONS:
            action, field = _HISTORY_ACTIONS[kind]
            shown = field is not None and field in e
            moves.append(head + action + (f"={e[field]}" if shown else ""))
    return moves


#: Event type -> (the move's action, the field its argument is in).
_HISTORY_ACTIONS: dict[str, tuple[str, str | None]] = {
    "discard": ("discard", "tile"),
    "declare_ready": ("ready", "tile"),
    "chow": ("chow", "tiles"),
    "pung": ("pung", "tile"),
    "exposed_kong": ("kong", "tile"),
    "concealed_kong": ("kong", "tile"),
    "added_kong": ("kong", "tile"),
    "open_kong": ("open_kong", "tile"),
    "void": ("void", "suit"),
    "raise": ("raise", "count"),
    "opening_win": ("opening", None),
    "mid_game_win": ("mid", None),
    "sea_bottom": ("haidi", None),
    "play": ("play", "lines"),
}
