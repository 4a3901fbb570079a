"""`mj.Match`: several hands with a ledger and the ruleset's next dealer (rules §5-§7).

The shape of `yj.Match` (rules §11): hand ``h`` of a match with seed ``S``
shuffles its wall with SplitMix64 output ``h + 1`` of ``S``; hand 0's dealer
comes from its dice, later hands' from the ruleset's rule (`next_dealer`).
"""

from __future__ import annotations

from typing import Any

from ..shuffle import check_seed
from ..yijingpai.match import hand_seed
from .game import Game, parts
from .rules import Rules


class Match:
    """Hands played one after another; `ledger[seat]` sums the payments of every finished
    hand (a hand's payments count as soon as it is over, as in `yj.Match`)."""

    def __init__(self, rules: Rules | None = None, *, seed: int, backend: str | None = None):
        self.rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise TypeError(
                f"rules must be a pyyijing.mahjong.Rules; got {type(self.rules).__name__}"
            )
        self.rules.core_config()  # NotImplementedError now for a ruleset not playable yet
        self.seed = check_seed(seed)
        self.backend = parts(backend).name
        self.hands: list[Game] = []

    @property
    def current(self) -> Game | None:
        return self.hands[-1] if self.hands else None

    @property
    def ledger(self) -> list[int]:
        """Per seat, the payments of every finished hand: summed when read, so a hand
        that has just ended is in it at once (a new list each time)."""
        totals = [0, 0, 0, 0]
        for game in self.hands:
            result = game.result
            if result is not None:
                for seat, amount in enumerate(result.payments):
                    totals[seat] += amount
        return totals

    @property
    def next_dealer(self) -> int | None:
        """The dealer of the next hand; None before hand 0 (its dice decide)."""
        last = self.current
        if last is None:
            return None
        result = last.result
        if result is None:
            raise ValueError("the current hand is not over yet")
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

    def new_hand(self) -> Game:
        """Deal the next hand (the current one must be over) and return it."""
        if self.current is not None and self.current.phase != "over":
            raise ValueError("the current hand is not over yet")
        game = Game(
            self.rules,
            seed=hand_seed(self.seed, len(self.hands)),
            dealer=self.next_dealer,
            backend=self.backend,
        )
        self.hands.append(game)
        return game

    def record(self) -> dict[str, Any]:
        """The match: its seed, every hand's record and the ledger."""
        return {
            "format": "pyyijing.match",
            "game": "mahjong",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [g.record() for g in self.hands],
            "ledger": list(self.ledger),
        }
