"""`Match`: several hands with a ledger and the next dealer (rules page §5).

Hand ``h`` of a match with seed ``S`` shuffles its wall with the ``h``-th
SplitMix64 output of ``S`` (so hands are independent and reproducible). The
dealer of the first hand comes from its dice; later hands follow the rules'
``next_dealer``: ``"dice"`` (the hand's own dice), ``"winner"`` (the winner
deals; the dealer keeps the deal on a draw) or ``"rotate"`` (the next seat).
"""

from __future__ import annotations

from ..core.match import MatchBase

# The public home of the hand seeds is pyyijing.core.seeds; this name stays for its callers.
from ..core.seeds import hand_seed as hand_seed
from . import engine as _engine
from .game import Game
from .rules import Rules


class Match(MatchBase[Game]):
    """Hands played one after another; `ledger[seat]` sums the payments in half-points
    of every finished hand (a hand's payments count as soon as it is over)."""

    def __init__(self, rules: Rules | None = None, *, seed: int, backend: str | None = None):
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a pyyijing.Rules; got {type(rules).__name__}")
        self.rules: Rules = rules
        self.start(seed)
        self.backend = _engine.engine(backend).name

    @property
    def players(self) -> int:
        return int(self.rules.players)

    def deal(self, seed: int, dealer: int | None) -> Game:
        return Game(self.rules, seed=seed, dealer=dealer, backend=self.backend)

    def dealer_after(self, last: Game) -> int | None:
        """None if the dice decide, else the next dealer by the rules' `next_dealer`."""
        if self.rules.next_dealer == "dice":
            return None
        result = self.finished_result(last)
        if self.rules.next_dealer == "rotate":
            return (last.dealer + 1) % self.players
        return last.dealer if result.winner is None else result.winner
