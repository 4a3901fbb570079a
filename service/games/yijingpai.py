"""Yi Jing Pai on the wire: its rules message, views, results and winning plays.

The adapter of one game (one adapter per game for conversion and tallies, so
the servicer stays game-independent). Everything here is specific to Yi Jing Pai's messages
(proto/yijing/v1/rule_engine.proto); the game-independent parts of a request
(deals, move histories, limits) are in service/convert.py, and a game's rule
options are read through its option table (service/options_proto.py).
"""

from __future__ import annotations

from typing import Any

import pyyijing as yj

from .._proto import load
from ..options_proto import enum_numbers, options_from_proto

pb2, _pb2_grpc = load()

NAME = "yijingpai"

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
