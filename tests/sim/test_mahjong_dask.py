"""yj.simulate(rules=mj.Rules(...), cluster=...) on Dask: a LocalCluster, then a real
`dask scheduler` with two `dask worker` processes on loopback, one of them killed
during a run (the pattern of test_dask.py for Yi Jing Pai)."""

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
from pyyijing import mahjong as mj
from pyyijing.mahjong.sim import ARRAY_DTYPES, MATCH_DTYPES

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.filterwarnings("ignore")

POLICIES = ("heuristic", "greedy", "random", "random")
RULES = mj.Rules("changsha")


def _same(local: yj.SimResult, remote: yj.SimResult, keys: Any = ARRAY_DTYPES) -> None:
    assert local.arrays is not None
    assert remote.arrays is not None
    for key in keys:
        np.testing.assert_array_equal(local.arrays[key], remote.arrays[key], err_msg=key)
    a = {k: v for k, v in local.summary.items() if k != "backend"}
    b = {k: v for k, v in remote.summary.items() if k != "backend"}
    assert a == b
    assert remote.summary["backend"] == "dask"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_local_cluster_identical() -> None:
    if "native" not in yj._backend.available():
        pytest.skip("native backend unavailable")
    local = yj.simulate(1_200, RULES, seed=7, policies=POLICIES, threads=1)
    matches = yj.simulate(
        960, mj.Rules("shaoyang"), seed=7, policies=POLICIES, hands_per_match=8, threads=1
    )
    stream = yj.simulate(1_200, RULES, seed=7, policies=POLICIES, keep_arrays=False)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        seen: list[int] = []
        remote = yj.simulate(
            1_200,
            RULES,
            seed=7,
            policies=POLICIES,
            cluster=cluster,
            chunk=250,
            progress=lambda d, t: seen.append(d),
        )
        remote_matches = yj.simulate(
            960,
            mj.Rules("shaoyang"),
            seed=7,
            policies=POLICIES,
            hands_per_match=8,
            cluster=cluster,
            chunk=100,  # 96: whole matches per chunk
        )
        remote_stream = yj.simulate(
            1_200, RULES, seed=7, policies=POLICIES, cluster=cluster, chunk=300, keep_arrays=False
        )
    _same(local, remote)
    _same(matches, remote_matches, [*ARRAY_DTYPES, *MATCH_DTYPES])
    assert remote_stream.arrays is None
    assert {k: v for k, v in remote_stream.summary.items() if k != "backend"} == {
        k: v for k, v in stream.summary.items() if k != "backend"
    }
    assert seen[-1] == 1_200
    with pytest.raises(ValueError, match="records"):
        yj.simulate(10, RULES, cluster="tcp://127.0.0.1:1", record_every=2)


def test_scheduler_and_two_workers_on_loopback_survive_a_killed_worker(tmp_path: Path) -> None:
    if "native" not in yj._backend.available():
        pytest.skip("native backend unavailable")
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

        clean = yj.simulate(2_000, RULES, seed=11, policies=POLICIES, cluster=address, chunk=400)
        local = yj.simulate(2_000, RULES, seed=11, policies=POLICIES, threads=2)
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
                2_000,
                RULES,
                seed=11,
                policies=POLICIES,
                cluster=address,
                chunk=100,
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
