"""The README's gRPC client example runs as written against a real server."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_client_example_runs(server: Any) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    (code,) = [b for b in blocks if "load_generated" in b]
    code = code.replace("127.0.0.1:50051", server.target)
    code = code.replace("games=100_000", "games=300")  # the same calls, a shorter run
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == 'code: "wrong_phase"'  # the verdict on a move in the target phase
    assert "True False 1" in lines  # act.verdict.ok, act.already_applied, act.view.next_index
