"""Metrics with game and ruleset labels: the RPC, verdict and games-simulated counters,
scraped from the real /metrics endpoint and by a real Prometheus; the label values
stay in a bounded set whatever the requests say."""

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

from pyyijing.service.observability import GAME_LABELS, RULESET_LABELS

SERVICE = "/yijing.v1.RuleEngineService/"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _labels(**kw: str) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(kw.items()))


def test_rpcs_verdicts_and_simulated_games_carry_game_and_ruleset(server: Any, h: Any) -> None:
    stub = server.stub
    for name in ("common", "shaoyang", "changsha"):
        fields, _ = h.MJ_RULES[name]
        pos = h.mj_position(fields, 1)
        for move in ("s0:pass", "garbage"):
            stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move=move))
    stub.ValidateMove(h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass"))
    batch = [
        h.pb2.ValidateMoveRequest(position=h.mj_position({"ruleset": 2}, 1), move="s0:raise=1"),
        h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass"),
    ]
    stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=batch))
    with pytest.raises(grpc.RpcError):
        stub.LegalMoves(
            h.pb2.LegalMovesRequest(position=h.mj_position({"ruleset": 3, "birds": 3}, 1))
        )
    game = stub.CreateGame(
        h.pb2.CreateGameRequest(
            mahjong_rules=h.pb2.MahjongRules(ruleset=2), deal=h.pb2.Deal(seed=1)
        )
    )
    stub.Act(
        h.pb2.ActRequest(game_id=game.game_id, token=game.seat_tokens[0].token, move="s0:raise=2")
    )
    list(stub.Simulate(h.pb2.SimulateRequest(mahjong_rules=h.pb2.MahjongRules(), games=30)))

    m = scrape(server)
    rpcs = "yijing_rpcs_total"
    vm = SERVICE + "ValidateMove"
    for name in ("common", "shaoyang", "changsha"):
        key = (rpcs, _labels(method=vm, code="OK", game="mahjong", ruleset=name))
        assert m[key] == 2
        ok = ("yijing_verdicts_total", _labels(code="malformed", game="mahjong", ruleset=name))
        assert m[ok] == 1
    assert m[(rpcs, _labels(method=vm, code="OK", game="yijingpai", ruleset=""))] == 1
    both = _labels(method=SERVICE + "ValidateMoves", code="OK", game="mixed", ruleset="mixed")
    assert m[(rpcs, both)] == 1
    # each item of the mixed batch is counted under its own game
    raised = _labels(code="ok", game="mahjong", ruleset="shaoyang")
    assert m[("yijing_verdicts_total", raised)] == 2  # ValidateMoves' item and the Act
    bad = _labels(
        method=SERVICE + "LegalMoves", code="INVALID_ARGUMENT", game="mahjong", ruleset="changsha"
    )
    assert m[(rpcs, bad)] == 1
    act = _labels(method=SERVICE + "Act", code="OK", game="mahjong", ruleset="shaoyang")
    assert m[(rpcs, act)] == 1
    sim = _labels(game="mahjong", ruleset="common")
    assert m[("yijing_games_simulated_total", sim)] == 30


def test_label_values_are_bounded(server: Any, h: Any) -> None:
    """Unknown rulesets, junk game ids and bodies: no new label value appears."""
    stub = server.stub
    for ruleset in (4, 99, 12345):
        with pytest.raises(grpc.RpcError):
            stub.ValidateMove(
                h.pb2.ValidateMoveRequest(position=h.mj_position({"ruleset": ruleset}, 1))
            )
    for junk in ("nope", "0" * 32, "x" * 500):
        with pytest.raises(grpc.RpcError):
            stub.GetView(h.pb2.GetViewRequest(game_id=junk, token="t"))
    channel = server.channel
    with pytest.raises(grpc.RpcError):
        channel.unary_unary(SERVICE + "Evaluate")(b"\xff\xff\xff", timeout=10)
    m = scrape(server)
    for name, labels in m:
        if name in ("yijing_rpcs_total", "yijing_verdicts_total", "yijing_games_simulated_total"):
            d = dict(labels)
            assert d["game"] in GAME_LABELS, labels
            assert d["ruleset"] in RULESET_LABELS, labels


def test_a_real_prometheus_sees_the_game_and_ruleset_labels(
    server: Any, h: Any, tmp_path: Path
) -> None:
    binary = shutil.which("prometheus")
    if binary is None:
        pytest.skip("the `prometheus` binary is not installed (scripts/install-system-deps.sh)")
    fields, _ = h.MJ_RULES["changsha"]
    for _ in range(4):
        server.stub.ValidateMove(
            h.pb2.ValidateMoveRequest(position=h.mj_position(fields, 2), move="s0:pass")
        )
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
            'sum(yijing_rpcs_total{job="yijing",game="mahjong",ruleset="changsha",'
            'method="/yijing.v1.RuleEngineService/ValidateMove"})'
        )
        url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": query})
        deadline = time.monotonic() + 90
        value = None
        while time.monotonic() < deadline:
            assert proc.poll() is None, (tmp_path / "prometheus.log").read_text()
            try:
                with urllib.request.urlopen(url, timeout=5) as resp:
                    results = json.load(resp)["data"]["result"]
                if results:
                    value = float(results[0]["value"][1])
                    break
            except OSError:
                pass
            time.sleep(0.5)
        assert value == 4, (tmp_path / "prometheus.log").read_text()[-3000:]
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
