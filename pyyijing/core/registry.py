"""The one registry of games: each game registers one `GameSpec` and every layer reads it.

A spec names its code by ``"module:attr"`` strings (``"module"`` alone is the
whole module), resolved only when a layer asks for them (`GameSpec.load`): the
core imports no game, and importing the registry imports nothing at all.

Where games come from:

- the builtins, `BUILTINS`: one ``spec.py`` per game package, listed here by
  name so that the core does not import them, each imported when first needed;
- other distributions, through the ``pyyijing.games`` entry-point group (each
  entry point is a `GameSpec`), read once, the first time a layer needs a
  game that is not a builtin or the whole list;
- `register(spec)` at run time (tests, notebooks).

A broken entry point raises `GameLoadError` naming its distribution, where the
registry is read, instead of an AttributeError somewhere in a layer later.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

#: The entry-point group a distribution registers its games in.
ENTRY_POINT_GROUP = "pyyijing.games"

#: The games shipped with pyyijing and where their specs are, in the order `games()`
#: lists them (the first is the default game: ``yj.Game`` and the CLI's default
#: ``--game``). Each is imported when first asked for: ``import pyyijing`` reads
#: Yi Jing Pai's and leaves mahjong unimported until a layer needs it.
BUILTINS: dict[str, str] = {
    "yijingpai": "pyyijing.yijingpai.spec:SPEC",
    "mahjong": "pyyijing.mahjong.spec:SPEC",
}


class GameLoadError(ImportError):
    """A game's spec, or a part it names, could not be loaded."""


@dataclass(frozen=True)
class Part:
    """One backend part of a game (docs/backend-interface.md): where each backend has it.

    `module`: the module's name in ``pyyijing/fallback/<game>/`` (None: native
    only); `attr`: the object the part is (None: the whole module); `native`:
    whether the native submodule has it (False: the native backend uses the
    python module). `pyyijing.core.parts` turns these into module names.
    """

    module: str | None
    attr: str | None = None
    native: bool = True


