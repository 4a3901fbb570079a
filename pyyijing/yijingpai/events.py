"""Yi Jing Pai's side of the event log (docs/events.md "Yi Jing Pai"): its record as
table events and back.

The events are read off the engine's replay, move by move: what a move did
(the views before and after it) and the tiles drawn after it, which the
record's wall gives (draws take from its front, docs/yijing.md §2).
"""

from __future__ import annotations

from typing import Any

from ..core.replay import RecordDeal
from ..events.errors import EventLogError
from ..events.format import event
from .game import Game
from .rules import Rules

#: Tiles in a hand's canonical order (docs/yijing.md §1): yang, yin, taiji.
_TILE_ORDER = {"1": 0, "0": 1, "T": 2}

#: The record fields the hand events carry.
RECORD_FIELDS = (
    "rules_version",
    "rules",
    "seed",
    "wall",
    "dealer",
    "dealer_source",
    "dice",
    "moves",
    "result",
)
#: The fields start_hand copies from the record: its deal (all but moves and result).
DEAL_FIELDS = RECORD_FIELDS[:-2]


def _canonical(tiles: str) -> str:
    return "".join(sorted(tiles, key=_TILE_ORDER.__getitem__))


def _parse(move: str) -> tuple[int, str, str, str | None]:
    """(seat, action, lines, placement) of a legal move (docs/yijing.md §1)."""
    seat_text, _, action = move[1:].partition(":")
    kind, _, rest = action.partition("=")
    if kind.startswith("win"):
        kind, _, placement = kind.partition("@")
        return int(seat_text), "win", "", placement or "outer"
    lines, _, placement = rest.partition("@")
    return int(seat_text), kind, lines, placement or None


