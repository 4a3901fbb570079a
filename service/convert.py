"""Conversions between the protobuf messages and the pyyijing API.

Every check of a request's shape happens here and raises `InvalidArgumentError`
with the field path of the bad value (``position.rules.players``,
``position.moves[3]``, …). Illegal *moves* are not errors: they are verdicts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyyijing as yj

from ._proto import load
from .errors import InvalidArgumentError
from .games import yijingpai

pb2, pb2_grpc = load()

MAX_WALL_CHARS = 1024
MAX_MOVE_CHARS = 256  # the grammar allows 64; longer strings are still answered "malformed"


def rules_from_proto(msg: Any, field: str = "rules") -> yj.Rules:
    """The rules of a `Rules` message (the game's adapter reads it; zero means default)."""
    return yijingpai.rules_from_proto(msg, field)


@dataclass(frozen=True)
class DealSpec:
    """A deal: a seed, or an exact wall and dealer."""

    seed: int | None = None
    wall: str | None = None
    dealer: int | None = None

    def new_game(self, rules: yj.Rules) -> yj.Game:
        if self.seed is not None:
            return yj.Game(rules, seed=self.seed)
        return yj.Game(rules, wall=self.wall, dealer=self.dealer)


def deal_from_proto(msg: Any, rules: yj.Rules, field: str = "deal") -> DealSpec:
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
            rules.check_wall(tiles)
        except ValueError as exc:
            bad.append((f"{field}.wall.tiles", str(exc)))
    if msg.wall.dealer >= rules.players:
        bad.append(
            (
                f"{field}.wall.dealer",
                f"dealer must be in 0..{rules.players - 1}; got {msg.wall.dealer}",
            )
        )
    if bad:
        raise InvalidArgumentError(bad)
    return DealSpec(wall=tiles, dealer=int(msg.wall.dealer))


def check_moves_length(moves: Any, field: str, max_moves: int) -> None:
    if len(moves) > max_moves:
        raise InvalidArgumentError.one(field, f"{len(moves)} moves; at most {max_moves}")


def replay_moves(game: yj.Game, moves: Any, field: str) -> yj.Game:
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


def game_from_position(msg: Any, max_moves: int, field: str = "position") -> yj.Game:
    """The game a `Position` message reaches; INVALID_ARGUMENT if it is not one."""
    rules = rules_from_proto(msg.rules, f"{field}.rules")
    deal = deal_from_proto(msg.deal, rules, f"{field}.deal")
    check_moves_length(msg.moves, f"{field}.moves", max_moves)
    return replay_moves(deal.new_game(rules), msg.moves, f"{field}.moves")


def verdict_to_proto(v: yj.Verdict) -> Any:
    return pb2.Verdict(ok=v.ok, code=v.code, message=v.message)
