"""The rate of calls the native front end passes on, against the Python server alone.

Section "proxy" of the suite (``python -m benchmarks --only proxy``), or by itself:
``.venv/bin/python -m benchmarks.proxy_rate [ROUNDS] [--json PATH]`` from the
source tree, after ``make install`` (the servers are the installed package's).
Two servers run side by side, with the front end (``--front native``) and
without it (``--front off``); in each round, each is sent calls the front end
passes on to the Python server (a ValidateMove the fast path declines: a
position that does not replay; and a GetView) from 4 concurrent callers. Per
kind of call: calls/s through each form, their ratio (per round, so that the
noise of a shared machine hits both alike), and the CPU and thread switches per
call of each server process (the Python server behind the front end, the front
end, the Python server alone). By itself it prints every round, then the figures as a table,
and writes them as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

from .timing import Figure

CONCURRENT = 4
SECONDS = 2.0
# (figure key, label) per kind of call
KINDS = (("validate_declined", "ValidateMove (declined)"), ("get_view", "GetView"))
GROUP = "proxy"


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


def _switches(pid: int) -> int:
    """Thread switches of every thread of `pid` so far (voluntary and not): a call handed
    from one thread to another costs a switch each time."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with contextlib.suppress(FileNotFoundError), open(f"/proc/{pid}/task/{task}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.endswith("ctxt_switches"):  # voluntary_ and nonvoluntary_
                    total += int(value)
    return total


def _processes(proc: subprocess.Popen[str]) -> list[int]:
    """The Python server, then its front end if it has one."""
    with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as f:
        return [proc.pid, *(int(p) for p in f.read().split())]


async def _rate(target: str, label: str, seconds: float) -> float:
    import grpc

    from pyyijing.service.convert import pb2, pb2_grpc

    async with grpc.aio.insecure_channel(target) as channel:
        stub = pb2_grpc.RuleEngineServiceStub(channel)
        call: Any
        if label == "GetView":
            game = await stub.CreateGame(pb2.CreateGameRequest())
            request: Any = pb2.GetViewRequest(game_id=game.game_id, token=game.seat_tokens[0].token)
            call = stub.GetView
        else:
            position = pb2.Position(deal=pb2.Deal(seed=1), moves=["not a move"])
            request = pb2.ValidateMoveRequest(position=position, move="s0:pass")
            call = stub.ValidateMove
        done = 0
        end = time.monotonic() + seconds

        async def caller() -> None:
            nonlocal done
            while time.monotonic() < end:
                # the declined ValidateMove is INVALID_ARGUMENT: answered all the same
                with contextlib.suppress(grpc.aio.AioRpcError):
                    await call(request, timeout=10)
                done += 1

        await asyncio.gather(*(caller() for _ in range(CONCURRENT)))
        return done / seconds


def _measure(
    proc: subprocess.Popen[str], target: str, label: str, seconds: float
) -> tuple[float, list[float], list[float]]:
    """calls/s, and each process's CPU us and thread switches per call (the Python
    server's, then the front end's)."""
    pids = _processes(proc)
    before = [_cpu_seconds(p) for p in pids]
    switched = [_switches(p) for p in pids]
    rate = asyncio.run(_rate(target, label, seconds))
    cpu = [_cpu_seconds(p) - b for p, b in zip(pids, before, strict=True)]
    switches = [_switches(p) - b for p, b in zip(pids, switched, strict=True)]
    calls = max(rate * seconds, 1.0)
    return rate, [c * 1e6 / calls for c in cpu], [n / calls for n in switches]


