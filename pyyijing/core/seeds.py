"""Seeds: the checked 64-bit seed and the seed of each hand of a match or batch.

The SplitMix64 step itself is the backends' shared generator
(``pyyijing/fallback/prng.py``, standard library only so that Cython compiles
it too); this module gives the games its public face.
"""

from __future__ import annotations

from ..fallback.prng import hand_seed

__all__ = ["SEED_LIMIT", "check_seed", "hand_seed"]

SEED_LIMIT = 1 << 64


def check_seed(seed: object) -> int:
    """Return `seed` if it is an int in [0, 2**64).

    Raises TypeError for a non-int (bool and float included) and ValueError for
    an int outside the unsigned 64-bit range.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int in [0, 2**64), got {type(seed).__name__}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed must be in [0, 2**64) (unsigned 64-bit), got {seed}")
    return int(seed)
