"""`mj.Rules`: a mahjong ruleset of the seeds and its options (docs/mahjong.md, "Options").

The options are declared once, in `MAHJONG_OPTIONS` (pyyijing/options.py says
what an entry holds; `rulesets` says which rulesets have it). ``Rules(ruleset,
**options)`` holds the ruleset and exactly its own options: an option of
another ruleset, an unknown ruleset or a bad value raises ValueError naming
the option and its allowed values, the same on every backend.
"""

from __future__ import annotations

import functools
from dataclasses import FrozenInstanceError
from typing import Any

from ..options import Option, check_option

RULESETS: tuple[str, ...] = ("common", "shaoyang", "changsha")
#: The rulesets every backend plays: all of them (a public name of the contract).
PLAYABLE: tuple[str, ...] = RULESETS


def _check_cap(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"cap must be an int >= 0 (0: no cap); got {value!r}")
    return value


def _check_floats(value: Any) -> tuple[int, int, int, int]:
    items = tuple(value) if isinstance(value, (list, tuple)) else None
    if items is None or len(items) != 4 or any(type(x) is not int or x < 0 for x in items):
        raise ValueError(f"floats must be four ints >= 0, one per seat; got {value!r}")
    return (items[0], items[1], items[2], items[3])


MAHJONG_OPTIONS: tuple[Option, ...] = (
    Option(
        "flowers",
        bool,
        (False, True),
        False,
        "play with the eight flowers (144 tiles), set aside and replaced from the back",
        "flowers",
        rulesets=("common",),
    ),
    Option(
        "void_suit",
        bool,
        (False, True),
        False,
        "the void-suit game 定缺: 108 tiles, each seat voids a suit, no chow, no 報聽",
        "void_suit",
        rulesets=("common",),
    ),
    Option(
        "declare_ready",
        bool,
        (False, True),
        True,
        "報聽: a seat may declare ready (its hand is then locked; a bonus on its win)",
        "declare_ready",
        rulesets=("common",),
    ),
    Option(
        "birds",
        int,
        (0, 2, 4),
        2,
        "扎鳥: tiles turned after a win",
        "birds",
        rulesets=("changsha",),
    ),
    Option(
        "bird_scoring",
        str,
        ("add", "multiply"),
        "add",
        "a bird hit multiplies a payment by 1 + hits (add) or 2^hits (multiply)",
        "bird_scoring",
        rulesets=("changsha",),
    ),
    Option(
        "compound",
        str,
        ("add", "multiply"),
        "add",
        "big-win units combine by sum (add) or doubling (multiply)",
        "compound",
        rulesets=("changsha",),
    ),
    Option(
        "cap",
        int,
        (0, 6),
        6,
        "at most this many big-win units (0: no cap)",
        "cap",
        rulesets=("changsha",),
        check=_check_cap,
    ),
    Option(
        "floats",
        tuple,
        ((0, 0, 0, 0),),
        (0, 0, 0, 0),
        "飄: per seat, added to every payment it makes or takes",
        "floats",
        rulesets=("changsha",),
        check=_check_floats,
    ),
    Option(
        "opening_extras",
        bool,
        (False, True),
        False,
        "起手胡 extras 三同 一枝花 步步高 金童玉女",
        "opening_extras",
        rulesets=("changsha",),
    ),
    Option(
        "opening_reuse",
        bool,
        (False, True),
        False,
        "a four counted as 四喜 may also be a triplet of 六六順",
        "opening_reuse",
        rulesets=("changsha",),
    ),
    Option(
        "mid_game_wins",
        bool,
        (False, True),
        True,
        "中途四喜 / 中途六六順",
        "mid_game_wins",
        rulesets=("changsha",),
    ),
    Option(
        "pass_lock",
        bool,
        (False, True),
        True,
        "過手: a seat that passes a 胡 cannot win on another's tile until it draws",
        "pass_lock",
        rulesets=("changsha",),
    ),
)
OPTIONS_BY_NAME: dict[str, Option] = {o.name: o for o in MAHJONG_OPTIONS}


