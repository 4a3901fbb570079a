"""A do-nothing gRPC server: the transport's own cost, beside the service's.

`python -m benchmarks.echo_server` serves ValidateMove on 127.0.0.1 (a free port)
with grpc.aio, exactly as the service is served, and answers every request with
the same ValidateMoveResponse bytes (ok=true) without reading it: no interceptor,
no rules, no logs. The service bench drives it with the same client at the same
rate as the real server, so its latency is what grpc.aio and the loopback cost on
this machine by themselves; the real server's figures are read against it.
Prints one JSON line {"msg": "serving", "address": ...} on stderr once it serves.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from typing import Any

import grpc

SERVICE = "yijing.v1.RuleEngineService"
OK_RESPONSE = b"\n\x02\x08\x01"  # ValidateMoveResponse{verdict: {ok: true}}


async def _answer(request: bytes, context: Any) -> bytes:
    return OK_RESPONSE


async def serve() -> None:
    server = grpc.aio.server()
    handler = grpc.unary_unary_rpc_method_handler(_answer)  # bytes in, bytes out
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(SERVICE, {"ValidateMove": handler}),)
    )
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print(json.dumps({"msg": "serving", "address": f"127.0.0.1:{port}"}), file=sys.stderr)
    sys.stderr.flush()
    await stop.wait()
    await server.stop(0)


if __name__ == "__main__":
    asyncio.run(serve())
