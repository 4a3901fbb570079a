"""pyyijing.sim: the runner is game-independent (a toy game plugs in); Yi Jing Pai's schema."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pyyijing as yj
from pyyijing import sim
from pyyijing.simulate import game_seed, game_sim
from pyyijing.yijingpai.sim import YijingpaiSim


class _CoinTally:
    def __init__(self) -> None:
        self.games = 0
        self.heads = 0

    def add(self, arrays: dict[str, np.ndarray]) -> None:
        self.games += len(arrays["coin"])
        self.heads += int(arrays["coin"].sum())

    def merge(self, other: Any) -> None:
        self.games += other.games
        self.heads += other.heads

    def summary(self) -> dict[str, Any]:
        return {"games": self.games, "heads": sim.rate(self.heads, self.games)}


class _CoinRules:
    players = 2

    def to_dict(self) -> dict[str, Any]:
        return {}


class _CoinSim(sim.GameSim):
    """Game i: one coin, heads iff bit 0 of hash(seed, i); no native simulator."""

    game = "coin"
    bots = ("any",)
    rules_type = _CoinRules

    @staticmethod
    def players(rules: Any) -> int:
        return 2

    @staticmethod
    def rules_from_dict(data: dict[str, Any]) -> Any:
        return _CoinRules()

    def schema(self) -> dict[str, tuple[Any, tuple[int, ...]]]:
        return {"coin": (np.uint8, ()), "seats": (np.int8, (2,))}

    def run_native(self, first: int, count: int) -> dict[str, np.ndarray]:
        raise AssertionError("no native simulator")

    def run_python(self, first: int, count: int) -> dict[str, np.ndarray]:
        out = self.empty_arrays(count)
        for j in range(count):
            out["coin"][j] = game_seed(self.seed, first + j) & 1
            out["seats"][j] = [sim.seat_policy(first + j, s, 2, self.rotate) for s in range(2)]
        return out

    def new_tally(self) -> _CoinTally:
        return _CoinTally()

    def record(self, index: int) -> dict[str, Any]:
        return {"index": index}


def test_toy_game_runs_through_the_runner() -> None:
    seen: list[tuple[int, int]] = []
    a = sim.run(_CoinSim, 1000, _CoinRules(), seed=3, policies="any", chunk=64)
    b = sim.run(
        _CoinSim,
        1000,
        _CoinRules(),
        seed=3,
        policies="any",
        chunk=7,
        record_every=250,
        progress=lambda d, n: seen.append((d, n)),
    )
    assert a.arrays is not None
    assert b.arrays is not None
    for k in ("coin", "seats"):
        assert np.array_equal(a.arrays[k], b.arrays[k])
    assert a.arrays["seats"].shape == (1000, 2)
    assert a.summary == b.summary
    assert a.summary["games"] == 1000
    assert a.summary["backend"] == yj.backend()
    assert [r["index"] for r in b.records] == [0, 250, 500, 750]
    assert seen[-1] == (1000, 1000)
    with pytest.raises(ValueError, match="unknown policy"):
        sim.run(_CoinSim, 10, _CoinRules(), policies="random")


@pytest.mark.parametrize("h", [0, 4])
def test_yijingpai_schema_matches_arrays(h: int) -> None:
    res = yj.simulate(40, seed=1, hands_per_match=h or None)
    assert res.arrays is not None
    runner = YijingpaiSim(yj.Rules(), 1, ["random"] * 4, True, 1, "python", hands_per_match=h)
    schema = runner.schema()
    assert list(schema) == list(res.arrays)
    for name, (dtype, shape) in schema.items():
        assert res.arrays[name].dtype == np.dtype(dtype)
        assert res.arrays[name].shape == (40, *shape)


def test_game_lookup() -> None:
    assert game_sim("yijingpai") is YijingpaiSim
    assert YijingpaiSim in [spec.load("sim") for spec in yj.games()]
    assert yj.SimResult is sim.SimResult
    with pytest.raises(ValueError, match=r"game must be one of yijingpai, mahjong.*got 'nope'"):
        game_sim("nope")