class _Hand:
    """One hand stepped through its record's moves, writing the full stream."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.rules = Rules.from_dict(record["rules"])
        self.game = RecordDeal.of(record).deal(Game, self.rules, None)
        self.wall = self.game.wall
        self.play_size = 2 if self.rules.variant == "standard" else 3
        players = self.rules.players
        hands = [self.game.view(s)["seats"][s]["hand"] for s in range(players)]
        self.front = sum(len(h) for h in hands)
        self.view = self.game.view(None)  # the observer's, after the last move
        self.events = [
            event(
                "start_hand",
                **{k: record[k] for k in DEAL_FIELDS},
                hands=hands,
            )
        ]

    def step(self, move: str) -> None:
        seat, action, lines, placement = _parse(move)
        before = self.view
        offered = self.game.legal_moves(seat) if action == "pass" else []
        self.game.apply(move)
        after = self.view = self.game.view(None)
        if action == "target":
            self.events.append(event("target", actor=seat, lines=lines))
        elif action == "play":
            self.events.append(event("play", actor=seat, lines=lines))
        elif action == "pong":
            self.events.append(
                event(
                    "pong",
                    actor=seat,
                    target=before["last_play"]["seat"],
                    lines=lines,
                    placement=placement,
                )
            )
        elif action == "pass":
            offer = "win" if any(":win" in m for m in offered) else "pong"
            self.events.append(event("pass", actor=seat, offer=offer))
        self._draws(seat if action in ("play", "pong") else None, before, after)
        if after["result"] is not None:
            self._end(after["result"], placement if action == "win" else None)

    def _draws(self, mover: int | None, before: dict[str, Any], after: dict[str, Any]) -> None:
        taken = before["wall_remaining"] - after["wall_remaining"]
        if not taken:
            return
        gained = [
            a["hand_count"] - b["hand_count"] + (self.play_size if a["seat"] == mover else 0)
            for a, b in zip(after["seats"], before["seats"], strict=True)
        ]
        drawer = gained.index(taken)
        tiles = self.wall[self.front : self.front + taken]
        self.front += taken
        self.events.append(event("draw", actor=drawer, count=taken, tiles=_canonical(tiles)))

    def _end(self, result: dict[str, Any], claimed: str | None) -> None:
        if result["kind"] == "draw":
            self.events.append(event("draw_hand"))
        else:
            self.events.append(
                event(
                    "win",
                    actor=result["winner"],
                    target=result["dealt_in_by"],
                    kind=result["kind"],
                    automatic=claimed is None,
                    placement=claimed,
                    hexagram=result["hexagram"],
                    lines=result["lines"],
                    conditions=result["conditions"],
                    points_half=result["points_half"],
                )
            )
        self.events.append(event("end_hand", payments=result["payments"]))


def _field(e: dict[str, Any], key: str, at: int) -> Any:
    if key not in e:
        raise EventLogError(f"{e.get('type')} has no {key!r} field", index=at)
    return e[key]


def _move_of(e: dict[str, Any], at: int) -> str | None:
    """The record move an event of the full stream stands for (None: not a move)."""
    kind = e["type"]
    if kind not in ("target", "play", "pong", "pass", "win"):
        return None
    if kind == "win" and _field(e, "automatic", at):
        return None
    head = f"s{_field(e, 'actor', at)}:"
    if kind in ("target", "play"):
        return f"{head}{kind}={_field(e, 'lines', at)}"
    if kind == "pong":
        return f"{head}pong={_field(e, 'lines', at)}@{_field(e, 'placement', at)}"
    if kind == "pass":
        return head + "pass"
    placement = _field(e, "placement", at)
    return head + ("win" if placement == "outer" else f"win@{placement}")


class YijingpaiEvents:
    """`pyyijing.events.part.GameEvents` for Yi Jing Pai."""

    record_fields = RECORD_FIELDS

    def seats(self, record: dict[str, Any]) -> int:
        return int(Rules.from_dict(record["rules"]).players)

    def hand_events(self, record: dict[str, Any]) -> list[dict[str, Any]]:
        hand = _Hand(record)
        for move in record["moves"]:
            hand.step(move)
        return hand.events

    def seat_events(self, events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
        """Others' hands, targets and drawn tiles, the wall and its seed left out, and
        others' passes (a pass shows what was on offer to its seat) dropped."""
        seen: list[dict[str, Any]] = []
        for e in events:
            kind, own = e["type"], e.get("actor") == seat
            if kind == "start_hand":
                hidden = {k: v for k, v in e.items() if k not in ("seed", "wall")}
                hidden["hands"] = [h if s == seat else None for s, h in enumerate(e["hands"])]
                seen.append(hidden)
            elif kind == "pass" and not own:
                continue
            elif kind == "target" and not own:
                seen.append({k: v for k, v in e.items() if k != "lines"})
            elif kind == "draw" and not own:
                seen.append({k: v for k, v in e.items() if k != "tiles"})
            else:
                seen.append(e)
        return seen

    def hand_record(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        if not events or events[0]["type"] != "start_hand":
            raise EventLogError("a game's events open with start_hand after start_game")
        start = events[0]
        fields = {k: _field(start, k, 0) for k in DEAL_FIELDS}
        moves = [m for i, e in enumerate(events) if (m := _move_of(e, i)) is not None]
        ends = [(i, e) for i, e in enumerate(events) if e["type"] in ("win", "draw_hand")]
        if not ends and events[-1]["type"] != "end_hand":  # a hand still in play
            return {**fields, "moves": moves, "result": None}
        if len(ends) != 1 or events[-1]["type"] != "end_hand":
            raise EventLogError("a hand ends with one win or draw_hand, then end_hand")
        at, end = ends[0]
        payments = _field(events[-1], "payments", len(events) - 1)
        if end["type"] == "draw_hand":
            result = {
                "kind": "draw",
                "winner": None,
                "dealt_in_by": None,
                "points_half": 0,
                "payments": payments,
                "hexagram": None,
                "lines": None,
                "conditions": [],
            }
        else:
            result = {
                "kind": _field(end, "kind", at),
                "winner": _field(end, "actor", at),
                "dealt_in_by": _field(end, "target", at),
                "points_half": _field(end, "points_half", at),
                "payments": payments,
                "hexagram": _field(end, "hexagram", at),
                "lines": _field(end, "lines", at),
                "conditions": _field(end, "conditions", at),
            }
        return {**fields, "moves": moves, "result": result}


PART = YijingpaiEvents()
