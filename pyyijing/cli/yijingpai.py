"""Yi Jing Pai's side of the command line (`CLI`, its `GameSpec.cli`): its rule
flags (from its option table), ``simulate --game yijingpai``, its replay and ``show``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ..core.options import Option
from ..yijingpai.rules import YIJINGPAI_OPTIONS
from .errors import UsageError
from .game_part import CliPart
from .outputs import check_outputs, write_outputs
from .parsing import GivenFlag, given_flags, option_type
from .progress import Progress
from .simulation import records_every, report_outputs, run_simulate, split_policies
from .yijingpai_replay import replay_yijingpai
from .yijingpai_report import plot_summary, summary_table


def _option_help(opt: Option) -> str:
    allowed = opt.allowed_text()
    which = f"any of {allowed}" if opt.multiple else f"one of {allowed}"
    return f"{opt.doc}; {which} (default: %(default)s)"


def _option_metavar(opt: Option) -> str:
    if opt.multiple:
        return "NAME[,NAME...]"
    return "{" + ",".join(opt.format_one(v) for v in opt.allowed) + "}"


def add_yijingpai_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per option of `yj.Rules`, in table order, with its default."""
    rules = parser.add_argument_group(
        "rule options", "the options of pyyijing.Rules (docs/yijing.md, Options and defaults)"
    )
    for opt in YIJINGPAI_OPTIONS:
        rules.add_argument(
            opt.flag,
            dest=opt.name,
            type=option_type(opt),
            default=opt.format(opt.default),  # text: argparse parses it like a given value
            metavar=_option_metavar(opt),
            help=_option_help(opt),
            action=GivenFlag,  # remembered, so another game's run can refuse it
        )


def own_flags(ruleset: str) -> Sequence[str]:
    """The flags of a Yi Jing Pai run: every option's."""
    return [opt.flag for opt in YIJINGPAI_OPTIONS]


def reject_yijingpai_flags(args: argparse.Namespace, running: str, running_flags: str) -> None:
    """A run of another game given a Yi Jing Pai flag: the usage error naming it."""
    dests = {opt.name for opt in YIJINGPAI_OPTIONS}
    for dest, flag in given_flags(args).items():
        if dest in dests:
            raise UsageError(
                f"argument {flag}: a Yi Jing Pai option, not {running}'s; "
                f"{running} options: {running_flags}"
            )


def add_show(sub: Any) -> None:
    """The ``show`` command: a hexagram's facts."""
    h = sub.add_parser("show", help="a hexagram's facts")
    h.add_argument("hexagram", help="6 lines bottom first (110001) or a King Wen number (1-64)")
    h.set_defaults(func=cmd_show)


def cmd_simulate_yijingpai(args: argparse.Namespace) -> int:
    """``simulate`` of Yi Jing Pai games: the summary table, and the files asked for."""
    import pyyijing as yj

    try:
        rules = yj.Rules(**{opt.name: getattr(args, opt.name) for opt in YIJINGPAI_OPTIONS})
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    policies = split_policies(args.policies, rules.players)
    record_every = records_every(args)
    check_outputs(args)
    progress = None if args.quiet else Progress(sys.stderr, args.games)
    res = run_simulate(args, rules, policies, record_every, progress)
    written, failed = write_outputs(args, res, plot_summary)
    print(summary_table(res.summary))
    return report_outputs(written, failed)


def cmd_show(args: argparse.Namespace) -> int:
    """``show``: a hexagram's facts."""
    import pyyijing as yj

    text = args.hexagram.strip()
    try:
        if text.isdigit() and len(text) <= 2:
            h = yj.Hexagram.from_king_wen(int(text))
        else:
            h = yj.Hexagram.from_lines(text)
    except ValueError as exc:
        raise UsageError(
            f"{exc} (give 6 lines of 0/1, bottom first, or a King Wen number 1-64)"
        ) from None
    out = sys.stdout
    out.write(f"{h.unicode}  {h.king_wen}. {h.name} {h.pinyin} — {h.name_en}\n")
    out.write(f"lines (bottom to top): {h.lines}\n")
    for i in range(5, -1, -1):
        bar = "━━━━━━━" if h.lines[i] == "1" else "━━━ ━━━"
        out.write(f"   {i + 1}  {bar}\n")
    t = h.upper
    out.write(f"upper trigram: {t.unicode} {t.name} {t.pinyin} ({t.name_en}) {t.lines}\n")
    t = h.lower
    out.write(f"lower trigram: {t.unicode} {t.name} {t.pinyin} ({t.name_en}) {t.lines}\n")
    out.write(f"points: {h.points_half / 2:g} ({h.points_half} half-points: yang 1, yin 0.5)\n")
    return 0


CLI = CliPart(
    title="Yi Jing Pai",
    simulate=cmd_simulate_yijingpai,
    replay=replay_yijingpai,
    add_flags=add_yijingpai_flags,
    flags=own_flags,
    reject_flags=reject_yijingpai_flags,
    add_commands=add_show,
)
