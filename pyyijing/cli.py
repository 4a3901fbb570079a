"""The `yijing` command line: simulate, replay, show, validate (docs/simulation.md); bench.

Mahjong (``simulate --game RULESET``, mahjong records in ``replay`` and
``validate``) lives in cli_mahjong.py (flags from the option table, the run),
cli_mahjong_report.py (table, figure) and cli_mahjong_replay.py; the Yi Jing
Pai figure in cli_figure.py, the output files in cli_outputs.py.

Bad arguments print one line ``yijing: error: ...`` and exit with status 2;
an invalid record, or an output file that could not be written after the run,
exits with 1. No command prints a traceback for a user error.
Output files (``--json``, ``--plot``, ``--out``) and ``--plot``'s matplotlib are
checked before a simulation starts, so a bad path fails at once, not after the run.
A reader that goes away (``yijing replay ... | head``) ends the command quietly
with status 141 (128 + SIGPIPE, what a shell reports for any tool stopped that way).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from .cli_errors import EXIT_BROKEN_PIPE, EXIT_INVALID, EXIT_USAGE, UsageError
from .cli_figure import plot_summary
from .cli_outputs import check_outputs, write_outputs
from .options import Option
from .yijingpai.rules import YIJINGPAI_OPTIONS


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


# --------------------------------------------------------------------- helpers


def _int_at_least(minimum: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be >= {minimum}: {text!r}")
        return value

    return parse


_count = _int_at_least(0)  # seeds, thread counts (0: every core), indices
_positive = _int_at_least(1)  # --games, --hands-per-match, --reps


def _option_type(opt: Option) -> Any:
    """argparse `type=` for a rule option of the table (pyyijing/options.py)."""

    def parse(text: str) -> Any:
        try:
            return opt.parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def _option_help(opt: Option) -> str:
    allowed = opt.allowed_text()
    which = f"any of {allowed}" if opt.multiple else f"one of {allowed}"
    return f"{opt.doc}; {which} (default: %(default)s)"


def _option_metavar(opt: Option) -> str:
    if opt.multiple:
        return "NAME[,NAME...]"
    return "{" + ",".join(opt.format_one(v) for v in opt.allowed) + "}"


def _fmt_rate(rate: dict[str, Any]) -> str:
    return f"{100 * rate['rate']:6.2f}%  [{100 * rate['low']:6.2f}, {100 * rate['high']:6.2f}]"


def _fmt_duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class _Progress:
    """A one-line progress bar on a stream: done/total, games/s (hands/s for mahjong), ETA."""

    def __init__(self, stream: TextIO, total: int, width: int = 28, unit: str = "games") -> None:
        self.stream = stream
        self.total = total
        self.width = width
        self.unit = unit
        self.t0 = time.perf_counter()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.2:
            return
        self.last = now
        elapsed = max(now - self.t0, 1e-9)
        rate = done / elapsed
        frac = done / total if total else 1.0
        filled = int(self.width * frac)
        bar = "#" * filled + "-" * (self.width - filled)
        eta = (total - done) / rate if rate > 0 else 0.0
        self.stream.write(
            f"\r[{bar}] {100 * frac:5.1f}%  {done:,}/{total:,} {self.unit}  "
            f"{rate:,.0f} {self.unit}/s  ETA {_fmt_duration(eta)} "
        )
        if done >= total:
            self.stream.write(
                f"\n{total:,} {self.unit} in {_fmt_duration(elapsed)} ({rate:,.0f} {self.unit}/s)\n"
            )
        self.stream.flush()


def summary_table(summary: dict[str, Any]) -> str:
    """The summary as a readable text table."""
    lines = []
    rules = summary.get("rules", {})
    lines.append(
        f"{summary['games']:,} games  seed {summary.get('seed')}  "
        f"{rules.get('variant', '?')} {summary['players']}p deck {rules.get('deck', '?')} "
        f"taiji {rules.get('taiji', '?')}  policies {','.join(summary['policies'])}"
        f"{'  (seats rotate)' if summary.get('rotate') else ''}"
    )
    k = summary["kinds"]
    lines.append(
        f"outcomes: self-draw {k['self_draw']:,}  dealt-in {k['dealt_in']:,}  draw {k['draw']:,}"
        f"   draw rate {_fmt_rate(summary['draw'])}"
    )
    lines.append("")
    lines.append(
        f"{'policy':<12}{'seats':>11}  {'win rate  [95% interval]':<28}"
        f"{'dealt in':>10}{'self-draw':>11}{'mean pay':>10}"
    )
    for name, p in summary["by_policy"].items():
        lines.append(
            f"{name:<12}{p['seat_games']:>11,}  {_fmt_rate(p['win']):<28}"
            f"{100 * p['dealt_in']['rate']:>9.2f}%{100 * p['self_draw']['rate']:>10.2f}%"
            f"{p['mean_payment_half'] / 2:>+10.3f}"
        )
    lines.append("")
    lines.append(f"{'seat':<12}{'win rate  [95% interval]':<30}{'mean pay':>10}")
    for s, rate in enumerate(summary["win_by_seat"]):
        lines.append(
            f"{s:<12}{_fmt_rate(rate):<30}{summary['mean_payment_by_seat'][s] / 2:>+10.3f}"
        )
    lines.append("")
    pts = summary["points_half"]
    ply = summary["plies"]
    if pts["min"] is not None:
        lines.append(
            f"points (wins): mean {pts['mean'] / 2:.2f}  median {pts['p50'] / 2:g}  "
            f"range {pts['min'] / 2:g}-{pts['max'] / 2:g}"
        )
    if ply["min"] is not None:
        lines.append(
            f"length (plies): mean {ply['mean']:.1f}  median {ply['p50']}  p90 {ply['p90']}  "
            f"range {ply['min']}-{ply['max']}"
        )
    wins = summary["games"] - k["draw"]
    if wins:
        met = ", ".join(
            f"{name} {100 * share:.1f}%"
            for name, share in summary["condition_share"].items()
            if summary["conditions"][name]
        )
        lines.append(f"win conditions met: {met}")
    lines.extend(_match_lines(summary))
    return "\n".join(lines)


def _match_lines(summary: dict[str, Any]) -> list[str]:
    """The summary table's matches block (both games' summaries have the same `matches`)."""
    matches = summary.get("matches")
    if not matches:
        return []
    lines = [
        "",
        f"matches of {matches['hands_per_match']} hands: {matches['count']:,}  "
        f"(no single leader {100 * matches['no_single_leader']['rate']:.1f}%)",
    ]
    for name, m in matches["by_policy"].items():
        lines.append(f"  {name:<12} match win rate {_fmt_rate(m['win'])}")
    return lines


def _load_records(path: str) -> list[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{path} is not a text file of JSON records (byte 0x{exc.object[exc.start]:02x} "
            f"at offset {exc.start} is not UTF-8)"
        ) from None
    stripped = text.strip()
    if not stripped:
        raise UsageError(f"{path} holds no records")
    try:
        if stripped.startswith("[") or (stripped.startswith("{") and "\n" not in stripped):
            data = json.loads(stripped)
            return data if isinstance(data, list) else [data]
        try:
            return [json.loads(stripped)]
        except json.JSONDecodeError:
            return [json.loads(line) for line in stripped.splitlines() if line.strip()]
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{path} is not JSON or JSON lines: {exc.msg} (line {exc.lineno})"
        ) from None


def _hexagram_line(lines: str) -> str:
    import pyyijing as yj

    declared = lines.replace("+", "1").replace("-", "0")
    h = yj.Hexagram.from_lines(declared)
    return f"{h.unicode} {h.king_wen} {h.name} {h.pinyin} ({h.name_en})"


# --------------------------------------------------------------------- commands


def cmd_simulate(args: argparse.Namespace) -> int:
    import pyyijing as yj

    if args.game != "yijingpai":
        from .cli_mahjong import cmd_simulate_mahjong

        return cmd_simulate_mahjong(args)
    from .cli_mahjong import reject_mahjong_flags

    reject_mahjong_flags(args)
    try:
        rules = yj.Rules(**{opt.name: getattr(args, opt.name) for opt in YIJINGPAI_OPTIONS})
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    policies = split_policies(args.policies, rules.players)
    record_every = records_every(args)
    check_outputs(args)
    progress = None if args.quiet else _Progress(sys.stderr, args.games)
    res = run_simulate(args, rules, policies, record_every, progress)
    written, failed = write_outputs(args, res, plot_summary)
    print(summary_table(res.summary))
    return report_outputs(written, failed)


def report_outputs(written: list[str], failed: list[str]) -> int:
    """After the summary: what was written (stdout), what could not be (stderr, exit 1)."""
    for line in written:
        print(line)
    sys.stdout.flush()
    for line in failed:
        sys.stderr.write(f"yijing: error: {line}\n")
    return EXIT_INVALID if failed else 0


def run_simulate(
    args: argparse.Namespace,
    rules: Any,
    policies: list[str],
    record_every: int | None,
    progress: Any,
    errors: tuple[type[Exception], ...] = (ValueError, TypeError, ImportError),
) -> Any:
    """``yj.simulate`` with every run flag of ``simulate``, for both games.

    The flags mean the same for Yi Jing Pai and mahjong, so one call keeps the
    two commands from drifting apart; an error in ``errors`` is a usage error.
    """
    import pyyijing as yj

    try:
        return yj.simulate(
            args.games,
            rules=rules,
            seed=args.seed,
            policies=policies,
            threads=args.threads,
            rotate=not args.no_rotate,
            keep_arrays=False,
            record_every=record_every,
            max_records=args.max_records,
            progress=progress,
            cluster=args.cluster,
            backend=args.backend,
            hands_per_match=args.hands_per_match,
        )
    except errors as exc:
        raise UsageError(str(exc)) from None


def split_policies(text: str, players: int) -> list[str]:
    """``--policies``: one name for every seat, or one per seat (checked by simulate)."""
    policies = [p.strip() for p in text.split(",") if p.strip()]
    return policies * players if len(policies) == 1 else policies


def records_every(args: argparse.Namespace) -> int | None:
    """``--records every:N`` (with its ``--out``) as N, or None."""
    if args.records is not None:
        kind, _, value = args.records.partition(":")
        if kind != "every" or not value.isdigit() or int(value) < 1:
            raise UsageError(f"--records must be every:N with N >= 1; got {args.records!r}")
        if not args.out:
            raise UsageError("--records needs --out FILE.jsonl")
        return int(value)
    if args.out:
        raise UsageError("--out needs --records every:N")
    return None


def _game_number(record: Any) -> int | None:
    """A sampled record's game number: "index" (a file of an earlier release: an int "game")."""
    if not isinstance(record, dict):
        return None
    for key in ("index", "game"):
        value = record.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _which_shown(path: str, numbers: list[int | None]) -> str:
    """The note that a file of many records was given without --game: which one is shown."""
    if all(n is not None for n in numbers):
        games = [n for n in numbers if n is not None]
        shown = ", ".join(map(str, games[:5])) + (", ..." if len(games) > 5 else "")
        return (
            f"{path} holds {len(games)} records (games {shown}); showing the first, game "
            f"{games[0]}: choose one with --game N"
        )
    return (
        f"{path} holds {len(numbers)} records; showing the first: choose one with --game N "
        f"(0 to {len(numbers) - 1})"
    )


