"""Environment names: one per registered ruleset, with PettingZoo's version suffix.

An environment is named after its ruleset ("yijingpai", "common", "shaoyang",
"changsha"); ``"changsha_v0"`` names the same one, the way PettingZoo's classic
environments carry their version. A version other than the current one is
refused rather than silently given the current behaviour.
"""

from __future__ import annotations

import re
from typing import Any

from ..core import registry

#: The version every environment has now (docs/env.md "Version history").
VERSION = 0


def agent_name(seat: int) -> str:
    """The PettingZoo agent of `seat`."""
    return f"player_{seat}"


def env_metadata(codec_name: str, *, parallel: bool) -> dict[str, Any]:
    """PettingZoo's metadata of an environment of `codec_name` (the AEC form, or the
    parallel one)."""
    return {
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": f"{codec_name}_v{VERSION}",
        "is_parallelizable": parallel,
    }


_VERSIONED = re.compile(r"^(?P<base>.+)_v(?P<version>[0-9]+)$")


def names() -> tuple[str, ...]:
    """The environments `make` and `make_gym` build: every registered game's rulesets
    whose game has environment parts, in the registry's order."""
    return tuple(r for spec in registry.games() if spec.env is not None for r in spec.rulesets)


def split_name(name: object) -> tuple[registry.GameSpec, str]:
    """The game and ruleset `name` (``"changsha"`` or ``"changsha_v0"``) stands for."""
    if not isinstance(name, str):
        raise TypeError(f"an environment's name is a str; got {type(name).__name__}")
    base = name
    match = _VERSIONED.match(name)
    if match is not None:
        base = match["base"]
        if int(match["version"]) != VERSION:
            raise ValueError(
                f"{name!r}: environment version {match['version']} does not exist; "
                f"the current one is v{VERSION} ({base}_v{VERSION})"
            )
    known = names()
    if base not in known:
        raise ValueError(f"environment must be one of {', '.join(known)}; got {name!r}")
    return registry.by_ruleset(base), base


class Table:
    """What an environment is built from: its game's spec, the codec of its rules, and
    how it deals a hand (the game the seed deals, on `backend`; None: the active one)."""

    def __init__(self, name: object, options: dict[str, Any], backend: str | None) -> None:
        self.spec, ruleset = split_name(name)
        self.rules = self.spec.make_rules(ruleset, **options)
        self.codec = self.spec.load("env")(self.rules)
        self.game_class = self.spec.load("game")
        self.backend = backend
        self.deal(0)  # a bad backend is refused now, not at the first reset

    def deal(self, seed: int) -> Any:
        return self.game_class(self.rules, seed=seed, backend=self.backend)
