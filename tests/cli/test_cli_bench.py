"""`yijing bench` runs the suite of the source checkout it is pointed at, and no other.

The suite (benchmarks/) does not ship in the wheel (README "Benchmarks"), so the
command needs the repository: --repo DIR, else the current directory. It never
searches the parent directories nor imports a `benchmarks` package that happens
to be on `sys.path`, and it leaves this process's `sys.path` as it was.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from pyyijing.cli import main

# A stand-in suite: records what it was given and where it ran, then exits 7.
FAKE_MAIN = """\
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "ran.json"), "w") as f:
    json.dump({"argv": sys.argv[1:], "cwd": os.getcwd()}, f)
sys.exit(7)
"""
FAKE_RUN = """\
import json, os
def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "ran.json"), "w") as f:
        json.dump({"argv": list(argv or [])}, f)
    return 7
"""


def fake_checkout(root: Path, name: str = "pyyijing") -> Path:
    suite = root / "benchmarks"
    suite.mkdir(parents=True)
    (root / "pyproject.toml").write_text(f'[project]\nname = "{name}"\n')
    (suite / "__init__.py").write_text("")
    (suite / "__main__.py").write_text(FAKE_MAIN)
    (suite / "run.py").write_text(FAKE_RUN)
    return root


def ran(root: Path) -> dict[str, object] | None:
    log = root / "benchmarks" / "ran.json"
    return json.loads(log.read_text()) if log.exists() else None


@pytest.fixture
def clean_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "benchmarks" or m.startswith("benchmarks.")]:
        monkeypatch.delitem(sys.modules, name)


def test_repo_flag_runs_that_checkouts_suite_in_a_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_imports: None
) -> None:
    repo = fake_checkout(tmp_path / "repo")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    path_before = list(sys.path)
    code = main(["bench", "--quick", "--repo", str(repo), "--json", "out.json", "--reps", "2"])
    assert code == 7  # the suite's own status
    record = ran(repo)
    assert record is not None
    assert Path(str(record["cwd"])).resolve() == repo.resolve()
    # A relative output path is the caller's, not the checkout's.
    argv = record["argv"]
    assert argv[:5] == ["--quick", "--json", str(elsewhere / "out.json"), "--reps", "2"]
    # The results name the command as it was typed.
    assert argv[5:] == ["--command", "yijing bench --quick --json out.json --reps 2"]
    assert sys.path == path_before
    assert "benchmarks" not in sys.modules


def test_the_current_directory_is_the_default_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_imports: None
) -> None:
    repo = fake_checkout(tmp_path / "repo")
    monkeypatch.chdir(repo)
    assert main(["bench", "--only", "kernels"]) == 7
    record = ran(repo)
    assert record is not None
    assert record["argv"][:2] == ["--only", "kernels"]


def test_a_subdirectory_of_the_checkout_is_refused(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    clean_imports: None,
) -> None:
    """The parents are not searched: the suite run is the one the user pointed at."""
    repo = fake_checkout(tmp_path / "repo")
    (repo / "docs").mkdir()
    monkeypatch.chdir(repo / "docs")
    assert main(["bench", "--quick"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yijing: error: "), err
    assert err.count("\n") == 1, err
    assert "source checkout" in err
    assert "--repo" in err
    assert ran(repo) is None


def test_a_benchmarks_package_on_sys_path_is_not_run(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    clean_imports: None,
) -> None:
    other = fake_checkout(tmp_path / "other-project")
    monkeypatch.syspath_prepend(str(other))
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    assert main(["bench", "--quick"]) == 2
    assert "source checkout" in capsys.readouterr().err
    assert ran(other) is None


@pytest.mark.parametrize("what", ["another project", "no suite"])
def test_repo_must_be_a_pyyijing_checkout_with_its_suite(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    clean_imports: None,
    what: str,
) -> None:
    repo = fake_checkout(tmp_path / "repo", "pyyijing" if what == "no suite" else "other")
    if what == "no suite":
        os.remove(repo / "benchmarks" / "__main__.py")
    assert main(["bench", "--repo", str(repo)]) == 2
    err = capsys.readouterr().err
    assert "--repo" in err, err
    assert "source checkout" in err, err
    assert ran(repo) is None


def test_help_says_it_needs_the_repository(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "source checkout" in text
    assert "not in the wheel" in text or "does not ship in the wheel" in text
    assert "--repo DIR" in text


def test_the_real_suite_imports_the_installed_package_and_service() -> None:
    """`python -m benchmarks` runs in the checkout, whose pyyijing/ (the service
    included) has no compiled modules: the suite's own imports must still be the
    installed package's, so nothing is imported from the checkout but the suite."""
    import subprocess

    repo = Path(__file__).resolve().parents[2]
    code = "import benchmarks, pyyijing.service as s; print(s.__file__)"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=repo, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    where = Path(out.stdout.strip()).resolve()
    assert where.name == "__init__.py"
    assert repo / "pyyijing" not in where.parents, where
