"""Seeded hand generators for the mahjong tests (count rows of 34)."""

from __future__ import annotations

import os
import random

import numpy as np

KINDS = 34
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
WALL = [k for k in range(KINDS) for _ in range(4)]


def hands_per_form() -> int:
    """Hands per differential form: 100,000 unless PYYIJING_MAHJONG_HANDS says otherwise."""
    return int(os.environ.get("PYYIJING_MAHJONG_HANDS", "100000"))


def random_hand(rng: random.Random, size: int) -> list[int]:
    c = [0] * KINDS
    for k in rng.sample(WALL, size):
        c[k] += 1
    return c


def complete_hand(rng: random.Random, sets: int = 4) -> list[int]:
    """A random complete regular hand of `sets` sets + a pair (counts <= 4)."""
    while True:
        c = [0] * KINDS
        c[rng.randrange(KINDS)] += 2
        for _ in range(sets):
            if rng.random() < 0.6:
                suit = rng.randrange(3)
                start = suit * 9 + rng.randrange(7)
                for k in (start, start + 1, start + 2):
                    c[k] += 1
            else:
                c[rng.randrange(KINDS)] += 3
        if max(c) <= 4:
            return c


def swap_tiles(rng: random.Random, c: list[int], n: int) -> list[int]:
    """Replace n random tiles by random others (keeping counts <= 4)."""
    c = list(c)
    for _ in range(n):
        held = [k for k in range(KINDS) if c[k]]
        c[rng.choice(held)] -= 1
        free = [k for k in range(KINDS) if c[k] < 4]
        c[rng.choice(free)] += 1
    return c


def drop_tile(rng: random.Random, c: list[int]) -> list[int]:
    c = list(c)
    held = [k for k in range(KINDS) if c[k]]
    c[rng.choice(held)] -= 1
    return c


def pairs_hand(rng: random.Random) -> list[int]:
    """Seven pairs (a kind may be paired twice), 14 tiles."""
    while True:
        c = [0] * KINDS
        for _ in range(7):
            c[rng.randrange(KINDS)] += 2
        if max(c) <= 4:
            return c


def orphans_hand(rng: random.Random) -> list[int]:
    """Thirteen orphans with a pair, 14 tiles."""
    c = [0] * KINDS
    for k in ORPHANS:
        c[k] = 1
    c[rng.choice(ORPHANS)] += 1
    return c


def near(rng: random.Random, c: list[int], size: int) -> list[int]:
    """From a complete 14-tile (or 3k+2) hand to `size` tiles with 0-2 swaps."""
    if sum(c) > size:
        c = drop_tile(rng, c)
    return swap_tiles(rng, c, rng.choice((0, 0, 1, 1, 2)))


def mixed_13(rng: random.Random, n: int) -> np.ndarray:
    """13-tile hands: a third random, the rest near a regular, seven-pairs or orphans win."""
    rows = []
    for i in range(n):
        kind = i % 6
        if kind < 2:
            rows.append(random_hand(rng, 13))
        elif kind < 4:
            rows.append(near(rng, complete_hand(rng), 13))
        elif kind == 4:
            rows.append(near(rng, pairs_hand(rng), 13))
        else:
            rows.append(near(rng, orphans_hand(rng), 13))
    return np.array(rows, dtype=np.uint8)


def mixed_14(rng: random.Random, n: int) -> np.ndarray:
    """14-tile hands, about half of them complete."""
    rows = []
    for i in range(n):
        kind = i % 6
        if kind == 0:
            rows.append(random_hand(rng, 14))
        elif kind < 4:
            c = complete_hand(rng)
            rows.append(c if rng.random() < 0.5 else swap_tiles(rng, c, 1))
        elif kind == 4:
            c = pairs_hand(rng)
            rows.append(c if rng.random() < 0.5 else swap_tiles(rng, c, 1))
        else:
            c = orphans_hand(rng)
            rows.append(c if rng.random() < 0.5 else swap_tiles(rng, c, 1))
    return np.array(rows, dtype=np.uint8)


def with_sets(rng: random.Random, n: int) -> np.ndarray:
    """Concealed parts of 10, 7, 4 or 1 tiles (1-4 sets exposed), random or near a win."""
    rows = []
    for i in range(n):
        sets = 1 + i % 4
        size = 13 - 3 * sets
        if i % 8 < 4:
            rows.append(random_hand(rng, size))
        else:
            rows.append(near(rng, complete_hand(rng, 4 - sets), size))
    return np.array(rows, dtype=np.uint8)


def text(c: list[int] | np.ndarray) -> str:
    """'123m55z'-style text of a count row (for messages)."""
    out = []
    for base, suit, n in ((0, "m", 9), (9, "p", 9), (18, "s", 9), (27, "z", 7)):
        digits = "".join(str(i + 1) * int(c[base + i]) for i in range(n))
        if digits:
            out.append(digits + suit)
    return "".join(out)
