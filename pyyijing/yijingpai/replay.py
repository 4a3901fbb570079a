"""`replay(record)`: rebuild a game from its record, checking every step.

The record is the state (architecture principle 2): rules + wall + dealer +
moves determine the game. A record that does not replay raises `RecordError`
with the index and reason code of the first bad move.
"""

from __future__ import annotations

from typing import Any

from ..core.seeds import check_seed
from ..errors import RecordError
from .game import GAME_NAME, RECORD_FORMAT, Game
from .rules import Rules


def _field(record: dict[str, Any], key: str) -> Any:
    if key not in record:
        raise RecordError("bad_record", f"the record has no {key!r} field")
    return record[key]


def replay(record: dict[str, Any], *, backend: str | None = None) -> Game:
    """The game `record` describes, with every move re-validated.

    Raises RecordError: ``bad_record`` (shape, rules, wall or dealer invalid),
    ``wall_mismatch`` (the wall is not the seed's), ``dealer_mismatch`` (the
    dice or dealer disagree with the seed), a move's reason code (with
    ``.index``), or ``result_mismatch`` (the recorded result is not the
    game's).
    """
    if not isinstance(record, dict):
        raise RecordError("bad_record", f"a record is a dict; got {type(record).__name__}")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError("bad_record", f"format must be {RECORD_FORMAT!r}")
    game_name = record.get("game", GAME_NAME)  # records before the field are Yi Jing Pai's
    if isinstance(game_name, int) and not isinstance(game_name, bool):
        game_name = GAME_NAME  # a sampled record of an earlier release: "game" was its number
    if game_name != GAME_NAME:
        raise RecordError(
            "bad_record",
            f"this is a record of game {game_name!r}; yj.replay replays {GAME_NAME!r} records",
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

    try:
        if seed is not None:
            seed = check_seed(seed)
            game = Game(
                rules, seed=seed, dealer=None if source == "dice" else dealer, backend=backend
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

    # Every move is checked, in order, in one backend call (the first non-string
    # only counts if every move before it was legal).
    strings = next((i for i, m in enumerate(moves) if not isinstance(m, str)), len(moves))
    bad = game.apply_all(moves[:strings])
    if bad is not None:
        index, verdict = bad
        raise RecordError(verdict.code, f"{moves[index]}: {verdict.message}", index)
    if strings < len(moves):
        raise RecordError("malformed", f"move {moves[strings]!r} is not a string", strings)

    recorded = _field(record, "result")
    actual = game.record()["result"]
    if recorded != actual:
        raise RecordError(
            "result_mismatch", f"recorded result {recorded!r}, replay gives {actual!r}"
        )
    return game
