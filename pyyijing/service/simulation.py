"""`Simulate`: `yj.simulate` in a worker thread, in chunks, cancellable.

`yj.simulate` plays the seed range in chunks and calls ``progress(done,
total)`` after each one. The job passes a chunk size small enough for a chunk
to take a fraction of a second and a progress callback that (1) counts the
games in ``yijing_games_simulated_total{game,ruleset}``, (2) hands a progress event to the
event loop, and (3) raises `CancelledError` once the call is gone, which stops
`yj.simulate` before its next chunk. Chunking does not change the result
(game ``i`` depends only on rules, seed, policies, rotate and ``i``; the
per-chunk counters are summed exactly), so the summary equals an unchunked
in-process run; tests/service/test_service_simulate.py checks it.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyyijing as yj

from . import convert
from .errors import InvalidArgumentError
from .observability import Metrics

MAX_POLICY_CHARS = 64
PROGRESS_INTERVAL = 0.1  # seconds between progress events (the last one is always sent)
NATIVE_CHUNK_PER_THREAD = 4096  # ~0.1 s of heuristic bots per thread on the native core
PYTHON_CHUNK = 32  # cython/python backends: a few hundred games per second


class CancelledError(Exception):
    """Raised from the progress callback: the call was cancelled, stop simulating."""


@dataclass(frozen=True)
class SimulateArgs:
    """A checked `SimulateRequest`: the arguments of `yj.simulate` and the chunk size."""

    games: int
    rules: convert.AnyRules
    seed: int
    policies: tuple[str, ...]
    threads: int
    rotate: bool
    chunk: int

    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments of the equivalent in-process `yj.simulate` call."""
        return {
            "rules": self.rules,
            "seed": self.seed,
            "policies": self.policies,
            "threads": self.threads,
            "rotate": self.rotate,
        }


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def args_from_proto(msg: Any, max_games: int, backend: str) -> SimulateArgs:
    """The `yj.simulate` arguments of a `SimulateRequest`; INVALID_ARGUMENT if bad.

    `mahjong_rules` selects mahjong hands (`yj.simulate` plays either game)."""
    bad: list[tuple[str, str]] = []
    rules: convert.AnyRules | None = None
    try:
        rules = convert.any_rules_from_proto(msg)
    except InvalidArgumentError as exc:
        bad.extend(exc.violations)
    bots = convert.game_bots(msg)
    games = int(msg.games)
    if games < 1:
        bad.append(("games", "games must be at least 1"))
    elif games > max_games:
        bad.append(("games", f"{games} games; at most {max_games} in one Simulate call"))
    names = list(msg.policies)
    for i, name in enumerate(names):
        if name not in bots:
            shown = name if len(name) <= MAX_POLICY_CHARS else name[:MAX_POLICY_CHARS] + "..."
            bad.append(
                (f"policies[{i}]", f"unknown policy {shown!r}; built-in bots: {', '.join(bots)}")
            )
    players = convert.players_of(rules) if rules is not None else 0
    if rules is not None and len(names) not in (0, 1, players):
        bad.append(
            (
                "policies",
                f"give no policy (random), one for every seat, or one per seat "
                f"({players}); got {len(names)}",
            )
        )
    if bad:
        raise InvalidArgumentError(bad)
    assert rules is not None
    if not names:
        names = ["random"]
    policies = tuple(names * players if len(names) == 1 else names)
    cores = cpu_count()
    threads = min(int(msg.threads) or cores, cores)
    chunk = NATIVE_CHUNK_PER_THREAD * threads if backend == "native" else PYTHON_CHUNK
    return SimulateArgs(
        games=games,
        rules=rules,
        seed=int(msg.seed),
        policies=policies,
        threads=threads,
        rotate=msg.rotate if msg.HasField("rotate") else True,
        chunk=chunk,
    )


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    elapsed: float

    @property
    def rate(self) -> float:
        return self.done / self.elapsed if self.elapsed > 0 else 0.0


def run(
    args: SimulateArgs,
    metrics: Metrics,
    cancel: threading.Event,
    emit: Callable[[Progress], None],
) -> tuple[dict[str, Any], float] | None:
    """Run the simulation in this (worker) thread: ``(summary, seconds)``, or None if cancelled.

    `emit` receives progress events (throttled to one per `PROGRESS_INTERVAL`,
    plus the last); once `cancel` is set the run stops after the chunk in progress.
    """
    if cancel.is_set():  # cancelled while waiting for a worker
        return None
    metrics.simulations_running.inc()
    start = time.perf_counter()
    counted = 0
    last_emit = 0.0
    game, ruleset = convert.labels_of(args.rules)

    def progress(done: int, total: int) -> None:
        nonlocal counted, last_emit
        metrics.simulated(done - counted, game, ruleset)
        counted = done
        if cancel.is_set():
            raise CancelledError
        now = time.perf_counter()
        if done == total or now - last_emit >= PROGRESS_INTERVAL:
            last_emit = now
            emit(Progress(done, total, now - start))

    try:
        res = yj.simulate(
            args.games,
            keep_arrays=False,
            chunk=args.chunk,
            progress=progress,
            **args.kwargs(),
        )
    except CancelledError:
        return None
    finally:
        metrics.simulations_running.dec()
    return res.summary, time.perf_counter() - start
