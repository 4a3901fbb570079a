"""The one registry of games, backends and their parts: where each piece of code lives.

Every layer above the backends asks this module for a backend's code instead
of naming modules itself::

    load("yijingpai", "engine", "native")   # pyyijing._native.yijingpai.GameCore
    load("yijingpai", "config", "python")   # pyyijing.fallback.yijingpai.config.Config
    load("mahjong", "hand_eval", "cython")  # the module pyyijing._cy.mahjong.hand_eval
    load(SHARED, "prng", "native")          # the module pyyijing._native (the shared PRNG)

A part is one interface (docs/backend-interface.md) that every backend
implements the same way; the module that holds it follows from the backend:

- native: ``pyyijing._native.<game>`` (one pybind11 submodule per game;
  shared parts at ``pyyijing._native``);
- cython: ``pyyijing._cy.<game>.<module>`` (the fallback compiled by Cython);
- python: ``pyyijing.fallback.<game>.<module>`` (shared parts at
  ``pyyijing.fallback.<module>``).

A part the C++ core does not have (`native=False`) is the python module on
the native backend too; a native-only part (`module=None`) has no fallback.
Adding a game: its fallback package, its native submodule, and one entry in
`PARTS`. Backend *selection* (``PYYIJING_BACKEND``, warnings) is
`pyyijing._backend`'s.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from .core.active import active

GAMES: tuple[str, ...] = ("yijingpai", "mahjong")
BACKENDS: tuple[str, ...] = ("native", "cython", "python")
#: Not a game: the code every game shares (the PRNG), looked up like a game's parts.
SHARED = "shared"

_PACKAGES = {"native": "pyyijing._native", "cython": "pyyijing._cy", "python": "pyyijing.fallback"}


@dataclass(frozen=True)
class Part:
    """One part of a game: its fallback module and what of it the part is.

    `module`: the module's name in ``pyyijing/fallback/<game>/`` (None: native
    only); `attr`: the object the part is (None: the whole module); `native`:
    whether the native submodule has it (False: the native backend uses the
    python module).
    """

    module: str | None
    attr: str | None = None
    native: bool = True


PARTS: dict[str, dict[str, Part]] = {
    "yijingpai": {
        "config": Part("config", "Config"),  # Config(**Rules.core_config())
        "engine": Part("engine", "GameCore"),
        "positions": Part("position_check", "check_positions"),
        "wall": Part("wall", "shuffle_wall"),
        "tables": Part("iching_tables"),  # HEXAGRAMS, TRIGRAMS, DIGRAMS
        # choose(policy, view, legal, config, rng): the fallback bots. The C++ bots
        # are reached through "sim" (bot_move on a whole game, sim_batch).
        "bots": Part("bots", native=False),
        "sim": Part(None),  # sim_batch, sim_game_moves, bot_move (native only)
        "wire": Part(None, "validate_moves_wire"),  # the service's fast path (native only)
    },
    "mahjong": {
        # The game engine (docs/mahjong-engine.md): C++ in core_cpp/src/mahjong/game_*.
        "config": Part("config", "Config"),
        "engine": Part("engine", "GameCore"),
        "wall": Part("tiles", "shuffle_wall"),
        # random_hands(config, seed, start, count): whole hands of random legal
        # moves, the benchmark workload (and a cross-backend determinism check)
        "random": Part("random_play", "random_hands"),
        "hand_eval": Part("hand_eval"),
        # rule logic on a handful of readings: no C++ version
        "patterns": Part("patterns", native=False),
        # choose(policy, view, legal, config, rng), play_hand, bot_hands: the fallback
        # bots (docs/mahjong-bots.md). The C++ bots are reached through "sim".
        "bots": Part("bots", native=False),
        # bot_move(core, seat, policy, rng), play_bot_hand, bot_hands and sim_batch (the
        # batch simulator of pyyijing.mahjong.sim, docs/simulation.md "Mahjong"): native only
        "sim": Part(None),
        "wire": Part(None, "validate_moves_wire"),  # the service's fast path (native only)
    },
    SHARED: {
        "prng": Part("prng"),  # splitmix64, Xoshiro256ss
    },
}


def _check(game: str, part: str, backend: str) -> Part:
    if game not in PARTS:
        raise ValueError(
            f"game must be one of {', '.join(GAMES)} (or {SHARED!r}: the shared code); got {game!r}"
        )
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}; got {backend!r}")
    parts = PARTS[game]
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
        for game, parts in PARTS.items()
        for part, spec in parts.items()
        for backend in BACKENDS
        if spec.module is not None or backend == "native"
    ]
