"""``python -m pyyijing.service [--address HOST:PORT] [--metrics-address HOST:PORT] [--db PATH] …``.

A server that cannot start (the address is in use or not this machine's, a
TLS file or the session database cannot be opened) prints one line,
``<prog>: error: …``, and exits with status 2, as a bad flag does.
"""

from __future__ import annotations

import asyncio
import errno
import socket
import sqlite3
import sys

from .config import Config, parse_args
from .jsonlog import configure_logging, flush_logging


def _bind_problem(address: str) -> str | None:
    """Why `address` cannot be listened on, as the OS says it, or None if it can be.

    Asked before the server starts, so that an address in use or unknown is
    one line of ours rather than gRPC's own log line and "Failed to bind"; the
    socket is closed at once (a race with another process is still caught
    when gRPC binds, below).
    """
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    try:
        infos = socket.getaddrinfo(
            host, int(port), type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (OSError, ValueError):
        return f"cannot resolve host {host!r}"
    problems: list[str] = []
    for family, kind, proto, _name, sockaddr in infos:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gRPC binds
                probe.bind(sockaddr)
        except OSError as exc:
            problems.append(str(exc.strerror or exc))
            continue
        return None  # gRPC serves if it can bind one of the resolved addresses
    return problems[0] if problems else f"no address for host {host!r}"


def _startup_error(exc: BaseException, config: Config) -> str | None:
    """The one-line reason for a failure to start, or None for anything else (a bug)."""
    from .front import FrontError  # imported with the server, not before the flags are read

    if isinstance(exc, FrontError):  # --front native where it cannot run, or it could not bind
        return str(exc)
    if isinstance(exc, RuntimeError) and str(exc).startswith("Failed to bind"):
        # grpc.aio's add_insecure_port / add_secure_port
        why = _bind_problem(config.address) or "the address is in use or not available"
        return f"cannot listen on {config.address}: {why}"
    if isinstance(exc, OSError):
        if exc.filename:  # a TLS file, the database's directory
            return f"{exc.filename}: {exc.strerror or exc}"
        if exc.errno in (errno.EADDRINUSE, errno.EADDRNOTAVAIL, errno.EACCES):
            # the Prometheus HTTP server: the only other socket opened at start
            return f"cannot serve metrics on {config.metrics_address}: {exc.strerror}"
        return None
    if isinstance(exc, sqlite3.OperationalError):  # Store() opens the file at start
        return f"cannot open the session database {config.db}: {exc}"
    return None


def main(argv: list[str] | None = None, prog: str = "python -m pyyijing.service") -> int:
    """Serve until SIGTERM/SIGINT; `prog` labels errors (``yijing serve`` from the CLI)."""
    config = parse_args(argv, prog=prog)
    configure_logging(config.log_level)
    from .server import serve

    why = _bind_problem(config.address)
    if why is not None:
        sys.stderr.write(f"{prog}: error: cannot listen on {config.address}: {why}\n")
        return 2
    try:
        asyncio.run(serve(config))
    except (RuntimeError, OSError, sqlite3.OperationalError) as exc:
        problem = _startup_error(exc, config)
        if problem is None:
            raise
        flush_logging()  # the lines logged before it come first
        sys.stderr.write(f"{prog}: error: {problem}\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
