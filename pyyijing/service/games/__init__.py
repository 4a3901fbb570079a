"""The games the service plays, one `GameAdapter` each (service/games/base.py).

Each game names its adapter in its `GameSpec.service` (Yi Jing Pai:
`pyyijing.service.games.yijingpai:ADAPTER`, the mahjong rulesets:
`pyyijing.service.games.mahjong:ADAPTER`; docs/adding-a-game.md). A request
selects a game by the rules field it sets (convert.adapter_of_message); a
request that sets none is the default game's (the registry's first, Yi Jing
Pai), as every request was before there were two.
"""

from __future__ import annotations

from pyyijing.core import registry

from .base import GameAdapter


def _served() -> dict[str, GameAdapter]:
    """Every registered game's adapter by game name, in registry order (the default game
    first); games not served are left out."""
    return {spec.name: spec.load("service") for spec in registry.games() if spec.service}


#: Every served game by name, in the order a request's rules fields are looked at.
ADAPTERS: dict[str, GameAdapter] = _served()
#: The game of a request that sets no game's rules field.
DEFAULT: GameAdapter = next(iter(ADAPTERS.values()))

# The adapter of each rules or game class met so far: `owns` is asked once per class.
_BY_TYPE: dict[type, GameAdapter] = {}


def adapter_for(obj: object) -> GameAdapter:
    """The adapter of a game's rules or game object; TypeError if no game owns it."""
    found = _BY_TYPE.get(type(obj))
    if found is None:
        found = next((a for a in ADAPTERS.values() if a.owns(obj)), None)
        if found is None:
            raise TypeError(f"no game of the service owns a {type(obj).__name__}")
        _BY_TYPE[type(obj)] = found
    return found


def adapter_named(name: str) -> GameAdapter | None:
    """The adapter of the game called `name` (a stored session's game), or None."""
    return ADAPTERS.get(name)


__all__ = ["ADAPTERS", "DEFAULT", "GameAdapter", "adapter_for", "adapter_named"]
