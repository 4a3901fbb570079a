"""The native front end (pyyijing/service/front.py, core_cpp/front/): the same service on the wire.

Every other service test runs behind it too (`--front auto` is the default; `make
test` runs tests/service again with PYYIJING_TEST_FRONT=off for the Python-only
server). Here: what only the front end does — answering ValidateMove(s) itself
with the Python server's exact bytes, reporting those calls to the metrics and
logs, forwarding the client's address, keeping its internal method private, and
never outliving the Python server.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import grpc
import pytest
from support.metrics_scrape import scrape
from support.proc_children import children

from pyyijing.service import front
from pyyijing.service.config import parse_args

SERVICE = "/yijing.v1.RuleEngineService/"


def _grpcpp_installed() -> bool:
    """Whether gRPC's C++ library is here (then the build must have made the front end)."""
    if shutil.which("pkg-config") is None:
        return False
    return subprocess.run(["pkg-config", "--exists", "grpc++"], check=False).returncode == 0


# Skipped only where it cannot have been built: with gRPC's C++ library installed, a
# missing front end fails (test_the_front_end_serves_when_it_is_built says why).
pytestmark = pytest.mark.skipif(
    front.unavailable() is not None and not _grpcpp_installed(),
    reason=f"no native front end: {front.unavailable()}",
)


def _call_raw(target: str, method: str, body: bytes, metadata: Any = None) -> bytes:
    with grpc.insecure_channel(target) as ch:
        call = ch.unary_unary(method, request_serializer=None, response_deserializer=None)
        answer: bytes = call(body, timeout=10, metadata=metadata)
        return answer


def _outcome(target: str, method: str, body: bytes) -> tuple[Any, ...]:
    """(bytes) of an answer, or (code, details, error details) of a failure."""
    try:
        return ("ok", _call_raw(target, method, body))
    except grpc.RpcError as err:
        trailers = dict(err.trailing_metadata() or ())
        return (err.code(), err.details(), trailers.get("grpc-status-details-bin"))


def _requests(h: Any) -> list[tuple[str, bytes]]:
    """ValidateMove(s) bodies of both games: legal, illegal, malformed and invalid ones."""
    pb2 = h.pb2
    out: list[tuple[str, bytes]] = []
    positions = [h.position(3), h.position(4, h.random_game(4, stop_at=12).moves)]
    for name in ("common", "shaoyang", "changsha"):
        fields, _ = h.MJ_RULES[name]
        positions.append(h.mj_position(fields, 7))
    for pos in positions:
        for move in ("s0:pass", "s1:pass", "garbage", ""):
            out.append(
                (
                    "ValidateMove",
                    pb2.ValidateMoveRequest(position=pos, move=move).SerializeToString(),
                )
            )
    bad = pb2.Position(deal=pb2.Deal(seed=1), moves=["not a move"])
    out.append(
        ("ValidateMove", pb2.ValidateMoveRequest(position=bad, move="s0:pass").SerializeToString())
    )
    out.append(("ValidateMove", b"\xff\xff not protobuf"))
    batch = pb2.ValidateMovesRequest(
        requests=[pb2.ValidateMoveRequest(position=p, move="s0:pass") for p in positions[2:]]
    )  # three rulesets in one batch: the Python path's (one ruleset per fast batch)
    out.append(("ValidateMoves", batch.SerializeToString()))
    one_game = pb2.ValidateMovesRequest(
        requests=[pb2.ValidateMoveRequest(position=positions[1], move=m) for m in ("s0:pass", "x")]
    )
    out.append(("ValidateMoves", one_game.SerializeToString()))
    out.append(("ValidateMoves", b""))
    return out


def test_the_front_end_serves_when_it_is_built(server: Any) -> None:
    """With gRPC's C++ library installed the build makes the front end, and the service
    tests run behind it: it must be in use, not quietly missing."""
    if os.environ.get("PYYIJING_TEST_FRONT") == "off":
        pytest.skip("this run is the Python-only server's")
    assert server.service.front is not None


