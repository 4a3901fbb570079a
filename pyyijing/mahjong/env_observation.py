"""Mahjong's observation for the environments: ``(C, 34)`` uint8 planes from one seat's view.

Every plane is a row over the 34 tile kinds (docs/mahjong.md "Tiles": 1m..9m,
1p..9p, 1s..9s, 1z..7z). A per-seat feature has four rows, one per seat
*relative to the viewer*: 0 the viewer, 1 its next seat, 2 the opposite one,
3 the previous one. A number (a count, the wall) is broadcast across the row;
a small category (a phase, a seat) is one-hot across the row's first columns.
`PLANES` documents each row, docs/env-mahjong.md "Observation" restates it.

What an observation may tell (pyyijing/env/codec.py): it is built from
``game.view(seat)`` alone, which hides the others' concealed tiles, a concealed
kong's tile, the wall, and the void and raise choices until all four are in.
The engine's flow is the remaining leak: it offers a claim (or Changsha's
opening win) to one seat at a time, and only when that seat could take it, so
the phase ``claim``/``opening``, ``claims_pending``, the offer and the empty turn
would tell every other seat that *someone* holds an option. `table_flow` turns
them into what a seat not being offered sees at a real table (see there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..env.codec import Plane
from .env_actions import TILES

NUM_SEATS = 4
WIDTH = len(TILES)
TILE_ID: dict[str, int] = {t: i for i, t in enumerate(TILES)}
PHASES: tuple[str, ...] = ("raise", "void", "opening", "play", "claim", "over")
OFFER_KINDS: tuple[str, ...] = ("discard", "robbed_kong", "open_kong", "haidi")
#: the phases in which the engine offers something to one seat (pyyijing/service/spectator.py)
OFFER_PHASES = frozenset({"claim", "opening"})
#: how many of each seat's latest discards get a one-hot row each (the order of play)
RECENT = 6
SUIT_COLUMNS = {"m": 0, "p": 9, "s": 18}
# the largest values a count plane can take
MAX_FLOWERS = 8
MAX_HAND = 14


def _seat_rows(what: str) -> str:
    return f"{what}; row r is the seat r places after the viewer (0 the viewer)"


# (name, rows, high, meaning); the highs of "wall" depend on the rules (None here).
_LAYOUT: tuple[tuple[str, int, int | None, str], ...] = (
    (
        "hand",
        4,
        1,
        "own concealed tiles (the drawn one included), thermometer: row k is 1 "
        "where the viewer holds more than k of the kind",
    ),
    ("drawn", 1, 1, "own tile just drawn (one-hot; none after a claim or the deal)"),
    ("own_concealed_kongs", 1, 1, "1 at the kind of each of the viewer's concealed kongs"),
    ("chows", 4, 4, _seat_rows("copies of each kind in the seat's chows")),
    ("pungs", 4, 1, _seat_rows("1 at the kind of each of the seat's pungs")),
    ("kongs", 4, 1, _seat_rows("1 at the kind of each exposed or added kong of the seat")),
    (
        "concealed_kongs",
        4,
        4,
        _seat_rows(
            "how many concealed kongs the seat holds "
            "(broadcast; another seat's tile is never shown)"
        ),
    ),
    ("discards", 4, 4, _seat_rows("copies of each kind the seat discarded (claimed ones too)")),
    ("claimed", 4, 4, _seat_rows("copies of each kind of the seat's discards claimed by others")),
    (
        "recent_discards",
        NUM_SEATS * RECENT,
        1,
        f"the last {RECENT} discards of each seat, "
        f"one-hot: row {RECENT}·r + j is seat r's (relative) j-th latest (j = 0 the latest)",
    ),
    (
        "revealed",
        4,
        4,
        _seat_rows(
            "Changsha: tiles shown by the seat's opening and mid-game "
            "wins, the most copies of the kind in any one declaration"
        ),
    ),
    (
        "open_kong_shown",
        1,
        2,
        "Changsha: copies of each kind an open kong turned face up and "
        "that lie on the table until every 槓上炮 offer is answered",
    ),
    ("void", 4, 1, _seat_rows("1 over the nine kinds of the seat's void suit, once known")),
    ("flowers", 4, MAX_FLOWERS, _seat_rows("how many flowers the seat set aside (broadcast)")),
    ("hand_count", 4, MAX_HAND, _seat_rows("how many concealed tiles the seat holds (broadcast)")),
    ("declared", 4, 1, _seat_rows("1 if the seat declared 報聽 (broadcast)")),
    (
        "locked",
        4,
        1,
        _seat_rows("1 if the seat's hand is locked: 報聽 or an open kong (broadcast)"),
    ),
    (
        "raise",
        4,
        1,
        _seat_rows(
            "Shaoyang: column K is 1 when the seat's raise K (0..3) is "
            "known (its own at once, the others' once all four are in)"
        ),
    ),
    (
        "pass_locked",
        1,
        1,
        "1 if the viewer passed a 胡 and may not win on another's tile "
        "before it draws again (Changsha 過手; broadcast)",
    ),
    ("dealer", 1, 1, "column r is 1 for the dealer's relative seat r"),
    (
        "seat_wind",
        1,
        1,
        "column w is 1 for the viewer's seat wind w = (seat − dealer) mod 4 (0 東 … 3 北)",
    ),
    (
        "turn",
        1,
        1,
        "column r is 1 for the relative seat in turn (play phase), none between "
        "turns and in the other phases",
    ),
    (
        "phase",
        1,
        1,
        "column k is 1 for the phase "
        + ", ".join(f"{k} {p}" for k, p in enumerate(PHASES))
        + " as this seat sees it",
    ),
    ("wall", 1, None, "tiles left in the live wall (broadcast)"),
    (
        "offer_tile",
        1,
        1,
        "the tile offered to the viewer (one-hot; none when it is not being "
        "offered, or the tile is face down: an untaken sea bottom)",
    ),
    (
        "offer_kind",
        1,
        1,
        "column k is 1 for the kind of the viewer's offer: "
        + ", ".join(f"{k} {o}" for k, o in enumerate(OFFER_KINDS)),
    ),
    (
        "offer_from",
        1,
        1,
        "column r is 1 for the relative seat whose tile (discard, kong, "
        "open kong, sea bottom) is offered to the viewer",
    ),
)


def _planes() -> tuple[Plane, ...]:
    out, start = [], 0
    for name, rows, _, meaning in _LAYOUT:
        out.append(Plane(name, start, rows, meaning))
        start += rows
    return tuple(out)


PLANES: tuple[Plane, ...] = _planes()
ROWS: int = sum(p.rows for p in PLANES)
_START: dict[str, int] = {p.name: p.start for p in PLANES}
HAND = _START["hand"]
DRAWN = _START["drawn"]
OWN_CK = _START["own_concealed_kongs"]
CHOWS = _START["chows"]
PUNGS = _START["pungs"]
KONGS = _START["kongs"]
CONCEALED = _START["concealed_kongs"]
DISCARDS = _START["discards"]
CLAIMED = _START["claimed"]
RECENT_ROWS = _START["recent_discards"]
REVEALED = _START["revealed"]
OPEN_SHOWN = _START["open_kong_shown"]
VOID = _START["void"]
FLOWERS = _START["flowers"]
HAND_COUNT = _START["hand_count"]
DECLARED = _START["declared"]
LOCKED = _START["locked"]
RAISE = _START["raise"]
PASS_LOCKED = _START["pass_locked"]
DEALER = _START["dealer"]
SEAT_WIND = _START["seat_wind"]
TURN = _START["turn"]
PHASE = _START["phase"]
WALL = _START["wall"]
OFFER_TILE = _START["offer_tile"]
OFFER_KIND = _START["offer_kind"]
OFFER_FROM = _START["offer_from"]


def observation_high(wall_tiles: int) -> np.ndarray:
    """The largest value of each entry, for a wall of `wall_tiles` (136, 144 or 108)."""
    high = np.zeros((ROWS, WIDTH), dtype=np.uint8)
    for plane, (_, _, value, _) in zip(PLANES, _LAYOUT, strict=True):
        high[plane.start : plane.start + plane.rows] = wall_tiles if value is None else value
    return high


@dataclass(frozen=True)
class Flow:
    """The turn-taking a seat sees: the phase, the seat in turn, its own offer."""

    phase: str
    turn: int | None
    offer: dict[str, Any] | None
    #: open-kong tiles face up on the table (public: every seat sees them)
    open_shown: tuple[str, ...]


def table_flow(view: dict[str, Any], acting: bool) -> Flow:
    """The flow of `view` as its seat sees it at a real table.

    Outside an offer phase, and for the seat being offered, the view's own. For a
    seat not being offered while another is (phase ``claim``), the move was made
    and the next turn has not begun: phase ``play``, no seat in turn, no offer
    (the view's wall and hands are already those of that moment: nothing is drawn
    before every offer is answered). In Changsha's phase ``opening`` nothing has
    been played yet, so the seat not offered sees the deal as it stands once the
    opening offers are answered: phase ``play``, the dealer in turn with its 14.
    """
    phase = view["phase"]
    offer = view["offer"]
    shown = tuple(offer.get("revealed", ())) if offer else ()
    if acting or phase not in OFFER_PHASES:
        return Flow(phase, view["turn"], offer, shown)
    if phase == "opening":
        return Flow("play", view["dealer"], None, ())
    return Flow("play", None, None, shown)


def _meld_tiles(tiles: str) -> list[int]:
    """``"345m"`` -> the ids of 3m 4m 5m; ``"5555p"`` -> four times the id of 5p."""
    suit = tiles[-1]
    return [TILE_ID[d + suit] for d in tiles[:-1]]


def _tile_ids(text: str) -> list[int]:
    return [TILE_ID[text[i : i + 2]] for i in range(0, len(text), 2)]


def encode(view: dict[str, Any], seat: int, acting: bool) -> np.ndarray:
    """`seat`'s observation from its own `view` (``game.view(seat)``); `acting`: the
    seat is among ``game.to_act`` (only then does it see an offer phase as such)."""
    flow = table_flow(view, acting)
    # Every one-hot or counted entry is a +1 at a flat index row·34 + column; one
    # bincount turns them into the planes. Broadcast rows are set afterwards.
    hits: list[int] = []
    broadcast: list[tuple[int, int]] = []
    out = np.zeros((ROWS, WIDTH), dtype=np.uint8)
    for entry in view["seats"]:
        r = (entry["seat"] - seat) % NUM_SEATS
        concealed = 0
        for meld in entry["melds"]:
            kind, tiles = meld["kind"], meld["tiles"]
            if kind == "chow":
                hits += [(CHOWS + r) * WIDTH + t for t in _meld_tiles(tiles)]
            elif kind == "pung":
                hits.append((PUNGS + r) * WIDTH + TILE_ID[tiles[0] + tiles[-1]])
            elif kind == "concealed_kong":
                concealed += 1
                if tiles is not None:  # the viewer's own
                    hits.append(OWN_CK * WIDTH + TILE_ID[tiles[0] + tiles[-1]])
            else:  # an exposed or added kong
                hits.append((KONGS + r) * WIDTH + TILE_ID[tiles[0] + tiles[-1]])
        discards = entry["discards"]
        ids = [TILE_ID[d["tile"]] for d in discards]
        hits += [(DISCARDS + r) * WIDTH + t for t in ids]
        hits += [
            (CLAIMED + r) * WIDTH + t for t, d in zip(ids, discards, strict=True) if d["claimed"]
        ]
        latest = ids[: -RECENT - 1 : -1]
        base = (RECENT_ROWS + RECENT * r) * WIDTH
        hits += [base + j * WIDTH + t for j, t in enumerate(latest)]
        if entry["revealed"]:
            most = np.zeros(WIDTH, dtype=np.uint8)
            for declaration in entry["revealed"]:
                counts = np.bincount(_tile_ids(declaration["tiles"]), minlength=WIDTH)
                np.maximum(most, counts.astype(np.uint8), out=most)
            out[REVEALED + r] = most
        if entry["void"] is not None:
            c = SUIT_COLUMNS[entry["void"]]
            out[VOID + r, c : c + 9] = 1
        if entry["raise"] is not None:
            hits.append((RAISE + r) * WIDTH + entry["raise"])
        broadcast += [
            (CONCEALED + r, concealed),
            (FLOWERS + r, len(entry["flowers"])),
            (HAND_COUNT + r, entry["hand_count"]),
            (DECLARED + r, int(entry["declared"])),
            (LOCKED + r, int(entry["locked"])),
        ]
        if r == 0:
            if entry["drawn"] is not None:
                hits.append(DRAWN * WIDTH + TILE_ID[entry["drawn"]])
            broadcast.append((PASS_LOCKED, int(entry["pass_locked"])))
            hand = entry["hand"]  # None before every Shaoyang raise is in
            if hand:
                counts = np.bincount(_tile_ids(hand), minlength=WIDTH)
                out[HAND : HAND + 4] = counts[None, :] > np.arange(4)[:, None]
    dealer = (view["dealer"] - seat) % NUM_SEATS
    hits += [DEALER * WIDTH + dealer, SEAT_WIND * WIDTH + (-dealer) % NUM_SEATS]
    hits.append(PHASE * WIDTH + PHASES.index(flow.phase))
    if flow.turn is not None:
        hits.append(TURN * WIDTH + (flow.turn - seat) % NUM_SEATS)
    hits += [OPEN_SHOWN * WIDTH + TILE_ID[t] for t in flow.open_shown]
    if flow.offer is not None:
        hits.append(OFFER_KIND * WIDTH + OFFER_KINDS.index(flow.offer["kind"]))
        hits.append(OFFER_FROM * WIDTH + (flow.offer["seat"] - seat) % NUM_SEATS)
        if flow.offer["tile"] is not None:
            hits.append(OFFER_TILE * WIDTH + TILE_ID[flow.offer["tile"]])
    broadcast.append((WALL, view["wall_remaining"]))
    out += np.bincount(hits, minlength=ROWS * WIDTH).astype(np.uint8).reshape(ROWS, WIDTH)
    rows, values = zip(*broadcast, strict=True)
    out[list(rows)] = np.asarray(values, dtype=np.uint8)[:, None]
    return out
