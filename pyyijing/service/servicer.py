"""`RuleEngineServicer`: the RPCs of yijing.v1.RuleEngineService."""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import threading
from collections import Counter
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TypeAlias, TypeVar

import grpc

import pyyijing as yj

from . import convert, simulation, spectator
from .convert import pb2, pb2_grpc
from .errors import InvalidArgumentError, RequestError
from .games import DEFAULT, adapter_for
from .observability import Metrics, label_call
from .positions import PositionChecker
from .sessions import SessionManager
from .streams import StreamBudget
from .wire import WireValidator

LOG = logging.getLogger("yijing.service")
T = TypeVar("T")
# A string: grpc.aio.ServicerContext is generic only in the stubs (types-grpcio).
Ctx: TypeAlias = "grpc.aio.ServicerContext[Any, Any]"
# Generated at import time (service/_proto.py), so mypy cannot see its type.
_ServicerBase: Any = pb2_grpc.RuleEngineServiceServicer


@dataclass(frozen=True)
class Limits:
    """Request limits (see service/config.py for the flags and defaults)."""

    max_batch: int = 256
    max_moves: int = 1000
    max_simulate_games: int = 10_000_000
    watch_idle_seconds: float = 600.0


class RuleEngineServicer(_ServicerBase):  # type: ignore[misc]  # untyped generated base
    def __init__(
        self,
        *,
        limits: Limits,
        sessions: SessionManager,
        metrics: Metrics,
        executor: Executor,
        shutting_down: asyncio.Event,
        sim_executor: Executor | None = None,
        streams: StreamBudget | None = None,
    ) -> None:
        self.limits = limits
        self.sessions = sessions
        self.metrics = metrics
        self.executor = executor
        self.sim_executor = sim_executor or executor  # Simulate jobs (long-running)
        self.shutting_down = shutting_down
        self.streams = streams  # per-game watcher limits (the interceptor does the rest)
        self.positions = PositionChecker(limits.max_moves)
        self.wire = WireValidator(limits.max_batch, limits.max_moves)
        # Single positions are checked on the event loop when the engine is native
        # (bounded: at most max_moves moves in C++); other backends take too long.
        self.inline_validation = yj.backend() == "native"

    # -- plumbing ---------------------------------------------------------------
    async def _abort(self, context: Ctx, exc: RequestError) -> None:
        await context.abort(exc.status, exc.message, exc.trailing_metadata())

    async def _off_loop(self, context: Ctx, fn: Callable[..., T], *args: Any) -> T:
        """Run engine work (replays, batches) on the worker pool; map request errors."""
        loop = asyncio.get_running_loop()
        # In a copy of this call's context: the worker names the call's game (label_call).
        ctx = contextvars.copy_context()
        try:
            return await loop.run_in_executor(self.executor, ctx.run, fn, *args)
        except RequestError as exc:
            await self._abort(context, exc)
            raise AssertionError("unreachable") from exc

    def _verdict(self, v: Any, labels: tuple[str, str]) -> Any:
        self.metrics.verdict(v.code, 1, *labels)
        return convert.verdict_to_proto(v)

    # -- stateless --------------------------------------------------------------
    def _count_verdicts(
        self, verdicts: list[tuple[str, str]], labels: tuple[str, str] = (DEFAULT.name, "")
    ) -> None:
        for code, n in Counter(code for code, _ in verdicts).items():
            self.metrics.verdict(code, n, *labels)

    def _label(self, msg: Any) -> tuple[str, str]:
        """Name the call's game from a message with `rules` / `mahjong_rules` fields."""
        labels = convert.game_labels(msg)
        label_call(*labels)
        return labels

    def _validate_one(self, req: Any) -> Any:
        labels = self._label(req.position)
        verdicts = self.positions.check([(req.position, req.move)], lambda _k: "position")
        self._count_verdicts(verdicts, labels)
        code, message = verdicts[0]
        return pb2.ValidateMoveResponse(
            verdict=pb2.Verdict(ok=code == "ok", code=code, message=message)
        )

    async def ValidateMove(self, request: Any, context: Ctx) -> Any:  # noqa: N802
        """The typed form (in-process callers); the server registers ValidateMoveBytes."""
        if self.inline_validation:
            # One position on the native engine is microseconds of work: cheaper
            # than the hop to a worker thread, and it keeps p99 latency low.
            try:
                return self._validate_one(request)
            except RequestError as exc:
                await self._abort(context, exc)
                raise AssertionError("unreachable") from exc
        return await self._off_loop(context, self._validate_one, request)

    def _answer_bytes(
        self,
        fast: tuple[bytes, dict[str, int], tuple[str, str]] | None,
        data: bytes,
        message: Any,
        typed: Callable[[Any], Any],
    ) -> bytes:
        """The native fast path's answer (`fast`), or else `typed` on the decoded request.

        ValidateMove and ValidateMoves are registered on their bytes: what the fast
        path declines is decoded here and answered as the typed methods answer it.
        """
        if fast is not None:
            body, counts, labels = fast
            label_call(*labels)
            for code, n in counts.items():
                self.metrics.verdict(code, n, *labels)
            return body
        try:
            request = message.FromString(data)
        except Exception as exc:  # as the interceptor's deserializer words it
            raise RequestError(
                f"request body is not a valid protobuf message: {type(exc).__name__}: {exc}"
            ) from exc
        response: bytes = typed(request).SerializeToString()
        return response

    def _validate_one_bytes(self, data: bytes) -> bytes:
        return self._answer_bytes(
            self.wire.validate_one(data), data, pb2.ValidateMoveRequest, self._validate_one
        )

    async def ValidateMoveBytes(self, request: bytes, context: Ctx) -> bytes:  # noqa: N802
        """ValidateMove on the request's bytes (service/registration.py, service/wire.py)."""
        if self.inline_validation:  # as ValidateMove: microseconds, on the event loop
            try:
                return self._validate_one_bytes(request)
            except RequestError as exc:
                await self._abort(context, exc)
                raise AssertionError("unreachable") from exc
        return await self._off_loop(context, self._validate_one_bytes, request)

    def _validate_many(self, request: Any) -> Any:
        n = len(request.requests)
        if n > self.limits.max_batch:
            raise InvalidArgumentError.one(
                "requests", f"{n} requests in one batch; at most {self.limits.max_batch}"
            )
        items = [(item.position, item.move) for item in request.requests]
        item_labels = [convert.game_labels(p) for p, _ in items]
        kinds = set(item_labels)
        if len(kinds) == 1:
            label_call(*item_labels[0])
        elif kinds:
            games = {g for g, _ in kinds}
            label_call("mixed" if len(games) > 1 else games.pop(), "mixed")
        verdicts = self.positions.check(items, lambda k: f"requests[{k}].position")
        counts = Counter((item_labels[k], code) for k, (code, _) in enumerate(verdicts))
        for (labels, code), n in counts.items():
            self.metrics.verdict(code, n, *labels)
        response = pb2.ValidateMovesResponse()
        add = response.verdicts.add  # cheaper than building Verdict objects and copying them
        for code, message in verdicts:
            add(ok=code == "ok", code=code, message=message)
        return response

    async def ValidateMoves(self, request: Any, context: Ctx) -> Any:  # noqa: N802
        """The typed form (in-process callers); the server registers ValidateMovesBytes."""
        return await self._off_loop(context, self._validate_many, request)

    def _validate_many_bytes(self, data: bytes) -> bytes:
        # all Yi Jing Pai, or all mahjong of one ruleset, plain and valid: natively
        return self._answer_bytes(
            self.wire.validate(data), data, pb2.ValidateMovesRequest, self._validate_many
        )

    async def ValidateMovesBytes(self, request: bytes, context: Ctx) -> bytes:  # noqa: N802
        """ValidateMoves on the request's bytes (service/registration.py, service/wire.py)."""
        return await self._off_loop(context, self._validate_many_bytes, request)

    def _validate_game(self, request: Any) -> Any:
        labels = self._label(request)
        rules = convert.any_rules_from_proto(request)
        deal = convert.deal_from_proto(request.deal, rules)
        convert.check_moves_length(request.moves, "moves", self.limits.max_moves)
        game = deal.new_game(rules)
        resp = pb2.ValidateGameResponse(ok=True)
        # every move checked and, when legal, applied: one backend call
        verdicts = game.apply_each(list(request.moves))
        self._count_verdicts([(v.code, v.message) for v in verdicts], labels)
        add = resp.verdicts.add
        for i, v in enumerate(verdicts):
            add(ok=v.ok, code=v.code, message=v.message)
            if not v.ok and resp.ok:
                resp.ok = False
                resp.first_illegal_index = i
        adapter = adapter_for(game)
        for name, value in adapter.phase_fields(game).items():
            setattr(resp, name, value)
        adapter.result_to(resp, game)
        return resp

    async def ValidateGame(self, request: Any, context: Ctx) -> Any:  # noqa: N802
        return await self._off_loop(context, self._validate_game, request)

    def _legal_moves(self, request: Any) -> Any:
        self._label(request.position)
        game = convert.game_from_position(request.position, self.limits.max_moves)
        seat = None
        if request.HasField("seat"):
            seat = _check_seat(request.seat, game)
        return pb2.LegalMovesResponse(
            moves=game.legal_moves(seat),
            to_act=game.to_act,
            **adapter_for(game).phase_fields(game),
        )

    async def LegalMoves(self, request: Any, context: Ctx) -> Any:  # noqa: N802
        return await self._off_loop(context, self._legal_moves, request)

    def _evaluate(self, request: Any) -> Any:
        self._label(request.position)
        game = convert.game_from_position(request.position, self.limits.max_moves)
        seat = _check_seat(request.seat, game)
        return adapter_for(game).evaluate(game, seat)

    async def Evaluate(self, request: Any, context: Ctx) -> Any:  # noqa: N802
        return await self._off_loop(context, self._evaluate, request)

    # -- sessions ---------------------------------------------------------------
    async def CreateGame(self, request: Any, context: Ctx) -> Any:  # noqa: N802
        try:
            self._label(request)
            rules = convert.any_rules_from_proto(request)
            deal = (
                convert.deal_from_proto(request.deal, rules) if request.HasField("deal") else None
            )
            session, tokens = await self.sessions.create(rules, deal)
        except RequestError as exc:
            await self._abort(context, exc)
            raise
        game = session.game
        return pb2.CreateGameResponse(
            game_id=session.game_id,
            seat_tokens=[pb2.SeatToken(seat=i, token=t) for i, t in enumerate(tokens)],
            **adapter_for(game).observer_view_fields(game),
        )

    async def Act(self, request: Any, context: Ctx) -> Any:  # noqa: N802
        try:
            session = self.sessions.get(request.game_id)
            label_call(*session.labels)
            seat = session.seat_for(request.token)
            expected = request.expected_index if request.HasField("expected_index") else None
            outcome = await self.sessions.act(session, seat, request.move, expected)
        except RequestError as exc:
            await self._abort(context, exc)
            raise
        return pb2.ActResponse(
            verdict=self._verdict(outcome.verdict, session.labels),
            already_applied=outcome.already_applied,
            **_view_field(session.game, seat),
        )

    async def GetView(self, request: Any, context: Ctx) -> Any:  # noqa: N802
        try:
            session = self.sessions.get(request.game_id)
            label_call(*session.labels)
            seat = session.seat_for(request.token)
        except RequestError as exc:
            await self._abort(context, exc)
            raise
        game = session.game
        return pb2.GetViewResponse(
            legal_moves=game.legal_moves(seat) if seat in game.to_act else [],
            **_view_field(game, seat),
        )

    async def WatchGame(  # noqa: N802
        self, request: Any, context: Ctx
    ) -> AsyncIterator[Any]:
        try:
            session = self.sessions.get(request.game_id)
            label_call(*session.labels)
            if self.streams is not None:
                self.streams.watch(session.game_id)
        except RequestError as exc:
            await self._abort(context, exc)
            raise
        try:
            async for message in self._watch(session, context):
                yield message
        finally:
            if self.streams is not None:
                self.streams.unwatch(session.game_id)

    async def _watch(self, session: Any, context: Ctx) -> AsyncIterator[Any]:
        """One message per public change of the table (service/spectator.py)."""
        loop = asyncio.get_running_loop()
        idle = self.limits.watch_idle_seconds
        changed = session.changed
        view = spectator.settled_view(session.game)
        if view is None:  # arriving during an offer: the table as it last stood settled
            view = await loop.run_in_executor(
                self.executor, spectator.last_settled_view, session.game
            )
        last: dict[str, Any] | None = None
        idle_until = loop.time() + idle
        while True:
            if view is not None and view != last:
                sent = 0 if last is None else len(last["history"])
                yield _watch_message(session.game, view, sent)
                last = view
                idle_until = loop.time() + idle  # hidden moves never keep a watcher alive
            if view is not None and view["phase"] == "over":
                return
            if session.expired:
                await context.abort(grpc.StatusCode.NOT_FOUND, "the game expired")
            if session.retired:
                await context.abort(grpc.StatusCode.UNAVAILABLE, "watch the game again")
            stop = asyncio.ensure_future(self.shutting_down.wait())
            change = asyncio.ensure_future(changed.wait())
            try:
                await asyncio.wait(
                    {stop, change},
                    timeout=max(0.0, idle_until - loop.time()),
                    return_when=asyncio.FIRST_COMPLETED,
                )
            finally:
                stop.cancel()
                change.cancel()
            if self.shutting_down.is_set() and not changed.is_set():
                await context.abort(grpc.StatusCode.UNAVAILABLE, "the server is shutting down")
            if not changed.is_set():
                await context.abort(
                    grpc.StatusCode.UNAVAILABLE,
                    f"nothing new for {idle:g} s (--watch-idle-seconds); watch again to go on",
                )
            changed = session.changed
            view = spectator.settled_view(session.game)

    # -- simulation -------------------------------------------------------------
    async def Simulate(  # noqa: N802
        self, request: Any, context: Ctx
    ) -> AsyncIterator[Any]:
        try:
            self._label(request)
            args = simulation.args_from_proto(request, self.limits.max_simulate_games, yj.backend())
        except RequestError as exc:
            await self._abort(context, exc)
            raise
        loop = asyncio.get_running_loop()
        events: asyncio.Queue[simulation.Progress] = asyncio.Queue()
        cancel = threading.Event()

        def emit(p: simulation.Progress) -> None:  # in the worker thread
            try:
                loop.call_soon_threadsafe(events.put_nowait, p)
            except RuntimeError:  # the event loop is closed: nobody is listening
                cancel.set()

        def progress(p: simulation.Progress) -> Any:
            return pb2.SimulateResponse(
                progress=pb2.SimulateProgress(
                    games_done=p.done,
                    games_total=p.total,
                    games_per_second=p.rate,
                    elapsed_seconds=p.elapsed,
                )
            )

        job = loop.run_in_executor(
            self.sim_executor, simulation.run, args, self.metrics, cancel, emit
        )
        stop = asyncio.ensure_future(self.shutting_down.wait())
        try:
            while True:
                get = asyncio.ensure_future(events.get())
                try:
                    waiting: set[asyncio.Future[Any]] = {get, job, stop}
                    await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    if not get.done():
                        get.cancel()
                if get.done() and not get.cancelled():
                    yield progress(get.result())
                    continue
                if job.done():
                    while not events.empty():
                        yield progress(events.get_nowait())
                    # An error here reaches the interceptor: logged, INTERNAL without detail.
                    outcome = job.result()
                    if outcome is None:
                        await context.abort(grpc.StatusCode.UNAVAILABLE, "simulation stopped")
                        raise AssertionError("unreachable")
                    summary, seconds = outcome
                    yield pb2.SimulateResponse(
                        summary=pb2.SimulateSummary(
                            summary_json=json.dumps(summary),
                            games=args.games,
                            elapsed_seconds=seconds,
                            games_per_second=args.games / seconds if seconds > 0 else 0.0,
                        )
                    )
                    return
                if stop.done():
                    await context.abort(grpc.StatusCode.UNAVAILABLE, "the server is shutting down")
        finally:
            cancel.set()  # a cancelled call (or shutdown) stops the job after its chunk
            stop.cancel()


def _check_seat(seat: int, game: Any) -> int:
    players = convert.players_of(game.rules)
    if seat >= players:
        raise InvalidArgumentError.one("seat", f"seat must be in 0..{players - 1}; got {seat}")
    return int(seat)


def _watch_message(game: Any, view: dict[str, Any], sent: int) -> Any:
    """A watcher's message: the public moves after the first `sent`, and the table.

    `next_index` stays unset: it counts passes, which a watcher never learns.
    """
    new_moves = view["history"][sent:]
    return pb2.WatchGameResponse(
        new_moves=new_moves, **adapter_for(game).watch_view_fields(game, view)
    )


def _view_field(game: Any, seat: int | None) -> dict[str, Any]:
    """The view of `seat` as the keyword of the response field of its game."""
    return adapter_for(game).view_fields(game, seat)
