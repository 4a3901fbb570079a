"""A seeded `mj.Game` takes the engine's shuffle without checking it (ValidateMove's
hot path, pyyijing/mahjong/game.py): that is sound only while every backend's
shuffle deals exactly the tiles `check_wall` demands, which is pinned here."""

from __future__ import annotations

import os

import pytest

from pyyijing import _backend
from pyyijing import mahjong as mj
from pyyijing.mahjong.game import check_wall, parts

# One ruleset per wall size: 136 tiles, 144 (flowers), 108 (Changsha).
RULES = (mj.Rules("common"), mj.Rules("common", flowers=True), mj.Rules("changsha"))
SEEDS = (0, 1, 2, 17, 2**32 + 5, 2**63 - 1, 2**64 - 1)


def _parts(name: str) -> object:
    try:
        return parts(name)
    except ImportError as exc:
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {name} unavailable: {exc}")
        pytest.skip(f"backend {name} unavailable: {exc}")


@pytest.mark.parametrize("name", _backend.BACKENDS)
@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.tile_set)
def test_every_shuffle_is_a_full_wall(name: str, rules: mj.Rules) -> None:
    p = _parts(name)
    for seed in [*SEEDS, *range(100, 400)]:
        wall, _dice = p.shuffle_wall(seed, rules.tile_set)  # type: ignore[attr-defined]
        assert isinstance(wall, str)
        assert check_wall(rules, wall) == wall
        assert len(wall) == 2 * rules.tiles
        game = mj.Game(rules, seed=seed, backend=name)
        assert game.wall == wall


def test_a_given_wall_is_still_checked() -> None:
    rules = mj.Rules("common")
    wall = mj.Game(rules, seed=3).wall
    other = "1m" if wall[-2:] != "1m" else "2m"
    with pytest.raises(ValueError, match=r"^wall has [345] of "):
        mj.Game(rules, wall=wall[:-2] + other, dealer=0)
    with pytest.raises(ValueError, match=r"unknown tile '9z'"):
        mj.Game(rules, wall=wall[:-2] + "9z", dealer=0)
