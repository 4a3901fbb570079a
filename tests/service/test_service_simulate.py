"""Simulate: progress then summary, identical to in-process yj.simulate, cancellation, limits."""

from __future__ import annotations

import json
import time
from typing import Any

import grpc
import pytest

import pyyijing as yj
from pyyijing.service import parse_args

GAMES_METRIC = "yijing_games_simulated_total"
RUNNING_METRIC = "yijing_simulations_running"


# Yi Jing Pai games: the games-simulated counter's labels (a game, no ruleset)
YJ = {"game": "yijingpai", "ruleset": ""}


def _metric(server: Any, name: str, labels: dict[str, str] | None = None) -> float:
    value = server.service.metrics.registry.get_sample_value(name, labels)
    return 0.0 if value is None else float(value)


def _collect(stub: Any, req: Any) -> tuple[list[Any], Any]:
    msgs = list(stub.Simulate(req, timeout=60))
    assert msgs, "empty stream"
    *progress, last = msgs
    assert all(m.WhichOneof("event") == "progress" for m in progress)
    assert last.WhichOneof("event") == "summary"
    return [m.progress for m in progress], last.summary


def test_progress_then_summary_identical_to_in_process(
    server: Any, h: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyyijing.service import simulation

    # small chunks, every progress event sent: the chunked server run must
    # still equal one unchunked in-process run
    monkeypatch.setattr(simulation, "NATIVE_CHUNK_PER_THREAD", 1000)
    monkeypatch.setattr(simulation, "PYTHON_CHUNK", 100)
    monkeypatch.setattr(simulation, "PROGRESS_INTERVAL", 0.0)
    policies = ["heuristic", "greedy", "random", "random"]
    req = h.pb2.SimulateRequest(seed=7, games=12_000, policies=policies, threads=1)
    before = _metric(server, GAMES_METRIC, YJ)
    progress, summary = _collect(server.stub, req)
    chunk = 1000 if yj.backend() == "native" else 100
    assert [p.games_done for p in progress] == list(range(chunk, 12_001, chunk))
    assert all(p.games_total == 12_000 for p in progress)
    assert all(p.games_per_second > 0 and p.elapsed_seconds > 0 for p in progress)
    assert summary.games == 12_000
    assert summary.games_per_second > 0
    got = json.loads(summary.summary_json)
    want = yj.simulate(12_000, yj.Rules(), seed=7, policies=policies, threads=1).summary
    assert got == json.loads(json.dumps(want))
    assert got["games"] == 12_000
    assert got["seed"] == 7
    assert got["policies"] == policies
    assert _metric(server, GAMES_METRIC, YJ) - before == 12_000
    assert _metric(server, RUNNING_METRIC) == 0


def test_rules_one_policy_and_no_rotation(stub: Any, h: Any) -> None:
    rules = h.pb2.Rules(
        players=3, variant=h.pb2.VARIANT_SIMPLE, next_dealer=h.pb2.NEXT_DEALER_WINNER
    )
    req = h.pb2.SimulateRequest(
        rules=rules, seed=2**64 - 1, games=3000, policies=["greedy"], rotate=False
    )
    progress, summary = _collect(stub, req)
    assert progress
    assert progress[-1].games_done == 3000
    want = yj.simulate(
        3000,
        yj.Rules(players=3, variant="simple", next_dealer="winner"),
        seed=2**64 - 1,
        policies="greedy",
        rotate=False,
    ).summary
    assert json.loads(summary.summary_json) == json.loads(json.dumps(want))
    # no policies at all: random in every seat, like yj.simulate's default
    _progress, summary = _collect(stub, h.pb2.SimulateRequest(seed=1, games=500))
    assert json.loads(summary.summary_json) == json.loads(
        json.dumps(yj.simulate(500, seed=1).summary)
    )


def test_cancelling_stops_the_work(server: Any, h: Any) -> None:
    games = server.config.max_simulate_games  # minutes of work: must not run to the end
    stream = server.stub.Simulate(
        h.pb2.SimulateRequest(seed=3, games=games, policies=["heuristic"]), timeout=120
    )
    first = next(stream)
    assert first.WhichOneof("event") == "progress"
    assert first.progress.games_done > 0
    assert _metric(server, RUNNING_METRIC) == 1
    # the event loop stays free while the simulation runs
    t0 = time.monotonic()
    v = server.stub.ValidateMove(
        h.pb2.ValidateMoveRequest(position=h.position(7), move="s0:play=10"), timeout=10
    )
    assert v.verdict.code
    assert time.monotonic() - t0 < 5  # generous: CI machines are loaded
    stream.cancel()
    with pytest.raises(grpc.RpcError) as err:
        for _ in stream:
            pass
    assert err.value.code() == grpc.StatusCode.CANCELLED
    deadline = time.monotonic() + 10
    while _metric(server, RUNNING_METRIC) != 0:  # the server-side job has ended
        assert time.monotonic() < deadline, "the simulation kept running after the cancel"
        time.sleep(0.02)
    done = _metric(server, GAMES_METRIC, YJ)
    time.sleep(0.5)
    assert _metric(server, GAMES_METRIC, YJ) == done  # no more games are being played
    assert 0 < done < games
    deadline = time.monotonic() + 5
    while not server.service.metrics.registry.get_sample_value(
        "yijing_rpcs_total",
        {"method": "/yijing.v1.RuleEngineService/Simulate", "code": "CANCELLED", **YJ},
    ):
        assert time.monotonic() < deadline, "the cancelled call was not counted"
        time.sleep(0.02)


def test_games_limit(make_server: Any, h: Any) -> None:
    srv = make_server(max_simulate_games=1000)
    _progress, summary = _collect(srv.stub, h.pb2.SimulateRequest(seed=1, games=1000))
    assert summary.games == 1000
    with pytest.raises(grpc.RpcError) as err:
        list(srv.stub.Simulate(h.pb2.SimulateRequest(seed=1, games=1001), timeout=30))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "at most 1000" in h.bad_request(err.value)["games"]
    assert _metric(srv, GAMES_METRIC, YJ) == 1000


def test_games_limit_flag_and_env() -> None:
    assert parse_args([], env={}).max_simulate_games == 10_000_000
    assert parse_args([], env={"YIJING_MAX_SIMULATE_GAMES": "50"}).max_simulate_games == 50
    cfg = parse_args(["--max-simulate-games", "7"], env={"YIJING_MAX_SIMULATE_GAMES": "50"})
    assert cfg.max_simulate_games == 7
    with pytest.raises(SystemExit):
        parse_args(["--max-simulate-games", "0"], env={})


@pytest.mark.parametrize(
    ("kwargs", "fields"),
    [
        ({"games": 0}, {"games"}),
        ({"games": 10, "policies": ["random", "alphago"]}, {"policies[1]", "policies"}),
        ({"games": 10, "policies": ["random", "greedy"]}, {"policies"}),
        ({"games": 10, "policies": ["x" * 100_000]}, {"policies[0]"}),
        ({"games": 10, "rules": {"players": 5}}, {"rules.players"}),
        (
            {"games": 10, "rules": {"deck": 99, "win_conditions": [0]}},
            {"rules.deck", "rules.win_conditions[0]"},
        ),
        ({"games": 2**64 - 1}, {"games"}),
    ],
)
def test_bad_input_is_invalid_argument(
    server: Any, h: Any, kwargs: dict[str, Any], fields: set[str]
) -> None:
    kwargs = dict(kwargs)
    rules = h.pb2.Rules(**kwargs.pop("rules", {}))
    with pytest.raises(grpc.RpcError) as err:
        list(server.stub.Simulate(h.pb2.SimulateRequest(rules=rules, **kwargs), timeout=30))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    bad = h.bad_request(err.value)
    assert set(bad) == fields, bad
    assert all(len(d) < 500 for d in bad.values())
    assert _metric(server, GAMES_METRIC, YJ) == 0


def test_shutdown_ends_a_running_simulation(make_server: Any, h: Any) -> None:
    import asyncio

    srv = make_server(grace_seconds=30.0)
    stream = srv.stub.Simulate(h.pb2.SimulateRequest(seed=4, games=10_000_000), timeout=120)
    assert next(stream).WhichOneof("event") == "progress"
    t0 = time.monotonic()
    stopping = asyncio.run_coroutine_threadsafe(srv.service.stop(30.0), srv.loop)
    with pytest.raises(grpc.RpcError) as err:
        for _ in stream:
            pass
    assert err.value.code() == grpc.StatusCode.UNAVAILABLE
    stopping.result(timeout=30)
    assert time.monotonic() - t0 < 10  # not the whole grace period, not the whole simulation
    deadline = time.monotonic() + 10
    while _metric(srv, RUNNING_METRIC) != 0:
        assert time.monotonic() < deadline, "the simulation kept running after shutdown"
        time.sleep(0.02)
    srv.stop()  # the channel, the event loop and its thread (the service is already stopped)
