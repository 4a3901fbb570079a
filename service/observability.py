"""Metrics (prometheus-client), structured logs, and the interceptor that feeds both.

`ObservabilityInterceptor` wraps every handler: it times the call, finds its
status code, counts it (``yijing_rpcs_total{method,code}``), observes the
latency (``yijing_rpc_latency_seconds{method}``) and writes one JSON log line
per request (method, code, latency). It also turns a request body that does
not decode into INVALID_ARGUMENT instead of grpc's generic error.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import secrets
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, NoReturn, TypeAlias, cast

import grpc
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    Info,
    gc_collector,
    platform_collector,
    process_collector,
)

from .errors import ResourceExhaustedError
from .streams import StreamBudget

LOG = logging.getLogger("yijing.service")
# A string: grpc.aio.ServicerContext is generic only in the stubs (types-grpcio).
Ctx: TypeAlias = "grpc.aio.ServicerContext[Any, Any]"

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)


class Metrics:
    """Every metric of the service, in a registry of its own (one per server)."""

    def __init__(self, *, version: str, backend: str, rules_version: int) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        process_collector.ProcessCollector(registry=r)
        platform_collector.PlatformCollector(registry=r)
        gc_collector.GCCollector(registry=r)
        self.rpcs = Counter(
            "yijing_rpcs", "RPCs handled, by method and status code", ["method", "code"], registry=r
        )
        self.latency = Histogram(
            "yijing_rpc_latency_seconds",
            "RPC latency by method (streams: until the stream ends)",
            ["method"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.in_flight = Gauge("yijing_rpcs_in_flight", "RPCs being handled now", registry=r)
        self.verdicts = Counter(
            "yijing_verdicts",
            "Move verdicts given, by reason code ('ok' for legal)",
            ["code"],
            registry=r,
        )
        self.active_sessions = Gauge(
            "yijing_active_sessions", "Sessions whose hand is not over", registry=r
        )
        self.sessions_created = Counter(
            "yijing_sessions_created", "Sessions created by CreateGame", registry=r
        )
        self.games_simulated = Counter(
            "yijing_games_simulated", "Games played by Simulate calls", registry=r
        )
        self.simulations_running = Gauge(
            "yijing_simulations_running",
            "Simulate jobs running in worker threads now",
            registry=r,
        )
        self.info = Info("yijing_build", "Service version and engine backend", registry=r)
        self.info.info(
            {"version": version, "backend": backend, "rules_version": str(rules_version)}
        )

    def verdict(self, code: str, n: int = 1) -> None:
        self.verdicts.labels(code=code).inc(n)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, msg and any ``extra`` fields."""

    _STD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in self._STD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def configure_logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("yijing")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False


class _BadRequestBody:
    """Stands in for a request whose bytes did not decode."""

    def __init__(self, error: str) -> None:
        self.error = error


def _safe_deserializer(
    deserializer: Callable[[bytes], Any] | None,
) -> Callable[[bytes], Any] | None:
    if deserializer is None:
        return None

    def deserialize(data: bytes) -> Any:
        try:
            return deserializer(data)
        except Exception as exc:
            return _BadRequestBody(f"{type(exc).__name__}: {exc}")

    return deserialize


def _code_name(context: Ctx, default: str) -> str:
    code: grpc.StatusCode | int | None
    try:
        # The stubs say StatusCode; at runtime it may also be None or a plain int.
        code = cast("grpc.StatusCode | int | None", context.code())
    except Exception:  # pragma: no cover - very old grpcio
        code = None
    if code is None or code == 0:
        return default
    if isinstance(code, grpc.StatusCode):
        return code.name
    for sc in grpc.StatusCode:  # an int from the cython layer
        if sc.value[0] == code:
            return sc.name
    return str(code)


