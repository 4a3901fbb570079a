"""Mahjong sessions: CreateGame, Act, GetView, WatchGame, per ruleset; tokens and hidden tiles.

A session's views are the engine's `view(seat)` (docs/mahjong.md §7: a seat
sees its own concealed tiles, and of the others only what is public: melds
with another seat's concealed kong without its tile, discards, flowers,
flags, void suits and raises once all have chosen, revealed tiles); the
observer (CreateGame, WatchGame) sees no concealed tile at all.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from typing import Any

import grpc
import pytest

from pyyijing import mahjong as mj
from pyyijing.service.games import mahjong as adapter

RULESETS = ["common", "common_void", "common_flowers", "shaoyang", "changsha"]


def _seat_of(move: str) -> int:
    return int(move[1 : move.index(":")])


def check_private(view: Any, seat: int | None, engine: mj.Game) -> None:
    """`view` is exactly the engine's view of `seat`, and shows no other seat's tiles."""
    assert view == adapter.game_view(engine, seat)
    for s in view.seats:
        if s.seat == seat:
            continue
        assert not s.HasField("hand")
        assert not s.HasField("drawn")
        assert not s.pass_locked
        for meld in s.melds:
            if meld.kind == "concealed_kong":
                assert not meld.HasField("tiles")
    if seat is None:
        assert not view.HasField("viewer")
        assert not view.to_act


def _create(stub: Any, h: Any, name: str, seed: int) -> Any:
    fields, _ = h.MJ_RULES[name]
    return stub.CreateGame(
        h.pb2.CreateGameRequest(
            mahjong_rules=h.pb2.MahjongRules(**fields), deal=h.pb2.Deal(seed=seed)
        )
    )


@pytest.mark.parametrize("name", RULESETS)
def test_a_whole_hand_played_by_four_clients_each_holding_only_its_token(
    server: Any, h: Any, name: str
) -> None:
    """Four clients, one channel and one token each, play a whole hand through Act; a
    watcher streams the public view. Every answer is that seat's view and no more."""
    _, rules = h.MJ_RULES[name]
    seed = 21
    plan = h.mj_hand(rules, seed).moves  # the heuristic bots' hand: it ends in a win
    game = _create(server.stub, h, name, seed)
    engine = mj.Game(rules, seed=seed)
    check_private(game.mahjong_observer_view, None, engine)
    assert not game.HasField("observer_view")
    clients = []
    for t in game.seat_tokens:
        channel = grpc.insecure_channel(server.target)
        clients.append((channel, h.pb2_grpc.RuleEngineServiceStub(channel), t.token))
    events: list[Any] = []
    watch = server.stub.WatchGame(h.pb2.WatchGameRequest(game_id=game.game_id), timeout=120)
    watcher = threading.Thread(target=lambda: events.extend(watch))
    watcher.start()
    try:
        for i, move in enumerate(plan):
            seat = _seat_of(move)
            for s, (_, stub, token) in enumerate(clients):  # every client looks
                r = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=token))
                check_private(r.mahjong_view, s, engine)
                assert not r.HasField("view")
                want = engine.legal_moves(s) if s in engine.to_act else []
                assert list(r.legal_moves) == want
            _, stub, token = clients[seat]
            assert (
                move
                in stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=token)).legal_moves
            )
            other = clients[(seat + 1) % 4]
            with pytest.raises(grpc.RpcError) as err:  # another seat's token cannot play it
                other[1].Act(h.pb2.ActRequest(game_id=game.game_id, token=other[2], move=move))
            assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED
            r = stub.Act(
                h.pb2.ActRequest(game_id=game.game_id, token=token, move=move, expected_index=i)
            )
            assert r.verdict.ok, (move, r.verdict)
            engine.apply(move)
            check_private(r.mahjong_view, seat, engine)
        watcher.join(timeout=60)
        assert not watcher.is_alive()
    finally:
        watch.cancel()
        for channel, _, _ in clients:
            channel.close()
    assert engine.phase == "over"
    assert engine.result is not None
    r = server.stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=clients[0][2]))
    assert tuple(r.mahjong_view.result.payments) == engine.result.payments
    assert [(p.reason, p.payer, p.payee, p.amount) for p in r.mahjong_view.result.ledger] == [
        tuple(x) for x in engine.result.ledger
    ]
    # the watcher saw public views only, ending with the result, and the public history
    assert events[-1].mahjong_view.phase == h.pb2.MAHJONG_PHASE_OVER
    assert [m for ev in events for m in ev.new_moves] == engine.view(None)["history"]
    for ev in events:
        assert not ev.HasField("view")
        for s in ev.mahjong_view.seats:
            assert not s.HasField("hand")
            assert not s.HasField("drawn")
    # the final table, less the move count, which counts passes (a watcher never gets it)
    final = adapter.game_view(engine, None)
    final.ClearField("next_index")
    assert events[-1].mahjong_view == final


def test_hidden_choices_stay_hidden_until_all_have_answered(stub: Any, h: Any) -> None:
    """Void suits (§5) and raises (§8) are seen by others only once all four are in."""
    for name, moves in (
        ("common_void", ["s0:void=m", "s1:void=p", "s2:void=s"]),
        ("shaoyang", ["s0:raise=1", "s1:raise=0", "s2:raise=3"]),
    ):
        game = _create(stub, h, name, 9)
        tokens = [t.token for t in game.seat_tokens]
        for move in moves:
            stub.Act(
                h.pb2.ActRequest(game_id=game.game_id, token=tokens[_seat_of(move)], move=move)
            )
        for seat in range(4):
            v = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tokens[seat]))
            for s in v.mahjong_view.seats:
                shown = s.HasField("void_suit") or s.HasField("raises")
                assert shown == (s.seat == seat and seat < 3), (name, seat, s.seat)
            assert list(v.mahjong_view.history) == [m for m in moves if _seat_of(m) == seat]
            if name == "shaoyang":  # 舉手: no tile is seen before every seat has raised
                assert all(not s.HasField("hand") for s in v.mahjong_view.seats)
        last = "s3:void=m" if name == "common_void" else "s3:raise=2"
        stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tokens[3], move=last))
        v = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tokens[1]))
        assert all(s.HasField("void_suit") or s.HasField("raises") for s in v.mahjong_view.seats)


