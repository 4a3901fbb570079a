"""examples/train_changsha.py trains: a short MaskablePPO run on the single-seat Changsha
environment against three `random` bots beats the same network before training.

The example runs as a script (a subprocess, as a user runs it) and the test reads its JSON
summary. It needs the `train` extra (sb3-contrib, stable-baselines3, CPU torch)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_changsha.py"

# About 40 s on a free core (18 s of training at ~1,700 steps/s, 15 s of evaluation), a few
# minutes on a busy one. At this budget ten seeds (0-9) each put the trained interval at least
# 0.9 above the untrained one's upper end, so the assertion tests training, not luck.
BUDGET = 30_000


def require_train_extra() -> None:
    for module in ("torch", "stable_baselines3", "sb3_contrib"):
        try:
            importlib.import_module(module)
        except ImportError as error:
            pytest.skip(f"needs the train extra, pip install '.[rl,train]': {error}")


@pytest.mark.slow
def test_the_trained_policy_beats_the_untrained_one(tmp_path: Path) -> None:
    """docs/env.md "Training an agent": the trained policy's 95% interval of the mean
    payment per hand lies above the untrained one's, on 2,000 seat-balanced hands."""
    require_train_extra()
    out = tmp_path / "summary.json"
    command = [
        sys.executable,
        str(EXAMPLE),
        *("--budget", str(BUDGET), "--seed", "0", "--eval-hands", "2000", "--out", str(out)),
    ]
    run = subprocess.run(
        command, cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["steps"] >= BUDGET
    result = summary["results"]["random"]
    trained, untrained = result["trained"], result["untrained"]
    assert trained["hands"] == untrained["hands"] == 2000
    assert trained["low"] > untrained["high"], run.stdout
    assert "trained " in run.stdout  # the printed report, not only the JSON
