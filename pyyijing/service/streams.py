"""A budget of open server streams, so that streams can never starve unary calls.

A `WatchGame` stream needs only a game id and may stay open for as long as the
hand lasts, so without a budget of their own 256 idle watchers (the server's
whole ``--max-concurrent-rpcs``) would make every other call fail with
RESOURCE_EXHAUSTED. So every stream (WatchGame, Simulate, health Watch, reflection) takes a
ticket: at most `total` at once, at most `per_peer` from one client host, and
at most `per_game` watchers of one game. Unary calls have a budget of their own
(service/calls.py), so they always have their ``--max-concurrent-rpcs`` slots.
A refused stream ends at once with RESOURCE_EXHAUSTED, naming the limit and its
flag.

Everything runs on the event loop thread: plain counters, no locks.
"""

from __future__ import annotations

from collections import Counter

from .errors import ResourceExhaustedError


def peer_host(peer: str) -> str:
    """The client host of a gRPC peer string: ``ipv4:1.2.3.4:5678`` -> ``ipv4:1.2.3.4``."""
    kind, sep, rest = peer.partition(":")
    if kind in ("ipv4", "ipv6") and sep:
        host, colon, port = rest.rpartition(":")
        if colon and port.isdigit():
            return f"{kind}:{host}"
    return peer  # unix sockets and anything unexpected: the whole string


class StreamBudget:
    def __init__(self, *, total: int, per_peer: int, per_game: int) -> None:
        self.total = total
        self.per_peer = per_peer
        self.per_game = per_game
        self.open_streams = 0
        self._by_peer: Counter[str] = Counter()
        self._by_game: Counter[str] = Counter()

    def open(self, peer: str) -> str:
        """Take a stream ticket for `peer`; returns the key to `close` it with."""
        host = peer_host(peer)
        if self.open_streams >= self.total:
            raise ResourceExhaustedError(
                f"{self.open_streams} streams are open, the server's limit (--max-streams "
                f"{self.total}); try again later"
            )
        if self._by_peer[host] >= self.per_peer:
            raise ResourceExhaustedError(
                f"this client has {self._by_peer[host]} streams open, the limit per client "
                f"(--max-streams-per-peer {self.per_peer}); close one first"
            )
        self.open_streams += 1
        self._by_peer[host] += 1
        return host

    def close(self, host: str) -> None:
        self.open_streams -= 1
        self._by_peer[host] -= 1
        if self._by_peer[host] <= 0:
            del self._by_peer[host]

    def watch(self, game_id: str) -> None:
        if self._by_game[game_id] >= self.per_game:
            raise ResourceExhaustedError(
                f"game {game_id!r} has {self._by_game[game_id]} watchers, the limit per game "
                f"(--max-watchers-per-game {self.per_game})"
            )
        self._by_game[game_id] += 1

    def unwatch(self, game_id: str) -> None:
        self._by_game[game_id] -= 1
        if self._by_game[game_id] <= 0:
            del self._by_game[game_id]
