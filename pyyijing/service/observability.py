"""Metrics (prometheus-client), structured logs, and the interceptor that feeds both.

`ObservabilityInterceptor` wraps every handler: it times the call, finds its
status code, counts it (``yijing_rpcs_total{method,code,game,ruleset}``),
observes the latency (``yijing_rpc_latency_seconds{method}``) and writes one
JSON log line per request (method, code, game, ruleset, latency). It also
turns a request body that does not decode into INVALID_ARGUMENT instead of
grpc's generic error.

The game and ruleset of a call are known only to the servicer, once it has
read the request (or the session): it names them with `label_call`, which
fills the labels the interceptor opened for the call (a context variable, so
the servicer's worker threads see it too when run in a copy of the context).
Their values are bounded: a game of service/games (or "" when the call never
got that far, "mixed" for a ValidateMoves batch of both games) and a mahjong
ruleset ("" for Yi Jing Pai, which has none).
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
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

from .calls import CallBudget
from .errors import ResourceExhaustedError
from .games import ADAPTERS
from .jsonlog import RpcLog
from .streams import StreamBudget

LOG = logging.getLogger("yijing.service")
# A string: grpc.aio.ServicerContext is generic only in the stubs (types-grpcio).
Ctx: TypeAlias = "grpc.aio.ServicerContext[Any, Any]"

#: The values the game and ruleset labels may take (anything else is counted as "").
GAME_LABELS = frozenset({"", "mixed", *ADAPTERS})
RULESET_LABELS = frozenset(
    {"", "mixed", *(r for adapter in ADAPTERS.values() for r in adapter.rulesets)}
)

# The labels of the call being handled: [game, ruleset], filled by label_call.
_CALL_LABELS: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar(
    "yijing_call_labels", default=None
)


def _bounded(game: str, ruleset: str) -> tuple[str, str]:
    return (
        game if game in GAME_LABELS else "",
        ruleset if ruleset in RULESET_LABELS else "",
    )


def label_call(game: str, ruleset: str) -> None:
    """Name the game and ruleset of the RPC being handled (its rpcs_total labels)."""
    labels = _CALL_LABELS.get()
    if labels is not None:
        labels[0], labels[1] = _bounded(game, ruleset)


_INTERNAL_PREFIX = "/yijing.internal."  # service/front.py's methods for the front end
_PEER_KEY = "x-yijing-peer"  # service/front.py PEER_KEY

# Bounds the cache of labelled children looked up by raw (not yet bounded) labels.
_CHILDREN_CACHE_SIZE = 1024

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
            "yijing_rpcs",
            "RPCs handled, by method, status code, game and ruleset",
            ["method", "code", "game", "ruleset"],
            registry=r,
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
            "Move verdicts given, by reason code ('ok' for legal), game and ruleset",
            ["code", "game", "ruleset"],
            registry=r,
        )
        self._verdict_children: dict[tuple[str, str, str], Any] = {}  # by unbounded labels
        self.active_sessions = Gauge(
            "yijing_active_sessions", "Sessions whose hand is not over", registry=r
        )
        self.sessions_created = Counter(
            "yijing_sessions_created", "Sessions created by CreateGame", registry=r
        )
        self.games_simulated = Counter(
            "yijing_games_simulated",
            "Games (mahjong: hands) played by Simulate calls, by game and ruleset",
            ["game", "ruleset"],
            registry=r,
        )
        self.simulations_running = Gauge(
            "yijing_simulations_running",
            "Simulate jobs running in worker threads now",
            registry=r,
        )
        self.front_restarts = Counter(
            "yijing_front_restarts",
            "Times the native front end exited on its own and was started again",
            registry=r,
        )
        self.info = Info("yijing_build", "Service version and engine backend", registry=r)
        self.info.info(
            {"version": version, "backend": backend, "rules_version": str(rules_version)}
        )

    def verdict(self, code: str, n: int = 1, game: str = "yijingpai", ruleset: str = "") -> None:
        # codes are the engines' fixed reason codes (and Act's two), so bounded
        key = (code, game, ruleset)
        child = self._verdict_children.get(key)
        if child is None:  # `.labels()` takes a lock and builds a key on every call
            game, ruleset = _bounded(game, ruleset)
            child = self.verdicts.labels(code=code, game=game, ruleset=ruleset)
            if len(self._verdict_children) < _CHILDREN_CACHE_SIZE:
                self._verdict_children[key] = child
        child.inc(n)

    def simulated(self, n: int, game: str, ruleset: str) -> None:
        game, ruleset = _bounded(game, ruleset)
        self.games_simulated.labels(game=game, ruleset=ruleset).inc(n)


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
        forwarded_peer: bool = False,
        calls: CallBudget | None = None,
        request_timeout: float | None = None,
    ) -> None:
        self.metrics = metrics
        # Behind the native front end (service/front.py) every call comes from its
        # socket, and the client's address is the x-yijing-peer metadata it adds
        # (a client's own value of it never gets through). Never believed otherwise.
        self._peer = _forwarded_peer if forwarded_peer else _peer
        self.streams = streams  # every server stream takes a ticket (service/streams.py)
        self.calls = calls  # and every unary call a slot (service/calls.py)
        # Each call's handler starts before its request has arrived, and reads it
        # with this limit: a call whose client sends nothing cannot hold its slot.
        self.request_timeout = request_timeout
        # Set at the end of a shutdown's drain: new calls get UNAVAILABLE (retryable)
        # from the handler, instead of being cut off by the transport as CANCELLED.
        self.refusing = refusing or asyncio.Event()
        # Calls taken on before the refusal began and not done yet: a shutdown
        # waits for them (service/server.py).
        self.taken = 0
        # The wrapped handler of each method, built on its first call: handlers
        # never change once the server runs, and building closures and a new
        # handler object on every RPC was a measurable share of a small call.
        self._wrapped: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}
        # Labelled metric children, looked up once: `.labels()` costs a lock and
        # a dict of label values on every call otherwise.
        self._counted: dict[tuple[str, str, str, str], Any] = {}
        self._timed: dict[str, Any] = {}
        self._log = RpcLog(LOG)  # the JSON line per call (service/jsonlog.py)

    def _record(self, method: str, code: str, start: float, peer: str, labels: list[str]) -> None:
        elapsed = time.perf_counter() - start
        game, ruleset = labels
        key = (method, code, game, ruleset)
        counter = self._counted.get(key)
        if counter is None:
            counter = self._counted[key] = self.metrics.rpcs.labels(
                method=method, code=code, game=game, ruleset=ruleset
            )
        counter.inc()
        timer = self._timed.get(method)
        if timer is None:
            timer = self._timed[method] = self.metrics.latency.labels(method=method)
        timer.observe(elapsed)
        self._log.write(
            {
                "method": method,
                "code": code,
                "game": game,
                "ruleset": ruleset,
                "latency_ms": round(elapsed * 1000, 3),
                "peer": peer,
            }
        )

    def record_native(
        self,
        method: str,
        code: str,
        game: str,
        ruleset: str,
        latency_ms: float,
        peer: str,
        verdicts: dict[str, int],
    ) -> None:
        """A call the native front end answered itself (service/front.py): the same
        counters, latency and log line as a call answered here. Any thread."""
        game, ruleset = _bounded(game, ruleset)
        self._record(method, code, time.perf_counter() - latency_ms / 1000, peer, [game, ruleset])
        for verdict, n in verdicts.items():
            self.metrics.verdict(verdict, n, game, ruleset)

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
        if method.startswith(_INTERNAL_PREFIX):  # the front end's own (ResolveRules): not an RPC
            return handler
        wrapped = self._wrap(method, handler)
        if wrapped is not handler:  # pass-through handlers are looked up each time
            self._wrapped[method] = wrapped
        return wrapped

    def _wrap(
        self, method: str, handler: grpc.RpcMethodHandler[Any, Any]
    ) -> grpc.RpcMethodHandler[Any, Any]:
        record = self._record
        peer_of = self._peer
        metrics = self.metrics
        budget = self.streams
        refusing = self.refusing
        interceptor = self

        calls = self.calls
        request_timeout = self.request_timeout

        if handler.unary_unary is not None or handler.unary_stream is not None:
            streaming = handler.unary_unary is None
            behavior = handler.unary_stream if streaming else handler.unary_unary

            async def check_refusing(context: Ctx) -> None:
                if refusing.is_set():
                    await context.abort(grpc.StatusCode.UNAVAILABLE, "the server is shutting down")

            async def check_body(request: Any, context: Ctx) -> None:
                await check_refusing(context)
                if isinstance(request, _BadRequestBody):
                    await context.abort(
                        grpc.StatusCode.INVALID_ARGUMENT,
                        f"request body is not a valid protobuf message: {request.error}",
                    )

            async def open_slot(context: Ctx, peer: str) -> str | None:
                """A stream ticket for a server stream, a call slot for a unary call."""
                slots: StreamBudget | CallBudget | None = budget if streaming else calls
                if slots is None:
                    return None
                try:
                    return slots.open(peer)
                except ResourceExhaustedError as exc:
                    await context.abort(exc.status, exc.message)
                    raise AssertionError("unreachable") from exc

            def close_slot(ticket: str | None) -> None:
                slots: StreamBudget | CallBudget | None = budget if streaming else calls
                if ticket is not None and slots is not None:
                    slots.close(ticket)

            async def read_request(context: Ctx) -> Any:
                # The method is registered as request-streaming (below) so that this
                # runs when the call starts, and the wait for its one request is bounded.
                try:
                    request = await _read_within(context, request_timeout)
                except asyncio.TimeoutError:
                    await context.abort(
                        grpc.StatusCode.DEADLINE_EXCEEDED,
                        f"no request message within {request_timeout:g} s of the call's "
                        "start (--request-timeout-seconds)",
                    )
                if request is grpc.aio.EOF:
                    await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "no request message")
                return request

            if inspect.isasyncgenfunction(behavior):
                # The stubs type handlers as the sync API's; a grpc.aio handler's
                # behavior is an async generator function or a coroutine function.
                gen_behavior = cast("Callable[[Any, Ctx], AsyncIterator[Any]]", behavior)

                async def wrapped_gen(_requests: Any, context: Ctx) -> AsyncIterator[Any]:
                    start = time.perf_counter()
                    peer = peer_of(context)  # now: once the call has ended, peer() can crash
                    code = "UNKNOWN"
                    metrics.in_flight.inc()
                    taken = not refusing.is_set()
                    interceptor.taken += taken
                    ticket = None
                    labels = ["", ""]
                    opened = _CALL_LABELS.set(labels)
                    try:
                        await check_refusing(context)
                        ticket = await open_slot(context, peer)
                        request = await read_request(context)
                        await check_body(request, context)
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
                        close_slot(ticket)
                        metrics.in_flight.dec()
                        interceptor.taken -= taken
                        _reset_labels(opened)
                        record(method, code, start, peer, labels)

                new_behavior: Any = wrapped_gen
            else:
                coro_behavior = cast("Callable[[Any, Ctx], Awaitable[Any]]", behavior)

                async def wrapped(_requests: Any, context: Ctx) -> Any:
                    start = time.perf_counter()
                    peer = peer_of(context)  # now: once the call has ended, peer() can crash
                    code = "UNKNOWN"
                    metrics.in_flight.inc()
                    taken = not refusing.is_set()
                    interceptor.taken += taken
                    ticket = None
                    labels = ["", ""]
                    opened = _CALL_LABELS.set(labels)
                    try:
                        await check_refusing(context)
                        # a stream written with context.write (health Watch) takes a
                        # stream ticket, a unary call a call slot
                        ticket = await open_slot(context, peer)
                        request = await read_request(context)
                        await check_body(request, context)
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
                        close_slot(ticket)
                        metrics.in_flight.dec()
                        interceptor.taken -= taken
                        _reset_labels(opened)
                        record(method, code, start, peer, labels)

                new_behavior = wrapped

            # Request-streaming on the server's side only: the client's call is the
            # same on the wire; its one request is read by read_request.
            factory = (
                grpc.stream_stream_rpc_method_handler
                if streaming
                else grpc.stream_unary_rpc_method_handler
            )
            return factory(
                new_behavior,
                request_deserializer=_safe_deserializer(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        bidi = handler.stream_stream
        if bidi is not None and budget is not None and inspect.isasyncgenfunction(bidi):
            # A bidirectional stream (reflection) may stay open for as long as its
            # client likes: it takes a stream ticket too.
            bidi_behavior = cast("Callable[[Any, Ctx], AsyncIterator[Any]]", bidi)

            async def wrapped_bidi(requests: Any, context: Ctx) -> AsyncIterator[Any]:
                try:
                    ticket = budget.open(peer_of(context))
                except ResourceExhaustedError as exc:
                    await context.abort(exc.status, exc.message)
                try:
                    async for item in bidi_behavior(requests, context):
                        yield item
                finally:
                    budget.close(ticket)

            return grpc.stream_stream_rpc_method_handler(
                wrapped_bidi,
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler  # client streaming: none is served


def _reset_labels(token: contextvars.Token[list[str] | None]) -> None:
    try:
        _CALL_LABELS.reset(token)
    except ValueError:  # an async generator closed from another context (a cancelled stream)
        _CALL_LABELS.set(None)


def _is_cancel(exc: BaseException) -> bool:
    # GeneratorExit: a stream the client cancelled is closed at its current yield.
    return isinstance(exc, (asyncio.CancelledError, GeneratorExit))


def _peer(context: Ctx) -> str:
    try:
        return str(context.peer())
    except Exception:  # pragma: no cover - a call already gone
        return ""


if sys.version_info >= (3, 11):

    async def _read_within(context: Ctx, seconds: float | None) -> Any:
        """The call's next message, or TimeoutError after `seconds`. A timeout scope
        costs a fifth of wait_for's task (about 5 us against 25 on these machines)."""
        async with asyncio.timeout(seconds):
            return await context.read()

else:  # pragma: no cover - Python 3.10

    async def _read_within(context: Ctx, seconds: float | None) -> Any:
        return await asyncio.wait_for(context.read(), seconds)


def _forwarded_peer(context: Ctx) -> str:
    """The client's address as the native front end forwarded it (front.hpp kPeerKey)."""
    try:
        for key, value in context.invocation_metadata() or ():
            if key == _PEER_KEY:
                return str(value)
    except Exception:  # pragma: no cover - a call already gone
        return ""
    return _peer(context)


async def _abort_internal(context: Ctx, method: str, exc: Exception) -> NoReturn:
    """An unexpected error: logged in full here, and INTERNAL with no detail to the client.

    The client gets a reference to quote, never the exception's text (which can
    name tables, paths or SQL).
    """
    ref = secrets.token_hex(6)
    LOG.error("internal error", exc_info=exc, extra={"method": method, "ref": ref})
    await context.abort(grpc.StatusCode.INTERNAL, f"internal error (ref {ref})")
    raise AssertionError("unreachable") from exc  # abort always raises
