"""The gRPC service on loopback: ValidateMove latency at a fixed rate, maximum
throughput with an async client, ValidateMoves moves/s.

The server is ``python -m pyyijing.service`` in a child process (its default
configuration: info logs, metrics on, worker threads min(4, CPUs)) on
127.0.0.1 with a free port and a temporary SQLite file; the client is
``grpc.aio`` in this process. Both share the machine's cores.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

from .native_client import NativeClient, build_native_client, build_native_echo, write_bodies
from .service_load import (
    client_cpu,
    closed_loop,
    cpu_note,
    error_codes,
    fixed_rate,
    fixed_rate_note,
    per_server_cpu,
)
from .timing import Figure


def service_available() -> str | None:
    """None when the service and grpc import, else why not."""
    try:
        import grpc  # noqa: F401

        from pyyijing.service.convert import pb2, pb2_grpc  # noqa: F401
    except Exception as exc:  # any import problem means: skip the section
        return f"service not importable: {exc}"
    return None


ECHO_SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "echo_server.py")
VALIDATE_MOVE = "/yijing.v1.RuleEngineService/ValidateMove"


class Server:
    """`python -m pyyijing.service` in a child process, or with `echo=True` the do-nothing
    grpc.aio server of benchmarks/echo_server.py (the transport's own cost), or
    the program `command` (the do-nothing grpc++ server); each says where it
    serves in a JSON line {"msg": "serving", "address": ...} on stderr."""

    def __init__(self, workdir: str, echo: bool = False, command: list[str] | None = None) -> None:
        cmd = [
            sys.executable,
            "-m",
            "pyyijing.service",
            "--address",
            "127.0.0.1:0",
            "--metrics-address",
            "127.0.0.1:0",
            "--db",
            os.path.join(workdir, "s.sqlite3"),
        ]
        if echo:
            cmd = [sys.executable, ECHO_SERVER]
        if command is not None:
            cmd = command
        env = {**os.environ, "PYTHONSAFEPATH": "1"}
        self.proc = subprocess.Popen(
            cmd, cwd=workdir, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        found: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.log_lines = 0

        def pump() -> None:
            assert self.proc.stderr is not None
            for raw in self.proc.stderr:
                self.log_lines += 1
                if "serving" in raw:
                    try:
                        rec = json.loads(raw)
                    except ValueError:
                        continue
                    if rec.get("msg") == "serving":
                        found.put(rec)
            found.put(None)

        self._pump = threading.Thread(target=pump, daemon=True)
        self._pump.start()
        rec = found.get(timeout=120)
        if rec is None:
            self.proc.wait()
            raise RuntimeError("the service did not start")
        self.target = rec["address"]
        self.backend = rec.get("backend")
        self.front = rec.get("front", "off")  # "native": the front end serves the address
        self._children: list[int] | None = None

    def cpu_seconds(self) -> float:
        """User + system CPU time so far of the server process and its children (the
        native front end, pyyijing/service/front.py, when it serves the address)."""
        if self._children is None:
            self._children = _children_of(self.proc.pid)
        total = 0.0
        for pid in (self.proc.pid, *self._children):
            total += _cpu_of(pid)
        return total

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        # the pump reads to the end of the log, then the pipe is closed (no leaked file)
        self._pump.join(timeout=10)
        if self.proc.stderr is not None and not self._pump.is_alive():
            self.proc.stderr.close()


def _cpu_of(pid: int) -> float:
    """User + system CPU seconds of a live process (nan if it cannot be read)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def _children_of(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry))
        except (OSError, ValueError, IndexError):
            continue
    return out


