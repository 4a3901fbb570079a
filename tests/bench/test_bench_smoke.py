"""Smoke test of the benchmark suite: ``python -m benchmarks --quick``
runs and writes valid JSON and a results table. Speed is never asserted."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


# Figures every run must have, by section. The fast run (`make test`) runs the cheap sections;
# the whole quick suite (~30 s, "kernels" alone ~17 s) is marked slow.
EXPECTED = {
    "kernels": ("shuffle.native", "validate.ratio_native_python"),
    "games": ("api_games.ratio_native_python", "sim_backends.ratio_native_python"),
    "yardstick": ("yardstick.fraction",),
    "simulate": ("simulate.standard.random.scaling",),
    "memory": ("memory.peak_rss",),
    # the mahjong service rows beside the Yi Jing ones (benchmarks/mahjong_service_bench.py)
    "service": (
        "service.validate_move.p99_at_1k",
        "service.validate_moves.moves_per_s",
        # the do-nothing server under the same load (benchmarks/echo_server.py)
        "service.transport.p50_at_1k",
        "service.transport.p99_at_1k",
        "service.validate_move.p99_over_transport",
        "service.mahjong.validate_move.p50_at_1k",
        "service.mahjong.validate_move.p99_at_1k",
        "service.mahjong.validate_moves.moves_per_s",
        "service.mahjong.simulate.games_per_s",
        "service.mahjong.simulate.in_process",
        "service.mahjong.simulate.ratio",
    ),
    # calls the native front end passes on (benchmarks/proxy_rate.py)
    "proxy": (
        "proxy.get_view.ratio",
        "proxy.get_view.cpu_python_alone",
        "proxy.validate_declined.front_rate",
        "proxy.validate_declined.alone_rate",
    ),
    "mahjong": (
        "mahjong.common_hands.native",
        "mahjong.yardstick.hands",
        "mahjong.yardstick.engine",
        "mahjong.yardstick.fraction",
        "mahjong.yardstick.fraction_default",
        # the bots' floors, per ruleset (benchmarks/mahjong_bench.py _bot_figures)
        "mahjong.common.greedy.t1",
        "mahjong.shaoyang.greedy.scaling",
        "mahjong.changsha.greedy.ratio_native_python",
        "mahjong.changsha.heuristic.t1",
    ),
    "peers": ("peers.ours.hands", "peers.ours.moves"),
    # every environment's three rates and their ratios (benchmarks/env_bench.py)
    "env": tuple(
        f"env.{name}.{kind}"
        for name in ("yijingpai", "common", "shaoyang", "changsha")
        for kind in ("aec", "gym", "api", "aec_over_api", "gym_over_api")
    ),
    # the C++ batch of every environment that has one, beside yj.simulate and the AEC
    # environment (benchmarks/vector_env_bench.py)
    "vector_env": tuple(
        f"vector_env.{name}.{kind}"
        for name in ("yijingpai", "common", "shaoyang", "changsha")
        for kind in (
            "t1",
            "t2",
            "simulate.t1",
            "simulate.t2",
            "over_simulate.t1",
            "over_simulate.t2",
            "scaling",
            "aec",
            "over_aec",
        )
    ),
}
PEERS = {"rlcard": "peers.rlcard.hands", "pgx": "peers.pgx.steps", "mjx": "peers.mjx.hands"}
# Interpreters that cannot run: every peer takes the skip path (fast, whatever is installed).
NO_PEERS = {
    "PYYIJING_BENCH_PEER_PYTHON": "/nonexistent/python",
    "PYYIJING_BENCH_MJX_PYTHON": "/nonexistent/python3.9",
}


@pytest.mark.parametrize(
    ("only", "env"),
    [
        pytest.param(("games", "yardstick", "simulate", "memory"), {}, id="some-sections"),
        # the mahjong yardstick built and run; every peer skipped
        pytest.param(("mahjong", "peers"), NO_PEERS, id="mahjong-peers-skipped"),
        pytest.param(("vector_env",), NO_PEERS, id="vector-env-pgx-skipped"),
        # a loopback server and both games' rows (~30 s): slow
        pytest.param(("service",), {}, id="service", marks=pytest.mark.slow),
        pytest.param(("proxy",), {}, id="proxy", marks=pytest.mark.slow),
        pytest.param(None, {}, id="whole-suite", marks=pytest.mark.slow),
    ],
)
def test_quick_bench_runs_and_writes_json(
    tmp_path: Path, only: tuple[str, ...] | None, env: dict[str, str]
) -> None:
    js, md = tmp_path / "bench.json", tmp_path / "RESULTS.md"
    out = ["--json", str(js), "--results", str(md)]
    subset = ["--only", ",".join(only)] if only else []
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", *out, *subset],
        cwd=ROOT,
        env={**{k: v for k, v in os.environ.items() if k != "PYYIJING_BACKEND"}, **env},
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
    if only is None or "peers" in only:
        # each peer measured, or one skipped row saying why
        for peer, key in PEERS.items():
            skipped = [f for f in figures if f["key"] == f"peers.{peer}.skipped"]
            assert key in keys or (skipped and skipped[0]["note"]), peer
            if env is NO_PEERS:
                assert skipped, peer
                assert "cannot run /nonexistent/" in skipped[0]["note"], skipped[0]["note"]
    if only is None or "vector_env" in only:
        # each rate says the batch size that gave it, one of the sweep's
        rates = [f for f in figures if f["unit"] == "steps/s" and "VectorEnv" in f["label"]]
        assert len(rates) >= 2 * 3, [f["key"] for f in rates]
        for f in rates:
            sweep = [size for size, _rate in f["extra"]["sweep"]]
            assert f["extra"]["num_envs"] in sweep, f["extra"]
            assert f"num_envs={f['extra']['num_envs']}" in f["label"]
        pgx = [f for f in figures if f["key"].startswith("vector_env.pgx.")]
        assert pgx, "no pgx row"
        if env is NO_PEERS:
            assert [f["key"] for f in pgx] == ["vector_env.pgx.skipped"], pgx
            assert "cannot run /nonexistent/" in pgx[0]["note"], pgx[0]["note"]
    if only is None or "mahjong" in only:
        y = next(f for f in figures if f["key"] == "mahjong.yardstick.hands")
        assert y["extra"]["yardstick"]["hands"] > 0, y["extra"]
    if only is not None and "service" in only:
        # the service section stands alone: its floors were measured, met or not
        measured = {r["key"] for r in report["floors"] if r["status"] != "not measured"}
        assert {
            "service.mahjong.validate_move.p99_at_1k",
            "service.mahjong.validate_moves.moves_per_s",
            "service.mahjong.simulate.ratio",
        } <= measured, report["floors"]
        # the do-nothing server answered every call of its runs
        echo = next(f for f in figures if f["key"] == "service.transport.p50_at_1k")
        assert all(r["errors"] == 0 and r["ok"] == r["sent"] > 0 for r in echo["extra"]["runs"])
        # the native client's rows (benchmarks/native_client.py), or why they are missing
        native = [f for f in figures if f["key"].startswith("service.native_client.")]
        assert native, "no native client row"
        if native[0]["key"] == "service.native_client.skipped":
            assert native[0]["note"], native[0]
        else:
            assert {
                "service.native_client.validate_move.p99_at_1k",
                "service.native_client.transport.p99_at_1k",
                "service.native_client.mahjong.validate_move.p99_at_1k",
            } <= keys
            for f in native:
                for r in f.get("extra", {}).get("runs", []):
                    assert r["errors"] == 0, (f["key"], r)
                    assert r["ok"] == r["sent"] > 0, (f["key"], r)
    assert {r["key"] for r in report["floors"]} >= {
        "yardstick.fraction",
        "mahjong.yardstick.fraction",
        "mahjong.changsha.greedy.t1",
    }
    text = md.read_text()
    assert "| section | figure | median |" in text
    assert "--quick" in text
    assert "figures in" in proc.stdout


def test_peer_worker_without_the_peer_says_skip() -> None:
    """peer_worker.py under an interpreter without site-packages: one skip line, status 0."""
    worker = ROOT / "benchmarks" / "peer_worker.py"
    for peer in PEERS:
        proc = subprocess.run(
            [sys.executable, "-I", "-S", str(worker), peer],
            input="",
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 0, proc.stderr
        line = json.loads(proc.stdout.splitlines()[0])
        assert set(line) == {"skip"}, line
        assert f"{peer} not installed" in line["skip"], line


@pytest.mark.slow
def test_peers_section_with_installed_peers(tmp_path: Path) -> None:
    """The real peers, where a developer has them (benchmarks/NOTES.md "Peers")."""
    if not os.environ.get("PYYIJING_BENCH_PEER_PYTHON"):
        pytest.skip("PYYIJING_BENCH_PEER_PYTHON not set (an interpreter with rlcard, pgx)")
    js = tmp_path / "bench.json"
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--only", "peers", "--json", str(js)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    figures = {f["key"]: f for f in json.loads(js.read_text())["figures"]}
    for key in ("peers.rlcard.ratio", "peers.pgx.ratio_steps", "peers.pgx.ratio_hands"):
        assert figures[key]["reps"] >= 2, figures.get(key.rsplit(".", 1)[0] + ".skipped")
        assert figures[key]["median"] > 0