def cmd_replay(args: argparse.Namespace) -> int:
    import pyyijing as yj

    records = _load_records(args.file)
    numbers = [_game_number(r) for r in records]
    if args.game is None:  # the first record, whatever its number
        if len(records) > 1:
            sys.stderr.write(f"yijing: {_which_shown(args.file, numbers)}\n")
        args.game = numbers[0] if numbers[0] is not None else 0
        chosen = records[:1]
    else:
        chosen = [r for r, n in zip(records, numbers, strict=True) if n == args.game]
    if not chosen:
        if any(n is not None for n in numbers):
            games = sorted(n for n in numbers if n is not None)
            shown = ", ".join(map(str, games[:10])) + (" ..." if len(games) > 10 else "")
            raise UsageError(f"no game {args.game} in {args.file}; games: {shown}")
        if args.game >= len(records):
            raise UsageError(f"{args.file} has {len(records)} records; no game {args.game}")
        chosen = [records[args.game]]
    rec = chosen[0]
    if isinstance(rec, dict) and rec.get("game") == "mahjong":
        from .cli_mahjong_replay import replay_mahjong

        return replay_mahjong(rec, args)
    try:
        rules = yj.Rules.from_dict(rec["rules"])
        if rec.get("seed") is not None:
            source = rec.get("dealer_source", "dice")
            game = yj.Game(
                rules, seed=rec["seed"], dealer=None if source == "dice" else rec["dealer"]
            )
        else:
            game = yj.Game(rules, wall=rec["wall"], dealer=rec["dealer"])
    except KeyError as exc:
        raise UsageError(f"bad record: no {exc} field (is this a game record?)") from None
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bad record: {exc}") from None
    out = sys.stdout
    pols = rec.get("seat_policies")
    out.write(
        f"game {_game_number(rec) if _game_number(rec) is not None else args.game}: "
        f"{rules.variant} {rules.players}p, "
        f"seed {rec.get('seed')}, dealer {game.dealer}"
        + (f", seats {', '.join(pols)}" if pols else "")
        + "\n"
    )
    for s in range(rules.players):
        out.write(f"  s{s} dealt {game.view(s)['seats'][s]['hand']}\n")
    for i, move in enumerate(rec.get("moves", [])):
        verdict = game.validate(move)
        if not verdict.ok:
            out.write(f"{i:4d}  {move}   <- illegal: {verdict.code} ({verdict.message})\n")
            return EXIT_INVALID
        seat = int(move[1 : move.index(":")])
        before = len(game.view(None)["seats"][seat]["completed"])
        game.apply(move)
        note = ""
        view = game.view(None)
        if ":target=" in move:
            note = f"target {_hexagram_line(move.split('=', 1)[1])}"
        elif move.endswith(":pass"):
            note = "passes"
        elif ":win" not in move:
            st = view["seats"][seat]
            if len(st["completed"]) > before:
                note = f"completes {_hexagram_line(st['completed'][-1])}"
            else:
                note = f"in progress {st['in_progress']}"
        out.write(f"{i:4d}  {move:<22} {note}\n")
    result = game.result
    if result is None:
        out.write("(the record stops before the end of the hand)\n")
        return 0
    if result.kind == "draw":
        out.write("result: draw (wall exhausted)\n")
    else:
        how = "self-draw" if result.kind == "self_draw" else f"on s{result.dealt_in_by}'s play"
        assert result.lines is not None
        out.write(
            f"result: s{result.winner} wins {how} with {_hexagram_line(result.lines)}, "
            f"{result.points_half / 2:g} points ({', '.join(result.conditions)}); "
            f"payments {list(result.payments)} (half-points)\n"
        )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
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


