"""A batch of environments stepped in C++ threads: `VectorEnv` (Gymnasium's vector API).

``VectorEnv(name, num_envs, seed=…, opponents=None, seat=0, threads=0, **options)``
holds `num_envs` hands of one ruleset in the native core (its game's native part
``vec_env``: ``pyyijing._native.yijingpai.VecEnv``, ``pyyijing._native.mahjong.VecEnv``);
`step` applies one action per environment on `threads` C++ threads (0: every core) with
the GIL released. The core encodes the observations and masks (the AEC environment's
planes and action index, docs/env.md) into arrays it owns, and `reset` and `step` return
NumPy views of them: no copy is made, and the next call overwrites them (copy what you
keep). The masks are read-only: the core rewrites only the entries it set.

- ``opponents=None``: every seat is an agent. Each environment acts for its seat to
  act (the lowest of ``to_act``, as the AEC environment's `agent_selection`), given in
  ``infos["seat"]`` (and `seats`); rewards are ``(num_envs, players)``, every seat's
  payment times `reward_scale` at the step that ends a hand, 0 otherwise.
- ``opponents`` = a bot's name, or one per other seat in turn order from `seat`'s
  next seat (as `make_gym`): `seat` is the learner, the built-in bots play the others
  inside the C++ step (``Xoshiro256ss(hand_seed(S, m))`` per decision, as `make_gym`);
  rewards are ``(num_envs,)``, the learner's payment. A hand the bots end before the
  learner's first turn is skipped (the learner decides nothing in it).

**Autoreset** (Gymnasium's ``AutoresetMode.SAME_STEP``): an environment whose hand
ends at a step deals its next hand at once, and the step returns the new hand's
observation; ``infos["final_obs"]`` holds the ended hand's last observation (by the
seat that acted, or the learner; its mask all 0), ``infos["final_info"]["payments"]``
its payments by seat, each marked where it applies by ``infos["_final_obs"]`` /
``infos["_final_info"]`` (the terminations).

**Legal actions as a list**: where the game's batch keeps them (Yi Jing Pai, whose
mask is 4164 or 4356 wide), ``legal_counts`` ``(num_envs,)`` and ``legal_actions``
``(num_envs, num_actions)`` int16 say the same as the mask: the first
``legal_counts[i]`` entries of row i are environment i's legal actions, ascending (the
rest of the row is stale), so a random legal action is
``legal_actions[np.arange(n), (rng.random(n) * legal_counts).astype(int)]``. Both are
None for a batch without them.

**Determinism**: ``reset(seed=s)`` gives environment i the seed ``e = hand_seed(s, i)``
(SplitMix64, pyyijing/core/seeds.py): it deals the hands an AEC environment deals
after ``reset(seed=e)`` and then ``reset()``, whatever `num_envs` and `threads`, and
given the same actions its observations are the AEC environment's.
"""

from __future__ import annotations

import functools
import secrets
import sys
from typing import Any

import numpy as np

from ..core import parts
from ..core.seeds import check_seed
from .checks import check_number
from .names import Table


def VectorEnv(  # noqa: N802  (a class to its callers: it builds one)
    name: str,
    num_envs: int,
    *,
    seed: int | None = None,
    opponents: object = None,
    seat: int = 0,
    threads: int = 0,
    reward_scale: float = 1.0,
    **options: Any,
) -> Any:
    """`num_envs` environments of `name` stepped together in C++: an instance of
    `batch_class()`, a ``gymnasium.vector.VectorEnv`` (see the module)."""
    return batch_class()(
        name,
        num_envs,
        seed=seed,
        opponents=opponents,
        seat=seat,
        threads=threads,
        reward_scale=reward_scale,
        **options,
    )


def _native_parts(game: str) -> tuple[Any, Any]:
    """The C++ batch and Config of `game` (its parts ``vec_env`` and ``config`` on the
    native backend): RuntimeError saying why when there are none."""
    if "vec_env" not in parts.parts_of(game):
        raise NotImplementedError(f"VectorEnv has no C++ batch for the game {game!r}")
    try:
        return parts.load(game, "vec_env", "native"), parts.load(game, "config", "native")
    except ImportError as exc:
        raise RuntimeError(f"VectorEnv needs the native backend: {exc}") from exc


