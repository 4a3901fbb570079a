"""`yijing serve` starts the same gRPC service as `python -m pyyijing.service`."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

YIJING = Path(sys.executable).parent / "yijing"


def test_yijing_serve_runs_the_service_and_stops_on_sigterm(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [str(YIJING), "serve", "--address", "127.0.0.1:0", "--metrics-address", "off",
         "--db", str(tmp_path / "s.sqlite3")],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert proc.stderr is not None
        serving = None
        deadline = time.monotonic() + 90
        while serving is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if rec.get("msg") == "serving":
                serving = rec
        assert serving is not None, "yijing serve did not start"
        with grpc.insecure_channel(serving["address"]) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            reply = health.Check(health_pb2.HealthCheckRequest(service=""), timeout=10)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()


def test_yijing_serve_help_is_the_services() -> None:
    out = subprocess.run([str(YIJING), "serve", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    assert "--address" in out.stdout


@pytest.mark.parametrize("argv", [["serve", "--no-such-flag"]])
def test_yijing_serve_bad_flag_is_an_error(argv: list[str]) -> None:
    out = subprocess.run([str(YIJING), *argv], capture_output=True, text=True)
    assert out.returncode != 0
    assert "Traceback" not in out.stderr


# ------------------------------------------------------------------ errors


def _serve(
    tmp_path: Path, *argv: str, command: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*(command or [str(YIJING), "serve"]), *argv, "--db", str(tmp_path / "s.sqlite3")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _one_line(stderr: str, label: str = "yijing serve") -> None:
    assert stderr.startswith(f"{label}: error: "), stderr
    assert stderr.count("\n") == 1, stderr
    assert "Traceback" not in stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["--address", "nonsense"],
        ["--address", "127.0.0.1"],
        ["--address", "127.0.0.1:99999"],
        ["--address", ":50051"],
        ["--metrics-address", "nonsense"],
    ],
)
def test_yijing_serve_bad_address_is_one_line(tmp_path: Path, argv: list[str]) -> None:
    out = _serve(tmp_path, *argv)
    assert out.returncode == 2
    _one_line(out.stderr)
    assert argv[0] in out.stderr
    assert "HOST:PORT" in out.stderr


def test_yijing_serve_bad_flag_is_labelled_yijing_serve(tmp_path: Path) -> None:
    out = _serve(tmp_path, "--no-such-flag")
    assert out.returncode == 2
    _one_line(out.stderr)
    assert "--no-such-flag" in out.stderr


def test_python_m_service_keeps_its_own_label(tmp_path: Path) -> None:
    out = _serve(
        tmp_path, "--address", "nonsense", command=[sys.executable, "-m", "pyyijing.service"]
    )
    assert out.returncode == 2
    _one_line(out.stderr, "python -m pyyijing.service")


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


def test_yijing_serve_port_in_use_is_one_line(tmp_path: Path, busy_port: int) -> None:
    out = _serve(tmp_path, "--address", f"127.0.0.1:{busy_port}", "--metrics-address", "off")
    assert out.returncode == 2
    _one_line(out.stderr)
    assert f"cannot listen on 127.0.0.1:{busy_port}" in out.stderr
    assert "in use" in out.stderr


def test_yijing_serve_metrics_port_in_use_is_one_line(tmp_path: Path, busy_port: int) -> None:
    out = _serve(
        tmp_path, "--address", "127.0.0.1:0", "--metrics-address", f"127.0.0.1:{busy_port}"
    )
    assert out.returncode == 2
    _one_line(out.stderr)
    assert f"metrics on 127.0.0.1:{busy_port}" in out.stderr
    assert "in use" in out.stderr


def test_a_bind_failure_inside_grpc_is_one_line(tmp_path: Path, busy_port: int) -> None:
    """The port is taken between the check and gRPC's bind: Service.start() raises
    RuntimeError("Failed to bind ..."), which is still one line (here the check is skipped)."""
    code = (
        "import sys, pyyijing.service.__main__ as m\n"
        "m._bind_problem = lambda address: None\n"
        "sys.exit(m.main(sys.argv[1:], prog='yijing serve'))\n"
    )
    out = _serve(
        tmp_path,
        "--address",
        f"127.0.0.1:{busy_port}",
        "--metrics-address",
        "off",
        command=[sys.executable, "-c", code],
    )
    assert out.returncode == 2, out.stderr
    last = out.stderr.splitlines()[-1]  # gRPC's C core logs its own line first
    assert last.startswith(f"yijing serve: error: cannot listen on 127.0.0.1:{busy_port}"), last
    assert "Traceback" not in out.stderr
