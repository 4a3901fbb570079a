"""The service as a process: SIGKILL and restart, SIGTERM with calls in flight, env vars."""

from __future__ import annotations

import random
import signal
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

import pyyijing as yj


def _tokens(game: Any) -> dict[int, str]:
    return {t.seat: t.token for t in game.seat_tokens}


def _step(
    stub: Any, h: Any, game_id: str, tokens: dict[int, str], rng: random.Random
) -> str | None:
    options = []
    for seat, token in tokens.items():
        r = stub.GetView(h.pb2.GetViewRequest(game_id=game_id, token=token))
        if r.view.phase == h.pb2.PHASE_OVER:
            return None
        options += [(seat, m) for m in r.legal_moves]
    seat, move = rng.choice(options)
    resp = stub.Act(h.pb2.ActRequest(game_id=game_id, token=tokens[seat], move=move))
    assert resp.verdict.ok
    return move


def test_sigkill_mid_game_then_restart(spawn: Any, tmp_path: Path, h: Any) -> None:
    db = tmp_path / "s.sqlite3"
    sp = spawn(db)
    ch, stub = sp.stub()
    games = [stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=s))) for s in (40, 41)]
    rng = random.Random(40)
    played: dict[str, list[str]] = {g.game_id: [] for g in games}
    for _ in range(25):
        for g in games:
            move = _step(stub, h, g.game_id, _tokens(g), rng)
            assert move is not None
            played[g.game_id].append(move)
    ch.close()
    assert sp.kill(signal.SIGKILL) == -signal.SIGKILL

    sp2 = spawn(db)
    ch2, stub2 = sp2.stub()
    for g, seed in zip(games, (40, 41), strict=True):
        engine = yj.Game(yj.Rules(), seed=seed)
        for m in played[g.game_id]:
            engine.apply(m)
        for seat, token in _tokens(g).items():
            v = stub2.GetView(h.pb2.GetViewRequest(game_id=g.game_id, token=token)).view
            assert list(v.history) == engine.view(seat)["history"]
            assert v.seats[seat].hand == engine.view(seat)["seats"][seat]["hand"]
        # finish the game on the restarted server
        while (move := _step(stub2, h, g.game_id, _tokens(g), rng)) is not None:
            engine.apply(move)
        assert engine.phase == "over"
    ch2.close()
    assert sp2.kill(signal.SIGTERM) == 0


def _metric(port: int, name: str) -> float:
    body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    total = 0.0
    for line in body.splitlines():
        if line.startswith((name + " ", name + "{")):
            total += float(line.rsplit(" ", 1)[1])
    return total


def _distinct_positions(h: Any, games: int) -> list[Any]:
    """One ValidateMoveRequest per position of `games` random games (~67 each)."""
    items = []
    for seed in range(games):
        g = h.random_game(seed)
        for k in range(len(g.moves)):
            items.append(
                h.pb2.ValidateMoveRequest(position=h.position(seed, g.moves[:k]), move="s0:pass")
            )
    return items


def _seen_in_flight(metrics_port: int, future: Any) -> bool:
    """True once the server counts the batch in flight (with the health watch: 2)."""
    deadline = time.monotonic() + 30
    while _metric(metrics_port, "yijing_rpcs_in_flight") < 2:
        assert time.monotonic() < deadline, "the batch never started"
        if future.done():
            return False
        time.sleep(0.005)
    return not future.done()


def test_sigterm_finishes_in_flight_calls(spawn: Any, tmp_path: Path, h: Any) -> None:
    sp = spawn(
        tmp_path / "s.sqlite3",
        "--max-batch",
        "1000000",
        "--max-message-bytes",
        str(256 << 20),
        "--grace-seconds",
        "60",
        "--workers",
        "1",
    )
    ch, stub = sp.stub()
    health = health_pb2_grpc.HealthStub(ch)
    assert (
        health.Check(health_pb2.HealthCheckRequest()).status
        == health_pb2.HealthCheckResponse.SERVING
    )
    watch = health.Watch(health_pb2.HealthCheckRequest(service="yijing.v1.RuleEngineService"))
    assert next(watch).status == health_pb2.HealthCheckResponse.SERVING

    # A slow call: many distinct full-game positions, each replayed by the server.
    # How long a batch takes depends on the machine (and the metrics endpoint
    # answers late while the batch holds the GIL), so a batch that finishes
    # before it is seen in flight is retried at twice the size.
    future, items = None, []
    for games in (150, 300, 600, 1200):
        items = _distinct_positions(h, games)
        future = stub.ValidateMoves.future(h.pb2.ValidateMovesRequest(requests=items), timeout=120)
        if _seen_in_flight(sp.metrics_port, future):
            break
        assert future.result().verdicts, "the batch failed"
    else:
        pytest.fail("even the largest batch finished before it was seen in flight")
    sp.proc.send_signal(signal.SIGTERM)
    start = time.monotonic()

    assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
    with pytest.raises(grpc.RpcError) as info:
        next(watch)  # the health watch ends instead of holding the shutdown
    assert info.value.code() == grpc.StatusCode.UNAVAILABLE
    result = future.result(timeout=120)  # the call in flight finishes
    assert len(result.verdicts) == len(items)
    assert sp.proc.wait(timeout=90) == 0
    assert time.monotonic() - start < 50  # well inside the 60 s grace period
    ch.close()
    msgs = [rec.get("msg") for rec in sp.lines]
    assert "stopping" in msgs
    assert "stopped" in msgs


def test_env_vars_configure_the_server(spawn: Any, tmp_path: Path, h: Any) -> None:
    sp = spawn(tmp_path / "s.sqlite3", env={"YIJING_MAX_BATCH": "3", "YIJING_LOG_LEVEL": "info"})
    ch, stub = sp.stub()
    item = h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass")
    assert len(stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=[item] * 3)).verdicts) == 3
    with pytest.raises(grpc.RpcError) as info:
        stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=[item] * 4))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    ch.close()
    sp.kill(signal.SIGTERM)
    rpc_lines = [r for r in sp.lines if r.get("msg") == "rpc"]
    assert {"method", "code", "latency_ms"} <= set(rpc_lines[0])
    methods = [(r["method"], r["code"]) for r in rpc_lines]
    assert ("/yijing.v1.RuleEngineService/ValidateMoves", "OK") in methods
    assert ("/yijing.v1.RuleEngineService/ValidateMoves", "INVALID_ARGUMENT") in methods


def test_watchers_end_on_shutdown(spawn: Any, tmp_path: Path, h: Any) -> None:
    sp = spawn(tmp_path / "s.sqlite3", "--grace-seconds", "30")
    ch, stub = sp.stub()
    game = stub.CreateGame(h.pb2.CreateGameRequest())
    stream = stub.WatchGame(h.pb2.WatchGameRequest(game_id=game.game_id), timeout=60)
    first = next(stream)
    assert first.view.phase == h.pb2.PHASE_TARGET
    errors: list[grpc.StatusCode] = []

    def drain() -> None:
        try:
            for _ in stream:
                pass
        except grpc.RpcError as exc:
            errors.append(exc.code())

    t = threading.Thread(target=drain)
    t.start()
    start = time.monotonic()
    sp.proc.send_signal(signal.SIGTERM)
    assert sp.proc.wait(timeout=60) == 0
    assert time.monotonic() - start < 20  # did not wait out the whole grace period
    t.join(timeout=30)
    assert errors == [grpc.StatusCode.UNAVAILABLE]
    ch.close()
