"""The deterministic PRNG and wall shuffle: golden vectors on every backend."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyyijing as yj
from pyyijing import _backend
from pyyijing.yijingpai.shuffle import shuffle_wall_with

U64 = st.integers(min_value=0, max_value=2**64 - 1)


def test_splitmix64_known_vector(backend: _backend.Backend, golden: dict[str, Any]) -> None:
    state, out = backend.splitmix64(0)
    assert out == 0xE220A8397B1DCDAF == golden["splitmix64_state0_first"]
    assert state == 0x9E3779B97F4A7C15


def test_xoshiro_first_20(backend: _backend.Backend, golden: dict[str, Any]) -> None:
    rng = backend.xoshiro256ss(0)
    assert [rng.next() for _ in range(20)] == golden["xoshiro256ss_seed0_first20"]


def test_xoshiro_seeding(backend: _backend.Backend) -> None:
    sm = 42
    words = []
    for _ in range(4):
        sm, out = backend.splitmix64(sm)
        words.append(out)
    assert tuple(backend.xoshiro256ss(42).state()) == tuple(words)


def test_golden_walls(backend: _backend.Backend, golden: dict[str, Any]) -> None:
    assert len(golden["shuffles"]) >= 5
    for case in golden["shuffles"]:
        wall, dice = shuffle_wall_with(backend, case["seed"], case["deck"], case["taiji"])
        assert wall == case["wall"], case["seed"]
        assert list(dice) == case["dice"], case["seed"]


def test_public_shuffle_wall_matches_golden(golden: dict[str, Any]) -> None:
    for case in golden["shuffles"]:
        wall, (d1, d2) = yj.shuffle_wall(case["seed"], deck=case["deck"], taiji=case["taiji"])
        assert (wall, [d1, d2]) == (case["wall"], case["dice"])


@pytest.mark.parametrize(
    ("deck", "taiji", "yang", "yin", "taiji_tiles"),
    [(144, "wild", 70, 70, 4), (162, "wild", 79, 79, 4), (144, "none", 70, 70, 0),
     (162, "none", 79, 79, 0)],
)  # fmt: skip
def test_wall_composition(
    backend: _backend.Backend, deck: int, taiji: str, yang: int, yin: int, taiji_tiles: int
) -> None:
    for seed in range(10):
        wall, (d1, d2) = shuffle_wall_with(backend, seed, deck, taiji)
        assert (wall.count("1"), wall.count("0"), wall.count("T")) == (yang, yin, taiji_tiles)
        assert len(wall) == yang + yin + taiji_tiles
        assert 1 <= d1 <= 6
        assert 1 <= d2 <= 6


def test_defaults() -> None:
    assert yj.shuffle_wall(7) == yj.shuffle_wall(7, deck=144, taiji="wild")
    assert yj.shuffle_wall(7) != yj.shuffle_wall(8)


@settings(max_examples=60, deadline=None)
@given(seed=U64, deck=st.sampled_from([144, 162]), taiji=st.sampled_from(["wild", "none"]))
def test_backends_agree(seed: int, deck: int, taiji: str) -> None:
    results = {
        name: shuffle_wall_with(_backend.load(name), seed, deck, taiji)
        for name in _backend.available()
    }
    assert len(set(results.values())) == 1, results


@settings(max_examples=60, deadline=None)
@given(seed=U64, n=st.integers(min_value=1, max_value=2**64 - 1))
def test_uniform_agrees_and_in_range(seed: int, n: int) -> None:
    draws = set()
    for name in _backend.available():
        rng = _backend.load(name).xoshiro256ss(seed)
        draw = tuple(rng.uniform(n) for _ in range(3))
        assert all(0 <= d < n for d in draw)
        draws.add(draw)
    assert len(draws) == 1


@pytest.mark.parametrize("seed", [-1, 2**64, 2**100, -(2**63)])
def test_seed_out_of_range_is_value_error(backend: _backend.Backend, seed: int) -> None:
    with pytest.raises(ValueError, match=r"\[0, 2\*\*64\)"):
        shuffle_wall_with(backend, seed)


@pytest.mark.parametrize("seed", [True, False, 1.0, "7", None, 7.5])
def test_seed_not_int_is_type_error(backend: _backend.Backend, seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be an int"):
        shuffle_wall_with(backend, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("deck", [0, 140, 158, "144", True, None])
def test_bad_deck(backend: _backend.Backend, deck: object) -> None:
    with pytest.raises(ValueError, match="deck must be one of 144, 162"):
        shuffle_wall_with(backend, 1, deck)  # type: ignore[arg-type]


@pytest.mark.parametrize("taiji", ["Wild", "", "none ", 4, None])
def test_bad_taiji(backend: _backend.Backend, taiji: object) -> None:
    with pytest.raises(ValueError, match="taiji must be one of 'wild', 'none'"):
        shuffle_wall_with(backend, 1, 144, taiji)  # type: ignore[arg-type]


def test_public_api_validates() -> None:
    with pytest.raises(ValueError, match="seed"):
        yj.shuffle_wall(-1)
    with pytest.raises(TypeError, match="seed"):
        yj.shuffle_wall(True)
    with pytest.raises(ValueError, match="deck"):
        yj.shuffle_wall(1, deck=100)
    with pytest.raises(ValueError, match="taiji"):
        yj.shuffle_wall(1, taiji="tame")


def test_native_rejects_bad_options_without_crashing() -> None:
    # Defence in depth: the C++ binding itself never crashes on bad options.
    native = pytest.importorskip("pyyijing._native.yijingpai")
    with pytest.raises(ValueError, match="deck"):
        native.shuffle_wall(1, 100, "wild")
    with pytest.raises(ValueError, match="taiji"):
        native.shuffle_wall(1, 144, "tame")
    with pytest.raises(TypeError):
        native.shuffle_wall(-1, 144, "wild")
