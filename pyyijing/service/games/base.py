"""`GameAdapter`: what the service needs from a game, one implementation per game.

The servicer, the conversions, the position checks, the sessions, the native
fast path and the metrics never name a game's classes: they pick the adapter
by the game's name, by the rules field a request sets, or by the object in
hand (`adapter_for`, which asks each adapter whether it `owns` the object).
Each game's module in this package (service/games/<game>.py) implements it
and is listed in service/games/__init__.py.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Protocol

#: ``(seed, wall, dealer, moves, move)``: one move to check at a position sent in full
#: (a seed deal has wall None and dealer -1; see `pyyijing.yijingpai.positions`).
PreparedItem = tuple[int | None, str | None, int, list[str], str]
#: The check of a `PreparedItem`: ``(-1, code, message)`` for the move's verdict, or
#: ``(j, code, message)`` when history move j does not replay.
PreparedCheck = tuple[int, str, str]


class GameAdapter(Protocol):
    """One game on the wire (proto/yijing/v1/rule_engine.proto)."""

    #: The game's name: its metric label and the sessions' stored game column.
    name: str
    #: The game's name in messages ("set rules (Yi Jing Pai) or ...").
    title: str
    #: The field of the requests that carries this game's rules; setting it selects the game.
    rules_field: str
    #: The kind byte of its rules in the native front end's ResolveRules call.
    wire_kind: bytes
    #: The built-in bot names a Simulate request may give.
    bots: Collection[str]
    #: The game's rulesets, its metric's ruleset labels (none: the label is "").
    rulesets: Collection[str]

    def owns(self, obj: object) -> bool:
        """Is `obj` this game's rules or game?"""
        ...

    # -- rules ------------------------------------------------------------------
    def rules_from_proto(self, msg: Any, field: str) -> Any:
        """The rules of this game's rules message `msg` (at field path `field`)."""
        ...

    def rules_from_dict(self, data: Any) -> Any:
        """The rules stored as `to_dict` (a session's log)."""
        ...

    def players(self, rules: Any) -> int: ...

    def labels(self, rules: Any) -> tuple[str, str]:
        """``(game, ruleset)`` metric labels of valid rules."""
        ...

    def message_labels(self, msg: Any) -> tuple[str, str]:
        """``(game, ruleset)`` metric labels of a rules message, valid or not (bounded)."""
        ...

    # -- deals and positions ----------------------------------------------------
    def new_game(self, rules: Any, seed: int | None, wall: str | None, dealer: int | None) -> Any:
        """A game of `rules` dealt from a seed, or from an exact wall and dealer."""
        ...

    def check_wall(self, rules: Any, tiles: str) -> None:
        """ValueError if `tiles` is not a wall of `rules`."""
        ...

    def check_prepared(self, rules: Any, items: Sequence[PreparedItem]) -> list[PreparedCheck]:
        """The checks of moves at positions of the same rules, by this game's engine."""
        ...

    # -- answers ----------------------------------------------------------------
    def phase_fields(self, game: Any) -> dict[str, Any]:
        """The phase as the keyword of this game's phase field in an answer."""
        ...

    def result_to(self, response: Any, game: Any) -> None:
        """Copy the game's result, if it has one, into this game's result field of `response`."""
        ...

    def evaluate(self, game: Any, seat: int) -> Any:
        """The `EvaluateResponse` of `seat` at `game`."""
        ...

    def view_fields(self, game: Any, seat: int | None) -> dict[str, Any]:
        """The view of `seat` (None: observer) as the keyword of this game's view field."""
        ...

    def observer_view_fields(self, game: Any) -> dict[str, Any]:
        """The observer's view as the keyword of CreateGameResponse's field of this game."""
        ...

    def watch_view_fields(self, game: Any, view: dict[str, Any]) -> dict[str, Any]:
        """A watcher's public `view` as the keyword of WatchGameResponse's field."""
        ...

    # -- the native fast path (service/wire.py) --------------------------------
    def rules_from_bytes(self, blob: bytes) -> Any:
        """The rules of a serialized rules message; DecodeError or InvalidArgumentError."""
        ...

    def native_config(self, rules: Any) -> Any:
        """The native engine's Config of `rules`."""
        ...

    def wire_image(self, config: Any) -> Any:
        """The engine config's image that the native front end reads."""
        ...

    def wire_args(self) -> tuple[Any, ...]:
        """The arguments its native `validate_moves_wire` takes after the rules callback."""
        ...
