"""Reinforcement-learning environments for every registered game (docs/env.md).

- ``make(name, **options)``: the PettingZoo AEC environment of a ruleset
  (``"yijingpai"``, ``"common"``, ``"shaoyang"``, ``"changsha"``; ``"changsha_v0"``
  too), its rules built from `options` (``make("changsha", birds=4)``);
- ``make_gym(name, opponents=…, seat=0, **options)``: the Gymnasium environment of
  one seat against built-in bots;
- ``parallel_env(name, max_cycles=None, illegal_action="terminate", **options)``: the
  PettingZoo parallel form (every agent sends an action each cycle; the engine
  takes those of the seats it lets act);
- ``names()``: the environments there are; ``register_gym_ids()`` makes the
  single-seat ones known to ``gymnasium.make`` as ``"pyyijing/<name>-v0"``.

All take the environment's own keywords besides the rules' options:
``reward_scale`` (a factor on the payments), ``render_mode`` (None or "ansi") and
``backend`` (the engine's backend; None: the active one).
"""

from __future__ import annotations

from typing import Any

from .gym_ids import gym_id, register_gym_ids
from .names import VERSION, Table, names
from .vector import VectorEnv

__all__ = [
    "VERSION",
    "VectorEnv",
    "action_to_move",
    "gym_id",
    "make",
    "make_gym",
    "move_to_action",
    "names",
    "parallel_env",
    "raw_env",
    "register_gym_ids",
]


def raw_env(
    name: str,
    *,
    reward_scale: float = 1.0,
    render_mode: str | None = None,
    backend: str | None = None,
    **options: Any,
) -> Any:
    """The AEC environment without PettingZoo's wrappers: an illegal action raises
    ValueError instead of ending the game."""
    from .aec import TableEnv

    table = Table(name, options, backend)
    return TableEnv(table.codec, table.deal, reward_scale=reward_scale, render_mode=render_mode)


def make(
    name: str,
    *,
    reward_scale: float = 1.0,
    render_mode: str | None = None,
    backend: str | None = None,
    **options: Any,
) -> Any:
    """The PettingZoo AEC environment `name`, wrapped as PettingZoo's classic ones are:
    an illegal action ends the game with -1 for its agent and 0 for the others
    (`TerminateIllegalWrapper`), actions outside the space are refused, and the
    order of calls is enforced."""
    from pettingzoo.utils import wrappers

    env = raw_env(
        name, reward_scale=reward_scale, render_mode=render_mode, backend=backend, **options
    )
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def parallel_env(
    name: str,
    *,
    max_cycles: int | None = None,
    illegal_action: str = "terminate",
    illegal_reward: float = -1.0,
    reward_scale: float = 1.0,
    render_mode: str | None = None,
    backend: str | None = None,
    **options: Any,
) -> Any:
    """The PettingZoo parallel environment `name` (`pyyijing.env.parallel`): `max_cycles`
    truncates a hand; `illegal_action` is "terminate" (PettingZoo's classic convention)
    or "penalise" (not applied, `illegal_reward` given, the seat acts again)."""
    from .parallel import ParallelTableEnv

    table = Table(name, options, backend)
    return ParallelTableEnv(
        table.codec,
        table.deal,
        max_cycles=max_cycles,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
        reward_scale=reward_scale,
        render_mode=render_mode,
    )


def make_gym(
    name: str,
    opponents: object = ("heuristic", "greedy", "random"),
    seat: int = 0,
    *,
    reward_scale: float = 1.0,
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    backend: str | None = None,
    **options: Any,
) -> Any:
    """The Gymnasium environment of `seat` in `name`, the other seats played by the
    built-in bots `opponents` (one name for all, or one per other seat in turn order)."""
    from .single import SeatEnv

    table = Table(name, options, backend)
    if table.spec.bot is None:
        raise ValueError(f"{name!r}: the game {table.spec.name!r} has no bots for the other seats")
    return SeatEnv(
        table.codec,
        table.deal,
        table.spec.load("bot"),
        seat=seat,
        opponents=opponents,
        reward_scale=reward_scale,
        illegal_reward=illegal_reward,
        render_mode=render_mode,
    )


def action_to_move(name: str, action: int, seat: int, **options: Any) -> str:
    """The move of `seat` that action index `action` of environment `name` stands for
    (an environment's own ``env.unwrapped.codec`` converts without building one)."""
    return str(Table(name, options, None).codec.action_to_move(action, seat))


def move_to_action(name: str, move: str, **options: Any) -> int:
    """The action index of `move` (``"sN:..."``) in environment `name`."""
    return int(Table(name, options, None).codec.move_to_action(move))
