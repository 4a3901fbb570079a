"""`Match`: several hands with a ledger and the next dealer (rules page §5).

Hand ``h`` of a match with seed ``S`` shuffles its wall with the ``h``-th
SplitMix64 output of ``S`` (so hands are independent and reproducible). The
dealer of the first hand comes from its dice; later hands follow the rules'
``next_dealer``: ``"dice"`` (the hand's own dice), ``"winner"`` (the winner
deals; the dealer keeps the deal on a draw) or ``"rotate"`` (the next seat).
"""

from __future__ import annotations

from typing import Any

from .. import _engine
from ..shuffle import check_seed
from .game import Game
from .rules import Rules

_MASK64 = (1 << 64) - 1


def hand_seed(match_seed: int, hand: int) -> int:
    """The wall seed of hand `hand` (0-based): SplitMix64 output number ``hand + 1``."""
    state = (match_seed + 0x9E3779B97F4A7C15 * (hand + 1)) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Match:
    """Hands played one after another; `ledger[seat]` sums the payments in half-points
    of every finished hand (a hand's payments count as soon as it is over)."""

    def __init__(self, rules: Rules | None = None, *, seed: int, backend: str | None = None):
        self.rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a pyyijing.Rules; got {type(self.rules).__name__}")
        self.seed = check_seed(seed)
        self.backend = _engine.engine(backend).name
        self.hands: list[Game] = []

    @property
    def current(self) -> Game | None:
        return self.hands[-1] if self.hands else None

    @property
    def ledger(self) -> list[int]:
        """Per seat, the payments of every finished hand: summed when read, so a hand
        that has just ended is in it at once (a new list each time)."""
        totals = [0] * int(self.rules.players)
        for game in self.hands:
            result = game.result
            if result is not None:
                for seat, amount in enumerate(result.payments):
                    totals[seat] += amount
        return totals

    @property
    def next_dealer(self) -> int | None:
        """The dealer of the next hand, or None if the dice will decide it."""
        last = self.current
        if last is None or self.rules.next_dealer == "dice":
            return None
        result = last.result
        if result is None:
            raise ValueError("the current hand is not over yet")
        if self.rules.next_dealer == "rotate":
            return (last.dealer + 1) % int(self.rules.players)
        return last.dealer if result.winner is None else result.winner

    def new_hand(self) -> Game:
        """Deal the next hand (the current one must be over)."""
        if self.current is not None and self.current.phase != "over":
            raise ValueError("the current hand is not over yet")
        dealer = self.next_dealer
        game = Game(
            self.rules,
            seed=hand_seed(self.seed, len(self.hands)),
            dealer=dealer,
            backend=self.backend,
        )
        self.hands.append(game)
        return game

    def record(self) -> dict[str, Any]:
        """The match: its seed, every hand's record and the ledger."""
        return {
            "format": "pyyijing.match",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [g.record() for g in self.hands],
            "ledger": list(self.ledger),
        }
