"""`mj.replay(record)`: rebuild a mahjong hand from its record, checking every step.

The record is the state: rules + wall + dealer + moves determine the hand. A
move that does not replay raises `mj.IllegalMove` with ``.index`` and
``.code`` (rules §11); a record of the wrong shape, or whose stored result
differs from the replayed one, raises `RecordError` (a ValueError).
"""

from __future__ import annotations

from typing import Any

from ..core.replay import RecordDeal, check_record_format, replay_record
from ..errors import IllegalMove, RecordError, Verdict
from .game import GAME_NAME, RECORD_FORMAT, Game
from .rules import Rules


def _check_deal(deal: RecordDeal) -> None:
    if deal.seed is None and deal.dice is not None:
        raise RecordError("bad_record", "an exact deal (seed None) has no dice")


def _bad_move(moves: list[Any], index: int, verdict: Verdict | None) -> IllegalMove:
    if verdict is None:
        return IllegalMove(repr(moves[index]), "malformed", "a move is a string", index)
    return IllegalMove(moves[index], verdict.code, verdict.message, index)


def replay(record: dict[str, Any], *, backend: str | None = None) -> Game:
    """The hand `record` describes, every move re-validated."""
    check_record_format(record, RECORD_FORMAT)
    if record.get("game") != GAME_NAME:
        raise RecordError(
            "bad_record",
            f"this is a record of game {record.get('game', 'yijingpai')!r}; "
            f"mj.replay replays {GAME_NAME!r} records (yj.replay the others)",
        )
    return replay_record(record, Rules, Game, backend, _bad_move, _check_deal)
