"""Mahjong rows of the service section: ValidateMove
p50/p99 at 1,000 req/s on mid-hand positions, ValidateMoves moves/s, and the
Simulate RPC against in-process `yj.simulate` with the same rules, seed and bots.

Run by benchmarks/service_bench.py against its server, with its load helpers.
Positions: seeded hands of heuristic bots (mj.play_bots) stopped at move 30,
common and Changsha; candidates mix legal moves with illegal ones.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from .service_load import (
    client_cpu,
    closed_loop,
    cpu_note,
    fixed_rate,
    fixed_rate_note,
    per_server_cpu,
)
from .timing import Figure

RULESETS = (("common", 1), ("changsha", 3))
PER_POSITION = 8  # candidate moves per position
BATCH_POSITIONS = 32  # positions per ValidateMoves batch: 32 x 8 = 256 items


def _position_requests(pb2: Any, name: str, number: int, s: int, stop: int) -> list[Any]:
    """PER_POSITION ValidateMoveRequests at one mid-hand position, legal and illegal mixed."""
    from pyyijing import mahjong as mj

    rules = mj.Rules(name)
    full = mj.play_bots(rules, s, ("heuristic",) * 4)
    g = mj.Game(rules, seed=s)
    # a hand over before move `stop` (an early win) is cut at its middle instead
    cut = stop if len(full.moves) > stop else len(full.moves) // 2
    for m in full.moves[:cut]:
        g.apply(m)
    pos = pb2.Position(
        mahjong_rules=pb2.MahjongRules(ruleset=number),
        deal=pb2.Deal(seed=s),
        moves=list(g.moves),
    )
    legal = list(g.legal_moves())
    illegal = ["s0:pass", "s1:discard=1m", "s9:pass", "junk"]
    rng = random.Random(s * 7 + number)
    moves = [rng.choice(legal) if i % 2 == 0 else illegal[i // 2 % 4] for i in range(PER_POSITION)]
    return [pb2.ValidateMoveRequest(position=pos, move=m) for m in moves]


def mahjong_workloads(
    pb2: Any, seeds: range = range(BATCH_POSITIONS), stop: int = 30
) -> dict[str, Any]:
    """ValidateMove requests (both RULESETS above, shuffled) and one ValidateMoves batch per
    ruleset of BATCH_POSITIONS positions x PER_POSITION moves: the native fast path
    (pyyijing/service/wire.py) takes one ruleset per batch and seed deals only."""
    per_ruleset = {
        name: [r for s in seeds for r in _position_requests(pb2, name, number, s, stop)]
        for name, number in RULESETS
    }
    reqs = [r for rs in per_ruleset.values() for r in rs]
    random.Random(17).shuffle(reqs)
    size = BATCH_POSITIONS * PER_POSITION
    batches = [
        pb2.ValidateMovesRequest(requests=(rs * (size // len(rs) + 1))[:size])
        for rs in per_ruleset.values()
    ]
    return {"reqs": reqs, "batches": batches, "batch_size": size}


async def run_mahjong(
    srv: Any,
    stub: Any,
    raw: Any,
    pb2: Any,
    work: dict[str, Any],
    reps: int,
    seconds: float,
    hands: int,
    native: Any = None,
) -> dict[str, list[dict[str, Any]]]:
    """The mahjong runs on an open channel (`raw`: its bytes-in ValidateMove): fixed
    rate, batches, Simulate pairs; with `native` (service_bench.NativeRuns), the native
    client's fixed-rate runs beside the Python client's."""

    out: dict[str, list[dict[str, Any]]] = {
        "fixed": [],
        "native_fixed": [],
        "batch": [],
        "simulate": [],
    }
    reqs, batches = work["reqs"], work["batches"]
    bodies = [r.SerializeToString() for r in reqs]
    # warm-up: every request once, a few batches (server-side rule caches, imports)
    await closed_loop(stub.ValidateMove, reqs, 8, min(1.0, seconds), len(reqs))
    await closed_loop(stub.ValidateMoves, batches, 2, min(1.0, seconds), 4)
    for _ in range(reps):
        runs: list[tuple[str, Any]] = [
            ("fixed", lambda: fixed_rate(raw, bodies, 1000.0, seconds)),
            ("batch", lambda: closed_loop(stub.ValidateMoves, batches, 4, seconds, 5_000)),
        ]
        if native is not None:
            runs.insert(1, ("native_fixed", lambda: native.fixed_rate(srv, "mahjong", seconds)))
        for key, make in runs:
            s0, c0, t0 = srv.cpu_seconds(), time.process_time(), time.perf_counter()
            r = await make()
            dt = time.perf_counter() - t0
            r["server_cpu"] = (srv.cpu_seconds() - s0) / dt
            r["client_cpu"] = client_cpu(r, c0, dt)
            if key == "batch":
                r["moves_per_s"] = r["rps"] * work["batch_size"]
            out[key].append(r)
    if hands:
        for _ in range(reps):
            out["simulate"].append(await _simulate_pair(srv, stub, pb2, hands))
    return out


async def _simulate_pair(srv: Any, stub: Any, pb2: Any, hands: int) -> dict[str, Any]:
    """Common hands of random bots through the Simulate RPC, then the same hands
    (rules, seed, bots, 1 thread) in-process; wall time and CPU time of each (the
    server process's, this process's), and the summary keys on which they differ."""
    import pyyijing as yj
    from pyyijing import mahjong as mj

    req = pb2.SimulateRequest(
        mahjong_rules=pb2.MahjongRules(ruleset=1),
        games=hands,
        seed=9,
        policies=["random"],
        threads=1,
    )
    s0, t0 = srv.cpu_seconds(), time.perf_counter()
    summary = None
    async for msg in stub.Simulate(req, timeout=600):
        if msg.WhichOneof("event") == "summary":
            summary = msg.summary
    service_s, service_cpu = time.perf_counter() - t0, srv.cpu_seconds() - s0
    if summary is None:
        raise RuntimeError("mahjong Simulate ended without a summary")
    c0, t0 = time.process_time(), time.perf_counter()
    res = yj.simulate(
        hands, mj.Rules("common"), seed=9, policies="random", threads=1, keep_arrays=False
    )
    local_s, local_cpu = time.perf_counter() - t0, time.process_time() - c0
    remote = json.loads(summary.summary_json)
    local = json.loads(json.dumps(res.summary, default=str))
    differ = sorted(k for k in set(remote) | set(local) if remote.get(k) != local.get(k))
    return {
        "games": hands,
        "service_games_per_s": hands / service_s,
        "in_process_games_per_s": hands / local_s,
        "ratio": local_s / service_s,
        # hands per CPU-second, service / in-process: less sensitive to a busy machine
        "cpu_ratio": local_cpu / service_cpu if service_cpu > 0 else float("nan"),
        "summary_keys_differing": differ,
    }


def mahjong_figures(res: dict[str, list[dict[str, Any]]], work: dict[str, Any]) -> list[Figure]:

    fixed, batch, sim = res["fixed"], res["batch"], res["simulate"]
    reqs = work["reqs"]
    moves_per_req = statistics.mean(len(r.position.moves) for r in reqs)
    note = (
        f"common and Changsha mid-hand positions of {moves_per_req:.0f} moves (replayed per "
        f"call), {PER_POSITION} candidates each, legal and illegal mixed"
    )
    figs = [
        Figure(
            "service.mahjong.validate_move.p50_at_1k",
            "mahjong ValidateMove p50 at 1,000 req/s",
            "ms",
            [r["p50_ms"] for r in fixed],
            "service",
            note,
            {"runs": fixed},
        ),
        Figure(
            "service.mahjong.validate_move.p99_at_1k",
            "mahjong ValidateMove p99 at 1,000 req/s",
            "ms",
            [r["p99_ms"] for r in fixed],
            "service",
            fixed_rate_note(fixed),
        ),
        Figure(
            "service.mahjong.validate_moves.moves_per_s",
            f"mahjong ValidateMoves moves/s ({BATCH_POSITIONS} positions x {PER_POSITION} moves)",
            "moves/s",
            [r["moves_per_s"] for r in batch],
            "service",
            f"one ruleset per batch (common, Changsha alternating); 4 batches in flight; "
            f"errors {sum(r['errors'] for r in batch)}; {cpu_note(batch)}",
            {"runs": batch},
            cpu_samples=per_server_cpu(batch, "moves_per_s"),
        ),
    ]
    if not sim:
        return figs
    g = sim[0]["games"]
    differ = sorted({k for r in sim for k in r["summary_keys_differing"]})
    return [
        *figs,
        Figure(
            "service.mahjong.simulate.games_per_s",
            f"mahjong Simulate RPC, {g:,} common random hands, 1 thread",
            "hands/s",
            [r["service_games_per_s"] for r in sim],
            "service",
            "streamed progress + summary; summary keys differing from in-process: "
            + (", ".join(differ) if differ else "none"),
            {"runs": sim},
        ),
        Figure(
            "service.mahjong.simulate.in_process",
            f"mahjong yj.simulate in-process, same {g:,} hands, 1 thread",
            "hands/s",
            [r["in_process_games_per_s"] for r in sim],
            "service",
        ),
        Figure(
            "service.mahjong.simulate.ratio",
            "mahjong Simulate: service / in-process",
            "x",
            [r["ratio"] for r in sim],
            "service",
            "wall-time ratio; per CPU-s: hands per server CPU-second / per in-process CPU-second",
            cpu_samples=[r["cpu_ratio"] for r in sim if r["cpu_ratio"] == r["cpu_ratio"]],
        ),
    ]
