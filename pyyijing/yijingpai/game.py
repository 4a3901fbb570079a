"""`Game`: one hand of Yi Jing Pai, the public face of a backend's `GameCore`.

Everything a user passes in is checked here, once, for every backend; the rules
themselves live in the backend (docs/backend-interface.md). Illegal moves are
turned into `Verdict`s and `IllegalMove` in one place: `Game.validate` and
`Game.apply`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.game import RECORD_FORMAT as RECORD_FORMAT
from ..core.game import GameBase
from . import engine as _engine
from .reasons import MESSAGES
from .rules import Rules
from .wall import check_wall as check_wall

# The game a record is of ("game" field); records written before it existed are this game's.
GAME_NAME = "yijingpai"
# docs/yijing.md §9: bump when the behaviour of the rules changes (per game: mahjong has its own).
RULES_VERSION = 1


@dataclass(frozen=True)
class Result:
    """How a finished hand ended (docs/yijing.md §8). Points are half-points."""

    kind: str
    winner: int | None
    dealt_in_by: int | None
    points_half: int
    payments: tuple[int, ...]
    hexagram: int | None
    lines: str | None
    conditions: tuple[str, ...]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        return cls(
            kind=d["kind"],
            winner=d["winner"],
            dealt_in_by=d["dealt_in_by"],
            points_half=d["points_half"],
            payments=tuple(d["payments"]),
            hexagram=d["hexagram"],
            lines=d["lines"],
            conditions=tuple(d["conditions"]),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "dealt_in_by": self.dealt_in_by,
            "points_half": self.points_half,
            "payments": list(self.payments),
            "hexagram": self.hexagram,
            "lines": self.lines,
            "conditions": list(self.conditions),
        }


def _check_seat(rules: Rules, seat: object, *, allow_none: bool) -> int:
    if seat is None and allow_none:
        return -1
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise ValueError(f"seat must be an int in 0..{rules.players - 1}; got {seat!r}")
    return seat


class Game(GameBase):
    """One hand: deal, targets, plays and claims, until it is won or drawn.

    ``Game(rules, seed=S)`` shuffles the wall with seed S and throws the dice
    for the dealer; ``Game(rules, wall=W, dealer=D)`` deals an exact wall.
    ``Game(rules, seed=S, dealer=D)`` uses S's wall and dice but seats D as
    dealer (matches whose ``next_dealer`` is not ``"dice"`` do this).
    ``backend=`` picks a backend for this game only (default: the active one).
    Its phases: ``"target"``, ``"play"``, ``"claim"`` and ``"over"``.
    """

    __slots__ = ()
    messages = MESSAGES
    game_name = GAME_NAME
    rules_version = RULES_VERSION

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        wall: str | None = None,
        dealer: int | None = None,
        backend: str | None = None,
    ) -> None:
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a pyyijing.Rules; got {type(rules).__name__}")
        self.rules = rules
        engine = _engine.engine(backend)
        self.backend: str = engine.name
        if seed is not None:
            seed, wall, dealer = self._deal_seeded(
                seed,
                wall,
                dealer,
                rules.players,
                lambda s: engine.shuffle_wall(s, rules.deck, rules.taiji),
            )
        else:
            if wall is None or dealer is None:
                raise ValueError("Game needs seed=, or wall= and dealer=")
            self._dice = None
            self._dealer_source = "given"
        wall = check_wall(rules, wall)
        dealer = _check_seat(rules, dealer, allow_none=False)
        self._seed = seed
        self._core = engine.GameCore(engine.config(rules), wall, dealer)

    def check_seat(self, seat: object, *, allow_none: bool) -> int:
        return _check_seat(self.rules, seat, allow_none=allow_none)

    @property
    def result(self) -> Result | None:
        r = self._core.result()
        return None if r is None else Result.from_dict(r)

    # -- what may be seen ------------------------------------------------------
    def ready(self, seat: int) -> list[dict[str, Any]]:
        """The plays that would win for `seat` now (empty if not 聽), with their points."""
        return list(self._core.ready(_check_seat(self.rules, seat, allow_none=False)))

    def __repr__(self) -> str:
        return (
            f"<yj.Game {self.rules.variant} {self.rules.players}p phase={self.phase} "
            f"moves={len(self._core.moves())} backend={self.backend}>"
        )
