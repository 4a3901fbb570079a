"""One adapter per game: how its positions, views and results travel on the wire.

Each game names its adapter in its `GameSpec.service` (Yi Jing Pai:
`service.games.yijingpai`, the mahjong rulesets: `service.games.mahjong`;
docs/adding-a-game.md). A request selects mahjong with its `mahjong_rules`
field (service/convert.py).
"""

from __future__ import annotations

from types import ModuleType

from pyyijing.core import registry


def adapters() -> dict[str, ModuleType]:
    """Every registered game's adapter by game name (games not served left out)."""
    return {spec.name: spec.load("service") for spec in registry.games() if spec.service}
