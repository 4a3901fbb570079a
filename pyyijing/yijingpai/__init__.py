"""Yi Jing Pai (易經牌): the game's rules, engine front, matches, records and batch checks.

`pyyijing` re-exports these names at the top level (``yj.Game``, ``yj.Rules``, …,
the contract of docs/architecture.md); this package is their home, one module
per job: `rules` (the option table and `Rules`), `game` (`Game`, `Result`,
records), `match` (`Match`), `replay` (`replay`), `positions`
(`validate_positions`). The engine itself is a backend's (pyyijing._registry).
"""

from __future__ import annotations

from .game import GAME_NAME, RECORD_FORMAT, RULES_VERSION, Game, Result, check_wall
from .match import Match
from .positions import PositionCheck, validate_positions
from .replay import replay
from .rules import OPTIONS_BY_NAME, WIN_CONDITIONS, YIJINGPAI_OPTIONS, Rules

__all__ = [
    "GAME_NAME",
    "OPTIONS_BY_NAME",
    "RECORD_FORMAT",
    "RULES_VERSION",
    "WIN_CONDITIONS",
    "YIJINGPAI_OPTIONS",
    "Game",
    "Match",
    "PositionCheck",
    "Result",
    "Rules",
    "check_wall",
    "replay",
    "validate_positions",
]
