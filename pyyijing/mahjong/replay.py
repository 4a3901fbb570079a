"""`mj.replay(record)`: rebuild a mahjong hand from its record, checking every step.

The record is the state: rules + wall + dealer + moves determine the hand. A
move that does not replay raises `mj.IllegalMove` with ``.index`` and
``.code`` (rules §11); a record of the wrong shape, or whose stored result
differs from the replayed one, raises `RecordError` (a ValueError).
"""

from __future__ import annotations

from typing import Any

from ..core.replay import (
    RecordDeal,
    check_record_format,
    check_result,
    first_bad_move,
    record_rules,
)
from ..errors import IllegalMove, RecordError
from .game import GAME_NAME, RECORD_FORMAT, Game
from .rules import Rules


def replay(record: dict[str, Any], *, backend: str | None = None) -> Game:
    """The hand `record` describes, every move re-validated."""
    check_record_format(record, RECORD_FORMAT)
    if record.get("game") != GAME_NAME:
        raise RecordError(
            "bad_record",
            f"this is a record of game {record.get('game', 'yijingpai')!r}; "
            f"mj.replay replays {GAME_NAME!r} records (yj.replay the others)",
        )
    rules = record_rules(record, Rules)
    deal = RecordDeal.of(record)
    if deal.source not in ("dice", "given"):
        raise RecordError(
            "bad_record", f"dealer_source must be 'dice' or 'given'; got {deal.source!r}"
        )
    if deal.seed is None and deal.dice is not None:
        raise RecordError("bad_record", "an exact deal (seed None) has no dice")
    if deal.dice is not None and not isinstance(deal.dice, list):
        raise RecordError("bad_record", f"dice must be a list of two ints; got {deal.dice!r}")
    game = deal.deal(Game, rules, backend)
    deal.check_seeded(game)
    bad = first_bad_move(game, deal.moves)
    if bad is not None:
        index, verdict = bad
        if verdict is None:
            raise IllegalMove(repr(deal.moves[index]), "malformed", "a move is a string", index)
        raise IllegalMove(deal.moves[index], verdict.code, verdict.message, index)
    check_result(game, record)
    return game
