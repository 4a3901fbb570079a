"""`yijing simulate --game common|shaoyang|changsha`: the mahjong side of the command line
(`CLI`, mahjong's `GameSpec.cli`).

The rule flags are made from `pyyijing.mahjong.rules.MAHJONG_OPTIONS`, the table
`mj.Rules` is made from, so a new option is a new flag with nothing listed
here. Every flag of every game is in the one `simulate` parser (so `--help`
shows them all); which of them a run may take is decided after parsing, from
the flags actually given (`GivenFlag`): a flag of another ruleset or of Yi
Jing Pai is a usage error naming the flag and the ruleset's own flags (exit 2).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from ..core.options import Option
from ..mahjong.rules import MAHJONG_OPTIONS
from .errors import UsageError
from .game_part import CliPart
from .mahjong_replay import mahjong_outcome, replay_mahjong
from .mahjong_report import plot_summary, summary_table
from .outputs import check_outputs, write_outputs
from .parsing import GivenFlag, given_flags, option_type
from .progress import Progress
from .simulation import records_every, report_outputs, run_simulate, split_policies

# Mahjong flags' dest prefix: never a Yi Jing Pai option's name, so a given
# flag's dest tells the two games' flags apart.
_DEST = "mahjong_"


def _text(opt: Option, value: Any) -> str:
    """A value as the flag takes it: ``true``, ``4``, ``0,0,1,0`` (a tuple)."""
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return opt.format(value)


def _metavar(opt: Option) -> str:
    if opt.type is tuple:  # floats: one int per seat
        return "N,N,N,N"
    if opt.check is not None:  # an open-ended int (cap)
        return "N"
    return "{" + ",".join(opt.format_one(v) for v in opt.allowed) + "}"


def _help(opt: Option) -> str:
    where = ", ".join(opt.rulesets)
    if opt.type is tuple:
        allowed = "four ints >= 0, one per seat"
    elif opt.check is not None:
        allowed = f"an int >= 0, e.g. {opt.allowed_text()}"
    else:
        allowed = f"one of {opt.allowed_text()}"
    # '%' doubled: argparse formats help texts with %-style fields.
    doc = opt.doc.replace("%", "%%")
    return f"[{where}] {doc}; {allowed} (default: {_text(opt, opt.default)})"


def add_mahjong_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per mahjong option, in table order; absent from the namespace unless given."""
    group = parser.add_argument_group(
        "mahjong rule options",
        "the options of mj.Rules (docs/mahjong.md, Options), each for the rulesets in "
        "[brackets]: give them with --game RULESET",
    )
    for opt in MAHJONG_OPTIONS:
        group.add_argument(
            opt.flag,
            dest=_DEST + opt.name,
            type=option_type(opt),
            default=argparse.SUPPRESS,  # the ruleset's own default, from mj.Rules
            metavar=_metavar(opt),
            help=_help(opt),
            action=GivenFlag,
        )


def _flags_of(ruleset: str) -> str:
    own = [o.flag for o in MAHJONG_OPTIONS if ruleset in o.rulesets]
    return ", ".join(own) if own else "none"


def reject_mahjong_flags(args: argparse.Namespace, running: str, running_flags: str) -> None:
    """A run of another game given a mahjong flag: the usage error naming it."""
    for dest, flag in given_flags(args).items():
        if dest.startswith(_DEST):
            opt = next(o for o in MAHJONG_OPTIONS if _DEST + o.name == dest)
            raise UsageError(
                f"argument {flag}: a mahjong option ({', '.join(opt.rulesets)}), not "
                f"{running}'s; give --game {opt.rulesets[0]}"
            )


def mahjong_rules(args: argparse.Namespace) -> Any:
    """The `mj.Rules` of ``--game`` and the mahjong flags given."""
    from ..mahjong import Rules

    ruleset = args.game
    options: dict[str, Any] = {}
    for dest, flag in given_flags(args).items():
        if not dest.startswith(_DEST):
            continue  # another game's flag: that game refuses it (main.cmd_simulate)
        name = dest[len(_DEST) :]
        opt = next(o for o in MAHJONG_OPTIONS if o.name == name)
        if ruleset not in opt.rulesets:
            raise UsageError(
                f"argument {flag}: an option of {', '.join(opt.rulesets)}, not {ruleset}; "
                f"{ruleset} options: {_flags_of(ruleset)}"
            )
        options[name] = getattr(args, dest)
    try:
        return Rules(ruleset, **options)
    except ValueError as exc:  # options that cannot go together (flowers and void_suit)
        raise UsageError(str(exc)) from None


def cmd_simulate_mahjong(args: argparse.Namespace) -> int:
    """``simulate --game RULESET``: as for Yi Jing Pai, with hands for games."""
    rules = mahjong_rules(args)
    policies = split_policies(args.policies, 4)
    record_every = records_every(args)
    check_outputs(args)
    progress = None if args.quiet else Progress(sys.stderr, args.games, unit="hands")
    wall0, cpu0 = time.perf_counter(), time.process_time()
    errors = (ValueError, TypeError, ImportError)
    res = run_simulate(args, rules, policies, record_every, progress, errors)
    # process_time counts every thread of this process (not a cluster's workers).
    timing = {"wall": time.perf_counter() - wall0, "cpu": time.process_time() - cpu0}
    written, failed = write_outputs(args, res, plot_summary)
    print(summary_table(res.summary, timing=timing, threads=args.threads))
    return report_outputs(written, failed)


def option_flags(ruleset: str) -> Sequence[str]:
    """The flags a ruleset takes (for docs and tests)."""
    return [o.flag for o in MAHJONG_OPTIONS if ruleset in o.rulesets]


def add_replay_flags(parser: argparse.ArgumentParser) -> None:
    """``replay --glyphs``."""
    parser.add_argument(
        "--glyphs",
        action="store_true",
        help="mahjong records: show tiles as Unicode mahjong tiles too, 🀇 for 1m "
        "(default: text codes only; Yi Jing Pai always shows hexagram glyphs)",
    )


def _error_text(exc: Exception) -> str:
    """``validate``'s text of a mahjong RecordError or IllegalMove: its message alone."""
    return str(getattr(exc, "message", exc))


CLI = CliPart(
    title="mahjong",
    simulate=cmd_simulate_mahjong,
    replay=replay_mahjong,
    add_flags=add_mahjong_flags,
    flags=option_flags,
    reject_flags=reject_mahjong_flags,
    add_replay_flags=add_replay_flags,
    outcome=mahjong_outcome,
    error_text=_error_text,
)