def test_illegal_acts_are_verdicts_and_retries_are_safe(stub: Any, h: Any) -> None:
    game = _create(stub, h, "changsha", 1256)
    tokens = [t.token for t in game.seat_tokens]
    engine = mj.Game(mj.Rules("changsha", birds=4, bird_scoring="multiply"), seed=1256)
    r = stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tokens[0], move="s0:discard=8p"))
    want = engine.validate("s0:discard=8p")
    assert (r.verdict.ok, r.verdict.code) == (False, want.code)  # phase opening: seat 2 first
    move = engine.legal_moves()[0]
    seat = _seat_of(move)
    req = h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move, expected_index=0)
    assert stub.Act(req).verdict.ok
    again = stub.Act(req)
    assert again.verdict.ok
    assert again.already_applied
    assert again.mahjong_view.next_index == 1
    engine.apply(move)
    check_private(again.mahjong_view, seat, engine)


def test_the_store_keeps_the_game_column_and_a_restart_reloads(
    make_server: Any, h: Any, tmp_path: Any
) -> None:
    srv = make_server()
    _, rules = h.MJ_RULES["shaoyang"]
    plan = h.mj_hand(rules, 4).moves[:20]
    game = _create(srv.stub, h, "shaoyang", 4)
    tokens = [t.token for t in game.seat_tokens]
    for move in plan:
        assert srv.stub.Act(
            h.pb2.ActRequest(game_id=game.game_id, token=tokens[_seat_of(move)], move=move)
        ).verdict.ok
    yj_game = srv.stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=1)))
    srv.stop()
    db = sqlite3.connect(srv.config.db)
    rows = dict(db.execute("SELECT game_id, game FROM games").fetchall())
    assert rows == {game.game_id: "mahjong", yj_game.game_id: "yijingpai"}
    (stored,) = db.execute("SELECT rules FROM games WHERE game_id = ?", (game.game_id,)).fetchone()
    assert json.loads(stored) == rules.to_dict()
    logged = db.execute("SELECT move FROM moves WHERE game_id = ? ORDER BY idx", (game.game_id,))
    assert [m for (m,) in logged] == plan
    db.close()
    srv2 = make_server()
    engine = mj.Game(rules, seed=4)
    for move in plan:
        engine.apply(move)
    for seat in range(4):
        v = srv2.stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tokens[seat]))
        check_private(v.mahjong_view, seat, engine)


@pytest.mark.parametrize("names", [("common_void", "changsha"), ("shaoyang", "common_flowers")])
def test_mahjong_sessions_survive_sigkill(spawn: Any, tmp_path: Any, h: Any, names: Any) -> None:
    import signal

    db = tmp_path / "s.sqlite3"
    sp = spawn(db)
    ch, stub = sp.stub()
    hands = {}
    for seed, name in enumerate(names, start=30):
        _, rules = h.MJ_RULES[name]
        plan = h.mj_hand(rules, seed).moves
        game = _create(stub, h, name, seed)
        tokens = [t.token for t in game.seat_tokens]
        half = len(plan) // 2
        for move in plan[:half]:
            act = h.pb2.ActRequest(game_id=game.game_id, token=tokens[_seat_of(move)], move=move)
            assert stub.Act(act).verdict.ok
        hands[game.game_id] = (rules, seed, plan, half, tokens)
    ch.close()
    assert sp.kill(signal.SIGKILL) == -signal.SIGKILL

    sp2 = spawn(db)
    ch2, stub2 = sp2.stub()
    for game_id, (rules, seed, plan, half, tokens) in hands.items():
        engine = mj.Game(rules, seed=seed)
        for move in plan[:half]:
            engine.apply(move)
        for seat in range(4):
            v = stub2.GetView(h.pb2.GetViewRequest(game_id=game_id, token=tokens[seat]))
            check_private(v.mahjong_view, seat, engine)
        for move in plan[half:]:  # the hand finishes on the restarted server
            act = h.pb2.ActRequest(game_id=game_id, token=tokens[_seat_of(move)], move=move)
            assert stub2.Act(act).verdict.ok
            engine.apply(move)
        r = stub2.GetView(h.pb2.GetViewRequest(game_id=game_id, token=tokens[0]))
        assert r.mahjong_view.phase == h.pb2.MAHJONG_PHASE_OVER
        assert tuple(r.mahjong_view.result.payments) == engine.result.payments
    ch2.close()
    assert sp2.kill(signal.SIGTERM) == 0


def test_evaluate_and_stateless_rpcs_with_a_session_deal_hide_nothing_they_should_not(
    stub: Any, h: Any
) -> None:
    """The stateless RPCs answer for one seat: Evaluate's view is that seat's (§7)."""
    fields, rules = h.MJ_RULES["common"]
    rng = random.Random(5)
    g = mj.Game(rules, seed=5)
    for _ in range(15):
        g.apply(rng.choice(g.legal_moves()))
    for seat in range(4):
        r = stub.Evaluate(
            h.pb2.EvaluateRequest(position=h.mj_position(fields, 5, g.moves), seat=seat)
        )
        check_private(r.mahjong_view, seat, g)
