"""Load generation and CPU accounting shared by the service benches
(`service_bench` for Yi Jing Pai, `mahjong_service_bench` for mahjong): an
open-loop client at a fixed rate, a closed-loop one at a fixed concurrency,
and the wording of their error codes and CPU shares in the figures.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any


def error_code(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    try:
        return str(code().name) if callable(code) else type(exc).__name__
    except Exception:
        return type(exc).__name__


def percentile(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    i = min(len(s) - 1, max(0, round(p * (len(s) - 1))))
    return s[i]


async def fixed_rate(call: Any, bodies: list[bytes], rate: float, seconds: float) -> dict[str, Any]:
    """`rate` calls a second for `seconds`, each sent when due whatever the answers.

    `call` is a bytes-in, bytes-out multicallable and `bodies` serialized requests:
    the client shares the server's cores, so what it spends per call (serializing,
    decoding) is taken from the server and added to the latency it measures."""
    n = int(rate * seconds)
    lat: list[float] = []
    lag: list[float] = []
    errors = 0
    codes: dict[str, int] = {}
    loop = asyncio.get_running_loop()

    async def one(i: int, due: float) -> None:
        nonlocal errors
        t = loop.time()
        lag.append(t - due)
        try:
            await call(bodies[i % len(bodies)], timeout=10)
        except Exception as exc:
            errors += 1
            name = error_code(exc)
            codes[name] = codes.get(name, 0) + 1
            return
        lat.append(loop.time() - t)

    t0 = loop.time() + 0.01
    tasks = []
    for i in range(n):
        due = t0 + i / rate
        delay = due - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(i, due)))
    await asyncio.gather(*tasks)
    elapsed = loop.time() - t0
    return {
        "sent": n,
        "ok": len(lat),
        "errors": errors,
        "achieved_rps": n / elapsed,
        "p50_ms": percentile(lat, 0.5) * 1e3,
        "p99_ms": percentile(lat, 0.99) * 1e3,
        "lag_p99_ms": percentile(lag, 0.99) * 1e3,
        "error_codes": codes,
    }


async def closed_loop(
    call: Any, items: list[Any], concurrency: int, seconds: float, max_calls: int
) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    lat: list[float] = []
    done = 0
    errors = 0
    end = loop.time() + seconds

    async def worker(w: int) -> None:
        nonlocal done, errors
        i = w
        while loop.time() < end and done + errors < max_calls:
            t = loop.time()
            try:
                await call(items[i % len(items)], timeout=30)
            except Exception:
                errors += 1
                continue
            lat.append(loop.time() - t)
            done += 1
            i += concurrency

    t0 = loop.time()
    await asyncio.gather(*(worker(w) for w in range(concurrency)))
    elapsed = loop.time() - t0
    return {
        "calls": done,
        "errors": errors,
        "seconds": elapsed,
        "rps": done / elapsed,
        "p50_ms": percentile(lat, 0.5) * 1e3,
        "p99_ms": percentile(lat, 0.99) * 1e3,
    }


def client_cpu(r: dict[str, Any], c0: float, dt: float) -> float:
    """Share of one core the client used: this process's CPU time, or what the
    native client process reports of its own."""
    if "client_cpu_seconds" in r:
        return float(r["client_cpu_seconds"]) / dt
    return (time.process_time() - c0) / dt


def error_codes(runs: list[dict[str, Any]]) -> str:
    total: dict[str, int] = {}
    for r in runs:
        for k, v in r.get("error_codes", {}).items():
            total[k] = total.get(k, 0) + v
    return " (" + ", ".join(f"{k} {v}" for k, v in sorted(total.items())) + ")" if total else ""


def fixed_rate_note(runs: list[dict[str, Any]]) -> str:
    """A fixed-rate figure's note: the rates the runs achieved, their errors and CPU."""
    return (
        f"achieved {min(r['achieved_rps'] for r in runs):.0f}-"
        f"{max(r['achieved_rps'] for r in runs):.0f} req/s; errors "
        f"{sum(r['errors'] for r in runs)}{error_codes(runs)}; {cpu_note(runs)}"
    )


def per_server_cpu(runs: list[dict[str, Any]], key: str) -> list[float]:
    return [r[key] / r["server_cpu"] for r in runs if r.get("server_cpu", 0) > 0]


def cpu_note(runs: list[dict[str, Any]]) -> str:
    srv = statistics.median(r["server_cpu"] for r in runs)
    cli = statistics.median(r["client_cpu"] for r in runs)
    return f"CPU: server {srv:.0%}, client {cli:.0%} of one core"
