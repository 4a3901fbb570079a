"""The Yi Jing Pai engine of a backend, as the game layer uses it.

`pyyijing._backend` picks the active backend and `pyyijing._registry` knows
where each backend's parts live; this module hands out the engine parts of
that backend (or of a named one, for `Game(..., backend=...)`, used by the
parity tests and benchmarks to run backends side by side).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .. import _registry
from ..core.active import active

GAME = "yijingpai"


@dataclass(frozen=True)
class Engine:
    name: str
    Config: Any  # the one config value every entry point takes
    GameCore: Any  # the backend's class, named as in docs/backend-interface.md
    shuffle_wall: Any
    check_positions: Any  # many (deal, moves, move) positions at once
    # The last (rules, Config) made: games are mostly made from one Rules object
    # again and again, and a Config is immutable. One tuple, read and replaced whole.
    _last: list[tuple[Any, Any]] = field(
        default_factory=lambda: [(None, None)], compare=False, repr=False
    )

    def config(self, rules: Any) -> Any:
        """The backend's Config of `rules` (a `pyyijing.Rules`): its `core_config()`."""
        last_rules, config = self._last[0]
        if last_rules is not rules:
            config = self.Config(**rules.core_config())
            self._last[0] = (rules, config)
        return config


@cache
def _load(name: str) -> Engine:
    return Engine(
        name=name,
        Config=_registry.load(GAME, "config", name),
        GameCore=_registry.load(GAME, "engine", name),
        shuffle_wall=_registry.load(GAME, "wall", name),
        check_positions=_registry.load(GAME, "positions", name),
    )


def engine(name: str | None = None) -> Engine:
    """The engine of backend `name`, or of the active backend when None."""
    if name is None:
        name = active()
    if name not in _registry.BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(_registry.BACKENDS)}; got {name!r}")
    return _load(name)
