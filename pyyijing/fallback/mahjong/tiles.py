"""Mahjong tiles for the game engine: ids and codes, the rulesets' tile sets, the shuffle.

Tile ids 0-41: ``1m``-``9m`` 0-8, ``1p``-``9p`` 9-17, ``1s``-``9s`` 18-26,
``1z``-``7z`` 27-33 (東 南 西 北 白 發 中), flowers ``1f``-``8f`` 34-41
(docs/mahjong-engine.md "Tiles"). The shuffle is Yi Jing Pai's, bit for bit
(SplitMix64-seeded xoshiro256**, Fisher-Yates from the last index, then two
dice), over the ruleset's tiles in id order. Arguments are validated by the
``pyyijing.mahjong`` layer.
"""

from __future__ import annotations

from ..prng import Xoshiro256ss

KINDS = 34  # the playing tiles; ids 34..41 are the flowers
FLOWER_BASE = 34
TILE_IDS = 42
CODES: tuple[str, ...] = tuple(
    [f"{n}{suit}" for suit in "mps" for n in range(1, 10)]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}f" for n in range(1, 9)]
)
CODE_IDS: dict[str, int] = {code: i for i, code in enumerate(CODES)}
SUITS = "mps"


def suit_of(tile: int) -> int:
    """0, 1, 2 for m, p, s; 3 for an honour."""
    return tile // 9 if tile < 27 else 3


# The tile sets of the rulesets (rules §1): 136 (34 kinds x4), 144 (+ the eight
# flowers, one of each), 108 (the three suits x4).
TILE_SETS = ("136", "144", "108")


def copies(tiles: str, tile: int) -> int:
    """How many of tile id `tile` the tile set `tiles` holds."""
    if tile >= FLOWER_BASE:
        return 1 if tiles == "144" else 0
    if tile >= 27:
        return 0 if tiles == "108" else 4
    return 4


def canonical_wall(tiles: str) -> list[int]:
    """The unshuffled wall: every tile id in order, as many times as the set holds it."""
    out: list[int] = []
    for t in range(TILE_IDS):
        out.extend([t] * copies(tiles, t))
    return out


def wall_text(wall: list[int]) -> str:
    return "".join([CODES[t] for t in wall])


def parse_wall(text: str) -> list[int]:
    """Two-character codes to ids (the caller has checked the text)."""
    return [CODE_IDS[text[i : i + 2]] for i in range(0, len(text), 2)]


def shuffle_wall(seed: int, tiles: str) -> tuple[str, tuple[int, int]]:
    """The shuffled wall (draw order, codes) and the two dice for this seed."""
    wall = canonical_wall(tiles)
    rng = Xoshiro256ss(seed)
    i = len(wall) - 1
    while i >= 1:
        j = rng.uniform(i + 1)
        wall[i], wall[j] = wall[j], wall[i]
        i -= 1
    d1 = 1 + rng.uniform(6)
    d2 = 1 + rng.uniform(6)
    return wall_text(wall), (d1, d2)
