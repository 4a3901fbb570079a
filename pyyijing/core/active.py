"""The active backend's name: chosen once, when the package is imported.

The package root selects the backend (`pyyijing._backend.select`, which reads
``PYYIJING_BACKEND``) and records its name here; every layer that defaults to
the active backend reads it here rather than from the package root, which
imports every game.
"""

from __future__ import annotations

_name: str | None = None


def set_active(name: str) -> None:
    """Record the backend the package root selected."""
    global _name
    _name = name


def active() -> str:
    """The active backend: "native", "cython" or "python"."""
    if _name is None:
        raise RuntimeError("no backend is active yet: import pyyijing first")
    return _name
