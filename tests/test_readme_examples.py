"""The `>>>` examples of README.md and docs/*.md run and print what they say.

Only fenced blocks are run, one doctest per file with a shared namespace in
file order (like a reader typing them in). Messages in the examples come from
the native backend, so this runs where the native module is active.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import pyyijing as yj

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.DOTALL | re.MULTILINE)


def _examples(path: Path) -> str:
    return "\n".join(b for b in FENCE.findall(path.read_text(encoding="utf-8")) if ">>>" in b)


@pytest.mark.parametrize("path", [f for f in FILES if _examples(f)], ids=lambda p: p.name)
def test_examples_print_what_they_say(path: Path) -> None:
    if yj.backend() != "native":
        pytest.skip("the examples show the native backend's messages")
    text = _examples(path)
    test = doctest.DocTestParser().get_doctest(text, {}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert test.examples, "no examples found"
    assert runner.failures == 0, "\n".join(failures)
