"""The `>>>` examples of README.md and docs/*.md run and print what they say.

Only fenced blocks are run, one doctest per file with a shared namespace in
file order (like a reader typing them in). Every backend words its verdicts
from one table (pyyijing/yijingpai/reasons.py), so the examples hold on each
backend: the active one here, and each fallback in a subprocess below.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pyyijing as yj

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.DOTALL | re.MULTILINE)


def _examples(path: Path) -> str:
    return "\n".join(b for b in FENCE.findall(path.read_text(encoding="utf-8")) if ">>>" in b)


def _run(path: Path) -> tuple[int, int, str]:
    """(examples, failures, report) of one file's examples."""
    text = _examples(path)
    test = doctest.DocTestParser().get_doctest(text, {}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    return len(test.examples), runner.failures, "\n".join(failures)


EXAMPLE_FILES = [f for f in FILES if _examples(f)]


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_examples_print_what_they_say(path: Path) -> None:
    examples, failed, report = _run(path)
    assert examples, "no examples found"
    assert failed == 0, report


@pytest.mark.parametrize("name", ["cython", "python"])
def test_examples_hold_on_every_backend(name: str) -> None:
    """The same examples with PYYIJING_BACKEND forced (one reason table, docs §6)."""
    if name not in yj._backend.available():
        pytest.skip(f"backend {name} unavailable")
    code = (
        "import sys, pathlib, test_readme_examples as t\n"
        "bad = [(p.name, t._run(p)[2]) for p in t.EXAMPLE_FILES if t._run(p)[1]]\n"
        "print(bad or 'ok'); sys.exit(1 if bad else 0)\n"
    )
    env = {**os.environ, "PYYIJING_BACKEND": name}
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")])
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=HERE, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