class ObservabilityInterceptor(grpc.aio.ServerInterceptor):
    def __init__(
        self,
        metrics: Metrics,
        streams: StreamBudget | None = None,
        refusing: asyncio.Event | None = None,
    ) -> None:
        self.metrics = metrics
        self.streams = streams  # every server stream takes a ticket (service/streams.py)
        # Set at the end of a shutdown's drain: new calls get UNAVAILABLE (retryable)
        # from the handler, instead of being cut off by the transport as CANCELLED.
        self.refusing = refusing or asyncio.Event()
        # The wrapped handler of each method, built on its first call: handlers
        # never change once the server runs, and building closures and a new
        # handler object on every RPC was a measurable share of a small call.
        self._wrapped: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}
        # Labelled metric children, looked up once: `.labels()` costs a lock and
        # a dict of label values on every call otherwise.
        self._counted: dict[tuple[str, str], Any] = {}
        self._timed: dict[str, Any] = {}

    def _record(self, method: str, code: str, start: float, peer: str) -> None:
        elapsed = time.perf_counter() - start
        counter = self._counted.get((method, code))
        if counter is None:
            counter = self._counted[(method, code)] = self.metrics.rpcs.labels(
                method=method, code=code
            )
        counter.inc()
        timer = self._timed.get(method)
        if timer is None:
            timer = self._timed[method] = self.metrics.latency.labels(method=method)
        timer.observe(elapsed)
        if not LOG.isEnabledFor(logging.INFO):
            return
        LOG.info(
            "rpc",
            extra={
                "method": method,
                "code": code,
                "latency_ms": round(elapsed * 1000, 3),
                "peer": peer,
            },
        )

    async def intercept_service(
        self,
        continuation: Callable[
            [grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler[Any, Any] | None]
        ],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        method = details.method
        cached = self._wrapped.get(method)
        if cached is not None:
            return cached
        handler = await continuation(details)
        if handler is None:
            return None
        wrapped = self._wrap(method, handler)
        if wrapped is not handler:  # pass-through handlers are looked up each time
            self._wrapped[method] = wrapped
        return wrapped

    def _wrap(
        self, method: str, handler: grpc.RpcMethodHandler[Any, Any]
    ) -> grpc.RpcMethodHandler[Any, Any]:
        record = self._record
        metrics = self.metrics
        budget = self.streams
        refusing = self.refusing

        if handler.unary_unary is not None or handler.unary_stream is not None:
            streaming = handler.unary_unary is None
            behavior = handler.unary_stream if streaming else handler.unary_unary

            async def check_body(request: Any, context: Ctx) -> None:
                if refusing.is_set():
                    await context.abort(grpc.StatusCode.UNAVAILABLE, "the server is shutting down")
                if isinstance(request, _BadRequestBody):
                    await context.abort(
                        grpc.StatusCode.INVALID_ARGUMENT,
                        f"request body is not a valid protobuf message: {request.error}",
                    )

            async def open_stream(context: Ctx, peer: str) -> str | None:
                if budget is None:
                    return None
                try:
                    return budget.open(peer)
                except ResourceExhaustedError as exc:
                    await context.abort(exc.status, exc.message)
                    raise AssertionError("unreachable") from exc

            if inspect.isasyncgenfunction(behavior):
                # The stubs type handlers as the sync API's; a grpc.aio handler's
                # behavior is an async generator function or a coroutine function.
                gen_behavior = cast("Callable[[Any, Ctx], AsyncIterator[Any]]", behavior)

                async def wrapped_gen(request: Any, context: Ctx) -> AsyncIterator[Any]:
                    start = time.perf_counter()
                    peer = _peer(context)  # now: once the call has ended, peer() can crash
                    code = "UNKNOWN"
                    metrics.in_flight.inc()
                    ticket = None
                    try:
                        await check_body(request, context)
                        ticket = await open_stream(context, peer)
                        try:
                            async for item in gen_behavior(request, context):
                                yield item
                        except grpc.aio.AbortError:
                            raise
                        except Exception as exc:
                            await _abort_internal(context, method, exc)
                        code = _code_name(context, "OK")
                    except grpc.aio.AbortError:
                        code = _code_name(context, "UNKNOWN")
                        raise
                    except BaseException as exc:
                        code = "CANCELLED" if _is_cancel(exc) else "UNKNOWN"
                        raise
                    finally:
                        if ticket is not None and budget is not None:
                            budget.close(ticket)
                        metrics.in_flight.dec()
                        record(method, code, start, peer)

                new_behavior: Any = wrapped_gen
            else:
                coro_behavior = cast("Callable[[Any, Ctx], Awaitable[Any]]", behavior)

                async def wrapped(request: Any, context: Ctx) -> Any:
                    start = time.perf_counter()
                    peer = _peer(context)  # now: once the call has ended, peer() can crash
                    code = "UNKNOWN"
                    metrics.in_flight.inc()
                    ticket = None
                    try:
                        await check_body(request, context)
                        if streaming:  # a stream written with context.write (health Watch)
                            ticket = await open_stream(context, peer)
                        try:
                            result = await coro_behavior(request, context)
                        except grpc.aio.AbortError:
                            raise
                        except Exception as exc:
                            await _abort_internal(context, method, exc)
                        code = _code_name(context, "OK")
                        return result
                    except grpc.aio.AbortError:
                        code = _code_name(context, "UNKNOWN")
                        raise
                    except BaseException as exc:
                        code = "CANCELLED" if _is_cancel(exc) else "UNKNOWN"
                        raise
                    finally:
                        if ticket is not None and budget is not None:
                            budget.close(ticket)
                        metrics.in_flight.dec()
                        record(method, code, start, peer)

                new_behavior = wrapped

            factory = (
                grpc.unary_stream_rpc_method_handler
                if streaming
                else grpc.unary_unary_rpc_method_handler
            )
            return factory(
                new_behavior,
                request_deserializer=_safe_deserializer(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        return handler  # client/bidi streaming (reflection): passed through unchanged


def _is_cancel(exc: BaseException) -> bool:
    # GeneratorExit: a stream the client cancelled is closed at its current yield.
    return isinstance(exc, (asyncio.CancelledError, GeneratorExit))


def _peer(context: Ctx) -> str:
    try:
        return str(context.peer())
    except Exception:  # pragma: no cover - a call already gone
        return ""


async def _abort_internal(context: Ctx, method: str, exc: Exception) -> NoReturn:
    """An unexpected error: logged in full here, and INTERNAL with no detail to the client.

    The client gets a reference to quote, never the exception's text (which can
    name tables, paths or SQL).
    """
    ref = secrets.token_hex(6)
    LOG.error("internal error", exc_info=exc, extra={"method": method, "ref": ref})
    await context.abort(grpc.StatusCode.INTERNAL, f"internal error (ref {ref})")
    raise AssertionError("unreachable") from exc  # abort always raises
