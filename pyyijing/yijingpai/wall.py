"""The wall check of Yi Jing Pai: a wall holds exactly its deck's tiles (docs/yijing.md §2).

Apart from `game.py` so that `Rules.check_wall` and `Game` both use it with no
import between `rules.py` and `game.py`.
"""

from __future__ import annotations

from typing import Protocol


class Rules(Protocol):
    """What the check reads of `pyyijing.yijingpai.Rules` (named here, not imported, to keep
    `rules.py` free to call the check)."""

    @property
    def deck(self) -> int: ...
    @property
    def taiji(self) -> str: ...
    @property
    def line_tiles(self) -> int: ...
    @property
    def taiji_tiles(self) -> int: ...
    @property
    def wall_size(self) -> int: ...


def check_wall(rules: Rules, wall: object) -> str:
    """`wall` if it holds exactly the tiles of `rules` (docs/yijing.md §2), else ValueError.

    Also `Rules.check_wall(wall)`.
    """
    if not isinstance(wall, str):
        raise ValueError(f"wall must be a str of 1/0/T tiles; got {type(wall).__name__}")
    bad = sorted(set(wall) - set("10T"))
    if bad:
        raise ValueError(
            f"wall has unknown tile {bad[0]!r}; tiles are '1' yang, '0' yin, 'T' taiji"
        )
    want = {"1": rules.line_tiles, "0": rules.line_tiles, "T": rules.taiji_tiles}
    for tile, name in (("1", "yang"), ("0", "yin"), ("T", "taiji")):
        have = wall.count(tile)
        if have != want[tile]:
            raise ValueError(
                f"wall has {have} {name} tiles; deck={rules.deck}, taiji={rules.taiji!r} "
                f"needs {want[tile]} (and {rules.wall_size} tiles in all)"
            )
    return wall
