"""The session database: private to its owner, and migrated from the first release's schema.

The database holds every game's secret seed (or wall), from which every hand
can be rebuilt, so it must never be world-readable (0644).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest

import pyyijing as yj
from pyyijing.service.store import SCHEMA_VERSION, Store

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
        assert {g for (g,) in con.execute("SELECT game FROM games")} == {"yijingpai"}
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


def test_a_schema_2_database_gets_the_game_column(make_server: Any, tmp_path: Path, h: Any) -> None:
    """sessions_v2.sqlite3 was written at schema 2 (before sessions named their game)."""
    db = tmp_path / "v2.sqlite3"
    shutil.copy(DATA / "sessions_v2.sqlite3", db)
    games = json.loads((DATA / "sessions_v2.json").read_text(encoding="utf-8"))
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone() == (2,)
    srv = make_server(db=str(db))
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        rows = con.execute("SELECT game_id, game FROM games").fetchall()
    assert {g for _, g in rows} == {"yijingpai"}
    assert {i for i, _ in rows} == set(games)
    for game_id, info in games.items():
        token = info["tokens"]["0"]
        got = srv.stub.GetView(h.pb2.GetViewRequest(game_id=game_id, token=token))
        assert got.view.next_index == len(info["moves"])
    new = srv.stub.CreateGame(h.pb2.CreateGameRequest())
    with sqlite3.connect(db) as con:
        (game,) = con.execute("SELECT game FROM games WHERE game_id = ?", (new.game_id,)).fetchone()
    assert game == "yijingpai"


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite3"
    with sqlite3.connect(db) as con:
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(RuntimeError, match="newer than this server's"):
        Store(db)
