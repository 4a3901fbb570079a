"""The PettingZoo AEC environment of any registered game: one seat acts at a time.

The agents are ``player_0 … player_{n-1}``, seat for seat. The agent to act is
the lowest seat the engine lets act (where several may, as when every seat
lays its target or chooses its void suit, they act one after another in seat
order). Each agent observes PettingZoo's classic dict: ``"observation"`` (the
game's planes, from that seat's view alone) and ``"action_mask"`` (1 exactly at
the seat's legal moves; all 0 for a seat not to act).

The raw environment refuses an illegal action with a ValueError naming the
move and the engine's reason; `pyyijing.env.make` wraps it the way PettingZoo's
classic environments are wrapped (`TerminateIllegalWrapper`): an illegal action
ends the game with reward -1 for the agent that took it and 0 for the others.

Rewards come once, when the hand is over: each seat's payment
(``result.payments``, zero-sum) times `reward_scale`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import spaces as env_spaces
from .checks import check_number, check_render_mode
from .names import agent_name, env_metadata
from .seeding import HandSeeds


class TableEnv(AECEnv):  # type: ignore[misc]
    """A hand of a registered game as a PettingZoo AEC environment (see the module)."""

    def __init__(
        self,
        codec: Any,
        deal: Callable[[int], Any],
        *,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.codec = codec
        self._deal = deal
        self.reward_scale = check_number("reward_scale", reward_scale)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = env_metadata(codec.name, parallel=False)
        self.possible_agents = [agent_name(s) for s in range(codec.num_players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self._action_space = env_spaces.action_space(codec)
        self._observation_space = env_spaces.observation_space(codec)
        self._seeds = HandSeeds()
        self.game: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: ``reset(seed=s)`` deals the game ``seed=s`` deals."""
        self.game = self._deal(self._seeds.next(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.game.to_act[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return env_spaces.observation(self.codec, self.game, self._seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        move = self.codec.action_to_move(int(action), seat)
        try:
            self.game.apply(move)
        except ValueError as exc:  # IllegalMove: the game is unchanged
            raise ValueError(f"action {int(action)} is illegal for {agent} now: {exc}") from exc
        self._cumulative_rewards[agent] = 0.0
        result = self.game.result
        if result is None:
            self._clear_rewards()
            self.agent_selection = agent_name(self.game.to_act[0])
        else:
            self.rewards = {
                a: float(result.payments[s]) * self.reward_scale
                for a, s in self._seat_of.items()
                if a in self.rewards
            }
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return str(self.codec.render(self.game, None))

    def close(self) -> None:
        pass