def cmd_validate(args: argparse.Namespace) -> int:
    import pyyijing as yj

    from .cli_mahjong_replay import is_mahjong, mahjong_outcome, replay_mahjong_record

    records = _load_records(args.record)
    bad = 0
    for n, rec in enumerate(records):
        label = f"record {n}" if len(records) > 1 else "record"
        moves = rec.get("moves", []) if isinstance(rec, dict) else []
        mahjong = is_mahjong(rec)
        try:
            game: Any = replay_mahjong_record(rec) if mahjong else yj.replay(rec)
        except (yj.RecordError, yj.IllegalMove) as exc:
            bad += 1
            index = exc.index
            if args.moves:
                # A result that differs is found after every move replayed.
                upto = (
                    index
                    if index is not None
                    else (len(moves) if exc.code == "result_mismatch" else 0)
                )
                _print_verdicts(moves[:upto])
            # A mahjong move's message is its own; Yi Jing Pai's lines stay as they were.
            why = exc.message if mahjong else str(exc)
            if index is not None:
                move = moves[index] if index < len(moves) else "?"
                if args.moves:
                    print(f"{index:5d}  {move!s:<24} {exc.code}")
                print(f"{label}: invalid at move {index} {move!r}: {exc.code} ({why})")
            else:
                print(f"{label}: invalid: {exc.code} ({why})")
            continue
        if args.moves:
            _print_verdicts(game.moves)
        result = game.result
        detail = f": {mahjong_outcome(result)}" if mahjong and result is not None else ""
        print(
            f"{label}: ok, {len(game.moves)} moves, "
            f"result {result.kind if result else 'none yet'}{detail}"
        )
    return EXIT_INVALID if bad else 0


