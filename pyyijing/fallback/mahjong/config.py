"""The mahjong rules as one value for the engine (docs/mahjong-engine.md "Config").

The option values are checked once, by the option table (`pyyijing.mahjong.rules`,
`mj.Rules`), before `Rules.core_config()` gives them here. `Config` checks only
what the engine needs to be built and to run without crashing on a direct call:
the types, the ruleset (it picks the engine's hand class) and which tile set it
plays, and that `floats` are four ints.

Its keywords are the option table's entries, in table order, after `ruleset`:
an option added to the table is a keyword and an attribute here with no code
of its own (the native twin expands the same list, YIJING_MAHJONG_CONFIG_FIELDS
in core_cpp/include/yijing/mahjong/config.hpp).
"""

from __future__ import annotations

from typing import Any

from ...mahjong.rules import MAHJONG_OPTIONS

RULESETS = ("common", "shaoyang", "changsha")

#: Every option's name, in the order of the table (the keywords and the repr).
OPTION_NAMES: tuple[str, ...] = tuple(o.name for o in MAHJONG_OPTIONS)
_KEYWORDS = ("ruleset", *OPTION_NAMES)

# The type checks run one value type after another, in this order (the
# native binding checks in the same order, so both name the same first bad
# keyword); within a type, in table order.
_TYPE_ORDER: tuple[type, ...] = (bool, int, str, tuple)
_TYPE_CHECKS: tuple[tuple[str, type, int | None], ...] = tuple(
    (o.name, o.type, o.size) for t in _TYPE_ORDER for o in MAHJONG_OPTIONS if o.type is t
)
_SIZE_WORDS = {4: "four"}


def _ints(size: int | None) -> str:
    """ "four ints" for a tuple option of four values, "ints" for one of any length."""
    return "ints" if size is None else f"{_SIZE_WORDS.get(size, size)} ints"


def _type_error(name: str, kind: type, size: int | None, value: Any) -> TypeError | None:
    """The TypeError of `value` for an option of type `kind`, or None when it has that type."""
    if kind is bool:
        ok, what = isinstance(value, bool), "a bool"
    elif kind is int:  # an exact int: a bool is refused
        ok, what = type(value) is int, "an int"
    elif kind is str:
        ok, what = isinstance(value, str), "a str"
    else:  # a tuple option (floats): a tuple or a list
        ok, what = isinstance(value, (tuple, list)), f"a tuple of {_ints(size)}"
    return None if ok else TypeError(f"{name} must be {what}; got {type(value).__name__}")


def _check_keywords(options: dict[str, Any]) -> None:
    """Python's own TypeError for an unknown keyword or a missing one, as if each were a
    keyword-only parameter (`ruleset`, then the options)."""
    for name in options:
        if name not in _KEYWORDS:
            raise TypeError(f"Config.__init__() got an unexpected keyword argument {name!r}")
    missing = [repr(name) for name in _KEYWORDS if name not in options]
    if missing:
        names = (
            missing[0]
            if len(missing) == 1
            else f"{missing[0]} and {missing[1]}"
            if len(missing) == 2
            else ", ".join(missing[:-1]) + f", and {missing[-1]}"
        )
        plural = "argument" if len(missing) == 1 else "arguments"
        raise TypeError(
            f"Config.__init__() missing {len(missing)} required keyword-only {plural}: {names}"
        )


class Config:
    """The rule options the engine plays by; keyword-only, read-only.

    Every option of every ruleset is given (`mj.Rules.core_config` fills in the
    table's defaults for the options a ruleset lacks); the engine reads a
    ruleset's own options only. A value outside the option table is played as
    given (docs/mahjong-engine.md "Config"). An option is read as an attribute
    of its name.
    """

    __slots__ = ("_ruleset", "_values")
    _ruleset: str
    _values: dict[str, Any]

    def __init__(self, **options: Any) -> None:
        _check_keywords(options)
        ruleset = options["ruleset"]
        if not isinstance(ruleset, str):
            raise TypeError(f"ruleset must be a str; got {type(ruleset).__name__}")
        for name, kind, size in _TYPE_CHECKS:
            error = _type_error(name, kind, size, options[name])
            if error is not None:
                raise error
        if ruleset not in RULESETS:
            raise ValueError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}")
        # The tile set's options: which wall a ruleset can be dealt (`tiles`).
        if ruleset != "common" and (options["flowers"] or options["void_suit"]):
            raise ValueError("flowers and void_suit are options of common only")
        if options["flowers"] and options["void_suit"]:
            raise ValueError("flowers and void_suit cannot both be on")
        values = {name: options[name] for name in OPTION_NAMES}
        for name, kind, size in _TYPE_CHECKS:
            if kind is tuple:  # held as a tuple of ints, so the engine can index it
                value = values[name]
                wrong_size = size is not None and len(value) != size
                if wrong_size or any(type(x) is not int for x in value):
                    raise ValueError(f"{name} must be {_ints(size)}; got {tuple(value)!r}")
                values[name] = tuple(value)
        set_ = object.__setattr__
        set_(self, "_ruleset", ruleset)
        set_(self, "_values", values)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Config is read-only")

    def __getattr__(self, name: str) -> Any:
        # Called for a name the class does not define: an option's value. The
        # slots are looked up first, so `_values` here means it is not set yet.
        if name != "_values":
            try:
                return self._values[name]
            except KeyError:
                pass
        raise AttributeError(f"'Config' object has no attribute {name!r}")

    @property
    def ruleset(self) -> str:
        return self._ruleset

    @property
    def tiles(self) -> str:
        """The tile set: "144" with flowers, "108" in the void-suit game and Changsha, else
        "136"."""
        if self._values["flowers"]:
            return "144"
        if self._values["void_suit"] or self._ruleset == "changsha":
            return "108"
        return "136"

    def __repr__(self) -> str:
        options = "".join(f", {name}={value!r}" for name, value in self._values.items())
        return f"Config(ruleset={self._ruleset!r}{options})"
