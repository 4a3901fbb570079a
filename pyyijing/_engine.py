"""The game engine of a backend: its `GameCore` class and its wall shuffle.

`pyyijing._backend` picks the active backend; this module hands out the
engine of that backend (or of a named one, for `Game(..., backend=...)`, used
by the parity tests and benchmarks to run backends side by side).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any

from . import _backend

_ENGINE_MODULES = {
    "native": "pyyijing._native",
    "cython": "pyyijing._cy.engine",
    "python": "pyyijing.fallback.engine",
}
# Where each backend's check_positions lives (the native module has it all).
_POSITION_CHECK_MODULES = {
    "native": "pyyijing._native",
    "cython": "pyyijing._cy.position_check",
    "python": "pyyijing.fallback.position_check",
}


@dataclass(frozen=True)
class Engine:
    name: str
    GameCore: Any  # the backend's class, named as in docs/backend-interface.md
    shuffle_wall: Any
    check_positions: Any  # many (deal, moves, move) positions at once


@cache
def _load(name: str) -> Engine:
    base = _backend.load(name)
    try:
        module = importlib.import_module(_ENGINE_MODULES[name])
        positions = importlib.import_module(_POSITION_CHECK_MODULES[name])
    except ImportError as exc:
        raise ImportError(f"the {name} backend has no game engine: {exc}") from exc
    return Engine(
        name=name,
        GameCore=module.GameCore,
        shuffle_wall=base.shuffle_wall,
        check_positions=positions.check_positions,
    )


def engine(name: str | None = None) -> Engine:
    """The engine of backend `name`, or of the active backend when None."""
    if name is None:
        import pyyijing

        name = pyyijing.backend()
    if name not in _ENGINE_MODULES:
        raise ValueError(f"backend must be one of {', '.join(_ENGINE_MODULES)}; got {name!r}")
    return _load(name)
