"""Conversions between the protobuf messages and the pyyijing API.

Every check of a request's shape happens here and raises `InvalidArgumentError`
with the field path of the bad value (``position.rules.players``,
``position.moves[3]``, …). Illegal *moves* are not errors: they are verdicts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

import pyyijing as yj
from pyyijing import mahjong as mj

from ._proto import load
from .errors import InvalidArgumentError
from .games import mahjong, yijingpai

pb2, pb2_grpc = load()

MAX_WALL_CHARS = 1024
MAX_MOVE_CHARS = 256  # the grammar allows 64; longer strings are still answered "malformed"


AnyRules: TypeAlias = "yj.Rules | mj.Rules"
AnyGame: TypeAlias = "yj.Game | mj.Game"


def rules_from_proto(msg: Any, field: str = "rules") -> yj.Rules:
    """The rules of a Yi Jing `Rules` message (the game's adapter reads it; zero means default)."""
    return yijingpai.rules_from_proto(msg, field)


def is_mahjong(msg: Any) -> bool:
    """Does a message with `rules` and `mahjong_rules` fields select mahjong?"""
    return bool(msg.HasField("mahjong_rules"))


def any_rules_from_proto(msg: Any, prefix: str = "") -> AnyRules:
    """The rules of a message with `rules` (Yi Jing Pai) and `mahjong_rules` fields.

    `mahjong_rules` selects mahjong; unset, the message is Yi Jing Pai's as it
    always was (an unset `rules` is every default). Both set is refused.
    """
    if is_mahjong(msg):
        if msg.HasField("rules"):
            raise InvalidArgumentError.one(
                f"{prefix}mahjong_rules",
                "set rules (Yi Jing Pai) or mahjong_rules (mahjong), not both",
            )
        return mahjong.rules_from_proto(msg.mahjong_rules, f"{prefix}mahjong_rules")
    return yijingpai.rules_from_proto(msg.rules, f"{prefix}rules")


def players_of(rules: AnyRules) -> int:
    return mahjong.PLAYERS if isinstance(rules, mj.Rules) else rules.players


def game_labels(msg: Any) -> tuple[str, str]:
    """``(game, ruleset)`` of a request's rules, for metric labels (a bounded set)."""
    if is_mahjong(msg):
        return mahjong.NAME, mahjong.ruleset_label(msg.mahjong_rules)
    return yijingpai.NAME, ""


def labels_of(rules: AnyRules) -> tuple[str, str]:
    if isinstance(rules, mj.Rules):
        return mahjong.NAME, rules.ruleset
    return yijingpai.NAME, ""


@dataclass(frozen=True)
class DealSpec:
    """A deal: a seed, or an exact wall and dealer."""

    seed: int | None = None
    wall: str | None = None
    dealer: int | None = None

    def new_game(self, rules: AnyRules) -> Any:
        """A `yj.Game` or an `mj.Game`, whichever game `rules` are of."""
        game_class: Any = mj.Game if isinstance(rules, mj.Rules) else yj.Game
        if self.seed is not None:
            return game_class(rules, seed=self.seed)
        return game_class(rules, wall=self.wall, dealer=self.dealer)


def _check_wall(rules: AnyRules, tiles: str) -> None:
    if isinstance(rules, mj.Rules):
        mj.check_wall(rules, tiles)
    else:
        rules.check_wall(tiles)


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
            _check_wall(rules, tiles)
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
    """The game (`yj.Game` or `mj.Game`) a `Position` message reaches; INVALID_ARGUMENT
    if it is not one."""
    rules = any_rules_from_proto(msg, f"{field}.")
    deal = deal_from_proto(msg.deal, rules, f"{field}.deal")
    check_moves_length(msg.moves, f"{field}.moves", max_moves)
    return replay_moves(deal.new_game(rules), msg.moves, f"{field}.moves")


def verdict_to_proto(v: yj.Verdict) -> Any:
    return pb2.Verdict(ok=v.ok, code=v.code, message=v.message)
