"""The rate of calls the native front end passes on, against the Python server alone.

``.venv/bin/python -m benchmarks.proxy_rate [ROUNDS]`` from the source tree, after
``make install`` (the servers are the installed package's). Two servers run side
by side, with the front end (``--front native``) and without it (``--front off``);
in each round, each is sent calls the front end passes on to the Python server
(a ValidateMove the fast path declines: a position that does not replay; and a
GetView) from 4 concurrent callers for 2 s. Printed per round: calls/s, and
each server process's CPU per call (the Python server's, then the front end's).
The machine is shared and noisy: compare the two forms within a round, and the
median ratio over rounds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

CONCURRENT = 4
SECONDS = 2.0


def _spawn(front: str) -> tuple[subprocess.Popen[str], str]:
    work = tempfile.mkdtemp(prefix="yijing-proxy-rate-")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyyijing.service", "--address", "127.0.0.1:0",
         "--metrics-address", "off", "--db", os.path.join(work, "s.sqlite3"),
         "--front", front, "--log-level", "info"],
        cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stderr is not None
    for raw in proc.stderr:
        rec = json.loads(raw) if raw.startswith("{") else {}
        if rec.get("msg") == "serving":
            port = rec["address"].rsplit(":", 1)[1]
            break
    else:
        raise SystemExit(f"the --front {front} server did not start")
    stderr = proc.stderr
    threading.Thread(target=lambda: [None for _ in stderr], daemon=True).start()
    return proc, f"127.0.0.1:{port}"


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _processes(proc: subprocess.Popen[str]) -> list[int]:
    """The Python server, then its front end if it has one."""
    with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as f:
        return [proc.pid, *(int(p) for p in f.read().split())]


async def _rate(target: str, kind: str) -> float:
    import grpc

    from pyyijing.service.convert import pb2, pb2_grpc

    async with grpc.aio.insecure_channel(target) as channel:
        stub = pb2_grpc.RuleEngineServiceStub(channel)
        call: Any
        if kind == "GetView":
            game = await stub.CreateGame(pb2.CreateGameRequest())
            request: Any = pb2.GetViewRequest(game_id=game.game_id, token=game.seat_tokens[0].token)
            call = stub.GetView
        else:
            position = pb2.Position(deal=pb2.Deal(seed=1), moves=["not a move"])
            request = pb2.ValidateMoveRequest(position=position, move="s0:pass")
            call = stub.ValidateMove
        done = 0
        end = time.monotonic() + SECONDS

        async def caller() -> None:
            nonlocal done
            while time.monotonic() < end:
                # the declined ValidateMove is INVALID_ARGUMENT: answered all the same
                with contextlib.suppress(grpc.aio.AioRpcError):
                    await call(request, timeout=10)
                done += 1

        await asyncio.gather(*(caller() for _ in range(CONCURRENT)))
        return done / SECONDS


def main(rounds: int = 5) -> None:
    servers = {front: _spawn(front) for front in ("native", "off")}
    rates: dict[tuple[str, str], list[float]] = {}
    try:
        for n in range(rounds):
            for kind in ("ValidateMove (declined)", "GetView"):
                for front, (proc, target) in servers.items():
                    pids = _processes(proc)
                    before = [_cpu_seconds(p) for p in pids]
                    rate = asyncio.run(_rate(target, kind))
                    cpu = [_cpu_seconds(p) - b for p, b in zip(pids, before, strict=True)]
                    per_call = " ".join(f"{c * 1e6 / (rate * SECONDS):.0f}" for c in cpu)
                    print(f"round {n} {kind:24} --front {front:6} {rate:6.0f} calls/s, "
                          f"CPU us/call {per_call}")  # fmt: skip
                    rates.setdefault((kind, front), []).append(rate)
        for kind in ("ValidateMove (declined)", "GetView"):
            ratios = [
                a / b for a, b in zip(rates[(kind, "native")], rates[(kind, "off")], strict=True)
            ]
            print(f"{kind}: front end / Python alone, median of {rounds} rounds: "
                  f"{statistics.median(ratios):.2f}")  # fmt: skip
    finally:
        for proc, _ in servers.values():
            proc.terminate()
            proc.wait(timeout=60)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
