"""Moves as a backend takes them: what every game's `Game` does to a player's move first.

A move comes from a player, so anything that is not a move is a malformed move
(the backend's verdict), never a crash: the backend gets text it can read.
"""

from __future__ import annotations

from typing import Any


def core_text(move: str) -> str:
    """`move` as a backend can take it: a str that is valid Unicode.

    A lone surrogate (``"\\ud800"``) is a Python str but not UTF-8, so it cannot
    cross into the C++ core (pybind11 raised TypeError where the contract says
    "malformed"). Every move of the notation is ASCII, so any non-ASCII move is
    malformed anyway: the core gets the same text with surrogates replaced, and
    gives its usual verdict.
    """
    return move.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def core_move(move: object) -> str:
    """`move` as a backend can take it: a str that is valid Unicode.

    A move comes from a player, so anything but a str (JSON null, a number,
    bytes, a list) is a malformed move, not a caller's error: the backend gets
    the empty string, which no phase accepts (reason 1, `malformed`), and gives
    its usual verdict.
    """
    if not isinstance(move, str):
        return ""
    return move if move.isascii() else core_text(move)


def core_moves(moves: list[Any]) -> list[str]:
    """`moves` through `core_move` (the same list when all are ASCII str: the usual case)."""
    try:
        if "".join(moves).isascii():  # one C-level pass: the usual case, 10x a per-move check
            return moves
    except TypeError:
        return [core_move(m) for m in moves]  # a non-str among them
    if all(m.isascii() for m in moves):
        return moves
    return [core_move(m) for m in moves]


def check_moves(moves: object) -> None:
    """TypeError unless `moves` is a list (its items are checked as moves: see `core_move`)."""
    if not isinstance(moves, list):
        raise TypeError(f"moves must be a list of str; got {type(moves).__name__}")
