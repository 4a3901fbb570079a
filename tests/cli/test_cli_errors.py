"""The `yijing` CLI's errors: one line and status 2, never a traceback, and never late.

What a new user tries: a binary file given as a record, a bad PYYIJING_BACKEND,
output paths and matplotlib checked before the simulation runs, a reader of
stdout going away, `--games 0`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import pyyijing as yj
from pyyijing.cli import main
from pyyijing.cli.errors import EXIT_BROKEN_PIPE

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x9f\xff\x00binary"
YIJING = Path(sys.executable).parent / "yijing"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> None:
    assert err.startswith("yijing: error: "), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err


def commands() -> list[list[str]]:
    """The ways the command is started: the console script, and python -m pyyijing.cli."""
    found = [[sys.executable, "-m", "pyyijing.cli"]]
    if YIJING.exists():
        found.insert(0, [str(YIJING)])
    return found


def a_record_file(path: Path) -> Path:
    g = yj.Game(seed=3)
    while g.phase != "over":
        g.apply(yj.bot_move(g, "greedy"))
    path.write_text(json.dumps(g.record()) + "\n", encoding="utf-8")
    return path


# ----------------------------------------------------------- non-UTF-8 input


@pytest.mark.parametrize("command", [["validate", "--record"], ["replay"]])
def test_a_binary_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    png = tmp_path / "summary.png"
    png.write_bytes(PNG)
    code, out, err = run(capsys, *command, str(png))
    assert code == 2
    one_line_error(err)
    assert "summary.png" in err
    assert "UTF-8" in err
    assert out == ""


def test_a_directory_given_as_a_record_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _out, err = run(capsys, "validate", "--record", str(tmp_path))
    assert code == 2
    one_line_error(err)


# ----------------------------------------------------------- PYYIJING_BACKEND


@pytest.mark.parametrize("command", commands(), ids=lambda c: Path(c[-1]).name)
def test_a_bad_backend_variable_is_one_line(command: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "PYYIJING_BACKEND": "foo"}
    proc = subprocess.run(
        [*command, "show", "1"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,  # not the source tree: python -m must import the installed package
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2, proc.stderr
    one_line_error(proc.stderr)
    for allowed in ("native", "cython", "python"):
        assert allowed in proc.stderr
    assert "'foo'" in proc.stderr
    assert proc.stdout == ""


def test_a_bad_backend_variable_still_raises_for_library_users(tmp_path: Path) -> None:
    env = {**os.environ, "PYYIJING_BACKEND": "foo"}
    proc = subprocess.run(
        [sys.executable, "-c", "import pyyijing"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1
    assert "ImportError: PYYIJING_BACKEND='foo' is not a pyyijing backend" in proc.stderr


# ----------------------------------------------------------- checked before the run


def _no_run(out: str, err: str) -> None:
    """Nothing was simulated: no progress bar, no summary table."""
    assert "games/s" not in err
    assert "win rate" not in out


@pytest.mark.parametrize("flag", ["--json", "--plot", "--out"])
@pytest.mark.parametrize("where", ["missing-directory", "a-directory", "under-a-file"])
def test_a_bad_output_path_fails_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, flag: str, where: str
) -> None:
    name = "out.png" if flag == "--plot" else "out.json"
    (tmp_path / "file").write_text("x")
    path = {
        "missing-directory": tmp_path / "no" / "such" / name,
        "a-directory": tmp_path,
        "under-a-file": tmp_path / "file" / name,
    }[where]
    argv = ["simulate", "--games", "2000", flag, str(path)]
    if flag == "--out":
        argv += ["--records", "every:100"]
    code, out, err = run(capsys, *argv)
    assert code == 2
    one_line_error(err)
    assert flag in err
    _no_run(out, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]  # no junk left


def an_unwritable_directory(tmp_path: Path) -> Path:
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        return locked
    # Root passes every permission check, but sysfs takes no new files, even from root.
    try:
        fd, probe = tempfile.mkstemp(dir="/sys")
    except OSError:
        return Path("/sys")
    os.close(fd)
    os.unlink(probe)
    pytest.skip("running as root with no directory root cannot write in")


def test_an_unwritable_directory_fails_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    locked = an_unwritable_directory(tmp_path)
    before = sorted(locked.iterdir())
    try:
        code, out, err = run(
            capsys, "simulate", "--games", "2000", "--json", str(locked / "s.json")
        )
    finally:
        if locked.is_relative_to(tmp_path):
            locked.chmod(0o755)
    assert code == 2
    one_line_error(err)
    assert "--json" in err
    assert "cannot write there" in err
    _no_run(out, err)
    assert sorted(locked.iterdir()) == before


def test_plot_without_matplotlib_fails_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` -> ImportError
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    code, out, err = run(capsys, "simulate", "--games", "2000", "--plot", str(tmp_path / "p.png"))
    assert code == 2
    one_line_error(err)
    assert "matplotlib" in err
    _no_run(out, err)
    assert list(tmp_path.iterdir()) == []


def test_a_late_failure_leaves_existing_outputs_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    old = tmp_path / "summary.json"
    old.write_text("previous run")
    code, out, err = run(
        capsys,
        "simulate",
        "--games",
        "2000",
        "--json",
        str(old),
        "--plot",
        str(tmp_path / "summary.nosuchformat"),
    )
    assert code == 2
    one_line_error(err)
    assert "nosuchformat" in err
    _no_run(out, err)
    assert old.read_text() == "previous run"
    assert [p.name for p in tmp_path.iterdir()] == ["summary.json"]


def test_good_outputs_are_written_after_the_checks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    old = tmp_path / "summary.json"
    old.write_text("previous run")
    records = tmp_path / "r.jsonl"
    code, out, err = run(
        capsys,
        "simulate",
        "--games",
        "300",
        "--quiet",
        "--json",
        str(old),
        "--records",
        "every:100",
        "--out",
        str(records),
    )
    assert code == 0, err
    assert json.loads(old.read_text())["games"] == 300
    assert len(records.read_text().splitlines()) == 3
    assert "summary written to" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl", "summary.json"]


# ----------------------------------------------------------- counts


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "0"],
        ["simulate", "--games", "-5"],
        ["simulate", "--games", "10", "--hands-per-match", "0"],
        ["bench", "--reps", "0"],
    ],
)
def test_counts_that_must_be_positive(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    one_line_error(err)
    assert "must be >= 1" in err
    assert out == ""


# ----------------------------------------------------------- stdout going away


@pytest.mark.parametrize("command", commands(), ids=lambda c: Path(c[-1]).name)
def test_a_reader_going_away_ends_quietly(command: list[str], tmp_path: Path) -> None:
    """`yijing replay records.jsonl | head`: the pipe has no reader left when we write."""
    records = a_record_file(tmp_path / "r.jsonl")
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first write: EPIPE, always
    try:
        proc = subprocess.run(
            [*command, "replay", str(records)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert proc.stderr == ""  # no "yijing: error: Broken pipe", no "Exception ignored"
    assert proc.returncode == EXIT_BROKEN_PIPE == 141
