"""The Match base: hands played one after another, with a ledger and the next dealer.

Hand ``h`` of a match with seed ``S`` shuffles its wall with SplitMix64 output
``h + 1`` of ``S`` (`hand_seed`), so hands are independent and reproducible.
A game's Match says which Game it deals, how its Rules are checked, and who
deals after a finished hand (`dealer_after`); the rest is here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from .seeds import check_seed, hand_seed


class HandResult(Protocol):
    """What a Match reads of a finished hand's result."""

    @property
    def payments(self) -> Sequence[int]: ...

    @property
    def winner(self) -> int | None: ...


class Hand(Protocol):
    """What a Match reads of one hand (a game's Game)."""

    @property
    def phase(self) -> str: ...

    @property
    def dealer(self) -> int: ...

    @property
    def result(self) -> HandResult | None: ...

    def record(self) -> dict[str, Any]: ...


HandT = TypeVar("HandT", bound=Hand)


class MatchBase(Generic[HandT]):
    """Hands played one after another; `ledger[seat]` sums the payments of every finished
    hand (a hand's payments count as soon as it is over).

    A subclass's ``__init__`` sets its checked `rules`, calls `start` with the seed and
    sets `backend`; it gives `players`, `deal` and `dealer_after`.
    """

    #: The "game" field of the match record (None: left out, as records of the default game).
    record_game: str | None = None

    rules: Any
    seed: int
    backend: str
    hands: list[HandT]

    def start(self, seed: object) -> None:
        """Check `seed` and begin with no hand (a subclass sets `rules` and `backend`)."""
        self.seed = check_seed(seed)
        self.hands = []

    @property
    def players(self) -> int:
        """The number of seats (the ledger's length)."""
        raise NotImplementedError

    def deal(self, seed: int, dealer: int | None) -> HandT:
        """A new hand of this match's rules and backend (`dealer` None: its dice decide)."""
        raise NotImplementedError

    def dealer_after(self, last: HandT) -> int | None:
        """The dealer of the hand after `last` (None: the dice decide); a game's rule."""
        raise NotImplementedError

    @property
    def current(self) -> HandT | None:
        return self.hands[-1] if self.hands else None

    @property
    def ledger(self) -> list[int]:
        """Per seat, the payments of every finished hand: summed when read, so a hand
        that has just ended is in it at once (a new list each time)."""
        totals = [0] * self.players
        for game in self.hands:
            result = game.result
            if result is not None:
                for seat, amount in enumerate(result.payments):
                    totals[seat] += amount
        return totals

    @staticmethod
    def finished_result(last: HandT) -> HandResult:
        """The result of `last`, which must be over (ValueError if it is not)."""
        result = last.result
        if result is None:
            raise ValueError("the current hand is not over yet")
        return result

    @property
    def next_dealer(self) -> int | None:
        """The dealer of the next hand; None before hand 0 or when the dice decide."""
        last = self.current
        if last is None:
            return None
        return self.dealer_after(last)

    def new_hand(self) -> HandT:
        """Deal the next hand (the current one must be over) and return it."""
        if self.current is not None and self.current.phase != "over":
            raise ValueError("the current hand is not over yet")
        game = self.deal(hand_seed(self.seed, len(self.hands)), self.next_dealer)
        self.hands.append(game)
        return game

    def record(self) -> dict[str, Any]:
        """The match: its seed, every hand's record and the ledger."""
        record: dict[str, Any] = {"format": "pyyijing.match"}
        if self.record_game is not None:
            record["game"] = self.record_game
        record["rules"] = self.rules.to_dict()
        record["seed"] = self.seed
        record["hands"] = [g.record() for g in self.hands]
        record["ledger"] = list(self.ledger)
        return record
