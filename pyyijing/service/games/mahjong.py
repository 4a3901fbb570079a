"""Mahjong on the wire: its rules message, views, results, waits and ready discards.

The adapter of the three mahjong rulesets (docs/service-mahjong.md). The
`MahjongRules` message has one field per entry of the option table
(`mj.MAHJONG_OPTIONS`, each entry's `proto_field`), read by walking the
table (service/options_proto.py, as Yi Jing Pai's), so an option added to the
table is read from the wire as soon as its field is in the .proto
(tests/service/test_service_mahjong_rules.py checks the two agree). Everything
game-independent (deals, histories, limits) is in service/convert.py.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from pyyijing import mahjong as mj
from pyyijing.mahjong.game import parts as mahjong_parts
from pyyijing.mahjong.reasons import MESSAGES as MAHJONG_MESSAGES

from .._proto import load
from ..options_proto import options_from_proto, options_to_proto, ruleset_numbers
from ..options_proto import ruleset_label as ruleset_label_of
from .base import PreparedItem

pb2, _pb2_grpc = load()

NAME = "mahjong"
PLAYERS = 4

#: MahjongRuleset number -> ruleset (UNSPECIFIED: common, as `mj.Rules()` is).
RULESET_FROM_PROTO: dict[int, str] = ruleset_numbers(mj.Rules, pb2.MahjongRules())
RULESET_TO_PROTO: dict[str, int] = {r: n for n, r in RULESET_FROM_PROTO.items() if n}
PHASES = {
    "play": pb2.MAHJONG_PHASE_PLAY,
    "claim": pb2.MAHJONG_PHASE_CLAIM,
    "over": pb2.MAHJONG_PHASE_OVER,
    "void": pb2.MAHJONG_PHASE_VOID,
    "raise": pb2.MAHJONG_PHASE_RAISE,
    "opening": pb2.MAHJONG_PHASE_OPENING,
}
RESULT_KINDS = {
    "self_draw": pb2.MAHJONG_RESULT_KIND_SELF_DRAW,
    "discard": pb2.MAHJONG_RESULT_KIND_DISCARD,
    "robbed_kong": pb2.MAHJONG_RESULT_KIND_ROBBED_KONG,
    "draw": pb2.MAHJONG_RESULT_KIND_DRAW,
}


def rules_from_proto(msg: Any, field: str = "mahjong_rules") -> mj.Rules:
    """`mj.Rules` of a `MahjongRules` message; every bad field named in one error.

    An unset option is its default; a set option the ruleset does not have is
    refused (its field named), as `mj.Rules` refuses the keyword
    (service/options_proto.py reads it, as it reads Yi Jing Pai's).
    """
    rules: mj.Rules = options_from_proto(pb2, mj.Rules, msg, field)
    return rules


def rules_to_proto(rules: mj.Rules) -> Any:
    """The `MahjongRules` message of `rules`, every option of its ruleset set."""
    return options_to_proto(pb2, rules, pb2.MahjongRules())


def ruleset_label(msg: Any) -> str:
    """The ruleset of a `MahjongRules` message, for metric labels (bounded: 3 names or "")."""
    return ruleset_label_of(mj.Rules, msg)


# -- results, views ---------------------------------------------------------------


def result_to_proto(r: mj.Result | dict[str, Any] | None) -> Any:
    if r is None:
        return None
    d = r if isinstance(r, dict) else r.to_dict()
    msg = pb2.MahjongResult(
        kind=RESULT_KINDS[d["kind"]],
        patterns=list(d["patterns"]),
        payments=[int(p) for p in d["payments"]],
        ledger=[
            pb2.MahjongPayment(
                reason=str(reason), payer=int(payer), payee=int(payee), amount=int(n)
            )
            for reason, payer, payee, n in d["ledger"]
        ],
        birds=list(d.get("birds") or ()),
    )
    if d["winner"] is not None:
        msg.winner = int(d["winner"])
    if d["dealt_in_by"] is not None:
        msg.dealt_in_by = int(d["dealt_in_by"])
    if d.get("win_tile") is not None:
        msg.win_tile = str(d["win_tile"])
    return msg


def _seat_to_proto(msg: Any, s: dict[str, Any]) -> None:
    seat = msg.seats.add(
        seat=int(s["seat"]),
        hand_count=int(s["hand_count"]),
        discards=[
            pb2.MahjongDiscard(tile=d["tile"], claimed=bool(d["claimed"])) for d in s["discards"]
        ],
        flowers=list(s["flowers"]),
        declared=bool(s["declared"]),
        locked=bool(s["locked"]),
        revealed=[
            pb2.MahjongReveal(when=str(r["when"]), wins=list(r["wins"]), tiles=str(r["tiles"]))
            for r in s.get("revealed") or ()
        ],
        pass_locked=bool(s.get("pass_locked", False)),
    )
    for m in s["melds"]:
        meld = seat.melds.add(kind=str(m["kind"]))
        if m["tiles"] is not None:
            meld.tiles = str(m["tiles"])
        if m["from"] is not None:
            meld.from_seat = int(m["from"])
    if s.get("void") is not None:
        seat.void_suit = str(s["void"])
    if s.get("raise") is not None:
        seat.raises = int(s["raise"])
    if s.get("hand") is not None:
        seat.hand = str(s["hand"])
    if s.get("drawn") is not None:
        seat.drawn = str(s["drawn"])


def view_to_proto(v: dict[str, Any], ruleset: str, to_act: bool, next_index: int) -> Any:
    """A `MahjongView` from `mj.Game.view(...)` (which never holds other seats' tiles)."""
    msg = pb2.MahjongView(
        ruleset=RULESET_TO_PROTO[ruleset],
        phase=PHASES[v["phase"]],
        dealer=int(v["dealer"]),
        dice=[int(d) for d in (v.get("dice") or ())],
        wall_remaining=int(v["wall_remaining"]),
        claims_pending=bool(v["claims_pending"]),
        to_act=to_act,
        history=list(v["history"]),
        next_index=next_index,
    )
    if v["viewer"] is not None:
        msg.viewer = int(v["viewer"])
    if v["turn"] is not None:
        msg.turn = int(v["turn"])
    offer = v.get("offer")
    if offer is not None:
        msg.offer.kind = str(offer["kind"])
        msg.offer.seat = int(offer["seat"])
        if offer.get("tile") is not None:
            msg.offer.tile = str(offer["tile"])
        msg.offer.revealed.extend(offer.get("revealed") or ())
    for s in v["seats"]:
        _seat_to_proto(msg, s)
    result = result_to_proto(v.get("result"))
    if result is not None:
        msg.result.CopyFrom(result)
    return msg


def game_view(game: mj.Game, seat: int | None) -> Any:
    """The `MahjongView` of `seat` (None: observer), with its next move index."""
    return view_to_proto(
        game.view(seat),
        game.rules.ruleset,
        seat is not None and seat in game.to_act,
        len(game.moves),
    )


# -- evaluation ----------------------------------------------------------------------


def waits_to_proto(waits: dict[str, int]) -> list[Any]:
    order = {t: i for i, t in enumerate(mj.TILES)}
    return [
        pb2.MahjongWait(tile=t, unseen=int(n))
        for t, n in sorted(waits.items(), key=lambda kv: order.get(kv[0], len(order)))
    ]


def ready_discards(game: mj.Game, seat: int) -> list[Any]:
    """For the seat in turn: each discard that leaves it ready, with the waits it leaves.

    Each legal discard (``discard=T``, or 報聽's ``ready=T``) is played on a
    copy and the copy's `waits(seat)` read: the engine's own waits, unseen
    counts included (the discarded tile is then a seen discard).
    """
    if game.phase != "play" or game.to_act != [seat]:
        return []
    by_tile: dict[str, list[str]] = {}
    for move in game.legal_moves(seat):
        action = move.split(":", 1)[1]
        kind, _, tile = action.partition("=")
        if kind in ("discard", "ready"):
            by_tile.setdefault(tile, []).append(move)
    order = {t: i for i, t in enumerate(mj.TILES)}
    out = []
    for tile in sorted(by_tile, key=lambda t: order.get(t, len(order))):
        moves = sorted(by_tile[tile])
        after = game.copy()
        after.apply(next((m for m in moves if "discard=" in m), moves[0]))
        waits = after.waits(seat)
        if waits:
            out.append(pb2.MahjongReadyDiscard(tile=tile, waits=waits_to_proto(waits), moves=moves))
    return out


# -- many positions at once (ValidateMove(s)) ---------------------------------------


def check_prepared(rules: mj.Rules, items: Sequence[PreparedItem]) -> list[tuple[int, str, str]]:
    """For each item: ``(-1, code, message)`` for the move's verdict, or ``(j, code,
    message)`` when history move j does not replay (as the Yi Jing check does).

    Items with the same deal and history (candidate moves at one position, the
    usual batch) share one replay: `validate` does not change the game, and a
    replay is most of an item's cost (a deal and one engine call per history).
    """
    out: list[tuple[int, str, str]] = []
    replayed: dict[tuple[Any, ...], mj.Game | tuple[int, str, str]] = {}
    for seed, wall, dealer, moves, move in items:
        key = (seed, wall, dealer, *moves)
        try:
            game = replayed.get(key)
        except TypeError:  # an unhashable move (a list, a dict): malformed, as "" is
            key = (seed, wall, dealer, *(m if isinstance(m, str) else "" for m in moves))
            game = replayed.get(key)
        if game is None:
            if seed is not None:
                game = mj.Game(rules, seed=seed)
            else:
                game = mj.Game(rules, wall=wall, dealer=dealer)
            failed = game.apply_all(moves) if moves else None
            if failed is not None:
                j, verdict = failed
                game = (j, verdict.code, verdict.message)
            replayed[key] = game
        if isinstance(game, tuple):  # the history does not replay
            out.append(game)
            continue
        v = game.validate(move)
        out.append((-1, v.code, v.message))
    return out


class MahjongAdapter:
    """The mahjong rulesets' `GameAdapter` (service/games/base.py), selected by a request's
    `mahjong_rules` field."""

    name = NAME
    title = "mahjong"
    rules_field = "mahjong_rules"
    wire_kind = b"M"
    bots: Collection[str] = mj.BOTS
    rulesets: Collection[str] = mj.RULESETS

    def owns(self, obj: object) -> bool:
        return isinstance(obj, (mj.Rules, mj.Game))

    def rules_from_proto(self, msg: Any, field: str) -> mj.Rules:
        return rules_from_proto(msg, field)

    def rules_from_dict(self, data: Any) -> mj.Rules:
        return mj.Rules.from_dict(data)

    def players(self, rules: mj.Rules) -> int:
        return PLAYERS

    def labels(self, rules: mj.Rules) -> tuple[str, str]:
        return NAME, rules.ruleset

    def message_labels(self, msg: Any) -> tuple[str, str]:
        return NAME, ruleset_label(msg)

    def new_game(
        self, rules: mj.Rules, seed: int | None, wall: str | None, dealer: int | None
    ) -> mj.Game:
        if seed is not None:
            return mj.Game(rules, seed=seed)
        return mj.Game(rules, wall=wall, dealer=dealer)

    def check_wall(self, rules: mj.Rules, tiles: str) -> None:
        mj.check_wall(rules, tiles)

    def check_prepared(
        self, rules: mj.Rules, items: Sequence[PreparedItem]
    ) -> list[tuple[int, str, str]]:
        return check_prepared(rules, items)

    def phase_fields(self, game: mj.Game) -> dict[str, Any]:
        return {"mahjong_phase": PHASES[game.phase]}

    def result_to(self, response: Any, game: mj.Game) -> None:
        if game.result is not None:
            response.mahjong_result.CopyFrom(result_to_proto(game.result))

    def evaluate(self, game: mj.Game, seat: int) -> Any:
        waits = game.waits(seat)
        response = pb2.EvaluateResponse(
            ready=bool(waits),
            waits=waits_to_proto(waits),
            ready_discards=ready_discards(game, seat),
            mahjong_phase=PHASES[game.phase],
            to_act=game.to_act,
            mahjong_view=game_view(game, seat),
        )
        self.result_to(response, game)
        return response

    def view_fields(self, game: mj.Game, seat: int | None) -> dict[str, Any]:
        return {"mahjong_view": game_view(game, seat)}

    def observer_view_fields(self, game: mj.Game) -> dict[str, Any]:
        return {"mahjong_observer_view": game_view(game, None)}

    def watch_view_fields(self, game: mj.Game, view: dict[str, Any]) -> dict[str, Any]:
        # A watcher is no seat: never to act; next_index stays unset (it counts passes).
        return {"mahjong_view": view_to_proto(view, game.rules.ruleset, False, 0)}

    def rules_from_bytes(self, blob: bytes) -> mj.Rules:
        return rules_from_proto(pb2.MahjongRules.FromString(blob))

    def native_config(self, rules: mj.Rules) -> Any:
        return mahjong_parts("native").Config(**rules.core_config())

    def wire_image(self, config: Any) -> Any:
        from pyyijing._native import mahjong  # the native backend is active

        native: Any = mahjong  # wire_image is not in the module's stub
        return native.wire_image(config)

    def wire_args(self) -> tuple[Any, ...]:
        return (MAHJONG_MESSAGES,)


ADAPTER = MahjongAdapter()
