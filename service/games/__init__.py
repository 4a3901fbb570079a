"""One adapter per game: how its positions, views and results travel on the wire.

Yi Jing Pai is `service.games.yijingpai`, the mahjong rulesets
`service.games.mahjong` (docs/adding-a-game.md). A request selects mahjong
with its `mahjong_rules` field (service/convert.py).
"""

from __future__ import annotations

from types import ModuleType

from . import mahjong, yijingpai

ADAPTERS: dict[str, ModuleType] = {yijingpai.NAME: yijingpai, mahjong.NAME: mahjong}
