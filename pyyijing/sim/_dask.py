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

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

# `sim` below is a `pyyijing.sim.runner.GameSim` (its class on a worker): the
# runner imports this module for `cluster=`, so this one does not import it back.


def run_chunk(
    sim_cls: Any,
    rules: dict[str, Any],
    seed: int,
    policies: list[Any],
    rotate: bool,
    threads: int,
    first: int,
    count: int,
    keep_arrays: bool,
    options: dict[str, Any],
    backend: str,
) -> tuple[int, Any, dict[str, np.ndarray] | None]:
    """One chunk of the game of `sim_cls` (a `GameSim` subclass) on a worker:
    (first, tally, arrays or None), on the caller's `backend`. A worker that
    cannot load it fails the chunk with the reason rather than quietly running
    another backend (the same rows, but the python one is a hundred times
    slower than native)."""
    from ..core import parts

    try:
        parts.backend_name(backend)
    except ImportError as exc:
        raise ImportError(
            f"this Dask worker cannot run the {backend} backend that the caller uses "
            f"({sys.executable}: {exc}); install pyyijing with its compiled core on every "
            "worker, or run the caller with backend='python'"
        ) from exc
    res = sim_cls.simulate(
        count,
        sim_cls.rules_from_dict(rules),
        seed=seed,
        policies=policies,
        threads=threads,
        rotate=rotate,
        start=first,
        keep_arrays=keep_arrays,
        backend=backend,
        **options,
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
    sim: Any,
    games: int,
    *,
    start: int,
    keep_arrays: bool,
    chunk: int | None,
    progress: Callable[[int, int], None] | None,
    retries: int = 3,
) -> tuple[dict[str, Any], dict[str, np.ndarray] | None, Any]:
    """Games [start, start + games) of `sim`'s run, in chunks on the cluster's
    workers: (summary, arrays or None, tally)."""
    from distributed import as_completed

    client, owned = _client(cluster)
    rules, seed = sim.rules, sim.seed
    try:
        if chunk is None:
            workers = max(1, len(client.scheduler_info().get("workers", {})))
            chunk = max(10_000, min(1 << 20, -(-games // (4 * workers))))
        if chunk < 1:
            raise ValueError(f"chunk must be an int >= 1; got {chunk!r}")
        m = sim.chunk_multiple
        if m > 1:
            chunk = max(m, chunk - chunk % m)  # whole units (matches) per chunk
        spans = [(start + d, min(chunk, games - d)) for d in range(0, games, chunk)]
        rules_dict = rules.to_dict()
        options = type(sim).worker_options(sim.options)
        futures = [
            client.submit(
                run_chunk,
                type(sim),
                rules_dict,
                seed,
                list(sim.policies),
                sim.rotate,
                sim.threads,
                first,
                count,
                keep_arrays,
                options,
                sim.backend,
                key=f"pyyijing-sim-{seed}-{first}-{count}-{id(spans)}",
                retries=retries,
                pure=False,
            )
            for first, count in spans
        ]
        tally = sim.new_tally()
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
        merged = sim.concat([parts[first] for first, _count in spans])
    summary = tally.summary()
    summary.update(
        seed=seed, start=start, rotate=bool(sim.rotate), rules=rules_dict, backend="dask"
    )
    return summary, merged, tally
