"""Settings of the service: command-line flags, each with an environment variable.

Precedence: flag > environment variable > built-in default.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import NoReturn


@dataclass(frozen=True)
class Config:
    address: str = "127.0.0.1:50051"
    metrics_address: str = "127.0.0.1:9464"  # "" or "off": no metrics endpoint
    db: str = "yijing-sessions.sqlite3"
    tls_cert: str = ""
    tls_key: str = ""
    max_message_bytes: int = 1 << 20
    max_batch: int = 256
    max_moves: int = 1000
    max_concurrent_rpcs: int = 256
    max_concurrent_rpcs_per_peer: int = 64
    request_timeout_seconds: float = 5.0  # a call's request must arrive within this
    max_simulate_games: int = 10_000_000
    simulate_workers: int = 2  # Simulate calls running at once; more wait their turn
    workers: int = 0  # engine worker threads for stateless RPCs; 0: min(4, cpu count)
    grace_seconds: float = 10.0
    drain_seconds: float = 1.0  # SIGTERM: NOT_SERVING this long before refusing new calls
    max_streams: int = 128
    max_streams_per_peer: int = 32
    max_watchers_per_game: int = 32
    watch_idle_seconds: float = 600.0
    max_sessions: int = 100_000
    session_idle_seconds: float = 86_400.0
    session_cache: int = 4096
    log_level: str = "info"
    front: str = "auto"  # the native front end (service/front.py): auto, native or off


# flag name -> (env var, help)
_HELP = {
    "address": ("YIJING_ADDRESS", "gRPC listen address HOST:PORT (port 0: any free port)"),
    "metrics_address": (
        "YIJING_METRICS_ADDRESS",
        "Prometheus /metrics HTTP address HOST:PORT; 'off' disables it",
    ),
    "db": ("YIJING_DB", "SQLite file of the sessions (append-only move log, WAL)"),
    "tls_cert": ("YIJING_TLS_CERT", "PEM certificate chain: serve TLS (with --tls-key)"),
    "tls_key": ("YIJING_TLS_KEY", "PEM private key for --tls-cert"),
    "max_message_bytes": ("YIJING_MAX_MESSAGE_BYTES", "largest request/response message"),
    "max_batch": ("YIJING_MAX_BATCH", "most requests in one ValidateMoves call"),
    "max_moves": ("YIJING_MAX_MOVES", "most moves in one position or game"),
    "max_concurrent_rpcs": (
        "YIJING_MAX_CONCURRENT_RPCS",
        "unary RPCs handled at once; more are refused with RESOURCE_EXHAUSTED",
    ),
    "max_concurrent_rpcs_per_peer": (
        "YIJING_MAX_CONCURRENT_RPCS_PER_PEER",
        "unary RPCs handled at once for one client host; more are RESOURCE_EXHAUSTED",
    ),
    "request_timeout_seconds": (
        "YIJING_REQUEST_TIMEOUT_SECONDS",
        "a call whose request message has not arrived this long after the call started "
        "ends with DEADLINE_EXCEEDED (INVALID_ARGUMENT at once if the client sent none)",
    ),
    "max_simulate_games": (
        "YIJING_MAX_SIMULATE_GAMES",
        "most games in one Simulate call; more is INVALID_ARGUMENT",
    ),
    "simulate_workers": (
        "YIJING_SIMULATE_WORKERS",
        "Simulate calls running at once (each uses up to every core); more wait",
    ),
    "workers": ("YIJING_WORKERS", "engine worker threads (0: min(4, CPUs))"),
    "grace_seconds": (
        "YIJING_GRACE_SECONDS",
        "SIGTERM: seconds the calls in flight may take to finish (after the drain)",
    ),
    "drain_seconds": (
        "YIJING_DRAIN_SECONDS",
        "SIGTERM: seconds health says NOT_SERVING while calls are still accepted, "
        "before the server stops accepting them",
    ),
    "max_streams": (
        "YIJING_MAX_STREAMS",
        "server streams open at once (WatchGame, Simulate, health Watch, reflection); they have "
        "their own budget on top of --max-concurrent-rpcs, so they never starve unary calls",
    ),
    "max_streams_per_peer": (
        "YIJING_MAX_STREAMS_PER_PEER",
        "server streams open at once from one client host",
    ),
    "max_watchers_per_game": (
        "YIJING_MAX_WATCHERS_PER_GAME",
        "WatchGame streams open at once on one game",
    ),
    "watch_idle_seconds": (
        "YIJING_WATCH_IDLE_SECONDS",
        "a WatchGame stream with nothing new for this long ends with UNAVAILABLE "
        "(watch again to go on)",
    ),
    "max_sessions": (
        "YIJING_MAX_SESSIONS",
        "active games (not over, not expired) at once; CreateGame beyond it is RESOURCE_EXHAUSTED",
    ),
    "session_idle_seconds": (
        "YIJING_SESSION_IDLE_SECONDS",
        "a game with no move for this long expires (NOT_FOUND from then on)",
    ),
    "session_cache": (
        "YIJING_SESSION_CACHE",
        "games kept in memory (most recently used); the rest are reloaded from --db",
    ),
    "log_level": ("YIJING_LOG_LEVEL", "debug, info, warning or error"),
    "front": (
        "YIJING_FRONT",
        "the native gRPC front end, which answers ValidateMove(s) in C++ and passes every "
        "other call to this server: 'auto' (when built and the native backend is active), "
        "'native' (required: fail to start without it) or 'off' (serve from Python alone)",
    ),
}


class _Parser(argparse.ArgumentParser):
    """Bad flags are one line, ``<prog>: error: ...``, and exit status 2 (as the yijing CLI)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def check_address(flag: str, value: str) -> str | None:
    """Why `value` is not a HOST:PORT listen address (port 0-65535), or None if it is one."""
    host, sep, port = value.rpartition(":")
    if not sep or not host.strip("[]") or not port.isdigit() or int(port) > 65535:
        return (
            f"{flag} must be HOST:PORT with a port 0-65535 (0: any free port), "
            f"e.g. 127.0.0.1:50051; got {value!r}"
        )
    return None


