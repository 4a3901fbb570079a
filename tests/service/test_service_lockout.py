"""One client cannot lock the others out (README "Service": the flag table and the limits).

A unary call holds a server slot from its start. A client that starts calls and
never sends their request (half-closed with no message, or sending nothing at
all) must not be able to hold them: a call whose request has not arrived within
``--request-timeout-seconds`` ends (DEADLINE_EXCEEDED; INVALID_ARGUMENT at once
when the client half-closes without one), and one client host has at most
``--max-concurrent-rpcs-per-peer`` unary calls in progress, more being
RESOURCE_EXHAUSTED naming that flag. Meanwhile another client's calls succeed
with normal latency, on both server forms (conftest: the native front end, and
PYYIJING_TEST_FRONT=off).

Two client hosts on one machine: the server listens on ``localhost``, that is on
both 127.0.0.1 and ::1 (a connection to another 127.0.0.0/8 address would still
come from 127.0.0.1); the attacker comes over IPv4, the other client over IPv6
(peers ``ipv4:127.0.0.1`` and ``ipv6:[::1]``). The attacker is a process of its
own (tests/support/lockout_attacker.py).
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from pyyijing.service import front
from pyyijing.service.config import parse_args

ATTACK_CALLS = 400
ATTACK_CONNECTIONS = 8  # more connections do not buy more calls: the budget is per host
REQUEST_TIMEOUT = 2.0  # --request-timeout-seconds of this test's server
SLACK = 1.5  # scheduling on a loaded 2-core CI machine
VICTIM_SECONDS = 1.5  # the other client's calls, while the attack calls are held
P99_BOUND_MS = 250.0  # a call takes a few ms here; a locked-out server never answers OK
ATTACKER = Path(__file__).resolve().parents[1] / "support" / "lockout_attacker.py"


class Victim:
    """Another client's ValidateMove, GetView and Act, each call's latency (ms) or failure."""

    def __init__(self, stub: Any, h: Any) -> None:
        self.stub, self.h = stub, h
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self._new_game()

    def _new_game(self) -> None:
        game = self.stub.CreateGame(self.h.pb2.CreateGameRequest(), timeout=10)
        # seat 0 acts first in a Yi Jing Pai hand dealt by CreateGame's defaults
        self.game, self.token = game.game_id, game.seat_tokens[0].token

    def _call(self, method: str, request: Any) -> Any:
        start = time.perf_counter()
        try:
            answer = getattr(self.stub, method)(request, timeout=10)
        except grpc.RpcError as err:
            self.failures.append(f"{method}: {err.code().name}: {err.details()}")
            return None
        self.latencies.append((time.perf_counter() - start) * 1000)
        return answer

    def round(self) -> None:
        pb2 = self.h.pb2
        self._call(
            "ValidateMove", pb2.ValidateMoveRequest(position=self.h.position(3), move="s0:pass")
        )
        view = self._call("GetView", pb2.GetViewRequest(game_id=self.game, token=self.token))
        if view is None:
            return
        if not view.legal_moves:  # the hand is over
            self._new_game()
            return
        act = self._call(
            "Act",
            pb2.ActRequest(
                game_id=self.game,
                token=self.token,
                move=view.legal_moves[0],
                expected_index=view.view.next_index,
            ),
        )
        assert act is None or act.verdict.ok, act.verdict


def _loopback_port() -> int:
    """A port free on both 127.0.0.1 and ::1 (the server's address is localhost:PORT)."""
    for _ in range(50):
        with socket.socket(socket.AF_INET) as v4, socket.socket(socket.AF_INET6) as v6:
            v4.bind(("127.0.0.1", 0))
            port = int(v4.getsockname()[1])
            try:
                v6.bind(("::1", port))
            except OSError:
                continue
            return port
    raise AssertionError("no port free on both loopback addresses")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def test_request_less_calls_from_one_client_lock_no_one_out(make_server: Any, h: Any) -> None:
    port = _loopback_port()
    srv = make_server(address=f"localhost:{port}", request_timeout_seconds=REQUEST_TIMEOUT)
    assert srv.service.port == port
    victim_channel = grpc.insecure_channel(f"[::1]:{port}")
    victim = Victim(h.pb2_grpc.RuleEngineServiceStub(victim_channel), h)
    victim.round()  # the connection is up, the rules resolved
    assert not victim.failures, victim.failures
    victim.latencies.clear()

    attacker = subprocess.Popen(
        [sys.executable, str(ATTACKER), f"127.0.0.1:{port}", str(ATTACK_CALLS),
         str(ATTACK_CONNECTIONS), str(REQUEST_TIMEOUT + SLACK)],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert attacker.stdout is not None
        assert attacker.stdout.readline().strip() == "opened"
        until = time.monotonic() + VICTIM_SECONDS
        while time.monotonic() < until:
            victim.round()
        # every request-less call ends by itself, within the documented time
        report = json.loads(attacker.communicate(timeout=60)[0])
    finally:
        attacker.kill()
        attacker.wait()
        victim_channel.close()

    latencies, failures = victim.latencies, victim.failures
    p50 = _percentile(latencies, 0.5) if latencies else float("nan")
    p99 = _percentile(latencies, 0.99) if latencies else float("nan")
    print(
        f"victim: {len(latencies)} OK, {len(failures)} failed, p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )
    ends = Counter((kind, code) for kind, _s, code, _d in report["ended"])
    longest = max((seconds for _k, seconds, _c, _d in report["ended"]), default=0.0)
    print(f"request-less calls: {dict(ends)}, the longest {longest:.2f} s")
    assert not failures, (len(failures), failures[:3])
    assert latencies
    assert p99 < P99_BOUND_MS, (p50, p99)
    assert report["open"] == 0, f"{report['open']} request-less calls still open"
    codes: dict[tuple[str, str], str] = {}
    for kind, seconds, code, details in report["ended"]:
        assert seconds < REQUEST_TIMEOUT + SLACK, (kind, seconds, code, details)
        codes.setdefault((kind, code), details)
        if kind == "half-closed":  # refused at once for want of a request, or over budget
            assert code in ("INVALID_ARGUMENT", "RESOURCE_EXHAUSTED"), (code, details)
        else:  # waited for its request for the documented time, or over budget
            assert code in ("DEADLINE_EXCEEDED", "RESOURCE_EXHAUSTED"), (code, details)
    assert "--max-concurrent-rpcs-per-peer" in codes.get(("idle", "RESOURCE_EXHAUSTED"), ""), codes
    assert "--request-timeout-seconds" in codes.get(("idle", "DEADLINE_EXCEEDED"), ""), codes


def _requests_then_wait(release: threading.Event, *requests: Any) -> Iterator[Any]:
    """A request stream that sends `requests`, then nothing until `release` is set."""
    yield from requests
    release.wait(30)


PYTHON_STALL = 1.5  # seconds the Python server's event loop is kept busy


@pytest.mark.skipif(front.unavailable() is not None, reason=f"no front end: {front.unavailable()}")
def test_a_call_over_the_per_client_budget_is_refused_alike_and_at_once(
    make_server: Any, h: Any
) -> None:
    """Over --max-concurrent-rpcs-per-peer a call is RESOURCE_EXHAUSTED naming the flag,
    with one status and message on both server forms; behind the native front end it
    is refused there, at once, even while the Python server is busy (no hop to it)."""
    answers: dict[str, tuple[grpc.StatusCode, str, float]] = {}
    for form in ("native", "off"):
        srv = make_server(front=form, max_concurrent_rpcs_per_peer=2, request_timeout_seconds=10)
        assert (srv.service.front is not None) == (form == "native")
        release = threading.Event()
        get_view = srv.channel.stream_stream("/yijing.v1.RuleEngineService/GetView")
        waiting = [get_view(_requests_then_wait(release), timeout=30) for _ in range(2)]
        asked = h.pb2.GetViewRequest(game_id="g", token="t")
        try:
            time.sleep(0.3)  # both have started, and hold this client's two slots
            srv.loop.call_soon_threadsafe(time.sleep, PYTHON_STALL)
            start = time.monotonic()
            with pytest.raises(grpc.RpcError) as info:
                srv.stub.GetView(asked, timeout=10)
            answers[form] = (
                info.value.code(),
                info.value.details() or "",
                time.monotonic() - start,
            )
        finally:
            release.set()
            for call in waiting:
                call.cancel()
        # the cancelled calls' slots are given back
        code_after = grpc.StatusCode.RESOURCE_EXHAUSTED
        until = time.monotonic() + 10
        while code_after == grpc.StatusCode.RESOURCE_EXHAUSTED and time.monotonic() < until:
            time.sleep(0.1)
            with pytest.raises(grpc.RpcError) as info:
                srv.stub.GetView(asked, timeout=10)
            code_after = info.value.code()
        assert code_after == grpc.StatusCode.NOT_FOUND, info.value.details()
    code, details, seconds = answers["native"]
    assert (code, details) == answers["off"][:2]
    assert code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "--max-concurrent-rpcs-per-peer 2" in details
    assert seconds < PYTHON_STALL / 2, answers


def test_a_stream_whose_request_never_comes_ends(make_server: Any) -> None:
    srv = make_server(request_timeout_seconds=0.5)
    release = threading.Event()
    watch = srv.channel.stream_stream("/yijing.v1.RuleEngineService/WatchGame")
    start = time.monotonic()
    with pytest.raises(grpc.RpcError) as info:
        next(watch(_requests_then_wait(release), timeout=5))
    release.set()
    assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    assert "--request-timeout-seconds" in (info.value.details() or "")
    assert time.monotonic() - start < 0.5 + SLACK


IDLE_CALLS = 20  # at once, each holding a call open with no request and no half-close


@pytest.mark.parametrize("method", ["ValidateMove", "ValidateMoves"])
def test_idle_validate_calls_end_as_a_passed_on_call_does(make_server: Any, method: str) -> None:
    """The native front end answers ValidateMove(s) itself, the others go to the Python
    server: an idle call of either kind ends after --request-timeout-seconds with one
    status and message (README "Service": the flag table), on both server forms."""
    timeout = 0.5
    srv = make_server(request_timeout_seconds=timeout)
    release = threading.Event()
    client_deadline = timeout + SLACK + 3  # a call the server never ends outlives this

    def idle_calls(name: str, n: int) -> list[tuple[float, grpc.StatusCode, str]]:
        call = srv.channel.stream_stream(f"/yijing.v1.RuleEngineService/{name}")
        start = time.monotonic()
        calls = [call(_requests_then_wait(release), timeout=client_deadline) for _ in range(n)]
        ends = []
        for c in calls:
            with pytest.raises(grpc.RpcError) as info:
                next(c)
            ends.append((time.monotonic() - start, info.value.code(), info.value.details() or ""))
        return ends

    try:
        [(_s, passed_on_code, passed_on_details)] = idle_calls("GetView", 1)
        ends = idle_calls(method, IDLE_CALLS)
    finally:
        release.set()
    assert passed_on_code == grpc.StatusCode.DEADLINE_EXCEEDED, passed_on_details
    assert passed_on_details == (
        f"no request message within {timeout:g} s of the call's start (--request-timeout-seconds)"
    )
    for seconds, code, details in ends:
        assert (code, details) == (passed_on_code, passed_on_details), (seconds, details)
        assert timeout - 0.05 <= seconds < timeout + SLACK, seconds


def test_the_server_wide_budget_counts_calls_waiting_for_their_request(
    make_server: Any, h: Any
) -> None:
    srv = make_server(max_concurrent_rpcs=2, request_timeout_seconds=5)
    release = threading.Event()
    get_view = srv.channel.stream_stream("/yijing.v1.RuleEngineService/GetView")
    waiting = [get_view(_requests_then_wait(release), timeout=30) for _ in range(2)]
    try:
        time.sleep(0.3)  # both have started
        with pytest.raises(grpc.RpcError) as info:
            srv.stub.GetView(h.pb2.GetViewRequest(game_id="g", token="t"), timeout=10)
        assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert info.value.details() == "Concurrent RPC limit exceeded!"
    finally:
        release.set()
        for call in waiting:
            call.cancel()


def test_a_reflection_stream_takes_a_stream_ticket(make_server: Any) -> None:
    srv = make_server(max_streams_per_peer=1)
    stub = reflection_pb2_grpc.ServerReflectionStub(srv.channel)
    ask = reflection_pb2.ServerReflectionRequest(list_services="")
    release = threading.Event()
    try:
        first = stub.ServerReflectionInfo(_requests_then_wait(release, ask), timeout=30)
        assert next(first).list_services_response.service  # open, holding its ticket
        with pytest.raises(grpc.RpcError) as info:
            next(stub.ServerReflectionInfo(iter([ask]), timeout=30))
        assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "--max-streams-per-peer 1" in (info.value.details() or "")
    finally:
        release.set()


def test_the_flags() -> None:
    cfg = parse_args([])
    assert (cfg.max_concurrent_rpcs_per_peer, cfg.request_timeout_seconds) == (64, 5.0)
    env = {"YIJING_MAX_CONCURRENT_RPCS_PER_PEER": "8", "YIJING_REQUEST_TIMEOUT_SECONDS": "0.5"}
    cfg = parse_args([], env=env)
    assert (cfg.max_concurrent_rpcs_per_peer, cfg.request_timeout_seconds) == (8, 0.5)
    for argv in (["--max-concurrent-rpcs-per-peer", "0"], ["--request-timeout-seconds", "0"]):
        with pytest.raises(SystemExit):
            parse_args(argv)
