"""The native front end: `yijing-front` (core_cpp/front/), run by the Python server.

With the front end (``--front auto``, the default, when the package was built
with gRPC's C++ library and the native backend is active), the public address
is served by `yijing-front`, a grpc++ server. It answers ValidateMove and
ValidateMoves itself, with the same C++ fast path as service/wire.py, and passes
every other call, and every request that path declines, byte for byte to this
Python server, which then listens only on a unix socket in a private directory.
Clients see one server: the same methods, messages, status codes and error
details (docs/service.md "Native front end").

What stays here: rules are checked and resolved by `ResolveRules` (the front
end asks once per distinct rules message, and keeps the engine config it gets);
every call it answers itself is reported on its stdout as one line, which
`FrontEnd` turns into the same metrics and JSON log line as a call answered here;
the client's address comes with each passed-on call (``x-yijing-peer``) and is
believed only from the front end's socket. Why: a grpc.aio server costs about
0.4 ms of CPU per call by itself on these machines, and its tail latency at
1,000 calls/s is above the 2 ms p99 floor of the stateless calls
(benchmarks/NOTES.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import IO, Any, Protocol

import grpc
from grpc_health.v1 import health_pb2

import pyyijing as yj
from pyyijing.mahjong.reasons import MESSAGES as MAHJONG_MESSAGES

from . import convert
from .config import Config

LOG = logging.getLogger("yijing.service")

EXECUTABLE = Path(__file__).resolve().parent / "_bin" / "yijing-front"
INTERNAL_SERVICE = "yijing.internal.v1.Front"
PEER_KEY = "x-yijing-peer"  # front.hpp kPeerKey
STOP_MARGIN_SECONDS = 5.0  # after its grace, the front end is killed if it has not exited
RESTART_PAUSES = (0.05, 0.2, 1.0, 5.0)  # before starting it again, by failures in a row
HEALTHY_SECONDS = 10.0  # up this long, an exit is not counted as a failure in a row
START_TIMEOUT_SECONDS = 30.0  # to print "serving" once started


class FrontError(RuntimeError):
    """The front end could not start (the reason is one line, for the command line)."""


class Recorder(Protocol):
    """What the front end's call lines are reported to (ObservabilityInterceptor)."""

    def record_native(
        self,
        method: str,
        code: str,
        game: str,
        ruleset: str,
        latency_ms: float,
        peer: str,
        verdicts: dict[str, int],
    ) -> None: ...


def unavailable() -> str | None:
    """Why the front end cannot run here, or None when it can."""
    if not os.access(EXECUTABLE, os.X_OK):
        return (
            f"{EXECUTABLE} was not built (the package was built without gRPC's C++ "
            "library: apt libgrpc++-dev pkg-config, then reinstall)"
        )
    if yj.backend() != "native":
        return f"the {yj.backend()} backend is active (the front end is the native engine's)"
    return None


def wanted(config: Config) -> bool:
    """Whether this server runs behind the front end; FrontError if it must and cannot."""
    if config.front == "off":
        return False
    why = unavailable()
    if why is not None and config.front == "native":
        raise FrontError(f"--front native: {why}")
    return why is None


def unary_methods() -> list[str]:
    """The paths of the unary methods, whose calls the per-client budget counts
    (service/calls.py); the front end refuses a passed-on call over it itself."""
    services = (
        convert.pb2.DESCRIPTOR.services_by_name["RuleEngineService"],
        health_pb2.DESCRIPTOR.services_by_name["Health"],
    )
    return [
        f"/{service.full_name}/{method.name}"
        for service in services
        for method in service.methods
        if not method.client_streaming and not method.server_streaming
    ]


def resolve_handler(resolve: Any) -> grpc.GenericRpcHandler:
    """The `ResolveRules` method (raw bytes each way) for the unix-socket server.

    `resolve` is WireValidator.resolve: the request is a kind byte (b"Y" Yi Jing
    Pai, b"M" mahjong) and a serialized rules message; the answer is
    validate.cpp's (RulesCache::resolve).
    """

    async def resolve_rules(request: bytes, context: Any) -> bytes:
        answer: bytes = resolve(request[:1], request[1:])
        return answer

    return grpc.method_handlers_generic_handler(
        INTERNAL_SERVICE,
        {"ResolveRules": grpc.unary_unary_rpc_method_handler(resolve_rules)},
    )