def parse_args(
    argv: Sequence[str] | None = None,
    env: dict[str, str] | None = None,
    prog: str = "python -m pyyijing.service",
) -> Config:
    """The Config of these flags and environment; errors are labelled `prog` (yijing serve)."""
    env = dict(os.environ if env is None else env)
    defaults = Config()
    parser = _Parser(
        prog=prog,
        description="pyyijing rule engine gRPC service (yijing.v1.RuleEngineService)",
    )
    for f in fields(Config):
        var, text = _HELP[f.name]
        default = getattr(defaults, f.name)
        kind = type(default)
        raw = env.get(var)
        if raw is not None and raw != "":
            try:
                default = kind(raw)
            except ValueError:
                parser.error(f"{var}={raw!r} is not a valid {kind.__name__}")
        parser.add_argument(
            "--" + f.name.replace("_", "-"),
            type=kind,
            default=default,
            help=f"{text} [env {var}; default {getattr(defaults, f.name)!r}]",
        )
    ns = parser.parse_args(argv)
    cfg = Config(**{f.name: getattr(ns, f.name) for f in fields(Config)})
    if bool(cfg.tls_cert) != bool(cfg.tls_key):
        parser.error("--tls-cert and --tls-key go together")
    for flag, value in (("--address", cfg.address), ("--metrics-address", cfg.metrics_address)):
        if flag == "--metrics-address" and value.lower() in ("", "off"):
            continue
        problem = check_address(flag, value)
        if problem:
            parser.error(problem)
    if cfg.front not in ("auto", "native", "off"):
        parser.error(f"--front must be auto, native or off; got {cfg.front!r}")
    if cfg.log_level.lower() not in ("debug", "info", "warning", "error"):
        parser.error(f"--log-level must be debug, info, warning or error; got {cfg.log_level!r}")
    for name in (
        "max_message_bytes",
        "max_batch",
        "max_moves",
        "max_concurrent_rpcs",
        "max_concurrent_rpcs_per_peer",
        "max_simulate_games",
        "simulate_workers",
        "max_streams",
        "max_streams_per_peer",
        "max_watchers_per_game",
        "max_sessions",
        "session_cache",
    ):
        if getattr(cfg, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    for name in ("grace_seconds", "drain_seconds"):
        if not getattr(cfg, name) >= 0:  # also refuses nan
            parser.error(f"--{name.replace('_', '-')} must be at least 0")
    for name in ("watch_idle_seconds", "session_idle_seconds", "request_timeout_seconds"):
        if not getattr(cfg, name) > 0:
            parser.error(f"--{name.replace('_', '-')} must be more than 0")
    return cfg
