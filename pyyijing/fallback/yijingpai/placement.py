"""Placement of played lines on a hexagram in progress (docs/yijing.md §4;
rules page §3 "碰 (pong)", §7 and §9 "@split").

Let ``L`` be the hexagram in progress (bottom to top) and ``M`` the move's
lines:

=========  ====================  ==============================================
placement  new lines             allowed for
=========  ====================  ==============================================
outer      ``L + M``             ``play``; any pong on an empty ``L``; a pure
                                 yin pair (standard) or any pure triple
                                 (simple) on a non-empty ``L``; ``win``
inner      ``M + L``             pong/win of a pure yin pair on a non-empty
                                 ``L``; simple variant: pure yin or yang triples
split      ``M[0] + L + M[1]``   pong/win of a pure yang pair, standard
                                 variant, non-empty ``L``
=========  ====================  ==============================================

(The §4 table lists ``outer`` for a pong only on an empty ``L``; the sentence
under it, and rules page §3 陰碰 "outer or inner", also allow a yin pair -- and
in the simple variant any pure triple -- ``@outer`` on a non-empty ``L``.)
"""

from __future__ import annotations

from .notation import INNER, OUTER, SPLIT, pure_value

_OUTER_ONLY = (OUTER,)
_OUTER_INNER = (OUTER, INNER)
_SPLIT_ONLY = (SPLIT,)
_NONE: tuple[str, ...] = ()


def pong_placements(pure: int, in_progress_len: int, play_size: int) -> tuple[str, ...]:
    """Placements of a pong of a pure pair/triple of value `pure` (docs §4).

    On an empty ``L`` every pong is ``@outer``. On a non-empty ``L``: a yin
    pair ``@outer``/``@inner`` (陰碰), a yang pair only ``@split`` (陽碰); in
    the simple variant both kinds ``@outer``/``@inner`` (rules page §7).
    """
    if pure < 0:
        return _NONE
    if in_progress_len == 0:
        return _OUTER_ONLY
    if play_size == 3:
        return _OUTER_INNER
    return _OUTER_INNER if pure == 0 else _SPLIT_ONLY


def win_placements(lines: str, in_progress_len: int, play_size: int) -> tuple[str, ...]:
    """Placements of a 胡 on claimed `lines` (docs §4; rules page §9 "Winning on
    another's pure pair"): outer always (written as plain ``win``), plus the
    pong placement other than outer for a pure pair/triple on a non-empty
    ``L`` (``win@inner`` / ``win@split``). ``win@outer`` is never allowed."""
    pure = pure_value(lines)
    if pure < 0 or in_progress_len == 0:
        return _OUTER_ONLY
    extra = [p for p in pong_placements(pure, in_progress_len, play_size) if p != OUTER]
    return (OUTER, *extra)


def place(in_progress: str, lines: str, placement: str) -> str:
    """The new hexagram in progress after placing `lines` (docs §4; rules page
    §9: ``pong=1+@split`` on ``0010`` gives ``10010+``)."""
    if placement == OUTER:
        return in_progress + lines
    if placement == INNER:
        return lines + in_progress
    if placement == SPLIT:
        return lines[0] + in_progress + lines[1:]
    raise ValueError(f"unknown placement {placement!r}; allowed: outer, inner, split")