@dataclass(frozen=True)
class GameSpec:
    """Everything a layer needs to find a game, as lazy ``"module:attr"`` strings.

    - `name`: the game's name (records' ``"game"``, the session store, the registry key);
    - `rulesets`: the names a user picks it by (``yijing simulate --game``,
      `by_ruleset`); a game without rulesets has one, named as itself;
    - `ruleset_option`: the first positional argument of its Rules that takes a
      ruleset (mahjong: ``"ruleset"``), or None when it has one ruleset;
    - `rules`, `game`, `match`, `replay`: its Rules, Game and Match classes and
      its ``replay(record) -> Game``;
    - `sim`: its `pyyijing.sim.GameSim` subclass (None: it does not simulate);
    - `cli`: its command-line part (`pyyijing.cli.game_part.CliPart`; None: the CLI
      drives it with the generic flags only);
    - `service`: its service adapter, a `pyyijing.service.games.base.GameAdapter`
      (None: not served);
    - `env`: its environment parts, ``make_codec(rules) -> pyyijing.env.codec.Codec``
      (None: no reinforcement-learning environment);
    - `bot`: its built-in bots, ``bot_move(game, policy, seat, seed) -> move`` (None:
      it has none; the Gymnasium environment needs them for the other seats);
    - `viewer`: its replay viewer's part, a `pyyijing.viewer.part.ViewerPart` (None: no page);
    - `events`: its event-log part, a `pyyijing.events.part.GameEvents` (None: no event log);
    - `docs`: its rules page, relative to the repository;
    - `parts`: its backend parts by name (`Part`; empty for a Python-only game
      that loads its engine itself);
    - `backends`: the backends it plays on.
    """

    name: str
    rules: str
    game: str
    match: str
    replay: str
    rulesets: tuple[str, ...] = ()
    ruleset_option: str | None = None
    sim: str | None = None
    cli: str | None = None
    service: str | None = None
    env: str | None = None
    bot: str | None = None
    viewer: str | None = None
    events: str | None = None
    docs: str | None = None
    parts: Mapping[str, Part] = field(default_factory=dict)
    backends: tuple[str, ...] = ("native", "cython", "python")

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.isidentifier():
            raise ValueError(f"a game's name is an identifier; got {self.name!r}")
        rulesets = tuple(self.rulesets) or (self.name,)
        object.__setattr__(self, "rulesets", rulesets)
        if len(set(rulesets)) != len(rulesets):
            raise ValueError(f"{self.name}: rulesets repeat a name: {rulesets}")
        if len(rulesets) > 1 and self.ruleset_option is None:
            raise ValueError(f"{self.name}: several rulesets need a ruleset_option")
        object.__setattr__(self, "parts", MappingProxyType(dict(self.parts)))
        object.__setattr__(self, "backends", tuple(self.backends))
        for what in _LOADABLE:
            target = getattr(self, what)
            if target is not None and (not isinstance(target, str) or not target):
                raise ValueError(f"{self.name}: {what} is a 'module:attr' string; got {target!r}")

    def load(self, what: str) -> Any:
        """The object field `what` names (one of `_LOADABLE`), imported: GameLoadError if
        the game has none or it does not import."""
        target = getattr(self, what, None) if what in _LOADABLE else None
        if target is None:
            if what not in _LOADABLE:
                raise ValueError(f"what must be one of {', '.join(_LOADABLE)}; got {what!r}")
            raise GameLoadError(f"the game {self.name!r} has no {what} part")
        return resolve(target, f"the {what} of game {self.name!r}")

    def make_rules(self, ruleset: str | None = None, **options: Any) -> Any:
        """Rules of `ruleset` (default: the first) with `options`."""
        ruleset = self.rulesets[0] if ruleset is None else ruleset
        if ruleset not in self.rulesets:
            raise ValueError(
                f"{self.name}: ruleset must be one of {', '.join(self.rulesets)}; got {ruleset!r}"
            )
        rules_class = self.load("rules")
        if self.ruleset_option is None:
            return rules_class(**options)
        return rules_class(ruleset, **options)


_LOADABLE = (
    "rules",
    "game",
    "match",
    "replay",
    "sim",
    "cli",
    "service",
    "env",
    "bot",
    "viewer",
    "events",
)


def resolve(target: str, what: str) -> Any:
    """Import ``"module:attr"`` (or ``"module"``): GameLoadError saying `what` it was."""
    module_name, _, attr = target.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
        for name in attr.split(".") if attr else ():
            obj = getattr(obj, name)
    except (ImportError, AttributeError) as exc:
        raise GameLoadError(f"cannot load {what} ({target}): {exc}") from exc
    return obj


