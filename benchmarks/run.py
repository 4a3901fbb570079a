"""Run the whole suite: ``python -m benchmarks [--quick] [--json PATH] [--results PATH]``.

Prints a table, writes a JSON file (machine, CPU, backends, versions, date,
every figure with its samples, median, min and max) and, for a full run,
rewrites ``benchmarks/RESULTS.md``. ``--quick`` (the CI smoke test) finishes
in well under a minute and leaves RESULTS.md alone unless ``--results`` is given.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import math
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import pyyijing as yj

from .env_bench import bench_env
from .mahjong_bench import bench_mahjong
from .peers import bench_peers
from .proxy_rate import bench_proxy
from .service_bench import bench_service
from .suite import (
    Settings,
    _midgame_positions,
    available_backends,
    bench_api_games,
    bench_cpp_kernels,
    bench_hexagrams,
    bench_memory,
    bench_ready,
    bench_shuffle,
    bench_simulate_backends,
    bench_simulate_scaling,
    bench_validate,
    bench_validate_positions,
    bench_yardstick,
)
from .timing import Figure
from .vector_env_bench import bench_vector_env

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SECTIONS = (
    "kernels",
    "games",
    "yardstick",
    "simulate",
    "service",
    "proxy",
    "memory",
    "mahjong",
    "peers",
    "env",
    "vector_env",
)


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _versions() -> dict[str, str]:
    from importlib import metadata

    out = {"python": platform.python_version(), "pyyijing": yj.__version__}
    for dist in ("numpy", "grpcio", "protobuf", "Cython", "pybind11"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            out[dist] = metadata.version(dist)
    try:
        import subprocess

        cxx = subprocess.run(["g++", "--version"], capture_output=True, text=True).stdout
        out["g++"] = cxx.splitlines()[0] if cxx else "none"
        rev = subprocess.run(
            ["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        if rev:
            dirty = subprocess.run(
                ["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                capture_output=True,
                text=True,
            ).stdout.strip()
            out["git"] = rev + (" (working tree with uncommitted changes)" if dirty else "")
    except OSError:
        pass
    return out


def machine() -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "loadavg_at_start": list(load) if load else None,
    }


# --------------------------------------------------------------------- formatting


def _num(x: float, unit: str) -> str:
    if math.isnan(x):
        return "-"
    if unit == "x":
        return f"{x:.2f}x" if x < 100 else f"{x:,.0f}x"
    if unit in ("ms", "MiB", "cores"):
        return f"{x:.2f}" if x < 100 else f"{x:,.0f}"
    if x >= 100:
        return f"{x:,.0f}"
    return f"{x:.3g}"


def _rows(figs: list[Figure]) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for f in figs:
        if not f.samples:
            rows.append((f.group, f.label, "skipped", f.note, "", "", "0"))
            continue
        rows.append(
            (
                f.group,
                f.label,
                _num(f.median, f.unit),
                f"{_num(f.min, f.unit)} .. {_num(f.max, f.unit)}",
                _num(f.cpu_median, f.unit) if f.cpu_samples else "",
                "" if f.unit == "x" else f.unit,
                str(len(f.samples)),
            )
        )
    return rows


HEAD = ("section", "figure", "median", "min .. max", "per CPU-s", "unit", "reps")


def markdown_table(figs: list[Figure]) -> str:
    lines = ["| " + " | ".join(HEAD) + " |", "| --- | --- | ---: | ---: | ---: | --- | ---: |"]
    lines += ["| " + " | ".join(r) + " |" for r in _rows(figs)]
    return "\n".join(lines)


def text_table(figs: list[Figure]) -> str:
    rows = [HEAD, *[(*r[:3], r[3] if r[2] != "skipped" else "", *r[4:]) for r in _rows(figs)]]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEAD))]
    out = []
    for j, r in enumerate(rows):
        cells = [
            c.ljust(widths[i]) if i in (0, 1, 5) else c.rjust(widths[i]) for i, c in enumerate(r)
        ]
        out.append("  ".join(cells).rstrip())
        if j == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


# --------------------------------------------------------------------- floors

FLOORS: list[tuple[str, str, str, float]] = [
    # (figure key, what, comparison, floor)
    ("sim_backends.ratio_native_python", "native / python, whole games (yj.simulate)", ">=", 100.0),
    ("api_games.ratio_native_python", "native / python, whole games (Game API loop)", ">=", 100.0),
    ("yardstick.fraction", "native engine / yardstick", ">=", 0.5),
    ("simulate.standard.random.t1", "random games/s, 1 thread", ">=", 300_000.0),
    ("simulate.standard.heuristic.t1", "heuristic games/s, 1 thread", ">=", 100_000.0),
    ("simulate.standard.random.scaling", "2 threads / 1 thread (docs/simulation.md)", ">=", 1.8),
    ("service.validate_move.p99_at_1k", "ValidateMove p99 at 1,000 req/s (ms)", "<", 2.0),
    (
        "service.validate_moves.moves_per_s",
        "ValidateMoves moves/s, distinct positions",
        ">=",
        200_000.0,
    ),
    (
        "service.validate_moves.shared_moves_per_s",
        "ValidateMoves moves/s, 8 moves per position",
        ">=",
        200_000.0,
    ),
    # the mahjong service rows (benchmarks/mahjong_service_bench.py)
    (
        "service.mahjong.validate_move.p99_at_1k",
        "mahjong ValidateMove p99 at 1,000 req/s (ms)",
        "<",
        2.0,
    ),
    (
        "service.mahjong.validate_moves.moves_per_s",
        "mahjong ValidateMoves moves/s, 32 positions x 8 moves",
        ">=",
        100_000.0,
    ),
    ("service.mahjong.simulate.ratio", "mahjong Simulate RPC / in-process yj.simulate", ">=", 0.95),
    # whole common mahjong hands of random legal moves, native, 1 thread
    ("mahjong.common_hands.native", "mahjong common hands/s, 1 thread", ">=", 50_000.0),
    # the engine's random play at least half the hand-written C++ loop's rate
    ("mahjong.yardstick.fraction", "mahjong engine / C++ yardstick (common)", ">=", 0.5),
    # per ruleset: random >= 50,000 and greedy >= 10,000 hands/s on one
    # native thread, 2 threads / 1 >= 1.8x, native / python >= 100x
    *(
        row
        for rs in ("common", "shaoyang", "changsha")
        for row in (
            (
                f"mahjong.{rs}_hands.native",
                f"mahjong {rs} random hands/s, 1 thread",
                ">=",
                50_000.0,
            ),
            (f"mahjong.{rs}.greedy.t1", f"mahjong {rs} greedy hands/s, 1 thread", ">=", 10_000.0),
            (f"mahjong.{rs}.random.scaling", f"mahjong {rs} random, 2 threads / 1", ">=", 1.8),
            (f"mahjong.{rs}.greedy.scaling", f"mahjong {rs} greedy, 2 threads / 1", ">=", 1.8),
            (
                f"mahjong.{rs}_hands.ratio_native_python",
                f"mahjong {rs} random, native / python",
                ">=",
                100.0,
            ),
            (
                f"mahjong.{rs}.greedy.ratio_native_python",
                f"mahjong {rs} greedy, native / python",
                ">=",
                100.0,
            ),
        )
        if (rs, row[0]) != ("common", "mahjong.common_hands.native")  # listed above
    ),
    # the batch of environments in C++ (benchmarks/vector_env_bench.py), per environment on
    # 2 threads: steps/s, and as a share of the engine's own random play in moves/s
    *(
        row
        for rs in ("yijingpai", "common", "shaoyang", "changsha")
        for row in (
            (f"vector_env.{rs}.t2", f"{rs} VectorEnv steps/s, 2 threads", ">=", 500_000.0),
            (
                f"vector_env.{rs}.over_simulate.t2",
                f"{rs} VectorEnv steps / yj.simulate moves, 2 threads",
                ">=",
                0.03,
            ),
        )
    ),
]


def floors(figs: list[Figure]) -> list[dict[str, Any]]:
    by = {f.key: f for f in figs}
    out = []
    for key, what, op, floor in FLOORS:
        f = by.get(key)
        if f is None or not f.samples:
            out.append(
                {"key": key, "what": what, "floor": f"{op} {floor:g}", "status": "not measured"}
            )
            continue
        med = f.median
        ok = med >= floor if op == ">=" else med < floor
        by_how = med / floor if op == ">=" else floor / med
        out.append(
            {
                "key": key,
                "what": what,
                "floor": f"{op} {floor:g}",
                "median": med,
                "min": f.min,
                "max": f.max,
                "status": "met" if ok else "missed",
                "fraction_of_floor": by_how,
                "per_cpu_second": f.cpu_median if f.cpu_samples else None,
            }
        )
    return out


def floors_text(rows: list[dict[str, Any]], md: bool = False) -> str:
    lines = []
    if md:
        lines += [
            "| floor | target | median (min .. max) | per CPU-s | status |",
            "| --- | --- | ---: | ---: | --- |",
        ]
    for r in rows:
        unit = "x" if r["key"].endswith(("ratio_native_python", "fraction", "scaling")) else ""
        if r["status"] == "not measured":
            val = "-"
        else:
            val = f"{_num(r['median'], unit)} ({_num(r['min'], unit)} .. {_num(r['max'], unit)})"
        status = r["status"]
        if status == "missed":
            status += f" ({r['fraction_of_floor']:.0%} of the floor)"
        cpu = r.get("per_cpu_second")
        cpu_text = _num(cpu, unit) if cpu is not None else ""
        if md:
            lines.append(f"| {r['what']} | {r['floor']} | {val} | {cpu_text} | {status} |")
        else:
            cpu_text = f"[{cpu_text}/CPU-s]" if cpu_text else ""
            lines.append(f"  {r['what']:<46} {r['floor']:>9}  {val:<32} {cpu_text:<18} {status}")
    return "\n".join(lines)


# --------------------------------------------------------------------- main


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="smoke-test sizes (< 1 minute)")
    p.add_argument(
        "--json", metavar="PATH", help="JSON output (default build/bench/results[-quick].json)"
    )
    p.add_argument(
        "--results",
        metavar="PATH",
        help="Markdown results file (default benchmarks/RESULTS.md for a full run of "
        "every section; a quick or --only run writes none unless given)",
    )
    p.add_argument(
        "--only", metavar="SECTIONS", help=f"comma-separated subset of {','.join(SECTIONS)}"
    )
    p.add_argument("--reps", type=int, help="repetitions per figure (default 5, quick 3)")
    p.add_argument("--command", default=None, help=argparse.SUPPRESS)
    p.add_argument(
        "--render",
        metavar="JSON",
        help="rewrite the results file from a run's JSON (after editing NOTES.md); no measuring",
    )
    return p.parse_args(argv)


def render(json_path: str, results_path: str) -> int:
    with open(json_path) as f:
        report = json.load(f)
    figs = []
    for d in report["figures"]:
        cpu = d.get("per_cpu_second", {}).get("samples", [])
        figs.append(
            Figure(
                d["key"],
                d["label"],
                d["unit"],
                d["samples"],
                d["group"],
                d["note"],
                d.get("extra", {}),
                cpu_samples=cpu,
            )
        )
    write_results(results_path, report, figs, report["floors"])
    print(f"results: {results_path} (from {json_path})")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    if args.render:
        return render(args.render, args.results or os.path.join(HERE, "RESULTS.md"))
    quick = args.quick
    only = set(SECTIONS if not args.only else args.only.split(","))
    bad = only - set(SECTIONS)
    if bad:
        print(
            f"benchmarks: unknown section(s) {', '.join(sorted(bad))}; sections: "
            f"{', '.join(SECTIONS)}",
            file=sys.stderr,
        )
        return 2
    st = Settings(
        quick=quick,
        reps=args.reps or (3 if quick else 5),
        target=0.04 if quick else 0.5,
        threads_all=os.cpu_count() or 1,
        memory_games=200_000 if quick else 10_000_000,
        service_seconds=0.5 if quick else 3.0,
        backends=available_backends(),
    )
    build_dir = os.path.join(ROOT, "build", "bench")
    json_path = args.json or os.path.join(
        build_dir, "results-quick.json" if quick else "results.json"
    )
    # The committed RESULTS.md is a whole run's: a partial one must not replace it.
    partial = quick or only != set(SECTIONS)
    results_path = args.results or (None if partial else os.path.join(HERE, "RESULTS.md"))
    command = args.command or "python -m benchmarks " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])
    )

    started = time.perf_counter()
    date = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
    print(
        f"pyyijing {yj.__version__} benchmarks ({'quick' if quick else 'full'}), backends "
        f"{', '.join(st.backends)}; active {yj.backend()}; {os.cpu_count()} cores",
        file=sys.stderr,
    )
    figs: list[Figure] = []
    timings: dict[str, float] = {}
    positions = _midgame_positions(24 if quick else 120, seed=1)

    def section(name: str, fn: Callable[[], list[Figure]]) -> None:
        if name not in only:
            return
        t0 = time.perf_counter()
        print(f"  {name} ...", file=sys.stderr, flush=True)
        try:
            got = fn()
        except Exception as exc:  # a section that fails is reported, not fatal
            got = [
                Figure(
                    f"{name}.error",
                    f"{name} (failed)",
                    "",
                    [],
                    name,
                    f"{type(exc).__name__}: {exc}",
                )
            ]
        figs.extend(got)
        timings[name] = time.perf_counter() - t0

    section(
        "kernels",
        lambda: (
            bench_shuffle(st)
            + bench_hexagrams(st)
            + bench_ready(st, positions)
            + bench_validate(st, positions)
            + bench_validate_positions(st, positions)
            + bench_cpp_kernels(st, build_dir, ROOT)
        ),
    )
    section("games", lambda: bench_api_games(st) + bench_simulate_backends(st))
    section("yardstick", lambda: bench_yardstick(st, build_dir))
    section("simulate", lambda: bench_simulate_scaling(st))
    section(
        "service",
        lambda: bench_service(
            2 if quick else st.reps,
            st.service_seconds,
            _midgame_positions(256, seed=2),
            sim_games=50_000 if quick else 500_000,
            mahjong_hands=20_000 if quick else 200_000,
            build_dir=build_dir,
        ),
    )
    # calls the native front end passes on, against the Python server alone
    section("proxy", lambda: bench_proxy(2 if quick else st.reps, st.service_seconds / 1.5))
    section("memory", lambda: bench_memory(st))
    section("mahjong", lambda: bench_mahjong(st.reps, st.target, st.backends, build_dir))
    section("peers", lambda: bench_peers(st.reps, st.target, quick))
    section("env", lambda: bench_env(st.reps, st.target))
    section("vector_env", lambda: bench_vector_env(st.reps, st.target, quick))
    elapsed = time.perf_counter() - started

    fl = floors(figs)
    report = {
        "format": "pyyijing.bench",
        "version": 1,
        "date": date,
        "command": command,
        "mode": "quick" if quick else "full",
        "machine": machine(),
        "backend": yj.backend(),
        "backends": list(st.backends),
        "versions": _versions(),
        "settings": {
            "reps": st.reps,
            "target_seconds_per_sample": st.target,
            "threads_all": st.threads_all,
            "memory_games": st.memory_games,
            "service_seconds_per_run": st.service_seconds,
        },
        "seconds": elapsed,
        "section_seconds": timings,
        "figures": [f.to_dict() for f in figs],
        "floors": fl,
    }
    os.makedirs(os.path.dirname(os.path.abspath(json_path)), exist_ok=True)
    with open(json_path, "w") as f:
        json.dump(_clean(report), f, indent=1, allow_nan=False)
        f.write("\n")
    print(text_table(figs))
    print("\nFloors (the minimums the project requires):")
    print(floors_text(fl))
    print(f"\n{len(figs)} figures in {elapsed:.1f} s; JSON: {json_path}")
    if results_path:
        write_results(results_path, report, figs, fl)
        print(f"results: {results_path}")
    return 0


def _clean(x: Any) -> Any:
    """JSON-safe copy: NaN/inf become None, NumPy scalars plain numbers."""
    if isinstance(x, dict):
        return {str(k): _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    if hasattr(x, "item") and not isinstance(x, (str, bytes)):
        x = x.item()
    if isinstance(x, float) and not math.isfinite(x):
        return None
    return x


def write_results(
    path: str, report: dict[str, Any], figs: list[Figure], fl: list[dict[str, Any]]
) -> None:
    m = report["machine"]
    v = report["versions"]
    notes: list[str] = []
    seen: set[str] = set()
    for f in figs:
        if f.note and f.note not in seen:
            seen.add(f.note)
            notes.append(f"- {f.label}: {f.note}")
    missed = [r for r in fl if r["status"] == "missed"]
    missed_text = (
        "\n".join(
            f"- {r['what']}: median {_num(r['median'], '')} against {r['floor']} "
            f"({r['fraction_of_floor']:.0%} of the floor)"
            for r in missed
        )
        or "- none"
    )
    try:
        with open(os.path.join(HERE, "NOTES.md")) as f:
            commentary = f.read().strip()
    except OSError:
        commentary = ""
    load = ", ".join(f"{x:.2f}" for x in (m["loadavg_at_start"] or []))
    text = f"""# Benchmark results

