"""A hostile client for tests/service/test_service_lockout.py, run as its own process
(its own interpreter: grpc.aio cannot share a process with the test's server loop,
and its work must not take the test server's GIL).

    python tests/support/lockout_attacker.py TARGET CALLS CONNECTIONS SECONDS

Starts CALLS request-less unary calls on CONNECTIONS connections to TARGET, each a
stream-stream call on a unary method's path with no deadline: the even ones
half-closed with no message, the odd ones sending nothing at all. Prints
"opened" once they are under way, then, when every call has ended or SECONDS
have passed, one JSON object: {"open": calls still open, "ended": [[kind,
seconds, code, details], ...]}. Only the server can end a call before that.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import grpc

METHODS = ("GetView", "Act", "LegalMoves", "Evaluate")  # the front end passes them on


async def hold(call: Any, half_close: bool, ended: list[list[Any]]) -> None:
    start = time.monotonic()
    if half_close:
        await call.done_writing()
    code = await call.code()
    details = await call.details()
    kind = "half-closed" if half_close else "idle"
    ended.append([kind, round(time.monotonic() - start, 3), code.name, details or ""])


async def attack(target: str, calls: int, connections: int, seconds: float) -> dict[str, Any]:
    # a pool of its own per channel: one connection each
    channels = [
        grpc.aio.insecure_channel(target, options=[("grpc.use_local_subchannel_pool", 1)])
        for _ in range(connections)
    ]
    for ch in channels:
        await asyncio.wait_for(ch.channel_ready(), 30)
    ended: list[list[Any]] = []
    tasks = []
    for i in range(calls):
        path = f"/yijing.v1.RuleEngineService/{METHODS[i % len(METHODS)]}"
        call: Any = channels[i % connections].stream_stream(path)()
        tasks.append(asyncio.ensure_future(hold(call, i % 2 == 0, ended)))
    await asyncio.sleep(0.3)  # the calls' headers are out
    print("opened", flush=True)
    await asyncio.wait(tasks, timeout=seconds)
    still_open = sum(not t.done() for t in tasks)
    for ch in channels:
        await ch.close(None)  # cancels what is still open
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"open": still_open, "ended": ended}


def main() -> None:
    target, calls, connections, seconds = sys.argv[1:5]
    out = asyncio.run(attack(target, int(calls), int(connections), float(seconds)))
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
