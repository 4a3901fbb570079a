"""The service bench's native fixed-rate client (benchmarks/loadgen/fixed_rate_client.cpp,
benchmarks/native_client.py): it builds, sends every call of a run at the asked rate to a
real loopback server and reports them, and answers a bad command with an error line. The
do-nothing grpc++ server (benchmarks/loadgen/echo_server.cpp) answers every call with the
do-nothing grpc.aio server's bytes and stops on SIGTERM.
Speed is never asserted. Skips where gRPC's C++ development files are missing
(scripts/install-system-deps.sh installs them)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Last, not first: processes spawned later by this test process (a LocalCluster's
# Dask workers) start with a copy of sys.path, and the repo root first would make
# them import the source tree's pyyijing, which has no compiled backends.
sys.path.append(str(ROOT))

from benchmarks.native_client import (  # noqa: E402
    NativeClient,
    build_native_client,
    build_native_echo,
    write_bodies,
)
from benchmarks.service_bench import VALIDATE_MOVE, Server  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NativeClient]:
    exe, how = build_native_client(str(tmp_path_factory.mktemp("native")))
    if exe is None:
        pytest.skip(how)
    c = NativeClient(exe, how)
    yield c
    c.close()


@pytest.fixture(scope="module")
def echo() -> Iterator[Server]:
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(tmp, echo=True)
        yield srv
        srv.stop()


def test_every_call_of_a_run_is_sent_and_answered(
    client: NativeClient, echo: Server, tmp_path: Path
) -> None:
    bodies = write_bodies(str(tmp_path / "b"), [b"", b"\n\x02s0", b"x" * 300])
    r = client.fixed_rate(echo.target, VALIDATE_MOVE, bodies, 500.0, 0.4)
    assert r["sent"] == 200
    assert r["ok"] == 200
    assert r["errors"] == 0
    assert r["error_codes"] == {}
    assert 0 < r["p50_ms"] <= r["p99_ms"]
    # open loop: the run lasts its schedule, not longer (generous bound for a busy machine)
    assert 0.39 <= r["seconds"] < 5.0
    assert r["client_cpu_seconds"] >= 0


def test_failed_calls_are_counted_by_status_code(
    client: NativeClient, echo: Server, tmp_path: Path
) -> None:
    bodies = write_bodies(str(tmp_path / "b"), [b"\n\x00"])
    r = client.fixed_rate(echo.target, "/yijing.v1.RuleEngineService/NoSuchRpc", bodies, 200, 0.1)
    assert r["sent"] == 20
    assert r["ok"] == 0
    assert r["error_codes"] == {"UNIMPLEMENTED": 20}


def test_bad_input_is_an_error_line_and_the_client_carries_on(
    client: NativeClient, echo: Server, tmp_path: Path
) -> None:
    with pytest.raises(RuntimeError, match="cannot open"):
        client.fixed_rate(echo.target, VALIDATE_MOVE, str(tmp_path / "missing"), 100, 0.1)
    truncated = tmp_path / "t"
    truncated.write_bytes(b"\x05\x00\x00\x00ab")
    with pytest.raises(RuntimeError, match="truncated"):
        client.fixed_rate(echo.target, VALIDATE_MOVE, str(truncated), 100, 0.1)
    with pytest.raises(RuntimeError, match="expected: run"):
        client.fixed_rate(echo.target, VALIDATE_MOVE, str(truncated), 0, 0.1)
    ok = write_bodies(str(tmp_path / "ok"), [b""])
    assert client.fixed_rate(echo.target, VALIDATE_MOVE, ok, 100, 0.1)["ok"] == 10
    assert os.path.exists(ok)


def test_without_grpc_development_files_it_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pkg-config looks only in an empty directory: grpc++ is "not installed"
    monkeypatch.setenv("PKG_CONFIG_LIBDIR", str(tmp_path))
    monkeypatch.delenv("PKG_CONFIG_PATH", raising=False)
    exe, why = build_native_client(str(tmp_path / "build"))
    assert exe is None
    assert "libgrpc++-dev" in why


def test_the_grpcpp_do_nothing_server_answers_like_the_python_one(
    client: NativeClient, echo: Server, tmp_path: Path
) -> None:
    exe, how = build_native_echo(str(tmp_path / "build"))
    assert exe is not None, how
    cpp = Server(str(tmp_path), command=[exe])
    try:
        bodies = write_bodies(str(tmp_path / "b"), [b"", b"x" * 300])
        for target in (cpp.target, echo.target):
            r = client.fixed_rate(target, VALIDATE_MOVE, bodies, 500.0, 0.2)
            assert (r["sent"], r["ok"], r["errors"]) == (100, 100, 0)
        # the same answer bytes as benchmarks/echo_server.py's, read back by a grpc client
        import grpc

        for target in (cpp.target, echo.target):
            with grpc.insecure_channel(target) as ch:
                assert ch.unary_unary(VALIDATE_MOVE)(b"anything", timeout=10) == b"\n\x02\x08\x01"
    finally:
        cpp.stop()
    assert cpp.proc.returncode == 0  # SIGTERM: a clean stop
