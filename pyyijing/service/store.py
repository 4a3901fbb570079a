"""Sessions on disk: an append-only move log in SQLite (WAL).

Tables (schema version 3, ``PRAGMA user_version``):
  games(game_id, created_at, rules JSON, seed TEXT|NULL, wall TEXT|NULL, dealer INT|NULL,
        game)                                   -- which game: "yijingpai" or "mahjong"
  seats(game_id, seat, token_sha256)            -- tokens are stored hashed only
  moves(game_id, idx, move, created_at)         -- append-only; PRIMARY KEY (game_id, idx)
  finished(game_id, finished_at)                -- appended once when the hand ends
  active(game_id, last_active)                  -- games still playable, and when they last moved
  expired(game_id, expired_at)                  -- games ended by the idle expiry

A move is committed (``synchronous=FULL``) before the client is told it was
accepted, so a server killed with SIGKILL and restarted on the same file has
every game and every accepted move. Seeds are unsigned 64-bit and are stored
as decimal text.

The file holds every game's seed or wall, which reveals every hand: it is
created with mode 0600 (its -wal and -shm files follow the database's mode),
and an existing file readable by others is tightened to 0600 on open.

Older databases are migrated on open, in one transaction: version 0 (the
first release: no ``active``/``expired``) gets them, every game not finished
becoming active, last active at its latest move; versions 0 and 2 (before
more than one game) get the ``game`` column, every existing game a Yi Jing
Pai game.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LOG = logging.getLogger("yijing.service")
SCHEMA_VERSION = 3
DEFAULT_GAME = "yijingpai"  # the game of every session written before the column

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id    TEXT PRIMARY KEY,
    created_at REAL NOT NULL,
    rules      TEXT NOT NULL,
    seed       TEXT,
    wall       TEXT,
    dealer     INTEGER,
    game       TEXT NOT NULL DEFAULT 'yijingpai'
);
CREATE TABLE IF NOT EXISTS seats (
    game_id      TEXT NOT NULL REFERENCES games(game_id),
    seat         INTEGER NOT NULL,
    token_sha256 BLOB NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game_id    TEXT NOT NULL REFERENCES games(game_id),
    idx        INTEGER NOT NULL,
    move       TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS finished (
    game_id     TEXT PRIMARY KEY REFERENCES games(game_id),
    finished_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS active (
    game_id     TEXT PRIMARY KEY REFERENCES games(game_id),
    last_active REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS active_by_time ON active (last_active);
CREATE TABLE IF NOT EXISTS expired (
    game_id    TEXT PRIMARY KEY REFERENCES games(game_id),
    expired_at REAL NOT NULL
);
"""

# Version 0 -> 2: every game neither finished nor expired is active since its latest move.
_MIGRATE_FROM_0 = """
INSERT OR IGNORE INTO active (game_id, last_active)
SELECT g.game_id,
       COALESCE((SELECT MAX(m.created_at) FROM moves m WHERE m.game_id = g.game_id), g.created_at)
FROM games g
WHERE g.game_id NOT IN (SELECT game_id FROM finished)
  AND g.game_id NOT IN (SELECT game_id FROM expired);
"""


def _has_table(db: sqlite3.Connection, name: str) -> bool:
    row = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    return row.fetchone() is not None


class GameNotActiveError(Exception):
    """A move for a game that is over or expired (the log takes no more moves)."""


@dataclass
class StoredGame:
    game_id: str
    rules: dict[str, Any]
    seed: int | None
    wall: str | None
    dealer: int | None
    token_hashes: list[bytes]
    moves: list[str]
    expired: bool = False
    game: str = DEFAULT_GAME


