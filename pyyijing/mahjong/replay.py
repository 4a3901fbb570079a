"""`mj.replay(record)`: rebuild a mahjong hand from its record, checking every step.

The record is the state: rules + wall + dealer + moves determine the hand. A
move that does not replay raises `mj.IllegalMove` with ``.index`` and
``.code`` (rules §11); a record of the wrong shape, or whose stored result
differs from the replayed one, raises `RecordError` (a ValueError).
"""

from __future__ import annotations

from typing import Any

from ..core.seeds import check_seed
from ..errors import IllegalMove, RecordError
from .game import GAME_NAME, RECORD_FORMAT, Game
from .rules import Rules


def _field(record: dict[str, Any], key: str) -> Any:
    if key not in record:
        raise RecordError("bad_record", f"the record has no {key!r} field")
    return record[key]


def replay(record: dict[str, Any], *, backend: str | None = None) -> Game:
    """The hand `record` describes, every move re-validated."""
    if not isinstance(record, dict):
        raise RecordError("bad_record", f"a record is a dict; got {type(record).__name__}")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError("bad_record", f"format must be {RECORD_FORMAT!r}")
    if record.get("game") != GAME_NAME:
        raise RecordError(
            "bad_record",
            f"this is a record of game {record.get('game', 'yijingpai')!r}; "
            f"mj.replay replays {GAME_NAME!r} records (yj.replay the others)",
        )
    try:
        rules = Rules.from_dict(_field(record, "rules"))
    except (TypeError, ValueError) as exc:
        raise RecordError("bad_record", f"rules: {exc}") from exc
    seed = _field(record, "seed")
    wall = _field(record, "wall")
    dealer = _field(record, "dealer")
    dice = _field(record, "dice")
    moves = _field(record, "moves")
    if not isinstance(moves, list):
        raise RecordError("bad_record", "moves must be a list of move strings")
    source = record.get("dealer_source", "given" if seed is None else "dice")
    if source not in ("dice", "given"):
        raise RecordError("bad_record", f"dealer_source must be 'dice' or 'given'; got {source!r}")
    if seed is None and dice is not None:
        raise RecordError("bad_record", "an exact deal (seed None) has no dice")
    if dice is not None and not isinstance(dice, list):
        raise RecordError("bad_record", f"dice must be a list of two ints; got {dice!r}")
    try:
        if seed is not None:
            game = Game(
                rules,
                seed=check_seed(seed),
                dealer=None if source == "dice" else dealer,
                backend=backend,
            )
        else:
            game = Game(rules, wall=wall, dealer=dealer, backend=backend)
    except (TypeError, ValueError) as exc:
        raise RecordError("bad_record", str(exc)) from exc
    if seed is not None:
        if game.wall != wall:
            raise RecordError("wall_mismatch", f"the wall is not the one seed {seed} shuffles")
        if dice is None or list(dice) != list(game.dice or ()):
            raise RecordError("dealer_mismatch", f"dice {dice!r} are not seed {seed}'s {game.dice}")
        if game.dealer != dealer:
            raise RecordError(
                "dealer_mismatch", f"dealer {dealer!r} is not the dice's {game.dealer}"
            )

    strings = next((i for i, m in enumerate(moves) if not isinstance(m, str)), len(moves))
    bad = game.apply_all(moves[:strings])
    if bad is not None:
        index, verdict = bad
        raise IllegalMove(moves[index], verdict.code, verdict.message, index)
    if strings < len(moves):
        raise IllegalMove(repr(moves[strings]), "malformed", "a move is a string", strings)
    recorded = _field(record, "result")
    actual = game.record()["result"]
    if recorded != actual:
        raise RecordError(
            "result_mismatch", f"recorded result {recorded!r}, replay gives {actual!r}"
        )
    return game
