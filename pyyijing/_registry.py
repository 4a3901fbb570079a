"""The backend-part lookup (`pyyijing.core.parts`) under the name the game packages,
benchmarks and tests import it by; the games themselves are `pyyijing.core.registry`'s."""

from __future__ import annotations

from .core.parts import (
    BACKENDS,
    SHARED,
    _load,
    entries,
    load,
    module_backend,
    module_name,
    parts_of,
)
from .core.registry import Part

__all__ = [
    "BACKENDS",
    "SHARED",
    "Part",
    "_load",
    "entries",
    "load",
    "module_backend",
    "module_name",
    "parts_of",
]
