"""Sessions: games held by the server, one secret token per seat, persisted in SQLite.

Tokens are ``secrets.token_urlsafe(32)`` (256 random bits); only their SHA-256
is stored, and a presented token is compared with every seat's hash using
`hmac.compare_digest` (no early exit). A move is validated, applied to a copy,
committed to the move log, and only then becomes the session's state; an
illegal move changes nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

import pyyijing as yj

from .convert import DealSpec
from .errors import NotFoundError, PermissionDeniedError
from .observability import Metrics
from .store import Store

GAME_ID_RE = re.compile(r"^[0-9a-f]{32}$")
MOVE_SEAT_RE = re.compile(r"^s(0|[1-9][0-9]{0,5}):")
MAX_TOKEN_CHARS = 256


def hash_token(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


@dataclass
class Session:
    game_id: str
    game: yj.Game
    token_hashes: list[bytes]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def notify(self) -> None:
        """Wake every watcher (each waits on the event current when it looked)."""
        old, self.changed = self.changed, asyncio.Event()
        old.set()

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


class SessionManager:
    """The live sessions (loaded from the store on first use) and their log."""

    def __init__(self, store: Store, metrics: Metrics) -> None:
        self.store = store
        self.metrics = metrics
        self._live: dict[str, Session] = {}
        metrics.active_sessions.set(store.count_active())

    async def create(self, rules: yj.Rules, deal: DealSpec | None) -> tuple[Session, list[str]]:
        if deal is None:
            deal = DealSpec(seed=secrets.randbits(64))
        game = deal.new_game(rules)
        game_id = secrets.token_hex(16)
        tokens = [secrets.token_urlsafe(32) for _ in range(rules.players)]
        hashes = [hash_token(t) for t in tokens]
        await asyncio.to_thread(
            self.store.create_game,
            game_id,
            rules.to_dict(),
            deal.seed,
            deal.wall,
            deal.dealer,
            hashes,
        )
        session = Session(game_id, game, hashes)
        self._live[game_id] = session
        self.metrics.sessions_created.inc()
        self.metrics.active_sessions.inc()
        return session, tokens

    def get(self, game_id: str) -> Session:
        session = self._live.get(game_id)
        if session is not None:
            return session
        if not GAME_ID_RE.match(game_id):
            raise NotFoundError(f"no game {game_id[:64]!r}")
        stored = self.store.load_game(game_id)
        if stored is None:
            raise NotFoundError(f"no game {game_id!r}")
        rules = yj.Rules.from_dict(stored.rules)
        game = DealSpec(seed=stored.seed, wall=stored.wall, dealer=stored.dealer).new_game(rules)
        for move in stored.moves:
            game.apply(move)  # every logged move was legal when it was accepted
        session = Session(game_id, game, stored.token_hashes)
        self._live[game_id] = session
        return session

    async def act(self, session: Session, seat: int, move: str) -> yj.Verdict:
        m = MOVE_SEAT_RE.match(move)
        if m is not None and int(m.group(1)) != seat:
            raise PermissionDeniedError(
                f"the token is seat {seat}'s; the move is for seat {m.group(1)}"
            )
        async with session.lock:
            verdict = session.game.validate(move)
            if verdict.ok:
                after = session.game.copy()
                after.apply(move)
                finished = after.phase == "over"
                await asyncio.to_thread(
                    self.store.append_move, session.game_id, len(session.game.moves), move, finished
                )
                session.game = after
                if finished:
                    self.metrics.active_sessions.dec()
                    # A finished hand never changes again: drop it from memory (watchers
                    # keep their reference); it is reloaded from the log if asked for.
                    self._live.pop(session.game_id, None)
                session.notify()
        return verdict

    def view(self, session: Session, seat: int | None) -> dict[str, Any]:
        return session.game.view(seat)
