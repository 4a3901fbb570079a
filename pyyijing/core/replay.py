"""The checks every game's `replay(record)` shares: the record's shape, its deal, its result.

A game's own ``replay`` keeps what differs between games: which "game" names
it accepts, any extra field checks, and which error a bad move raises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..errors import RecordError, Verdict
from .seeds import check_seed

G = TypeVar("G")


def record_field(record: dict[str, Any], key: str) -> Any:
    """``record[key]``, or RecordError ``bad_record`` naming the missing field."""
    if key not in record:
        raise RecordError("bad_record", f"the record has no {key!r} field")
    return record[key]


def check_record_format(record: object, record_format: str) -> None:
    """RecordError ``bad_record`` unless `record` is a dict of format `record_format`."""
    if not isinstance(record, dict):
        raise RecordError("bad_record", f"a record is a dict; got {type(record).__name__}")
    if record.get("format") != record_format:
        raise RecordError("bad_record", f"format must be {record_format!r}")


def record_rules(record: dict[str, Any], rules_class: Any) -> Any:
    """The record's rules as `rules_class` reads them, or RecordError ``bad_record``."""
    try:
        return rules_class.from_dict(record_field(record, "rules"))
    except (TypeError, ValueError) as exc:
        raise RecordError("bad_record", f"rules: {exc}") from exc


@dataclass(frozen=True)
class RecordDeal:
    """The fields of a record that deal its hand, and its moves (unchecked but for type)."""

    seed: Any
    wall: Any
    dealer: Any
    dice: Any
    moves: list[Any]
    source: Any

    @classmethod
    def of(cls, record: dict[str, Any]) -> RecordDeal:
        """The deal fields of `record`, read in a fixed order so the first missing one is named."""
        seed = record_field(record, "seed")
        wall = record_field(record, "wall")
        dealer = record_field(record, "dealer")
        dice = record_field(record, "dice")
        moves = record_field(record, "moves")
        if not isinstance(moves, list):
            raise RecordError("bad_record", "moves must be a list of move strings")
        if dice is not None and not isinstance(dice, list):
            raise RecordError("bad_record", f"dice must be a list of two ints; got {dice!r}")
        source = record.get("dealer_source", "given" if seed is None else "dice")
        if source not in ("dice", "given"):
            raise RecordError(
                "bad_record", f"dealer_source must be 'dice' or 'given'; got {source!r}"
            )
        return cls(seed, wall, dealer, dice, moves, source)

    def deal(self, game_class: Callable[..., G], rules: Any, backend: str | None) -> G:
        """The game this deal starts, or RecordError ``bad_record`` if it cannot be dealt."""
        try:
            if self.seed is not None:
                return game_class(
                    rules,
                    seed=check_seed(self.seed),
                    dealer=None if self.source == "dice" else self.dealer,
                    backend=backend,
                )
            return game_class(rules, wall=self.wall, dealer=self.dealer, backend=backend)
        except (TypeError, ValueError) as exc:
            raise RecordError("bad_record", str(exc)) from exc

    def check_seeded(self, game: Any) -> None:
        """For a seeded record: RecordError unless its wall, dice and dealer are the seed's."""
        if self.seed is None:
            return
        seed, dice, dealer = self.seed, self.dice, self.dealer
        if game.wall != self.wall:
            raise RecordError("wall_mismatch", f"the wall is not the one seed {seed} shuffles")
        if dice is None or list(dice) != list(game.dice or ()):
            raise RecordError("dealer_mismatch", f"dice {dice!r} are not seed {seed}'s {game.dice}")
        if game.dealer != dealer:
            raise RecordError(
                "dealer_mismatch", f"dealer {dealer!r} is not the dice's {game.dealer}"
            )


def replay_record(
    record: dict[str, Any],
    rules_class: Any,
    game_class: Callable[..., G],
    backend: str | None,
    bad_move: Callable[[list[Any], int, Verdict | None], Exception],
    check_deal: Callable[[RecordDeal], None] | None = None,
) -> G:
    """The game `record` describes, once its format and game name have been checked.

    Reads the rules and deal (`check_deal` adds a game's own checks of the deal
    fields), deals, checks a seeded deal against its seed, replays every move
    (a bad one raises ``bad_move(moves, index, verdict)``, verdict None for a
    non-string) and checks the recorded result.
    """
    rules = record_rules(record, rules_class)
    deal = RecordDeal.of(record)
    if check_deal is not None:
        check_deal(deal)
    game = deal.deal(game_class, rules, backend)
    deal.check_seeded(game)
    bad = first_bad_move(game, deal.moves)
    if bad is not None:
        raise bad_move(deal.moves, *bad)
    check_result(game, record)
    return game


def first_bad_move(game: Any, moves: list[Any]) -> tuple[int, Verdict | None] | None:
    """Apply `moves` to `game`; the index of the first bad one and its verdict, else None.

    The verdict is None for a move that is not a string. All moves are checked
    in one backend call; a non-string only counts if every move before it was legal.
    """
    strings = next((i for i, m in enumerate(moves) if not isinstance(m, str)), len(moves))
    bad = game.apply_all(moves[:strings])
    if bad is not None:
        index, verdict = bad
        return index, verdict
    if strings < len(moves):
        return strings, None
    return None


def check_result(game: Any, record: dict[str, Any]) -> None:
    """RecordError ``result_mismatch`` unless the record's result is the replayed game's."""
    recorded = record_field(record, "result")
    actual = game.record()["result"]
    if recorded != actual:
        raise RecordError(
            "result_mismatch", f"recorded result {recorded!r}, replay gives {actual!r}"
        )
