"""``yijing bench`` and ``yijing serve``: the benchmark suite of a source
checkout and the gRPC service, each started with the arguments given."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .errors import UsageError


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