def _print_verdicts(moves: Sequence[Any]) -> None:
    for i, move in enumerate(moves):
        print(f"{i:5d}  {move!s:<24} ok")


def cmd_bench(args: argparse.Namespace) -> int:
    """The benchmark suite of a source checkout (benchmarks/ is not part of the wheel)."""
    import importlib
    import os

    def find_checkout() -> str | None:
        here = os.path.abspath(os.getcwd())
        while True:
            if os.path.isfile(os.path.join(here, "benchmarks", "run.py")) and os.path.isfile(
                os.path.join(here, "pyproject.toml")
            ):
                return here
            parent = os.path.dirname(here)
            if parent == here:
                return None
            here = parent

    try:
        run = importlib.import_module("benchmarks.run")
    except ImportError:
        root = find_checkout()
        if root is None:
            raise UsageError(
                "bench runs the suite of a source checkout (benchmarks/ is not in the wheel): "
                "run it inside the repository, or use `make bench`"
            ) from None
        sys.path.append(root)  # last: the installed pyyijing stays the one measured
        run = importlib.import_module("benchmarks.run")
    argv = ["--quick"] if args.quick else []
    for flag, value in (("--json", args.json), ("--results", args.results), ("--only", args.only)):
        if value:
            argv += [flag, value]
    if args.reps:
        argv += ["--reps", str(args.reps)]
    command = "yijing bench" + "".join(f" {a}" for a in argv)
    return int(run.main([*argv, "--command", command]))


