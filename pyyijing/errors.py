"""The public exceptions and the verdict type (one place for illegal actions)."""

from __future__ import annotations

from typing import NamedTuple


class Verdict(NamedTuple):
    """The answer of `Game.validate`: ``ok``, a stable reason ``code`` and a message.

    Codes are listed in docs/yijing.md §6 and never change meaning; messages are
    for people and may be reworded.
    """

    ok: bool
    code: str
    message: str


class IllegalMove(ValueError):  # noqa: N818 - the contract's name
    """Raised by `Game.apply` for an illegal move; the game is left unchanged.

    ``index``: the move's position in a record (`mj.replay`), else None. ``move`` is
    the move as given (a player may send something that is not a str: malformed).
    """

    def __init__(self, move: object, code: str, message: str, index: int | None = None) -> None:
        where = f"move {index}: " if index is not None else ""
        shown = move if isinstance(move, str) else repr(move)
        text = f"{shown}: {code}: {message}" if message else f"{shown}: {code}"
        super().__init__(where + text)
        self.move = move
        self.code = code
        self.message = message
        self.index = index


class RecordError(ValueError):
    """Raised by `replay` for a record that does not replay.

    ``index`` is the position of the first bad move (None when the problem is not
    a move: the wall, the dealer, the result or the record's shape); ``code`` is a
    reason code of docs/yijing.md §6 or one of ``wall_mismatch``,
    ``dealer_mismatch``, ``result_mismatch``, ``bad_record``.
    """

    def __init__(self, code: str, message: str, index: int | None = None) -> None:
        where = f"move {index}: " if index is not None else ""
        super().__init__(f"{where}{code}: {message}")
        self.code = code
        self.index = index
        self.message = message
