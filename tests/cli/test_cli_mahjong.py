"""`yijing simulate --game RULESET`, `replay` and `validate` of mahjong records, run as commands.

Every test starts the real `yijing` console script (or ``python -m pyyijing.cli``
when the script is not installed next to this Python) with the environment of
the test run, so the installed build on PYTHONPATH is the one exercised
(docs/simulation.md "The yijing CLI"; the rules of the options: docs/mahjong.md
"Options", the table pyyijing/mahjong/rules.py MAHJONG_OPTIONS).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pyyijing as yj
from pyyijing import mahjong as mj
from pyyijing.cli.mahjong_replay import glyph
from pyyijing.mahjong.rules import MAHJONG_OPTIONS

YIJING = Path(sys.executable).parent / "yijing"
COMMAND = [str(YIJING)] if YIJING.exists() else [sys.executable, "-m", "pyyijing.cli"]
# `python -m` puts the working directory first on sys.path; from a checkout's root that
# would import the source tree (no compiled backends) instead of the installed package.
ENV = {**os.environ, "PYTHONSAFEPATH": "1"}


def yijing(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *argv],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=cwd,
        env=ENV,
    )


def usage_error(proc: subprocess.CompletedProcess[str], flag: str) -> None:
    """Exit 2, one line naming the flag, nothing on stdout, no traceback."""
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(f"yijing: error: argument {flag}: "), proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stdout == ""


# ------------------------------------------------------------------ simulate


@pytest.mark.parametrize(
    ("ruleset", "flags", "options"),
    [
        ("common", ["--flowers", "true"], {"flowers": True}),
        ("shaoyang", [], {}),
        (
            "changsha",
            ["--birds", "4", "--bird-scoring", "multiply", "--floats", "0,1,0,2", "--cap", "0"],
            {"birds": 4, "bird_scoring": "multiply", "floats": (0, 1, 0, 2), "cap": 0},
        ),
    ],
)
def test_simulate_json_is_yj_simulate_on_the_same_seed(
    tmp_path: Path, ruleset: str, flags: list[str], options: dict[str, object]
) -> None:
    out = tmp_path / "s.json"
    policies = ("greedy", "random", "random", "random")
    proc = yijing(
        "simulate", "--game", ruleset, *flags, "--games", "300", "--seed", "11",
        "--policies", ",".join(policies), "--threads", "1", "--json", str(out),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    rules = mj.Rules(ruleset, **options)
    expected = yj.simulate(300, rules=rules, seed=11, policies=policies, threads=1).summary
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(json.dumps(expected))
    # the live progress bar counts hands on stderr, the table is on stdout
    assert "300/300 hands" in proc.stderr
    assert "hands/s" in proc.stderr
    text = proc.stdout
    assert text.startswith(f"300 hands  seed 11  {ruleset} ")
    assert re.search(r"speed: [\d,]+ hands/s", text)
    for name, p in expected["by_policy"].items():
        assert re.search(rf"^{name} .*{100 * p['win']['rate']:.2f}%", text, re.M), name
    assert f"draw rate {100 * expected['draw']['rate']:6.2f}%" in text
    for name in expected["patterns"]:  # every pattern of the ruleset has its row
        assert re.search(rf"^  {re.escape(name)} ", text, re.M), name
    for name in expected.get("opening_wins", {}):
        assert re.search(rf"^  {re.escape(name)} ", text, re.M), name
    assert "payment per seat and hand: mean" in text


def test_hands_per_match_and_no_rotate_reach_the_run(tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    proc = yijing(
        "simulate", "--game", "common", "--games", "40", "--hands-per-match", "4",
        "--no-rotate", "--quiet", "--json", str(out),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # --quiet: no progress bar
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["matches"]["count"] == 10
    assert summary["rotate"] is False
    assert "matches of 4 hands: 10" in proc.stdout


def test_game_yijingpai_is_the_default_unchanged() -> None:
    argv = ["simulate", "--games", "300", "--seed", "2", "--quiet"]
    plain, explicit = yijing(*argv), yijing(*argv, "--game", "yijingpai")
    assert plain.returncode == explicit.returncode == 0, plain.stderr + explicit.stderr
    assert plain.stdout == explicit.stdout
    assert plain.stdout.startswith("300 games  seed 2  standard 4p")


def test_every_mahjong_option_is_a_flag_with_its_rulesets_and_default() -> None:
    proc = yijing("simulate", "--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    for opt in MAHJONG_OPTIONS:
        default = opt.default
        shown = ",".join(map(str, default)) if isinstance(default, tuple) else opt.format(default)
        m = re.search(rf"{opt.flag} \S+ \[([a-z, ]+)\] (.*?)\(default: ([^)]*)\)", text)
        assert m, opt.flag
        assert m.group(1) == ", ".join(opt.rulesets)
        assert m.group(3) == shown, opt.flag
    assert "--game {yijingpai,common,shaoyang,changsha}" in text


@pytest.mark.parametrize(
    ("argv", "flag", "names"),
    [
        # a bad value: the option's allowed values (docs/mahjong.md "Options")
        (["--game", "changsha", "--birds", "3"], "--birds", "0, 2, 4"),
        (["--game", "changsha", "--bird-scoring", "square"], "--bird-scoring", "add, multiply"),
        (["--game", "changsha", "--cap", "-1"], "--cap", ">= 0"),
        (["--game", "changsha", "--floats", "1,2,3"], "--floats", "four ints"),
        (["--game", "common", "--flowers", "maybe"], "--flowers", "false, true"),
        # an option of another ruleset, or of the other game
        (["--game", "common", "--birds", "4"], "--birds", "--flowers, --void-suit"),
        (["--game", "shaoyang", "--flowers", "true"], "--flowers", "shaoyang options: none"),
        (["--game", "changsha", "--deck", "144"], "--deck", "a Yi Jing Pai option"),
        (["--birds", "4"], "--birds", "give --game changsha"),
    ],
)
def test_option_errors_name_the_flag(argv: list[str], flag: str, names: str) -> None:
    proc = yijing("simulate", "--games", "10", *argv)
    usage_error(proc, flag)
    assert names in proc.stderr


def test_options_that_cannot_go_together_are_a_usage_error() -> None:
    # docs/mahjong.md "Options": the void-suit game plays 108 tiles, without flowers
    proc = yijing("simulate", "--game", "common", "--flowers", "true", "--void-suit", "true")
    assert proc.returncode == 2
    assert proc.stderr.startswith("yijing: error: flowers and void_suit")
    assert proc.stdout == ""


def test_python_dash_m_gives_the_same_usage_error() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pyyijing.cli", "simulate", "--game", "common", "--cap", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=ENV,
    )
    usage_error(proc, "--cap")


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "p.png"
    proc = yijing(
        "simulate", "--game", "changsha", "--games", "200", "--quiet", "--plot", str(png)
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"figure written to {png}" in proc.stdout


# ------------------------------------------------------------------ replay and validate


def _record(tmp_path: Path, ruleset: str = "changsha", seed: int = 1) -> tuple[Path, dict]:
    game = mj.play_bots(
        mj.Rules(ruleset), seed=seed, policies=("heuristic", "greedy", "random", "random")
    )
    rec = game.record()
    path = tmp_path / f"{ruleset}.json"
    path.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    return path, rec


@pytest.mark.parametrize("ruleset", ["common", "shaoyang", "changsha"])
def test_replay_prints_every_move_the_result_and_the_ledger(tmp_path: Path, ruleset: str) -> None:
    path, rec = _record(tmp_path, ruleset)
    proc = yijing("replay", str(path), "--glyphs")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(f"hand: {ruleset}")
    assert f"dealer s{rec['dealer']}" in lines[0]
    for i, move in enumerate(rec["moves"]):  # move by move, numbered, in order
        assert re.search(rf"^\s*{i}  {re.escape(move)}\s", proc.stdout, re.M), move
        if ":discard=" in move:
            tile = move.split("=")[1]
            assert f"discards {tile} {glyph(tile)}" in proc.stdout
    result = rec["result"]
    assert f"payments {result['payments']}" in proc.stdout
    if result["winner"] is not None:
        assert f"result: s{result['winner']} wins" in proc.stdout
    for reason, payer, payee, amount in result["ledger"]:
        assert re.search(rf"^  {reason}\s+s{payer} pays s{payee} {amount}$", proc.stdout, re.M)
    # without --glyphs: the text codes only
    plain = yijing("replay", str(path)).stdout
    assert not any(0x1F000 <= ord(c) <= 0x1F02F for c in plain)


def test_glyphs_are_the_unicode_mahjong_tiles() -> None:
    # docs/mahjong.md "Tiles": 1z-7z are 東 南 西 北 白 發 中, 1f-8f 春 夏 秋 冬 梅 蘭 菊 竹
    assert [glyph(t) for t in ("1m", "9m", "1p", "9p", "1s", "9s")] == list("🀇🀏🀙🀡🀐🀘")
    assert "".join(glyph(f"{n}z") for n in range(1, 8)) == "🀀🀁🀂🀃🀆🀅🀄"
    assert "".join(glyph(f"{n}f") for n in range(1, 9)) == "🀦🀧🀨🀩🀢🀣🀥🀤"


def test_simulated_records_replay_and_validate(tmp_path: Path) -> None:
    recs = tmp_path / "r.jsonl"
    proc = yijing(
        "simulate", "--game", "shaoyang", "--games", "60", "--records", "every:20",
        "--out", str(recs), "--quiet", "--seed", "5",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "3 records written" in proc.stdout
    proc = yijing("replay", str(recs), "--game", "40")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("hand 40: shaoyang")
    assert "raises (舉手)" in proc.stdout  # Shaoyang's raises before any tile is seen
    proc = yijing("validate", "--record", str(recs))
    assert proc.returncode == 0
    assert proc.stdout.count(": ok, ") == 3


def test_validate_catches_an_illegal_move_in_a_tampered_record(tmp_path: Path) -> None:
    path, rec = _record(tmp_path, "changsha", seed=3)
    proc = yijing("validate", "--record", str(path))
    assert proc.returncode == 0, proc.stdout
    kind = rec["result"]["kind"]
    assert proc.stdout.startswith(f"record: ok, {len(rec['moves'])} moves, result {kind}")
    # move i is made another seat's: not that seat's turn (docs/mahjong.md, reason codes)
    i = next(j for j, m in enumerate(rec["moves"]) if ":discard=" in m and j > 4)
    seat = int(rec["moves"][i][1])
    rec["moves"][i] = f"s{(seat + 1) % 4}" + rec["moves"][i][2:]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec), encoding="utf-8")
    game = mj.Game(mj.Rules("changsha"), seed=rec["seed"])
    game.apply_all(rec["moves"][:i])
    code = game.validate(rec["moves"][i]).code
    proc = yijing("validate", "--record", str(bad))
    assert proc.returncode == 1
    assert (
        proc.stdout
        == f"record: invalid at move {i} {rec['moves'][i]!r}: {code} ("
        + (proc.stdout.split(" (", 1)[1])
    )
    assert code in mj.REASONS
    # --moves: the verdict of every move up to the illegal one
    proc = yijing("validate", "--record", str(bad), "--moves")
    assert proc.returncode == 1
    verdicts = [line.split()[-1] for line in proc.stdout.splitlines()[:-1]]
    assert verdicts == ["ok"] * i + [code]
    # replay stops at the same move
    proc = yijing("replay", str(bad))
    assert proc.returncode == 1
    assert f"<- illegal: {code}" in proc.stdout.splitlines()[-1]


@pytest.mark.slow  # four commands and a figure: about 13 s here
def test_the_readme_mahjong_commands_run(tmp_path: Path) -> None:
    """README.md "Mahjong": the sh block's commands, with fewer hands."""
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Mahjong") :]
    block = re.search(r"^```sh\n(.*?)^```", section, re.DOTALL | re.MULTILINE)
    assert block
    commands = [c.split("#")[0].split() for c in block.group(1).replace("\\\n", " ").splitlines()]
    assert commands[0][:3] == ["yijing", "simulate", "--game"]
    codes = []
    for argv in commands:
        argv = [re.sub(r"^(1000000|100000)$", "200", a) for a in argv[1:]]
        argv = [re.sub(r"^every:10000$", "every:100", a) for a in argv]
        argv = [re.sub(r"^20000$", "100", a) for a in argv]
        if "--plot" in argv and not _has_matplotlib():
            i = argv.index("--plot")
            del argv[i : i + 2]
        codes.append(
            yijing(*argv, "--quiet", cwd=tmp_path)
            if argv[0] == "simulate"
            else yijing(*argv, cwd=tmp_path)
        )
    assert [p.returncode for p in codes] == [0] * len(codes), [p.stderr for p in codes]
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["ruleset"] == "changsha"
    assert codes[2].stdout.startswith("hand 100: common")


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True
