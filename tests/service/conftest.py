"""Fixtures for the gRPC service tests: a real server on a free loopback port.

`server` runs `pyyijing.service.Service` on its own event loop in a background thread
(SQLite file in tmp_path, metrics on another free port); tests talk to it with
the real synchronous grpc client. `spawn_server` runs ``python -m pyyijing.service`` as
a subprocess (for SIGKILL/SIGTERM tests). No ``__init__.py`` here: the test folders are
not packages (pytest's importlib mode).
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

import pyyijing as yj
from pyyijing import mahjong as mj
from pyyijing.service import Config, Service
from pyyijing.service.convert import pb2, pb2_grpc


@dataclass
class RunningServer:
    service: Service
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    channel: grpc.Channel
    stub: Any
    config: Config

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.service.port}"

    @property
    def metrics_url(self) -> str:
        return f"http://127.0.0.1:{self.service.metrics_port}/metrics"

    def stop(self, grace: float = 1.0) -> None:
        self.channel.close()
        fut = asyncio.run_coroutine_threadsafe(self.service.stop(grace), self.loop)
        fut.result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        self.loop.close()


def start_server(config: Config) -> RunningServer:
    loop = asyncio.new_event_loop()
    started: queue.Queue[Any] = queue.Queue()

    def run() -> None:
        asyncio.set_event_loop(loop)

        async def boot() -> Service:
            svc = Service(config)
            await svc.start()
            return svc

        try:
            started.put(loop.run_until_complete(boot()))
        except BaseException as exc:  # pragma: no cover - reported below
            started.put(exc)
            return
        loop.run_forever()

    thread = threading.Thread(target=run, name="yijing-test-server", daemon=True)
    thread.start()
    svc = started.get(timeout=60)
    if isinstance(svc, BaseException):
        raise svc
    if config.tls_cert:
        creds = grpc.ssl_channel_credentials(root_certificates=Path(config.tls_cert).read_bytes())
        channel = grpc.secure_channel(f"127.0.0.1:{svc.port}", creds)
    else:
        channel = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    grpc.channel_ready_future(channel).result(timeout=30)
    return RunningServer(
        svc, loop, thread, channel, pb2_grpc.RuleEngineServiceStub(channel), config
    )


def test_config(tmp_path: Path, **overrides: Any) -> Config:
    base = Config(
        address="127.0.0.1:0",
        metrics_address="127.0.0.1:0",
        db=str(tmp_path / "sessions.sqlite3"),
        grace_seconds=2.0,
        drain_seconds=0.0,  # no health-drain pause when a test stops its server
        log_level="warning",
        # `make test` runs these tests behind the native front end (the default,
        # auto) and again with PYYIJING_TEST_FRONT=off, the Python server alone.
        front=os.environ.get("PYYIJING_TEST_FRONT", "auto"),
    )
    return replace(base, **overrides)


test_config.__test__ = False  # type: ignore[attr-defined]


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., RunningServer]]:
    running: list[RunningServer] = []

    def make(**overrides: Any) -> RunningServer:
        srv = start_server(test_config(tmp_path, **overrides))
        running.append(srv)
        return srv

    yield make
    for srv in running:
        if srv.service._server is not None:
            srv.stop()


@pytest.fixture
def server(make_server: Callable[..., RunningServer]) -> RunningServer:
    return make_server()


@pytest.fixture
def stub(server: RunningServer) -> Any:
    return server.stub


# -- helpers -----------------------------------------------------------------


def bad_request(err: grpc.RpcError) -> dict[str, str]:
    """The google.rpc.BadRequest field violations of an INVALID_ARGUMENT error."""
    status = rpc_status.from_call(err)  # type: ignore[arg-type]
    assert status is not None, "no google.rpc.Status in the trailers"
    out: dict[str, str] = {}
    for detail in status.details:
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            br = error_details_pb2.BadRequest()
            detail.Unpack(br)
            for v in br.field_violations:
                out[v.field] = v.description
    return out


def random_game(seed: int, rules: yj.Rules | None = None, stop_at: int | None = None) -> yj.Game:
    """A game played with random legal moves (to the end, or `stop_at` moves)."""
    g = yj.Game(rules or yj.Rules(), seed=seed)
    rng = random.Random(seed)
    while g.phase != "over" and (stop_at is None or len(g.moves) < stop_at):
        g.apply(rng.choice(g.legal_moves()))
    return g


def position(seed: int, moves: list[str] | None = None, **rules: Any) -> Any:
    return pb2.Position(rules=pb2.Rules(**rules), deal=pb2.Deal(seed=seed), moves=list(moves or []))


# The mahjong rule sets the mahjong service tests cover: every ruleset, the common
# one also with its void-suit game and its flowers (MahjongRules fields, mj.Rules).
MJ_RULES: dict[str, tuple[dict[str, Any], mj.Rules]] = {
    "common": ({"ruleset": pb2.MAHJONG_RULESET_COMMON}, mj.Rules("common")),
    "common_void": (
        {"ruleset": pb2.MAHJONG_RULESET_COMMON, "void_suit": True},
        mj.Rules("common", void_suit=True),
    ),
    "common_flowers": (
        {"ruleset": pb2.MAHJONG_RULESET_COMMON, "flowers": True, "declare_ready": False},
        mj.Rules("common", flowers=True, declare_ready=False),
    ),
    "shaoyang": ({"ruleset": pb2.MAHJONG_RULESET_SHAOYANG}, mj.Rules("shaoyang")),
    "changsha": (
        {"ruleset": pb2.MAHJONG_RULESET_CHANGSHA, "birds": 4, "bird_scoring": "multiply"},
        mj.Rules("changsha", birds=4, bird_scoring="multiply"),
    ),
}


def mj_hand(rules: mj.Rules, seed: int) -> mj.Game:
    """A whole hand played by four heuristic bots (they nearly always win: results to check)."""
    return mj.play_bots(rules, seed, ("heuristic",) * 4)


def mj_position(fields: dict[str, Any], seed: int, moves: list[str] | None = None) -> Any:
    return pb2.Position(
        mahjong_rules=pb2.MahjongRules(**fields), deal=pb2.Deal(seed=seed), moves=list(moves or [])
    )


# -- subprocess server ---------------------------------------------------------


@dataclass
class ServerProcess:
    proc: subprocess.Popen[str]
    port: int
    metrics_port: int
    lines: list[dict[str, Any]] = field(default_factory=list)

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def stub(self) -> tuple[grpc.Channel, Any]:
        ch = grpc.insecure_channel(self.target)
        grpc.channel_ready_future(ch).result(timeout=30)
        return ch, pb2_grpc.RuleEngineServiceStub(ch)

    def kill(self, sig: int = signal.SIGKILL) -> int:
        self.proc.send_signal(sig)
        return self.proc.wait(timeout=60)


def spawn_server(
    db: Path, cwd: Path, *extra: str, env: dict[str, str] | None = None
) -> ServerProcess:
    """``python -m pyyijing.service`` on free ports; waits for its "serving" log line."""
    full_env = dict(os.environ)
    full_env.setdefault("YIJING_FRONT", os.environ.get("PYYIJING_TEST_FRONT", "auto"))
    full_env.update(env or {})
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pyyijing.service",
            "--address",
            "127.0.0.1:0",
            "--metrics-address",
            "127.0.0.1:0",
            "--db",
            str(db),
            *extra,
        ],
        cwd=cwd,  # not the repo root: the installed package is what runs
        env=full_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[dict[str, Any]] = []
    found: queue.Queue[dict[str, Any] | None] = queue.Queue()

    def pump() -> None:
        assert proc.stderr is not None
        for raw in proc.stderr:
            try:
                rec = json.loads(raw)
            except ValueError:
                rec = {"raw": raw.rstrip()}
            lines.append(rec)
            if rec.get("msg") == "serving":
                found.put(rec)
        found.put(None)

    threading.Thread(target=pump, daemon=True).start()
    deadline = time.monotonic() + 90
    rec = None
    while time.monotonic() < deadline:
        try:
            rec = found.get(timeout=1)
            break
        except queue.Empty:
            continue
    if rec is None:
        proc.kill()
        proc.wait()
        raise AssertionError(f"server did not start: {lines}")
    port = int(rec["address"].rsplit(":", 1)[1])
    metrics_port = int(rec["metrics_address"].split("/")[0].rsplit(":", 1)[1])
    return ServerProcess(proc, port, metrics_port, lines)


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    procs: list[ServerProcess] = []

    def make(db: Path, *extra: str, env: dict[str, str] | None = None) -> ServerProcess:
        sp = spawn_server(db, tmp_path, *extra, env=env)
        procs.append(sp)
        return sp

    yield make
    for sp in procs:
        if sp.proc.poll() is None:
            sp.proc.kill()
            sp.proc.wait(timeout=30)
        if sp.proc.stderr is not None:
            sp.proc.stderr.close()


@pytest.fixture(scope="session")
def h() -> Any:
    """Helpers for the test modules (conftest is not importable by name)."""
    import types

    return types.SimpleNamespace(
        pb2=pb2,
        pb2_grpc=pb2_grpc,
        bad_request=bad_request,
        random_game=random_game,
        position=position,
        start_server=start_server,
        MJ_RULES=MJ_RULES,
        mj_hand=mj_hand,
        mj_position=mj_position,
    )
