"""Yi Jing Pai's observation: one seat's view as ``uint8`` planes (docs/env-yijingpai.md).

The observation is ``(ROWS, WIDTH)``: each row is a plane. A *lines* plane is
4 rows, one per line character in `LINES` order (``0``, ``1``, ``+``, ``-``),
its column i set where line i+1 (bottom first) is that character. A *scalar*
row holds its value in every column. Seats are relative to the viewer (0 the
viewer, 1 the next seat counterclockwise, …), padded to 4 seats: the rows of a
seat a 2- or 3-player table lacks are 0.

Everything comes from ``game.view(seat)`` (and, for the offered seat only, its
own legal moves, to tell a 胡 offer from a 碰 offer). The claim phase is shown
only to the seat being offered; every other seat sees the table as it stands
once the play was made and before the next turn: the public phase
(`public_phase`), no offer, and no seat to act (no plane says whose turn it is;
that follows from the last play).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..env.codec import Plane
from .env_actions import HEXAGRAM_LINES, LINES, PLACEMENTS

#: 6 line positions and 2 more columns, so the completed hexagrams fit an 8x8 grid
#: (row: upper trigram, column: lower trigram).
WIDTH = 8
SEATS = 4
PHASES = ("target", "play", "claim", "over")
KINDS = ("play", "pong")
TRIGRAMS = 8

# (name, rows, meaning): the planes in order; `PLANES` adds their first rows.
_LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("hand", 3, "scalar: the viewer's tiles in hand: yang, yin, taiji"),
    ("target", 4, "lines: the viewer's target (0 until laid)"),
    ("in_progress", 4 * SEATS, "lines: each seat's hexagram in progress (4 rows per seat)"),
    (
        "completed",
        TRIGRAMS * SEATS,
        "each seat's completed hexagrams (8 rows per seat): row u, column l counts those "
        "with upper trigram u and lower trigram l (a trigram's value: bit i = its line i+1 "
        "declared yang; a taiji counts as its declaration)",
    ),
    ("completed_count", SEATS, "scalar: each seat's number of completed hexagrams"),
    ("target_laid", SEATS, "scalar: 1 if the seat has laid its target"),
    ("hand_count", SEATS, "scalar: the tiles each seat holds"),
    ("table_tiles", 3, "scalar: lines on the table (every hexagram): yang, yin, taiji"),
    ("last_seat", SEATS, "scalar: 1 in the row of the seat that made the last play or pong"),
    ("last_kind", len(KINDS), "scalar: the last move was a play / a pong"),
    ("last_lines", 4, "lines: the last play's or pong's lines (columns 0..k-1)"),
    ("last_placement", len(PLACEMENTS), "scalar: where they were placed: outer, inner, split"),
    ("wall_remaining", 1, "scalar: tiles left in the wall"),
    ("dealer", SEATS, "scalar: 1 in the dealer's row"),
    (
        "phase",
        len(PHASES),
        "scalar: the phase as the viewer may know it: target, play, claim (only for the "
        "seat being offered), over (also while a claim is offered to another seat after "
        "a play that ends the hand unless claimed)",
    ),
    ("offer", 2, "scalar: the viewer is offered a 胡 (win) / a 碰 (pong) on the last play"),
    ("seats", SEATS, "scalar: 1 for each seat the table has"),
)


def _planes() -> tuple[Plane, ...]:
    out, start = [], 0
    for name, rows, meaning in _LAYOUT:
        out.append(Plane(name, start, rows, meaning))
        start += rows
    return tuple(out)


PLANES = _planes()
ROWS = PLANES[-1].start + PLANES[-1].rows
_ROW = {p.name: p.start for p in PLANES}
_DIGIT = {c: i for i, c in enumerate(LINES)}
_PHASE_ROW = {p: i for i, p in enumerate(PHASES)}
_KIND_ROW = {k: i for i, k in enumerate(KINDS)}
_PLACEMENT_ROW = {p: i for i, p in enumerate(PLACEMENTS)}


def _lines_block(lines: str) -> np.ndarray:
    block = np.zeros((len(LINES), WIDTH), np.uint8)
    for i, c in enumerate(lines):
        block[_DIGIT[c], i] = 1
    return block


def _trigram_cell(lines: str) -> tuple[int, int]:
    """(upper, lower) trigram values of a hexagram's declared lines (docs/yijing.md §5)."""
    value = sum(1 << i for i, c in enumerate(lines) if c in "1+")
    return value >> 3, value & 7


_BLOCKS: dict[str, np.ndarray] = {}
_CELLS: dict[str, tuple[int, int]] = {}


def lines_block(lines: str) -> np.ndarray:
    """The 4 x WIDTH one-hot block of `lines` (cached: there are 5,461 strings of 0-6 lines)."""
    block = _BLOCKS.get(lines)
    if block is None:
        block = _BLOCKS[lines] = _lines_block(lines)
    return block


def trigram_cell(lines: str) -> tuple[int, int]:
    cell = _CELLS.get(lines)
    if cell is None:
        cell = _CELLS[lines] = _trigram_cell(lines)
    return cell


def public_phase(view: Mapping[str, Any], play_size: int) -> str:
    """The phase as the viewer of `view` may know it.

    A claim offered to another seat exists only because that seat's tiles (or
    target) could take it, so it is shown as the moment a player at the table
    sees: the play was made and the next turn has not begun. That is the play
    phase, or ``over`` when the next seat holds fewer than `play_size` tiles
    (docs/yijing.md §3: the hand ends drawn as its turn starts; the engine ends
    it at once when nobody is offered).
    """
    phase = str(view["phase"])
    if phase != "claim" or view["to_act"]:
        return phase
    seats = view["seats"]
    following = (view["last_play"]["seat"] + 1) % len(seats)
    return "over" if seats[following]["hand_count"] < play_size else "play"


