"""`replay(record)`: rebuild a game from its record, checking every step.

The record is the state (architecture principle 2): rules + wall + dealer +
moves determine the game. A record that does not replay raises `RecordError`
with the index and reason code of the first bad move.
"""

from __future__ import annotations

from typing import Any

from ..core.replay import check_record_format, replay_record
from ..errors import RecordError, Verdict
from .game import GAME_NAME, RECORD_FORMAT, Game
from .rules import Rules


def _bad_move(moves: list[Any], index: int, verdict: Verdict | None) -> RecordError:
    if verdict is None:
        return RecordError("malformed", f"move {moves[index]!r} is not a string", index)
    return RecordError(verdict.code, f"{moves[index]}: {verdict.message}", index)


def replay(record: dict[str, Any], *, backend: str | None = None) -> Game:
    """The game `record` describes, with every move re-validated.

    Raises RecordError: ``bad_record`` (shape, rules, wall or dealer invalid),
    ``wall_mismatch`` (the wall is not the seed's), ``dealer_mismatch`` (the
    dice or dealer disagree with the seed), a move's reason code (with
    ``.index``), or ``result_mismatch`` (the recorded result is not the
    game's).
    """
    check_record_format(record, RECORD_FORMAT)
    game_name = record.get("game", GAME_NAME)  # records before the field are Yi Jing Pai's
    if isinstance(game_name, int) and not isinstance(game_name, bool):
        game_name = GAME_NAME  # a sampled record of an earlier release: "game" was its number
    if game_name != GAME_NAME:
        raise RecordError(
            "bad_record",
            f"this is a record of game {game_name!r}; yj.replay replays {GAME_NAME!r} records",
        )
    return replay_record(record, Rules, Game, backend, _bad_move)
