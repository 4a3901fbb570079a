"""`yijing serve` starts the same gRPC service as `python -m service`."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
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
