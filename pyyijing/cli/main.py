"""The `yijing` command line: simulate, replay, show, validate (docs/simulation.md); bench, serve.

This module is the command layer: the parser, the dispatch to a game by
``--game`` (simulate) or by the record (replay, validate), and the errors.
It finds the games in the registry (`pyyijing.core.registry`) and each one's
side of the command line in its `GameSpec.cli` (game_part.py: `CliPart`; a
game with none gets the generic part). What is the same for every game is in
parsing.py, simulation.py, progress.py, records.py, outputs.py, figure.py and
summary_text.py; each game has its flags and run (yijingpai.py, mahjong.py),
its report (*_report.py: the table and the figure) and its replay (*_replay.py).

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
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..core import registry
from ..core.registry import GameLoadError, GameSpec
from ..errors import IllegalMove, RecordError
from .bench_serve import cmd_bench, cmd_serve
from .errors import EXIT_BROKEN_PIPE, EXIT_INVALID, EXIT_USAGE, UsageError
from .export import add_export_command
from .game_part import part_of
from .parsing import Parser, count, positive
from .records import chosen_record, load_records
from .view import add_view_command


def cmd_simulate(args: argparse.Namespace) -> int:
    spec = registry.by_ruleset(args.game)
    part = part_of(spec)
    # Another game's flag given to this run is refused by that game, which knows its flags.
    running = part.title if len(spec.rulesets) == 1 else args.game
    running_flags = ", ".join(part.flags(args.game)) or "none"
    for other in registry.games():
        if other.name != spec.name:
            part_of(other).reject_flags(args, running, running_flags)
    return part.simulate(args)


def game_of_record(record: Any) -> GameSpec:
    """The game a record names in ``"game"``; the default game when it names none that is
    registered (its replay then says what is wrong with the record)."""
    name = record.get("game") if isinstance(record, dict) else None
    for spec in registry.games():
        if spec.name == name:
            return spec
    return registry.default()


def cmd_replay(args: argparse.Namespace) -> int:
    rec, args.game = chosen_record(args.file, args.game)
    return part_of(game_of_record(rec)).replay(rec, args)


def cmd_validate(args: argparse.Namespace) -> int:
    records = load_records(args.record)
    bad = 0
    for n, rec in enumerate(records):
        label = f"record {n}" if len(records) > 1 else "record"
        moves = rec.get("moves", []) if isinstance(rec, dict) else []
        spec = game_of_record(rec)
        part = part_of(spec)
        try:
            game: Any = spec.load("replay")(rec)
        except (RecordError, IllegalMove) as exc:
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
            why = part.error_text(exc)
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
        outcome = part.outcome
        detail = f": {outcome(result)}" if outcome is not None and result is not None else ""
        print(
            f"{label}: ok, {len(game.moves)} moves, "
            f"result {result.kind if result else 'none yet'}{detail}"
        )
    return EXIT_INVALID if bad else 0


def _print_verdicts(moves: Sequence[Any]) -> None:
    for i, move in enumerate(moves):
        print(f"{i:5d}  {move!s:<24} ok")


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="yijing", description="Yi Jing Pai (易經牌) and mahjong rule engine tools.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    s = sub.add_parser(
        "simulate",
        help="play many games with bots and summarise them",
        description="Play many games with bots and print a summary (docs/simulation.md).",
    )
    s.add_argument(
        "--games",
        type=positive,
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
        type=count,
        default=0,
        metavar="S",
        help="seed of the batch; game i is determined by (seed, i) (default: %(default)s)",
    )
    s.add_argument(
        "--threads",
        type=count,
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
        type=positive,
        default=None,
        metavar="N",
        help="play matches of N hands, the dealer following --next-dealer; --games must be "
        "a multiple of N (default: single hands, no matches)",
    )
    rulesets = registry.rulesets()
    s.add_argument(
        "--game",
        choices=rulesets,
        default=rulesets[0],
        help="the game: Yi Jing Pai, or a mahjong ruleset (its hands are the games) "
        "(default: %(default)s)",
    )
    parts = [part_of(spec) for spec in registry.games()]
    for part in parts:
        part.add_flags(s)
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
        type=count,
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
        type=count,
        default=None,
        metavar="N",
        help="the game to print: the record whose game number is N (simulate --records every:K "
        "keeps games 0, K, 2K, ...); in records without game numbers, the N-th record, from 0 "
        "(default: the first record; stderr says so when the file holds more than one)",
    )
    for part in parts:
        part.add_replay_flags(r)
    r.set_defaults(func=cmd_replay)

    for part in parts:
        part.add_commands(sub)

    add_view_command(sub)
    add_export_command(sub)

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

    b = sub.add_parser(
        "bench",
        help="run the benchmark suite of a source checkout (not in the wheel)",
        description="Run the benchmark suite in benchmarks/ of a pyyijing source checkout, "
        "as `make bench` does, against the installed package. The suite does not ship in "
        "the wheel: run this from the repository's root or give --repo.",
    )
    b.add_argument(
        "--repo",
        metavar="DIR",
        default=None,
        help="the source checkout whose benchmarks/ to run; its parents are not searched "
        "(default: the current directory)",
    )
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
        type=positive,
        default=None,
        metavar="N",
        help="repetitions per figure (default: 5, 3 with --quick)",
    )
    b.set_defaults(func=cmd_bench)

    # `serve` hands every later argument to the service's own parser (see main).
    sub.add_parser("serve", help="run the gRPC service (flags: yijing serve --help)")
    return p


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
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["serve"]:
            return cmd_serve(argv[1:])
        args = build_parser().parse_args(argv)
        if args.command is None:
            raise UsageError(
                "choose a command: simulate, replay, show, validate, view, export, bench, "
                "serve (see yijing --help)"
            )
        code = int(args.func(args))
        sys.stdout.flush()  # here, so that a reader gone away is seen below, not at exit
        return code
    except BrokenPipeError:
        return _stdout_gone()
    except UsageError as exc:
        sys.stderr.write(f"yijing: error: {exc}\n")
        return EXIT_USAGE
    except GameLoadError as exc:  # an installed game that does not load (its entry point)
        sys.stderr.write(f"yijing: error: {exc}\n")
        return EXIT_USAGE
    except OSError as exc:
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        sys.stderr.write(f"yijing: error: {exc.strerror or exc}{where}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("\nyijing: interrupted\n")
        return 130
