"""The deterministic wall shuffle (validation here, algorithm in each backend).

The algorithm (identical on every backend, see ``pyyijing/fallback/prng.py``):
SplitMix64 seeds xoshiro256**; Fisher-Yates from the last index with unbiased
bounded draws by rejection; then two dice from the same generator.
"""

from __future__ import annotations

from .._backend import Backend
from ..core.seeds import check_seed

DECKS: tuple[int, ...] = (144, 162)
TAIJI_RULES: tuple[str, ...] = ("wild", "none")


def check_deck(deck: object) -> int:
    if isinstance(deck, bool) or deck not in DECKS:
        raise ValueError(f"deck must be one of {', '.join(map(str, DECKS))}, got {deck!r}")
    assert isinstance(deck, int)
    return int(deck)


def check_taiji(taiji: object) -> str:
    if not isinstance(taiji, str) or taiji not in TAIJI_RULES:
        raise ValueError(f"taiji must be one of {', '.join(map(repr, TAIJI_RULES))}, got {taiji!r}")
    return taiji


def shuffle_wall_with(
    backend: Backend, seed: int, deck: int = 144, taiji: str = "wild"
) -> tuple[str, tuple[int, int]]:
    """`shuffle_wall` on an explicit backend (validated the same way)."""
    return backend.shuffle_wall(check_seed(seed), check_deck(deck), check_taiji(taiji))
