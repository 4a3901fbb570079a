"""`mj.Game`: one hand of a mahjong ruleset, the public face of a backend's `GameCore`.

Everything a user passes in is checked here, once, for every backend; the
rules themselves live in the backend (docs/mahjong-engine.md). Illegal moves
become `Verdict`s and `IllegalMove` in one place: `Game.validate` and
`Game.apply`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import _registry
from ..core.active import active
from ..core.game import RECORD_FORMAT as RECORD_FORMAT
from ..core.game import GameBase
from .reasons import MESSAGES
from .rules import Rules

GAME_NAME = "mahjong"
# docs/mahjong.md "Version history": bump when the behaviour of the rules changes.
RULES_VERSION = 1
GAME = "mahjong"

_TILE_CODES = frozenset(
    [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}f" for n in range(1, 9)]
)


@dataclass(frozen=True)
class Result:
    """How a finished hand ended (docs/mahjong.md; payments in units of `base` = 1)."""

    kind: str
    winner: int | None
    dealt_in_by: int | None
    win_tile: str | None
    patterns: tuple[str, ...]
    payments: tuple[int, ...]
    ledger: tuple[tuple[str, int, int, int], ...]
    birds: tuple[str, ...]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        return cls(
            kind=d["kind"],
            winner=d["winner"],
            dealt_in_by=d["dealt_in_by"],
            win_tile=d["win_tile"],
            patterns=tuple(d["patterns"]),
            payments=tuple(d["payments"]),
            ledger=tuple((str(r), int(a), int(b), int(n)) for r, a, b, n in d["ledger"]),
            birds=tuple(d["birds"]),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "dealt_in_by": self.dealt_in_by,
            "win_tile": self.win_tile,
            "patterns": list(self.patterns),
            "payments": list(self.payments),
            "ledger": [list(e) for e in self.ledger],
            "birds": list(self.birds),
        }


@dataclass(frozen=True)
class _Parts:
    name: str
    Config: Any
    GameCore: Any
    shuffle_wall: Any


@cache
def _load(name: str) -> _Parts:
    return _Parts(
        name=name,
        Config=_registry.load(GAME, "config", name),
        GameCore=_registry.load(GAME, "engine", name),
        shuffle_wall=_registry.load(GAME, "wall", name),
    )


def parts(backend: str | None = None) -> _Parts:
    """The mahjong engine parts of `backend` (None: the active backend)."""
    if backend is None:
        backend = active()
    if backend not in _registry.BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(_registry.BACKENDS)}; got {backend!r}")
    return _load(backend)


def check_wall(rules: Rules, wall: object) -> str:
    """`wall` if it holds exactly the tiles of `rules`, else ValueError."""
    if not isinstance(wall, str):
        raise ValueError(
            f"wall must be a str of two-character tile codes; got {type(wall).__name__}"
        )
    if len(wall) % 2:
        raise ValueError(f"wall must be two-character tile codes; its length {len(wall)} is odd")
    counts: dict[str, int] = {}
    for i in range(0, len(wall), 2):
        code = wall[i : i + 2]
        if code not in _TILE_CODES:
            raise ValueError(
                f"wall has unknown tile {code!r} at index {i // 2}; "
                "tiles are 1m-9m, 1p-9p, 1s-9s, 1z-7z, 1f-8f"
            )
        counts[code] = counts.get(code, 0) + 1
    tiles = rules.tiles
    for code in sorted(_TILE_CODES):
        suit = code[1]
        want = 4
        if suit == "f":
            want = 1 if tiles == 144 else 0
        elif suit == "z" and tiles == 108:
            want = 0
        have = counts.get(code, 0)
        if have != want:
            raise ValueError(
                f"wall has {have} of {code}, the {tiles}-tile set of these rules has {want}"
            )
    return wall


def _check_seat(seat: object, *, allow_none: bool) -> int:
    if seat is None and allow_none:
        return -1
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"seat must be an int in 0..3; got {seat!r}")
    return seat


class Game(GameBase):
    """One hand of mahjong: the deal, the turns and claims, until it is won or drawn.

    ``Game(rules, seed=S)`` shuffles the wall with seed S and throws the dice
    for the dealer; ``Game(rules, wall=W, dealer=D)`` deals an exact wall;
    ``Game(rules, seed=S, dealer=D)`` seats D instead of the dice' choice
    (Match). ``backend=`` picks a backend for this game only. Its phases:
    ``"raise"`` (Shaoyang), ``"void"``, ``"play"``, ``"claim"`` and ``"over"``.
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
            raise TypeError(f"rules must be a pyyijing.mahjong.Rules; got {type(rules).__name__}")
        self.rules = rules
        config_kwargs = rules.core_config()
        p = parts(backend)
        self.backend: str = p.name
        if seed is not None:
            seed, wall, dealer = self._deal_seeded(
                seed, wall, dealer, 4, lambda s: p.shuffle_wall(s, rules.tile_set)
            )
        else:
            if wall is None:
                raise ValueError("Game needs seed=, or wall= and dealer=")
            if dealer is None:
                raise ValueError("an exact deal needs dealer= as well as wall=")
            self._dice = None
            self._dealer_source = "given"
            # Only a wall from outside is checked: the engine's own shuffle always
            # deals the full tile set (tests/service/test_service_mahjong_wall.py),
            # and the check was most of the cost of a seeded Game.
            wall = check_wall(rules, wall)
        dealer = _check_seat(dealer, allow_none=False)
        self._seed = seed
        self._core = p.GameCore(p.Config(**config_kwargs), wall, dealer)

    def check_seat(self, seat: object, *, allow_none: bool) -> int:
        return _check_seat(seat, allow_none=allow_none)

    @property
    def last_taker(self) -> int | None:
        """The last seat that took a tile from the wall (a draw or a replacement; not
        the deal), or None: Shaoyang's next dealer after a drawn hand (rules §6)."""
        seat = self._core.last_taker()
        return None if seat is None else int(seat)

    @property
    def result(self) -> Result | None:
        r = self._core.result()
        return None if r is None else Result.from_dict(r)

    # -- what may be seen ------------------------------------------------------
    def waits(self, seat: int) -> dict[str, int]:
        """``{tile: unseen}``: the tiles that would win for `seat` (13 - 3k tiles), else ``{}``."""
        return dict(self._core.waits(_check_seat(seat, allow_none=False)))

    # -- records ---------------------------------------------------------------
    def record_fields(self) -> dict[str, Any]:
        return {"ruleset": self.rules.ruleset}

    def __repr__(self) -> str:
        return (
            f"<mj.Game {self.rules.ruleset} phase={self.phase} "
            f"moves={len(self._core.moves())} backend={self.backend}>"
        )
