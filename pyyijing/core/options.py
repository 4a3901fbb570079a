"""Rule options declared as a table, and the `RuleSet` class every game's rules derive from.

A game declares its options once, as a tuple of `Option`s (Yi Jing Pai:
`pyyijing.yijingpai.rules.YIJINGPAI_OPTIONS`, mahjong:
`pyyijing.mahjong.rules.MAHJONG_OPTIONS`). Everything else comes from that table:
- the rules class (`class Rules(RuleSet): OPTIONS = ...`, or `VariantRuleSet`
  for a game of several rulesets): keyword construction, validation with the
  same error for every backend, equality, hashing, `repr`, `to_dict` /
  `from_dict`;
- the command-line flags and their help (pyyijing/cli/, a module per game);
- the conversion from the service's protobuf rules messages
  (pyyijing/service/options_proto.py), through each option's `proto_field` /
  `proto_enum`.
Adding an option is then its table entry, the rule code in each backend, and
its tests and docs (docs/adding-a-game.md).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import FrozenInstanceError, dataclass
from typing import Any, ClassVar, TypeVar

_BOOL_TEXT = {"true": True, "false": False}


@dataclass(frozen=True)
class Option:
    """One rule option.

    - `name`: the `Rules` field (and keyword argument, and key of `Rules.to_dict`).
    - `type`: the Python type of the value (`str`, `int`, `bool`); for a
      `multiple` option, of each element.
    - `allowed`: the allowed values (elements, for a `multiple` option), in
      canonical order.
    - `default`: the default, exactly as `Rules()` holds it (a tuple for a
      `multiple` option).
    - `doc`: one line saying what the option decides.
    - `proto_field`: the field of the game's rules message (`yijing.v1.Rules`,
      `yijing.v1.MahjongRules`) that carries it.
    - `proto_enum`: the prefix of its enum values in the .proto (value ``v`` is
      ``f"{proto_enum}_{str(v).upper()}"``, e.g. ``DECK_144``), or None for a
      plain scalar field (a uint32, an optional bool, a string).
      Zero (``*_UNSPECIFIED``) / unset means the default on the wire.
    - `multiple`: the value is a non-empty set of `allowed` elements, kept
      in the order of `allowed` (a repeated field in the .proto).
    - `element`: the name of one element of a `multiple` or `size` option in messages.
    - `rulesets`: the rulesets of the game the option belongs to (empty: the
      game has no rulesets); giving it for another ruleset is a ValueError
      (mahjong).
    - `check`: for an open-ended value (any n >= 0, four ints), the function
      that returns the canonical value or raises ValueError; `allowed` then
      holds examples for help texts, not every value.
    - `size`: for a tuple value, its fixed length, one per `element` (four
      values, one per seat); a value of another length is refused by its
      length alone, before `check` quotes it.
    """

    name: str
    type: type
    allowed: tuple[Any, ...]
    default: Any
    doc: str
    proto_field: str
    proto_enum: str | None = None
    multiple: bool = False
    element: str = "value"  # what one element of a `multiple` option is called in errors
    rulesets: tuple[str, ...] = ()
    check: Callable[[Any], Any] | None = None
    size: int | None = None

    @property
    def flag(self) -> str:
        """The command-line flag: ``--self-draw-payment``."""
        return "--" + self.name.replace("_", "-")

    def format(self, value: Any) -> str:
        """A value as command-line text: ``144``, ``true``, ``two_targets,three_of_a_kind``."""
        if self.multiple:
            return ",".join(self.format_one(v) for v in value)
        return self.format_one(value)

    def format_one(self, value: Any) -> str:
        if self.type is bool:
            return "true" if value else "false"
        return str(value)

    def parse(self, text: str) -> Any:
        """Command-line text to a value; ValueError naming the allowed values."""
        if self.check is not None:
            return self.check(self._parse_open(text.strip()))
        if self.multiple:
            items = [x.strip() for x in text.split(",") if x.strip()]
            if not items:
                raise ValueError(f"{self.name}: name at least one of {self.allowed_text()}")
            unknown = [x for x in items if x not in {self.format_one(v) for v in self.allowed}]
            if unknown:
                raise ValueError(
                    f"{self.name}: unknown {unknown[0]!r}; any of {self.allowed_text()}"
                )
            values = [self._parse_one(x) for x in items]
            return tuple(v for v in self.allowed if v in values)  # canonical order
        return self._parse_one(text.strip())

    def _parse_open(self, text: str) -> Any:
        """Text of an open-ended option: an int, or comma-separated ints (a tuple)."""
        try:
            if self.type is tuple:
                return tuple(int(x) for x in text.split(","))
            if self.type is int:
                return int(text)
        except ValueError:
            raise ValueError(f"{self.name}: not a number: {text!r}") from None
        return text

    def _parse_one(self, text: str) -> Any:
        value: Any = text
        try:
            if self.type is bool:
                value = _BOOL_TEXT[text.lower()]
            elif self.type is int:
                value = int(text)
        except (KeyError, ValueError):
            value = None
        if value is None or value not in self.allowed:
            raise ValueError(f"{self.name} must be one of {self.allowed_text()}; got {text!r}")
        return value

    def allowed_text(self) -> str:
        """The allowed values as command-line text, comma separated."""
        return ", ".join(self.format_one(v) for v in self.allowed)


R = TypeVar("R", bound="RuleSet")


def check_option(opt: Option, value: Any) -> Any:
    """`value` if `opt` allows it (a canonical tuple for a `multiple` option), else ValueError."""
    if opt.check is not None:
        return opt.check(value)
    if opt.multiple:
        return _check_multiple(opt, value)
    # Exact types: players=True or players=4.0 must not pass as an int option.
    if type(value) is not type(opt.allowed[0]) or value not in opt.allowed:
        shown = ", ".join(repr(a) for a in opt.allowed)
        raise ValueError(f"{opt.name} must be one of {shown}; got {value!r}")
    return value


def _check_multiple(opt: Option, value: Any) -> tuple[Any, ...]:
    noun = opt.element
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ValueError(
            f"{opt.name} must be a list or tuple of {noun} names from "
            f"{', '.join(map(str, opt.allowed))}; got {value!r}"
        )
    items = list(value)
    unknown = [v for v in items if type(v) is not opt.type or v not in opt.allowed]
    if unknown:
        raise ValueError(
            f"{opt.name}: unknown {noun} {unknown[0]!r}; "
            f"allowed: {', '.join(map(str, opt.allowed))}"
        )
    if not items:
        raise ValueError(f"{opt.name} must name at least one {noun}")
    chosen = set(items)
    return tuple(v for v in opt.allowed if v in chosen)  # canonical order


def _option_getter(name: str) -> Callable[[Any], Any]:
    def get(self: Any) -> Any:
        return self._values[name]

    return get


class RuleSet:
    """The rule options of one game: an immutable value built from the class's `OPTIONS`.

    ``Rules(players=3)`` checks every option (ValueError naming it and its
    allowed values; TypeError for an unknown keyword), fills in the defaults,
    and behaves like a frozen dataclass: ``==``, ``hash``, ``repr``, pickling,
    one attribute per option.
    """

    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    __slots__ = ("_values",)
    _values: dict[str, Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # One property per option: reading ``rules.players`` is a plain property
        # call (~0.1 us). Left to __getattr__ it cost ~1.3 us (the failed normal
        # lookup raises first), which Game() paid several times per hand.
        super().__init_subclass__(**kwargs)
        for opt in cls.OPTIONS:
            if opt.name not in cls.__dict__:
                setattr(cls, opt.name, property(_option_getter(opt.name), doc=opt.doc))

    def __init__(self, **options: Any) -> None:
        cls = type(self)
        names = {o.name for o in cls.OPTIONS}
        for key in options:
            if key not in names:
                raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {key!r}")
        values = {o.name: check_option(o, options.get(o.name, o.default)) for o in cls.OPTIONS}
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name: str) -> Any:
        # Only reached for names that are not real attributes: the options.
        try:
            return object.__getattribute__(self, "_values")[name]
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values == other._values

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._values.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (functools.partial(type(self), **self._values), ())

    def options(self) -> dict[str, Any]:
        """Every option's value, in table order (tuples for multiple options)."""
        return dict(self._values)

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form (used in records): lists for multiple options."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self._values.items()}

    @classmethod
    def from_dict(cls: type[R], data: Any) -> R:
        """Inverse of `to_dict`; unknown keys raise ValueError naming them."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a dict of options; got {type(data).__name__}")
        known = {o.name for o in cls.OPTIONS}
        extra = sorted(set(data) - known)
        if extra:
            raise ValueError(
                f"unknown rule option {extra[0]!r}; options: {', '.join(sorted(known))}"
            )
        kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**kwargs)


def _variant_option_getter(name: str) -> Callable[[Any], Any]:
    def get(self: Any) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"{self.ruleset} rules have no option {name!r}") from None

    return get


V = TypeVar("V", bound="VariantRuleSet")
_FIRST_RULESET: Any = object()  # no ruleset given: the first of RULESETS


class VariantRuleSet:
    """The rule options of a game of several rulesets (`RULESETS`), each with its own options.

    ``Rules(ruleset, **options)`` holds the ruleset and exactly the options
    whose `Option.rulesets` name it (defaults filled in), each readable as an
    attribute; an option of another ruleset, an unknown option or ruleset, or
    a bad value is a ValueError naming it and what is allowed. Otherwise as
    `RuleSet`: immutable, ``==``, ``hash``, pickling, `to_dict` / `from_dict`
    (with a ``"ruleset"`` key). `check_combination` refuses values that are
    each allowed but not together.
    """

    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: The rulesets, the default first.
    RULESETS: ClassVar[tuple[str, ...]] = ()
    #: The game's name in errors ("mahjong rules must be a dict ...").
    GAME: ClassVar[str] = ""
    __slots__ = ("_values", "ruleset")
    ruleset: str
    _values: dict[str, Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # One property per option of every ruleset (an option of another ruleset is an
        # AttributeError naming the ruleset): plain property reads, no __getattr__.
        super().__init_subclass__(**kwargs)
        for opt in cls.OPTIONS:
            if opt.name not in cls.__dict__:
                setattr(cls, opt.name, property(_variant_option_getter(opt.name), doc=opt.doc))

    @classmethod
    def check_ruleset(cls, ruleset: Any) -> str:
        if not isinstance(ruleset, str) or ruleset not in cls.RULESETS:
            raise ValueError(f"ruleset must be one of {', '.join(cls.RULESETS)}; got {ruleset!r}")
        return ruleset

    @classmethod
    def options_of(cls, ruleset: str) -> tuple[Option, ...]:
        """The options `ruleset` has, in table order."""
        return tuple(o for o in cls.OPTIONS if ruleset in o.rulesets)

    @classmethod
    def check_combination(cls, values: dict[str, Any]) -> None:
        """ValueError if the options' values, each allowed, cannot all hold at once."""

    def __init__(self, ruleset: Any = _FIRST_RULESET, **options: Any) -> None:
        cls = type(self)
        ruleset = cls.check_ruleset(cls.RULESETS[0] if ruleset is _FIRST_RULESET else ruleset)
        own = cls.options_of(ruleset)
        names = {o.name for o in own}
        for key in options:
            if key in names:
                continue
            listed = ", ".join(sorted(names)) or "none"
            owner = next((o for o in cls.OPTIONS if o.name == key), None)
            if owner is not None:
                raise ValueError(
                    f"option {key!r} belongs to {', '.join(owner.rulesets)}, not {ruleset}; "
                    f"{ruleset} options: {listed}"
                )
            raise ValueError(f"unknown option {key!r}; {ruleset} options: {listed}")
        values = {o.name: check_option(o, options.get(o.name, o.default)) for o in own}
        cls.check_combination(values)
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
        return hash((type(self).__name__, self.ruleset, *self._values.items()))

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self._values.items())
        return f"{type(self).__name__}({self.ruleset!r}{inner})"

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
    def from_dict(cls: type[V], data: Any) -> V:
        """Inverse of `to_dict`; ValueError as the constructor's."""
        if not isinstance(data, dict) or "ruleset" not in data:
            raise ValueError(f"{cls.GAME} rules must be a dict with a 'ruleset' and its options")
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        ruleset = options.pop("ruleset")
        return cls(cls.check_ruleset(ruleset), **options)
