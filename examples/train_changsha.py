"""Train sb3-contrib's MaskablePPO on Changsha mahjong against three built-in bots.

The learner is one seat of the single-agent Gymnasium environment
(`pyyijing.env.make_gym`); the other three seats are played by the engine's
bots (`random` by default). After `--budget` learner steps the script plays the
trained policy and the same network before training on the same seat-balanced
hands (the learner sits in seats 0, 1, 2 and 3 equally often) and prints each
one's mean payment per hand with a 95% interval, the paired difference, the
training speed and the wall time.

    pip install '.[rl,train]'
    python examples/train_changsha.py --budget 200000 --seed 0 --eval-opponents random greedy

Everything is seeded from `--seed` and `--eval-seed` (the deals, the bots' moves,
the network's initialisation, PPO's sampling), and torch runs on one thread, so
two runs with the same arguments on the same machine print the same results
(the wall times and speeds aside).
"""

from __future__ import annotations

import argparse
import copy
import functools
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv, VecMonitor

import pyyijing as yj

SEATS = 4
Z95 = 1.959963984540054
# The arguments that shape the training, echoed in the JSON summary.
SETTINGS = ("envs", "n_steps", "batch_size", "epochs", "learning_rate", "gamma", "ent_coef")


class Planes(gymnasium.ObservationWrapper[np.ndarray, Any, dict[str, np.ndarray]]):
    """The observation planes alone, each divided by its space's bound.

    The environment's dict also carries the mask, which MaskablePPO reads from
    `action_masks()` instead (found through this wrapper by
    `get_wrapper_attr`). SB3 scales only image-shaped uint8 boxes, and the
    planes are counts of different ranges (the live wall goes up to 108), so
    they are scaled here to [0, 1].
    """

    def __init__(self, env: gymnasium.Env[dict[str, np.ndarray], Any]) -> None:
        super().__init__(env)
        space = env.observation_space["observation"]  # type: ignore[index]
        self._scale = (1.0 / np.maximum(space.high, 1)).astype(np.float32)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, space.shape, np.float32)

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        planes: np.ndarray = observation["observation"] * self._scale
        return planes


def make_env(
    ruleset: str, opponents: str | tuple[str, ...], seat: int
) -> gymnasium.Env[np.ndarray, Any]:
    return Planes(yj.env.make_gym(ruleset, opponents=opponents, seat=seat))


def parse_opponents(text: str) -> str | tuple[str, ...]:
    """`random` (every other seat), or three names, `heuristic,greedy,random`."""
    names = tuple(name.strip() for name in text.split(","))
    return names[0] if len(names) == 1 else names


@dataclass
class Interval:
    mean: float
    low: float
    high: float
    hands: int

    @classmethod
    def of(cls, values: np.ndarray) -> Interval:
        """The mean with a normal 95% interval (the hands are independent deals)."""
        half = Z95 * float(values.std(ddof=1)) / math.sqrt(len(values))
        mean = float(values.mean())
        return cls(mean, mean - half, mean + half, len(values))

    def __str__(self) -> str:
        return f"{self.mean:+.3f}  [{self.low:+.3f}, {self.high:+.3f}]"


def evaluation_deals(eval_seed: int, hands: int) -> list[tuple[int, int]]:
    """(learner's seat, deal seed) of each evaluation hand: a different deal per hand,
    the four seats in turn, so every policy plays exactly the same list."""
    if hands % SEATS:
        raise SystemExit(f"--eval-hands must be a multiple of {SEATS}; got {hands}")
    seeds = np.random.default_rng(eval_seed).integers(0, 2**63, size=hands)
    return [(i % SEATS, int(seed)) for i, seed in enumerate(seeds)]


