"""`mj.Match`: several hands with a ledger and the ruleset's next dealer (rules §5-§7).

The shape of `yj.Match` (rules §11): hand ``h`` of a match with seed ``S``
shuffles its wall with SplitMix64 output ``h + 1`` of ``S``; hand 0's dealer
comes from its dice, later hands' from the ruleset's rule (`next_dealer`).
"""

from __future__ import annotations

from ..core.match import MatchBase
from .game import Game, parts
from .rules import Rules


class Match(MatchBase[Game]):
    """Hands played one after another; `ledger[seat]` sums the payments of every finished
    hand (a hand's payments count as soon as it is over, as in `yj.Match`)."""

    record_game = "mahjong"

    def __init__(self, rules: Rules | None = None, *, seed: int, backend: str | None = None):
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a pyyijing.mahjong.Rules; got {type(rules).__name__}")
        self.rules: Rules = rules
        self.start(seed)
        self.backend = parts(backend).name

    @property
    def players(self) -> int:
        return 4

    def deal(self, seed: int, dealer: int | None) -> Game:
        return Game(self.rules, seed=seed, dealer=dealer, backend=self.backend)

    def dealer_after(self, last: Game) -> int | None:
        result = self.finished_result(last)
        if self.rules.ruleset == "changsha":
            # §7: the winner deals; after a drawn hand the dealer again [decision].
            return last.dealer if result.winner is None else result.winner
        if self.rules.ruleset == "shaoyang":
            # §6: the dealer again after winning (連莊), else the winner; after a drawn
            # hand the seat that drew the last tile (「由上盤誰摸最後一張牌的做莊」).
            if result.winner is not None:
                return result.winner
            taker = last.last_taker
            return last.dealer if taker is None else taker
        # common (§5): the dealer deals again after winning or a drawn hand,
        # otherwise the dealer's next seat.
        if result.winner is None or result.winner == last.dealer:
            return last.dealer
        return (last.dealer + 1) % 4
