"""Yi Jing Pai's action index: each move of the notation as a fixed integer (docs/env-yijingpai.md).

The layout depends only on the play size `k` (2 standard, 3 simple), never on
the seat or the state, so one index means the same move for every seat:

=========================  ==================================================
range                      moves
=========================  ==================================================
``0 .. 4095``              ``target=LLLLLL``: the 6 lines as a base-4 number
``T .. T+4^k-1``           ``play=L…`` (k lines), the same base-4 number
``P .. P+3*4^k-1``         ``pong=L…@X``: ``P + 3*lines + (outer 0, inner 1, split 2)``
``W, W+1, W+2``            ``win``, ``win@inner``, ``win@split``
``W+3``                    ``pass``
=========================  ==================================================

with ``T = 4096``, ``P = T + 4^k``, ``W = P + 3*4^k``. A line's digit is its
place in ``LINES`` (``0`` yin 0, ``1`` yang 1, ``+`` 2, ``-`` 3) and the first
(bottom) line is the most significant digit, so ``target=000000`` is 0 and the
targets sort as their strings do under that order.
"""

from __future__ import annotations

import itertools
import operator
import re

#: The line characters in digit order (docs/yijing.md §1: yin, yang, taiji declared yang/yin).
LINES = "01+-"
PLACEMENTS = ("outer", "inner", "split")
WINS = ("win", "win@inner", "win@split")
HEXAGRAM_LINES = 6

_MOVE = re.compile(r"^s(0|[1-9][0-9]*):(.+)$")


def line_strings(width: int) -> list[str]:
    """Every string of `width` lines, in index order (base 4 over `LINES`, first line first)."""
    return ["".join(t) for t in itertools.product(LINES, repeat=width)]


def action_names(play_size: int) -> tuple[str, ...]:
    """The action part (after ``sN:``) of every index, in index order."""
    names = [f"target={lines}" for lines in line_strings(HEXAGRAM_LINES)]
    plays = line_strings(play_size)
    names += [f"play={lines}" for lines in plays]
    names += [f"pong={lines}@{where}" for lines in plays for where in PLACEMENTS]
    names += [*WINS, "pass"]
    return tuple(names)


class ActionIndex:
    """The bijection between ``range(size)`` and one seat's moves, for `players` seats
    and play size `play_size` (see the module's layout)."""

    def __init__(self, players: int, play_size: int) -> None:
        self.players = players
        self.play_size = play_size
        self.names = action_names(play_size)
        self.size = len(self.names)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.target_start = 0
        self.play_start = 4**HEXAGRAM_LINES
        self.pong_start = self.play_start + 4**play_size
        self.win_start = self.pong_start + 3 * 4**play_size
        self.pass_action = self.win_start + len(WINS)

    def _check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be an int in 0..{self.players - 1}; got {seat!r}")
        return seat

    def action_to_move(self, action: object, seat: int) -> str:
        """The move of `seat` at index `action` (ValueError outside ``0..size-1``)."""
        try:
            if isinstance(action, bool):
                raise TypeError
            a = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise ValueError(f"an action is an int in 0..{self.size - 1}; got {action!r}") from None
        if not 0 <= a < self.size:
            raise ValueError(f"action must be in 0..{self.size - 1}; got {a}")
        return f"s{self._check_seat(seat)}:{self.names[a]}"

    def move_to_action(self, move: object) -> int:
        """The index of `move` (``"sN:..."``); ValueError naming what is wrong otherwise."""
        if not isinstance(move, str):
            raise ValueError(f"a move is a str like 's0:play=01'; got {type(move).__name__}")
        match = _MOVE.match(move)
        if match is None:
            raise ValueError(f"{move!r} is not a move: write s<seat>:<action>, e.g. 's0:play=01'")
        seat = int(match[1])
        if seat >= self.players:
            raise ValueError(f"{move!r}: seat must be in 0..{self.players - 1}")
        action = self.index.get(match[2])
        if action is None:
            raise ValueError(f"{move!r} is not a move of this game: {self._why(match[2])}")
        return action

    def _why(self, action: str) -> str:
        """What is wrong with an action text the layout does not hold (for the error)."""
        kind = action.partition("=")[0]
        k = self.play_size
        if action == "win@outer":
            return "a 胡 on the outer side is written 'win'"
        if kind == "target":
            return f"a target is 6 lines over {LINES!r}"
        if kind == "play":
            return f"a play is {k} lines over {LINES!r}"
        if kind == "pong":
            return f"a pong is {k} lines over {LINES!r} then @outer, @inner or @split"
        return "the actions are target=, play=, pong=…@…, win, win@inner, win@split, pass"
