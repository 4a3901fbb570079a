"""Where each backend part of a game lives: the module of a (game, part, backend).

Every layer above the backends asks this module for a backend's code instead
of naming modules itself::

    load("yijingpai", "engine", "native")   # pyyijing._native.yijingpai.GameCore
    load("yijingpai", "config", "python")   # pyyijing.fallback.yijingpai.config.Config
    load("mahjong", "hand_eval", "cython")  # the module pyyijing._cy.mahjong.hand_eval
    load(SHARED, "prng", "native")          # the module pyyijing._native (the shared PRNG)

A game's parts are in its `GameSpec` (`pyyijing.core.registry`): each part is
one interface (docs/backend-interface.md) that every backend implements the
same way; the module that holds it follows from the backend:

- native: ``pyyijing._native.<game>`` (one pybind11 submodule per game;
  shared parts at ``pyyijing._native``);
- cython: ``pyyijing._cy.<game>.<module>`` (the fallback compiled by Cython);
- python: ``pyyijing.fallback.<game>.<module>`` (shared parts at
  ``pyyijing.fallback.<module>``).

A part the C++ core does not have (`native=False`) is the python module on
the native backend too; a native-only part (`module=None`) has no fallback.
Backend *selection* (``PYYIJING_BACKEND``, warnings) is `pyyijing._backend`'s.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Any

from . import registry
from .active import active
from .registry import Part

BACKENDS: tuple[str, ...] = ("native", "cython", "python")
#: Not a game: the code every game shares (the PRNG), looked up like a game's parts.
SHARED = "shared"
SHARED_PARTS: Mapping[str, Part] = {
    "prng": Part("prng"),  # splitmix64, Xoshiro256ss
}

_PACKAGES = {"native": "pyyijing._native", "cython": "pyyijing._cy", "python": "pyyijing.fallback"}


def parts_of(game: str) -> Mapping[str, Part]:
    """The parts of `game` (`SHARED`: the shared code's): ValueError for an unknown game."""
    return SHARED_PARTS if game == SHARED else registry.get(game).parts


def _check(game: str, part: str, backend: str) -> Part:
    try:
        parts = parts_of(game)
    except ValueError:
        raise ValueError(
            f"game must be one of {', '.join(registry.names())} (or {SHARED!r}: the shared code); "
            f"got {game!r}"
        ) from None
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}; got {backend!r}")
    if part not in parts:
        raise ValueError(f"{game} has no part {part!r}; its parts: {', '.join(parts)}")
    return parts[part]


def module_backend(game: str, part: str, backend: str) -> str:
    """The backend whose module is `part` of `game` on `backend`: `backend` itself, or
    "python" for a part the C++ core does not have (its values, a Config for one, then
    come from the python backend too)."""
    spec = _check(game, part, backend)
    if spec.module is None and backend != "native":
        raise ImportError(
            f"the {backend} backend has no {game} {part}: it is native only "
            f"({', '.join(b for b in BACKENDS if b != 'native')} have no C++ core)"
        )
    return "python" if backend == "native" and not spec.native else backend


def module_name(game: str, part: str, backend: str) -> str:
    """The module that holds `part` of `game` on `backend` (ImportError if it has none)."""
    spec = _check(game, part, backend)
    backend = module_backend(game, part, backend)
    base = _PACKAGES[backend]
    if backend == "native":
        return base if game == SHARED else f"{base}.{game}"
    return f"{base}.{spec.module}" if game == SHARED else f"{base}.{game}.{spec.module}"


def _import(name: str) -> ModuleType:
    module = importlib.import_module(name)
    # The source tree holds the type stubs of pyyijing/_native/ but no extension
    # module: that imports as an empty namespace package, which is not a backend.
    if getattr(module, "__file__", None) is None:
        raise ModuleNotFoundError(f"No module named {name!r} (not built)", name=name)
    return module


@cache
def _load(game: str, part: str, backend: str) -> Any:
    spec = _check(game, part, backend)
    name = module_name(game, part, backend)
    try:
        module = _import(name)
    except ImportError as exc:
        raise ImportError(f"the {backend} backend has no {game} {part} ({name}): {exc}") from exc
    if spec.attr is None:
        return module
    try:
        return getattr(module, spec.attr)
    except AttributeError:
        raise ImportError(
            f"the {backend} backend has no {game} {part}: {name} has no {spec.attr} "
            "(an old build? reinstall pyyijing)"
        ) from None


def backend_name(backend: str | None = None) -> str:
    """`backend` checked (None: the active backend): ValueError for a name that is not a
    backend, ImportError (saying why) when that backend is not built."""
    name = active() if backend is None else backend
    if name not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}; got {name!r}")
    load(SHARED, "prng", name)  # every backend has the shared PRNG: built or not, it says
    return name


def load(game: str, part: str, backend: str | None = None) -> Any:
    """`part` of `game` on `backend` (None: the active backend): a module, or the
    part's object (a class or function) when the part names one.

    ValueError for an unknown game, part or backend; ImportError (saying which
    module) when that backend is not built or has no such part.
    """
    if backend is None:
        backend = active()
    return _load(game, part, backend)


def entries() -> list[tuple[str, str, str]]:
    """Every (game, part, backend) the registry knows (game ``SHARED`` included)."""
    return [
        (game, part, backend)
        for game in (*registry.names(), SHARED)
        for part, spec in parts_of(game).items()
        for backend in BACKENDS
        if spec.module is not None or backend == "native"
    ]
