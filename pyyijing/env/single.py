"""The Gymnasium environment of one seat: the learner plays `seat`, built-in bots the rest.

The other seats are played by the game's built-in bots (`bot_move`, the C++
bots on the native backend), between the learner's turns, inside `reset` and
`step`; the learner sees only its own observations. Each bot decision draws
from ``Xoshiro256ss(hand_seed(S, m))``, S the hand's seed and m the number of
moves made, so a hand is reproducible from its seed and the learner's actions.

Observations are the AEC environment's dict (``"observation"``,
``"action_mask"``); `action_masks()` gives the mask too, as sb3-contrib's
MaskablePPO asks for it. An illegal action ends the episode with reward
`illegal_reward` (-1 by default, PettingZoo's classic convention) and changes
nothing; the info says ``{"illegal_action": a, "reason": ...}``. Otherwise the
reward is 0 until the hand is over, then the learner's payment times
`reward_scale`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import gymnasium
import numpy as np

from ..core.seeds import hand_seed
from . import spaces as env_spaces
from .checks import check_number, check_render_mode
from .seeding import HandSeeds


def opponent_policies(bots: Sequence[str], opponents: object, players: int) -> tuple[str, ...]:
    """The bot of each other seat: one name for all of them, or one per seat (the
    default's first ``players - 1`` names for a smaller table)."""
    if isinstance(opponents, str):
        chosen: tuple[Any, ...] = (opponents,) * (players - 1)
    else:
        try:
            chosen = tuple(cast("Iterable[Any]", opponents))
        except TypeError:
            raise TypeError(
                f"opponents must be a bot's name or a sequence of names; got {opponents!r}"
            ) from None
    if len(chosen) != players - 1:
        raise ValueError(
            f"opponents must name {players - 1} bots (one per other seat); got {len(chosen)}"
        )
    for name in chosen:
        if not isinstance(name, str) or name not in bots:
            raise ValueError(f"an opponent must be one of {', '.join(bots)}; got {name!r}")
    return chosen


class SeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a registered game against built-in bots (see the module)."""

    # An instance attribute's annotation, as gymnasium.Env declares it.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        codec: Any,
        deal: Callable[[int], Any],
        bot_move: Any,
        *,
        seat: int = 0,
        opponents: object = ("heuristic", "greedy", "random"),
        reward_scale: float = 1.0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        players = codec.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be an int in 0..{players - 1}; got {seat!r}")
        if opponents == ("heuristic", "greedy", "random") and players < 4:
            opponents = opponents[: players - 1]
        bots = getattr(sys.modules[bot_move.__module__], "BOTS", ())
        policies = opponent_policies(bots, opponents, players)
        self.codec = codec
        self._deal = deal
        self.seat = seat
        self.policy_of = {s: policies[i] for i, s in enumerate(self._others(seat, players))}
        self.reward_scale = check_number("reward_scale", reward_scale)
        self.illegal_reward = check_number("illegal_reward", illegal_reward)
        self.render_mode = check_render_mode(render_mode)
        self.action_space = env_spaces.action_space(codec)
        self.observation_space = env_spaces.observation_space(codec)
        self._bot_move = bot_move
        self._seeds = HandSeeds()
        self._hand_seed = 0
        self.game: Any = None

    @staticmethod
    def _others(seat: int, players: int) -> list[int]:
        return [(seat + i) % players for i in range(1, players)]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new hand (``reset(seed=s)``: the game ``seed=s`` deals) and let the
        bots play up to the learner's first turn."""
        super().reset(seed=seed)
        self._hand_seed = self._seeds.next(seed)
        self.game = self._deal(self._hand_seed)
        self._play_bots()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self.game.result is not None:
            raise RuntimeError("the hand is over: call reset()")
        move = self.codec.action_to_move(int(action), self.seat)
        verdict = self.game.validate(move)
        if not verdict.ok:
            info = {"illegal_action": int(action), "reason": f"{move}: {verdict.code}"}
            return self._observation(), self.illegal_reward, True, False, info
        self.game.apply(move)
        self._play_bots()
        result: Any = self.game.result  # not narrowed by the check above: apply() changed it
        if result is None:
            return self._observation(), 0.0, False, False, {}
        reward = float(result.payments[self.seat]) * self.reward_scale
        return self._observation(), reward, True, False, {"payments": list(result.payments)}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now (sb3-contrib's MaskablePPO reads this)."""
        return np.asarray(self.codec.legal_mask(self.game, self.seat), dtype=bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return str(self.codec.render(self.game, self.seat))

    def _observation(self) -> dict[str, np.ndarray]:
        return env_spaces.observation(self.codec, self.game, self.seat)

    def _play_bots(self) -> None:
        """The bots' moves until the learner is to act or the hand is over (where several
        seats may act, the lowest acts first, as in the AEC environment)."""
        game = self.game
        while game.result is None:
            seat = game.to_act[0]
            if seat == self.seat:
                return
            seed = hand_seed(self._hand_seed, len(game.moves))
            game.apply(self._bot_move(game, self.policy_of[seat], seat, seed))
