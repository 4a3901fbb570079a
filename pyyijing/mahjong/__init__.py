"""pyyijing.mahjong: the mahjong rulesets of the seeds (``from pyyijing import mahjong as mj``).

One package for the mahjong games (docs/mahjong.md): today the hand-evaluation
kernel every ruleset shares (`pyyijing.mahjong.hand`: tiles, win shapes,
decompositions, shanten, waits, the rulesets' hand patterns, NumPy batch
forms); the game engine of the common, Shaoyang and Changsha rulesets joins it
here, beside these names, which keep their meaning.
"""

from __future__ import annotations

from .hand import (
    FORMS,
    RULESETS,
    SET_KINDS,
    TILES,
    Decomposition,
    Set,
    _impl,
    decompositions,
    is_win,
    is_win_batch,
    parse_tiles,
    patterns,
    shanten,
    shanten_batch,
    tile_index,
    to_counts,
    waits,
)

__all__ = [
    "FORMS",
    "RULESETS",
    "SET_KINDS",
    "TILES",
    "Decomposition",
    "Set",
    "_impl",
    "decompositions",
    "is_win",
    "is_win_batch",
    "parse_tiles",
    "patterns",
    "shanten",
    "shanten_batch",
    "tile_index",
    "to_counts",
    "waits",
]
