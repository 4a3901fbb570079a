"""The seeds every game shares (pyyijing.core.seeds): one SplitMix64 for all.

Hand ``h`` of a match or batch with seed ``S`` uses SplitMix64 output ``h + 1``
of ``S`` (docs/mahjong.md "Match", docs/simulation.md, docs/mahjong-engine.md
"random_hands", docs/mahjong-bots.md). The expected values are the reference splitmix64.c outputs
for seed 0 (Vigna), not this code's.
"""

from __future__ import annotations

import importlib

import pytest

from pyyijing import _registry
from pyyijing.core.seeds import hand_seed

# splitmix64.c with x = 0: the first four outputs of next().
REFERENCE_SEED0 = (
    0xE220A8397B1DCDAF,
    0x6E789E6AA1B965F4,
    0x06C45D188009454F,
    0xF88BB8A8724C81EC,
)


def test_hand_seeds_are_the_reference_splitmix64_outputs() -> None:
    assert tuple(hand_seed(0, h) for h in range(4)) == REFERENCE_SEED0


def test_a_hand_seed_is_one_step_from_the_match_seed_at_any_hand() -> None:
    # Output h + 1 of S is output 1 of S + h * gamma (mod 2**64): the top of the seed
    # range and a far hand wrap around instead of growing past 64 bits.
    gamma = 0x9E3779B97F4A7C15
    top = (1 << 64) - 1
    assert hand_seed(top, 1000) == hand_seed((top + 1000 * gamma) % (1 << 64), 0)
    assert 0 <= hand_seed(top, 10**6) < 1 << 64


@pytest.mark.parametrize("backend", ["cython", "python"])
def test_every_game_and_backend_seeds_hands_alike(backend: str) -> None:
    # One definition: the fallback engines (random play, bot tournaments) and the
    # Match/simulator layers of both games give the same seed for the same hand.
    try:
        prng = _registry.load(_registry.SHARED, "prng", backend)
    except ImportError:
        pytest.skip(f"the {backend} backend is not built")
    for seed, hand in ((0, 0), (42, 5), ((1 << 64) - 1, 77)):
        assert prng.hand_seed(seed, hand) == hand_seed(seed, hand)
    for module in ("pyyijing.yijingpai.match", "pyyijing.yijingpai.sim", "pyyijing.mahjong.sim"):
        assert importlib.import_module(module).hand_seed is hand_seed
