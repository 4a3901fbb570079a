"""`simulate(..., cluster=...)`: the seed range split into chunks on Dask workers.

Game ``i`` depends only on ``(rules, seed, policies, rotate, i)``, so a chunk
``[first, first + count)`` computed anywhere gives the same rows as a local
run; the chunks' counters (`Tally`) are summed and their arrays concatenated
in order. A chunk whose worker dies is recomputed by Dask (and submitted with
``retries``), so the result is still identical. Needs ``pip install
'pyyijing[dask]'``; every worker needs pyyijing installed (each uses its own
threads through the native core).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np


def run_chunk(
    rules: dict[str, Any],
    seed: int,
    policies: list[Any],
    rotate: bool,
    threads: int,
    first: int,
    count: int,
    keep_arrays: bool,
    hands_per_match: int = 0,
) -> tuple[int, Any, dict[str, np.ndarray] | None]:
    """One chunk on a worker: (first, tally, arrays or None)."""
    import pyyijing as yj

    res = yj.simulate(
        count,
        yj.Rules.from_dict(rules),
        seed=seed,
        policies=policies,
        threads=threads,
        rotate=rotate,
        start=first,
        keep_arrays=keep_arrays,
        hands_per_match=hands_per_match or None,
    )
    return first, res.tally, res.arrays


def _client(cluster: Any) -> tuple[Any, bool]:
    try:
        from distributed import Client
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ImportError("cluster= needs Dask distributed: pip install 'pyyijing[dask]'") from exc
    if isinstance(cluster, Client):
        return cluster, False
    if isinstance(cluster, str):
        return Client(cluster, timeout="30s"), True  # type: ignore[no-untyped-call]
    address = getattr(cluster, "scheduler_address", None)  # a LocalCluster etc.
    if isinstance(address, str):
        return Client(address, timeout="30s"), True  # type: ignore[no-untyped-call]
    raise ValueError(
        f"cluster must be a scheduler address like 'tcp://host:8786', a Dask cluster "
        f"or a distributed.Client; got {type(cluster).__name__}"
    )


def simulate_on_cluster(
    cluster: Any,
    games: int,
    *,
    rules: Any,
    seed: int,
    policies: list[Any],
    threads: int,
    rotate: bool,
    start: int,
    keep_arrays: bool,
    chunk: int | None,
    progress: Callable[[int, int], None] | None,
    retries: int = 3,
    hands_per_match: int = 0,
) -> Any:
    from distributed import as_completed

    from .simulate import SimResult, Tally, _array_keys, _empty_arrays, _policy_name

    client, owned = _client(cluster)
    try:
        if chunk is None:
            workers = max(1, len(client.scheduler_info().get("workers", {})))
            chunk = max(10_000, min(1 << 20, -(-games // (4 * workers))))
        if chunk < 1:
            raise ValueError(f"chunk must be an int >= 1; got {chunk!r}")
        h = hands_per_match
        if h:
            chunk = max(h, chunk - chunk % h)  # whole matches per chunk
        spans = [(start + d, min(chunk, games - d)) for d in range(0, games, chunk)]
        rules_dict = rules.to_dict()
        futures = [
            client.submit(
                run_chunk,
                rules_dict,
                seed,
                list(policies),
                rotate,
                threads,
                first,
                count,
                keep_arrays,
                hands_per_match,
                key=f"pyyijing-sim-{seed}-{first}-{count}-{id(spans)}",
                retries=retries,
                pure=False,
            )
            for first, count in spans
        ]
        tally = Tally(rules.players, [_policy_name(p) for p in policies], hands_per_match)
        parts: dict[int, dict[str, np.ndarray]] = {}
        done = 0
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            first, part_tally, arrays = future.result()
            tally.merge(part_tally)
            if keep_arrays and arrays is not None:
                parts[first] = arrays
            done += part_tally.games
            future.release()
            if progress is not None:
                progress(done, games)
    finally:
        if owned:
            client.close()
    merged = None
    if keep_arrays:
        ordered = [parts[first] for first, _count in spans]
        merged = (
            {k: np.concatenate([p[k] for p in ordered]) for k in _array_keys(bool(h))}
            if ordered
            else _empty_arrays(0, rules.players, bool(h))
        )
    summary = tally.summary()
    summary.update(seed=seed, start=start, rotate=bool(rotate), rules=rules_dict, backend="dask")
    return SimResult(summary=summary, arrays=merged, records=[], tally=tally)