def options_of(ruleset: str) -> tuple[Option, ...]:
    """The options `ruleset` has, in table order."""
    return tuple(o for o in MAHJONG_OPTIONS if ruleset in o.rulesets)


def check_ruleset(ruleset: Any) -> str:
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise ValueError(f"ruleset must be one of {', '.join(RULESETS)}; got {ruleset!r}")
    return ruleset


def _option_getter(name: str) -> Any:
    def get(self: Rules) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"{self.ruleset} rules have no option {name!r}") from None

    return get


class Rules:
    """One mahjong ruleset with its options: an immutable, hashable value.

    ``Rules("common", flowers=True)``. Every option of the ruleset is held
    (defaults filled in) and readable as an attribute; `to_dict` /
    `from_dict` round-trip through JSON (records).
    """

    __slots__ = ("_values", "ruleset")
    ruleset: str
    _values: dict[str, Any]

    def __init__(self, ruleset: str = "common", **options: Any) -> None:
        ruleset = check_ruleset(ruleset)
        own = options_of(ruleset)
        names = {o.name for o in own}
        for key in options:
            if key in names:
                continue
            if key in OPTIONS_BY_NAME:
                where = ", ".join(OPTIONS_BY_NAME[key].rulesets)
                raise ValueError(
                    f"option {key!r} belongs to {where}, not {ruleset}; "
                    f"{ruleset} options: {', '.join(sorted(names)) or 'none'}"
                )
            raise ValueError(
                f"unknown option {key!r}; {ruleset} options: {', '.join(sorted(names)) or 'none'}"
            )
        values = {o.name: check_option(o, options.get(o.name, o.default)) for o in own}
        if values.get("flowers") and values.get("void_suit"):
            raise ValueError("flowers and void_suit cannot both be on (void_suit plays 108 tiles)")
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "_values", values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.ruleset == other.ruleset and self._values == other._values

    def __hash__(self) -> int:
        return hash(("mahjong", self.ruleset, *self._values.items()))

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self._values.items())
        return f"mj.Rules({self.ruleset!r}{inner})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (functools.partial(type(self), self.ruleset, **self._values), ())

    def options(self) -> dict[str, Any]:
        """The ruleset's options and their values, in table order."""
        return dict(self._values)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"ruleset": ..., <option>: ...}`` (lists for tuples)."""
        out: dict[str, Any] = {"ruleset": self.ruleset}
        for k, v in self._values.items():
            out[k] = list(v) if isinstance(v, tuple) else v
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, dict) or "ruleset" not in data:
            raise ValueError("mahjong rules must be a dict with a 'ruleset' and its options")
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        ruleset = options.pop("ruleset")
        return cls(check_ruleset(ruleset), **options)

    # -- what the rules imply ---------------------------------------------------
    @property
    def tiles(self) -> int:
        """How many tiles the wall holds: 136, 144 (flowers) or 108 (void suit, Changsha)."""
        if self.ruleset == "changsha" or self._values.get("void_suit"):
            return 108
        return 144 if self._values.get("flowers") else 136

    @property
    def tile_set(self) -> str:
        return str(self.tiles)

    def core_config(self) -> dict[str, Any]:
        """The keyword arguments of a backend's mahjong `Config` (docs/mahjong-engine.md)."""
        # Every option of every ruleset, the table's default where this ruleset lacks it
        # (Shaoyang has none: no flowers, no void suit, no 報聽, §6).
        out: dict[str, Any] = {"ruleset": self.ruleset}
        for o in MAHJONG_OPTIONS:
            out[o.name] = self._values.get(o.name, o.default)
        if self.ruleset != "common":
            out["declare_ready"] = False
        return out


# One property per option of every ruleset (an option of another ruleset is an
# AttributeError naming the ruleset): plain property reads, no __getattr__.
for _opt in MAHJONG_OPTIONS:
    setattr(Rules, _opt.name, property(_option_getter(_opt.name), doc=_opt.doc))
