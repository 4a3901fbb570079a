"""Dealing from a wall (docs/yijing.md §2; rules page §2 and §9 "Deal").

Grabs of 4 tiles from the front of the wall, dealer first, counterclockwise,
two rounds (8 tiles each); the simple variant adds a third round of 1 tile
each (9 tiles). Every later draw takes from the front of what remains.
"""

from __future__ import annotations

GRAB = 4  # tiles per grab (two stacks)
GRAB_ROUNDS = 2

# The tile sets (docs Specs; rules page §1): line tiles per kind, taiji tiles.
LINE_TILES = (70, 79)  # deck=144, deck=162
TAIJI_TILES = (4, 0)  # taiji="wild", taiji="none"


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
        and ones in LINE_TILES
        and taiji in TAIJI_TILES
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
