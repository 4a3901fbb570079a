"""Steps/s of `yj.env.VectorEnv` (pyyijing/env/vector.py): a batch of environments in C++.

``python -m benchmarks.vector_env_bench [--seconds S] [--sizes 64,1024] [--threads 1,2]``

For each mahjong ruleset, batch size (`num_envs`) and thread count: every seat
an agent, random legal actions drawn from the masks in NumPy (one vectorised
draw per step for the whole batch, counted in the time), environment steps per
second (a batch step is `num_envs` environment steps). The best rate of each
ruleset and thread count is printed with the batch size that gave it.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

import pyyijing as yj

RULESETS = ("common", "shaoyang", "changsha")


def draw(masks: np.ndarray, rng: np.random.Generator, scores: np.ndarray) -> np.ndarray:
    """A uniformly random legal action per row: the legal entries score in [1, 2), the
    others in [0, 1), and the best score wins."""
    rng.random(out=scores, dtype=np.float32)
    scores += masks
    return np.argmax(scores, axis=1)


def rate(name: str, num_envs: int, threads: int, seconds: float) -> dict[str, Any]:
    env = yj.env.VectorEnv(name, num_envs, seed=1, threads=threads)
    obs, _ = env.reset()
    masks = obs["action_mask"]
    rng = np.random.default_rng(0)
    scores = np.empty(masks.shape, dtype=np.float32)
    for _ in range(5):  # warm-up: first hands, caches
        env.step(draw(masks, rng, scores))
    steps = hands = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(10):
            _, _, ended, _, _ = env.step(draw(masks, rng, scores))
            hands += int(ended.sum())
        steps += 10 * num_envs
    return {
        "env": name,
        "num_envs": num_envs,
        "threads": threads,
        "steps_per_s": steps / elapsed,
        "hands_per_s": hands / elapsed,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--sizes", default="64,256,1024,4096")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--json", help="write every figure to this file")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    threads = [int(t) for t in args.threads.split(",")]
    rows = []
    print(f"backend {yj.backend()}; random legal actions from the masks (NumPy)")
    print(f"{'env':10} {'threads':>7} {'num_envs':>8} {'steps/s':>12} {'hands/s':>10}")
    for name in args.rulesets.split(","):
        for t in threads:
            for n in sizes:
                row = rate(name, n, t, args.seconds)
                rows.append(row)
                print(
                    f"{name:10} {t:7d} {n:8d} {row['steps_per_s']:12,.0f} "
                    f"{row['hands_per_s']:10,.0f}",
                    flush=True,
                )
    print("best per ruleset and thread count:")
    for name in args.rulesets.split(","):
        for t in threads:
            best = max(
                (r for r in rows if r["env"] == name and r["threads"] == t),
                key=lambda r: r["steps_per_s"],
            )
            print(
                f"  {name:10} {t} thread(s): {best['steps_per_s']:,.0f} steps/s "
                f"at num_envs={best['num_envs']}"
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
