"""Optional server TLS (--tls-cert/--tls-key): a self-signed certificate made by openssl."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import grpc
import pytest


def test_tls(make_server: Any, h: Any, tmp_path: Path) -> None:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("the openssl command is not installed (needed to make a test certificate)")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    srv = make_server(tls_cert=str(cert), tls_key=str(key))
    creds = grpc.ssl_channel_credentials(root_certificates=cert.read_bytes())
    with grpc.secure_channel(f"127.0.0.1:{srv.service.port}", creds) as ch:
        stub = h.pb2_grpc.RuleEngineServiceStub(ch)
        r = stub.ValidateMove(h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass"))
        assert r.verdict.code == "wrong_phase"
    with grpc.insecure_channel(f"127.0.0.1:{srv.service.port}") as ch:
        stub = h.pb2_grpc.RuleEngineServiceStub(ch)
        with pytest.raises(grpc.RpcError) as info:
            stub.ValidateMove(
                h.pb2.ValidateMoveRequest(position=h.position(1), move="s0:pass"), timeout=5
            )
        assert info.value.code() == grpc.StatusCode.UNAVAILABLE
