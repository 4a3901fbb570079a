"""The PettingZoo parallel form of any registered game: every agent sends an action
each cycle, and the engine takes those of the seats it lets act.

A cycle applies, in seat order, the action of each seat the engine lets act
when the cycle begins (one seat in turn or offered a claim; every seat still
to choose in the simultaneous phases: Yi Jing Pai's targets, the void suits,
Shaoyang's raises). The other agents' actions are ignored: their masks are
all 0, and any action of the space is accepted from them. This is the form
PettingZoo's parallel tools and `max_cycles` take; `parallel_to_aec` turns it
into an AEC environment in which every agent moves once per cycle.

`illegal_action` says what an acting seat's illegal action does:
``"terminate"`` (PettingZoo's classic convention: the hand ends, that agent gets
`illegal_reward`, the others 0) or ``"penalise"`` (the action is not applied, the
agent gets `illegal_reward` and is still to act next cycle: for learners that
do not read the mask). `max_cycles` truncates the hand after that many cycles.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from . import spaces as env_spaces
from .checks import check_number, check_render_mode
from .names import agent_name, env_metadata
from .seeding import HandSeeds

ILLEGAL_ACTIONS = ("terminate", "penalise")


class ParallelTableEnv(ParallelEnv):  # type: ignore[misc]
    """A hand of a registered game as a PettingZoo parallel environment (see the module)."""

    def __init__(
        self,
        codec: Any,
        deal: Callable[[int], Any],
        *,
        max_cycles: int | None = None,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        if max_cycles is not None and (
            isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
        ):
            raise ValueError(f"max_cycles must be None or an int >= 1; got {max_cycles!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            allowed = ", ".join(ILLEGAL_ACTIONS)
            raise ValueError(f"illegal_action must be one of {allowed}; got {illegal_action!r}")
        self.codec = codec
        self._deal = deal
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.illegal_reward = check_number("illegal_reward", illegal_reward)
        self.reward_scale = check_number("reward_scale", reward_scale)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = env_metadata(codec.name, parallel=True)
        self.possible_agents = [agent_name(s) for s in range(codec.num_players)]
        self._action_space = env_spaces.action_space(codec)
        self._observation_space = env_spaces.observation_space(codec)
        self._seeds = HandSeeds()
        self.game: Any = None
        self.cycles = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.game = self._deal(self._seeds.next(seed))
        self.agents = list(self.possible_agents)
        self.cycles = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        game = self.game
        rewards = dict.fromkeys(self.agents, 0.0)
        terminated = False
        for seat in list(game.to_act):
            if game.result is not None or seat not in game.to_act:
                continue
            agent = agent_name(seat)
            if agent not in actions:
                raise ValueError(f"{agent} is to act and sent no action")
            move = self.codec.action_to_move(int(actions[agent]), seat)
            if game.validate(move).ok:
                game.apply(move)
                continue
            rewards[agent] += self.illegal_reward
            if self.illegal_action == "terminate":
                terminated = True
                break
        self.cycles += 1
        result = game.result
        if result is not None:
            for s, payment in enumerate(result.payments):
                rewards[agent_name(s)] += float(payment) * self.reward_scale
            terminated = True
        truncated = (
            not terminated and self.max_cycles is not None and self.cycles >= self.max_cycles
        )
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, terminated)
        truncations = dict.fromkeys(self.agents, truncated)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if terminated or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return str(self.codec.render(self.game, None))

    def close(self) -> None:
        pass

    def _observations(self) -> dict[str, Any]:
        return {
            a: env_spaces.observation(self.codec, self.game, s)
            for s, a in enumerate(self.possible_agents)
            if a in self.agents
        }
