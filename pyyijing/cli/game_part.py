"""A game's side of the command line (`CliPart`, named by its `GameSpec.cli`), and the
part the command layer gives a registered game that has none (`generic_part`).

The command layer (main.py) finds every game in the registry: ``--game`` takes
any registered ruleset, ``simulate`` hands the run to the ruleset's game, and
``replay`` and ``validate`` to the game the record's ``"game"`` names. A game
with no part of its own still simulates (the generic flags, its summary as
JSON), replays (move by move) and validates.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.registry import GameSpec
from .errors import EXIT_INVALID, UsageError
from .outputs import check_outputs, write_outputs
from .progress import Progress
from .records import game_number
from .simulation import records_every, report_outputs, run_simulate, split_policies


def _no_flags(parser: argparse.ArgumentParser) -> None:
    return None


def _no_commands(sub: Any) -> None:
    return None


def _refuses_nothing(args: argparse.Namespace, running: str, running_flags: str) -> None:
    return None


def _no_own_flags(ruleset: str) -> Sequence[str]:
    return ()


@dataclass(frozen=True)
class CliPart:
    """What the command layer asks a game for.

    - `title`: the game's name in messages ("Yi Jing Pai");
    - `simulate(args)`: ``simulate --game`` one of its rulesets (``args.game``): exit status;
    - `replay(record, args)`: ``replay`` of one of its records: exit status;
    - `add_flags(parser)`: its rule flags on the ``simulate`` parser (every game's
      flags are on the one parser, so ``--help`` shows them all);
    - `flags(ruleset)`: the flags a run of `ruleset` takes;
    - `reject_flags(args, running, running_flags)`: a usage error if one of its
      flags was given to a run of another game (`running`: that game's title or
      ruleset; `running_flags`: the flags that run takes, as text);
    - `add_commands(subparsers)`: commands of its own (Yi Jing Pai: ``show``);
    - `add_replay_flags(parser)`: flags of its own on the ``replay`` parser;
    - `outcome(result)`: ``validate``'s text after "result KIND" (None: nothing);
    - `error_text(exc)`: ``validate``'s text of a RecordError or IllegalMove.
    """

    title: str
    simulate: Callable[[argparse.Namespace], int]
    replay: Callable[[dict[str, Any], argparse.Namespace], int]
    add_flags: Callable[[argparse.ArgumentParser], None] = _no_flags
    flags: Callable[[str], Sequence[str]] = _no_own_flags
    reject_flags: Callable[[argparse.Namespace, str, str], None] = _refuses_nothing
    add_commands: Callable[[Any], None] = _no_commands
    add_replay_flags: Callable[[argparse.ArgumentParser], None] = _no_flags
    outcome: Callable[[Any], str] | None = None
    error_text: Callable[[Exception], str] = str


def part_of(spec: GameSpec) -> CliPart:
    """`spec`'s CLI part, or the generic one when it has none."""
    if spec.cli is None:
        return generic_part(spec)
    part: CliPart = spec.load("cli")
    return part


def generic_part(spec: GameSpec) -> CliPart:
    """The CLI part of a game that brings none: generic flags, JSON summary, plain replay."""

    def simulate(args: argparse.Namespace) -> int:
        if args.plot:
            raise UsageError(f"argument --plot: {spec.name} has no figure")
        try:
            rules = spec.make_rules(args.game)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        players = spec.load("sim").players(rules) if spec.sim is not None else 1
        policies = split_policies(args.policies, players)
        record_every = records_every(args)
        check_outputs(args)
        progress = None if args.quiet else Progress(sys.stderr, args.games)
        res = run_simulate(args, rules, policies, record_every, progress)
        written, failed = write_outputs(args, res, _no_figure)
        print(json.dumps(res.summary, indent=1, ensure_ascii=False))
        return report_outputs(written, failed)

    def replay(record: dict[str, Any], args: argparse.Namespace) -> int:
        game = new_game(spec, record)
        number = game_number(record)
        out = sys.stdout
        out.write(
            f"game {number if number is not None else args.game}: {spec.name}, "
            f"seed {record.get('seed')}, dealer {game.dealer}\n"
        )
        for i, move in enumerate(record.get("moves", [])):
            verdict = game.validate(move)
            if not verdict.ok:
                out.write(f"{i:4d}  {move}   <- illegal: {verdict.code} ({verdict.message})\n")
                return EXIT_INVALID
            game.apply(move)
            out.write(f"{i:4d}  {move}\n")
        result = game.result
        if result is None:
            out.write("(the record stops before the end of the game)\n")
        else:
            out.write(f"result: {result.kind}; payments {list(result.payments)}\n")
        return 0

    return CliPart(title=spec.name, simulate=simulate, replay=replay)


def _no_figure(summary: dict[str, Any], path: str) -> bytes:
    raise OSError("this game has no figure")


def new_game(spec: GameSpec, record: dict[str, Any]) -> Any:
    """The game of `record` before its first move (its deal: seed, or wall and dealer)."""
    try:
        rules = spec.load("rules").from_dict(record["rules"])
        game_class = spec.load("game")
        if record.get("seed") is not None:
            source = record.get("dealer_source", "dice")
            dealer = None if source == "dice" else record["dealer"]
            return game_class(rules, seed=record["seed"], dealer=dealer)
        return game_class(rules, wall=record["wall"], dealer=record["dealer"])
    except KeyError as exc:
        raise UsageError(f"bad record: no {exc} field (is this a game record?)") from None
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bad record: {exc}") from None
