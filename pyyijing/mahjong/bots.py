"""The mahjong bots, one move at a time or whole hands (docs/mahjong-bots.md).

``mj.bot_move(game, "heuristic")`` asks a built-in bot for a move: native
games use the C++ bots (core_cpp/src/mahjong/bots.cpp), the others the
fallback ones (pyyijing/fallback/mahjong/bots.py), which choose the same
move. ``mj.play_bots`` plays a seeded hand with the spec's seeding and
``mj.bot_tournament`` seat-balanced hands with each policy's mean payment and
its 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .. import _backend, _registry
from ..core.active import active
from ..core.seeds import check_seed
from .game import Game
from .rules import Rules

BOTS: tuple[str, ...] = ("random", "greedy", "heuristic")
#: The bots of the hand with wall seed W draw from Xoshiro256ss(W ^ BOT_SEED_XOR).
BOT_SEED_XOR = 0xA0761D6478BD642F
GAME = "mahjong"


def _backend_name(backend: str | None) -> str:
    if backend is None:
        return active()
    if backend not in _registry.BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(_registry.BACKENDS)}; got {backend!r}")
    return backend


def _check_policy(policy: object) -> str:
    if not isinstance(policy, str) or policy not in BOTS:
        raise ValueError(f"policy must be one of {', '.join(BOTS)}; got {policy!r}")
    return policy


def _check_policies(policies: Sequence[str]) -> tuple[str, ...]:
    if isinstance(policies, str):
        policies = (policies,) * 4
    out = tuple(policies)
    if len(out) != 4:
        raise ValueError(f"policies must name four bots (one per seat); got {len(out)}")
    for p in out:
        _check_policy(p)
    return out


def bot_rng(wall_seed: int, backend: str | None = None) -> Any:
    """The generator the bots of the hand with wall seed `wall_seed` share:
    ``Xoshiro256ss(wall_seed ^ 0xA0761D6478BD642F)`` of `backend` (None: the active one)."""
    wall_seed = check_seed(wall_seed)
    return _backend.load(_backend_name(backend)).xoshiro256ss(wall_seed ^ BOT_SEED_XOR)


def bot_move(
    game: Game,
    policy: str | int = "random",
    seat: int | str | None = None,
    seed: int = 0,
    *,
    rng: Any = None,
) -> str:
    """The move built-in bot `policy` makes for `seat` (default: the first seat to act).

    ``bot_move(game, "greedy", 2, seed)`` and ``bot_move(game, 2, "greedy", seed)``
    are the same call. The bot's random choices come from ``Xoshiro256ss(seed)``,
    or from `rng` (an Xoshiro256ss of the game's backend, e.g. ``bot_rng(W,
    game.backend)``, to go on drawing from one generator). The native and the
    fallback bots choose the same move (docs/mahjong-bots.md).
    """
    if isinstance(policy, int) and not isinstance(policy, bool) and isinstance(seat, str):
        policy, seat = seat, policy
    if not isinstance(game, Game):
        raise TypeError(f"game must be a pyyijing.mahjong.Game; got {type(game).__name__}")
    name = _check_policy(policy)
    to_act = game.to_act
    if seat is None:
        if not to_act:
            raise ValueError("nobody may act: the hand is over")
        seat = to_act[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in to_act:
        raise ValueError(f"seat {seat!r} may not act now (to act: {to_act})")
    if rng is None:
        rng = _backend.load(game.backend).xoshiro256ss(check_seed(seed))
    core = game._core
    if game.backend == "native":
        return str(_registry.load(GAME, "sim", "native").bot_move(core, seat, name, rng))
    bots = _registry.load(GAME, "bots", game.backend)
    return str(bots.choose(name, core.view(seat), core.legal_moves(seat), game.rules, rng))


def play_bots(
    rules: Rules | None = None,
    seed: int = 0,
    policies: Sequence[str] = ("random", "random", "random", "random"),
    backend: str | None = None,
) -> Game:
    """The hand ``Game(rules, seed=seed)`` played to its end by ``policies[seat]``, every
    bot drawing from ``bot_rng(seed)`` in move order (docs/mahjong-bots.md "Seeding")."""
    game = Game(rules, seed=seed, backend=backend)
    pols = _check_policies(policies)
    rng = bot_rng(seed, game.backend)
    while True:
        to_act = game.to_act
        if not to_act:
            return game
        seat = to_act[0]
        game.apply(bot_move(game, pols[seat], seat, rng=rng))


def _interval(values: list[float]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else 0.0
    return {"mean": mean, "low": mean - half, "high": mean + half}


def bot_tournament(
    rules: Rules | None = None,
    hands: int = 1000,
    seed: int = 0,
    policies: Sequence[str] = ("heuristic", "greedy", "random", "random"),
    rotate: bool = True,
    start: int = 0,
    backend: str | None = None,
) -> dict[str, Any]:
    """Hands ``start .. start+hands-1`` (hand i: wall seed ``game_seed(seed, i)``; with
    `rotate` seat s plays ``policies[(s + i) % 4]``): each policy's mean payment per hand
    with its 95% interval (normal, over hands; a policy in two seats of a hand counts
    their average), and every hand's payments by seat."""
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a pyyijing.mahjong.Rules; got {type(rules).__name__}")
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ValueError(f"hands must be an int >= 1; got {hands!r}")
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise ValueError(f"start must be an int >= 0; got {start!r}")
    seed = check_seed(seed)
    pols = _check_policies(policies)
    name = _backend_name(backend)
    config = _registry.load(GAME, "config", name)(**rules.core_config())
    if name == "native":
        pay = _registry.load(GAME, "sim", "native").bot_hands(
            config, seed, start, hands, list(pols), rotate
        )
    else:
        bots = _registry.load(GAME, "bots", name)
        pay = bots.bot_hands(
            config,
            seed,
            start,
            hands,
            pols,
            rotate,
            _registry.load(GAME, "engine", name),
            _registry.load(GAME, "wall", name),
            _backend.load(name).xoshiro256ss,
        )
    per: dict[str, list[float]] = {p: [] for p in dict.fromkeys(pols)}
    for j, row in enumerate(pay):
        i = start + j
        seated = [pols[(s + i) % 4 if rotate else s] for s in range(4)]
        for p, values in per.items():
            seats = [s for s in range(4) if seated[s] == p]
            values.append(sum(row[s] for s in seats) / len(seats))
    return {
        "hands": hands,
        "seed": seed,
        "start": start,
        "rotate": rotate,
        "policies": list(pols),
        "ruleset": rules.ruleset,
        "backend": name,
        "by_policy": {p: _interval(v) for p, v in per.items()},
        "payments": [list(r) for r in pay],
    }
