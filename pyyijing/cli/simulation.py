"""What ``yijing simulate`` does the same for every game: the run flags, the
call of ``yj.simulate``, and the report of the files written."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .errors import EXIT_INVALID, UsageError


def run_simulate(
    args: argparse.Namespace,
    rules: Any,
    policies: list[str],
    record_every: int | None,
    progress: Any,
    errors: tuple[type[Exception], ...] = (ValueError, TypeError, ImportError),
) -> Any:
    """``yj.simulate`` with every run flag of ``simulate``, for every game.

    The flags mean the same for every game, so one call keeps the games'
    commands from drifting apart; an error in ``errors`` is a usage error.
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


def report_outputs(written: list[str], failed: list[str]) -> int:
    """After the summary: what was written (stdout), what could not be (stderr, exit 1)."""
    for line in written:
        print(line)
    sys.stdout.flush()
    for line in failed:
        sys.stderr.write(f"yijing: error: {line}\n")
    return EXIT_INVALID if failed else 0
