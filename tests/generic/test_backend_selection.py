"""Backend selection through PYYIJING_BACKEND, checked in fresh interpreters."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyyijing import _backend

PRINT = (
    "import pyyijing as yj; print(yj.backend(), yj.Hexagram.from_lines('110001').name, "
    "yj.shuffle_wall(7)[1])"
)
# Make the given extension modules fail to import, as if they had not been built.
BLOCK = "import sys\nfor m in {blocked!r}: sys.modules[m] = None\n"
BLOCK_NATIVE = ["pyyijing._native"]
BLOCK_COMPILED = ["pyyijing._native", "pyyijing._cy.prng", "pyyijing._cy.yijingpai.iching_tables"]


def run(code: str, tmp_path: Path, backend: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYYIJING_BACKEND"}
    env["PYTHONIOENCODING"] = "utf-8"
    if backend is not None:
        env["PYYIJING_BACKEND"] = backend
    # cwd=tmp_path: never import the source tree, always the installed package.
    return subprocess.run(
        [sys.executable, "-W", "default", "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("name", _backend.BACKENDS)
def test_forced_backend(name: str, tmp_path: Path) -> None:
    if name not in _backend.available():
        pytest.skip(f"{name} backend not built")
    proc = run(PRINT, tmp_path, backend=name)
    assert proc.returncode == 0, proc.stderr
    _wall, dice = _backend.load("python").shuffle_wall(7, 144, "wild")
    assert proc.stdout.strip() == f"{name} 損 {dice}"
    assert proc.stderr == ""


def test_default_is_native_without_warning(tmp_path: Path) -> None:
    if "native" not in _backend.available():
        pytest.skip("native backend not built")
    proc = run(PRINT, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[0] == "native"
    assert "Warning" not in proc.stderr


def test_bad_value_lists_allowed(tmp_path: Path) -> None:
    proc = run("import pyyijing", tmp_path, backend="fortran")
    assert proc.returncode != 0
    assert "ImportError" in proc.stderr
    assert "'fortran' is not a pyyijing backend" in proc.stderr
    assert "native, cython, python" in proc.stderr


def test_forced_unavailable_backend_says_why_and_what_to_do(tmp_path: Path) -> None:
    proc = run(BLOCK.format(blocked=BLOCK_NATIVE) + "import pyyijing", tmp_path, "native")
    assert proc.returncode != 0
    assert "ImportError: PYYIJING_BACKEND=native but the native backend is unavailable" in (
        proc.stderr
    )
    assert "pyyijing._native" in proc.stderr  # the underlying import error
    assert "pip install ." in proc.stderr  # what to do


CATCH = (
    "import warnings\n"
    "with warnings.catch_warnings(record=True) as caught:\n"
    "    warnings.simplefilter('always')\n"
    "    import pyyijing as yj\n"
    "print(yj.backend())\n"
    "for w in caught: print(w.category.__name__, '|', w.message)\n"
)


@pytest.mark.parametrize(
    ("blocked", "expected"), [(BLOCK_NATIVE, "cython"), (BLOCK_COMPILED, "python")]
)
def test_fallback_warns_exactly_once(tmp_path: Path, blocked: list[str], expected: str) -> None:
    proc = run(BLOCK.format(blocked=blocked) + CATCH, tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert lines[0] == expected
    warnings_seen = lines[1:]
    assert len(warnings_seen) == 1, warnings_seen
    assert warnings_seen[0].startswith("RuntimeWarning | ")
    assert f"using the {expected} backend" in warnings_seen[0]