def test_answers_are_the_python_servers_byte_for_byte(
    make_server: Any, h: Any, monkeypatch: Any
) -> None:
    """Every request on a cold front end (a new rules message is passed on while it is
    resolved), then again once resolved (answered by the front end where it can): the
    same bytes, status codes, messages and error details as the Python-only server."""
    from pyyijing.service.observability import ObservabilityInterceptor

    native: list[str] = []
    record = ObservabilityInterceptor.record_native

    def counting(self: Any, method: str, *args: Any) -> None:
        native.append(method)
        record(self, method, *args)

    monkeypatch.setattr(ObservabilityInterceptor, "record_native", counting)
    behind = make_server(front="native")
    alone = make_server(front="off")
    assert behind.service.front is not None
    assert alone.service.front is None
    requests = _requests(h)
    expected = [_outcome(alone.target, SERVICE + m, body) for m, body in requests]
    for attempt in range(2):
        for (method, body), want in zip(requests, expected, strict=True):
            assert _outcome(behind.target, SERVICE + method, body) == want, (attempt, method, body)
        time.sleep(0.3)  # the resolves are done, and the front end's lines reported
    # the second round's plain requests were the front end's: 5 positions x 3 answerable
    # moves (an empty move is answered too: "malformed"), the one-game batch, the empty batch
    assert len(native) >= 5 * 4 + 2, native


def test_calls_answered_natively_are_counted_and_logged(make_server: Any, h: Any) -> None:
    """A call the front end answers reaches the Python server's metrics (game and ruleset
    labels, verdicts) exactly as one answered there."""
    srv = make_server(front="native")
    fields, _ = h.MJ_RULES["changsha"]
    body = h.pb2.ValidateMoveRequest(position=h.mj_position(fields, 2), move="garbage")
    srv.stub.ValidateMove(body)
    time.sleep(0.2)  # resolved by now: the next calls are answered by the front end
    before = scrape(srv)
    for _ in range(5):
        srv.stub.ValidateMove(body)
    deadline = time.monotonic() + 5  # the front end reports its calls every 20 ms
    key = (
        "yijing_rpcs_total",
        (("code", "OK"), ("game", "mahjong"), ("method", SERVICE + "ValidateMove"),
         ("ruleset", "changsha")),
    )  # fmt: skip
    verdict = (
        "yijing_verdicts_total",
        (("code", "malformed"), ("game", "mahjong"), ("ruleset", "changsha")),
    )
    while time.monotonic() < deadline:
        after = scrape(srv)
        if after.get(key, 0) - before.get(key, 0) >= 5:
            break
        time.sleep(0.05)
    assert after[key] - before.get(key, 0) == 5
    assert after[verdict] - before.get(verdict, 0) == 5


def _rpc_lines(sp: Any, method: str) -> list[dict[str, Any]]:
    return [r for r in sp.lines if r.get("msg") == "rpc" and r.get("method") == SERVICE + method]


