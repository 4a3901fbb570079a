"""`Act` is safe to retry, and a cancelled or timed-out Act never wedges a game.

A deadline of a few milliseconds must not cancel `Act` between the commit of
the move and its apply in memory: the log would be a move ahead, every later
`Act` on that game would fail with UNKNOWN and the text of a
``sqlite3.IntegrityError``, and the client would be told DEADLINE_EXCEEDED for
a move that had in fact landed. So the step is shielded from the caller,
`ActRequest.expected_index` makes a retry idempotent, and no internal text
ever reaches a client.
"""

from __future__ import annotations

import random
import sqlite3
import time
from typing import Any

import grpc
import pytest

import pyyijing as yj


def _tokens(game: Any) -> dict[int, str]:
    return {t.seat: t.token for t in game.seat_tokens}


def _first_legal(stub: Any, h: Any, game_id: str, tokens: dict[int, str]) -> tuple[int, str, Any]:
    for seat, token in tokens.items():
        r = stub.GetView(h.pb2.GetViewRequest(game_id=game_id, token=token))
        if r.legal_moves:
            return seat, r.legal_moves[0], r.view
    raise AssertionError("nobody may move")


def test_expected_index_makes_a_retry_idempotent(stub: Any, h: Any) -> None:
    game = stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=3)))
    tokens = _tokens(game)
    assert game.observer_view.next_index == 0
    seat, move, view = _first_legal(stub, h, game.game_id, tokens)
    req = h.pb2.ActRequest(
        game_id=game.game_id, token=tokens[seat], move=move, expected_index=view.next_index
    )
    first = stub.Act(req)
    assert first.verdict.ok
    assert not first.already_applied
    assert first.view.next_index == 1
    again = stub.Act(req)  # the client never saw `first` and sends it again
    assert again.verdict.ok
    assert again.verdict.code == "ok"
    assert again.already_applied
    assert again.view.next_index == 1  # applied once
    engine = yj.Game(yj.Rules(), seed=3)
    engine.apply(move)
    got = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tokens[seat]))
    assert list(got.view.seats[seat].hand) == list(engine.view(seat)["seats"][seat]["hand"])


def test_stale_and_future_indexes_get_their_codes(stub: Any, h: Any) -> None:
    game = stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=4)))
    tokens = _tokens(game)
    seat, move, _ = _first_legal(stub, h, game.game_id, tokens)
    assert stub.Act(
        h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move, expected_index=0)
    ).verdict.ok
    seat2, move2, view2 = _first_legal(stub, h, game.game_id, tokens)
    assert move2 != move
    stale = stub.Act(
        h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat2], move=move2, expected_index=0)
    )
    assert not stale.verdict.ok
    assert stale.verdict.code == "stale_index"
    assert "at move 1" in stale.verdict.message
    ahead = stub.Act(
        h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat2], move=move2, expected_index=5)
    )
    assert (ahead.verdict.ok, ahead.verdict.code) == (False, "future_index")
    assert stale.view.next_index == ahead.view.next_index == view2.next_index == 1
    # the right index applies it; without an index the move is checked as it stands
    ok = stub.Act(
        h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat2], move=move2, expected_index=1)
    )
    assert ok.verdict.ok
    assert not ok.already_applied
    assert ok.view.next_index == 2


def test_tiny_deadlines_never_wedge_a_game(server: Any, h: Any, monkeypatch: Any) -> None:
    """Deadlines of 0.5-5 ms on every Act: no game is left wedged.

    The disk is made slow (2 ms a commit) so that the deadlines fall inside the
    commit, where a cancelled Act must not leave the log and memory apart.
    """
    stub = server.stub
    store = server.service.store
    real = store.append_move

    def slow_commit(*args: Any) -> None:
        time.sleep(0.002)
        real(*args)

    monkeypatch.setattr(store, "append_move", slow_commit)
    rng = random.Random(11)
    timed_out = 0
    for seed in range(6):
        game = stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=seed)))
        tokens = _tokens(game)
        engine = yj.Game(yj.Rules(), seed=seed)
        while engine.phase != "over":
            move = rng.choice(engine.legal_moves())
            seat = int(move[1 : move.index(":")])
            req = h.pb2.ActRequest(
                game_id=game.game_id,
                token=tokens[seat],
                move=move,
                expected_index=len(engine.moves),
            )
            try:
                resp = stub.Act(req, timeout=rng.uniform(0.0005, 0.005))
            except grpc.RpcError as exc:
                if exc.code() not in (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED):
                    raise
                timed_out += 1
                resp = stub.Act(req, timeout=30)  # the retry: applied now, or already
            assert resp.verdict.ok, resp.verdict
            engine.apply(move)
            assert resp.view.next_index == len(engine.moves)
        view = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=tokens[0])).view
        assert view.phase == h.pb2.PHASE_OVER
        assert list(view.history) == engine.view(0)["history"]
    assert timed_out > 0  # the deadlines did bite


def test_internal_errors_carry_no_internal_text(server: Any, h: Any, monkeypatch: Any) -> None:
    """A failing commit is INTERNAL "internal error (ref …)" and the game stays playable."""
    stub = server.stub
    game = stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=5)))
    tokens = _tokens(game)
    seat, move, _ = _first_legal(stub, h, game.game_id, tokens)
    store = server.service.store
    real = store.append_move

    def broken(*args: Any) -> None:
        raise sqlite3.IntegrityError("UNIQUE constraint failed: moves.game_id, moves.idx")

    monkeypatch.setattr(store, "append_move", broken)
    with pytest.raises(grpc.RpcError) as info:
        stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move))
    assert info.value.code() == grpc.StatusCode.INTERNAL
    details = info.value.details() or ""
    assert details.startswith("internal error (ref ")
    for leak in ("UNIQUE", "sqlite", "moves", "Integrity", "Traceback"):
        assert leak not in details
    monkeypatch.setattr(store, "append_move", real)
    resp = stub.Act(
        h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move, expected_index=0)
    )
    assert resp.verdict.ok
    assert not resp.already_applied
    assert resp.view.next_index == 1