def _candidates(pb2: Any, s: int, moves: list[str], rng: random.Random, k: int) -> list[Any]:
    """k ValidateMoveRequests at one position: legal moves and illegal ones, mixed."""
    import pyyijing as yj

    g = yj.Game(yj.Rules(), seed=s)
    for m in moves:
        g.apply(m)
    legal = g.legal_moves()
    seat = g.to_act[0]
    illegal = [f"s{seat}:play=111", "s0:plya=10", f"s{(seat + 1) % 4}:play=10", f"s{seat}:pass"]
    cands = [rng.choice(legal) if i % 2 == 0 else illegal[(i // 2) % 4] for i in range(k)]
    pos = pb2.Position(rules=pb2.Rules(players=4), deal=pb2.Deal(seed=s), moves=moves)
    return [pb2.ValidateMoveRequest(position=pos, move=m) for m in cands]


def _workloads(pb2: Any, positions: list[tuple[int, list[str]]]) -> dict[str, Any]:
    """ValidateMove requests (4 per position, shuffled) and two ValidateMoves batches of
    256: every item at its own position, and 32 positions x 8 candidate moves (the
    server replays every item's position, shared or not)."""
    rng = random.Random(5)
    reqs = [r for s, m in positions for r in _candidates(pb2, s, m, rng, 4)]
    rng.shuffle(reqs)
    distinct = [_candidates(pb2, s, m, rng, 1)[0] for s, m in (positions * 256)[:256]]
    shared = [r for s, m in positions[:32] for r in _candidates(pb2, s, m, rng, 8)]
    return {
        "pb2": pb2,
        "reqs": reqs,
        "distinct": pb2.ValidateMovesRequest(requests=distinct),
        "shared": pb2.ValidateMovesRequest(requests=(shared * 8)[:256]),
    }


async def _run(
    srv: Server,
    target: str,
    pb2_grpc: Any,
    work: dict[str, Any],
    reps: int,
    seconds: float,
    sim_games: int,
    mj_work: dict[str, Any] | None = None,
    mj_hands: int = 0,
    echo: Server | None = None,
    native: NativeRuns | None = None,
    cpp_echo: Server | None = None,
) -> dict[str, Any]:
    import grpc

    from .mahjong_service_bench import run_mahjong

    out: dict[str, Any] = {
        "fixed": [],
        "max": [],
        "distinct": [],
        "shared": [],
        "simulate": [],
        "echo": [],
        "native_fixed": [],
        "native_echo": [],
        "native_cpp_echo": [],
    }
    reqs = work["reqs"]
    bodies = [r.SerializeToString() for r in reqs]
    async with (
        grpc.aio.insecure_channel(target) as ch,
        grpc.aio.insecure_channel(echo.target if echo else target) as echo_ch,
    ):
        await asyncio.wait_for(ch.channel_ready(), 60)
        stub = pb2_grpc.RuleEngineServiceStub(ch)
        raw = ch.unary_unary(VALIDATE_MOVE)  # bytes in, bytes out
        echo_raw = echo_ch.unary_unary(VALIDATE_MOVE)
        # warm-up: the requests once (client channel, server imports), a few batches
        await closed_loop(stub.ValidateMove, reqs, 8, min(1.0, seconds), len(reqs))
        await closed_loop(stub.ValidateMoves, [work["distinct"]], 2, min(1.0, seconds), 4)
        if echo is not None:
            await fixed_rate(echo_raw, bodies, 1000.0, min(1.0, seconds))
        for _ in range(reps):
            runs = [
                ("fixed", srv, lambda: fixed_rate(raw, bodies, 1000.0, seconds)),
                ("max", srv, lambda: closed_loop(stub.ValidateMove, reqs, 32, seconds, 200_000)),
                (
                    "distinct",
                    srv,
                    lambda: closed_loop(stub.ValidateMoves, [work["distinct"]], 4, seconds, 5_000),
                ),
                (
                    "shared",
                    srv,
                    lambda: closed_loop(stub.ValidateMoves, [work["shared"]], 4, seconds, 5_000),
                ),
            ]
            if echo is not None:  # the same client and rate against the do-nothing server
                runs.insert(
                    1, ("echo", echo, lambda: fixed_rate(echo_raw, bodies, 1000.0, seconds))
                )
            if native is not None:  # the same bytes and rate from the native client
                runs[1:1] = [
                    ("native_fixed", srv, lambda: native.fixed_rate(srv, "yijing", seconds)),
                    *(
                        [("native_echo", echo, lambda: native.fixed_rate(echo, "yijing", seconds))]
                        if echo is not None
                        else []
                    ),
                    *(
                        [
                            (
                                "native_cpp_echo",
                                cpp_echo,
                                lambda: native.fixed_rate(cpp_echo, "yijing", seconds),
                            )
                        ]
                        if cpp_echo is not None
                        else []
                    ),
                ]
            for key, server, make in runs:
                s0, c0, t0 = server.cpu_seconds(), time.process_time(), time.perf_counter()
                r = await make()
                dt = time.perf_counter() - t0
                # share of one core used by the server and by this client process
                r["server_cpu"] = (server.cpu_seconds() - s0) / dt
                r["client_cpu"] = client_cpu(r, c0, dt)
                if key in ("distinct", "shared"):
                    r["moves_per_s"] = r["rps"] * 256
                out[key].append(r)
        if sim_games and hasattr(stub, "Simulate"):
            for _ in range(reps):
                out["simulate"].append(await _simulate_pair(stub, work["pb2"], sim_games))
        if mj_work is not None:
            out["mahjong"] = await run_mahjong(
                srv, stub, raw, work["pb2"], mj_work, reps, seconds, mj_hands, native
            )
    return out


class NativeRuns:
    """The native client's fixed-rate runs (benchmarks/native_client.py) on the
    bench's request bodies, one file per game, written once."""

    def __init__(self, client: NativeClient, workdir: str, bodies: dict[str, list[bytes]]):
        self.client = client
        self.paths = {
            game: write_bodies(os.path.join(workdir, f"{game}.bodies"), b)
            for game, b in bodies.items()
        }

    async def fixed_rate(self, server: Server, game: str, seconds: float) -> dict[str, Any]:
        # in a thread: the event loop keeps the Python client's channels serviced
        return await asyncio.to_thread(
            self.client.fixed_rate, server.target, VALIDATE_MOVE, self.paths[game], 1000.0, seconds
        )


async def _simulate_pair(stub: Any, pb2: Any, games: int) -> dict[str, Any]:
    """Simulate through the service, then the same games in-process (1 thread each)."""
    import pyyijing as yj

    req = pb2.SimulateRequest(games=games, seed=9, policies=["random"], threads=1)
    t0 = time.perf_counter()
    summary = None
    async for msg in stub.Simulate(req, timeout=600):
        if msg.WhichOneof("event") == "summary":
            summary = msg.summary
    service_s = time.perf_counter() - t0
    if summary is None:
        raise RuntimeError("Simulate ended without a summary")
    t0 = time.perf_counter()
    yj.simulate(games, yj.Rules(), seed=9, policies="random", threads=1, keep_arrays=False)
    local_s = time.perf_counter() - t0
    return {
        "games": games,
        "service_games_per_s": games / service_s,
        "in_process_games_per_s": games / local_s,
        "ratio": local_s / service_s,
    }


def bench_service(
    reps: int,
    seconds: float,
    positions: list[tuple[int, list[str]]],
    sim_games: int = 0,
    mahjong_hands: int = 0,
    build_dir: str | None = None,
) -> list[Figure]:
    """The Yi Jing Pai rows, then the mahjong ones (benchmarks/mahjong_service_bench.py;
    its Simulate pair of `mahjong_hands` hands, none when 0) on the same server; with
    a `build_dir` to build it in, the native client's rows beside the Python client's."""
    why = service_available()
    if why:
        return [Figure("service.skipped", "service (skipped)", "", [], "service", why)]
    from pyyijing.service.convert import pb2, pb2_grpc

    from .mahjong_service_bench import mahjong_figures, mahjong_workloads

    work = _workloads(pb2, positions)
    mj_work = mahjong_workloads(pb2)
    reqs = work["reqs"]
    exe, native_how = (
        build_native_client(build_dir) if build_dir else (None, "no build directory given")
    )
    # the do-nothing grpc++ server, driven by the native client only
    echo_exe, echo_how = build_native_echo(build_dir) if build_dir and exe else (None, "")
    with tempfile.TemporaryDirectory(prefix="yj-bench-") as tmp:
        srv = Server(tmp)
        echo = cpp_echo = None
        client = NativeClient(exe, native_how) if exe else None
        native = (
            NativeRuns(
                client,
                tmp,
                {
                    "yijing": [r.SerializeToString() for r in reqs],
                    "mahjong": [r.SerializeToString() for r in mj_work["reqs"]],
                },
            )
            if client
            else None
        )
        # This client's own pauses are not the server's latency: the workloads built,
        # a collection of them (tens of ms here) is frozen out of the timed runs.
        gc.collect()
        gc.freeze()
        try:
            echo = Server(tmp, echo=True)
            if echo_exe and native is not None:
                cpp_echo = Server(tmp, command=[echo_exe])
            t0 = time.perf_counter()
            res = asyncio.run(
                _run(
                    srv,
                    srv.target,
                    pb2_grpc,
                    work,
                    reps,
                    seconds,
                    sim_games,
                    mj_work,
                    mahjong_hands,
                    echo,
                    native,
                    cpp_echo,
                )
            )
            wall = time.perf_counter() - t0
        finally:
            gc.unfreeze()
            if client is not None:
                client.close()
            srv.stop()
            if echo is not None:
                echo.stop()
            if cpp_echo is not None:
                cpp_echo.stop()
    fixed, mx, batch, shared = res["fixed"], res["max"], res["distinct"], res["shared"]
    moves_per_req = statistics.mean(len(r.position.moves) for r in reqs)
    note = (
        f"loopback, server `python -m pyyijing.service` (backend {srv.backend}) in a child "
        f"process, grpc.aio client; positions of {moves_per_req:.0f} moves on average "
        "(replayed per call)"
    )
    return [
        Figure(
            "service.validate_move.p50_at_1k",
            "ValidateMove p50 at 1,000 req/s",
            "ms",
            [r["p50_ms"] for r in fixed],
            "service",
            note,
            {"runs": fixed, "seconds_per_run": seconds, "wall_seconds": wall},
        ),
        Figure(
            "service.validate_move.p99_at_1k",
            "ValidateMove p99 at 1,000 req/s",
            "ms",
            [r["p99_ms"] for r in fixed],
            "service",
            fixed_rate_note(fixed),
        ),
        *_echo_figures(res["echo"], fixed),
        *native_figures(res, native_how, echo_how),
        Figure(
            "service.validate_move.max_rps",
            "ValidateMove max throughput (32 in flight)",
            "req/s",
            [r["rps"] for r in mx],
            "service",
            f"p99 at max {statistics.median(r['p99_ms'] for r in mx):.1f} ms; errors "
            f"{sum(r['errors'] for r in mx)}; {cpu_note(mx)}; per CPU-s: per server CPU-second",
            {"runs": mx},
            cpu_samples=per_server_cpu(mx, "rps"),
        ),
        Figure(
            "service.validate_moves.moves_per_s",
            "ValidateMoves moves/s (256 items, each its own position)",
            "moves/s",
            [r["moves_per_s"] for r in batch],
            "service",
            f"4 batches in flight; errors {sum(r['errors'] for r in batch)}; {cpu_note(batch)}",
            {"runs": batch},
            cpu_samples=per_server_cpu(batch, "moves_per_s"),
        ),
        Figure(
            "service.validate_moves.shared_moves_per_s",
            "ValidateMoves moves/s (32 positions x 8 moves)",
            "moves/s",
            [r["moves_per_s"] for r in shared],
            "service",
            f"4 batches in flight; errors {sum(r['errors'] for r in shared)}; {cpu_note(shared)}",
            {"runs": shared},
            cpu_samples=per_server_cpu(shared, "moves_per_s"),
        ),
        *_simulate_figures(res["simulate"]),
        *mahjong_figures(res["mahjong"], mj_work),
    ]


def _echo_figures(echo: list[dict[str, Any]], fixed: list[dict[str, Any]]) -> list[Figure]:
    """The do-nothing server's latency under the same load (benchmarks/echo_server.py):
    the part of the ValidateMove figures that grpc.aio and this machine cost alone."""
    if not echo:
        return []
    p99 = statistics.median(r["p99_ms"] for r in echo)
    return [
        Figure(
            "service.transport.p50_at_1k",
            "transport alone: do-nothing grpc.aio server, p50 at 1,000 req/s",
            "ms",
            [r["p50_ms"] for r in echo],
            "service",
            "benchmarks/echo_server.py: a fixed answer, no interceptor, no rules; the same "
            "client, requests and rate as the ValidateMove rows, alternated with them",
            {"runs": echo},
        ),
        Figure(
            "service.transport.p99_at_1k",
            "transport alone: p99 at 1,000 req/s",
            "ms",
            [r["p99_ms"] for r in echo],
            "service",
            f"errors {sum(r['errors'] for r in echo)}{error_codes(echo)}; {cpu_note(echo)}",
        ),
        Figure(
            "service.validate_move.p99_over_transport",
            "ValidateMove p99 / transport-alone p99",
            "x",
            [r["p99_ms"] / p99 for r in fixed] if p99 > 0 else [],
            "service",
            "each run's p99 over the median transport-alone p99",
        ),
    ]


def native_figures(res: dict[str, Any], how: str, echo_how: str = "") -> list[Figure]:
    """The native client's rows (benchmarks/native_client.py), or one skipped row;
    `echo_how`: how the do-nothing grpc++ server was built (or why not)."""
    if not res["native_fixed"]:
        return [
            Figure(
                "service.native_client.skipped",
                "native client rows (skipped)",
                "",
                [],
                "service",
                how,
            )
        ]
    mj = res.get("mahjong", {}).get("native_fixed", [])
    rows = [
        ("validate_move", "ValidateMove", res["native_fixed"]),
        ("transport", "transport alone (do-nothing server)", res["native_echo"]),
        (
            "transport_cpp",
            "transport alone (do-nothing grpc++ server)",
            res.get("native_cpp_echo", []),
        ),
        ("mahjong.validate_move", "mahjong ValidateMove", mj),
    ]
    out: list[Figure] = []
    for key, what, runs in rows:
        if not runs:
            if key == "transport_cpp" and echo_how:
                out.append(
                    Figure(
                        "service.native_client.transport_cpp.skipped",
                        "native client: do-nothing grpc++ server (skipped)",
                        "",
                        [],
                        "service",
                        echo_how,
                    )
                )
            continue
        note = (
            f"benchmarks/loadgen/fixed_rate_client.cpp ({how}): the same request bytes "
            "and rate as the grpc.aio client's row, alternated with it"
        )
        if key == "transport_cpp":
            note = (
                f"benchmarks/loadgen/echo_server.cpp ({echo_how}): the do-nothing server "
                "on gRPC's C++ transport, the same client, bytes and rate, alternated"
            )
        out += [
            Figure(
                f"service.native_client.{key}.p50_at_1k",
                f"native client: {what} p50 at 1,000 req/s",
                "ms",
                [r["p50_ms"] for r in runs],
                "service",
                note,
                {"runs": runs},
            ),
            Figure(
                f"service.native_client.{key}.p99_at_1k",
                f"native client: {what} p99 at 1,000 req/s",
                "ms",
                [r["p99_ms"] for r in runs],
                "service",
                fixed_rate_note(runs),
            ),
        ]
    return out


def _simulate_figures(runs: list[dict[str, Any]]) -> list[Figure]:
    if not runs:
        return [
            Figure(
                "service.simulate.skipped",
                "Simulate through the service (skipped)",
                "",
                [],
                "service",
                "the service has no Simulate RPC",
            )
        ]
    g = runs[0]["games"]
    return [
        Figure(
            "service.simulate.games_per_s",
            f"Simulate RPC, {g:,} random games, 1 thread",
            "games/s",
            [r["service_games_per_s"] for r in runs],
            "service",
            "streamed progress + summary; the server runs yj.simulate in its worker",
            {"runs": runs},
        ),
        Figure(
            "service.simulate.in_process",
            f"yj.simulate in-process, same {g:,} games, 1 thread",
            "games/s",
            [r["in_process_games_per_s"] for r in runs],
            "service",
        ),
        Figure(
            "service.simulate.ratio",
            "Simulate: service / in-process",
            "x",
            [r["ratio"] for r in runs],
            "service",
        ),
    ]
