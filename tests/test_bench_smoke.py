"""Smoke test of the benchmark suite (issue 7): ``python -m benchmarks --quick``
runs and writes valid JSON and a results table. Speed is never asserted."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_quick_bench_runs_and_writes_json(tmp_path: Path) -> None:
    js, md = tmp_path / "bench.json", tmp_path / "RESULTS.md"
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--json", str(js), "--results", str(md)],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "PYYIJING_BACKEND"},
        capture_output=True,
        text=True,
        timeout=150,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(js.read_text())
    assert report["format"] == "pyyijing.bench"
    assert report["mode"] == "quick"
    for key in ("date", "command", "machine", "backend", "backends", "versions", "settings"):
        assert report[key], key
    assert report["machine"]["cores"] >= 1
    assert report["versions"]["pyyijing"]
    figures = report["figures"]
    keys = {f["key"] for f in figures}
    # every section produced figures (a failed section is a figure named "<section>.error")
    assert not [f for f in figures if f["key"].endswith(".error")], [
        (f["key"], f["note"]) for f in figures if f["key"].endswith(".error")
    ]
    for key in (
        "shuffle.native",
        "validate.ratio_native_python",
        "api_games.ratio_native_python",
        "sim_backends.ratio_native_python",
        "yardstick.fraction",
        "simulate.standard.random.scaling",
        "memory.peak_rss",
    ):
        assert key in keys, key
    for f in figures:
        if f["reps"]:
            assert f["reps"] == len(f["samples"]) >= 2, f["key"]
            assert f["min"] <= f["median"] <= f["max"], f["key"]
            assert all(isinstance(x, (int, float)) and math.isfinite(x) for x in f["samples"])
    assert {r["key"] for r in report["floors"]} >= {"yardstick.fraction"}
    text = md.read_text()
    assert "| section | figure | median |" in text
    assert "--quick" in text
    assert "figures in" in proc.stdout
