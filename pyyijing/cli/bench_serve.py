"""``yijing bench`` and ``yijing serve``: the benchmark suite of a source
checkout (given by --repo or the current directory) and the gRPC service,
each started with the arguments given."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import subprocess
import sys
from collections.abc import Sequence

from .errors import UsageError


def find_checkout(repo: str | None) -> str:
    """The pyyijing source checkout to benchmark: --repo, else the current directory.

    Only that one directory is tried, never its parents nor a ``benchmarks``
    package found on ``sys.path``: the suite then always is the one the user
    pointed at, and another project's ``benchmarks`` is never run by mistake.
    """
    root = os.path.abspath(repo if repo is not None else os.curdir)
    where = f"--repo {repo}" if repo is not None else f"the current directory ({root})"
    suite = os.path.join(root, "benchmarks", "__main__.py")
    if not (os.path.isfile(suite) and _is_pyyijing_project(os.path.join(root, "pyproject.toml"))):
        raise UsageError(
            f"bench runs the benchmark suite of a pyyijing source checkout (benchmarks/ does not "
            f"ship in the wheel), and {where} is not one: run it from the repository's root, "
            "pass --repo DIR, or use `make bench`"
        )
    return root


def _is_pyyijing_project(pyproject: str) -> bool:
    try:
        with open(pyproject, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return False
    return re.search(r'^name\s*=\s*"pyyijing"\s*$', text, re.MULTILINE) is not None


def cmd_bench(args: argparse.Namespace) -> int:
    """The benchmark suite of a source checkout, run as `make bench` runs it.

    A child ``python -m benchmarks`` started in the checkout imports the suite
    from there (its own ``benchmarks/__init__.py`` keeps the installed pyyijing
    first), so this process's ``sys.path`` is never changed.
    """
    root = find_checkout(args.repo)
    argv = ["--quick"] if args.quick else []
    given = list(argv)  # as typed, for the command the results name
    for flag, value, is_path in (
        ("--json", args.json, True),
        ("--results", args.results, True),
        ("--only", args.only, False),
    ):
        if value:
            # The child runs in the checkout: a relative output path stays the caller's.
            argv += [flag, os.path.abspath(value) if is_path else value]
            given += [flag, value]
    if args.reps:
        argv += ["--reps", str(args.reps)]
        given += ["--reps", str(args.reps)]
    command = "yijing bench" + "".join(f" {a}" for a in given)
    env = dict(os.environ)
    env.pop("PYTHONSAFEPATH", None)  # -m must find benchmarks/ in the checkout
    sys.stdout.flush()
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", *argv, "--command", command], cwd=root, env=env
    )
    return done.returncode if done.returncode >= 0 else 128 - done.returncode


def cmd_serve(service_args: Sequence[str]) -> int:
    """The gRPC service (the same as `python -m pyyijing.service`; flags after `serve` go to it)."""
    try:
        service_main = importlib.import_module("pyyijing.service.__main__").main
    except ImportError as exc:
        raise UsageError(
            f"the service is not installed ({exc}): pip install 'pyyijing[service]' "
            "(in a source checkout: pip install '.[service]')"
        ) from exc
    return int(service_main(list(service_args), prog="yijing serve"))
