"""The `yijing` command line (docs/simulation.md "The yijing CLI")."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pyyijing as yj
from pyyijing.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_table_json_records_and_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    js, rec = tmp_path / "s.json", tmp_path / "r.jsonl"
    code, out, err = run(
        capsys,
        "simulate",
        "--games",
        "3000",
        "--policies",
        "heuristic,greedy,random,random",
        "--seed",
        "1",
        "--threads",
        "2",
        "--json",
        str(js),
        "--records",
        "every:1000",
        "--out",
        str(rec),
    )
    assert code == 0, err
    assert "games/s" in err
    assert "ETA" in err
    assert "heuristic" in out
    assert "win rate" in out
    assert "[95% interval]" in out
    summary = json.loads(js.read_text())
    assert summary["games"] == 3000
    assert summary["seed"] == 1
    lines = rec.read_text().splitlines()
    assert [json.loads(x)["index"] for x in lines] == [0, 1000, 2000]
    code, out, err = run(capsys, "replay", str(rec), "--game", "1000")
    assert code == 0, err
    assert "target" in out
    assert "result:" in out
    assert any(chr(c) in out for c in range(0x4DC0, 0x4E00))  # hexagram glyphs
    # the records validate
    code, out, _ = run(capsys, "validate", "--record", str(rec))
    assert code == 0
    assert out.count(": ok") == 3


def test_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "p.png"
    code, _out, err = run(capsys, "simulate", "--games", "500", "--quiet", "--plot", str(png))
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "110001")
    assert code == 0
    assert "䷨" in out
    assert "41" in out
    assert "損" in out
    assert "Decrease" in out
    code, out, _ = run(capsys, "show", "1")
    assert code == 0
    assert "乾" in out


def test_validate_reports_the_first_bad_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    g = yj.Game(seed=5)
    while g.phase != "over":
        g.apply(yj.bot_move(g, "greedy"))
    rec = g.record()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rec))
    assert run(capsys, "validate", "--record", str(good))[0] == 0
    rec["moves"][6] = rec["moves"][6].replace("play=", "pong=") + "@outer"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    code, out, _ = run(capsys, "validate", "--record", str(bad))
    assert code == 1
    assert "move 6" in out
    assert "invalid" in out


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["frobnicate"],
        ["simulate", "--games", "ten"],
        ["simulate", "--games", "5", "--policies", "clever"],
        ["simulate", "--games", "5", "--policies", "random,random"],
        ["simulate", "--games", "5", "--variant", "huge"],
        ["simulate", "--games", "5", "--records", "every:0", "--out", "x.jsonl"],
        ["simulate", "--games", "5", "--records", "every:10"],
        ["show", "1102"],
        ["show", "99"],
        ["replay", "/nonexistent/file.jsonl"],
        ["validate"],
        ["validate", "--record", "/nonexistent.json"],
    ],
)
def test_bad_arguments_one_line_no_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("yijing: error: "), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err


def test_console_script() -> None:
    exe = shutil.which("yijing", path=os.path.dirname(sys.executable))
    if exe is None:
        pytest.skip("the yijing console script is not installed next to this Python")
    proc = subprocess.run(
        [exe, "simulate", "--games", "50", "--policies", "nonsense"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("yijing: error:")
    assert "Traceback" not in proc.stderr
    proc = subprocess.run(
        [exe, "show", "111111"], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0
    assert "䷀" in proc.stdout


# ------------------------------------------------------------------ the README's recipes

README = Path(__file__).resolve().parents[2] / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)


def _simulation_blocks() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("\n## Simulation") :]
    section = section[: section.index("\n## ", 1)]
    return FENCE.findall(section)


def _find(pattern: str, text: str) -> str:
    m = re.search(pattern, text)
    assert m, (pattern, text)
    return m.group(1)


def _flag(command: str, flag: str) -> str:
    return _find(rf"{flag}[ =](\S+)", command)


def test_readme_replay_example_matches_the_simulate_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sh = [b for lang, b in _simulation_blocks() if lang == "sh"]
    first = sh[0].replace("\\\n", " ")
    simulate = next(x for x in first.splitlines() if x.startswith("yijing simulate"))
    replay = next(x for x in first.splitlines() if x.startswith("yijing replay"))
    every = int(_flag(simulate, "--records").removeprefix("every:"))
    games = int(_flag(simulate, "--games"))
    game = int(_flag(replay, "--game"))
    assert game % every == 0
    assert game < games  # a game the records keep
    line = int(_find(r"# game number \d+: the (\d+)\w\w of", replay))
    assert (line - 1) * every == game
    assert f"the {line}" in replay
    assert f"{games // every} records" in replay
    extract = next(b for b in sh if "> game.json" in b)
    sed_line = int(_find(r"sed -n (\d+)p records.jsonl > game.json", extract))
    assert sed_line == line
    assert f"# line {sed_line}: game {game}" in extract
    if yj.backend() != "native":
        pytest.skip("the simulation part runs the native backend's speed")
    # The command itself, with only the games the replayed record needs.
    monkeypatch.chdir(tmp_path)
    argv = [
        "simulate",
        "--games",
        str(game + every),
        "--quiet",
        "--policies",
        _flag(simulate, "--policies"),
        "--seed",
        _flag(simulate, "--seed"),
        "--records",
        f"every:{every}",
        "--out",
        "records.jsonl",
    ]
    code, _out, err = run(capsys, *argv)
    assert code == 0, err
    code, out, err = run(capsys, "replay", "records.jsonl", "--game", str(game))
    assert code == 0, err
    assert out.startswith(f"game {game}:")
    lines = Path("records.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[sed_line - 1])["index"] == game
    Path("game.json").write_text(lines[sed_line - 1] + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", "--record", "game.json")
    assert code == 0
    said = _find(r"yijing validate --record game.json +# (.*)", extract)
    assert out.strip() == said


def test_readme_game_json_recipe_validates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (recipe,) = [b for lang, b in _simulation_blocks() if lang == "python" and "game.json" in b]
    monkeypatch.chdir(tmp_path)
    exec(compile(recipe, "README.md", "exec"), {})
    code, out, err = run(capsys, "validate", "--record", "game.json")
    assert code == 0, err
    assert out.startswith("record: ok, ")