@functools.cache
def batch_class() -> type:
    """The environments' vector class, made at first use so that ``import pyyijing``
    does not import Gymnasium (as pyyijing/env/gym_ids.py)."""
    import gymnasium
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space

    from . import spaces as env_spaces
    from .single import opponent_policies

    class TableVectorEnv(gymnasium.vector.VectorEnv):
        """`num_envs` environments of `name` stepped together in C++ (see the module)."""

        metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

        def __init__(
            self,
            name: str,
            num_envs: int,
            *,
            seed: int | None = None,
            opponents: object = None,
            seat: int = 0,
            threads: int = 0,
            reward_scale: float = 1.0,
            **options: Any,
        ) -> None:
            table = Table(name, options, None)
            vec_env, config = _native_parts(table.spec.name)
            if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
                raise ValueError(f"num_envs must be an int >= 1; got {num_envs!r}")
            if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
                raise ValueError(f"threads must be an int >= 0 (0: every core); got {threads!r}")
            codec = table.codec
            players = codec.num_players
            bots: list[str] | None = None
            if opponents is not None:
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                    raise ValueError(f"seat must be an int in 0..{players - 1}; got {seat!r}")
                bot_move = table.spec.load("bot")
                names = getattr(sys.modules[bot_move.__module__], "BOTS", ())
                policies = opponent_policies(names, opponents, players)
                bots = ["random"] * players  # the learner's entry is never read
                for i, policy in enumerate(policies):
                    bots[(seat + 1 + i) % players] = policy
            self.codec = codec
            self.seat = seat if bots is not None else None
            self.reward_scale = check_number("reward_scale", reward_scale)
            self.num_envs = num_envs
            self.single_observation_space = env_spaces.observation_space(codec)
            self.single_action_space = env_spaces.action_space(codec)
            self.observation_space = batch_space(self.single_observation_space, num_envs)
            self.action_space = batch_space(self.single_action_space, num_envs)
            self.render_mode = None
            self._core = vec_env(
                config(**table.rules.core_config()),
                num_envs,
                bots,
                seat,
                threads,
                self.reward_scale,
            )
            core = self._core
            self.observations = {"observation": core.observations, "action_mask": core.masks}
            self.rewards: np.ndarray = core.rewards
            self.terminations: np.ndarray = core.terminations
            self.truncations = np.zeros(num_envs, dtype=np.bool_)  # a hand always ends
            self.seats: np.ndarray = core.seats
            self.final_observations = {
                "observation": core.final_observations,
                "action_mask": np.zeros((num_envs, codec.num_actions), dtype=np.int8),
            }
            self.payments: np.ndarray = core.payments
            self.legal_counts: np.ndarray | None = getattr(core, "legal_counts", None)
            self.legal_actions: np.ndarray | None = getattr(core, "legal_actions", None)
            self._seed = None if seed is None else check_seed(seed)

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
            """Deal every environment anew: ``seed=s`` gives environment i the seed
            ``hand_seed(s, i)``; without one, the constructor's seed the first time, then a
            seed from the operating system."""
            if seed is not None:
                base = check_seed(seed)
            elif self._seed is not None:
                base = self._seed
            else:
                base = secrets.randbits(64)
            self._seed = None
            self._core.reset(base)
            return self.observations, {"seat": self.seats}

        def step(
            self, actions: Any
        ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
            """One action per environment (its acting seat's); a ValueError names the first
            that is not legal now, and then no environment has stepped."""
            self._core.step(np.asarray(actions, dtype=np.int64))
            infos: dict[str, Any] = {"seat": self.seats}
            ended = self.terminations
            if ended.any():
                done = ended.copy()
                infos["final_obs"] = self.final_observations
                infos["_final_obs"] = done
                infos["final_info"] = {"payments": self.payments, "_payments": done}
                infos["_final_info"] = done
            return self.observations, self.rewards, ended, self.truncations, infos

        def action_masks(self) -> np.ndarray:
            """The masks now, as bool (what sb3-contrib's MaskablePPO reads)."""
            return np.asarray(self.observations["action_mask"], dtype=bool)

        def hand_seed(self, env: int) -> int:
            """The seed of environment `env`'s current hand (``Game(rules, seed=…)`` deals it)."""
            return int(self._core.hand_seed(env))

        def moves(self, env: int) -> list[str]:
            """The moves of environment `env`'s current hand so far."""
            return list(self._core.moves(env))

    return TableVectorEnv
