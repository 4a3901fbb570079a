"""Sessions on disk: an append-only move log in SQLite (WAL).

Tables:
  games(game_id, created_at, rules JSON, seed TEXT|NULL, wall TEXT|NULL, dealer INT|NULL)
  seats(game_id, seat, token_sha256)            -- tokens are stored hashed only
  moves(game_id, idx, move, created_at)         -- append-only; PRIMARY KEY (game_id, idx)
  finished(game_id, finished_at)                -- appended once when the hand ends

A move is committed (``synchronous=FULL``) before the client is told it was
accepted, so a server killed with SIGKILL and restarted on the same file has
every game and every accepted move. Seeds are unsigned 64-bit and are stored
as decimal text.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id    TEXT PRIMARY KEY,
    created_at REAL NOT NULL,
    rules      TEXT NOT NULL,
    seed       TEXT,
    wall       TEXT,
    dealer     INTEGER
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
"""


@dataclass
class StoredGame:
    game_id: str
    rules: dict[str, Any]
    seed: int | None
    wall: str | None
    dealer: int | None
    token_hashes: list[bytes]
    moves: list[str]


class Store:
    """One SQLite connection, serialised by a lock (calls are short)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA)

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
    ) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO games (game_id, created_at, rules, seed, wall, dealer)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        time.time(),
                        json.dumps(rules, sort_keys=True),
                        None if seed is None else str(seed),
                        wall,
                        dealer,
                    ),
                )
                db.executemany(
                    "INSERT INTO seats (game_id, seat, token_sha256) VALUES (?, ?, ?)",
                    [(game_id, seat, h) for seat, h in enumerate(token_hashes)],
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def append_move(self, game_id: str, idx: int, move: str, finished: bool) -> None:
        """Append move number `idx`; the primary key refuses a second writer of the same idx."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                now = time.time()
                db.execute(
                    "INSERT INTO moves (game_id, idx, move, created_at) VALUES (?, ?, ?, ?)",
                    (game_id, idx, move, now),
                )
                if finished:
                    db.execute(
                        "INSERT OR IGNORE INTO finished (game_id, finished_at) VALUES (?, ?)",
                        (game_id, now),
                    )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT rules, seed, wall, dealer FROM games WHERE game_id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT token_sha256 FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            ).fetchall()
            moves = self._db.execute(
                "SELECT move FROM moves WHERE game_id = ? ORDER BY idx", (game_id,)
            ).fetchall()
        rules, seed, wall, dealer = row
        return StoredGame(
            game_id=game_id,
            rules=json.loads(rules),
            seed=None if seed is None else int(seed),
            wall=wall,
            dealer=dealer,
            token_hashes=[bytes(s[0]) for s in seats],
            moves=[m[0] for m in moves],
        )

    def count_active(self) -> int:
        """Games whose hand is not over."""
        with self._lock:
            (n,) = self._db.execute(
                "SELECT COUNT(*) FROM games WHERE game_id NOT IN (SELECT game_id FROM finished)"
            ).fetchone()
        return int(n)
