"""`yijing simulate`'s output files at the end of a run, and `replay`'s choice of record.

docs/simulation.md "The yijing CLI" and README "Simulation": a file that
cannot be written is an error naming its flag and path (exit 1) while the
summary is still printed and the other files written; two flags naming one
file are refused before the run; `replay` without `--game` on a file of many
records says which one it shows.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pyyijing.cli import main

FULL = "/dev/full"  # Linux: every write fails with ENOSPC
GAMES = {"yijingpai": [], "changsha": ["--game", "changsha", "--birds", "4"]}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def simulate(*extra: str, game: str = "yijingpai") -> list[str]:
    return ["simulate", "--games", "200", "--quiet", "--policies", "greedy", *GAMES[game], *extra]


def _needs(flag: str) -> None:
    if not os.path.exists(FULL):
        pytest.skip(f"{FULL} is Linux's")
    if flag == "--plot":
        pytest.importorskip("matplotlib")


# ----------------------------------------------------------- a write error at the end


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("flag", ["--json", "--plot", "--out"])
def test_a_full_disk_names_the_file_exits_1_and_still_prints_the_summary(
    capsys: pytest.CaptureFixture[str], flag: str, game: str
) -> None:
    _needs(flag)
    extra = [flag, FULL] + (["--records", "every:50"] if flag == "--out" else [])
    code, out, err = run(capsys, *simulate(*extra, game=game))
    assert code == 1
    assert err == f"yijing: error: {flag} {FULL}: cannot write it: No space left on device\n"
    assert "win rate" in out  # the summary table
    assert "written to" not in out  # nothing claims a file it could not write


def test_the_other_files_are_still_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _needs("--json")
    records = tmp_path / "r.jsonl"
    argv = simulate("--json", FULL, "--records", "every:50", "--out", str(records))
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert f"--json {FULL}" in err
    assert f"4 records written to {records}" in out
    assert len(records.read_text(encoding="utf-8").splitlines()) == 4


# ----------------------------------------------------------- one file named twice


def _same_file(tmp_path: Path, spelling: str) -> tuple[str, str]:
    target = tmp_path / "run.json"
    if spelling == "exact":
        return str(target), str(target)
    if spelling == "dot-dot":
        (tmp_path / "sub").mkdir()
        return str(target), str(tmp_path / "sub" / ".." / "run.json")
    if spelling == "relative":
        os.chdir(tmp_path)
        return "run.json", str(target)
    target.write_text("previous run", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(target)
    return str(target), str(tmp_path / "link.json")


@pytest.mark.parametrize("spelling", ["exact", "dot-dot", "relative", "symlink"])
@pytest.mark.parametrize(
    ("first", "second"), [("--json", "--out"), ("--json", "--plot"), ("--plot", "--out")]
)
def test_two_flags_naming_one_file_are_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    spelling: str,
    first: str,
    second: str,
) -> None:
    if "--plot" in (first, second):
        pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    a, b = _same_file(tmp_path, spelling)
    before = sorted(p.name for p in tmp_path.iterdir())
    argv = simulate(first, a, second, b)
    if "--out" in argv:
        argv += ["--records", "every:50"]
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("yijing: error: "), err
    assert first in err
    assert second in err
    assert "same file" in err
    assert out == ""  # no run
    assert sorted(p.name for p in tmp_path.iterdir()) == before


# ----------------------------------------------------------- replay without --game


def _records(capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str) -> Path:
    path = tmp_path / "r.jsonl"
    code, _out, err = run(capsys, *simulate("--records", "every:50", "--out", str(path), game=game))
    assert code == 0, err
    return path


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replay_of_many_records_without_game_says_which_it_shows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    path = _records(capsys, tmp_path, game)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert err == (
        f"yijing: {path} holds 4 records (games 0, 50, 100, 150); showing the first, "
        "game 0: choose one with --game N\n"
    )
    assert out.split(":")[0] in ("game 0", "hand 0")
    code, out2, err = run(capsys, "replay", str(path), "--game", "0")
    assert (code, err, out2) == (0, "", out)  # asked for: no note


def test_replay_of_one_record_needs_no_note(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _records(capsys, tmp_path, "yijingpai")
    one = tmp_path / "one.json"
    one.write_text(path.read_text(encoding="utf-8").splitlines()[1], encoding="utf-8")
    code, out, err = run(capsys, "replay", str(one))
    assert (code, err) == (0, "")
    assert out.startswith("game 50:")


def test_replay_of_unnumbered_records_names_the_range(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _records(capsys, tmp_path, "yijingpai")
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for rec in records:
        del rec["index"]
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(records), encoding="utf-8")
    code, _out, err = run(capsys, "replay", str(plain))
    assert code == 0
    assert err == (
        f"yijing: {plain} holds 4 records; showing the first: choose one with --game N (0 to 3)\n"
    )


# ----------------------------------------------------------- install hints


def test_the_missing_matplotlib_hint_works_from_a_checkout_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` -> ImportError
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    code, _out, err = run(capsys, *simulate("--plot", str(tmp_path / "p.png")))
    assert code == 2
    assert "pip install 'pyyijing[plot]'" in err  # from PyPI
    assert "pip install '.[plot]'" in err  # from a source checkout (README "Install")


# ----------------------------------------------------------- whole or not at all


def test_a_failed_write_keeps_the_previous_file_and_leaves_no_temporary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from pyyijing.cli import outputs as cli_outputs

    old = tmp_path / "summary.json"
    old.write_text("previous run", encoding="utf-8")

    def disk_full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(cli_outputs.os, "replace", disk_full)
    code, out, err = run(capsys, *simulate("--json", str(old)))
    assert code == 1
    assert f"--json {old}: cannot write it: No space left on device" in err
    assert "win rate" in out
    assert old.read_text(encoding="utf-8") == "previous run"
    assert [p.name for p in tmp_path.iterdir()] == ["summary.json"]


def test_stdout_as_a_file_works_through_a_pipe() -> None:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "pyyijing.cli", *simulate("--json", "/dev/stdout")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    summary, _end = json.JSONDecoder().raw_decode(proc.stdout)  # then the table
    assert summary["game"] == "yijingpai"
