"""Move notation and lines (docs/yijing.md §1; rules page §2-§3, §9).

A *line* is one character: ``1`` yang, ``0`` yin, ``+`` a taiji declared
yang, ``-`` a taiji declared yin. Lines are written bottom (inner, line 1) to
top (outer, line 6). A taiji is its declared line for every rule but scores 0
(docs §1; rules page §1, "Taiji is wild").

A move is ``s<seat>:<action>`` (docs §1)::

    s(0|[1-9][0-9]*):(target=L+|play=L+|pong=L+@P|win(@P)?|pass)

with ``L`` in ``[01+-]`` and ``P`` in ``outer|inner|split``, at most 64
characters. Wrong lengths and wrong placements parse; they get their own
reason codes later (docs §6).
"""

from __future__ import annotations

import re

MAX_MOVE_LENGTH = 64  # docs §1 / §6 check 1

# docs §1 grammar. `[0-9]` (not `\d`) so that only ASCII digits are seats.
_MOVE_RE = re.compile(
    r"s(0|[1-9][0-9]*):"
    r"(?:(target|play)=([01+\-]+)"
    r"|(pong)=([01+\-]+)@(outer|inner|split)"
    r"|(win)(?:@(outer|inner|split))?"
    r"|(pass))"
)

# The five move kinds (docs Specs table).
TARGET = "target"
PLAY = "play"
PONG = "pong"
WIN = "win"
PASS = "pass"

# The three placements (docs §4).
OUTER = "outer"
INNER = "inner"
SPLIT = "split"

# Declared value of a line: a taiji is its declaration (docs §1).
_DECLARE = str.maketrans({"+": "1", "-": "0"})


class Move:
    """A parsed move. `placement` is "" when the move has none (a plain ``win``
    is written without one, docs §4); `lines` is "" for ``win``/``pass``."""

    __slots__ = ("kind", "lines", "placement", "seat")

    def __init__(self, seat: int, kind: str, lines: str, placement: str) -> None:
        self.seat = seat
        self.kind = kind
        self.lines = lines
        self.placement = placement


def parse_move(text: object) -> Move | None:
    """The parsed move, or None if `text` is malformed (docs §6 check 1)."""
    if not isinstance(text, str) or len(text) > MAX_MOVE_LENGTH:
        return None
    m = _MOVE_RE.fullmatch(text)
    if m is None:
        return None
    seat = int(m.group(1))
    if m.group(2) is not None:  # target= / play=
        return Move(seat, m.group(2), m.group(3), "")
    if m.group(4) is not None:  # pong=L@P
        return Move(seat, PONG, m.group(5), m.group(6))
    if m.group(7) is not None:  # win / win@P
        placement = m.group(8)
        return Move(seat, WIN, "", placement if placement is not None else "")
    return Move(seat, PASS, "", "")


def format_move(seat: int, kind: str, lines: str = "", placement: str = "") -> str:
    """The move string of docs §1 (the inverse of `parse_move`)."""
    text = "s" + str(seat) + ":" + kind
    if lines:
        text += "=" + lines
    if placement:
        text += "@" + placement
    return text


def declared(lines: str) -> str:
    """The lines with every taiji replaced by its declaration (``+0`` -> ``10``).

    Matching, the no-repeat rule and pure-pair detection all compare declared
    lines (docs §1; rules page §9, "Taiji is its declared line for every rule").
    """
    return lines.translate(_DECLARE)


def pure_value(lines: str) -> int:
    """1 or 0 if every declared line is yang or every one is yin (a "pure pair"
    or pure triple, docs §3), else -1. Empty lines are not pure."""
    d = declared(lines)
    if not d:
        return -1
    if d.count("1") == len(d):
        return 1
    if d.count("0") == len(d):
        return 0
    return -1


def tile_counts(lines: str) -> tuple[int, int, int]:
    """(yang tiles, yin tiles, taiji tiles) needed to write these lines
    (docs §6 check 10: ``1``, ``0``, and a taiji for ``+``/``-``)."""
    return (lines.count("1"), lines.count("0"), lines.count("+") + lines.count("-"))


def points_half(lines: str) -> int:
    """Half-points of lines: yang 2, yin 1, taiji 0 (docs §5; rules page §5)."""
    return 2 * lines.count("1") + lines.count("0")


def hand_string(ones: int, zeros: int, taiji: int) -> str:
    """A hand in canonical order: all ``1``, then all ``0``, then all ``T`` (docs §1)."""
    return "1" * ones + "0" * zeros + "T" * taiji


def arrangements(ones: int, zeros: int, taiji: int, length: int) -> list[str]:
    """Every distinct line string of `length` lines that uses at most `ones`
    yang, `zeros` yin and `taiji` taiji tiles (a taiji written ``+`` or ``-``).

    With ``length == ones + zeros + taiji`` these are the ways to lay out a
    whole hand (docs §3 ``play=``: "every tile, any order, taiji declared either
    way"); with ``length == 6`` and a dealt hand, the possible targets.
    Returned in plain string order.
    """
    out: list[str] = []
    _arrange("", ones, zeros, taiji, length, out)
    out.sort()
    return out


def _arrange(prefix: str, ones: int, zeros: int, taiji: int, left: int, out: list[str]) -> None:
    if left == 0:
        out.append(prefix)
        return
    if taiji > 0:
        _arrange(prefix + "+", ones, zeros, taiji - 1, left - 1, out)
        _arrange(prefix + "-", ones, zeros, taiji - 1, left - 1, out)
    if zeros > 0:
        _arrange(prefix + "0", ones, zeros - 1, taiji, left - 1, out)
    if ones > 0:
        _arrange(prefix + "1", ones - 1, zeros, taiji, left - 1, out)
