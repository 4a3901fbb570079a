"""Cancelled streams never crash the server.

Reading ``context.peer()`` after a stream has ended kills the process with
SIGSEGV inside cygrpc, within seconds when a few `WatchGame`/`Simulate`
streams are cancelled while moves are being made. The
server runs as a subprocess here so that a crash shows as a dead process, not
a dead pytest. Every cancel point is exercised: before the first message,
after a few, and while the server is writing (a watched game that moves, a
simulation streaming progress).
"""

from __future__ import annotations

import random
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc
import pytest


class _Stop:
    """The storm ends when it has done `enough` (the counts say so) or at its time limit:
    a loaded machine gets there later, not with fewer cancels."""

    def __init__(
        self, seconds: float, counts: Counter[str], enough: Callable[[Counter[str]], bool]
    ) -> None:
        self.deadline = time.monotonic() + seconds
        self.counts = counts
        self.enough = enough

    def __call__(self) -> bool:
        return time.monotonic() >= self.deadline or self.enough(self.counts)


def _actor(stub: Any, h: Any, stop: _Stop, games: list[Any], counts: Counter[str]) -> None:
    """Plays random legal moves in a few sessions, starting a new one when a hand ends."""
    rng = random.Random()
    while not stop():
        k = rng.randrange(len(games))
        game = games[k]
        tokens = {t.seat: t.token for t in game.seat_tokens}
        options = []
        for seat, token in tokens.items():
            r = stub.GetView(h.pb2.GetViewRequest(game_id=game.game_id, token=token))
            if r.view.phase == h.pb2.PHASE_OVER:
                games[k] = stub.CreateGame(h.pb2.CreateGameRequest())
                options = []
                break
            options += [(seat, m) for m in r.legal_moves]
        if not options:
            continue
        seat, move = rng.choice(options)
        resp = stub.Act(h.pb2.ActRequest(game_id=game.game_id, token=tokens[seat], move=move))
        assert resp.verdict.ok, resp.verdict
        counts["act"] += 1


def _canceller(
    stub: Any, h: Any, kind: str, stop: _Stop, games: list[Any], counts: Counter[str]
) -> None:
    rng = random.Random()
    while not stop():
        # A deadline: a watched game may not move again (the actors stop first), and a
        # watch waiting for its next message must not outlive the storm.
        if kind == "watch":
            call = stub.WatchGame(
                h.pb2.WatchGameRequest(game_id=rng.choice(games).game_id), timeout=2
            )
        else:
            call = stub.Simulate(
                h.pb2.SimulateRequest(
                    seed=rng.randrange(1 << 32), games=5000, policies=["random"] * 4
                ),
                timeout=10,
            )
        when = rng.randrange(4)  # 0: before the first message; 1-2: after some; 3: mid-write
        try:
            if when == 0:
                time.sleep(rng.random() * 0.002)  # the call may or may not have started
            elif when == 3:
                it = iter(call)
                next(it)
                time.sleep(rng.random() * 0.003)  # the server is producing the next one
            else:
                for i, _ in enumerate(call):
                    if i + 1 >= when:  # after 1 or 2 messages
                        break
        except grpc.RpcError as exc:
            # A stream the server refused (its stream budget) is fine; any other error is not.
            ended = exc.code()
            allowed = (
                grpc.StatusCode.CANCELLED,
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                grpc.StatusCode.DEADLINE_EXCEEDED,
            )
            if ended not in allowed:
                raise
        call.cancel()
        counts[f"{kind}:{when}"] += 1


def _storm(
    spawn: Any,
    tmp_path: Path,
    h: Any,
    seconds: float,
    enough: Callable[[Counter[str]], bool] = lambda counts: False,
) -> Counter[str]:
    sp = spawn(tmp_path / "s.sqlite3")
    ch, stub = sp.stub()
    games = [stub.CreateGame(h.pb2.CreateGameRequest()) for _ in range(4)]
    counts: Counter[str] = Counter()
    stop = _Stop(seconds, counts, enough)
    errors: list[BaseException] = []

    def run(fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(_actor, stub, h, stop, games, counts))]
    threads += [
        threading.Thread(target=run, args=(_canceller, stub, h, kind, stop, games, counts))
        for kind in ("watch", "watch", "simulate")
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 120)
    status = sp.proc.poll()
    assert status is None, f"the server died (status {status}): {sp.lines[-20:]}"
    assert not errors, errors[0]
    # still serving: a fresh unary call and a stream read to the end of its first message
    r = stub.ValidateMove(h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass"))
    assert not r.verdict.ok
    assert next(iter(stub.WatchGame(h.pb2.WatchGameRequest(game_id=games[0].game_id)))).view
    ch.close()
    assert sp.kill(signal.SIGTERM) == 0
    assert counts["act"] > 0
    return counts


def test_cancelled_streams_do_not_crash_the_server(spawn: Any, tmp_path: Path, h: Any) -> None:
    counts = _storm(spawn, tmp_path, h, seconds=6)
    for kind in ("watch", "simulate"):
        for when in range(4):
            assert counts[f"{kind}:{when}"] > 0, counts


@pytest.mark.slow
def test_thousands_of_cancelled_streams_with_moves(spawn: Any, tmp_path: Path, h: Any) -> None:
    """Thousands of cancelled watch streams and hundreds of simulations, with moves: at
    least 35 s of them, longer (at most 150 s) until there are that many."""

    def totals(counts: Counter[str]) -> tuple[int, int]:
        items = list(counts.items())  # one C-level copy: the storm's threads add keys
        watch = sum(n for k, n in items if k.startswith("watch:"))
        sims = sum(n for k, n in items if k.startswith("simulate:"))
        return watch, sims

    started = time.monotonic()

    def enough(counts: Counter[str]) -> bool:
        watch, sims = totals(counts)
        return time.monotonic() - started >= 35 and watch >= 2000 and sims >= 200

    counts = _storm(spawn, tmp_path, h, seconds=150, enough=enough)
    watch, sims = totals(counts)
    assert watch >= 2000, counts
    assert sims >= 200, counts