class FrontEnd:
    """The `yijing-front` process: `start()` it, `refuse()` at the end of a drain, `stop()`.

    It is supervised: if it exits while the server runs (it crashed, or someone
    killed it), the exit is logged, counted (``yijing_front_restarts_total``) and
    a new one is started on the same port, after a pause that grows with
    repeated failures (RESTART_PAUSES). Sessions live in the Python server, so
    nothing but the calls in flight at that moment is lost.
    """

    def __init__(self, config: Config, recorder: Recorder, on_restart: Any = None) -> None:
        self.config = config
        self.recorder = recorder
        self.on_restart = on_restart  # called (no arguments) each time it is started again
        # 0700: only this user reaches the socket
        self.dir = tempfile.mkdtemp(prefix="yijing-front-")
        self.backend_address = f"unix:{os.path.join(self.dir, 'backend.sock')}"
        self._listen = config.address  # then HOST:PORT of the port it got (port 0)
        self._proc: subprocess.Popen[bytes] | None = None
        self._reader: threading.Thread | None = None
        self._stopping = False
        self._refusing = False
        self._supervisor: asyncio.Task[None] | None = None
        self._exited: asyncio.Event | None = None
        self._started_at = 0.0

    def _messages_file(self) -> str:
        path = os.path.join(self.dir, "mahjong-messages")
        if not os.path.exists(path):
            with open(path, "wb") as f:
                for code, message in MAHJONG_MESSAGES.items():
                    f.write(code.encode() + b"\0" + message.encode() + b"\0")
        return path

    def _argv(self) -> list[str]:
        cfg = self.config
        argv = [
            str(EXECUTABLE),
            "--listen", self._listen,
            "--backend", self.backend_address,
            "--max-message-bytes", str(cfg.max_message_bytes),
            "--max-concurrent", str(cfg.max_concurrent_rpcs),
            "--max-batch", str(cfg.max_batch),
            "--max-moves", str(cfg.max_moves),
            "--max-move-chars", str(convert.MAX_MOVE_CHARS),
            "--mahjong-messages", self._messages_file(),
            "--request-timeout-seconds", repr(float(cfg.request_timeout_seconds)),
            "--max-concurrent-rpcs-per-peer", str(cfg.max_concurrent_rpcs_per_peer),
            "--unary-methods", ",".join(unary_methods()),
        ]  # fmt: skip
        if cfg.tls_cert:
            argv += ["--tls-cert", cfg.tls_cert, "--tls-key", cfg.tls_key]
        return argv

    async def start(self) -> int:
        """Start it (the Python server already serving on `backend_address`); its port."""
        port = await self._spawn()
        host = self._listen.rpartition(":")[0]
        self._listen = f"{host}:{port}"  # a restart takes the same port
        self._supervisor = asyncio.ensure_future(self._supervise())
        return port

    async def _spawn(self) -> int:
        loop = asyncio.get_running_loop()
        port: asyncio.Future[int] = loop.create_future()
        self._exited = asyncio.Event()
        # Its own session: a Ctrl-C to the terminal's process group reaches only this
        # server, whose shutdown then stops the front end in its turn.
        proc = subprocess.Popen(
            self._argv(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            close_fds=True,
            start_new_session=True,
        )
        self._started_at = loop.time()
        self._proc = proc
        assert proc.stdout is not None
        self._reader = threading.Thread(
            target=self._read_lines,
            args=(proc.stdout, loop, port, self._exited),
            name="yijing-front-lines",
            daemon=True,
        )
        self._reader.start()
        try:
            value = await asyncio.wait_for(port, START_TIMEOUT_SECONDS)
        except asyncio.TimeoutError:
            proc.kill()
            await self._wait_exit(STOP_MARGIN_SECONDS)
            self._close_stdin(proc)
            raise FrontError(
                f"the native front end did not serve within {START_TIMEOUT_SECONDS:.0f} s"
            ) from None
        except FrontError:
            await self._wait_exit(STOP_MARGIN_SECONDS)
            self._close_stdin(proc)
            raise
        if self._refusing:  # started again during a drain
            self.refuse()
        return value

    def _stopped(self) -> bool:
        # a method, not the attribute: stop() sets it while _supervise awaits
        return self._stopping

    async def _supervise(self) -> None:
        """Start it again whenever it exits on its own, until stop()."""
        failures = 0
        while not self._stopped():
            assert self._exited is not None
            await self._exited.wait()
            if self._stopped():
                return
            proc = self._proc
            # failures in a row: an exit soon after a start counts as one
            loop = asyncio.get_running_loop()
            if loop.time() - self._started_at < HEALTHY_SECONDS:
                failures += 1
            else:
                failures = 0
            status = None if proc is None else await loop.run_in_executor(None, proc.wait)
            if proc is not None:
                self._close_stdin(proc)
            LOG.error(
                "the native front end exited; starting it again",
                extra={"status": status, "address": self._listen},
            )
            while not self._stopped():
                await asyncio.sleep(RESTART_PAUSES[min(failures, len(RESTART_PAUSES) - 1)])
                if self._stopped():
                    return
                try:
                    await self._spawn()
                except FrontError as exc:
                    failures += 1
                    LOG.error("the native front end did not start again", extra={"error": str(exc)})
                    continue
                if self.on_restart is not None:
                    self.on_restart()
                break

    def _read_lines(
        self,
        out: IO[bytes],
        loop: asyncio.AbstractEventLoop,
        port: asyncio.Future[int],
        exited: asyncio.Event,
    ) -> None:
        def settle(value: int | None, error: str = "") -> None:
            if port.done():
                return
            if value is None:
                port.set_exception(FrontError(error))
            else:
                port.set_result(value)

        try:
            self._read(out, loop, settle)
        finally:
            out.close()
            with contextlib.suppress(RuntimeError):  # the loop already closed
                loop.call_soon_threadsafe(exited.set)

    def _read(self, out: IO[bytes], loop: asyncio.AbstractEventLoop, settle: Any) -> None:
        record = self.recorder.record_native
        started = False
        for raw in out:
            fields = raw.decode("utf-8", "replace").rstrip("\n").split("\t")
            kind = fields[0]
            if kind == "rpc" and len(fields) == 8:
                _, method, code, game, ruleset, latency, peer, verdicts = fields
                counts: dict[str, int] = {}
                for item in verdicts.split(","):
                    name, _, n = item.partition("=")
                    if n.isdigit():
                        counts[name] = int(n)
                try:
                    record(method, code, game, ruleset, float(latency), peer, counts)
                except Exception:  # a report lost is a metric lost, never the server
                    LOG.exception("front end line not recorded", extra={"line": raw[:200]})
            elif kind == "serving" and len(fields) == 2 and fields[1].isdigit():
                started = True
                loop.call_soon_threadsafe(settle, int(fields[1]))
            elif kind == "error":
                loop.call_soon_threadsafe(settle, None, "\t".join(fields[1:]))
            elif kind == "dropped" and len(fields) == 2:
                LOG.warning(
                    "the native front end's report lines fell behind: calls not logged or counted",
                    extra={"calls": fields[1]},
                )
        if not started:
            loop.call_soon_threadsafe(settle, None, "the native front end exited before serving")

    def _command(self, line: str) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None or proc.stdin.closed:
            return
        with contextlib.suppress(OSError):  # it is gone: nothing left to tell it
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()

    def refuse(self) -> None:
        """New calls answered UNAVAILABLE from now on (the end of a shutdown's drain)."""
        self._refusing = True
        self._command("refuse")

    async def _wait_exit(self, timeout: float) -> None:
        proc = self._proc
        if proc is None:
            return
        try:
            await asyncio.get_running_loop().run_in_executor(None, proc.wait, timeout)
        except subprocess.TimeoutExpired:
            LOG.warning("the native front end did not stop in time; killed")
            proc.kill()
            await asyncio.get_running_loop().run_in_executor(None, proc.wait)

    async def stop(self, grace: float) -> None:
        """Stop serving; calls in flight get `grace` seconds. Returns once it has exited."""
        self._stopping = True
        if self._supervisor is not None:
            self._supervisor.cancel()
        proc = self._proc
        if proc is None:
            return
        self._command(f"stop {grace:.3f}")
        self._close_stdin(proc)
        await self._wait_exit(grace + STOP_MARGIN_SECONDS)
        if self._reader is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._reader.join, 5.0)
        self._proc = None
        shutil.rmtree(self.dir, ignore_errors=True)

    @staticmethod
    def _close_stdin(proc: subprocess.Popen[bytes]) -> None:
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()

    def kill(self) -> None:
        """Stop it now (a server that failed to start)."""
        self._stopping = True
        if self._supervisor is not None:
            self._supervisor.cancel()
        proc = self._proc
        if proc is not None:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            self._close_stdin(proc)
            if self._reader is not None:
                self._reader.join(5.0)
            self._proc = None
        shutil.rmtree(self.dir, ignore_errors=True)

    @property
    def pid(self) -> int | None:
        """The running front end's process id (None when there is none)."""
        return None if self._proc is None else self._proc.pid