def bench_proxy(rounds: int, seconds: float = SECONDS, verbose: bool = False) -> list[Figure]:
    """The section's figures over `rounds` rounds of `seconds` per kind and form."""
    samples: dict[str, list[float]] = {}

    def add(key: str, value: float) -> None:
        samples.setdefault(key, []).append(value)

    servers = {front: _spawn(front) for front in ("native", "off")}
    try:
        for n in range(rounds):
            for key, label in KINDS:
                measured = {}
                for front, (proc, target) in servers.items():
                    rate, cpu, switches = _measure(proc, target, label, seconds)
                    measured[front] = (rate, cpu, switches)
                    if verbose:
                        per_call = " ".join(f"{c:.0f}" for c in cpu)
                        per_switch = " ".join(f"{n:.1f}" for n in switches)
                        print(f"round {n} {label:24} --front {front:6} {rate:6.0f} calls/s, "
                              f"CPU us/call {per_call}, thread switches/call {per_switch}",
                              file=sys.stderr)  # fmt: skip
                (front_rate, front_cpu, front_switches), (alone_rate, alone_cpu, alone_switches) = (
                    measured["native"],
                    measured["off"],
                )
                add(f"{key}.front_rate", front_rate)
                add(f"{key}.alone_rate", alone_rate)
                add(f"{key}.ratio", front_rate / alone_rate if alone_rate else 0.0)
                add(f"{key}.cpu_python_behind", front_cpu[0])
                # a front end that did not start leaves the Python server alone: no row
                if len(front_cpu) > 1:
                    add(f"{key}.cpu_front", front_cpu[1])
                    add(f"{key}.cpu_total_behind", front_cpu[0] + front_cpu[1])
                    add(f"{key}.switches_front", front_switches[1])
                add(f"{key}.cpu_python_alone", alone_cpu[0])
                add(f"{key}.switches_python_behind", front_switches[0])
                add(f"{key}.switches_python_alone", alone_switches[0])
    finally:
        for proc, _ in servers.values():
            proc.terminate()
            proc.wait(timeout=60)
    rows = (
        ("front_rate", "through the front end", "calls/s"),
        ("alone_rate", "straight to Python", "calls/s"),
        ("ratio", "front end / Python alone", "x"),
        ("cpu_python_behind", "CPU/call, Python behind the front end", "us"),
        ("cpu_front", "CPU/call, the front end", "us"),
        ("cpu_total_behind", "CPU/call, both behind the front end", "us"),
        ("cpu_python_alone", "CPU/call, Python alone", "us"),
        ("switches_front", "thread switches/call, the front end", "switches"),
        ("switches_python_behind", "thread switches/call, Python behind it", "switches"),
        ("switches_python_alone", "thread switches/call, Python alone", "switches"),
    )
    note = f"{CONCURRENT} concurrent grpc.aio callers, {seconds:g} s a round, forms alternated"
    return [
        Figure(f"proxy.{key}.{row}", f"{label}: {what}", unit, samples[f"{key}.{row}"], GROUP, note)
        for key, label in KINDS
        for row, what, unit in rows
        if f"{key}.{row}" in samples
    ]


def _table(figs: list[Figure]) -> str:
    lines = [f"{'figure':58} {'median':>9} {'min .. max':>21} unit"]
    for f in figs:
        lines.append(
            f"{f.label:58} {f.median:9.2f} {f.min:9.2f} .. {f.max:9.2f} {f.unit}"
            if f.unit in ("x", "switches")
            else f"{f.label:58} {f.median:9.0f} {f.min:9.0f} .. {f.max:9.0f} {f.unit}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m benchmarks.proxy_rate")
    p.add_argument("rounds", nargs="?", type=int, default=5)
    p.add_argument("--seconds", type=float, default=SECONDS, help="per kind, form and round")
    p.add_argument(
        "--json", metavar="PATH", default=os.path.join("build", "bench", "proxy_rate.json")
    )
    args = p.parse_args(argv)
    figs = bench_proxy(args.rounds, args.seconds, verbose=True)
    print(_table(figs))
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump({"format": "pyyijing.bench.proxy", "rounds": args.rounds,
                   "figures": [fig.to_dict() for fig in figs]}, f, indent=1)  # fmt: skip
    print(f"json: {args.json}")


if __name__ == "__main__":
    main()
