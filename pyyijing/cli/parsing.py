"""Argument parsing shared by every command and game: the parser that raises
`UsageError`, number types, and rule-option flags made from an option table
(pyyijing/core/options.py)."""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from ..core.options import Option
from .errors import UsageError

#: the namespace attribute `GivenFlag` fills: dest -> the flag as given
GIVEN = "given_rule_flags"


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are `UsageError` (one line, exit 2, in `main`)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def int_at_least(minimum: int) -> Any:
    """argparse `type=` for an int >= `minimum` (``_`` separators allowed)."""

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be >= {minimum}: {text!r}")
        return value

    return parse


count = int_at_least(0)  # seeds, thread counts (0: every core), indices
positive = int_at_least(1)  # --games, --hands-per-match, --reps


def option_type(opt: Option) -> Any:
    """argparse `type=` for a rule option of the table (pyyijing/core/options.py)."""

    def parse(text: str) -> Any:
        try:
            return opt.parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


class GivenFlag(argparse.Action):
    """Store the value, and remember that the flag was given (not its default)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        given = dict(getattr(namespace, GIVEN, {}))
        given[self.dest] = option_string or self.option_strings[0]
        setattr(namespace, GIVEN, given)


def given_flags(args: argparse.Namespace) -> dict[str, str]:
    """dest -> flag of every rule flag given on the command line."""
    return dict(getattr(args, GIVEN, {}))