def play(
    policy: MaskableActorCriticPolicy,
    ruleset: str,
    opponents: str | tuple[str, ...],
    deals: Sequence[tuple[int, int]],
    *,
    deterministic: bool,
    tables: int = 16,
) -> np.ndarray:
    """The learner's payment in each of `deals`, the policy acting at `tables` hands at
    once (one forward pass per round of decisions, which is most of the cost)."""
    envs = {s: [make_env(ruleset, opponents, s) for _ in range(tables)] for s in range(SEATS)}
    queue = iter(enumerate(deals))
    payments = np.zeros(len(deals))
    # Each running hand: (its index in deals, its environment, its current observation).
    running: list[tuple[int, gymnasium.Env[np.ndarray, Any], np.ndarray]] = []

    def deal_next() -> None:
        for index, (seat, seed) in queue:
            env = envs[seat].pop()
            observation, _ = env.reset(seed=seed)
            running.append((index, env, observation))
            return

    for _ in range(tables):
        deal_next()
    while running:
        observations = np.stack([observation for _, _, observation in running])
        masks = np.stack([env.get_wrapper_attr("action_masks")() for _, env, _ in running])
        actions, _ = policy.predict(observations, deterministic=deterministic, action_masks=masks)
        still: list[tuple[int, gymnasium.Env[np.ndarray, Any], np.ndarray]] = []
        finished = 0
        for (index, env, _), action in zip(running, actions, strict=True):
            observation, reward, terminated, truncated, info = env.step(int(action))
            if "illegal_action" in info:
                raise RuntimeError(f"the policy chose an illegal action: {info}")
            if terminated or truncated:
                payments[index] = reward
                envs[env.get_wrapper_attr("seat")].append(env)
                finished += 1
            else:
                still.append((index, env, observation))
        running[:] = still
        for _ in range(finished):
            deal_next()
    return payments


class Progress(BaseCallback):
    """A line every `every` learner steps: the speed so far and the recent hands' payments."""

    def __init__(self, every: int, budget: int) -> None:
        super().__init__()
        self.every = every
        self.budget = budget
        self.started = 0.0
        self.next_report = every

    def _on_training_start(self) -> None:
        self.started = time.perf_counter()

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_report:
            self.next_report += self.every
            elapsed = time.perf_counter() - self.started
            recent = [info["r"] for info in self.model.ep_info_buffer or []]
            payment = f"{np.mean(recent):+.3f}" if recent else "n/a"
            print(
                f"  {self.num_timesteps:>9,} / {self.budget:,} steps  {elapsed:7.1f} s  "
                f"{self.num_timesteps / elapsed:6.0f} steps/s  "
                f"mean payment of the last {len(recent)} hands {payment}",
                flush=True,
            )
        return True


