"""Random damage to serialized requests, shared by the wire fuzz tests: each mutant
must be declined by a fast path or answered exactly as the ordinary path answers."""

from __future__ import annotations

import random
from collections.abc import Sequence


def mutate(data: bytes, rng: random.Random, base: Sequence[bytes]) -> bytes:
    """One to three random edits of `data`: a byte overwritten, the tail cut off, or
    a slice (1-39 bytes) of another valid request in `base` spliced in. Splices keep
    most mutants well-formed enough to reach the parsers' deeper checks."""
    out = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(3)
        if op == 0 and out:
            out[rng.randrange(len(out))] = rng.randrange(256)
        elif op == 1 and out:
            del out[rng.randrange(len(out)) :]
        else:
            other = rng.choice(base)
            at = rng.randrange(len(other))
            out[rng.randrange(len(out) + 1) : 0] = other[at : at + rng.randrange(1, 40)]
    return bytes(out)
