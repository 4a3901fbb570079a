"""Deterministic, platform-independent PRNG, shared by every game.

Bit-for-bit the same algorithms as ``core_cpp/include/yijing/prng.hpp``;
golden vectors in the tests of both languages pin them down. Python ints are
unbounded, so every 64-bit operation is masked with ``MASK64`` (arithmetic
mod 2**64). A game's shuffle lives in its own package (Yi Jing Pai's wall:
``yijingpai/wall.py``).

Arguments are not validated here: the ``pyyijing`` layer checks them once for
every backend.
"""

from __future__ import annotations

MASK64 = 0xFFFFFFFFFFFFFFFF
# SplitMix64's increment (the golden gamma of Vigna's splitmix64.c).
GAMMA = 0x9E3779B97F4A7C15


def splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: return ``(new_state, output)``.

    SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number
    generators", OOPSLA 2014), constants from Vigna's reference splitmix64.c.
    """
    state = (state + GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def hand_seed(seed: int, index: int) -> int:
    """SplitMix64 output number ``index + 1`` of `seed`: the wall seed of hand `index`
    (0-based) of a match or batch with seed `seed`.

    The state before that output is ``seed + index * GAMMA``, so any hand's seed is
    one step away: hands are independent and each is reproducible on its own.
    """
    return splitmix64((seed + GAMMA * index) & MASK64)[1]


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class Xoshiro256ss:
    """xoshiro256** 1.0 (Blackman, Vigna, "Scrambled linear pseudorandom number
    generators", ACM TOMS 2021), seeded with four successive SplitMix64 outputs
    from the 64-bit seed."""

    def __init__(self, seed: int) -> None:
        sm = seed & MASK64
        words = []
        for _ in range(4):
            sm, out = splitmix64(sm)
            words.append(out)
        self.s0: int = words[0]
        self.s1: int = words[1]
        self.s2: int = words[2]
        self.s3: int = words[3]

    def next(self) -> int:
        """The next 64-bit output."""
        s0 = self.s0
        s1 = self.s1
        s2 = self.s2
        s3 = self.s3
        result = (_rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        self.s0 = s0
        self.s1 = s1
        self.s2 = s2
        self.s3 = s3
        return result

    def uniform(self, n: int) -> int:
        """An unbiased integer in ``[0, n)`` by rejection.

        Draws ``r = next()`` until ``r >= (2**64 - n) % n`` and returns
        ``r % n``. ``n == 0`` stands for 2**64 (returns ``next()``), as in C++.
        """
        if n == 0:
            return self.next()
        threshold = ((1 << 64) - n) % n
        while True:
            r = self.next()
            if r >= threshold:
                return r % n

    def state(self) -> tuple[int, int, int, int]:
        """The four 64-bit state words."""
        return (self.s0, self.s1, self.s2, self.s3)