def build_model(args: argparse.Namespace) -> MaskablePPO:
    opponents = parse_opponents(args.opponents)
    # The learner sits at every seat: env i plays seat i mod 4 (--envs a multiple of 4
    # keeps the training seat-balanced).
    factories: list[Callable[[], gymnasium.Env[Any, Any]]] = [
        functools.partial(make_env, args.ruleset, opponents, i % SEATS) for i in range(args.envs)
    ]
    env = VecMonitor(DummyVecEnv(factories))
    return MaskablePPO(
        "MlpPolicy",
        env,
        learning_rate=args.learning_rate,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        gamma=args.gamma,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": list(args.net)},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )


def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.perf_counter()
    torch.set_num_threads(args.threads)
    model = build_model(args)
    untrained = copy.deepcopy(model.policy)
    print(
        f"training MaskablePPO on {args.ruleset} against {args.opponents} for {args.budget:,} "
        f"steps (seed {args.seed}, {args.envs} environments, {args.threads} torch thread(s))",
        flush=True,
    )
    train_started = time.perf_counter()
    model.learn(args.budget, callback=Progress(args.progress_every, args.budget))
    train_seconds = time.perf_counter() - train_started
    # learn() finishes its last rollout, so it may step a little past the budget.
    steps = int(model.num_timesteps)
    print(f"trained {steps:,} steps in {train_seconds:.1f} s: {steps / train_seconds:,.0f} steps/s")

    deals = evaluation_deals(args.eval_seed, args.eval_hands)
    mode = "deterministic" if args.deterministic else "sampled"
    results: dict[str, Any] = {}
    for text in args.eval_opponents or [args.opponents]:
        opponents = parse_opponents(text)
        print(
            f"evaluating on {len(deals):,} seat-balanced hands against {text} ({mode} actions)",
            flush=True,
        )
        payments = {}
        for name, policy in (("untrained", untrained), ("trained", model.policy)):
            t = time.perf_counter()
            payments[name] = play(
                policy, args.ruleset, opponents, deals, deterministic=args.deterministic
            )
            print(f"  {name:<9} {Interval.of(payments[name])}  ({time.perf_counter() - t:.1f} s)")
        difference = Interval.of(payments["trained"] - payments["untrained"])
        print(f"  {'trained − untrained (same hands)':<9} {difference}", flush=True)
        results[text] = {
            "untrained": asdict(Interval.of(payments["untrained"])),
            "trained": asdict(Interval.of(payments["trained"])),
            "difference": asdict(difference),
            "trained_by_seat": [
                float(payments["trained"][seat::SEATS].mean()) for seat in range(SEATS)
            ],
        }
    wall = time.perf_counter() - started
    print(f"wall time {wall:.1f} s", flush=True)
    return {
        "ruleset": args.ruleset,
        "opponents": args.opponents,
        "seed": args.seed,
        "budget": args.budget,
        "steps": steps,
        "train_seconds": train_seconds,
        "steps_per_second": steps / train_seconds,
        "wall_seconds": wall,
        "eval_hands": args.eval_hands,
        "eval_seed": args.eval_seed,
        "eval_actions": mode,
        "results": results,
        "settings": {key: getattr(args, key) for key in (*SETTINGS, "net", "threads")},
        "versions": {"pyyijing": yj.__version__, "torch": torch.__version__},
    }


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--budget", type=int, default=200_000, help="learner steps to train for (%(default)s)"
    )
    p.add_argument("--seed", type=int, default=0, help="training seed: deals, network, PPO")
    p.add_argument("--ruleset", default="changsha", choices=yj.env.names(), help="%(default)s")
    p.add_argument(
        "--opponents",
        default="random",
        help="training bots: one name, or three comma-separated (%(default)s)",
    )
    p.add_argument(
        "--eval-hands",
        type=int,
        default=2000,
        help="hands per policy, a multiple of 4 (%(default)s)",
    )
    p.add_argument(
        "--eval-seed", type=int, default=2026, help="seed of the evaluation deals (%(default)s)"
    )
    p.add_argument(
        "--eval-opponents",
        nargs="+",
        help="bots to evaluate against, each like --opponents (default: the training bots)",
    )
    p.add_argument(
        "--sampled",
        dest="deterministic",
        action="store_false",
        help="evaluate with sampled actions instead of each policy's most likely one",
    )
    p.add_argument("--out", help="write a JSON summary here")
    p.add_argument("--threads", type=int, default=1, help="torch threads (%(default)s)")
    p.add_argument(
        "--progress-every", type=int, default=10_000, help="learner steps per line (%(default)s)"
    )
    ppo = p.add_argument_group("PPO")
    ppo.add_argument(
        "--envs", type=int, default=8, help="environments stepped side by side (%(default)s)"
    )
    ppo.add_argument(
        "--n-steps", type=int, default=256, help="steps per environment per update (%(default)s)"
    )
    ppo.add_argument("--batch-size", type=int, default=256, help="%(default)s")
    ppo.add_argument("--epochs", type=int, default=4, help="%(default)s")
    ppo.add_argument("--learning-rate", type=float, default=3e-4, help="%(default)s")
    ppo.add_argument("--gamma", type=float, default=0.99, help="%(default)s")
    ppo.add_argument("--ent-coef", type=float, default=0.01, help="%(default)s")
    ppo.add_argument(
        "--net", type=int, nargs="+", default=[128, 128], help="hidden layer sizes (128 128)"
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    summary = run(args)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
