"""Closing a port under a running gRPC server, as a process exit closes it.

gRPC's own stop cancels every call whose stream reaches the server after the
stop begins and before the client has the server's GOAWAY: the client gets
CANCELLED, which it does not retry. A process that exits instead closes its
port and every connection at once, and a client sees a closed connection as
UNAVAILABLE, which it may retry. `Service.stop()` called by a program that
embeds the server (and goes on running) closes the sockets the same way
before gRPC's stop, which then finds no connection left to cut a call off.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat

_FDS = "/proc/self/fd"


def close_port(port: int) -> int:
    """Closes this process's TCP sockets on local `port`: its listening sockets (new
    connections are refused) and the connections accepted on it (their clients see
    them closed). Returns how many; 0 where the process's descriptors cannot be
    listed (no /proc), and gRPC's stop is then what closes them.

    A listening socket is replaced (dup2) by a fresh unbound socket rather than
    shut down: shut down, it wakes gRPC's acceptor, which logs the failed accept
    as an error; replaced, the listening socket is closed (its descriptor was its
    only one) and gRPC closes the placeholder when it stops.
    """
    try:
        names = os.listdir(_FDS)
    except OSError:
        return 0
    closed = 0
    for name in names:
        fd = int(name)
        try:
            if not stat.S_ISSOCK(os.fstat(fd).st_mode):
                continue
            sock = socket.socket(fileno=os.dup(fd))
        except OSError:  # closed since the listing (the listing's own descriptor)
            continue
        with sock, contextlib.suppress(OSError):
            if sock.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            if sock.type != socket.SOCK_STREAM or sock.getsockname()[1] != port:
                continue
            if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN):
                with socket.socket(sock.family, socket.SOCK_STREAM) as placeholder:
                    os.dup2(placeholder.fileno(), fd)
            else:
                sock.shutdown(socket.SHUT_RDWR)
            closed += 1
    return closed
