"""Mahjong's side of the event log (docs/events.md "Mahjong"): a record as table events
and back, for every ruleset.

The events are read off the engine's replay, move by move: what each move did
(the observer's views before and after it) and which tiles left the wall. The
record's wall names every tile taken (docs/mahjong.md §1: draws from the front,
replacements and an open kong's revealed tiles from the back, birds turned at
the front), so this module follows both ends of the live wall and checks its
count against the engine's after every move.
"""

from __future__ import annotations

from typing import Any

from ..core.replay import RecordDeal
from ..events.errors import EventLogError
from ..events.format import event
from .game import Game
from .rules import Rules

SEATS = 4

#: The record fields the hand events carry.
RECORD_FIELDS = (
    "ruleset",
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

#: A kong's event type by the meld it makes.
_KONG_EVENTS = {"exposed": "exposed_kong", "concealed": "concealed_kong", "added": "added_kong"}
#: Tiles a meld of each kind takes from its maker's hand.
_KONG_TILES_FROM_HAND = {"exposed": 3, "concealed": 4, "added": 1}
#: Events that stand for one move of the record, and the move's action.
_MOVE_ACTIONS = {
    "discard": "discard",
    "declare_ready": "ready",
    "chow": "chow",
    "pung": "pung",
    "exposed_kong": "kong",
    "concealed_kong": "kong",
    "added_kong": "kong",
    "open_kong": "open_kong",
    "pass": "pass",
    "void": "void",
    "raise": "raise",
    "opening_win": "opening",
    "mid_game_win": "mid",
    "sea_bottom": "haidi",
}
#: Choices every seat makes in secret: others' are shown once all four are in.
_SECRET_CHOICES = ("void", "raise")


def _tile_key(code: str) -> tuple[int, str]:
    return ("mpszf".index(code[1]), code[0])


def _sorted_tiles(tiles: list[str]) -> str:
    return "".join(sorted(tiles, key=_tile_key))


def _is_flower(code: str) -> bool:
    return code[1] == "f"


def _parse(move: str) -> tuple[int, str, str]:
    """(seat, action, argument) of a legal move (docs/mahjong.md §6)."""
    seat_text, _, action = move[1:].partition(":")
    kind, _, arg = action.partition("=")
    return int(seat_text), kind, arg


class _Hand:
    """One hand stepped through its record's moves, writing the full stream."""

    def __init__(self, record: dict[str, Any]) -> None:
        rules = Rules.from_dict(record["rules"])
        self.game = RecordDeal.of(record).deal(Game, rules, None)
        wall = self.game.wall
        self.wall = [wall[i : i + 2] for i in range(0, len(wall), 2)]
        self.front = 0
        self.back = 0  # tiles taken from the back
        self.awaiting_replacement: set[int] = set()  # kongers to draw from the back
        self.awaiting_reveal: int | None = None  # an open konger before its reveal
        dealt = self._deal(int(record["dealer"]))
        self.events: list[dict[str, Any]] = [
            event(
                "start_hand",
                **{k: record[k] for k in DEAL_FIELDS},
                hands=[_sorted_tiles(h) for h in dealt],
            )
        ]
        self._deal_flowers(int(record["dealer"]), dealt)
        self.view = self.game.view(None)  # the observer's, after the last move
        self._check_wall(self.view)

    # -- the wall ----------------------------------------------------------------
    def _deal(self, dealer: int) -> list[list[str]]:
        """The dealt tiles (docs/mahjong.md §1: three rounds of 4, then one each, the
        dealer two)."""
        hands: list[list[str]] = [[] for _ in range(SEATS)]
        for _ in range(3):
            for k in range(SEATS):
                hands[(dealer + k) % SEATS] += self._take_front(4)
        hands[dealer] += self._take_front(2)
        for k in range(1, SEATS):
            hands[(dealer + k) % SEATS] += self._take_front(1)
        return hands

    def _take_front(self, n: int) -> list[str]:
        tiles = self.wall[self.front : self.front + n]
        self.front += n
        return tiles

    def _take_back(self) -> str:
        self.back += 1
        return self.wall[len(self.wall) - self.back]

    def _live(self) -> int:
        return len(self.wall) - self.front - self.back

    def _check_wall(self, view: dict[str, Any]) -> None:
        if view["wall_remaining"] != self._live():
            raise RuntimeError(
                f"event log: the live wall holds {view['wall_remaining']} tiles after move "
                f"{len(self.game.moves)}; the events took it to {self._live()}"
            )

    def _deal_flowers(self, dealer: int, dealt: list[list[str]]) -> None:
        """Flowers set aside after the deal, each seat from the dealer on replacing them
        from the back until it holds none."""
        for k in range(SEATS):
            seat = (dealer + k) % SEATS
            hand = list(dealt[seat])
            flowers = sorted((t for t in hand if _is_flower(t)), key=_tile_key)
            while flowers:
                for tile in flowers:
                    hand.remove(tile)
                    self.events.append(event("flower", actor=seat, tile=tile))
                drawn = [self._take_back() for _ in flowers]
                for tile in drawn:
                    self.events.append(event("draw", actor=seat, tile=tile, source="back"))
                hand += drawn
                flowers = sorted((t for t in drawn if _is_flower(t)), key=_tile_key)

    # -- one move ----------------------------------------------------------------
    def step(self, move: str) -> None:
        seat, action, arg = _parse(move)
        before = self.view
        self.game.apply(move)
        after = self.view = self.game.view(None)
        left = self._move_event(seat, action, arg, before, after)
        taken = before["wall_remaining"] - after["wall_remaining"]
        taken -= self._reveal(after)
        if action == "haidi":
            taken -= 1
        self._draws(taken, seat, left, before, after)
        self._check_wall(after)
        if after["result"] is not None:
            self._end(after["result"], automatic=action != "win")

    def _move_event(
        self, seat: int, action: str, arg: str, before: dict[str, Any], after: dict[str, Any]
    ) -> int:
        """Append the move's event; the tiles it took from the mover's hand."""
        offer = before["offer"]
        add = self.events.append
        if action == "discard":
            add(event("discard", actor=seat, tile=arg))
            return 1
        if action == "ready":
            add(event("declare_ready", actor=seat, tile=arg))
            return 1
        if action == "chow":
            add(event("chow", actor=seat, target=offer["seat"], tile=offer["tile"], tiles=arg))
            return 2
        if action == "pung":
            add(
                event("pung", actor=seat, target=offer["seat"], tile=arg, tiles=arg[0] * 3 + arg[1])
            )
            return 2
        if action in ("kong", "open_kong"):
            return self._kong(seat, action, arg, before)
        if action == "pass":
            add(event("pass", actor=seat, offer=offer["kind"] if offer else before["phase"]))
        elif action == "void":
            add(event("void", actor=seat, suit=arg))
        elif action == "raise":
            add(event("raise", actor=seat, count=int(arg)))
        elif action in ("opening", "mid"):
            shown = after["seats"][seat]["revealed"][-1]
            kind = "opening_win" if action == "opening" else "mid_game_win"
            add(event(kind, actor=seat, wins=shown["wins"], tiles=shown["tiles"]))
        elif action == "haidi":
            tile = self.wall[self.front]
            self.front += 1
            add(event("sea_bottom", actor=seat, tile=tile))
        return 0

    def _kong(self, seat: int, action: str, tile: str, before: dict[str, Any]) -> int:
        if before["phase"] == "claim":
            kind = "exposed"
        else:
            pung = tile[0] * 3 + tile[1]
            melds = before["seats"][seat]["melds"]
            had_pung = any(m["kind"] == "pung" and m["tiles"] == pung for m in melds)
            kind = "added" if had_pung else "concealed"
        target = before["offer"]["seat"] if kind == "exposed" else None
        tiles = tile[0] * 4 + tile[1]
        if action == "kong":
            self.awaiting_replacement.add(seat)
            fields: dict[str, Any] = {"actor": seat}
            if kind == "exposed":
                fields["target"] = target
            self.events.append(event(_KONG_EVENTS[kind], **fields, tile=tile, tiles=tiles))
        else:
            self.awaiting_reveal = seat
            self.events.append(
                event("open_kong", actor=seat, kind=kind, target=target, tile=tile, tiles=tiles)
            )
        return _KONG_TILES_FROM_HAND[kind]

    def _reveal(self, after: dict[str, Any]) -> int:
        """Append an open kong's reveal if it happened now; the tiles it took."""
        konger = self.awaiting_reveal
        if konger is None:
            return 0
        offer, result = after["offer"], after["result"]
        if offer is not None and offer["kind"] == "robbed_kong":
            return 0  # its robbing offers are still out
        self.awaiting_reveal = None
        if result is not None and result["kind"] == "robbed_kong":
            return 0
        tiles = [self._take_back() for _ in range(min(2, self._live()))]
        if offer is not None and offer["kind"] == "open_kong" and offer["revealed"] != tiles:
            raise RuntimeError(f"event log: revealed {offer['revealed']}, the wall gives {tiles}")
        self.events.append(event("reveal", actor=konger, tiles=tiles))
        return len(tiles)

    def _draws(
        self, taken: int, mover: int, left: int, before: dict[str, Any], after: dict[str, Any]
    ) -> None:
        """Append the draws (and flowers) of the `taken` tiles one seat took."""
        if taken <= 0:
            return
        gained = [
            a["hand_count"] - b["hand_count"] + len(a["flowers"]) - len(b["flowers"])
            for a, b in zip(after["seats"], before["seats"], strict=True)
        ]
        gained[mover] += left
        drawers = [s for s, n in enumerate(gained) if n == taken]
        if len(drawers) != 1:
            raise RuntimeError(f"event log: {taken} tiles taken, seats gained {gained}")
        seat = drawers[0]
        from_back = seat in self.awaiting_replacement
        self.awaiting_replacement.discard(seat)
        flowers = []
        for _ in range(taken):
            if from_back:
                tile, source = self._take_back(), "back"
            else:
                tile, source = self._take_front(1)[0], "front"
            self.events.append(event("draw", actor=seat, tile=tile, source=source))
            if _is_flower(tile):
                flowers.append(tile)
                self.events.append(event("flower", actor=seat, tile=tile))
            from_back = True  # a flower's replacement
        if flowers != after["seats"][seat]["flowers"][len(before["seats"][seat]["flowers"]) :]:
            raise RuntimeError(f"event log: seat {seat} set aside other flowers than {flowers}")

    def _end(self, result: dict[str, Any], *, automatic: bool) -> None:
        add = self.events.append
        if result["kind"] == "draw":
            add(event("draw_hand", ledger=result["ledger"]))
        else:
            add(
                event(
                    "win",
                    actor=result["winner"],
                    target=result["dealt_in_by"],
                    kind=result["kind"],
                    automatic=automatic,
                    tile=result["win_tile"],
                    patterns=result["patterns"],
                    ledger=result["ledger"],
                )
            )
        birds = result["birds"]
        if birds:
            if birds != self.wall[self.front : self.front + len(birds)]:
                raise RuntimeError(f"event log: birds {birds} are not the wall's front")
            hits = [(result["winner"] + int(t[0]) - 1) % SEATS for t in birds]
            add(event("birds", tiles=birds, hits=hits))
        add(event("end_hand", payments=result["payments"]))


# -- what one seat saw -------------------------------------------------------------
def _offered_after(events: list[dict[str, Any]], at: int) -> set[int]:
    """The seats offered the tile of the kong at `at`: those whose pass, or robbing
    win, follows it."""
    seen = set()
    for e in events[at + 1 :]:
        robs = e["type"] == "win" and e.get("kind") == "robbed_kong"
        if e["type"] != "pass" and not robs:
            break
        seen.add(e["actor"])
    return seen


def _hides_kong_tile(events: list[dict[str, Any]], at: int, seat: int) -> bool:
    """Is the event at `at` another seat's concealed kong whose tile `seat` never saw?"""
    e = events[at]
    if e["type"] == "open_kong":
        return bool(e["kind"] == "concealed")  # Changsha robs no concealed kong
    return e["type"] == "concealed_kong" and seat not in _offered_after(events, at)


def _without(e: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in e.items() if k not in keys}


def _seat_view(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    start = events[0]
    secret_deal = any(e["type"] == "raise" for e in events)  # Shaoyang: no tile before raises
    dealt = start["hands"][seat]
    seen = [
        {
            **_without(start, "seed", "wall"),
            "hands": [
                h if s == seat and not secret_deal else None for s, h in enumerate(start["hands"])
            ],
        }
    ]
    held: dict[str, list[dict[str, Any]]] = {kind: [] for kind in _SECRET_CHOICES}
    chosen: dict[str, int] = dict.fromkeys(_SECRET_CHOICES, 0)
    for i, e in enumerate(events[1:], start=1):
        kind, own = e["type"], e.get("actor") == seat
        if kind in _SECRET_CHOICES:
            chosen[kind] += 1
            if own:
                seen.append(e)
            else:
                held[kind].append(e)
            if chosen[kind] == SEATS:
                seen += held[kind]
                if kind == "raise" and secret_deal:
                    seen.append(event("hand", actor=seat, tiles=dealt))
        elif kind == "pass" and not own:
            continue
        elif kind == "draw" and not own:
            seen.append(_without(e, "tile"))
        elif not own and _hides_kong_tile(events, i, seat):
            seen.append(_without(e, "tile", "tiles"))
        else:
            seen.append(e)
    return seen


# -- back to a record ----------------------------------------------------------------
def _field(e: dict[str, Any], key: str, at: int) -> Any:
    if key not in e:
        raise EventLogError(f"{e.get('type')} has no {key!r} field", index=at)
    return e[key]


def _move_of(e: dict[str, Any], at: int) -> str | None:
    """The record move an event of the full stream stands for (None: not a move)."""
    kind = e["type"]
    if kind == "win":
        return None if _field(e, "automatic", at) else f"s{_field(e, 'actor', at)}:win"
    action = _MOVE_ACTIONS.get(kind)
    if action is None:
        return None
    head = f"s{_field(e, 'actor', at)}:{action}"
    if kind == "chow":
        return f"{head}={_field(e, 'tiles', at)}"
    if kind == "void":
        return f"{head}={_field(e, 'suit', at)}"
    if kind == "raise":
        return f"{head}={_field(e, 'count', at)}"
    if kind in ("pass", "opening_win", "mid_game_win", "sea_bottom"):
        return head
    return f"{head}={_field(e, 'tile', at)}"


def _result(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    ends = [(i, e) for i, e in enumerate(events) if e["type"] in ("win", "draw_hand")]
    if not ends and events[-1]["type"] != "end_hand":  # a hand still in play
        return None
    if len(ends) != 1 or events[-1]["type"] != "end_hand":
        raise EventLogError("a hand ends with one win or draw_hand, then end_hand")
    at, end = ends[0]
    payments = _field(events[-1], "payments", len(events) - 1)
    birds = [(i, e) for i, e in enumerate(events) if e["type"] == "birds"]
    tiles = _field(birds[0][1], "tiles", birds[0][0]) if birds else []
    if end["type"] == "draw_hand":
        return {
            "kind": "draw",
            "winner": None,
            "dealt_in_by": None,
            "win_tile": None,
            "patterns": [],
            "payments": payments,
            "ledger": _field(end, "ledger", at),
            "birds": tiles,
        }
    return {
        "kind": _field(end, "kind", at),
        "winner": _field(end, "actor", at),
        "dealt_in_by": _field(end, "target", at),
        "win_tile": _field(end, "tile", at),
        "patterns": _field(end, "patterns", at),
        "payments": payments,
        "ledger": _field(end, "ledger", at),
        "birds": tiles,
    }


class MahjongEvents:
    """`pyyijing.events.part.GameEvents` for mahjong, every ruleset."""

    record_fields = RECORD_FIELDS

    def seats(self, record: dict[str, Any]) -> int:
        return SEATS

    def hand_events(self, record: dict[str, Any]) -> list[dict[str, Any]]:
        hand = _Hand(record)
        for move in record["moves"]:
            hand.step(move)
        return hand.events

    def seat_events(self, events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
        """Others' dealt and drawn tiles, concealed-kong tiles (unless offered), the wall
        and its seed left out; others' passes dropped; others' void and raise choices
        held back until all four are in; in Shaoyang no tile before the raises."""
        return _seat_view(events, seat)

    def hand_record(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        if not events or events[0]["type"] != "start_hand":
            raise EventLogError("a game's events open with start_hand after start_game")
        start = events[0]
        fields = {k: _field(start, k, 0) for k in DEAL_FIELDS}
        moves = [m for i, e in enumerate(events) if (m := _move_of(e, i)) is not None]
        return {**fields, "moves": moves, "result": _result(events)}


PART = MahjongEvents()
