"""PettingZoo's api_test as the environment tests run it: every warning is an error
but the two PettingZoo raises for any dict observation outside its own classic
environments (its lists env_obs_dicts and env_obs_space), whose convention
({"observation", "action_mask"}) these environments follow."""

from __future__ import annotations

import warnings
from typing import Any

CLASSIC_DICT_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def api_test(env: Any, num_cycles: int) -> None:
    from pettingzoo.test import api_test as pettingzoo_api_test

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for text in CLASSIC_DICT_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        pettingzoo_api_test(env, num_cycles=num_cycles)
