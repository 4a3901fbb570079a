"""Simulation at scale: `simulate`, bots, summaries (docs/simulation.md).

``simulate(games, rules=..., seed=..., policies=..., threads=0)`` plays games
``0 .. games-1``; game ``i`` is fully determined by ``(rules, seed,
policies, rotate, i)``. The game is the registered one (`pyyijing.core.registry`)
whose Rules `rules` is (`yj.Rules`: Yi Jing Pai, `pyyijing.yijingpai.sim`;
`mj.Rules`: mahjong, `pyyijing.mahjong.sim`); the runner shared by every
game (chunks, seeding, threads, Dask, intervals, records, progress) is
`pyyijing.sim`. This module keeps the public names of both, and Yi Jing Pai's
(the default game's) bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .core import registry
from .sim import GameSim, Policy, SimResult, check_count, run, wilson
from .sim.stats import Z95
from .yijingpai.rules import Rules
from .yijingpai.sim import (
    ARRAY_DTYPES,
    BOT_SEED_XOR,
    BOTS,
    KINDS,
    MATCH_DTYPES,
    Bot,
    Tally,
    bot_move,
    game_seed,
)

__all__ = [
    "ARRAY_DTYPES",
    "BOTS",
    "BOT_SEED_XOR",
    "KINDS",
    "MATCH_DTYPES",
    "Z95",
    "Bot",
    "GameSim",
    "Policy",
    "SimResult",
    "Tally",
    "bot_move",
    "game_seed",
    "game_sim",
    "simulate",
    "wilson",
]


def game_sim(game: str) -> type[GameSim]:
    """The `GameSim` of the registered game named `game`."""
    spec = registry.get(game)
    if spec.sim is None:
        raise ValueError(f"no simulator for game {game!r}")
    sim: type[GameSim] = spec.load("sim")
    return sim


def simulate(
    games: int,
    rules: Any = None,
    *,
    seed: int = 0,
    policies: Any = "random",
    threads: int = 0,
    rotate: bool = True,
    start: int = 0,
    keep_arrays: bool = True,
    record_every: int | None = None,
    record_filter: Callable[[dict[str, np.ndarray]], Any] | None = None,
    max_records: int = 10_000,
    chunk: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    cluster: Any = None,
    backend: str | None = None,
    hands_per_match: int | None = None,
) -> SimResult:
    """Play `games` games (hands of mahjong) with bots or Python policies and summarise them.

    `rules` picks the game: a `yj.Rules` (default) is Yi Jing Pai, a `mj.Rules`
    one of the mahjong rulesets (docs/simulation.md "Mahjong": its arrays and
    summary; its matches follow the ruleset's dealer rule), any other registered
    game's Rules that game (`yj.games()`).

    - `policies`: a bot name (every seat), or one per seat: ``"random"``,
      ``"greedy"``, ``"heuristic"`` or a callable ``f(view, legal_moves) -> move``
      (runs in Python: much slower). With ``rotate=True`` (default) seat ``s`` of
      game ``i`` plays ``policies[(s + i) % players]`` (seat-balanced).
    - `threads`: native threads (0: every core); results do not depend on it.
    - `keep_arrays=False`: streaming mode, only the summary is kept (bounded memory).
    - `record_every=k`: full records of games ``i`` with ``i % k == 0``;
      `record_filter(arrays) -> bool mask`: records of the games it selects in
      each chunk (at most `max_records` records in all).
    - `cluster`: a Dask scheduler address or ``distributed.Client`` (docs/simulation.md).
    - `hands_per_match=h`: games ``m*h .. m*h+h-1`` are the hands of match ``m``
      (``yj.Match(rules, seed=game_seed(seed, m))``; the dealer follows
      ``rules.next_dealer``; mahjong: ``mj.Match`` and the ruleset's dealer
      rule); `games` and `start` must be multiples of ``h``.
    """
    games = check_count("games", games)
    start = check_count("start", start)
    threads = check_count("threads", threads)
    if rules is None:
        rules = Rules()
    sim = game_sim(registry.for_rules(rules).name)
    return run(
        sim,
        games,
        rules,
        seed=seed,
        policies=policies,
        threads=threads,
        rotate=rotate,
        start=start,
        keep_arrays=keep_arrays,
        record_every=record_every,
        record_filter=record_filter,
        max_records=max_records,
        chunk=chunk,
        progress=progress,
        cluster=cluster,
        backend=backend,
        hands_per_match=hands_per_match,
    )
