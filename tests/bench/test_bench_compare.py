"""benchmarks.compare: two checkouts run alternately, each figure's medians and head / base.

The two checkouts here are stand-ins whose suite writes known figures, so the
ratios, the reading direction of each unit and the round order can be checked
exactly; the real suite's JSON shape is the one `benchmarks/run.py` writes.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_compare():
    # Loaded from its file, not through sys.path: child processes (Dask workers in
    # other tests of this session) start with a copy of sys.path, and the repo root
    # on it would make them import the checkout's pyyijing, which has no compiled core.
    path = ROOT / "benchmarks" / "compare.py"
    spec = importlib.util.spec_from_file_location("bench_compare", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


_compare = _load_compare()
compare, direction = _compare.compare, _compare.direction

SUITE = """
import json, os, sys
argv = sys.argv[1:]
out = argv[argv.index("--json") + 1]
log = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "runs.log")
with open(log, "a") as f:
    f.write(" ".join(argv) + "\\n")
figures = [
    {"key": "sim.rate", "unit": "games/s", "median": RATE, "samples": [RATE]},
    {"key": "svc.p99", "unit": "ms", "median": P99, "samples": [P99]},
    {"key": "skipped.row", "unit": "", "median": float("nan"), "samples": []},
]
with open(out, "w") as f:
    json.dump({"figures": figures}, f)
"""


def fake_checkout(path: Path, rate: float, p99: float) -> Path:
    bench = path / "benchmarks"
    bench.mkdir(parents=True)
    (bench / "__init__.py").write_text("")
    (bench / "run.py").write_text("")
    (bench / "__main__.py").write_text(SUITE.replace("RATE", repr(rate)).replace("P99", repr(p99)))
    return path


def test_direction_reads_rates_up_and_costs_down():
    assert direction("games/s") == "higher"
    assert direction("moves/s") == "higher"
    assert direction("x") == "higher"
    assert direction("ms") == "lower"
    assert direction("MB") == "lower"
    assert direction("") == ""


def test_compare_takes_the_median_of_the_rounds():
    def fig(v):
        return {"k": {"unit": "games/s", "median": v}}

    rows = compare([(fig(10.0), fig(5.0)), (fig(30.0), fig(10.0)), (fig(20.0), fig(100.0))])
    assert len(rows) == 1
    assert rows[0]["head"] == 20.0
    assert rows[0]["base"] == 10.0
    assert rows[0]["ratio"] == 2.0


def test_both_checkouts_run_alternately_and_the_table_gives_head_over_base(tmp_path):
    head = fake_checkout(tmp_path / "head", rate=300.0, p99=1.5)
    base = fake_checkout(tmp_path / "base", rate=200.0, p99=3.0)
    out = tmp_path / "cmp.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.compare", "--repo", str(head), "--base-repo",
         str(base), "--base-python", sys.executable, "--rounds", "2", "--only", "simulate",
         "--json", str(out)],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=True,
    )  # fmt: skip
    rows = {r["key"]: r for r in json.loads(out.read_text())["rows"]}
    assert set(rows) == {"sim.rate", "svc.p99"}  # a row with no samples is not compared
    assert rows["sim.rate"]["ratio"] == pytest.approx(1.5)
    assert rows["svc.p99"]["ratio"] == pytest.approx(0.5)
    assert rows["svc.p99"]["better"] == "lower"
    assert "sim.rate" in done.stdout
    assert "1.500" in done.stdout
    # each side ran twice with the sections asked for; round 2 began with the base
    for side in (head, base):
        runs = (side / "runs.log").read_text().splitlines()
        assert len(runs) == 2
        assert all("--only simulate" in r for r in runs)
    order = [ln.split(": ")[1].split(" ")[0] for ln in done.stderr.splitlines() if "round" in ln]
    assert order == ["head", "base", "base", "head"]


def test_a_directory_that_is_not_a_checkout_is_refused(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.compare", "--base-repo", str(tmp_path),
         "--base-python", sys.executable],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 2
    assert "not a checkout with benchmarks/run.py" in done.stderr
