"""Yi Jing Pai on the wire: its rules message, views, results and winning plays.

The adapter of one game (one adapter per game for conversion and tallies, so
the servicer stays game-independent). Everything here is specific to Yi Jing Pai's messages
(proto/yijing/v1/rule_engine.proto); the game-independent parts of a request
(deals, move histories, limits) are in service/convert.py, and a game's rule
options are read through its option table (service/options_proto.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import pyyijing as yj
from pyyijing.yijingpai.positions import check_prepared, engine_config

from .._proto import load
from ..options_proto import enum_numbers, options_from_proto
from .base import PreparedCheck, PreparedItem

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


class YiJingPaiAdapter:
    """Yi Jing Pai's `GameAdapter` (service/games/base.py): the default game of a request
    that sets no game's rules field."""

    name = NAME
    title = "Yi Jing Pai"
    rules_field = "rules"
    wire_kind = b"Y"
    bots: Collection[str] = yj.BOTS
    rulesets: Collection[str] = ()

    def owns(self, obj: object) -> bool:
        return isinstance(obj, (yj.Rules, yj.Game))

    def rules_from_proto(self, msg: Any, field: str) -> yj.Rules:
        return rules_from_proto(msg, field)

    def rules_from_dict(self, data: Any) -> yj.Rules:
        return yj.Rules.from_dict(data)

    def players(self, rules: yj.Rules) -> int:
        return int(rules.players)

    def labels(self, rules: yj.Rules) -> tuple[str, str]:
        return NAME, ""

    def message_labels(self, msg: Any) -> tuple[str, str]:
        return NAME, ""

    def new_game(
        self, rules: yj.Rules, seed: int | None, wall: str | None, dealer: int | None
    ) -> yj.Game:
        if seed is not None:
            return yj.Game(rules, seed=seed)
        return yj.Game(rules, wall=wall, dealer=dealer)

    def check_wall(self, rules: yj.Rules, tiles: str) -> None:
        rules.check_wall(tiles)

    def check_prepared(self, rules: yj.Rules, items: Sequence[PreparedItem]) -> list[PreparedCheck]:
        return list(check_prepared(rules, list(items)))

    def phase_fields(self, game: yj.Game) -> dict[str, Any]:
        return {"phase": PHASES[game.phase]}

    def result_to(self, response: Any, game: yj.Game) -> None:
        result = game.record()["result"]
        if result is not None:
            response.result.CopyFrom(result_to_proto(result))

    def evaluate(self, game: yj.Game, seat: int) -> Any:
        plays = game.ready(seat)
        response = pb2.EvaluateResponse(
            ready=bool(plays),
            winning_plays=[winning_play_to_proto(p) for p in plays],
            phase=PHASES[game.phase],
            to_act=game.to_act,
            view=game_view(game, seat),
        )
        self.result_to(response, game)
        return response

    def view_fields(self, game: yj.Game, seat: int | None) -> dict[str, Any]:
        return {"view": game_view(game, seat)}

    def observer_view_fields(self, game: yj.Game) -> dict[str, Any]:
        return {"observer_view": game_view(game, None)}

    def watch_view_fields(self, game: yj.Game, view: dict[str, Any]) -> dict[str, Any]:
        return {"view": view_to_proto(view)}

    def rules_from_bytes(self, blob: bytes) -> yj.Rules:
        return rules_from_proto(pb2.Rules.FromString(blob))

    def native_config(self, rules: yj.Rules) -> Any:
        return engine_config(rules, backend="native")

    def wire_image(self, config: Any) -> Any:
        from pyyijing._native import yijingpai  # the native backend is active

        native: Any = yijingpai  # wire_image is not in the module's stub
        return native.wire_image(config)

    def wire_args(self) -> tuple[Any, ...]:
        return ()


ADAPTER = YiJingPaiAdapter()