<!-- Generated by benchmarks/run.py; edit benchmarks/NOTES.md for the commentary. -->

Produced by `{report["command"]}` on {report["date"]} ({report["mode"]} run,
{report["seconds"]:.0f} s). Run it yourself with `make bench` (or `yijing bench`
inside the checkout, or `python -m benchmarks` from the repository root after
`make install`); `--quick` is the one-minute smoke run CI uses.

Machine: {m["cpu"]}, {m["cores"]} cores, {m["platform"]}; load average at start
{load}. The cores are shared with other work and noisy: compare the ratios
(measured side by side, interleaved, in this one run) rather than absolute rates.
Versions: {", ".join(f"{k} {val}" for k, val in v.items())}. Active backend
`{report["backend"]}`; backends measured: {", ".join(report["backends"])}.

Every figure: {report["settings"]["reps"]} repetitions after a warm-up (the
calibration runs), about {report["settings"]["target_seconds_per_sample"]} s each;
median, min and max over the repetitions. A ratio is computed per repetition
from interleaved runs, then summarised the same way. Every sample is in the
JSON file of the run.

{markdown_table(figs)}

## Floors (the minimums the project requires)

{floors_text(fl, md=True)}

Missed in this run:

{missed_text}

{commentary}

## What each figure is

{chr(10).join(notes)}
"""
    with open(path, "w") as f:
        f.write(text)