class ObservationEncoder:
    """Builds the planes for one `Rules`; `high` bounds each entry (its largest value, and
    at least 1)."""

    shape = (ROWS, WIDTH)
    planes = PLANES

    def __init__(self, rules: Any) -> None:
        self.players: int = rules.players
        self.play_size: int = rules.play_size
        self.high = self._high(rules)

    def _high(self, rules: Any) -> np.ndarray:
        high = np.zeros(self.shape, np.uint8)
        n, k = self.players, self.play_size
        most_hexagrams = rules.wall_size // HEXAGRAM_LINES
        dealt = rules.hand_size
        high[_ROW["hand"] : _ROW["hand"] + 2] = dealt
        high[_ROW["hand"] + 2] = min(dealt, rules.taiji_tiles)
        high[_ROW["target"] : _ROW["target"] + 4, :HEXAGRAM_LINES] = 1
        for r in range(n):  # the padded seats' rows: 1 below
            high[_ROW["in_progress"] + 4 * r : _ROW["in_progress"] + 4 * r + 4, :HEXAGRAM_LINES] = 1
            grid = _ROW["completed"] + TRIGRAMS * r
            high[grid : grid + TRIGRAMS, :TRIGRAMS] = most_hexagrams
            high[_ROW["completed_count"] + r] = most_hexagrams
            high[_ROW["target_laid"] + r] = 1
            high[_ROW["hand_count"] + r] = dealt
            high[_ROW["last_seat"] + r] = 1
            high[_ROW["dealer"] + r] = 1
            high[_ROW["seats"] + r] = 1
        table = _ROW["table_tiles"]
        high[table : table + 2] = rules.line_tiles
        high[table + 2] = rules.taiji_tiles
        high[_ROW["last_kind"] : _ROW["last_kind"] + len(KINDS)] = 1
        high[_ROW["last_lines"] : _ROW["last_lines"] + 4, :k] = 1
        high[_ROW["last_placement"] : _ROW["last_placement"] + len(PLACEMENTS)] = 1
        high[_ROW["wall_remaining"]] = rules.wall_size - n * dealt
        high[_ROW["phase"] : _ROW["phase"] + len(PHASES)] = 1
        high[_ROW["offer"] : _ROW["offer"] + 2] = 1
        # Gymnasium's checker warns about a Box entry whose low equals its high, so the
        # entries that are always 0 (absent seats, columns past the lines) get 1 too.
        return np.maximum(high, 1)

    def encode(self, game: Any, seat: int) -> np.ndarray:
        """`seat`'s planes, from ``game.view(seat)`` alone (its own legal moves when offered)."""
        view = game.view(seat)
        n = self.players
        obs = np.zeros(self.shape, np.uint8)
        seats = view["seats"]
        own = seats[seat]
        hand = own["hand"]
        row = _ROW["hand"]
        obs[row] = hand.count("1")
        obs[row + 1] = hand.count("0")
        obs[row + 2] = hand.count("T")
        if own["target"]:
            obs[_ROW["target"] : _ROW["target"] + 4] = lines_block(own["target"])
        table = [0, 0, 0]  # yang, yin, taiji lines on the table
        for s in range(n):
            r = (s - seat) % n
            info = seats[s]
            progress = info["in_progress"]
            if progress:
                start = _ROW["in_progress"] + 4 * r
                obs[start : start + 4] = lines_block(progress)
            grid = _ROW["completed"] + TRIGRAMS * r
            for lines in info["completed"]:
                upper, lower = trigram_cell(lines)
                obs[grid + upper, lower] += 1
            for lines in (progress, *info["completed"]):
                taiji = lines.count("+") + lines.count("-")
                table[0] += lines.count("1")
                table[1] += lines.count("0")
                table[2] += taiji
            obs[_ROW["completed_count"] + r] = len(info["completed"])
            obs[_ROW["target_laid"] + r] = info["target_laid"]
            obs[_ROW["hand_count"] + r] = info["hand_count"]
            obs[_ROW["seats"] + r] = 1
        obs[_ROW["table_tiles"] : _ROW["table_tiles"] + 3] = np.array(table, np.uint8)[:, None]
        last = view["last_play"]
        if last is not None:
            obs[_ROW["last_seat"] + (last["seat"] - seat) % n] = 1
            obs[_ROW["last_kind"] + _KIND_ROW[last["kind"]]] = 1
            obs[_ROW["last_lines"] : _ROW["last_lines"] + 4] = lines_block(last["lines"])
            obs[_ROW["last_placement"] + _PLACEMENT_ROW[last["placement"]]] = 1
        obs[_ROW["wall_remaining"]] = view["wall_remaining"]
        obs[_ROW["dealer"] + (view["dealer"] - seat) % n] = 1
        phase = public_phase(view, self.play_size)
        obs[_ROW["phase"] + _PHASE_ROW[phase]] = 1
        if phase == "claim":  # the viewer is the seat being offered (`public_phase`)
            offered = {m.partition(":")[2].partition("=")[0] for m in game.legal_moves(seat)}
            obs[_ROW["offer"]] = any(a.startswith("win") for a in offered)
            obs[_ROW["offer"] + 1] = "pong" in offered
        return obs
