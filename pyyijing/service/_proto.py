"""Generated protobuf/gRPC code for proto/yijing/v1, made at import time.

The generated modules are never committed. On first import, `load()` runs the
pinned ``grpcio-tools`` (the ``service`` extra pins it to match the grpcio and
protobuf runtimes) on the .proto files and writes the output to
``service/_gen/<hash>/`` (or, when the package directory is read-only, to
``$XDG_CACHE_HOME/pyyijing-service/<hash>/``), where ``<hash>`` covers the
.proto sources and the grpcio-tools version, so an edited .proto or another
grpcio-tools is regenerated and an unchanged one is reused. Output is written
to a temporary directory and renamed into place, so concurrent first imports
(several server processes, pytest workers) are safe.

The .proto files are found in ``proto/`` at the root of a source checkout
(two levels above this package), or in ``pyyijing/service/proto/`` in an
installed wheel (pyproject.toml maps ``proto/`` there).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType

PROTO_FILES = ("yijing/v1/rule_engine.proto",)
_HERE = Path(__file__).resolve().parent


def proto_root() -> Path:
    """The directory holding ``yijing/v1/*.proto``."""
    candidates = (_HERE / "proto", _HERE.parent.parent / "proto")
    for candidate in candidates:
        if (candidate / PROTO_FILES[0]).is_file():
            return candidate
    raise ImportError(
        f"service: cannot find {PROTO_FILES[0]} in {candidates[0]} or {candidates[1]}"
    )


def _digest(root: Path) -> str:
    import grpc_tools

    h = hashlib.sha256()
    h.update(getattr(grpc_tools, "__version__", "").encode())
    try:
        from importlib.metadata import version

        h.update(version("grpcio-tools").encode())
    except Exception:  # pragma: no cover - metadata missing
        pass
    for name in PROTO_FILES:
        h.update(name.encode())
        h.update((root / name).read_bytes())
    return h.hexdigest()[:16]


def _generate(root: Path, out_base: Path, digest: str) -> Path:
    final = out_base / digest
    if (final / ".complete").is_file():
        return final
    from grpc_tools import protoc

    out_base.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=out_base))
    try:
        wkt = Path(protoc.__file__).resolve().parent / "_proto"
        args = [
            "grpc_tools.protoc",
            f"-I{root}",
            f"-I{wkt}",
            f"--python_out={tmp}",
            f"--grpc_python_out={tmp}",
            f"--pyi_out={tmp}",
            *PROTO_FILES,
        ]
        rc = protoc.main(args)
        if rc != 0:
            raise ImportError(f"service: protoc failed (exit {rc}) on {root}")
        for name in PROTO_FILES:  # regular packages, not namespace packages
            pkg = tmp / Path(name).parent
            while pkg != tmp:
                (pkg / "__init__.py").touch()
                pkg = pkg.parent
        (tmp / ".complete").write_text(digest + "\n")
        try:
            os.rename(tmp, final)
        except OSError:
            # Another process won the race (final exists and is not empty).
            if not (final / ".complete").is_file():
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return final


def _out_bases() -> list[Path]:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return [_HERE / "_gen", cache / "pyyijing-service"]


def generated_dir() -> Path:
    """Generate the code if needed and return the directory to put on sys.path."""
    root = proto_root()
    digest = _digest(root)
    errors: list[str] = []
    for base in _out_bases():
        try:
            return _generate(root, base, digest)
        except OSError as exc:
            errors.append(f"{base}: {exc}")
    raise ImportError("service: cannot write generated code: " + "; ".join(errors))


def load() -> tuple[ModuleType, ModuleType]:
    """``(rule_engine_pb2, rule_engine_pb2_grpc)``, generating them on first use."""
    path = str(generated_dir())
    if path not in sys.path:
        sys.path.append(path)
    pb2 = importlib.import_module("yijing.v1.rule_engine_pb2")
    pb2_grpc = importlib.import_module("yijing.v1.rule_engine_pb2_grpc")
    return pb2, pb2_grpc
