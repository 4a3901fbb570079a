"""The README's gRPC client examples (Yi Jing Pai, mahjong) run as written against a real server."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parents[2] / "README.md"


def _client_blocks() -> list[str]:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if "load_generated" in b]


def _run(code: str, server: Any) -> list[str]:
    code = code.replace("127.0.0.1:50051", server.target)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    return out.getvalue().splitlines()


def test_readme_client_example_runs(server: Any) -> None:
    (code,) = [b for b in _client_blocks() if "mahjong_rules" not in b]
    code = code.replace("games=100_000", "games=300")  # the same calls, a shorter run
    lines = _run(code, server)
    assert lines[0] == 'code: "wrong_phase"'  # the verdict on a move in the target phase
    assert "True False 1" in lines  # act.verdict.ok, act.already_applied, act.view.next_index


def test_readme_mahjong_client_example_runs(server: Any) -> None:
    (code,) = [b for b in _client_blocks() if "mahjong_rules" in b]
    code = code.replace("games=10_000", "games=200")  # the same calls, a shorter run
    lines = _run(code, server)
    # docs/mahjong.md §9's worked hand: seat 0 is in turn, so seat 1 may not discard
    assert lines[0] == 'code: "not_your_turn"'
    assert "True [('7s', 3)]" in lines  # seat 2 wins on 7s later in that hand
    hand, moves = lines[-3].split(" ", 1)
    # 13 tiles of two characters, 14 when seat 1 deals (the server picks a secret seed):
    # its own tiles only
    assert len(hand) in (26, 28)
    assert re.fullmatch(r"(?:[1-9][mps]|[1-7]z)+", hand)
    assert moves == "['s1:void=m', 's1:void=p', 's1:void=s']"
    assert lines[-2] == "True s 1"  # act.verdict.ok, the seat's void suit (its own), next_index
    assert lines[-1].startswith("shaoyang 200 {")
