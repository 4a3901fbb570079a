"""Streams and sessions are bounded.

Idle `WatchGame` streams (needing only a game id) must not take the slots of
``--max-concurrent-rpcs`` that every other call needs, and created sessions
must not stay in memory forever: server streams have their own budget (total,
per client host, per game, idle limit) on top of the unary slots, and sessions
are an LRU cache over the database with a cap and an idle expiry.
"""

from __future__ import annotations

import random
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
import pytest
from support.proc_children import children


def _watch(stub: Any, h: Any, game_id: str) -> Any:
    """An open WatchGame stream whose first message has arrived."""
    call = stub.WatchGame(h.pb2.WatchGameRequest(game_id=game_id), timeout=60)
    assert next(call).view
    return call


def _refused(stub: Any, h: Any, game_id: str) -> str:
    with pytest.raises(grpc.RpcError) as info:
        next(stub.WatchGame(h.pb2.WatchGameRequest(game_id=game_id), timeout=30))
    assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    return info.value.details() or ""


def _until(predicate: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_streams_never_starve_unary_calls(make_server: Any, h: Any) -> None:
    srv = make_server(max_concurrent_rpcs=4, max_streams=6, max_streams_per_peer=6)
    stub = srv.stub
    games = [stub.CreateGame(h.pb2.CreateGameRequest()).game_id for _ in range(6)]
    streams = [_watch(stub, h, g) for g in games]  # more streams than unary slots
    assert "--max-streams 6" in _refused(stub, h, games[0])
    sim = stub.Simulate(h.pb2.SimulateRequest(seed=1, games=10, policies=["random"] * 4))
    with pytest.raises(grpc.RpcError) as info:
        next(sim)  # a Simulate stream takes a ticket too
    assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    # Four unary calls at once, the whole unary budget, all served while 6 streams are open.
    req = h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass")
    with ThreadPoolExecutor(4) as pool:
        for _ in range(5):
            verdicts = list(pool.map(lambda _i: stub.ValidateMove(req, timeout=30), range(4)))
            assert all(v.verdict.code == "wrong_phase" for v in verdicts)
    streams[0].cancel()  # a closed stream frees its ticket
    _until(lambda: srv.service.streams.open_streams < 6)
    streams[0] = _watch(stub, h, games[0])
    for s in streams:
        s.cancel()
    _until(lambda: srv.service.streams.open_streams == 0)


def test_streams_per_client_and_per_game(make_server: Any, h: Any) -> None:
    srv = make_server(max_streams=20, max_streams_per_peer=3, max_watchers_per_game=2)
    stub = srv.stub
    a, b = (stub.CreateGame(h.pb2.CreateGameRequest()).game_id for _ in range(2))
    first = [_watch(stub, h, a), _watch(stub, h, a)]
    assert "--max-watchers-per-game 2" in _refused(stub, h, a)
    third = _watch(stub, h, b)  # another game is fine
    assert "--max-streams-per-peer 3" in _refused(stub, h, b)
    for s in [*first, third]:
        s.cancel()
    _until(lambda: srv.service.streams.open_streams == 0)
    assert srv.service.streams._by_game == {}


def test_an_idle_watch_ends(make_server: Any, h: Any) -> None:
    srv = make_server(watch_idle_seconds=0.5)
    game = srv.stub.CreateGame(h.pb2.CreateGameRequest())
    call = _watch(srv.stub, h, game.game_id)
    start = time.monotonic()
    with pytest.raises(grpc.RpcError) as info:
        next(call)
    assert info.value.code() == grpc.StatusCode.UNAVAILABLE
    assert "--watch-idle-seconds" in (info.value.details() or "")
    assert 0.4 < time.monotonic() - start < 10
    _until(lambda: srv.service.streams.open_streams == 0)


def _finish(stub: Any, h: Any, game: Any) -> None:
    rng = random.Random(0)
    tokens = {t.seat: t.token for t in game.seat_tokens}
    while True:
        options = []
        for seat, token in tokens.items():
            r = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=token))
            if r.view.phase == h.pb2.PHASE_OVER:
                return
            options += [(seat, m) for m in r.legal_moves]
        seat, move = rng.choice(options)
        stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move))


def test_max_sessions(make_server: Any, h: Any) -> None:
    srv = make_server(max_sessions=3)
    stub = srv.stub
    games = [stub.CreateGame(h.pb2.CreateGameRequest()) for _ in range(3)]
    with pytest.raises(grpc.RpcError) as info:
        stub.CreateGame(h.pb2.CreateGameRequest())
    assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "--max-sessions 3" in (info.value.details() or "")
    _finish(stub, h, games[0])  # a finished hand frees its place
    assert stub.CreateGame(h.pb2.CreateGameRequest()).game_id


def test_idle_sessions_expire(make_server: Any, h: Any) -> None:
    srv = make_server(max_sessions=1, session_idle_seconds=0.4)
    stub = srv.stub
    game = stub.CreateGame(h.pb2.CreateGameRequest())
    token = game.seat_tokens[0].token
    watch = _watch(stub, h, game.game_id)
    with pytest.raises(grpc.RpcError) as info:
        next(watch)  # the watcher is told when its game expires
    assert info.value.code() == grpc.StatusCode.NOT_FOUND
    for call in (
        lambda: stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=token)),
        lambda: stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=token, move="s0:pass")),
    ):
        with pytest.raises(grpc.RpcError) as info:
            call()
        assert info.value.code() == grpc.StatusCode.NOT_FOUND
        assert "expired" in (info.value.details() or "")
    assert stub.CreateGame(h.pb2.CreateGameRequest()).game_id  # its place is free again


def test_only_recent_sessions_stay_in_memory(make_server: Any, h: Any) -> None:
    srv = make_server(session_cache=2)
    stub = srv.stub
    games = [stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=s))) for s in range(6)]
    assert srv.service.sessions.cached() == 2
    for round_ in range(2):  # each game reloaded from the log, and played on
        for game in games:
            for t in game.seat_tokens:
                r = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=t.token))
                if r.legal_moves:
                    resp = stub.Act(
                        h.pb2.ActRequest(
                            game_id=game.game_id,
                            token=t.token,
                            move=r.legal_moves[0],
                            expected_index=r.view.next_index,
                        )
                    )
                    assert resp.verdict.ok
                    assert resp.view.next_index == round_ + 1
                    break
            assert srv.service.sessions.cached() <= 2


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.slow
def test_rss_stays_flat_over_100k_games(spawn: Any, tmp_path: Any, h: Any) -> None:
    """100,000 CreateGames: RSS flat once the cache is full (an unbounded cache grows
    ~3.7 MB per 1,000), the server's and, when it runs one, its native front end's
    (each call passes through it)."""
    sp = spawn(tmp_path / "s.sqlite3")
    ch, stub = sp.stub()
    kids = children(sp.proc.pid)
    rss: dict[int, float] = {}
    front_rss: dict[int, float] = {}
    done = 0
    with ThreadPoolExecutor(8) as pool:
        while done < 100_000:
            list(pool.map(lambda _i: stub.CreateGame(h.pb2.CreateGameRequest()), range(5000)))
            done += 5000
            rss[done] = _rss_mb(sp.proc.pid)
            front_rss[done] = sum(_rss_mb(k) for k in kids)
    ch.close()
    assert sp.kill(signal.SIGTERM) == 0
    growth = rss[100_000] - rss[20_000]
    assert growth < 12, rss  # MB, from 20,000 games (the cache long full) to 100,000
    assert front_rss[100_000] - front_rss[20_000] < 12, front_rss
