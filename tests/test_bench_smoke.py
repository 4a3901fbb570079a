"""Smoke test of the benchmark suite (issue 7): ``python -m benchmarks --quick``
runs and writes valid JSON and a results table. Speed is never asserted."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# Figures every run must have, by section. The fast run (`make test`) runs the cheap sections;
# the whole quick suite (~30 s, "kernels" alone ~17 s) is marked slow.
EXPECTED = {
    "kernels": ("shuffle.native", "validate.ratio_native_python"),
    "games": ("api_games.ratio_native_python", "sim_backends.ratio_native_python"),
    "yardstick": ("yardstick.fraction",),
    "simulate": ("simulate.standard.random.scaling",),
    "memory": ("memory.peak_rss",),
}


@pytest.mark.parametrize(
    "only",
    [
        pytest.param(("games", "yardstick", "simulate", "memory"), id="some-sections"),
        pytest.param(None, id="whole-suite", marks=pytest.mark.slow),
    ],
)
def test_quick_bench_runs_and_writes_json(tmp_path: Path, only: tuple[str, ...] | None) -> None:
    js, md = tmp_path / "bench.json", tmp_path / "RESULTS.md"
    out = ["--json", str(js), "--results", str(md)]
    subset = ["--only", ",".join(only)] if only else []
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", *out, *subset],
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
    for section, section_keys in EXPECTED.items():
        if only is None or section in only:
            for key in section_keys:
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
