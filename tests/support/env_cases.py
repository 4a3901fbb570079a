"""The environments and option mixes every generic environment test runs on."""

from __future__ import annotations

from typing import Any

import pytest

# Each registered ruleset with its defaults, and option mixes that change the
# action or observation layout or the flow (players, variant, taiji, void suits,
# 報聽 off, flowers, birds, mid-game wins).
MIXES: list[tuple[str, dict[str, Any]]] = [
    ("yijingpai", {}),
    ("yijingpai", {"players": 2, "variant": "simple"}),
    ("yijingpai", {"players": 3, "taiji": "none", "deck": 162}),
    ("common", {}),
    ("common", {"void_suit": True}),
    ("common", {"declare_ready": False, "flowers": True}),
    ("shaoyang", {}),
    ("changsha", {}),
    ("changsha", {"birds": 4, "mid_game_wins": True, "opening_extras": True}),
]


def mix_params() -> list[Any]:
    return [
        pytest.param(name, options, id=name + "".join(f"-{k}={v}" for k, v in options.items()))
        for name, options in MIXES
    ]
