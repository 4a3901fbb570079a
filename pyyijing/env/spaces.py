"""The Gymnasium spaces of a codec: ``Discrete(num_actions)`` and PettingZoo's classic
observation dict ``{"observation": Box(uint8), "action_mask": Box(int8)}``."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces


def action_space(codec: Any) -> spaces.Discrete:
    return spaces.Discrete(codec.num_actions)


def observation_space(codec: Any) -> spaces.Dict:
    high = np.asarray(codec.observation_high, dtype=np.uint8)
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=np.zeros_like(high), high=high, shape=codec.observation_shape, dtype=np.uint8
            ),
            "action_mask": spaces.Box(0, 1, shape=(codec.num_actions,), dtype=np.int8),
        }
    )


def observation(codec: Any, game: Any, seat: int) -> dict[str, np.ndarray]:
    """`seat`'s observation and action mask now."""
    return {"observation": codec.observe(game, seat), "action_mask": codec.legal_mask(game, seat)}
