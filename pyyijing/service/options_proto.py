"""A game's rule options from its protobuf message, driven by the game's option table.

Each `Option` names its field (`proto_field`) and, for an enum, the prefix of
its enum values (`proto_enum`: value ``v`` is ``f"{proto_enum}_{V}"``), so no
game needs conversion code of its own: a new option in the table is read from
the wire as soon as its field is in the .proto. A game of several rulesets
(`VariantRuleSet`) has its ruleset in the message's `ruleset` enum field.

Unset means the option's default, as proto3 intends: an `optional` field
unset, a repeated field empty, or a plain scalar or enum zero (for these, zero
is never a value: the error says "0 for <default>"). Every bad value is
reported with its field path (``position.rules.players``) in one
`InvalidArgumentError`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pyyijing.core.options import Option, RuleSet, VariantRuleSet, check_option

from .errors import InvalidArgumentError

RulesClass = type[RuleSet] | type[VariantRuleSet]
MAX_SHOWN_CHARS = 64  # a bad value is quoted at most this long in errors


def _or_list(values: tuple[Any, ...]) -> str:
    shown = [str(v) for v in values]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= MAX_SHOWN_CHARS else text[:MAX_SHOWN_CHARS] + "..."


@cache
def enum_numbers(pb2: Any, opt: Option) -> dict[int, Any]:
    """Enum number -> option value, for an option carried by an enum field."""
    assert opt.proto_enum is not None
    out: dict[int, Any] = {}
    for value in opt.allowed:
        name = f"{opt.proto_enum}_{opt.format_one(value).upper()}"
        number = getattr(pb2, name, None)
        if number is None:
            raise RuntimeError(f"the .proto has no enum value {name} for option {opt.name}")
        out[int(number)] = value
    return out


def enum_number(pb2: Any, opt: Option, value: Any) -> int:
    """The enum number of an option value (the inverse of `enum_numbers`)."""
    return next(n for n, v in enum_numbers(pb2, opt).items() if v == value)


_RULESET_NUMBERS: dict[tuple[type, str], dict[int, str]] = {}


def ruleset_numbers(rules_class: type[VariantRuleSet], msg: Any) -> dict[int, str]:
    """Enum number -> ruleset, for the `ruleset` enum field of a rules message `msg`
    (``<PREFIX>_<RULESET>``); zero, unset, is the first (default) ruleset."""
    key = (rules_class, msg.DESCRIPTOR.full_name)
    found = _RULESET_NUMBERS.get(key)
    if found is None:
        enum = msg.DESCRIPTOR.fields_by_name["ruleset"].enum_type
        prefix = enum.values_by_number[0].name.removesuffix("_UNSPECIFIED")
        found = {0: rules_class.RULESETS[0]}
        for ruleset in rules_class.RULESETS:
            value = enum.values_by_name.get(f"{prefix}_{ruleset.upper()}")
            if value is None:
                raise RuntimeError(f"the .proto has no {prefix}_{ruleset.upper()}")
            found[value.number] = ruleset
        _RULESET_NUMBERS[key] = found
    return found


def ruleset_label(rules_class: type[VariantRuleSet], msg: Any) -> str:
    """The ruleset a rules message names, or "" for an unknown number (metric labels)."""
    return ruleset_numbers(rules_class, msg).get(msg.ruleset, "")


# How a field says "unset", by (message, field) name: "repeated" (empty), "presence"
# (an `optional` field: HasField) or "zero" (a plain scalar or enum: 0).
_UNSET_KINDS: dict[tuple[str, str], str] = {}


def _unset_kind(msg: Any, opt: Option) -> str:
    key = (msg.DESCRIPTOR.full_name, opt.proto_field)
    kind = _UNSET_KINDS.get(key)
    if kind is None:
        field = msg.DESCRIPTOR.fields_by_name[opt.proto_field]
        kind = "repeated" if field.is_repeated else "presence" if field.has_presence else "zero"
        _UNSET_KINDS[key] = kind
    return kind


def _is_set(msg: Any, opt: Option) -> bool:
    kind = _unset_kind(msg, opt)
    if kind == "repeated":
        return len(getattr(msg, opt.proto_field)) > 0
    if kind == "presence":
        return bool(msg.HasField(opt.proto_field))
    return bool(getattr(msg, opt.proto_field) != 0)


def _read(pb2: Any, msg: Any, opt: Option, path: str, bad: list[tuple[str, str]]) -> Any:
    """The value of a set option, or None with its errors added to `bad`."""
    raw = getattr(msg, opt.proto_field)
    if opt.multiple:
        table = enum_numbers(pb2, opt)
        values = []
        for i, number in enumerate(raw):
            if number not in table:
                noun = (opt.proto_enum or opt.element).lower().replace("_", " ")
                bad.append((f"{path}[{i}]", f"unknown {noun} {number}"))
            else:
                values.append(table[number])
        return tuple(values) if values else None
    if opt.proto_enum is not None:
        table = enum_numbers(pb2, opt)
        if raw not in table:
            bad.append((path, f"unknown enum value {raw}"))
            return None
        return table[raw]
    if _unset_kind(msg, opt) == "zero":
        if raw not in opt.allowed:
            allowed = _or_list(opt.allowed)
            bad.append((path, f"{opt.name} must be {allowed} (0 for {opt.default}); got {raw}"))
            return None
        return opt.type(raw)
    value = tuple(int(x) for x in raw) if opt.type is tuple else opt.type(raw)
    if opt.size is not None and len(value) != opt.size:  # before the check quotes it all
        bad.append(
            (path, f"{opt.name} must be {opt.size} values, one per {opt.element}; got {len(value)}")
        )
        return None
    try:
        return check_option(opt, value)
    except ValueError:
        allowed = ", ".join(opt.format_one(v) for v in opt.allowed)
        what = "for example" if opt.check is not None else "one of"
        bad.append((path, f"{opt.name} must be {what} {allowed}; got {_shown(value)}"))
        return None


def options_from_proto(pb2: Any, rules_class: RulesClass, msg: Any, field: str) -> Any:
    """An instance of `rules_class` from its message `msg` (at path `field`).

    For a game of several rulesets, an option set for a ruleset that does not
    have it is refused (its field named), as the rules class refuses the keyword.
    """
    args: tuple[str, ...] = ()
    ruleset: str | None = None
    if issubclass(rules_class, VariantRuleSet):
        ruleset = ruleset_numbers(rules_class, msg).get(msg.ruleset)
        if ruleset is None:
            raise InvalidArgumentError.one(f"{field}.ruleset", f"unknown ruleset {msg.ruleset}")
        args = (ruleset,)
    bad: list[tuple[str, str]] = []
    kwargs: dict[str, Any] = {}
    for opt in rules_class.OPTIONS:
        if not _is_set(msg, opt):
            continue
        path = f"{field}.{opt.proto_field}"
        if ruleset is not None and ruleset not in opt.rulesets:
            where = ", ".join(opt.rulesets)
            bad.append((path, f"option {opt.name!r} belongs to {where}, not {ruleset}"))
            continue
        value = _read(pb2, msg, opt, path, bad)
        if value is not None:
            kwargs[opt.name] = value
    if bad:
        raise InvalidArgumentError(bad)
    try:
        return rules_class(*args, **kwargs)
    except (TypeError, ValueError) as exc:  # a combination the table cannot see
        raise InvalidArgumentError.one(field, str(exc)) from exc


def options_to_proto(pb2: Any, rules: RuleSet | VariantRuleSet, message: Any) -> Any:
    """The rules message (an empty `message` filled in) of `rules`, every option set."""
    if isinstance(rules, VariantRuleSet):
        numbers = ruleset_numbers(type(rules), message)
        message.ruleset = next(n for n, r in numbers.items() if n and r == rules.ruleset)
    table = {o.name: o for o in type(rules).OPTIONS}
    for name, value in rules.options().items():
        opt = table[name]
        if opt.multiple:
            getattr(message, opt.proto_field).extend(enum_number(pb2, opt, v) for v in value)
        elif opt.proto_enum is not None:
            setattr(message, opt.proto_field, enum_number(pb2, opt, value))
        elif opt.type is tuple:
            getattr(message, opt.proto_field).extend(value)
        else:
            setattr(message, opt.proto_field, value)
    return message
