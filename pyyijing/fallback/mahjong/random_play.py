"""Whole hands with uniformly random legal moves: the mahjong engine's benchmark workload.

Hand ``i`` of a batch with seed ``S`` (docs/mahjong-engine.md "random_hands"):
``h = hand_seed(S, i)`` (SplitMix64 output i+1 of S); a ``Xoshiro256ss(h)``
shuffles the ruleset's wall and throws the dice exactly as ``shuffle_wall``,
the dealer is ``(d1 + d2 - 1) % 4``, and the same generator then picks every
move: ``legal[uniform(len(legal))]`` of ``legal_moves(-1)`` (sorted). The C++
twin (``pyyijing._native.mahjong.random_hands``) plays the same hands move
for move, so the totals agree on every backend.
"""

from __future__ import annotations

from ..prng import Xoshiro256ss, hand_seed
from .config import Config
from .engine import GameCore
from .tiles import canonical_wall, wall_text

MASK64 = 0xFFFFFFFFFFFFFFFF  # (the compiled prng keeps its own as a C constant)


KINDS = ("self_draw", "discard", "robbed_kong", "draw")


def random_hands(config: Config, seed: int, start: int, count: int) -> dict[str, int]:
    """Play hands start .. start+count-1; totals: hands, moves, each result kind, a checksum.

    `checksum` folds every hand's (result kind, winner, payments, moves) so two
    backends that agree on the totals by chance still differ here.
    """
    if not isinstance(config, Config):
        raise TypeError(f"config must be a mahjong Config; got {type(config).__name__}")
    totals = {"hands": 0, "moves": 0, "self_draw": 0, "discard": 0, "robbed_kong": 0, "draw": 0}
    checksum = 0
    base = canonical_wall(config.tiles)
    for i in range(start, start + count):
        rng = Xoshiro256ss(hand_seed(seed, i))
        wall = list(base)
        j = len(wall) - 1
        while j >= 1:
            k = rng.uniform(j + 1)
            wall[j], wall[k] = wall[k], wall[j]
            j -= 1
        d1 = 1 + rng.uniform(6)
        d2 = 1 + rng.uniform(6)
        core = GameCore(config, wall_text(wall), (d1 + d2 - 1) % 4)
        moves = 0
        while core.ph != 3:
            legal = core.legal_moves(-1)
            core.apply(legal[rng.uniform(len(legal))])
            moves += 1
        r = core.res
        assert r is not None
        totals["hands"] += 1
        totals["moves"] += moves
        totals[r["kind"]] += 1
        winner = r["winner"] if r["winner"] is not None else 4
        h = KINDS.index(r["kind"]) * 5 + winner
        for p in r["payments"]:
            h = h * 31 + (p & 0xFF)
        checksum = (checksum * 1_000_003 + h + moves) & MASK64
    totals["checksum"] = checksum
    return totals
