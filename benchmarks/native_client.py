"""The native fixed-rate client (benchmarks/loadgen/fixed_rate_client.cpp) for the
service bench's "native client" rows.

The Python client of the other rows spends about 0.4 ms of CPU per call on the two
cores the server also runs on; the native one sends the same request bytes at the
same rate for a few microseconds a call, as a production load tool would. Both
are run, alternated, against the same servers: the pair shows how much of a
latency figure is the client's. It needs gRPC's C++ development files (Debian:
libgrpc++-dev, installed by scripts/install-system-deps.sh); without them its
rows are reported as skipped, with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
from typing import Any

from .yardstick import build_yardstick

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "loadgen", "fixed_rate_client.cpp")
# the do-nothing server on gRPC's C++ transport (the "transport alone" rows' C++ twin)
ECHO_SOURCE = os.path.join(HERE, "loadgen", "echo_server.cpp")


def _grpc_flags() -> tuple[list[str] | None, str]:
    """pkg-config's compiler and linker flags for grpc++, or (None, why not)."""
    if shutil.which("pkg-config") is None:
        return None, "no pkg-config on PATH (apt: pkg-config libgrpc++-dev)"
    proc = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "grpc++"], capture_output=True, text=True
    )
    if proc.returncode != 0:
        return None, "gRPC C++ development files not found (apt: libgrpc++-dev)"
    return proc.stdout.split(), ""


def _build_grpc_program(build_dir: str, source: str, name: str, api: str) -> tuple[str | None, str]:
    """(path of the program, how it was built), or (None, why not)."""
    flags, why = _grpc_flags()
    if flags is None:
        return None, why
    exe, how = build_yardstick(build_dir, source, name, tuple(flags))
    if exe is None:
        return None, how
    version = subprocess.run(
        ["pkg-config", "--modversion", "grpc++"], capture_output=True, text=True
    ).stdout.strip()
    return exe, f"g++ -O2, grpc++ {version} {api}"


def build_native_client(build_dir: str) -> tuple[str | None, str]:
    """(path of the client, how it was built), or (None, why not)."""
    return _build_grpc_program(build_dir, SOURCE, "fixed_rate_client", "GenericStub")


def build_native_echo(build_dir: str) -> tuple[str | None, str]:
    """(path of the do-nothing grpc++ server, how it was built), or (None, why not)."""
    return _build_grpc_program(build_dir, ECHO_SOURCE, "echo_server", "CallbackGenericService")


def write_bodies(path: str, bodies: list[bytes]) -> str:
    """The serialized requests as the client reads them: (u32 LE length, bytes) records."""
    with open(path, "wb") as f:
        for b in bodies:
            f.write(struct.pack("<I", len(b)))
            f.write(b)
    return path


class NativeClient:
    """One client process for the whole bench (one warm channel per target)."""

    def __init__(self, exe: str, how: str) -> None:
        self.how = how
        self.proc = subprocess.Popen(
            [exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def fixed_rate(
        self, target: str, method: str, bodies_path: str, rate: float, seconds: float
    ) -> dict[str, Any]:
        """One open-loop run (the keys of service_load.fixed_rate); raises on a
        client error so that the section reports it."""
        assert self.proc.stdin is not None
        assert self.proc.stdout is not None
        self.proc.stdin.write(f"run {target} {method} {bodies_path} {rate:g} {seconds:g}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the native client exited ({self.proc.poll()})")
        rec: dict[str, Any] = json.loads(line)
        if "error" in rec:
            raise RuntimeError(f"native client: {rec['error']}")
        # null: a percentile of no answers; NaN, as the Python client reports it
        return {k: float("nan") if v is None else v for k, v in rec.items()}

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
