"""Prometheus metrics: scraped over HTTP from the real /metrics endpoint (and by Prometheus)."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import grpc
import pytest
from support.metrics_scrape import scrape

import pyyijing as yj

VALIDATE = "/yijing.v1.RuleEngineService/ValidateMove"
# The game and ruleset labels of a Yi Jing Pai call (a game with no rulesets).
YJ = (("game", "yijingpai"), ("ruleset", ""))


def rpcs(code: str, method: str, labels: tuple[tuple[str, str], ...] = YJ) -> Any:
    return ("yijing_rpcs_total", tuple(sorted((("code", code), ("method", method), *labels))))


def verdicts(code: str, labels: tuple[tuple[str, str], ...] = YJ) -> Any:
    return ("yijing_verdicts_total", tuple(sorted((("code", code), *labels))))


def test_metrics_endpoint_counts_rpcs_verdicts_and_sessions(server: Any, h: Any) -> None:
    stub = server.stub
    pos = h.position(1)
    for move in ("s0:pass", "s0:pass", "garbage"):
        stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move=move))
    with pytest.raises(grpc.RpcError):
        stub.ValidateMove(h.pb2.ValidateMoveRequest(position=h.pb2.Position(), move="s0:pass"))
    game = stub.CreateGame(h.pb2.CreateGameRequest())
    stub.CreateGame(h.pb2.CreateGameRequest())
    with pytest.raises(grpc.RpcError):
        stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token="bad"))

    m = scrape(server)
    assert m[rpcs("OK", VALIDATE)] == 3
    assert m[rpcs("INVALID_ARGUMENT", VALIDATE)] == 1
    assert m[rpcs("PERMISSION_DENIED", "/yijing.v1.RuleEngineService/GetView")] == 1
    assert m[("yijing_rpc_latency_seconds_count", (("method", VALIDATE),))] == 4
    assert m[verdicts("wrong_phase")] == 2
    assert m[verdicts("malformed")] == 1
    assert m[("yijing_active_sessions", ())] == 2
    assert m[("yijing_sessions_created_total", ())] == 2
    info = [k for k in m if k[0] == "yijing_build_info"]
    assert len(info) == 1
    labels = dict(info[0][1])
    assert labels["backend"] == yj.backend()
    assert labels["version"] == yj.__version__
    assert ("process_cpu_seconds_total", ()) in m


def test_validate_moves_counts_verdicts_on_both_paths(server: Any, h: Any) -> None:
    # seed deals take the native fast path (pyyijing/service/wire.py); a wall deal the
    # ordinary one: the verdict counters must not tell them apart.
    wall, _ = yj.shuffle_wall(5)
    by_seed = h.position(5)
    by_wall = h.pb2.Position(deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=wall, dealer=0)))
    for pos in (by_seed, by_wall):
        items = [
            h.pb2.ValidateMoveRequest(position=pos, move=m)
            for m in ("s0:pass", "garbage", "s9:pass", "s0:pass")
        ]
        r = server.stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=items))
        assert [v.code for v in r.verdicts] == [
            "wrong_phase",
            "malformed",
            "no_such_seat",
            "wrong_phase",
        ]
    m = scrape(server)
    assert m[verdicts("wrong_phase")] == 4
    assert m[verdicts("malformed")] == 2
    assert m[verdicts("no_such_seat")] == 2
    method = "/yijing.v1.RuleEngineService/ValidateMoves"
    assert m[rpcs("OK", method)] == 2


def test_active_sessions_drop_when_a_game_ends(server: Any, h: Any) -> None:
    import random

    stub = server.stub
    game = stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=3)))
    tokens = {t.seat: t.token for t in game.seat_tokens}
    g = yj.Game(yj.Rules(), seed=3)
    rng = random.Random(3)
    assert scrape(server)[("yijing_active_sessions", ())] == 1
    while g.phase != "over":
        move = rng.choice(g.legal_moves())
        seat = int(move[1 : move.index(":")])
        assert stub.Act(
            h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move)
        ).verdict.ok
        g.apply(move)
    assert scrape(server)[("yijing_active_sessions", ())] == 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_real_prometheus_scrapes_the_service(server: Any, h: Any, tmp_path: Path) -> None:
    binary = shutil.which("prometheus")
    if binary is None:
        pytest.skip(
            "the `prometheus` binary is not installed (Debian package prometheus; "
            "scripts/install-system-deps.sh installs it)"
        )
    for _ in range(5):
        server.stub.ValidateMove(h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass"))
    config = tmp_path / "prometheus.yml"
    config.write_text(
        "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
        "scrape_configs:\n  - job_name: yijing\n    static_configs:\n"
        f"      - targets: ['127.0.0.1:{server.service.metrics_port}']\n"
    )
    port = _free_port()
    log = (tmp_path / "prometheus.log").open("w")
    proc = subprocess.Popen(
        [
            binary,
            f"--config.file={config}",
            f"--storage.tsdb.path={tmp_path / 'tsdb'}",
            f"--web.listen-address=127.0.0.1:{port}",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        query = (
            'yijing_rpcs_total{job="yijing",method="/yijing.v1.RuleEngineService/ValidateMove",'
            'code="OK"}'
        )
        url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": query})
        deadline = time.monotonic() + 90
        value = None
        while time.monotonic() < deadline:
            assert proc.poll() is None, (tmp_path / "prometheus.log").read_text()
            try:
                with urllib.request.urlopen(url, timeout=5) as resp:
                    data = json.load(resp)
                results = data["data"]["result"]
                if results:
                    value = float(results[0]["value"][1])
                    break
            except OSError:
                pass
            time.sleep(0.5)
        assert value == 5, (tmp_path / "prometheus.log").read_text()[-3000:]
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
