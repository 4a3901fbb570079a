"""Two checkouts side by side: ``python -m benchmarks.compare --base-repo DIR --base-python PY``.

A change is judged against the code it replaces on the same machine in the
same minutes: this runs the suite (``python -m benchmarks``, the sections of
``--only``) of this checkout with this interpreter and of the base checkout
with the base interpreter, alternately (``--rounds`` times each, the order
swapped every round so a drift in the machine's load falls on both), and
prints for every figure both medians and their ratio, head / base. Each side
runs its own ``benchmarks/`` against its own installed pyyijing (each
checkout's venv). The JSON (``--json``) keeps every round's medians.

A ratio is "better" above 1 for rates (a unit with ``/s``, ``x``) and below 1
for costs (``ms``, ``s``, ``MB``); the table says which way each row reads.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LOWER_IS_BETTER = ("ms", "s", "MB", "bytes", "us", "µs")


def direction(unit: str) -> str:
    """ "higher", "lower" or "" (a unit this cannot read) for a figure's unit."""
    if "/s" in unit or unit in ("x", "fraction", "%"):
        return "higher"
    if unit.split(" ")[0] in LOWER_IS_BETTER:
        return "lower"
    return ""


def run_suite(python: str, repo: str, args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """One run of a checkout's suite: figure key -> its JSON entry."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "results.json")
        argv = [python, "-m", "benchmarks", "--json", out, "--results", os.devnull]
        if args.quick:
            argv.append("--quick")
        if args.only:
            argv += ["--only", args.only]
        if args.reps:
            argv += ["--reps", str(args.reps)]
        env = dict(os.environ)
        env.pop("PYTHONSAFEPATH", None)  # -m must find benchmarks/ in the checkout
        done = subprocess.run(argv, cwd=repo, env=env, stdout=subprocess.DEVNULL)
        if done.returncode != 0:
            raise SystemExit(f"the suite failed in {repo} with {python} (exit {done.returncode})")
        with open(out) as f:
            report = json.load(f)
    return {fig["key"]: fig for fig in report["figures"] if fig.get("samples")}


def compare(rounds: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per figure measured on both sides: the medians over rounds and head / base."""
    rows = []
    keys = [k for k in rounds[0][0] if all(k in h and k in b for h, b in rounds)]
    for key in keys:
        heads = [h[key]["median"] for h, _ in rounds]
        bases = [b[key]["median"] for _, b in rounds]
        head, base = statistics.median(heads), statistics.median(bases)
        unit = rounds[0][0][key]["unit"]
        rows.append(
            {
                "key": key,
                "unit": unit,
                "better": direction(unit),
                "head": head,
                "base": base,
                "ratio": head / base if base else float("nan"),
                "head_rounds": heads,
                "base_rounds": bases,
            }
        )
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    head = ("figure", "unit", "base", "head", "head/base", "better")
    body = [
        (r["key"], r["unit"], f"{r['base']:,.4g}", f"{r['head']:,.4g}", f"{r['ratio']:.3f}",
         r["better"])
        for r in rows
    ]  # fmt: skip
    widths = [max(len(str(x[i])) for x in (head, *body)) for i in range(len(head))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(head, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) for r in body]
    return "\n".join(lines)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.compare", description=__doc__.split("\n")[0]
    )
    p.add_argument("--base-repo", required=True, help="the base checkout (its benchmarks/)")
    p.add_argument("--base-python", required=True, help="the interpreter with the base installed")
    p.add_argument("--repo", default=ROOT, help="the head checkout (default: this one)")
    p.add_argument(
        "--python", default=sys.executable, help="the head's interpreter (default: this one)"
    )
    p.add_argument("--only", help="the suite's sections to run (as python -m benchmarks --only)")
    p.add_argument("--quick", action="store_true", help="the suite's smoke-test sizes")
    p.add_argument("--reps", type=int, help="repetitions per figure in each run")
    p.add_argument("--rounds", type=int, default=3, help="runs of each side (default 3)")
    p.add_argument("--json", help="write the rows and every round's medians here")
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    for path in (args.repo, args.base_repo):
        if not os.path.isfile(os.path.join(path, "benchmarks", "run.py")):
            p.error(f"{path} is not a checkout with benchmarks/run.py")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    rounds = []
    for i in range(args.rounds):
        sides = [("head", args.python, args.repo), ("base", args.base_python, args.base_repo)]
        if i % 2:
            sides.reverse()
        got = {}
        for name, python, repo in sides:
            print(f"round {i + 1}/{args.rounds}: {name} ({repo})", file=sys.stderr, flush=True)
            got[name] = run_suite(python, repo, args)
        rounds.append((got["head"], got["base"]))
    rows = compare(rounds)
    print(table(rows))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"argv": sys.argv[1:], "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