def _private_file(path: str) -> None:
    """Create `path` with mode 0600, or tighten an existing one that others can read."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        mode = stat.S_IMODE(os.stat(path).st_mode)
        if mode & 0o077:
            os.chmod(path, mode & 0o700)
            LOG.warning(
                "session database was readable by others; mode set to 0600",
                extra={"db": path, "old_mode": oct(mode)},
            )
        for suffix in ("-wal", "-shm"):  # left by an earlier run with the old mode
            side = path + suffix
            if os.path.exists(side) and stat.S_IMODE(os.stat(side).st_mode) & 0o077:
                os.chmod(side, 0o600)
        return
    os.close(fd)


class Store:
    """One SQLite connection, serialised by a lock (calls are short)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            _private_file(self.path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._migrate()

    def _migrate(self) -> None:
        db = self._db
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path}: session database schema {version} is newer than this "
                f"server's ({SCHEMA_VERSION}); use a newer release"
            )
        if version == SCHEMA_VERSION:
            db.executescript(SCHEMA)  # no-op on a complete database
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            had_games = _has_table(db, "games")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            if version == 0:
                db.execute(_MIGRATE_FROM_0)
            if had_games and version < 3:  # CREATE IF NOT EXISTS kept the old games table
                db.execute("ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'yijingpai'")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        if version:
            LOG.info("session database migrated", extra={"from": version, "to": SCHEMA_VERSION})

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create_game(
        self,
        game_id: str,
        rules: dict[str, Any],
        seed: int | None,
        wall: str | None,
        dealer: int | None,
        token_hashes: list[bytes],
        game: str = DEFAULT_GAME,
    ) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                now = time.time()
                db.execute(
                    "INSERT INTO games (game_id, created_at, rules, seed, wall, dealer, game)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        now,
                        json.dumps(rules, sort_keys=True),
                        None if seed is None else str(seed),
                        wall,
                        dealer,
                        game,
                    ),
                )
                db.executemany(
                    "INSERT INTO seats (game_id, seat, token_sha256) VALUES (?, ?, ?)",
                    [(game_id, seat, h) for seat, h in enumerate(token_hashes)],
                )
                db.execute(
                    "INSERT INTO active (game_id, last_active) VALUES (?, ?)", (game_id, now)
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def append_move(self, game_id: str, idx: int, move: str, finished: bool) -> None:
        """Append move number `idx`; the primary key refuses a second writer of the same idx.

        Raises GameNotActiveError (and writes nothing) when the game is no longer
        active: finished, or expired by `expire_idle` since it was loaded.
        """
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                now = time.time()
                touched = db.execute(
                    "UPDATE active SET last_active = ? WHERE game_id = ?", (now, game_id)
                ).rowcount
                if touched == 0:
                    raise GameNotActiveError(game_id)
                db.execute(
                    "INSERT INTO moves (game_id, idx, move, created_at) VALUES (?, ?, ?, ?)",
                    (game_id, idx, move, now),
                )
                if finished:
                    db.execute("DELETE FROM active WHERE game_id = ?", (game_id,))
                    db.execute(
                        "INSERT OR IGNORE INTO finished (game_id, finished_at) VALUES (?, ?)",
                        (game_id, now),
                    )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def expire_idle(self, idle_before: float) -> list[str]:
        """End every active game that has not moved since `idle_before` (a time.time())."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                ids = [
                    row[0]
                    for row in db.execute(
                        "SELECT game_id FROM active WHERE last_active < ?", (idle_before,)
                    )
                ]
                now = time.time()
                db.executemany("DELETE FROM active WHERE game_id = ?", [(i,) for i in ids])
                db.executemany(
                    "INSERT OR IGNORE INTO expired (game_id, expired_at) VALUES (?, ?)",
                    [(i, now) for i in ids],
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return ids

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT rules, seed, wall, dealer, game FROM games WHERE game_id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT token_sha256 FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            ).fetchall()
            moves = self._db.execute(
                "SELECT move FROM moves WHERE game_id = ? ORDER BY idx", (game_id,)
            ).fetchall()
            expired = (
                self._db.execute("SELECT 1 FROM expired WHERE game_id = ?", (game_id,)).fetchone()
                is not None
            )
        rules, seed, wall, dealer, game = row
        return StoredGame(
            game_id=game_id,
            rules=json.loads(rules),
            seed=None if seed is None else int(seed),
            wall=wall,
            dealer=dealer,
            token_hashes=[bytes(s[0]) for s in seats],
            moves=[m[0] for m in moves],
            expired=expired,
            game=game,
        )

    def count_active(self) -> int:
        """Games whose hand is neither over nor expired."""
        with self._lock:
            (n,) = self._db.execute("SELECT COUNT(*) FROM active").fetchone()
        return int(n)
