"""One adapter per game: how its positions, views and results travel on the wire.

Yi Jing Pai is `service.games.yijingpai`; a mahjong adapter joins it here
(docs/adding-a-game.md).
"""

from __future__ import annotations

from types import ModuleType

from . import yijingpai

ADAPTERS: dict[str, ModuleType] = {yijingpai.NAME: yijingpai}
