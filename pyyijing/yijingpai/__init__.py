"""Yi Jing Pai (易經牌): the game's rules, engine front, matches, records and batch checks.

`pyyijing` re-exports these names at the top level (``yj.Game``, ``yj.Rules``, …,
the contract of docs/architecture.md): Yi Jing Pai is the default game. This
package is their home, one module per job: `spec` (its entry in the game
registry), `rules` (the option table and `Rules`), `game` (`Game`, `Result`,
records), `match` (`Match`), `replay` (`replay`), `positions`
(`validate_positions`), `sim` (its simulator and bots), `iching` (`Hexagram`,
`Trigram`, `Digram`), `shuffle` (its wall shuffle) and `engine` (the backend
parts it uses; the engine itself is a backend's, found through `spec.parts`).
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
