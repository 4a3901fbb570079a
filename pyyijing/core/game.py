"""The Game base: one hand, the public face of a backend's `GameCore`.

Everything a user passes in is checked here or in the game's subclass, once,
for every backend; the rules themselves live in the backend
(docs/backend-interface.md). A backend answers a move with ``(code, message)``;
this base turns that into a `Verdict` or `IllegalMove`, in one place for
every game. A game's subclass deals the hand (``__init__``), checks seats,
writes the record and adds its own questions (Yi Jing Pai's ``ready``,
mahjong's ``waits``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from ..errors import IllegalMove, Verdict
from .moves import check_moves, core_move, core_moves
from .seeds import check_seed
from .version import __version__

#: The "format" field of every game's record.
RECORD_FORMAT = "pyyijing.record"

G = TypeVar("G", bound="GameBase")


class GameBase:
    """What every game's hand has: its state, its moves and their verdicts, its views.

    A subclass sets the slots in ``__init__`` (`rules`, `backend`, the backend's
    ``_core``, ``_seed``, ``_dice`` and ``_dealer_source``), gives `messages` (its
    reason code -> message table), `game_name`, `rules_version` and `check_seat`, and
    declares ``__slots__ = ()``.
    """

    __slots__ = ("_core", "_dealer_source", "_dice", "_seed", "backend", "rules")

    #: The game's message of each reason code (a backend's own message stands in
    #: for a code the table lacks).
    messages: ClassVar[Mapping[str, str]]
    #: The record's "game" field.
    game_name: ClassVar[str]
    #: The game's rules version (bumped when the behaviour of its rules changes).
    rules_version: ClassVar[int]

    _core: Any
    _dealer_source: str
    _dice: tuple[int, int] | None
    _seed: int | None
    backend: str
    rules: Any

    def check_seat(self, seat: object, *, allow_none: bool) -> int:
        """`seat` as the backend takes it (None -> -1 when allowed), else ValueError."""
        raise NotImplementedError

    def _deal_seeded(
        self,
        seed: object,
        wall: object,
        dealer: int | None,
        players: int,
        shuffle: Callable[[int], tuple[Any, Sequence[int]]],
    ) -> tuple[int, Any, int]:
        """(seed, wall, dealer) of a deal by seed: `shuffle(seed)` gives its wall and dice.

        The dice seat the dealer unless `dealer` is given; sets ``_dice`` and
        ``_dealer_source``. The dealer is not checked here.
        """
        if wall is not None:
            raise ValueError("give either seed= or wall= (with dealer=), not both")
        checked = check_seed(seed)
        shuffled, dice = shuffle(checked)
        self._dice = (int(dice[0]), int(dice[1]))
        self._dealer_source = "dice" if dealer is None else "given"
        if dealer is None:
            dealer = (self._dice[0] + self._dice[1] - 1) % players
        return checked, shuffled, dealer

    def verdict(self, code: str, message: str) -> Verdict:
        """The `Verdict` of a backend's answer ``(code, message)``."""
        return Verdict(code == "ok", code, self.messages.get(code, message))

    # -- state -----------------------------------------------------------------
    @property
    def phase(self) -> str:
        """The hand's phase (each game's docs list them); ``"over"`` once won or drawn."""
        return str(self._core.phase())

    @property
    def to_act(self) -> list[int]:
        """Seats that may act now (trusted callers only: it names a seat offered a claim)."""
        return list(self._core.to_act())

    @property
    def dealer(self) -> int:
        return int(self._core.dealer())

    @property
    def dice(self) -> tuple[int, int] | None:
        return self._dice

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def wall(self) -> str:
        return str(self._core.wall())

    @property
    def moves(self) -> list[str]:
        return list(self._core.moves())

    # -- moves -----------------------------------------------------------------
    def legal_moves(self, seat: int | None = None) -> list[str]:
        """Every legal move of `seat` (sorted); `None`: of every seat in `to_act`."""
        return list(self._core.legal_moves(self.check_seat(seat, allow_none=True)))

    def validate(self, move: str) -> Verdict:
        """Is `move` legal now? Never raises for an illegal move (nor a non-str: malformed)."""
        code, message = self._core.check(core_move(move))
        return self.verdict(code, message)

    def apply(self, move: str) -> None:
        """Play `move`; raise `IllegalMove` (with ``.code``) and change nothing if it is illegal."""
        code, message = self._core.apply(core_move(move))
        if code != "ok":
            raise IllegalMove(move, code, self.messages.get(code, message))

    def apply_all(self, moves: list[str]) -> tuple[int, Verdict] | None:
        """Apply `moves` in order up to the first illegal one, in one backend call.

        None when every move was applied; else ``(index, verdict)`` of the
        first illegal move (the moves before it stay applied, it and the rest
        do not). For replaying a history sent in full: much cheaper than one
        `apply` per move on the native backend. `moves` must be a list; a move
        in it that is not a str is malformed.
        """
        check_moves(moves)
        index, code, message = self._core.apply_all(core_moves(moves))
        if index < 0:
            return None
        return int(index), self.verdict(code, message)

    def apply_each(self, moves: list[str]) -> list[Verdict]:
        """`apply` every move in turn, in one backend call, and give each one's verdict.

        An illegal move changes nothing and the next one is tried (checking a
        whole game record move by move, as the service's ValidateGame does).
        `moves` must be a list; a move in it that is not a str is malformed.
        """
        check_moves(moves)
        return [
            self.verdict(code, message)
            for code, message in self._core.apply_each(core_moves(moves))
        ]

    # -- what may be seen ------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (the game's docs, "Views"); `None` for an observer."""
        v: dict[str, Any] = self._core.view(self.check_seat(seat, allow_none=True))
        v["dice"] = list(self._dice) if self._dice is not None else None
        return v

    def copy(self: G) -> G:
        """An independent copy (for search and bots): the state is copied, not shared."""
        other = type(self).__new__(type(self))
        for name in GameBase.__slots__:
            setattr(other, name, getattr(self, name))
        other._core = self._core.copy()
        return other

    # -- records ---------------------------------------------------------------
    def record_fields(self) -> dict[str, Any]:
        """The game's own fields of its record, after "game" (none by default)."""
        return {}

    def record(self) -> dict[str, Any]:
        """The JSON-serialisable record: game, rules, seed, wall, dealer, dice, moves, result."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game_name,
            **self.record_fields(),
            "rules_version": self.rules_version,
            "engine_version": __version__,
            "rules": self.rules.to_dict(),
            "seed": self._seed,
            "wall": self.wall,
            "dealer": self.dealer,
            "dealer_source": self._dealer_source,
            "dice": list(self._dice) if self._dice is not None else None,
            "moves": self.moves,
            "result": self._core.result(),
        }
