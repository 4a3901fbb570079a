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
from .options_proto import enum_numbers, options_from_proto

pb2, pb2_grpc = load()

MAX_WALL_CHARS = 1024
MAX_MOVE_CHARS = 256  # the grammar allows 64; longer strings are still answered "malformed"

# The win-condition enum (results name the conditions met), from the option table.
_WIN_OPTION = next(o for o in yj.Rules.OPTIONS if o.name == "win_conditions")
WIN_CONDITION_TO_NAME: dict[int, str] = enum_numbers(pb2, _WIN_OPTION)
WIN_CONDITION_FROM_NAME = {v: k for k, v in WIN_CONDITION_TO_NAME.items()}

PHASES = {
    "target": pb2.PHASE_TARGET,
    "play": pb2.PHASE_PLAY,
    "claim": pb2.PHASE_CLAIM,
    "over": pb2.PHASE_OVER,
}
RESULT_KINDS = {
    "self_draw": pb2.RESULT_KIND_SELF_DRAW,
    "dealt_in": pb2.RESULT_KIND_DEALT_IN,
    "draw": pb2.RESULT_KIND_DRAW,
}


def rules_from_proto(msg: Any, field: str = "rules") -> yj.Rules:
    """`yj.Rules` for a `Rules` message; zero fields mean defaults (service/options_proto.py)."""
    rules: yj.Rules = options_from_proto(pb2, yj.Rules, msg, field)
    return rules


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


def result_to_proto(r: dict[str, Any] | None) -> Any:
    if r is None:
        return None
    msg = pb2.Result(
        kind=RESULT_KINDS[r["kind"]],
        points_half=int(r["points_half"]),
        payments=[int(p) for p in r["payments"]],
        hexagram=int(r["hexagram"] or 0),
        lines=r["lines"] or "",
        conditions=[WIN_CONDITION_FROM_NAME[c] for c in r["conditions"]],
    )
    if r["winner"] is not None:
        msg.winner = int(r["winner"])
    if r["dealt_in_by"] is not None:
        msg.dealt_in_by = int(r["dealt_in_by"])
    return msg


def game_view(game: Any, seat: int | None) -> Any:
    """The `GameView` of `seat` (None: observer) of a game, with its next move index."""
    msg = view_to_proto(game.view(seat))
    msg.next_index = len(game.moves)
    return msg


def view_to_proto(v: dict[str, Any]) -> Any:
    """A `GameView` from `Game.view(...)` (which never holds other seats' secrets)."""
    msg = pb2.GameView(
        phase=PHASES[v["phase"]],
        dealer=int(v["dealer"]),
        dice=[int(d) for d in (v.get("dice") or ())],
        wall_remaining=int(v["wall_remaining"]),
        claims_pending=bool(v["claims_pending"]),
        to_act=bool(v["to_act"]),
        history=list(v["history"]),
    )
    if v["viewer"] is not None:
        msg.viewer = int(v["viewer"])
    if v["turn"] is not None:
        msg.turn = int(v["turn"])
    lp = v.get("last_play")
    if lp is not None:
        msg.last_play.CopyFrom(
            pb2.LastPlay(
                seat=int(lp["seat"]),
                kind=str(lp["kind"]),
                lines=str(lp["lines"]),
                placement=str(lp["placement"] or ""),
            )
        )
    for s in v["seats"]:
        seat = msg.seats.add(
            seat=int(s["seat"]),
            target_laid=bool(s["target_laid"]),
            hand_count=int(s["hand_count"]),
            in_progress=str(s["in_progress"]),
            completed=list(s["completed"]),
        )
        if s.get("hand") is not None:
            seat.hand = str(s["hand"])
        if s.get("target") is not None:
            seat.target = str(s["target"])
    result = result_to_proto(v.get("result"))
    if result is not None:
        msg.result.CopyFrom(result)
    return msg


def winning_play_to_proto(p: dict[str, Any]) -> Any:
    return pb2.WinningPlay(
        lines=str(p["lines"]),
        placement=str(p["placement"]),
        king_wen=int(p["king_wen"]),
        points_half=int(p["points_half"]),
    )
