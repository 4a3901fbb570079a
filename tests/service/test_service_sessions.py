"""Sessions: CreateGame, Act, GetView, WatchGame; tokens, hidden information, persistence."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import threading
from typing import Any

import grpc
import pytest

import pyyijing as yj


def _create(stub: Any, h: Any, seed: int | None = 5, **rules: Any) -> Any:
    req = h.pb2.CreateGameRequest(rules=h.pb2.Rules(**rules))
    if seed is not None:
        req.deal.seed = seed
    return stub.CreateGame(req)


def _play_random(
    stub: Any, h: Any, game: Any, rng: random.Random, max_moves: int | None = None
) -> list[str]:
    """Play legal moves chosen from GetView until the hand ends (or `max_moves`)."""
    tokens = {t.seat: t.token for t in game.seat_tokens}
    played: list[str] = []
    while max_moves is None or len(played) < max_moves:
        options: list[tuple[int, str]] = []
        over = False
        for seat, token in tokens.items():
            r = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=token))
            over = r.view.phase == h.pb2.PHASE_OVER
            options += [(seat, m) for m in r.legal_moves]
        if over:
            break
        assert options
        seat, move = rng.choice(options)
        resp = stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move))
        assert resp.verdict.ok, resp.verdict
        played.append(move)
    return played


def test_create_game_tokens(stub: Any, h: Any) -> None:
    game = _create(stub, h, players=3)
    assert len(game.game_id) == 32
    assert [t.seat for t in game.seat_tokens] == [0, 1, 2]
    tokens = [t.token for t in game.seat_tokens]
    assert len(set(tokens)) == 3
    assert all(len(t) >= 43 for t in tokens)  # 256 bits, urlsafe base64
    v = game.observer_view
    assert not v.HasField("viewer")
    assert v.phase == h.pb2.PHASE_TARGET
    assert all(not s.HasField("hand") and not s.HasField("target") for s in v.seats)


def test_tokens_are_stored_hashed(server: Any, h: Any) -> None:
    game = _create(server.stub, h)
    with sqlite3.connect(server.config.db) as db:
        rows = db.execute(
            "SELECT seat, token_sha256 FROM seats WHERE game_id = ?", (game.game_id,)
        ).fetchall()
        dump = "\n".join(db.iterdump())
    assert [r[0] for r in rows] == [0, 1, 2, 3]
    for (_seat, stored), tok in zip(rows, game.seat_tokens, strict=True):
        assert stored == hashlib.sha256(tok.token.encode()).digest()
        assert tok.token not in dump


def test_secret_seed_by_default(stub: Any, h: Any) -> None:
    a = _create(stub, h, seed=None)
    b = _create(stub, h, seed=None)
    ta = {t.seat: t.token for t in a.seat_tokens}
    tb = {t.seat: t.token for t in b.seat_tokens}
    ha = [
        stub.GetView(h.pb2.GetViewRequest(game_id=a.game_id, token=ta[s])).view.seats[s].hand
        for s in range(4)
    ]
    hb = [
        stub.GetView(h.pb2.GetViewRequest(game_id=b.game_id, token=tb[s])).view.seats[s].hand
        for s in range(4)
    ]
    assert len(ha[0]) == 8
    assert ha != hb  # independent secret seeds (a clash is astronomically unlikely)


def test_wrong_token_unknown_game_and_other_seat(stub: Any, h: Any) -> None:
    game = _create(stub, h)
    t0 = game.seat_tokens[0].token
    other = _create(stub, h)
    for token in ("", "nope", other.seat_tokens[0].token, t0 + "x", t0[:-1], "x" * 100_000):
        for call in (
            lambda tok: stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tok)),
            lambda tok: stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tok, move="s0:pass")),
        ):
            with pytest.raises(grpc.RpcError) as info:
                call(token)
            assert info.value.code() == grpc.StatusCode.PERMISSION_DENIED
    for gid in ("", "0" * 32, "not-a-game", "f" * 10_000):
        with pytest.raises(grpc.RpcError) as info:
            stub.GetView(h.pb2.GetViewRequest(game_id=gid, token=t0))
        assert info.value.code() == grpc.StatusCode.NOT_FOUND
        with pytest.raises(grpc.RpcError) as info:
            stub.Act(h.pb2.ActRequest(game_id=gid, token=t0, move="s0:pass"))
        assert info.value.code() == grpc.StatusCode.NOT_FOUND
        with pytest.raises(grpc.RpcError) as info:
            next(iter(stub.WatchGame(h.pb2.WatchGameRequest(game_id=gid))))
        assert info.value.code() == grpc.StatusCode.NOT_FOUND
    # seat 0's token cannot move for seat 1
    r = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=game.seat_tokens[1].token))
    with pytest.raises(grpc.RpcError) as info:
        stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=t0, move=r.legal_moves[0]))
    assert info.value.code() == grpc.StatusCode.PERMISSION_DENIED


def test_create_game_bad_rules(stub: Any, h: Any) -> None:
    with pytest.raises(grpc.RpcError) as info:
        stub.CreateGame(h.pb2.CreateGameRequest(rules=h.pb2.Rules(players=1)))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "rules.players" in h.bad_request(info.value)
    with pytest.raises(grpc.RpcError) as info:
        stub.CreateGame(
            h.pb2.CreateGameRequest(deal=h.pb2.Deal(wall=h.pb2.Wall(tiles="10T", dealer=0)))
        )
    assert "deal.wall.tiles" in h.bad_request(info.value)


def test_illegal_act_changes_nothing(stub: Any, h: Any) -> None:
    game = _create(stub, h)
    t1 = game.seat_tokens[1].token
    before = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=t1))
    for move in ("s1:play=11", "s1:target=2", "s1:target=000000000", "junk", "s1:pass"):
        r = stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=t1, move=move))
        assert not r.verdict.ok
        assert r.verdict.code != "ok"
        assert r.view == before.view
    after = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=t1))
    assert after == before


def test_session_game_matches_engine(stub: Any, h: Any) -> None:
    game = _create(stub, h, seed=21)
    played = _play_random(stub, h, game, random.Random(21))
    g = yj.Game(yj.Rules(), seed=21)
    for m in played:
        g.apply(m)
    assert g.phase == "over"
    tok = game.seat_tokens[0].token
    v = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tok)).view
    assert v.phase == h.pb2.PHASE_OVER
    assert list(v.result.payments) == list(g.result.payments)  # type: ignore[union-attr]
    assert list(v.history) == g.view(0)["history"]
    # the hand is over: every further move is refused with game_over
    r = stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tok, move="s0:pass"))
    assert (r.verdict.ok, r.verdict.code) == (False, "game_over")


def test_hidden_information_through_every_rpc(stub: Any, h: Any) -> None:
    game = _create(stub, h, seed=33)
    rng = random.Random(33)
    tokens = {t.seat: t.token for t in game.seat_tokens}
    g = yj.Game(yj.Rules(), seed=33)
    steps = 0
    while g.phase != "over" and steps < 60:
        for seat, token in tokens.items():
            v = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=token)).view
            secret = g.view(seat)["seats"][seat]
            assert v.viewer == seat
            for s in v.seats:
                if s.seat == seat:
                    assert s.hand == secret["hand"]
                    assert (s.target if s.HasField("target") else None) == secret.get("target")
                else:
                    assert not s.HasField("hand")
                    assert not s.HasField("target")
        move = rng.choice(g.legal_moves())
        seat = int(move[1 : move.index(":")])
        r = stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move))
        assert r.verdict.ok
        assert all(
            not s.HasField("hand") and not s.HasField("target")
            for s in r.view.seats
            if s.seat != seat
        )
        g.apply(move)
        steps += 1
    # WatchGame (public) never carries a hand or a target, nor passes
    first = next(iter(stub.WatchGame(h.pb2.WatchGameRequest(game_id=game.game_id), timeout=10)))
    assert not first.view.HasField("viewer")
    assert all(not s.HasField("hand") and not s.HasField("target") for s in first.view.seats)
    assert not any(m.endswith(":pass") for m in first.new_moves)
    assert all("target=" not in m for m in first.new_moves)


def test_watch_game_streams_public_events(stub: Any, h: Any) -> None:
    game = _create(stub, h, seed=8)
    stream = stub.WatchGame(h.pb2.WatchGameRequest(game_id=game.game_id), timeout=60)
    events: list[Any] = []

    def collect() -> None:
        for ev in stream:
            events.append(ev)

    t = threading.Thread(target=collect)
    t.start()
    played = _play_random(stub, h, game, random.Random(8))
    t.join(timeout=60)
    assert not t.is_alive()
    assert events[-1].view.phase == h.pb2.PHASE_OVER
    history = [m for ev in events for m in ev.new_moves]
    g = yj.Game(yj.Rules(), seed=8)
    for m in played:
        g.apply(m)
    assert history == g.view(None)["history"]
    for ev in events:
        assert all(not s.HasField("hand") and not s.HasField("target") for s in ev.view.seats)


def test_sessions_survive_a_restart_in_process(make_server: Any, h: Any) -> None:
    srv = make_server()
    game = _create(srv.stub, h, seed=12)
    played = _play_random(srv.stub, h, game, random.Random(12), max_moves=15)
    srv.stop()
    srv2 = make_server()
    tok = game.seat_tokens[2].token
    v = srv2.stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tok)).view
    g = yj.Game(yj.Rules(), seed=12)
    for m in played:
        g.apply(m)
    assert list(v.history) == g.view(2)["history"]
    assert v.seats[2].hand == g.view(2)["seats"][2]["hand"]
    rest = _play_random(srv2.stub, h, game, random.Random(99))
    assert rest


def test_concurrent_acts_are_serialised(server: Any, h: Any) -> None:
    from concurrent.futures import ThreadPoolExecutor

    stub = server.stub
    game = _create(stub, h, seed=44)
    tokens = {t.seat: t.token for t in game.seat_tokens}
    g = yj.Game(yj.Rules(), seed=44)
    # every seat lays its target at once, each twice: one of each pair is refused
    jobs = [(seat, g.legal_moves(seat)[0]) for seat in range(4)] * 2
    with ThreadPoolExecutor(8) as pool:
        verdicts = list(
            pool.map(
                lambda job: (
                    stub.Act(
                        h.pb2.ActRequest(game_id=game.game_id, token=tokens[job[0]], move=job[1])
                    ).verdict
                ),
                jobs,
            )
        )
    assert sum(v.ok for v in verdicts) == 4
    # refused as already laid, or (once all four are down) as the wrong phase
    assert {v.code for v in verdicts if not v.ok} <= {"target_already_laid", "wrong_phase"}
    with sqlite3.connect(server.config.db) as db:
        idx = [r[0] for r in db.execute("SELECT idx FROM moves WHERE game_id = ?", (game.game_id,))]
    assert sorted(idx) == [0, 1, 2, 3]
    v = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tokens[0])).view
    assert v.phase == h.pb2.PHASE_PLAY
