"""Gymnasium ids for the single-seat environments: ``gymnasium.make("pyyijing/changsha-v0")``.

Registered when `pyyijing.env` builds its first Gymnasium environment (and by
`register_gym_ids()`), so that ``import pyyijing`` does not import Gymnasium.
The keywords of `gymnasium.make` go to `pyyijing.env.make_gym`:
``gymnasium.make("pyyijing/common-v0", opponents="greedy", void_suit=True)``.
"""

from __future__ import annotations

from .names import VERSION, names

NAMESPACE = "pyyijing"


def gym_id(name: str) -> str:
    return f"{NAMESPACE}/{name}-v{VERSION}"


def register_gym_ids() -> list[str]:
    """Register every environment's id with Gymnasium (again: nothing new); the ids."""
    import gymnasium

    ids = []
    for name in names():
        env_id = gym_id(name)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="pyyijing.env:make_gym", kwargs={"name": name}
            )
        ids.append(env_id)
    return ids
