"""Mahjong's action index for the environments: one fixed layout for every ruleset.

Each move kind of the notation (docs/mahjong.md §6) has a block of indices; the
index of a move never depends on the seat, the ruleset or the state, so a policy
trained on one ruleset reads another's actions the same way. A ruleset that
lacks a move kind simply never sets its block in the mask. The table of blocks
is docs/env-mahjong.md "Actions".
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

import numpy as np

#: the 34 tile kinds in index order (docs/mahjong.md "Tiles"): 1m..9m 1p..9p 1s..9s 1z..7z
TILES: tuple[str, ...] = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(
    f"{n}z" for n in range(1, 8)
)
#: the 21 runs a chow may take, suit by suit, lowest tile 1..7 (honours never chow)
CHOWS: tuple[str, ...] = tuple(f"{n}{n + 1}{n + 2}{s}" for s in "mps" for n in range(1, 8))
SUITS: tuple[str, ...] = ("m", "p", "s")
#: Shaoyang's 舉手: at most three raises (「最多可以舉3個手」)
RAISES: tuple[str, ...] = ("0", "1", "2", "3")


@dataclass(frozen=True)
class ActionBlock:
    """Indices ``start .. start+len(args)-1``: the move ``kind=arg`` (``kind`` when no arg)."""

    kind: str
    start: int
    args: tuple[str, ...]

    @property
    def stop(self) -> int:
        return self.start + len(self.args)

    def suffixes(self) -> list[str]:
        """The moves of the block without the seat, in index order."""
        return [f"{self.kind}={a}" if a else self.kind for a in self.args]


def _blocks() -> tuple[ActionBlock, ...]:
    spec: list[tuple[str, tuple[str, ...]]] = [
        ("discard", TILES),
        ("pung", TILES),
        ("kong", TILES),
        ("ready", TILES),
        ("open_kong", TILES),
        ("chow", CHOWS),
        ("win", ("",)),
        ("pass", ("",)),
        ("opening", ("",)),
        ("mid", ("",)),
        ("haidi", ("",)),
        ("void", SUITS),
        ("raise", RAISES),
    ]
    out, start = [], 0
    for kind, args in spec:
        out.append(ActionBlock(kind, start, args))
        start += len(args)
    return tuple(out)


BLOCKS: tuple[ActionBlock, ...] = _blocks()
#: the move of each index without its ``s<seat>:`` prefix
SUFFIXES: tuple[str, ...] = tuple(s for b in BLOCKS for s in b.suffixes())
NUM_ACTIONS: int = len(SUFFIXES)
#: ``"pung=5m"`` -> its index: the mask's and `move_to_action`'s one lookup
INDEX: dict[str, int] = {s: i for i, s in enumerate(SUFFIXES)}
NUM_SEATS = 4


def _check_seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)):
        raise ValueError(f"seat must be an int in 0..3; got {seat!r}")
    if not 0 <= int(seat) < NUM_SEATS:
        raise ValueError(f"seat must be an int in 0..3; got {seat!r}")
    return int(seat)


def action_to_move(action: object, seat: object) -> str:
    """The move ``s<seat>:...`` of index `action` (ValueError outside ``0..NUM_ACTIONS-1``)."""
    seat = _check_seat(seat)
    if isinstance(action, bool):
        raise ValueError(f"action must be an int in 0..{NUM_ACTIONS - 1}; got {action!r}")
    try:
        a = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"action must be an int in 0..{NUM_ACTIONS - 1}; got {action!r}") from None
    if not 0 <= a < NUM_ACTIONS:
        raise ValueError(f"action {a} is out of range: mahjong's actions are 0..{NUM_ACTIONS - 1}")
    return f"s{seat}:{SUFFIXES[a]}"


def move_to_action(move: object) -> int:
    """The index of `move` (``"s2:pung=5m"``); ValueError if it is not a move of the notation
    for seats 0..3 (docs/mahjong.md §6)."""
    if not isinstance(move, str):
        raise ValueError(f"a move is a str such as 's2:pung=5m'; got {type(move).__name__}")
    head, colon, suffix = move.partition(":")
    seat = head[1:]
    if not colon or head[:1] != "s" or seat not in ("0", "1", "2", "3"):
        raise ValueError(f"{move!r} is not a move: a move is 's<seat>:<action>' with seat 0..3")
    index = INDEX.get(suffix)
    if index is None:
        raise ValueError(
            f"{move!r} is not a move of the notation: unknown action {suffix!r} "
            "(docs/mahjong.md §6: discard=T, chow=XYZs, pung=T, kong=T, win, pass, ready=T, "
            "void=m|p|s, raise=0..3, opening, mid, open_kong=T, haidi)"
        )
    return index


def legal_mask(legal_moves: list[str]) -> np.ndarray:
    """An int8 vector of `NUM_ACTIONS`: 1 at each of `legal_moves` (one seat's, ``sN:...``)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if legal_moves:
        # every seat is one digit, so the action starts at index 3
        mask[[INDEX[m[3:]] for m in legal_moves]] = 1
    return mask
