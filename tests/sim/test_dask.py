"""simulate(..., cluster=...) on Dask: LocalCluster, a scheduler + 2 workers, a killed worker."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pyyijing as yj
from pyyijing.simulate import ARRAY_DTYPES
from pyyijing.yijingpai.sim import YijingpaiSim

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.filterwarnings("ignore")

POLICIES = ("heuristic", "greedy", "random", "random")


def _same(local: yj.SimResult, remote: yj.SimResult) -> None:
    assert local.arrays is not None
    assert remote.arrays is not None
    for key in ARRAY_DTYPES:
        np.testing.assert_array_equal(local.arrays[key], remote.arrays[key], err_msg=key)
    a = {k: v for k, v in local.summary.items() if k != "backend"}
    b = {k: v for k, v in remote.summary.items() if k != "backend"}
    assert a == b


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_local_cluster_identical() -> None:
    if "native" not in yj._backend.available():
        pytest.skip("native backend unavailable")
    local = yj.simulate(30_000, seed=7, policies=POLICIES, threads=1)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        seen = []
        remote = yj.simulate(
            30_000,
            seed=7,
            policies=POLICIES,
            cluster=cluster,
            chunk=4000,
            progress=lambda d, t: seen.append(d),
        )
    _same(local, remote)
    assert seen[-1] == 30_000
    with pytest.raises(ValueError, match="cluster"):
        yj.simulate(10, cluster=12345)
    with pytest.raises(ValueError, match="records"):
        yj.simulate(10, cluster="tcp://127.0.0.1:1", record_every=2)


def test_a_worker_without_the_callers_backend_fails_its_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """run_chunk, what each worker runs, loads the caller's backend or fails with the
    reason; it never quietly runs another one (same rows, a hundred times slower: a
    worker importing a source tree with no compiled core did so in CI)."""
    from pyyijing.core import parts
    from pyyijing.sim import _dask

    real = parts.load

    def load(game: str, part: str, backend: str | None = None) -> Any:
        if backend == "native":
            raise ImportError("No module named 'pyyijing._native'")
        return real(game, part, backend)

    monkeypatch.setattr(parts, "load", load)
    args = (YijingpaiSim, yj.Rules().to_dict(), 7, list(POLICIES), True, 1, 0, 40, True, {})
    with pytest.raises(ImportError, match=r"cannot run the native backend .*compiled core"):
        _dask.run_chunk(*args, "native")
    first, tally, arrays = _dask.run_chunk(*args, "python")
    local = yj.simulate(40, seed=7, policies=POLICIES, backend="python")
    assert first == 0
    assert tally.games == 40
    assert local.arrays is not None
    for key in ARRAY_DTYPES:
        np.testing.assert_array_equal(arrays[key], local.arrays[key], err_msg=key)


def test_scheduler_and_two_workers_on_loopback_survive_a_killed_worker(tmp_path: Path) -> None:
    dask = shutil.which("dask", path=os.path.dirname(sys.executable))
    if dask is None:
        pytest.skip("the dask command is not installed next to this Python")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs: list[subprocess.Popen[bytes]] = []

    def start(*args: str) -> subprocess.Popen[bytes]:
        p = subprocess.Popen(
            [dask, *args],
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        procs.append(p)
        return p

    try:
        start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--dashboard-address", ":0")
        workers = [
            start(
                "worker",
                address,
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--name",
                f"w{i}",
            )
            for i in range(2)
        ]
        client = distributed.Client(address, timeout="90s")
        client.wait_for_workers(2, timeout=180)
        client.close()

        clean = yj.simulate(40_000, seed=11, policies=POLICIES, cluster=address, chunk=5_000)
        local = yj.simulate(40_000, seed=11, policies=POLICIES, threads=2)
        _same(local, clean)

        # kill one worker as soon as the first chunk is back; Dask recomputes its chunks
        killed = threading.Event()

        def progress(done: int, total: int) -> None:
            if not killed.is_set():
                os.killpg(workers[1].pid, signal.SIGKILL)
                killed.set()

        result: dict[str, Any] = {}

        def run() -> None:
            result["res"] = yj.simulate(
                40_000,
                seed=11,
                policies=POLICIES,
                cluster=address,
                chunk=1_000,
                progress=progress,
            )

        t = threading.Thread(target=run)
        t.start()
        t.join(timeout=240)
        assert not t.is_alive(), "the cluster run did not finish after a worker was killed"
        assert killed.is_set()
        _same(local, result["res"])
    finally:
        for p in procs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=30)
        time.sleep(0.1)
