"""A budget of unary calls in progress, so that no one client can take the whole server.

A unary call holds its slot from its start, while its request is still on the
way. A client that starts calls and never sends their requests would otherwise
hold every slot: with the budget, one client host has at most `per_peer` calls
in progress (``--max-concurrent-rpcs-per-peer``), the server at most `total`
(``--max-concurrent-rpcs``), and a request must arrive within
``--request-timeout-seconds`` (service/observability.py). Behind the native
front end a client is the address it forwards (``x-yijing-peer``). A refused
call ends at once with RESOURCE_EXHAUSTED; the per-client refusal names its flag.

Server streams have a budget of their own (service/streams.py). Everything runs
on the event loop thread: plain counters, no locks.
"""

from __future__ import annotations

from collections import Counter

from .errors import ResourceExhaustedError
from .streams import peer_host


class CallBudget:
    def __init__(self, *, total: int, per_peer: int) -> None:
        self.total = total
        self.per_peer = per_peer
        self.in_progress = 0
        self._by_peer: Counter[str] = Counter()

    def open(self, peer: str) -> str:
        """Take a slot for a call from `peer`; returns the key to `close` it with."""
        host = peer_host(peer)
        if self._by_peer[host] >= self.per_peer:
            raise ResourceExhaustedError(
                f"this client has {self._by_peer[host]} calls in progress, the limit per "
                f"client (--max-concurrent-rpcs-per-peer {self.per_peer}); wait for one to end"
            )
        if self.in_progress >= self.total:
            raise ResourceExhaustedError("Concurrent RPC limit exceeded!")
        self.in_progress += 1
        self._by_peer[host] += 1
        return host

    def close(self, host: str) -> None:
        self.in_progress -= 1
        self._by_peer[host] -= 1
        if self._by_peer[host] <= 0:
            del self._by_peer[host]