def _wait_for(pred: Any, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_log_lines_name_the_client_never_a_forged_peer(spawn: Any, tmp_path: Path, h: Any) -> None:
    """Calls passed on and calls answered natively both log the client's address; an
    x-yijing-peer a client sends itself is dropped."""
    sp = spawn(tmp_path / "s.sqlite3", "--front", "native")
    ch, stub = sp.stub()
    forged = (("x-yijing-peer", "ipv4:6.6.6.6:666"),)
    stub.CreateGame(h.pb2.CreateGameRequest(), metadata=forged)
    req = h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass")
    stub.ValidateMove(req)
    time.sleep(0.2)
    stub.ValidateMove(req, metadata=forged)
    ch.close()
    _wait_for(lambda: len(_rpc_lines(sp, "ValidateMove")) >= 2 and _rpc_lines(sp, "CreateGame"))
    lines = _rpc_lines(sp, "CreateGame") + _rpc_lines(sp, "ValidateMove")
    for line in lines:
        assert line["peer"].startswith("ipv4:127.0.0.1:"), line
    assert sp.kill(signal.SIGTERM) == 0


def test_the_internal_method_is_not_reachable_from_outside(server: Any) -> None:
    if server.service.front is None:
        pytest.skip("the Python-only server has no internal method")
    with pytest.raises(grpc.RpcError) as err:
        _call_raw(server.target, "/yijing.internal.v1.Front/ResolveRules", b"Y")
    assert err.value.code() == grpc.StatusCode.UNIMPLEMENTED


def test_after_the_drain_native_calls_are_refused_unavailable(make_server: Any, h: Any) -> None:
    srv = make_server(front="native")
    req = h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass")
    srv.stub.ValidateMove(req)
    time.sleep(0.2)
    srv.service.front.refuse()
    _wait_for(lambda: _refused(srv, req), timeout=5)


def _refused(srv: Any, req: Any) -> bool:
    try:
        srv.stub.ValidateMove(req, timeout=5)
    except grpc.RpcError as err:
        code = err.code()
    else:
        return False
    assert code == grpc.StatusCode.UNAVAILABLE
    return True


def test_the_front_end_never_outlives_a_killed_server(spawn: Any, tmp_path: Path) -> None:
    """SIGKILL of the Python server: the front end goes too, and frees the port."""
    sp = spawn(tmp_path / "s.sqlite3", "--front", "native")
    kids = [p for p in children(sp.proc.pid) if "yijing-front" in _cmdline(p)]
    assert len(kids) == 1
    sp.kill(signal.SIGKILL)
    _wait_for(lambda: not os.path.exists(f"/proc/{kids[0]}") or _zombie(kids[0]))
    # the port is free again (once all its threads are gone: its main thread shows as a
    # zombie while the others still exit)
    _wait_for(lambda: _bindable(sp.port), timeout=5)


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_front_option(monkeypatch: Any, tmp_path: Path) -> None:
    assert parse_args([]).front == "auto"
    assert parse_args(["--front", "off"]).front == "off"
    assert parse_args([], env={"YIJING_FRONT": "native"}).front == "native"
    with pytest.raises(SystemExit):
        parse_args(["--front", "c++"])
    monkeypatch.setattr(front, "EXECUTABLE", tmp_path / "missing")
    assert "was not built" in (front.unavailable() or "")
    assert front.wanted(parse_args(["--front", "auto"])) is False
    with pytest.raises(front.FrontError, match=r"--front native: .* was not built"):
        front.wanted(parse_args(["--front", "native"]))


def test_front_native_without_it_is_a_one_line_startup_error(tmp_path: Path) -> None:
    """`python -m pyyijing.service --front native` where it cannot run: exit 2 and the reason."""
    env = dict(os.environ, PYYIJING_BACKEND="python")  # the front end is the native engine's
    proc = subprocess.run(
        [sys.executable, "-m", "pyyijing.service", "--address", "127.0.0.1:0",
         "--metrics-address", "off", "--db", str(tmp_path / "s.sqlite3"), "--front", "native"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(
        "python -m pyyijing.service: error: --front native: the python backend"
    ), last


def test_calls_cut_short_by_deadlines_never_bring_it_down(make_server: Any, h: Any) -> None:
    """Thousands of ValidateMove(s) with deadlines of a fraction of a millisecond to a few
    milliseconds, answered natively and passed on (a position that does not replay), from
    16 threads: whatever each call gets, the front end lives and answers after."""
    from concurrent.futures import ThreadPoolExecutor

    srv = make_server(front="native")
    good = h.pb2.ValidateMoveRequest(position=h.position(2), move="s0:pass")
    fields, _ = h.MJ_RULES["common"]
    mj_good = h.pb2.ValidateMoveRequest(position=h.mj_position(fields, 2), move="s0:pass")
    bad = h.pb2.ValidateMoveRequest(
        position=h.pb2.Position(deal=h.pb2.Deal(seed=1), moves=["nope"]), move="s0:pass"
    )
    batch = h.pb2.ValidateMovesRequest(requests=[good, good, bad])
    srv.stub.ValidateMove(good)
    srv.stub.ValidateMove(mj_good)
    time.sleep(0.2)
    codes: dict[str, int] = {}

    def one(i: int) -> None:
        timeout = (0.0002, 0.001, 0.005, 1.0)[i % 4]
        try:
            if i % 5 == 4:
                srv.stub.ValidateMoves(batch, timeout=timeout)
            else:
                srv.stub.ValidateMove((good, mj_good, bad)[i % 3], timeout=timeout)
            code = "OK"
        except grpc.RpcError as err:
            code = err.code().name
        codes[code] = codes.get(code, 0) + 1

    with ThreadPoolExecutor(16) as pool:
        list(pool.map(one, range(3000)))
    assert set(codes) <= {"OK", "DEADLINE_EXCEEDED", "INVALID_ARGUMENT"}, codes
    assert codes.get("DEADLINE_EXCEEDED", 0) > 0, codes  # the deadlines did cut calls short
    assert srv.stub.ValidateMove(good, timeout=5).verdict.code  # answered
    assert srv.service.front is not None
    assert srv.service.front._proc is not None
    assert srv.service.front._proc.poll() is None  # still running


def test_a_front_end_that_dies_is_started_again_on_its_port(make_server: Any, h: Any) -> None:
    """SIGKILL of the front end alone: the server logs it, starts a new one on the same
    port and counts the restart; calls succeed again, sessions are untouched."""
    srv = make_server(front="native")
    game = srv.stub.CreateGame(h.pb2.CreateGameRequest())
    old = srv.service.front.pid
    assert old is not None
    os.kill(old, signal.SIGKILL)
    _wait_for(lambda: srv.service.front.pid not in (None, old), timeout=20)
    token = game.seat_tokens[0].token
    deadline = time.monotonic() + 20
    while True:  # the channel reconnects to the same port
        try:
            view = srv.stub.GetView(
                h.pb2.GetViewRequest(game_id=game.game_id, token=token), timeout=5
            )
            break
        except grpc.RpcError:
            assert time.monotonic() < deadline
            time.sleep(0.1)
    assert view.view.next_index == 0
    assert scrape(srv)[("yijing_front_restarts_total", ())] == 1


def test_auto_serves_from_python_when_the_built_front_end_cannot_run(
    make_server: Any, monkeypatch: Any, tmp_path: Path, h: Any
) -> None:
    """A front end that is there but exits before serving (a missing shared library,
    say): `auto` serves from Python alone, `native` does not start."""
    broken = tmp_path / "yijing-front"
    broken.write_text("#!/bin/sh\necho 'cannot load libgrpc++' >&2\nexit 127\n")
    broken.chmod(0o755)
    monkeypatch.setattr(front, "EXECUTABLE", broken)
    srv = make_server(front="auto")
    assert srv.service.front is None
    assert srv.stub.ValidateMove(
        h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass")
    ).verdict.code
    with pytest.raises(front.FrontError, match="exited before serving"):
        make_server(front="native")


def test_a_stop_signal_to_the_front_end_leaves_the_shutdown_to_the_server(
    spawn: Any, tmp_path: Path, h: Any
) -> None:
    """A service manager's SIGTERM (or a Ctrl-C) reaches every process of the service:
    the front end keeps serving while the Python server runs its drain, then goes with it."""
    sp = spawn(tmp_path / "s.sqlite3", "--front", "native", "--drain-seconds", "0.5")
    (kid,) = [p for p in children(sp.proc.pid) if "yijing-front" in _cmdline(p)]
    os.kill(kid, signal.SIGTERM)
    os.kill(kid, signal.SIGINT)
    time.sleep(0.5)
    assert not _zombie(kid)
    ch, stub = sp.stub()
    req = h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass")
    assert stub.ValidateMove(req, timeout=5).verdict.code  # still served
    ch.close()
    assert sp.kill(signal.SIGTERM) == 0
    _wait_for(lambda: not os.path.exists(f"/proc/{kid}") or _zombie(kid))
    assert not [r for r in sp.lines if "starting it again" in str(r.get("msg", ""))]


def _refusal(target: str, method: str, body: bytes | None, metadata: Any = None) -> tuple[Any, str]:
    """(code, details) of a call the server refuses; `body` None: no request message."""
    with grpc.insecure_channel(target) as ch:
        try:
            if body is None:
                ch.stream_unary(method, request_serializer=None, response_deserializer=None)(
                    iter(()), timeout=10, metadata=metadata
                )
            else:
                ch.unary_unary(method, request_serializer=None, response_deserializer=None)(
                    body, timeout=10, metadata=metadata
                )
        except grpc.RpcError as err:
            return err.code(), err.details() or ""
    raise AssertionError(f"{method} was answered")


def test_transport_refusals_are_worded_as_the_python_servers(make_server: Any) -> None:
    """What the transport refuses (a message past --max-message-bytes, metadata past
    gRPC's limits, the front end's internal method) gets the same status and message
    from both server forms (README "Native front end": the same status codes and
    messages)."""
    behind = make_server(front="native", max_message_bytes=1000)
    alone = make_server(front="off", max_message_bytes=1000, db=str(Path(behind.config.db)) + "2")
    big = b"\x0a" + b"x" * 5000
    value = (("x-big", "v" * 20000),)  # one value past the hard limit
    many = tuple((f"x-k{i}", "v" * 100) for i in range(160))  # past it in all
    cases = [
        (SERVICE + "ValidateMove", big, None),
        (SERVICE + "GetView", big, None),
        (SERVICE + "ValidateMove", b"", value),
        (SERVICE + "GetView", b"", value),
        ("/yijing.internal.v1.Front/ResolveRules", b"Y", None),
        ("/yijing.internal.v1.Front/ResolveRules", None, None),
    ]
    for method, body, metadata in cases:
        want = _refusal(alone.target, method, body, metadata)
        assert _refusal(behind.target, method, body, metadata) == want, (method, metadata)
    assert _refusal(alone.target, SERVICE + "ValidateMove", big, None) == (
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        "SERVER: Received message larger than max (5001 vs. 1000)",
    )
    # past the limit in all: gRPC lists every entry's size, which differs with the
    # client's address and deadline; the code and the sentence are the same
    for method in (SERVICE + "ValidateMove", SERVICE + "GetView"):
        got = [_refusal(s.target, method, b"", many) for s in (alone, behind)]
        assert {code for code, _ in got} == {grpc.StatusCode.RESOURCE_EXHAUSTED}, got
        assert {details.split(" (")[0] for _, details in got} == {
            "received metadata size exceeds hard limit"
        }, got


def test_calls_cut_short_are_logged_with_the_clients_address(
    make_server: Any, monkeypatch: Any
) -> None:
    """A call the front end ends before it has a request (the client's deadline passed,
    or its message was too large) is logged with the client's address, as every call."""
    from pyyijing.service.observability import ObservabilityInterceptor

    peers: list[tuple[str, str]] = []
    record = ObservabilityInterceptor.record_native

    def keeping(self: Any, method: str, code: str, *args: Any) -> None:
        peers.append((code, args[3]))
        record(self, method, code, *args)

    monkeypatch.setattr(ObservabilityInterceptor, "record_native", keeping)
    srv = make_server(front="native", max_message_bytes=1000)

    def slow() -> Any:
        time.sleep(0.5)
        yield b""

    with grpc.insecure_channel(srv.target) as ch:
        call = ch.stream_unary(SERVICE + "ValidateMove", request_serializer=None,
                               response_deserializer=None)  # fmt: skip
        for _ in range(3):
            with pytest.raises(grpc.RpcError):
                call(slow(), timeout=0.1)
        with pytest.raises(grpc.RpcError):
            _call_raw(srv.target, SERVICE + "ValidateMove", b"\x0a" + b"x" * 5000)
    _wait_for(lambda: len(peers) >= 4)
    assert {code for code, _ in peers} == {"CANCELLED", "RESOURCE_EXHAUSTED"}, peers
    assert all(peer.startswith("ipv4:127.0.0.1:") for _, peer in peers), peers


def test_a_passed_on_unary_call_reaches_the_python_server_with_its_request(
    make_server: Any, h: Any
) -> None:
    """The front end passes a unary call on as one: its metadata, request and end in one
    write, after the request has come (README "Native front end"). A call still waiting
    for its request costs the Python server nothing (it is counted, and ended in time,
    by the front end), and one that has its request is answered as before."""
    srv = make_server(front="native", request_timeout_seconds=5)
    game = srv.stub.CreateGame(h.pb2.CreateGameRequest(), timeout=10)
    asked = h.pb2.GetViewRequest(game_id=game.game_id, token=game.seat_tokens[0].token)
    release = threading.Event()

    def request_later() -> Any:
        release.wait(30)
        yield asked

    get_view = srv.channel.stream_stream(
        SERVICE + "GetView",
        request_serializer=h.pb2.GetViewRequest.SerializeToString,
        response_deserializer=h.pb2.GetViewResponse.FromString,
    )
    waiting = [get_view(request_later(), timeout=30) for _ in range(8)]
    try:
        time.sleep(0.5)  # every call has started
        assert srv.service.calls.in_progress == 0  # the Python server has none of them
    finally:
        release.set()
    views = [next(call) for call in waiting]
    assert all(v.SerializeToString() == views[0].SerializeToString() for v in views)
    assert views[0] == srv.stub.GetView(asked, timeout=10)
