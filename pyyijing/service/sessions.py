"""Sessions: games held by the server, one secret token per seat, persisted in SQLite.

Tokens are ``secrets.token_urlsafe(32)`` (256 random bits); only their SHA-256
is stored, and a presented token is compared with every seat's hash using
`hmac.compare_digest` (no early exit).

A move is validated, applied to a copy, committed to the move log, and only
then becomes the session's state; an illegal move changes nothing. That step
runs as a task of its own, shielded from the caller: a client that cancels or
times out cannot split "committed" from "applied" (which once left the log a
move ahead of memory, and every later move failing). Such a client retries
with the `expected_index` it sent, and is told the move is already applied.

Memory holds only what is in use: the most recently used `cache_size`
sessions, plus any session still referenced (a watcher, a move in progress);
everything else is reloaded from the log on demand. At most `max_sessions`
games are active (not over, not expired) at once, and a game with no move for
`idle_seconds` expires.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import re
import secrets
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import pyyijing as yj

from . import convert
from .convert import DealSpec
from .errors import NotFoundError, PermissionDeniedError, RequestError, ResourceExhaustedError
from .games import adapter_for, adapter_named
from .observability import Metrics
from .store import GameNotActiveError, Store

LOG = logging.getLogger("yijing.service")
GAME_ID_RE = re.compile(r"^[0-9a-f]{32}$")
MOVE_SEAT_RE = re.compile(r"^s(0|[1-9][0-9]{0,5}):")
MAX_TOKEN_CHARS = 256

# Verdict codes of Act's optimistic concurrency (docs: README "Service").
STALE_INDEX = "stale_index"
FUTURE_INDEX = "future_index"


def hash_token(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


@dataclass(eq=False)  # identity semantics: the weak map and the LRU hold the same object
class Session:
    game_id: str
    game: Any  # a game of any game of the service (games.adapter_for)
    token_hashes: list[bytes]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    expired: bool = False  # ended by the idle expiry
    retired: bool = False  # no longer the game's state in memory (reloaded from the log)

    def notify(self) -> None:
        """Wake every watcher (each waits on the event current when it looked)."""
        old, self.changed = self.changed, asyncio.Event()
        old.set()

    @property
    def labels(self) -> tuple[str, str]:
        """``(game, ruleset)`` of the session, for metric labels."""
        return convert.labels_of(self.game.rules)

    @property
    def next_index(self) -> int:
        """The index the next accepted move gets (= moves accepted so far)."""
        return len(self.game.moves)

    def seat_for(self, token: str) -> int:
        if not token:
            raise PermissionDeniedError("a seat token is required")
        given = hash_token(token[:MAX_TOKEN_CHARS]) if len(token) <= MAX_TOKEN_CHARS else b""
        seat = -1
        for i, stored in enumerate(self.token_hashes):  # every seat compared, no early exit
            if hmac.compare_digest(stored, given) and given:
                seat = i
        if seat < 0:
            raise PermissionDeniedError("the token does not belong to a seat of this game")
        return seat


@dataclass(frozen=True)
class ActOutcome:
    verdict: yj.Verdict
    already_applied: bool = False  # a retry: the same move was accepted at expected_index


class SessionManager:
    """The sessions in use (loaded from the store on demand) and their log."""

    def __init__(
        self,
        store: Store,
        metrics: Metrics,
        *,
        cache_size: int = 4096,
        max_sessions: int = 100_000,
        idle_seconds: float = 86_400.0,
    ) -> None:
        self.store = store
        self.metrics = metrics
        self.cache_size = cache_size
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self._cache: OrderedDict[str, Session] = OrderedDict()  # most recently used last
        # Every Session object still referenced anywhere (the cache, a watcher, a move in
        # progress): a game has at most one in-memory state, whatever the cache evicted.
        self._alive: weakref.WeakValueDictionary[str, Session] = weakref.WeakValueDictionary()
        self._steps: set[asyncio.Future[ActOutcome]] = set()  # moves being accepted now
        self._active = store.count_active()
        metrics.active_sessions.set(self._active)

    @property
    def active(self) -> int:
        return self._active

    def cached(self) -> int:
        return len(self._cache)

    def _remember(self, session: Session) -> None:
        self._alive[session.game_id] = session
        self._cache[session.game_id] = session
        self._cache.move_to_end(session.game_id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    async def create(
        self, rules: convert.AnyRules, deal: DealSpec | None
    ) -> tuple[Session, list[str]]:
        if self._active >= self.max_sessions:
            raise ResourceExhaustedError(
                f"{self._active} games are active, the server's limit (--max-sessions "
                f"{self.max_sessions}); finish games or wait for idle ones to expire "
                f"({self.idle_seconds:g} s without a move)"
            )
        if deal is None:
            deal = DealSpec(seed=secrets.randbits(64))
        game = deal.new_game(rules)
        game_id = secrets.token_hex(16)
        tokens = [secrets.token_urlsafe(32) for _ in range(convert.players_of(rules))]
        hashes = [hash_token(t) for t in tokens]
        self._active += 1  # counted before the await: concurrent creates see it
        try:
            await asyncio.to_thread(
                self.store.create_game,
                game_id,
                rules.to_dict(),
                deal.seed,
                deal.wall,
                deal.dealer,
                hashes,
                adapter_for(rules).name,  # the store's game column
            )
        except BaseException:
            self._active -= 1
            raise
        session = Session(game_id, game, hashes)
        self._remember(session)
        self.metrics.sessions_created.inc()
        self.metrics.active_sessions.set(self._active)
        return session, tokens

    def get(self, game_id: str) -> Session:
        session = self._cache.get(game_id) or self._alive.get(game_id)
        if session is None:
            session = self._load(game_id)
        if session.expired:
            raise NotFoundError(self._expired_text(game_id))
        self._remember(session)
        return session

    def _expired_text(self, game_id: str) -> str:
        return f"game {game_id!r} expired (no move for {self.idle_seconds:g} s)"

    def _load(self, game_id: str) -> Session:
        if not GAME_ID_RE.match(game_id):
            raise NotFoundError(f"no game {game_id[:64]!r}")
        stored = self.store.load_game(game_id)
        if stored is None:
            raise NotFoundError(f"no game {game_id!r}")
        if stored.expired:
            raise NotFoundError(self._expired_text(game_id))
        adapter = adapter_named(stored.game)
        if adapter is None:  # a newer server's game: this one cannot replay it
            raise NotFoundError(f"game {game_id!r} is a {stored.game!r} game, unknown here")
        rules = adapter.rules_from_dict(stored.rules)
        game = DealSpec(seed=stored.seed, wall=stored.wall, dealer=stored.dealer).new_game(rules)
        for move in stored.moves:
            game.apply(move)  # every logged move was legal when it was accepted
        return Session(game_id, game, stored.token_hashes)

    async def act(
        self, session: Session, seat: int, move: str, expected_index: int | None = None
    ) -> ActOutcome:
        m = MOVE_SEAT_RE.match(move)
        if m is not None and int(m.group(1)) != seat:
            raise PermissionDeniedError(
                f"the token is seat {seat}'s; the move is for seat {m.group(1)}"
            )
        step = asyncio.ensure_future(self._act(session, move, expected_index))
        self._steps.add(step)
        step.add_done_callback(self._steps.discard)
        step.add_done_callback(_log_orphan_failure)
        # shield: cancelling this call (client cancel, deadline) must not cancel the
        # step between its commit and its apply; it finishes, and a retry sees it.
        return await asyncio.shield(step)

    async def _act(self, session: Session, move: str, expected_index: int | None) -> ActOutcome:
        async with session.lock:
            if session.expired:
                raise NotFoundError(self._expired_text(session.game_id))
            game = session.game
            n = len(game.moves)
            if expected_index is not None and expected_index != n:
                if expected_index < n and game.moves[expected_index] == move:
                    return ActOutcome(yj.Verdict(True, "ok", ""), already_applied=True)
                if expected_index < n:
                    return ActOutcome(
                        yj.Verdict(
                            False,
                            STALE_INDEX,
                            f"move {expected_index} of this game is already played "
                            f"(and is not this move); the game is at move {n}",
                        )
                    )
                return ActOutcome(
                    yj.Verdict(
                        False,
                        FUTURE_INDEX,
                        f"expected_index {expected_index} is ahead of the game, "
                        f"which is at move {n}",
                    )
                )
            verdict = game.validate(move)
            if not verdict.ok:
                return ActOutcome(verdict)
            after = game.copy()
            after.apply(move)
            finished = after.phase == "over"
            try:
                await asyncio.to_thread(self.store.append_move, session.game_id, n, move, finished)
            except GameNotActiveError:
                # Expired by the idle sweep while this move waited for the lock.
                session.expired = True
                session.notify()
                raise NotFoundError(self._expired_text(session.game_id)) from None
            except Exception:
                # The log and memory may disagree (another writer of the file?): forget
                # this state so the next call reloads the log, the only truth.
                self._forget(session)
                raise
            session.game = after
            if finished:
                self._active -= 1
                self.metrics.active_sessions.set(self._active)
            session.notify()
        return ActOutcome(verdict)

    def _forget(self, session: Session) -> None:
        if self._cache.get(session.game_id) is session:
            del self._cache[session.game_id]
        if self._alive.get(session.game_id) is session:
            del self._alive[session.game_id]
        session.retired = True  # its watchers end; a reloaded session replaces it
        session.notify()

    async def finish_steps(self) -> None:
        """Wait for the moves being accepted, even those whose callers have gone.

        The server calls this after it stopped and before it closes the store, so
        that a step shielded from a cancelled call still reaches the log.
        """
        if self._steps:
            await asyncio.wait(set(self._steps))

    async def expire_idle(self) -> int:
        """End the games idle for `idle_seconds`; their watchers are told. Returns how many."""
        ids = await asyncio.to_thread(self.store.expire_idle, time.time() - self.idle_seconds)
        for game_id in ids:
            session = self._alive.get(game_id)
            self._cache.pop(game_id, None)
            if session is not None:
                session.expired = True
                session.notify()
        if ids:
            self._active = max(0, self._active - len(ids))
            self.metrics.active_sessions.set(self._active)
            LOG.info("sessions expired", extra={"count": len(ids)})
        return len(ids)

    async def expire_forever(self, stop: asyncio.Event) -> None:
        """The idle sweep: every min(60 s, idle/4) until `stop` is set."""
        period = max(0.05, min(60.0, self.idle_seconds / 4))
        while not stop.is_set():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=period)
            if stop.is_set():
                return
            try:
                await self.expire_idle()
            except Exception:
                LOG.exception("session expiry failed")

    def view(self, session: Session, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = session.game.view(seat)
        return view


def _log_orphan_failure(task: asyncio.Future[Any]) -> None:
    """Log a step's unexpected failure even when its caller has gone (cancelled)."""
    if task.cancelled():
        return
    exc = task.exception()
    if exc is not None and not isinstance(exc, RequestError):
        LOG.warning("a move step failed", exc_info=exc)
