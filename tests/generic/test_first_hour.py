"""What a new user meets first: the README's opening and install, the package's own words,
the warning of a source tree imported by mistake, the README's python blocks, its figures,
and a quiet `make serve`.

Each test reads the README, pyproject.toml or the Makefile of this checkout (the
tests run from it) and checks what a reader would rely on.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pyyijing as yj

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
WHAT_IT_IS = (
    "Yi Jing Pai",
    "mahjong",
    "common",
    "void",
    "Shaoyang",
    "Changsha",
    "referee",
    "simulator",
    "benchmark",
)


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end > 0 else None]


def _env_without(*names: str) -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in names}


def _opening() -> str:
    return README[: README.index("\n## ")]


def _description() -> str:
    m = re.search(r'^description = "(.*)"$', PYPROJECT, re.MULTILINE)
    assert m
    return m.group(1)


@pytest.mark.parametrize("where", ["README opening", "pyproject description", "package docstring"])
def test_the_first_words_say_what_the_project_is(where: str) -> None:
    text = {
        "README opening": _opening,
        "pyproject description": _description,
        "package docstring": lambda: yj.__doc__ or "",
    }[where]()
    missing = [w for w in WHAT_IT_IS if w.lower() not in text.lower()]
    assert missing == [], f"{where} does not say: {missing}"


def test_a_mahjong_example_comes_before_the_details() -> None:
    first_section = README[README.index("\n## ") : README.index("\n## Python API")]
    blocks = [b for lang, b in FENCE.findall(first_section) if lang == "python" and ">>>" in b]
    assert any("mahjong" in b for b in blocks)  # a doctest: test_readme_examples runs it


def test_the_cli_examples_say_where_the_command_is() -> None:
    """`make test` / `make install` put `yijing` in .venv/bin, not on the PATH."""
    commands = [
        README.index(b) + m.start()
        for lang, b in FENCE.findall(README)
        if lang == "sh"
        for m in re.finditer(r"^yijing ", b, re.MULTILINE)
    ]
    before = README[: min(commands)]
    assert "source .venv/bin/activate" in before or ".venv/bin/yijing" in before
    simulation = _section("Simulation")
    first_sh = simulation.index("```sh")
    assert ".venv/bin" in simulation[:first_sh]


def _extras() -> list[str]:
    block = PYPROJECT[PYPROJECT.index("[project.optional-dependencies]") :]
    block = block[: block.index("\n[", 1)]
    return re.findall(r"^([a-z][a-z0-9_-]*) = \[", block, re.MULTILINE)


def test_the_install_section_names_every_extra_and_no_other() -> None:
    install = _section("Install")
    extras = _extras()
    assert set(extras) >= {"plot", "service", "dask", "bench", "dev"}
    assert [e for e in extras if f"`{e}`" not in install] == []
    named = set(re.findall(r"^\| `([a-z]+)` \|", install, re.MULTILINE))
    assert named == set(extras)  # no extra promised that pyproject lacks (rl, train, ...)
    assert "pip install '.[plot]'" in install  # what `--plot` needs, from the checkout


# ----------------------------------------------------------- the source tree


def test_python_in_the_checkout_is_told_why_it_is_slow_and_what_to_do() -> None:
    """`import pyyijing` inside the checkout finds the sources, not the build."""
    if not (ROOT / "core_cpp").is_dir():
        pytest.skip("not run from a source checkout")
    code = "import pyyijing; print(pyyijing.__file__, pyyijing.backend())"
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=_env_without("PYYIJING_BACKEND", "PYTHONPATH"),  # the default choice, as a user's
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == [str(ROOT / "pyyijing" / "__init__.py"), "python"]
    warning = proc.stderr
    assert "source tree" in warning
    assert "python -I" in warning
    assert "outside the checkout" in warning
    assert ".venv/bin/yijing" in warning
    assert "not built" not in warning  # nothing needs rebuilding
    assert "reinstall" not in warning


def test_python_outside_the_checkout_uses_the_build(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "import pyyijing; print(pyyijing.__file__)"],
        cwd=tmp_path,
        env=_env_without("PYYIJING_BACKEND", "PYTHONPATH"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert not proc.stdout.startswith(str(ROOT / "pyyijing"))
    assert "source tree" not in proc.stderr


# ----------------------------------------------------------- the python blocks


def _python_blocks() -> list[str]:
    return [b for lang, b in FENCE.findall(README) if lang == "python"]


def test_every_python_block_is_run_somewhere() -> None:
    """A ```python block is a doctest (test_readme_examples), a gRPC client
    (tests/service/test_service_readme_client.py, against a server) or a script
    that test_the_python_scripts_run runs; a summary that cannot run is ```text."""
    for block in _python_blocks():
        compile(block if ">>>" not in block else "", "README.md", "exec")
    assert 'yj.Game(rules, wall="0110...T..."' not in "".join(_python_blocks())


def _scripts() -> list[str]:
    return [b for b in _python_blocks() if ">>>" not in b and "load_generated" not in b]


@pytest.mark.parametrize("i", range(len(_scripts())))
def test_the_python_scripts_run(tmp_path: Path, i: int) -> None:
    if yj.backend() != "native":
        pytest.skip("the scripts' sizes are for the native backend")
    proc = subprocess.run(
        [sys.executable, "-c", _scripts()[i]],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr


# ----------------------------------------------------------- dated figures


def _paragraphs() -> list[str]:
    prose = FENCE.sub("", README)
    return [p for p in re.split(r"\n\s*\n", prose) if p.strip()]


def test_every_measured_figure_is_dated_or_points_to_the_results() -> None:
    measured = re.compile(r"\d (?:hands|games|calls)/s|per CPU-second|Measured|\d tests on")
    figures = [p for p in _paragraphs() if measured.search(p)]
    assert len(figures) >= 2  # the test suite's times, the million-hand run
    undated = [
        textwrap.shorten(p, 100)
        for p in _paragraphs()
        if measured.search(p)
        and not re.search(r"20\d\d-\d\d-\d\d", p)
        and "benchmarks/RESULTS.md" not in p
    ]
    assert undated == []


def test_the_optional_million_hand_run_is_documented() -> None:
    gate = "PYYIJING_MAHJONG_SLOW"
    differential = (ROOT / "tests" / "mahjong" / "test_mahjong_differential.py").read_text()
    assert f'os.environ.get("{gate}") == "1"' in differential  # what the README says it gates
    assert f"{gate}=1" in _section("Tests")


# ----------------------------------------------------------- make serve


def test_make_installs_quietly() -> None:
    """A rerun of `make serve` with nothing changed must not list every requirement."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    proc = subprocess.run(
        ["make", "-n", "-B", "serve"],
        cwd=ROOT,
        env=_env_without("MAKEFLAGS", "MFLAGS", "MAKELEVEL"),  # not a parent make's (-j, -n)
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    installs = [line for line in proc.stdout.splitlines() if "pip install" in line]
    assert len(installs) >= 3  # pip itself, the build requirements, the package
    assert [line for line in installs if " -q " not in line] == []
