"""Backend selection: "native" (C++ via pybind11), "cython" or "python".

``PYYIJING_BACKEND`` forces one backend; an unavailable forced backend raises
ImportError. Without it the first that imports of native, cython, python is
used, with exactly one RuntimeWarning when that is not the native backend.
Where each backend's code lives is `pyyijing._registry`'s.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import _registry

BACKENDS: tuple[str, ...] = _registry.BACKENDS
ENV_VAR = "PYYIJING_BACKEND"

HexagramRow = tuple[int, str, str, str, str, str, str, str]
GramRow = tuple[str, str, str, str, str]

_HINTS = {
    "native": (
        "the C++ extension pyyijing._native was not built or cannot load; reinstall with "
        "a C++17 compiler, CMake and Python headers available: `pip install .` "
        "(or `make test` in a checkout)"
    ),
    "cython": (
        "the Cython-compiled modules pyyijing._cy.* were not built or cannot load; "
        "reinstall with a C++17 compiler and Python headers available: `pip install .`"
    ),
    "python": "the pure-Python backend pyyijing.fallback is missing: reinstall pyyijing",
}


def source_tree() -> str | None:
    """The checkout this package was imported from, if it is one with nothing compiled in it.

    A checkout's root holds pyproject.toml and core_cpp/ beside pyyijing/; an
    installed copy (site-packages) has neither. A checkout with the extension
    built in place is not one: its native backend failed for another reason.
    """
    package = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(package)
    if not (
        os.path.isfile(os.path.join(root, "pyproject.toml"))
        and os.path.isdir(os.path.join(root, "core_cpp"))
    ):
        return None
    built = any(
        name.startswith("_native.") and name.endswith((".so", ".pyd"))
        for name in os.listdir(package)
    )
    return None if built else root


def _native_hint() -> str:
    """Why the native backend is missing and the fix: a source tree shadowing the install."""
    root = source_tree()
    if root is None:
        return _HINTS["native"]
    return (
        f"this pyyijing is the source tree {os.path.join(root, 'pyyijing')}, not an installed "
        "copy: Python puts the current directory (or the script's) first on sys.path, so "
        "inside the checkout it imports these sources, which hold no compiled modules. "
        "Nothing needs rebuilding: run Python outside the checkout, or with `python -I` "
        "(as `make serve` does), or use the installed tools (.venv/bin/yijing, "
        ".venv/bin/pytest; `make install` builds that copy)"
    )


@dataclass(frozen=True)
class Backend:
    """The small surface every backend provides."""

    name: str
    hexagrams: tuple[HexagramRow, ...]
    trigrams: tuple[GramRow, ...]
    digrams: tuple[GramRow, ...]
    shuffle_wall: Callable[[int, int, str], tuple[str, tuple[int, int]]]
    splitmix64: Callable[[int], tuple[int, int]]
    xoshiro256ss: Callable[[int], Any]


def load(name: str) -> Backend:
    """Import backend `name`; raise ImportError (with the reason) if unavailable."""
    if name not in BACKENDS:
        raise ImportError(
            f"unknown pyyijing backend {name!r}; allowed values: {', '.join(BACKENDS)}"
        )
    tables = _registry.load("yijingpai", "tables", name)
    prng = _registry.load(_registry.SHARED, "prng", name)
    return Backend(
        name=name,
        hexagrams=tuple(tuple(r) for r in tables.HEXAGRAMS),
        trigrams=tuple(tuple(r) for r in tables.TRIGRAMS),
        digrams=tuple(tuple(r) for r in tables.DIGRAMS),
        shuffle_wall=_registry.load("yijingpai", "wall", name),
        splitmix64=prng.splitmix64,
        xoshiro256ss=prng.Xoshiro256ss,
    )


def available() -> list[str]:
    """Names of the backends that import in this installation."""
    names = []
    for name in BACKENDS:
        try:
            load(name)
        except ImportError:
            continue
        names.append(name)
    return names


def select() -> Backend:
    """The backend forced by PYYIJING_BACKEND, or the best available one."""
    forced = os.environ.get(ENV_VAR, "").strip().lower()
    if forced:
        if forced not in BACKENDS:
            raise ImportError(
                f"{ENV_VAR}={os.environ[ENV_VAR]!r} is not a pyyijing backend; allowed values: "
                f"{', '.join(BACKENDS)} (or unset it to pick the best available)"
            )
        try:
            return load(forced)
        except ImportError as exc:
            raise ImportError(
                f"{ENV_VAR}={forced} but the {forced} backend is unavailable ({exc}): "
                f"{_native_hint() if source_tree() else _HINTS[forced]}"
            ) from exc

    failures: list[str] = []
    for name in BACKENDS:
        try:
            backend = load(name)
        except ImportError as exc:
            failures.append(f"{name}: {exc}")
            continue
        if failures:
            warnings.warn(
                f"pyyijing is using the {name} backend (slower) because "
                f"{'; '.join(failures)}. {_native_hint()}",
                RuntimeWarning,
                stacklevel=2,
            )
        return backend
    raise ImportError("no pyyijing backend could be imported: " + "; ".join(failures))


def _running_the_command() -> bool:
    """True while the `yijing` command itself is importing pyyijing.

    The console script (``yijing``) and ``python -m pyyijing.cli`` import this
    package before `pyyijing.cli.main` runs, so a bad PYYIJING_BACKEND can only
    be turned into the command's one-line error here.
    """
    argv0 = os.path.basename(sys.argv[0]) if sys.argv else ""
    if argv0 in ("yijing", "yijing.exe", "yijing-script.py"):
        return True
    orig = getattr(sys, "orig_argv", ())
    return argv0 == "-m" and ("pyyijing.cli" in orig or "-mpyyijing.cli" in orig)


def exit_if_command(exc: ImportError) -> None:
    """Under the `yijing` command: ``yijing: error: <why>`` and exit status 2 (else return)."""
    if _running_the_command():
        sys.stderr.write(f"yijing: error: {exc}\n")
        raise SystemExit(2)