# --------------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="yijing", description="Yi Jing Pai (易經牌) and mahjong rule engine tools.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    s = sub.add_parser(
        "simulate",
        help="play many games with bots and summarise them",
        description="Play many games with bots and print a summary (docs/simulation.md).",
    )
    s.add_argument(
        "--games",
        type=_positive,
        default=10_000,
        metavar="N",
        help="games to play (default: %(default)s)",
    )
    s.add_argument(
        "--policies",
        default="random",
        metavar="P[,P,P,P]",
        help="bots: one for every seat, or one per seat; random, greedy or heuristic "
        "(default: %(default)s)",
    )
    s.add_argument(
        "--seed",
        type=_count,
        default=0,
        metavar="S",
        help="seed of the batch; game i is determined by (seed, i) (default: %(default)s)",
    )
    s.add_argument(
        "--threads",
        type=_count,
        default=0,
        metavar="N",
        help="native threads, 0 for every core; results do not depend on it (default: %(default)s)",
    )
    s.add_argument(
        "--no-rotate",
        action="store_true",
        help="pin policy i to seat i (default: policies rotate over the seats game by game)",
    )
    s.add_argument(
        "--hands-per-match",
        type=_positive,
        default=None,
        metavar="N",
        help="play matches of N hands, the dealer following --next-dealer; --games must be "
        "a multiple of N (default: single hands, no matches)",
    )
    from .cli_mahjong import GAMES, GivenFlag, add_mahjong_flags

    s.add_argument(
        "--game",
        choices=GAMES,
        default=GAMES[0],
        help="the game: Yi Jing Pai, or a mahjong ruleset (its hands are the games) "
        "(default: %(default)s)",
    )
    rules = s.add_argument_group(
        "rule options", "the options of pyyijing.Rules (docs/yijing.md, Options and defaults)"
    )
    for opt in YIJINGPAI_OPTIONS:
        rules.add_argument(
            opt.flag,
            dest=opt.name,
            type=_option_type(opt),
            default=opt.format(opt.default),  # text: argparse parses it like a given value
            metavar=_option_metavar(opt),
            help=_option_help(opt),
            action=GivenFlag,  # remembered, so a mahjong run can refuse it
        )
    add_mahjong_flags(s)
    s.add_argument(
        "--json", metavar="FILE", help="write the summary as JSON (default: not written)"
    )
    s.add_argument(
        "--plot",
        metavar="FILE",
        help="write a figure, format by extension (.png, .svg, .pdf); needs matplotlib "
        "(default: no figure)",
    )
    s.add_argument(
        "--records",
        metavar="every:N",
        help="keep the full records of games 0, N, 2N, ...; needs --out (default: none kept)",
    )
    s.add_argument(
        "--out", metavar="FILE", help="where --records go, JSON lines (default: not written)"
    )
    s.add_argument(
        "--max-records",
        type=_count,
        default=100_000,
        metavar="N",
        help="keep at most N records (default: %(default)s)",
    )
    s.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="Dask scheduler, e.g. tcp://host:8786 (default: run on this machine)",
    )
    s.add_argument(
        "--backend",
        choices=("native", "cython", "python"),
        default=None,
        help="engine backend for the games (default: the active one, yj.backend())",
    )
    s.add_argument(
        "--quiet", action="store_true", help="no progress bar (default: progress on stderr)"
    )
    s.set_defaults(func=cmd_simulate)

    r = sub.add_parser(
        "replay",
        help="print a recorded game move by move",
        description="Print a recorded game move by move, with hexagram glyphs and names.",
    )
    r.add_argument("file", help="records: JSON lines (simulate --out), a JSON list, or one record")
    r.add_argument(
        "--game",
        type=_count,
        default=None,
        metavar="N",
        help="the game to print: the record whose game number is N (simulate --records every:K "
        "keeps games 0, K, 2K, ...); in records without game numbers, the N-th record, from 0 "
        "(default: the first record; stderr says so when the file holds more than one)",
    )
    r.add_argument(
        "--glyphs",
        action="store_true",
        help="mahjong records: show tiles as Unicode mahjong tiles too, 🀇 for 1m "
        "(default: text codes only; Yi Jing Pai always shows hexagram glyphs)",
    )
    r.set_defaults(func=cmd_replay)

    h = sub.add_parser("show", help="a hexagram's facts")
    h.add_argument("hexagram", help="6 lines bottom first (110001) or a King Wen number (1-64)")
    h.set_defaults(func=cmd_show)

    v = sub.add_parser(
        "validate",
        help="check a game record",
        description="Replay game records; print the first illegal move of each and its code.",
    )
    v.add_argument(
        "--record",
        required=True,
        metavar="FILE",
        help="a record (yj.Game.record() as JSON), a JSON list, or JSON lines (simulate --out); "
        "required",
    )
    v.add_argument(
        "--moves",
        action="store_true",
        help="print every move's verdict up to the first illegal one "
        "(default: one line per record)",
    )
    v.set_defaults(func=cmd_validate)

    b = sub.add_parser("bench", help="run the benchmark suite (in a source checkout)")
    b.add_argument(
        "--quick",
        action="store_true",
        help="smoke-test sizes, under a minute (default: the full suite)",
    )
    b.add_argument(
        "--json",
        metavar="FILE",
        help="JSON output (default: build/bench/results.json, results-quick.json with --quick)",
    )
    b.add_argument(
        "--results",
        metavar="FILE",
        help="Markdown results (default: benchmarks/RESULTS.md for a full run; none for --quick)",
    )
    b.add_argument(
        "--only",
        metavar="SECTIONS",
        help="comma-separated subset of kernels,games,yardstick,simulate,service,memory,"
        "mahjong,peers (default: every section)",
    )
    b.add_argument(
        "--reps",
        type=_positive,
        default=None,
        metavar="N",
        help="repetitions per figure (default: 5, 3 with --quick)",
    )
    b.set_defaults(func=cmd_bench)

    # `serve` hands every later argument to the service's own parser (see main).
    sub.add_parser("serve", help="run the gRPC service (flags: yijing serve --help)")
    return p


