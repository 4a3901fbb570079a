"""The grpc.aio server: RuleEngineService, health, reflection, metrics, signals."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import signal
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from prometheus_client import start_http_server

import pyyijing as yj

from .calls import CallBudget
from .config import Config
from .convert import pb2
from .front import FrontEnd, FrontError, resolve_handler, wanted
from .jsonlog import flush_logging
from .observability import Metrics, ObservabilityInterceptor
from .port_closer import close_port
from .registration import add_servicer
from .servicer import Limits, RuleEngineServicer
from .sessions import SessionManager
from .store import Store
from .streams import StreamBudget

LOG = logging.getLogger("yijing.service")
REFUSE_SECONDS = 0.5  # after the drain: new calls refused with UNAVAILABLE, then stop
# After the last call taken on is done, before the port closes: its answer leaves first.
LINGER_SECONDS = 0.05
SERVICE_NAME = pb2.DESCRIPTOR.services_by_name["RuleEngineService"].full_name


def _split(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"address must be HOST:PORT; got {address!r}")
    return host.strip("[]"), int(port)


class _HealthServicer(health.aio.HealthServicer):
    """grpc.health.v1 whose Watch streams end (UNAVAILABLE) once shutdown starts.

    Without this, an open health watch would hold a graceful shutdown for the
    whole grace period. Watchers first receive NOT_SERVING.
    """

    def __init__(self, stopping: asyncio.Event) -> None:
        super().__init__()
        self._stopping = stopping

    async def Watch(  # noqa: N802
        self, request: Any, context: grpc.aio.ServicerContext[Any, Any]
    ) -> None:
        watch = asyncio.ensure_future(super().Watch(request, context))
        stop = asyncio.ensure_future(self._stopping.wait())
        try:
            await asyncio.wait({watch, stop}, return_when=asyncio.FIRST_COMPLETED)
            if watch.done():
                watch.result()  # re-raises what the watch raised
                return
            await asyncio.wait({watch}, timeout=0.2)  # let NOT_SERVING go out first
        finally:
            stop.cancel()
            watch.cancel()
        await context.abort(grpc.StatusCode.UNAVAILABLE, "the server is shutting down")


class Service:
    """One running server. `start()`, then `stop()` (or `run_until_signal()`)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.metrics = Metrics(
            version=yj.__version__, backend=yj.backend(), rules_version=yj.RULES_VERSION
        )
        self.store = Store(config.db)
        self.sessions = SessionManager(
            self.store,
            self.metrics,
            cache_size=config.session_cache,
            max_sessions=config.max_sessions,
            idle_seconds=config.session_idle_seconds,
        )
        self.streams = StreamBudget(
            total=config.max_streams,
            per_peer=config.max_streams_per_peer,
            per_game=config.max_watchers_per_game,
        )
        self.calls = CallBudget(
            total=config.max_concurrent_rpcs, per_peer=config.max_concurrent_rpcs_per_peer
        )
        workers = config.workers or min(4, os.cpu_count() or 1)
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="yijing-engine")
        self.sim_executor = ThreadPoolExecutor(
            max_workers=config.simulate_workers, thread_name_prefix="yijing-sim"
        )
        self.shutting_down = asyncio.Event()
        self.refusing = asyncio.Event()  # shutdown: new calls are answered UNAVAILABLE
        self._expiry: asyncio.Task[None] | None = None
        self.health = _HealthServicer(self.shutting_down)
        self.port = 0
        self.metrics_port = 0
        self._metrics_server: Any = None
        self._server: grpc.aio.Server | None = None
        self._interceptor: ObservabilityInterceptor | None = None
        self._left_open: grpc.aio.Server | None = None  # stop(exiting=True): the exit closes it
        self.front: FrontEnd | None = None  # the native front end, when it serves the address

    async def start(self) -> None:
        behind_front = wanted(self.config)  # FrontError if --front native cannot be had
        try:
            await self._start(behind_front)
        except FrontError as exc:
            if not behind_front or self.config.front != "auto":
                raise
            # auto: a front end that was built but cannot run here (a missing shared
            # library, say) leaves the server to serve from Python alone
            LOG.warning(
                "the native front end could not start; serving from Python alone",
                extra={"error": str(exc)},
            )
            await self._start(False)

    async def _start(self, behind_front: bool) -> None:
        cfg = self.config
        interceptor = ObservabilityInterceptor(
            self.metrics,
            self.streams,
            self.refusing,
            forwarded_peer=behind_front,
            calls=self.calls,
            request_timeout=cfg.request_timeout_seconds,
        )
        server = grpc.aio.server(
            interceptors=[interceptor],
            # No maximum_concurrent_rpcs: gRPC's counts a call from its start, by no
            # client, and before any handler runs, so one client holding calls open
            # could take it all. Unary calls have their budget (service/calls.py) and
            # streams theirs (service/streams.py), both per client as well as in all.
            options=[
                ("grpc.max_receive_message_length", cfg.max_message_bytes),
                ("grpc.max_send_message_length", cfg.max_message_bytes),
                ("grpc.so_reuseport", 0),
            ],
        )
        servicer = RuleEngineServicer(
            limits=Limits(
                max_batch=cfg.max_batch,
                max_moves=cfg.max_moves,
                max_simulate_games=cfg.max_simulate_games,
                watch_idle_seconds=cfg.watch_idle_seconds,
            ),
            sessions=self.sessions,
            metrics=self.metrics,
            executor=self.executor,
            shutting_down=self.shutting_down,
            sim_executor=self.sim_executor,
            streams=self.streams,
        )
        add_servicer(servicer, server)  # the generated registration, ValidateMove(s) as bytes
        health_pb2_grpc.add_HealthServicer_to_server(self.health, server)
        reflection.enable_server_reflection(
            (
                SERVICE_NAME,
                health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
                reflection.SERVICE_NAME,
            ),
            server,
        )
        if behind_front:
            # The front end serves cfg.address (and TLS); this server only its socket.
            self.front = FrontEnd(cfg, interceptor, on_restart=self.metrics.front_restarts.inc)
            server.add_generic_rpc_handlers((resolve_handler(servicer.wire.resolve),))
            server.add_insecure_port(self.front.backend_address)
        elif cfg.tls_cert:
            creds = grpc.ssl_server_credentials(
                [(Path(cfg.tls_key).read_bytes(), Path(cfg.tls_cert).read_bytes())]
            )
            self.port = server.add_secure_port(cfg.address, creds)
        else:
            self.port = server.add_insecure_port(cfg.address)
        if cfg.metrics_address and cfg.metrics_address.lower() != "off":
            host, port = _split(cfg.metrics_address)
            self._metrics_server, _thread = start_http_server(
                port, addr=host, registry=self.metrics.registry
            )
            self.metrics_port = self._metrics_server.server_port
        await server.start()
        if self.front is not None:
            try:
                self.port = await self.front.start()
            except BaseException:
                self.front.kill()
                self.front = None
                await server.stop(0)
                if self._metrics_server is not None:
                    self._metrics_server.shutdown()
                    self._metrics_server.server_close()
                    self._metrics_server = None
                raise
        self._server = server
        self._interceptor = interceptor
        self._expiry = asyncio.ensure_future(self.sessions.expire_forever(self.shutting_down))
        for name in ("", SERVICE_NAME):
            await self.health.set(name, health_pb2.HealthCheckResponse.SERVING)
        # Everything allocated so far (modules, descriptors, tables) lives as long
        # as the process: moving it out of the collector's generations keeps full
        # collections short, which is what shows in tail latency.
        gc.freeze()
        host = _split(cfg.address)[0]
        LOG.info(
            "serving",
            extra={
                "address": f"{host}:{self.port}",
                "metrics_address": (
                    f"{_split(cfg.metrics_address)[0]}:{self.metrics_port}/metrics"
                    if self._metrics_server
                    else None
                ),
                "db": cfg.db,
                "backend": yj.backend(),
                "version": yj.__version__,
                "tls": bool(cfg.tls_cert),
                "front": "native" if self.front is not None else "off",
            },
        )

    async def stop(
        self, grace: float | None = None, drain: float | None = None, exiting: bool = False
    ) -> None:
        """Drain, then stop: health NOT_SERVING while calls are still accepted for `drain`
        seconds (clients and balancers that see it move away), then new calls are
        refused and the calls in flight get `grace` seconds to finish.

        `exiting`: the process exits next, and the exit closes the port and every
        connection (serve()). Otherwise (a program embedding the server) they are
        closed here the same way (port_closer.py) before gRPC's own stop, which
        cancels every call whose stream reaches the server after it starts and
        before the client has its GOAWAY (CANCELLED, which clients do not retry); a
        client sees a closed connection as UNAVAILABLE.
        """
        if self._server is None:
            return
        grace = self.config.grace_seconds if grace is None else grace
        drain = self.config.drain_seconds if drain is None else drain
        LOG.info("stopping", extra={"grace_seconds": grace, "drain_seconds": drain})
        await self.health.enter_graceful_shutdown()
        if drain > 0:
            await asyncio.sleep(drain)
        # Then answer new calls UNAVAILABLE for a moment before the transport stops:
        # a call that reaches a stopping server before its handler has started is
        # cut off as CANCELLED, which clients do not retry.
        self.refusing.set()
        if self.front is not None:
            self.front.refuse()
        if drain > 0:
            await asyncio.sleep(min(REFUSE_SECONDS, drain))
        self.shutting_down.set()  # streams end with UNAVAILABLE; the expiry sweep stops
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        if self.front is not None:
            # First the front end: the calls it passed on still need this server.
            # It waits for the calls it took on, then exits: its port closes.
            await self.front.stop(grace)
            self.front = None
        else:
            while self._interceptor is not None and self._interceptor.taken > 0:
                if loop.time() >= deadline:
                    break
                await asyncio.sleep(0.005)
            await asyncio.sleep(LINGER_SECONDS)
            if exiting:
                self._left_open = self._server  # held: collected, it would be stopped
            else:  # the process goes on: its port and connections close as an exit's would
                close_port(self.port)
        if self._left_open is None:
            await self._server.stop(max(0.0, deadline - loop.time()))
        self._server = None
        if self._expiry is not None:
            await self._expiry
            self._expiry = None
        await self.sessions.finish_steps()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.sim_executor.shutdown(wait=False, cancel_futures=True)
        if self._metrics_server is not None:
            self._metrics_server.shutdown()
            self._metrics_server.server_close()
        self.store.close()
        LOG.info("stopped")

    async def wait(self) -> None:
        if self._server is not None:
            await self._server.wait_for_termination()


async def serve(config: Config | None = None) -> None:
    """Run the service until SIGTERM or SIGINT, then shut down gracefully."""
    service = Service(config or Config())
    await service.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await service.stop(exiting=True)
    flush_logging()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)  # the port and every connection close now (Service.stop, `exiting`)