class _Registry:
    """The registered specs; builtins loaded one by one when asked for, entry points once."""

    def __init__(self) -> None:
        self.specs: dict[str, GameSpec] = {}
        self.builtins_loaded: set[str] = set()
        self.entry_points_loaded = False

    def add(self, spec: GameSpec, origin: str) -> None:
        if not isinstance(spec, GameSpec):
            raise TypeError(f"{origin}: a game registers a GameSpec; got {type(spec).__name__}")
        old = self.specs.get(spec.name)
        if old is not None:
            if old == spec:
                return
            raise ValueError(f"{origin}: a game named {spec.name!r} is already registered")
        for other in self.specs.values():
            shared = set(other.rulesets) & set(spec.rulesets)
            if shared:
                raise ValueError(
                    f"{origin}: game {spec.name!r} names ruleset(s) {', '.join(sorted(shared))} "
                    f"of game {other.name!r}"
                )
        self.specs[spec.name] = spec

    def ensure_builtin(self, name: str) -> None:
        if name in self.builtins_loaded or name not in BUILTINS:
            return
        # Marked first: a builtin spec's package may ask the registry for its own parts
        # while it imports (its engine loads a backend part).
        self.builtins_loaded.add(name)
        target = BUILTINS[name]
        spec = resolve(target, "a builtin game")
        if getattr(spec, "name", None) != name:
            raise GameLoadError(f"{target} is not the spec of the builtin game {name!r}")
        self.add(spec, target)

    def ensure_builtins(self) -> None:
        for name in BUILTINS:
            self.ensure_builtin(name)

    def ensure_entry_points(self) -> None:
        self.ensure_builtins()
        if self.entry_points_loaded:
            return
        from importlib.metadata import entry_points

        found = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)
        for ep in found:
            dist = getattr(ep.dist, "name", None) or "an unknown distribution"
            origin = f"entry point {ep.name!r} ({ep.value}) of distribution {dist!r}"
            try:
                spec = ep.load()
                self.add(spec, origin)
            except Exception as exc:
                raise GameLoadError(
                    f"the game of {origin} in group {ENTRY_POINT_GROUP!r} does not load: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
        self.entry_points_loaded = True

    def ordered(self) -> tuple[GameSpec, ...]:
        """The builtins in `BUILTINS` order, then the others as they were registered."""
        first = [self.specs[name] for name in BUILTINS if name in self.specs]
        return (*first, *(s for s in self.specs.values() if s.name not in BUILTINS))


_REGISTRY = _Registry()


def register(spec: GameSpec) -> GameSpec:
    """Add `spec`; ValueError if another game has its name or one of its rulesets.
    Registering an equal spec again does nothing. Returns `spec`."""
    _REGISTRY.ensure_builtins()
    _REGISTRY.add(spec, f"register({spec.name if isinstance(spec, GameSpec) else spec!r})")
    return spec


def unregister(name: str) -> None:
    """Remove the game `name` (KeyError if it is not registered)."""
    _REGISTRY.ensure_builtins()
    if name not in _REGISTRY.specs:
        raise KeyError(f"no game {name!r} is registered")
    del _REGISTRY.specs[name]


def games() -> tuple[GameSpec, ...]:
    """Every registered game: the builtins first (the default game first), then the others."""
    _REGISTRY.ensure_entry_points()
    return _REGISTRY.ordered()


def names() -> tuple[str, ...]:
    """The registered games' names, in `games()` order."""
    return tuple(spec.name for spec in games())


def rulesets() -> tuple[str, ...]:
    """Every registered ruleset, game by game in `games()` order."""
    return tuple(r for spec in games() for r in spec.rulesets)


def get(name: str) -> GameSpec:
    """The game named `name`: ValueError listing the registered games if none is."""
    _REGISTRY.ensure_builtin(name)
    spec = _REGISTRY.specs.get(name)
    if spec is None:
        _REGISTRY.ensure_entry_points()
        spec = _REGISTRY.specs.get(name)
    if spec is None:
        raise ValueError(f"game must be one of {', '.join(names())}; got {name!r}")
    return spec


def by_ruleset(ruleset: str) -> GameSpec:
    """The game one of whose rulesets is `ruleset`: ValueError listing them if none."""
    for spec in games():
        if ruleset in spec.rulesets:
            return spec
    raise ValueError(f"ruleset must be one of {', '.join(rulesets())}; got {ruleset!r}")


def for_rules(rules: Any) -> GameSpec:
    """The game whose Rules class `rules` is an instance of: TypeError if none."""
    cls = type(rules)
    exact = f"{cls.__module__}:{cls.__qualname__}"
    for spec in _REGISTRY.specs.values():  # no import when the spec names the class itself
        if spec.rules == exact:
            return spec
    for spec in games():
        if isinstance(rules, spec.load("rules")):
            return spec
    raise TypeError(
        "rules must be the Rules of a registered game "
        f"({', '.join(names())}); got {type(rules).__name__}"
    )


def default() -> GameSpec:
    """The default game: the first builtin."""
    return get(next(iter(BUILTINS)))
