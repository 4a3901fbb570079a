"""The Yi Jing Pai wall: the tile sets of the decks and the deterministic shuffle.

Bit-for-bit the same as ``core_cpp/src/yijingpai/wall.cpp`` (golden vectors in
the tests of both languages pin it down), with the shared generator of
``pyyijing/fallback/prng.py``. The tile counts below are the one source of the
deck facts in the fallback (``deal.is_tile_set`` checks walls against them).

Arguments are not validated here: the ``pyyijing`` layer checks them once for
every backend.
"""

from __future__ import annotations

from ..prng import Xoshiro256ss

# The tile sets (docs Specs; rules page §1): yang tiles (as many yin tiles) of
# each deck, and the taiji tiles of each taiji rule.
LINE_TILES = {144: 70, 162: 79}
TAIJI_TILES = {"wild": 4, "none": 0}


def canonical_wall(deck: int, taiji: str) -> str:
    """The unshuffled wall: all yang ``1``, then all yin ``0``, then taiji ``T``."""
    per_kind = LINE_TILES[deck]
    return "1" * per_kind + "0" * per_kind + "T" * TAIJI_TILES[taiji]


def shuffle_wall(seed: int, deck: int, taiji: str) -> tuple[str, tuple[int, int]]:
    """The shuffled wall (draw order) and the two dice for this seed.

    Fisher-Yates from the last index with ``Xoshiro256ss(seed)``:
    ``for i = n-1 .. 1: j = uniform(i + 1); swap(a[i], a[j])``; then the dice
    ``1 + uniform(6)`` twice from the same generator.
    """
    tiles = list(canonical_wall(deck, taiji))
    rng = Xoshiro256ss(seed)
    i = len(tiles) - 1
    while i >= 1:
        j = rng.uniform(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
        i -= 1
    d1 = 1 + rng.uniform(6)
    d2 = 1 + rng.uniform(6)
    return "".join(tiles), (d1, d2)
