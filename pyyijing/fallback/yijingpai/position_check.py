"""``check_positions``: the fallback twin of core_cpp's position_check.

A position is a deal plus the moves played so far; each item is replayed and
one more move checked. This is what a stateless referee does for every
request, so the service sends whole batches here in one call.
"""

from __future__ import annotations

from typing import Any

from .config import Config
from .engine import GameCore
from .wall import shuffle_wall

CheckResult = tuple[int, str, str]


def check_positions(config: Config, items: list[Any]) -> list[CheckResult]:
    """``[(bad_move, code, message)]`` for items ``(seed, wall, dealer, moves, move)``
    under `config` (its deck and taiji make the walls of seed deals).

    ``seed`` None means the exact ``wall`` is dealt from ``dealer``; otherwise
    the seed's wall is dealt and ``dealer`` -1 lets its dice pick the dealer.
    ``bad_move`` -1: ``(code, message)`` is the verdict of ``move``; otherwise
    it is the index of the first illegal history move and why it is illegal.
    """
    if not isinstance(config, Config):
        raise TypeError(f"config must be a {Config.__module__}.Config; got {type(config).__name__}")
    deck = config.deck
    taiji = config.taiji
    players = config.players
    out: list[CheckResult] = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 5:
            raise TypeError("each item must be a tuple (seed, wall, dealer, moves, move)")
        seed, wall, dealer, moves, move = item
        if not isinstance(moves, list):
            raise TypeError("moves must be a list of str")
        for m in [*moves, move]:
            if not isinstance(m, str):
                raise TypeError(f"a move must be a str; got {type(m).__name__}")
        if seed is not None:
            wall, dice = shuffle_wall(seed, deck, taiji)
            if dealer < 0:
                dealer = (dice[0] + dice[1] - 1) % players
        elif not isinstance(wall, str):
            raise TypeError(f"wall must be a str; got {type(wall).__name__}")
        core = GameCore(config, wall, dealer)
        result: CheckResult | None = None
        for i, m in enumerate(moves):
            code, message = core.apply(m)
            if code != "ok":
                result = (i, code, message)
                break
        if result is None:
            code, message = core.check(move)
            result = (-1, code, message)
        out.append(result)
    return out
