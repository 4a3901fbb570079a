"""The seeds of an environment's hands: ``reset(seed=s)`` deals the game ``seed=s`` deals.

After ``reset(seed=s)`` each later ``reset()`` deals hand k = 0, 1, … of a batch
with seed `s` (SplitMix64 output k + 1 of s, as `yj.simulate` and `Match` seed
their hands), so a run of resets is reproducible from its first seed. Before any
seed is given, the first seed comes from the operating system.
"""

from __future__ import annotations

import secrets

from ..core.seeds import check_seed, hand_seed


class HandSeeds:
    """The seed of each hand an environment deals."""

    def __init__(self) -> None:
        self.base: int | None = None
        self.next_hand = 0

    def next(self, seed: int | None) -> int:
        """The seed of the hand `reset(seed)` deals."""
        if seed is not None:
            self.base = check_seed(seed)
            self.next_hand = 0
            return self.base
        if self.base is None:
            self.base = secrets.randbits(64)
        out = hand_seed(self.base, self.next_hand)
        self.next_hand += 1
        return out
