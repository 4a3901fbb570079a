"""Steps/s of `yj.env.VectorEnv` (pyyijing/env/vector.py), a batch of environments in C++
(section "vector_env" of the suite; ``python -m benchmarks.vector_env_bench`` sweeps alone).

Every environment name whose game has the C++ batch (the native part ``vec_env``) is
measured: every seat an agent, random legal actions drawn from the masks in NumPy (one
vectorised draw per batch step, counted in the time), environment steps per second (a
batch step is `num_envs` environment steps).

The suite's section, per environment:
1. a sweep over batch sizes on 1 and 2 threads picks the best `num_envs` of each;
2. side by side, interleaved: the batch at those sizes on 1 and 2 threads; the engine's
   own random play, ``yj.simulate(policies="random")`` on the same threads, in moves/s
   (hands/s times the run's mean moves per hand, passes included: one move is one
   environment step); the AEC environment (env_bench.py's loop, 1 thread); and pgx's
   ``sparrow_mahjong`` on the CPU (jit(vmap) at the 1-thread best batch sizes, XLA on one
   thread, in its own process as in section "peers"), when the interpreter has pgx.
Ratios per repetition: the batch over yj.simulate (same threads), over the AEC
environment and over pgx (both 1 thread).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from typing import Any

import pyyijing as yj
from pyyijing.core import parts, registry

from .env_bench import _aec_work
from .peers import LABEL, PeerProcess, _interpreter
from .random_draw import Draw
from .timing import Figure, Side, calibrate, ratio_samples, side_by_side, timed3

THREADS = (1, 2)
SIZES = (64, 256, 1024, 4096)
QUICK_SIZES = (64, 256)
# The summary entry of yj.simulate that is the mean moves per game, passes included
# (docs/simulation.md): mahjong's "turns", Yi Jing Pai's "plies".
MOVES_PER_GAME = ("turns", "plies")


def vec_names() -> tuple[str, ...]:
    """Every environment name whose game has the C++ batch (its native part ``vec_env``)."""
    return tuple(
        name
        for name in yj.env.names()
        if "vec_env" in parts.parts_of(registry.by_ruleset(name).name)
    )


def _vec_work(name: str, num_envs: int, threads: int) -> Any:
    env = yj.env.VectorEnv(name, num_envs, seed=1, threads=threads)
    obs, _ = env.reset()
    draw = Draw(obs["action_mask"], seed=0)

    def work(n: int) -> int:
        calls = max(1, -(-n // num_envs))
        for _ in range(calls):
            env.step(draw())
        return calls * num_envs

    return work


def _sim_work(name: str, threads: int) -> tuple[Any, list[float]]:
    """yj.simulate's random play in moves/s; the list gets each call's mean moves per game."""
    rules = registry.by_ruleset(name).make_rules(name)
    counter = [0]
    per_game: list[float] = []

    def work(n: int) -> float:
        got = yj.simulate(
            n,
            rules,
            seed=21,
            start=counter[0],
            policies="random",
            threads=threads,
            keep_arrays=False,
        )
        counter[0] += n
        key = next((k for k in MOVES_PER_GAME if k in got.summary), None)
        if key is None:
            raise KeyError(f"yj.simulate({name!r}) has none of {MOVES_PER_GAME} in its summary")
        per_game.append(float(got.summary[key]["mean"]))
        return n * per_game[-1]

    return work, per_game


def sweep(name: str, threads: int, sizes: Iterable[int], target: float) -> list[tuple[int, float]]:
    """(num_envs, steps/s) of each size: calibrated to `target` seconds, then one sample."""
    out = []
    for size in sizes:
        work = _vec_work(name, size, threads)
        n = calibrate(work, target, start=size)
        ops, dt, _cpu = timed3(work, n)
        out.append((size, ops / dt))
    return out


def bench_vector_env(
    reps: int, target: float, quick: bool, names: tuple[str, ...] | None = None
) -> list[Figure]:
    names = names if names is not None else vec_names()
    sizes = QUICK_SIZES if quick else SIZES
    best: dict[tuple[str, int], int] = {}
    swept: dict[tuple[str, int], list[tuple[int, float]]] = {}
    for name in names:
        for t in THREADS:
            swept[name, t] = sweep(name, t, sizes, target / 2)
            best[name, t] = max(swept[name, t], key=lambda r: r[1])[0]

    sides: list[Side] = []
    moves_per_game: dict[tuple[str, int], list[float]] = {}
    for name in names:
        for t in THREADS:
            size = best[name, t]
            sides.append(Side(f"vec.{name}.t{t}", _vec_work(name, size, t), start=size))
            sim, moves_per_game[name, t] = _sim_work(name, t)
            sides.append(Side(f"sim.{name}.t{t}", sim, start=200))
        sides.append(Side(f"aec.{name}", _aec_work(name), start=200))

    out: list[Figure] = []
    # pgx at each 1-thread best batch size (a quick run: the first environment's only,
    # as each pgx process compiles its step before it is ready)
    pgx_batches = sorted({best[name, 1] for name in (names[:1] if quick else names)})
    python, why = _interpreter("pgx")
    procs = {b: PeerProcess(python, "pgx", b) for b in pgx_batches} if python is not None else {}
    try:
        hellos = {b: p.wait_ready() for b, p in procs.items()}
        for b, p in procs.items():
            if hellos[b].get("ready"):

                def pgx_work(n: int, p: PeerProcess = p) -> tuple[float, float, float]:
                    rec = p.run(n)
                    return float(rec["ops"]), float(rec["seconds"]), float(rec["cpu_seconds"])

                sides.append(Side(f"pgx.b{b}", pgx_work, start=b))
        skip = next((h for h in hellos.values() if not h.get("ready")), None)
        if python is None or skip is not None:
            out.append(
                Figure(
                    "vector_env.pgx.skipped",
                    f"{LABEL['pgx']} (skipped)",
                    "",
                    [],
                    "vector_env",
                    why if skip is None else str(skip.get("skip", skip)),
                )
            )
        side_by_side(sides, reps, target)
    finally:
        for p in procs.values():
            p.close()
    return out + _figures(names, best, swept, {s.name: s for s in sides}, moves_per_game)


def _figures(
    names: tuple[str, ...],
    best: dict[tuple[str, int], int],
    swept: dict[tuple[str, int], list[tuple[int, float]]],
    by: dict[str, Side],
    moves_per_game: dict[tuple[str, int], list[float]],
) -> list[Figure]:
    out: list[Figure] = []
    backend = yj.backend()
    for name in names:
        key = f"vector_env.{name}"
        for t in THREADS:
            v, s = by[f"vec.{name}.t{t}"], by[f"sim.{name}.t{t}"]
            size = best[name, t]
            out.append(
                Figure(
                    f"{key}.t{t}",
                    f"{name}: VectorEnv steps/s, {t} thread(s), num_envs={size}",
                    "steps/s",
                    v.rates,
                    "vector_env",
                    "every seat an agent; random legal actions drawn from the masks in NumPy "
                    "(counted); num_envs the best of the sweep "
                    + ", ".join(f"{n}: {r:,.0f}" for n, r in swept[name, t]),
                    {"num_envs": size, "sweep": [list(r) for r in swept[name, t]]},
                    cpu_samples=v.cpu_rates,
                )
            )
            per_game = moves_per_game[name, t]
            out.append(
                Figure(
                    f"{key}.simulate.t{t}",
                    f"{name}: yj.simulate random moves/s, {t} thread(s)",
                    "moves/s",
                    s.rates,
                    "vector_env",
                    f"{backend} backend; hands/s times the mean moves per hand of each run "
                    "(passes included)",
                    {"mean_moves": sum(per_game) / len(per_game) if per_game else None},
                    cpu_samples=s.cpu_rates,
                )
            )
            out.append(
                Figure(
                    f"{key}.over_simulate.t{t}",
                    f"{name}: VectorEnv steps / yj.simulate moves, {t} thread(s)",
                    "x",
                    ratio_samples(v.rates, s.rates),
                    "vector_env",
                    cpu_samples=ratio_samples(v.cpu_rates, s.cpu_rates),
                )
            )
        one, two = by[f"vec.{name}.t1"], by[f"vec.{name}.t2"]
        out.append(
            Figure(
                f"{key}.scaling",
                f"{name}: VectorEnv 2 threads / 1 thread",
                "x",
                ratio_samples(two.rates, one.rates),
                "vector_env",
            )
        )
        a = by[f"aec.{name}"]
        out.append(
            Figure(
                f"{key}.aec",
                f"{name}: AEC env steps/s, 1 thread",
                "steps/s",
                a.rates,
                "vector_env",
                f"{backend} backend; yj.env.make, random legal actions (env_bench.py)",
                cpu_samples=a.cpu_rates,
            )
        )
        out.append(
            Figure(
                f"{key}.over_aec",
                f"{name}: VectorEnv (1 thread) / AEC env steps",
                "x",
                ratio_samples(one.rates, a.rates),
                "vector_env",
                cpu_samples=ratio_samples(one.cpu_rates, a.cpu_rates),
            )
        )
        p = by.get(f"pgx.b{best[name, 1]}")
        if p is not None:
            out.append(
                Figure(
                    f"{key}.over_pgx",
                    f"{name}: VectorEnv (1 thread) / pgx sparrow_mahjong steps, "
                    f"batch {best[name, 1]}",
                    "x",
                    ratio_samples(one.rates, p.rates),
                    "vector_env",
                    "different games: see benchmarks/peers.py for sparrow_mahjong's rules",
                    cpu_samples=ratio_samples(one.cpu_rates, p.cpu_rates),
                )
            )
    for side_name, p in by.items():
        if side_name.startswith("pgx.b"):
            b = int(side_name[len("pgx.b") :])
            out.append(
                Figure(
                    f"vector_env.pgx.b{b}",
                    f"pgx sparrow_mahjong steps/s (batch {b}, CPU, 1 thread)",
                    "steps/s",
                    p.rates,
                    "vector_env",
                    "jit(vmap(auto_reset(step))), random legal actions",
                    {"batch": b},
                    cpu_samples=p.cpu_rates,
                )
            )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--threads", default=",".join(map(str, THREADS)))
    parser.add_argument("--envs", default=",".join(vec_names()))
    parser.add_argument("--json", help="write every figure to this file")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    print(f"backend {yj.backend()}; random legal actions from the masks (NumPy)")
    print(f"{'env':10} {'threads':>7} {'num_envs':>8} {'steps/s':>12}")
    for name in args.envs.split(","):
        for t in (int(t) for t in args.threads.split(",")):
            for size, rate in sweep(name, t, sizes, args.seconds):
                rows.append({"env": name, "threads": t, "num_envs": size, "steps_per_s": rate})
                print(f"{name:10} {t:7d} {size:8d} {rate:12,.0f}", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
