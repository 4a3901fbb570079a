"""`--max-concurrent-rpcs` counts the calls really in flight, on a loaded machine too.

A client that never has more than N calls open at once must never be refused by a
server whose limit is N (README "Service": "unary calls at once; more are
RESOURCE_EXHAUSTED"). A call stops counting once its answer is on its way: the
client cannot send its next call before that. Checked with the machine loaded by
busy processes, where the transport's own bookkeeping after a call runs late.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc

CLIENTS = 12  # calls open at once, and the server's limit
SECONDS = 4.0
HOGS = 3  # busy processes: more than the machine's cores


def _hogs(seconds: float) -> list[subprocess.Popen[bytes]]:
    """Busy loops that end by themselves after `seconds` (killed sooner by the test)."""
    loop = f"import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass\n"
    return [subprocess.Popen([sys.executable, "-c", loop]) for _ in range(HOGS)]


def test_a_client_within_the_limit_is_never_refused_under_load(make_server: Any, h: Any) -> None:
    srv = make_server(max_concurrent_rpcs=CLIENTS)
    fast = h.pb2.ValidateMoveRequest(position=h.position(2), move="s0:pass")
    fields, _ = h.MJ_RULES["common"]
    mahjong = h.pb2.ValidateMoveRequest(position=h.mj_position(fields, 2), move="s0:pass")
    # a position that does not replay: the front end passes it on to the Python server
    declined = h.pb2.ValidateMoveRequest(
        position=h.pb2.Position(deal=h.pb2.Deal(seed=1), moves=["nope"]), move="s0:pass"
    )
    for req in (fast, mahjong):
        srv.stub.ValidateMove(req, timeout=10)
    time.sleep(0.3)  # the rules are resolved: the front end answers the plain calls itself
    codes: dict[str, int] = {}
    lock = threading.Lock()
    hogs = _hogs(SECONDS + 10)
    try:
        end = time.monotonic() + SECONDS

        def client(i: int) -> None:
            n = 0
            while time.monotonic() < end:
                req = (fast, mahjong, fast, declined)[(i + n) % 4]
                n += 1
                try:
                    srv.stub.ValidateMove(req, timeout=30)
                    code = "OK"
                except grpc.RpcError as err:
                    code = err.code().name
                with lock:
                    codes[code] = codes.get(code, 0) + 1

        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(client, range(CLIENTS)))
    finally:
        for p in hogs:
            p.kill()
            p.wait()
    print(f"calls within the limit under {HOGS} CPU hogs: {codes}")
    assert codes.get("RESOURCE_EXHAUSTED", 0) == 0, codes
    assert set(codes) <= {"OK", "INVALID_ARGUMENT"}, codes
    assert codes.get("OK", 0) > 100, codes
