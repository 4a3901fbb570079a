"""pyyijing.mahjong: the mahjong rulesets of the seeds (``from pyyijing import mahjong as mj``).

One package for the mahjong games (docs/mahjong.md):
- the games: `Rules` (a ruleset and its options), `Game` (one hand: deal,
  turns, claims, kongs, robbing, payments), `replay`, `Match`; all three
  rulesets play on every backend: common (with flowers, 報聽 and the
  void-suit game), Shaoyang and Changsha;
- the hand-evaluation kernel every ruleset shares (`pyyijing.mahjong.hand`:
  tiles, win shapes, decompositions, shanten, waits, the rulesets' hand
  patterns, NumPy batch forms), whose names keep their meaning.
"""

from __future__ import annotations

from ..errors import IllegalMove, RecordError, Verdict
from .bots import BOTS, bot_move, bot_rng, bot_tournament, play_bots
from .game import RULES_VERSION, Game, Result, check_wall
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
from .match import Match
from .reasons import MESSAGES as REASONS
from .replay import replay
from .rules import MAHJONG_OPTIONS, PLAYABLE, Rules

__all__ = [
    "BOTS",
    "FORMS",
    "MAHJONG_OPTIONS",
    "PLAYABLE",
    "REASONS",
    "RULESETS",
    "RULES_VERSION",
    "SET_KINDS",
    "TILES",
    "Decomposition",
    "Game",
    "IllegalMove",
    "Match",
    "RecordError",
    "Result",
    "Rules",
    "Set",
    "Verdict",
    "_impl",
    "bot_move",
    "bot_rng",
    "bot_tournament",
    "check_wall",
    "decompositions",
    "is_win",
    "is_win_batch",
    "parse_tiles",
    "patterns",
    "play_bots",
    "replay",
    "shanten",
    "shanten_batch",
    "tile_index",
    "to_counts",
    "waits",
]
