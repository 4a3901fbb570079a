"""The session database: private to its owner, and migrated from the first release's schema.

Issue 11, item 6: the database holds every game's secret seed (or wall), from
which every hand can be rebuilt, and it was created world-readable (0644).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pyyijing as yj
from service.store import SCHEMA_VERSION, Store

DATA = Path(__file__).resolve().parent / "data"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_database_files_are_private(make_server: Any, tmp_path: Path, h: Any) -> None:
    srv = make_server()
    srv.stub.CreateGame(h.pb2.CreateGameRequest())  # writes the WAL
    db = Path(srv.config.db)
    for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        assert path.exists(), path
        assert _mode(path) == 0o600, (path, oct(_mode(path)))


def test_a_readable_database_is_tightened(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    sqlite3.connect(db).close()
    db.chmod(0o644)
    Store(db).close()
    assert _mode(db) == 0o600


def test_a_first_release_database_is_migrated(make_server: Any, tmp_path: Path, h: Any) -> None:
    """sessions_v0.sqlite3 was written by the release before schema 2 (3 games, 1 finished)."""
    db = tmp_path / "v0.sqlite3"
    shutil.copy(DATA / "sessions_v0.sqlite3", db)
    games = json.loads((DATA / "sessions_v0.json").read_text(encoding="utf-8"))
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone() == (0,)
    srv = make_server(db=str(db))
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert srv.service.sessions.active == 2  # the finished game is not active
    for game_id, info in games.items():
        engine = yj.Game(yj.Rules(), seed=info["seed"])
        for m in info["moves"]:
            engine.apply(m)
        for seat, token in info["tokens"].items():
            got = srv.stub.GetView(h.pb2.GetViewRequest(game_id=game_id, token=token))
            assert got.view.next_index == len(info["moves"])
            assert list(got.view.seats[int(seat)].hand) == list(
                engine.view(int(seat))["seats"][int(seat)]["hand"]
            )
        if engine.phase != "over":  # and it plays on
            move = engine.legal_moves()[0]
            seat = move[1 : move.index(":")]
            resp = srv.stub.Act(
                h.pb2.ActRequest(
                    game_id=game_id,
                    token=info["tokens"][seat],
                    move=move,
                    expected_index=len(info["moves"]),
                )
            )
            assert resp.verdict.ok
    assert _mode(db) == 0o600