def cmd_serve(service_args: Sequence[str]) -> int:
    """The gRPC service (the same as `python -m service`; flags after `serve` go to it)."""
    try:
        service_main = importlib.import_module("service.__main__").main
    except ImportError as exc:
        raise UsageError(
            f"the service is not installed ({exc}): pip install 'pyyijing[service]' "
            "(in a source checkout: pip install '.[service]')"
        ) from exc
    return int(service_main(list(service_args), prog="yijing serve"))


def _stdout_gone() -> int:
    """stdout's reader went away (`yijing replay ... | head`): stop quietly.

    Later writes (and the flush at exit) go to /dev/null, so Python prints no
    "Exception ignored ... BrokenPipeError" either. The status is 141, as for
    any tool stopped by SIGPIPE, so that `set -o pipefail` sees what it sees
    for `cat`; the output the reader wanted was delivered.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (an in-process caller's buffer)
        pass
    return EXIT_BROKEN_PIPE


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["serve"]:
            return cmd_serve(argv[1:])
        args = parser.parse_args(argv)
        if args.command is None:
            raise UsageError(
                "choose a command: simulate, replay, show, validate, bench, serve "
                "(see yijing --help)"
            )
        code = int(args.func(args))
        sys.stdout.flush()  # here, so that a reader gone away is seen below, not at exit
        return code
    except BrokenPipeError:
        return _stdout_gone()
    except UsageError as exc:
        sys.stderr.write(f"yijing: error: {exc}\n")
        return EXIT_USAGE
    except OSError as exc:
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        sys.stderr.write(f"yijing: error: {exc.strerror or exc}{where}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("\nyijing: interrupted\n")
        return 130


if __name__ == "__main__":  # pragma: no cover
    # `python -m pyyijing.cli`: run the imported module's main, not this __main__ copy's, so
    # that the UsageError the mahjong modules raise (pyyijing.cli's) is the one caught.
    from pyyijing.cli import main as _main

    sys.exit(_main())
