"""Conversions between the protobuf messages and the pyyijing API.

Every check of a request's shape happens here and raises `InvalidArgumentError`
with the field path of the bad value (``position.rules.players``,
``position.moves[3]``, …). Illegal *moves* are not errors: they are verdicts.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, TypeAlias

import pyyijing as yj

from ._proto import load
from .errors import InvalidArgumentError
from .games import ADAPTERS, DEFAULT, GameAdapter, adapter_for

pb2, pb2_grpc = load()

MAX_WALL_CHARS = 1024
MAX_MOVE_CHARS = 256  # the grammar allows 64; longer strings are still answered "malformed"

#: The rules of any game of the service (its adapter says which: `adapter_for`).
AnyRules: TypeAlias = Any
#: A game of any game of the service.
AnyGame: TypeAlias = Any


def adapter_of_message(msg: Any, prefix: str = "") -> GameAdapter:
    """The game a message with every game's rules field selects: the one whose field is set.

    None set is the default game (an unset `rules` is every default of Yi Jing
    Pai's); two set is refused, at the field of the second.
    """
    chosen = [a for a in ADAPTERS.values() if a is not DEFAULT and msg.HasField(a.rules_field)]
    if not chosen:
        return DEFAULT
    if msg.HasField(DEFAULT.rules_field) or len(chosen) > 1:
        named = [a for a in ADAPTERS.values() if msg.HasField(a.rules_field)]
        fields = " or ".join(f"{a.rules_field} ({a.title})" for a in named)
        raise InvalidArgumentError.one(
            f"{prefix}{named[-1].rules_field}", f"set {fields}, not both"
        )
    return chosen[0]


def any_rules_from_proto(msg: Any, prefix: str = "") -> AnyRules:
    """The rules of a message with every game's rules field (`adapter_of_message`)."""
    adapter = adapter_of_message(msg, prefix)
    field = adapter.rules_field
    return adapter.rules_from_proto(getattr(msg, field), f"{prefix}{field}")


def players_of(rules: AnyRules) -> int:
    return adapter_for(rules).players(rules)


def game_labels(msg: Any) -> tuple[str, str]:
    """``(game, ruleset)`` of a request's rules, for metric labels (a bounded set)."""
    for adapter in ADAPTERS.values():
        if adapter is not DEFAULT and msg.HasField(adapter.rules_field):
            return adapter.message_labels(getattr(msg, adapter.rules_field))
    return DEFAULT.message_labels(getattr(msg, DEFAULT.rules_field))


def game_bots(msg: Any) -> Collection[str]:
    """The bot names of the game a request's rules fields select (two set: the last one's)."""
    for adapter in ADAPTERS.values():
        if adapter is not DEFAULT and msg.HasField(adapter.rules_field):
            return adapter.bots
    return DEFAULT.bots


def labels_of(rules: AnyRules) -> tuple[str, str]:
    return adapter_for(rules).labels(rules)


@dataclass(frozen=True)
class DealSpec:
    """A deal: a seed, or an exact wall and dealer."""

    seed: int | None = None
    wall: str | None = None
    dealer: int | None = None

    def new_game(self, rules: AnyRules) -> AnyGame:
        """A game of whichever game `rules` are of."""
        return adapter_for(rules).new_game(rules, self.seed, self.wall, self.dealer)


def deal_from_proto(msg: Any, rules: AnyRules, field: str = "deal") -> DealSpec:
    """The deal of a `Deal` message, checked against `rules`."""
    which = msg.WhichOneof("source")
    if which is None:
        raise InvalidArgumentError.one(field, "a deal is required: set seed or wall")
    if which == "seed":
        return DealSpec(seed=int(msg.seed))
    tiles = msg.wall.tiles
    bad: list[tuple[str, str]] = []
    if len(tiles) > MAX_WALL_CHARS:
        bad.append(
            (f"{field}.wall.tiles", f"wall is {len(tiles)} characters; at most {MAX_WALL_CHARS}")
        )
    else:
        try:
            adapter_for(rules).check_wall(rules, tiles)
        except ValueError as exc:
            bad.append((f"{field}.wall.tiles", str(exc)))
    players = players_of(rules)
    if msg.wall.dealer >= players:
        bad.append(
            (
                f"{field}.wall.dealer",
                f"dealer must be in 0..{players - 1}; got {msg.wall.dealer}",
            )
        )
    if bad:
        raise InvalidArgumentError(bad)
    return DealSpec(wall=tiles, dealer=int(msg.wall.dealer))


def check_moves_length(moves: Any, field: str, max_moves: int) -> None:
    if len(moves) > max_moves:
        raise InvalidArgumentError.one(field, f"{len(moves)} moves; at most {max_moves}")


def replay_moves(game: Any, moves: Any, field: str) -> Any:
    """Apply `moves` to `game`; the first one that is not legal is INVALID_ARGUMENT."""
    moves = list(moves)
    failed = game.apply_all(moves)  # one backend call for the whole history
    if failed is not None:
        bad, verdict = failed
        code, message = verdict.code, verdict.message
        move = moves[bad]
        # an overlong move is malformed to the engine, so it is the first bad one
        if len(move) > MAX_MOVE_CHARS:
            raise InvalidArgumentError.one(
                f"{field}[{bad}]", f"move is {len(move)} characters long"
            )
        raise InvalidArgumentError.one(
            f"{field}[{bad}]", f"{move!r} is illegal here: {code}: {message}"
        )
    return game


def game_from_position(msg: Any, max_moves: int, field: str = "position") -> Any:
    """The game (of any game of the service) a `Position` message reaches; INVALID_ARGUMENT
    if it is not one."""
    rules = any_rules_from_proto(msg, f"{field}.")
    deal = deal_from_proto(msg.deal, rules, f"{field}.deal")
    check_moves_length(msg.moves, f"{field}.moves", max_moves)
    return replay_moves(deal.new_game(rules), msg.moves, f"{field}.moves")


def verdict_to_proto(v: yj.Verdict) -> Any:
    return pb2.Verdict(ok=v.ok, code=v.code, message=v.message)
