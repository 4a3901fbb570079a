"""The game-independent simulation runner (docs/simulation.md).

`run(sim_cls, games, rules, ...)` is `yj.simulate` for one game: it checks
the arguments every game shares (``games``, ``start``, ``threads``, ``seed``,
``policies``, ``record_every``, ``chunk``), splits games ``[start, start +
games)`` into chunks, sums each chunk's counters into one tally, keeps or
drops the arrays (``keep_arrays``), picks the records (``record_every``,
``record_filter``, ``max_records``), reports ``progress(done, games)`` after
each chunk, and runs the chunks on a Dask cluster instead (``cluster=``,
`_dask`). Game ``i`` depends only on ``(rules, seed, policies, rotate, i)``,
so chunking, threads and workers never change a result. `stats` has the
intervals and histograms summaries use (`wilson`, `rate`, `hist_stats`).
The C++ core has the same split (``yijing::sim`` and ``yijingpai/simulate``,
``mahjong/simulate``).

A game plugs in with one subclass of `GameSim` (Yi Jing Pai's:
`pyyijing.yijingpai.sim.YijingpaiSim`; mahjong's: `pyyijing.mahjong.sim.MahjongSim`),
named by the ``sim`` of its `GameSpec` (`pyyijing.core.registry`; `simulate`
picks the game whose Rules its ``rules`` is):

Class level (before a run):
  - ``game``: its registry name; ``bots``: its built-in bot names;
    ``rules_type``: the type of its rules.
  - ``players(rules)``: seats per game (policies are given one per seat).
  - ``check_options(games, start, **options) -> options``: its own
    `simulate` arguments, checked (Yi Jing Pai: ``hands_per_match``).
  - ``rules_from_dict(d)`` and ``worker_options(options)``: how a Dask worker
    rebuilds the run from ``rules.to_dict()`` and keyword arguments.

One run: ``sim_cls(rules, seed, policies, rotate, threads, backend, **options)``
  - ``native``: True when chunks run in the backend's batch simulator;
    ``default_chunk()`` and ``chunk_multiple`` (games a chunk may not split,
    e.g. the hands of a match) size the chunks.
  - ``schema() -> {name: (dtype, shape of one game's row)}``: the arrays, in
    order (``empty_arrays(count)`` and ``concat(parts)`` follow from it).
  - ``run_native(first, count)`` / ``run_python(first, count)`` -> arrays of
    games ``[first, first + count)``; both give identical rows.
  - ``new_tally()``: counters with ``add(arrays)``, ``merge(other)``,
    ``games`` and ``summary() -> dict`` (JSON-serialisable); the runner adds
    ``seed``, ``start``, ``rotate``, ``rules`` and ``backend`` to the summary.
  - ``record(index)``: the full record of game ``index``.
"""

from __future__ import annotations

from .runner import (
    GameSim,
    Policy,
    SimResult,
    Tally,
    check_count,
    check_policies,
    policy_name,
    run,
    seat_policy,
)
from .stats import Z95, hist_stats, rate, wilson

__all__ = [
    "Z95",
    "GameSim",
    "Policy",
    "SimResult",
    "Tally",
    "check_count",
    "check_policies",
    "hist_stats",
    "policy_name",
    "rate",
    "run",
    "seat_policy",
    "wilson",
]
