"""A game's rule options from its protobuf message, driven by the game's option table.

Each `Option` names its field (`proto_field`) and, for an enum, the prefix of
its enum values (`proto_enum`: value ``v`` is ``f"{proto_enum}_{V}"``), so no
game needs conversion code of its own: a new option in the table is read from
the wire as soon as its field is in the .proto. Zero, unset or empty means the
option's default, as proto3 intends. Every bad value is reported with its
field path (``position.rules.players``) in one `InvalidArgumentError`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pyyijing.options import Option, RuleSet

from .errors import InvalidArgumentError


def _or_list(values: tuple[Any, ...]) -> str:
    shown = [str(v) for v in values]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


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


def options_from_proto(pb2: Any, rules_class: type[RuleSet], msg: Any, field: str) -> Any:
    """An instance of `rules_class` from its message `msg` (at path `field`)."""
    bad: list[tuple[str, str]] = []
    kwargs: dict[str, Any] = {}
    for opt in rules_class.OPTIONS:
        path = f"{field}.{opt.proto_field}"
        raw = getattr(msg, opt.proto_field)
        if opt.multiple:
            values = []
            for i, number in enumerate(raw):
                table = enum_numbers(pb2, opt)
                if number not in table:
                    noun = (opt.proto_enum or opt.element).lower().replace("_", " ")
                    bad.append((f"{path}[{i}]", f"unknown {noun} {number}"))
                else:
                    values.append(table[number])
            if values:
                kwargs[opt.name] = tuple(values)
        elif opt.proto_enum is not None:
            if raw == 0:
                continue  # *_UNSPECIFIED: the default
            table = enum_numbers(pb2, opt)
            if raw not in table:
                bad.append((path, f"unknown enum value {raw}"))
            else:
                kwargs[opt.name] = table[raw]
        elif opt.type is bool:
            if msg.HasField(opt.proto_field):  # an optional bool: unset is the default
                kwargs[opt.name] = bool(raw)
        elif raw == 0:
            continue
        elif raw not in opt.allowed:
            bad.append(
                (
                    path,
                    f"{opt.name} must be {_or_list(opt.allowed)} (0 for {opt.default}); got {raw}",
                )
            )
        else:
            kwargs[opt.name] = opt.type(raw)
    if bad:
        raise InvalidArgumentError(bad)
    try:
        return rules_class(**kwargs)
    except (TypeError, ValueError) as exc:  # a combination the table cannot see
        raise InvalidArgumentError.one(field, str(exc)) from exc
