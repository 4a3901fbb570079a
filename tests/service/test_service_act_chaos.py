"""`Act` under random deadlines, cancels and SIGKILLs: no game wedges, no move is lost or doubled.

A client plays several sessions with random legal moves;
each `Act` has a random deadline of 0.5-5 ms or is cancelled by the client
right after it is sent, and now and then the server is killed with SIGKILL
and restarted on the same database. After any failure the client retries the
same move with the same `expected_index` until it gets a verdict, which must
be ok (applied now, or `already_applied`). At the end each session must hold
exactly the client's moves, and no call may ever have answered UNKNOWN or
INTERNAL.
"""

from __future__ import annotations

import random
import signal
import time
from pathlib import Path
from typing import Any

import grpc
import pytest

import pyyijing as yj

RETRYABLE = (
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.CANCELLED,
    grpc.StatusCode.UNAVAILABLE,  # the server was killed or is restarting
)


class Client:
    def __init__(self, spawn: Any, db: Path) -> None:
        self.spawn = spawn
        self.db = db
        self.kills = 0
        self.start()

    def start(self) -> None:
        self.sp = self.spawn(self.db)
        self.channel, self.stub = self.sp.stub()

    def kill_and_restart(self) -> None:
        self.channel.close()
        assert self.sp.kill(signal.SIGKILL) == -signal.SIGKILL
        self.kills += 1
        self.start()


def _act(client: Client, h: Any, req: Any, rng: random.Random, seen: dict[str, int]) -> Any:
    """Send `req` until a verdict comes back; the first try has a tiny deadline or a cancel."""
    first = True
    while True:
        try:
            if first and rng.random() < 0.3:
                call = client.stub.Act.future(req)
                time.sleep(rng.uniform(0, 0.003))
                call.cancel()
                return_value = call.result(timeout=30)  # it may have finished first
            elif first:
                return_value = client.stub.Act(req, timeout=rng.uniform(0.0005, 0.005))
            else:
                return_value = client.stub.Act(req, timeout=30)
            return return_value
        except grpc.FutureCancelledError:
            seen["CANCELLED"] = seen.get("CANCELLED", 0) + 1
        except grpc.RpcError as exc:
            code = exc.code()
            seen[code.name] = seen.get(code.name, 0) + 1
            if code not in RETRYABLE:
                raise AssertionError(f"{code.name}: {exc.details()}") from exc
            if code == grpc.StatusCode.UNAVAILABLE:
                time.sleep(0.05)
        first = False


def _chaos(spawn: Any, tmp_path: Path, h: Any, seconds: float, kill_every: float) -> dict[str, int]:
    client = Client(spawn, tmp_path / "s.sqlite3")
    rng = random.Random(2024)
    seen: dict[str, int] = {}
    sessions: list[tuple[Any, yj.Game]] = []
    for seed in range(4):
        game = client.stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=seed)))
        sessions.append((game, yj.Game(yj.Rules(), seed=seed)))
    done: list[tuple[Any, yj.Game]] = []
    finished = 0
    moves = 0
    stop = time.monotonic() + seconds
    next_kill = time.monotonic() + kill_every
    while time.monotonic() < stop:
        kill_now = time.monotonic() > next_kill
        k = rng.randrange(len(sessions))
        game, engine = sessions[k]
        move = rng.choice(engine.legal_moves())
        seat = int(move[1 : move.index(":")])
        token = next(t.token for t in game.seat_tokens if t.seat == seat)
        req = h.pb2.ActRequest(
            game_id=game.game_id, token=token, move=move, expected_index=len(engine.moves)
        )
        if kill_now:  # SIGKILL with this move on its way: it lands or not, the retry knows
            client.stub.Act.future(req)
            time.sleep(rng.uniform(0, 0.004))
            client.kill_and_restart()
            next_kill = time.monotonic() + kill_every
        resp = _act(client, h, req, rng, seen)
        seen["already_applied"] = seen.get("already_applied", 0) + int(resp.already_applied)
        assert resp.verdict.ok, resp.verdict
        engine.apply(move)
        moves += 1
        assert resp.view.next_index == len(engine.moves)
        if engine.phase == "over":
            finished += 1
            seed = 100 + finished
            new = client.stub.CreateGame(h.pb2.CreateGameRequest(deal=h.pb2.Deal(seed=seed)))
            sessions[k] = (new, yj.Game(yj.Rules(), seed=seed))
            done.append((game, engine))  # checked at the end too
    client.kill_and_restart()  # the log alone must hold every acknowledged move
    for game, engine in sessions + done:
        for t in game.seat_tokens:
            got = client.stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=t.token))
            want = engine.view(t.seat)
            assert got.view.next_index == len(engine.moves)
            assert list(got.view.history) == want["history"]
            assert list(got.view.seats[t.seat].hand) == list(want["seats"][t.seat]["hand"])
    client.channel.close()
    assert client.sp.kill(signal.SIGTERM) == 0
    assert moves > 0, moves
    assert finished > 0, finished
    assert seen.get("DEADLINE_EXCEEDED", 0) + seen.get("CANCELLED", 0) > 0, seen
    return seen


def test_act_deadlines_cancels_and_a_kill(spawn: Any, tmp_path: Path, h: Any) -> None:
    _chaos(spawn, tmp_path, h, seconds=8, kill_every=4)


@pytest.mark.slow
def test_act_deadlines_cancels_and_kills_for_30_seconds(spawn: Any, tmp_path: Path, h: Any) -> None:
    seen = _chaos(spawn, tmp_path, h, seconds=35, kill_every=6)
    assert seen.get("already_applied", 0) > 0, seen  # some retries found their move landed
