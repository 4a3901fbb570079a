"""The rule options of Yi Jing Pai as one declared table.

`YIJINGPAI_OPTIONS` has one `Option` per field of `pyyijing.Rules`, in field
order: its type, allowed values, default, a one-line doc (docs/yijing.md,
"Options and defaults") and the field of the `Rules` message of
proto/yijing/v1/rule_engine.proto that carries it. The `yijing simulate` rule
flags and their help are generated from it (pyyijing/cli.py); the table is
written so that `Rules` validation and the proto conversion can be driven by
it later. Tests keep it equal to `Rules` (tests/sim/test_cli_options.py).

The allowed values are the constants of pyyijing/rules.py, so a new value is
added there once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules import (
    BASIC_WIN_CONDITIONS,
    DECKS,
    NEXT_DEALER_RULES,
    PLAYERS,
    SELF_DRAW_PAYMENTS,
    TAIJI_RULES,
    VARIANTS,
    WIN_CONDITIONS,
)

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
    - `proto_field`: the field of `yijing.v1.Rules` that carries it.
    - `proto_enum`: the prefix of its enum values in the .proto (value ``v`` is
      ``f"{proto_enum}_{str(v).upper()}"``, e.g. ``DECK_144``), or None for a
      plain scalar field (`players` uint32, `taiji_in_pong` optional bool).
      Zero (``*_UNSPECIFIED``) / unset means the default on the wire.
    - `multiple`: the value is a non-empty set of `allowed` elements, kept
      in the order of `allowed` (a repeated field in the .proto).
    """

    name: str
    type: type
    allowed: tuple[Any, ...]
    default: Any
    doc: str
    proto_field: str
    proto_enum: str | None = None
    multiple: bool = False

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


YIJINGPAI_OPTIONS: tuple[Option, ...] = (
    Option(
        "variant",
        str,
        VARIANTS,
        "standard",
        "game variant: standard plays 2 lines at a time, simple 3 (a 9-tile deal)",
        "variant",
        proto_enum="VARIANT",
    ),
    Option("players", int, PLAYERS, 4, "number of seats", "players"),
    Option(
        "deck",
        int,
        DECKS,
        144,
        "tiles in the set: 144 (70 yang, 70 yin, 4 taiji) or 162 (79, 79, 4)",
        "deck",
        proto_enum="DECK",
    ),
    Option(
        "taiji",
        str,
        TAIJI_RULES,
        "wild",
        "the 4 taiji tiles: wild (declared yang or yin when played) or none (left out)",
        "taiji",
        proto_enum="TAIJI_RULE",
    ),
    Option(
        "taiji_in_pong",
        bool,
        (True, False),
        True,
        "may a taiji stand in (declared to match) for a tile of a pong 碰",
        "taiji_in_pong",
    ),
    Option(
        "win_conditions",
        str,
        WIN_CONDITIONS,
        BASIC_WIN_CONDITIONS,
        "the win conditions in force, comma separated (docs/yijing.md §5)",
        "win_conditions",
        proto_enum="WIN_CONDITION",
        multiple=True,
    ),
    Option(
        "self_draw_payment",
        str,
        SELF_DRAW_PAYMENTS,
        "each",
        "self-draw: every other seat pays the points (each) or they divide them (split)",
        "self_draw_payment",
        proto_enum="SELF_DRAW_PAYMENT",
    ),
    Option(
        "next_dealer",
        str,
        NEXT_DEALER_RULES,
        "dice",
        "who deals the next hand of a match: the dice, the winner (the dealer again after a draw) "
        "or the next seat (rotate)",
        "next_dealer",
        proto_enum="NEXT_DEALER",
    ),
)
"""One `Option` per field of `pyyijing.Rules`, in field order."""

OPTIONS_BY_NAME: dict[str, Option] = {o.name: o for o in YIJINGPAI_OPTIONS}
