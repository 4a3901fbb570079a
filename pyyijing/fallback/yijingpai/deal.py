"""Dealing from a wall (docs/yijing.md §2; rules page §2 and §9 "Deal").

Grabs of 4 tiles from the front of the wall, dealer first, counterclockwise,
two rounds (8 tiles each); the simple variant adds a third round of 1 tile
each (9 tiles). Every later draw takes from the front of what remains.
"""

from __future__ import annotations

from .wall import LINE_TILES, TAIJI_TILES

GRAB = 4  # tiles per grab (two stacks)
GRAB_ROUNDS = 2

# The line tiles per kind and the taiji tiles a wall may hold (wall.py's tile sets).
_LINE_COUNTS = tuple(LINE_TILES.values())
_TAIJI_COUNTS = tuple(TAIJI_TILES.values())


def deal_size(play_size: int) -> int:
    """Tiles dealt to each seat: 8 (standard, k=2) or 9 (simple, k=3)."""
    return GRAB * GRAB_ROUNDS + (1 if play_size == 3 else 0)


def count_tiles(tiles: str) -> list[int]:
    """[yang, yin, taiji] counts of wall tiles (``1``, ``0``, ``T``)."""
    return [tiles.count("1"), tiles.count("0"), tiles.count("T")]


def is_tile_set(wall: str) -> bool:
    """Whether `wall` holds exactly one of the tile sets: 70+70 or 79+79 line
    tiles with 4 or 0 taiji, and nothing else (docs §2)."""
    ones, zeros, taiji = count_tiles(wall)
    return (
        ones == zeros
        and ones in _LINE_COUNTS
        and taiji in _TAIJI_COUNTS
        and ones + zeros + taiji == len(wall)
    )


def deal(wall: str, players: int, dealer: int, play_size: int) -> tuple[list[list[int]], int]:
    """Each seat's dealt tiles as [yang, yin, taiji] counts, and the wall
    position of the next draw.

    Raises ValueError if the wall is too short to deal.
    """
    if len(wall) < players * deal_size(play_size):
        raise ValueError(
            f"wall of {len(wall)} tiles is too short to deal "
            f"{deal_size(play_size)} tiles to {players} players"
        )
    dealt = [""] * players
    pos = 0
    for _round in range(GRAB_ROUNDS):
        for i in range(players):
            seat = (dealer + i) % players
            dealt[seat] += wall[pos : pos + GRAB]
            pos += GRAB
    if play_size == 3:  # simple variant: a third round of 1 tile each
        for i in range(players):
            seat = (dealer + i) % players
            dealt[seat] += wall[pos]
            pos += 1
    return [count_tiles(tiles) for tiles in dealt], pos
