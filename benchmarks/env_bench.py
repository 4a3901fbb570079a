"""The environments' step rates (section "env"), side by side in one run, 1 thread.

For each environment (docs/env.md), random legal actions drawn from the mask
with NumPy, on the active backend:
- ``aec``: `yj.env.make(name)` (PettingZoo's wrappers included), steps that take
  an action (the dead agents' final ``step(None)`` not counted);
- ``gym``: `yj.env.make_gym(name, opponents="random")`, the learner's steps (the
  bots' moves happen inside them);
- ``api``: the `Game` API loop the environments are built on: ``legal_moves`` and
  ``apply`` of a ``random.choice``, moves/s.
Ratios per repetition: aec / api and gym / api. pgx's ``sparrow_mahjong`` on the
CPU (one environment, jit(vmap) of batch 1, in its own process as in section
"peers") is the peer, when the interpreter has pgx; its ratio is against our
``common`` AEC steps (different games: see benchmarks/peers.py for its rules).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import pyyijing as yj
from pyyijing.core import registry

from .peers import LABEL, PeerProcess, _interpreter
from .timing import Figure, Side, ratio_samples, side_by_side


def _aec_work(name: str) -> Any:
    env = yj.env.make(name)
    rng = np.random.default_rng(1)
    seeds = iter(range(1 << 62))

    def work(n: int) -> int:
        steps = 0
        while steps < n:
            env.reset(seed=next(seeds))
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
        return steps

    return work


def _gym_work(name: str) -> Any:
    env = yj.env.make_gym(name, opponents="random")
    rng = np.random.default_rng(2)
    seeds = iter(range(1 << 62))

    def work(n: int) -> int:
        steps = 0
        while steps < n:
            obs, _ = env.reset(seed=next(seeds))
            done = False
            while not done:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                obs, _, terminated, truncated, _ = env.step(action)
                done = terminated or truncated
                steps += 1
        return steps

    return work


def _api_work(name: str) -> Any:
    spec = registry.by_ruleset(name)
    rules, game_class = spec.make_rules(name), spec.load("game")
    rng = random.Random(3)
    seeds = iter(range(1 << 62))

    def work(n: int) -> int:
        moves = 0
        while moves < n:
            game = game_class(rules, seed=next(seeds))
            while game.result is None:
                game.apply(rng.choice(game.legal_moves(game.to_act[0])))
                moves += 1
        return moves

    return work


def bench_env(reps: int, target: float, names: tuple[str, ...] | None = None) -> list[Figure]:
    names = names or yj.env.names()
    sides: list[Side] = []
    for name in names:
        sides += [
            Side(f"aec.{name}", _aec_work(name), start=200),
            Side(f"gym.{name}", _gym_work(name), start=50),
            Side(f"api.{name}", _api_work(name), start=500),
        ]
    python, why = _interpreter("pgx")
    pgx = PeerProcess(python, "pgx", 1) if python is not None else None
    out: list[Figure] = []
    try:
        hello = pgx.wait_ready() if pgx is not None else {"skip": why}
        if pgx is not None and hello.get("ready"):

            def pgx_work(n: int) -> tuple[float, float, float]:
                assert pgx is not None
                rec = pgx.run(n)
                return float(rec["ops"]), float(rec["seconds"]), float(rec["cpu_seconds"])

            sides.append(Side("pgx", pgx_work, start=100))
        else:
            out.append(
                Figure(
                    "env.pgx.skipped",
                    f"{LABEL['pgx']} (skipped)",
                    "",
                    [],
                    "env",
                    str(hello.get("skip", hello)),
                )
            )
        side_by_side(sides, reps, target)
    finally:
        if pgx is not None:
            pgx.close()
    by = {s.name: s for s in sides}
    backend = yj.backend()
    for name in names:
        for kind, label, unit in (
            ("aec", f"{name}: AEC env steps/s, random legal actions", "steps/s"),
            ("gym", f"{name}: Gymnasium env steps/s vs 3 random bots", "steps/s"),
            ("api", f"{name}: Game API loop moves/s (legal_moves + apply)", "moves/s"),
        ):
            s = by[f"{kind}.{name}"]
            out.append(
                Figure(
                    f"env.{name}.{kind}",
                    label,
                    unit,
                    s.rates,
                    "env",
                    f"{backend} backend, 1 thread",
                    cpu_samples=s.cpu_rates,
                )
            )
        for kind in ("aec", "gym"):
            a, api = by[f"{kind}.{name}"], by[f"api.{name}"]
            out.append(
                Figure(
                    f"env.{name}.{kind}_over_api",
                    f"{name}: {kind} steps / Game API moves",
                    "x",
                    ratio_samples(a.rates, api.rates),
                    "env",
                    cpu_samples=ratio_samples(a.cpu_rates, api.cpu_rates),
                )
            )
    if "pgx" in by:
        p = by["pgx"]
        out.append(
            Figure(
                "env.pgx.steps",
                "pgx sparrow_mahjong steps/s (1 environment, CPU)",
                "steps/s",
                p.rates,
                "env",
                "jit(vmap(auto_reset(step))) with batch 1, random legal actions",
                cpu_samples=p.cpu_rates,
            )
        )
        if "aec.common" in by:
            a = by["aec.common"]
            out.append(
                Figure(
                    "env.common.aec_over_pgx",
                    "common AEC steps / pgx sparrow_mahjong steps",
                    "x",
                    ratio_samples(a.rates, p.rates),
                    "env",
                    cpu_samples=ratio_samples(a.cpu_rates, p.cpu_rates),
                )
            )
    return out
