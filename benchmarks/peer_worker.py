"""One peer mahjong engine's random-play workload, in its own process.

Run by the suite (benchmarks/peers.py) as ``PYTHON benchmarks/peer_worker.py PEER
[BATCH]`` with an interpreter that has the peer installed: RLCard and pgx
need Python >= 3.10 like the suite, mjx Python 3.9, so the file imports
nothing of the suite and runs on either. Protocol, one JSON object a line:
the worker first prints ``{"ready": true, "peer", "version", "unit", "what"}``
(after its warm-up: pgx compiles its step here) or ``{"skip": REASON}`` and
exits; then for each line ``N`` read from stdin it plays at least N units
and prints ``{"ops", "seconds", "cpu_seconds", "hands", "steps"}`` (ops:
units done, timed by its own loop); end of input ends it.

- ``rlcard``: RLCard ``mahjong``, ``env.run`` of whole hands with four
  ``rlcard.agents.RandomAgent`` (uniform over the legal actions); unit a hand.
- ``pgx``: pgx ``sparrow_mahjong``, BATCH environments stepped together
  (``jax.jit(jax.vmap(auto_reset(env.step, env.init)))``, one uniformly
  random legal action each); unit an environment step, hands = terminations.
  XLA runs on one CPU thread (the suite's other figures are 1 thread).
- ``mjx``: mjx ``MjxEnv`` with four ``mjx.agents.RandomAgent`` (uniform over
  the legal actions), played from Python through whole games (hanchan);
  unit a round (局), steps = actions.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from typing import Any


def _say(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def _version(dist: str) -> str:
    try:
        from importlib import metadata

        return metadata.version(dist)
    except Exception:
        return "unknown"


class Rlcard:
    unit = "hands"
    what = "RLCard mahjong, whole hands, 4 RandomAgent, env.run(is_training=False)"

    def __init__(self, batch: int) -> None:
        rlcard = importlib.import_module("rlcard")
        agents = importlib.import_module("rlcard.agents")
        self.env = rlcard.make("mahjong", config={"seed": 1})
        agent = agents.RandomAgent(num_actions=self.env.num_actions)
        self.env.set_agents([agent] * self.env.num_players)
        self.run(2)  # warm-up

    def run(self, n: int) -> tuple[int, int, int]:
        steps = 0
        for _ in range(n):
            trajectories, _payoffs = self.env.run(is_training=False)
            steps += sum((len(t) - 1) // 2 for t in trajectories)
        return n, n, steps


class Pgx:
    unit = "steps"

    def __init__(self, batch: int) -> None:
        jax = importlib.import_module("jax")
        jnp = importlib.import_module("jax.numpy")
        pgx = importlib.import_module("pgx")
        auto_reset = importlib.import_module("pgx.experimental").auto_reset
        self.jax, self.batch = jax, batch
        self.what = (
            f"pgx sparrow_mahjong, {batch} environments batched (jit(vmap(auto_reset(step)))), "
            "uniformly random legal actions, XLA on 1 CPU thread"
        )
        env = pgx.make("sparrow_mahjong")
        step = jax.vmap(auto_reset(env.step, env.init))

        def one(state: Any, key: Any) -> tuple[Any, Any, Any]:
            k_act, k_step, k_next = jax.random.split(key, 3)
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            action = jax.random.categorical(k_act, logits, axis=-1)
            state = step(state, action, jax.random.split(k_step, batch))
            return state, k_next, state.terminated.sum()

        self.one = jax.jit(one)
        key, k = jax.random.split(jax.random.PRNGKey(1))
        self.state = jax.jit(jax.vmap(env.init))(jax.random.split(k, batch))
        self.key = key
        # compiles; then 100 steps each, so that the environments, all dealt at once,
        # end their hands at different steps (else the terminations come in bursts)
        self.run(100 * batch)

    def run(self, n: int) -> tuple[int, int, int]:
        calls = max(1, -(-n // self.batch))
        done = []
        for _ in range(calls):
            self.state, self.key, ended = self.one(self.state, self.key)
            done.append(ended)
        hands = int(sum(int(x) for x in done))  # waits for the device
        return calls * self.batch, hands, calls * self.batch


class Mjx:
    unit = "hands"
    what = "mjx MjxEnv (riichi), 4 mjx.agents.RandomAgent from Python; unit a round (局)"

    def __init__(self, batch: int) -> None:
        mjx = importlib.import_module("mjx")
        agents = importlib.import_module("mjx.agents")
        self.env = mjx.MjxEnv()
        self.agent = agents.RandomAgent()
        self.seed = 1
        self.obs = self.env.reset(self.seed)
        self.run(1)  # warm-up

    def run(self, n: int) -> tuple[int, int, int]:
        rounds = steps = 0
        env, agent = self.env, self.agent
        while rounds < n:
            if env.done():
                self.seed += 1
                self.obs = env.reset(self.seed)
            actions = {p: agent.act(o) for p, o in self.obs.items()}
            steps += len(actions)
            self.obs = env.step(actions)
            if env.done("round"):
                rounds += 1
        return rounds, rounds, steps


PEERS: dict[str, Any] = {"rlcard": Rlcard, "pgx": Pgx, "mjx": Mjx}
DISTS = {"rlcard": "rlcard", "pgx": "pgx", "mjx": "mjx"}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in PEERS:
        _say({"skip": f"usage: peer_worker.py {'|'.join(PEERS)} [BATCH]"})
        return 2
    name = argv[0]
    batch = int(argv[1]) if len(argv) > 1 else 1
    if name == "pgx":  # before jax is imported: XLA on one thread
        flags = os.environ.get("XLA_FLAGS", "")
        os.environ["XLA_FLAGS"] = (
            flags + " --xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
        ).strip()
        os.environ.setdefault("JAX_PLATFORMS", "cpu")
    try:
        peer = PEERS[name](batch)
    except ImportError as exc:
        _say({"skip": f"{name} not installed for {sys.executable} ({exc})"})
        return 0
    except Exception as exc:
        _say({"skip": f"{name} did not run: {type(exc).__name__}: {exc}"})
        return 0
    _say(
        {
            "ready": True,
            "peer": name,
            "version": _version(DISTS[name]),
            "python": sys.version.split()[0],
            "unit": peer.unit,
            "what": peer.what,
        }
    )
    for line in sys.stdin:
        if not line.strip():
            break
        n = int(line)
        c0 = time.process_time()
        t0 = time.perf_counter()
        ops, hands, steps = peer.run(n)
        dt = time.perf_counter() - t0
        cpu = time.process_time() - c0
        _say({"ops": ops, "seconds": dt, "cpu_seconds": cpu, "hands": hands, "steps": steps})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
