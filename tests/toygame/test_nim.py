"""The toy game plugs in from this folder alone: registered in-process with `register()` or
installed through a ``pyyijing.games`` entry point, it plays through `yj.simulate`, its
Match, the generic random-play checks and the CLI's simulate, replay and validate."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import pyyijing as yj
from pyyijing.cli import main
from pyyijing.core import registry
from toygame.adapter import NimAdapter
from toygame.nim import Match, Rules, replay
from toygame.sim import NimSim
from toygame.spec import SPEC

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def nim_registered() -> Iterator[None]:
    registry.register(SPEC)
    yield
    registry.unregister("nim")


def test_registered_beside_the_builtins() -> None:
    assert [spec.name for spec in yj.games()] == ["yijingpai", "mahjong", "nim"]
    assert registry.get("nim") is SPEC
    assert registry.by_ruleset("nim") is SPEC  # a game without rulesets has one: itself
    assert registry.for_rules(Rules(players=3)) is SPEC
    assert SPEC.load("sim") is NimSim
    assert SPEC.make_rules(players=4) == Rules(players=4)
    registry.register(SPEC)  # the same spec again: nothing happens
    clash = registry.GameSpec(name="nim", rules="x:R", game="x:G", match="x:M", replay="x:r")
    with pytest.raises(ValueError, match="a game named 'nim' is already registered"):
        registry.register(clash)
    steal = registry.GameSpec(
        name="nim2", rules="x:R", game="x:G", match="x:M", replay="x:r", rulesets=("changsha",)
    )
    with pytest.raises(ValueError, match=r"names ruleset.* changsha of game 'mahjong'"):
        registry.register(steal)


def test_gone_once_unregistered() -> None:
    registry.unregister("nim")
    try:
        assert "nim" not in registry.names()
        with pytest.raises(ValueError, match="game must be one of yijingpai, mahjong; got 'nim'"):
            registry.get("nim")
        with pytest.raises(TypeError, match="rules must be the Rules of a registered game"):
            yj.simulate(4, rules=Rules())
    finally:
        registry.register(SPEC)


def test_simulate() -> None:
    res = yj.simulate(60, rules=Rules(), seed=3, policies=("greedy", "random"))
    assert res.summary["games"] == 60
    assert sum(res.summary["wins"]) == 60
    assert res.arrays is not None
    assert (res.arrays["payments"].sum(axis=1) == 0).all()
    # game i depends on (rules, seed, policies, rotate, i) only: not on the chunks
    again = yj.simulate(20, rules=Rules(), seed=3, policies=("greedy", "random"), start=40, chunk=7)
    assert again.arrays is not None
    assert (again.arrays["winner"] == res.arrays["winner"][40:]).all()
    # greedy (nim-sum 0) beats random from most deals
    greedy = yj.simulate(
        200, rules=Rules(max_take=4), seed=1, policies=("greedy", "random"), keep_arrays=False
    )
    assert greedy.summary["wins"][0] + greedy.summary["wins"][1] == 200
    with pytest.raises(ValueError, match="unknown policy 'heuristic'"):
        yj.simulate(1, rules=Rules(), policies="heuristic")


def test_records_replay() -> None:
    res = yj.simulate(9, rules=Rules(players=3), seed=5, record_every=4)
    assert [r["index"] for r in res.records] == [0, 4, 8]
    for record in res.records:
        game = replay(record)
        assert game.result is not None
        assert game.record() == {k: v for k, v in record.items() if k != "index"}


def test_match() -> None:
    match_class = SPEC.load("match")
    assert match_class is Match
    m = match_class(Rules(players=3), seed=11)
    for _ in range(4):
        game = m.new_hand()
        while game.phase != "over":
            game.apply(game.legal_moves()[0])
        assert m.next_dealer == (game.result.winner + 1) % 3
    assert sum(m.ledger) == 0
    assert len(m.record()["hands"]) == 4
    assert m.record()["game"] == "nim"
    # hands are SplitMix64 outputs of the match seed, as every game's
    assert Match(Rules(players=3), seed=11).new_hand().wall == m.hands[0].wall


def test_random_play_checks() -> None:
    run_games = importlib.import_module("generic.test_random_play").run_games
    adapter = NimAdapter()
    for index, mix in enumerate(adapter.option_mixes()):
        run_games(adapter, mix, index, range(12), "python")


def test_cli_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "nim.jsonl"
    argv = ["simulate", "--game", "nim", "--games", "30", "--quiet"]
    assert main([*argv, "--records", "every:10", "--out", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out.split("\n3 records")[0])
    assert summary["games"] == 30
    assert main(["replay", str(out), "--game", "10"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("game 10: nim, seed ")
    assert "result: win; payments" in text
    assert main(["validate", "--record", str(out)]) == 0
    assert capsys.readouterr().out.count(": ok, ") == 3
    # another game's flag is refused by that game
    assert main([*argv, "--deck", "162"]) == 2
    assert "a Yi Jing Pai option, not nim's; nim options: none" in capsys.readouterr().err


def _dist(root: Path, name: str, entry: str) -> None:
    """A distribution with a `pyyijing.games` entry point, as an installer would leave it."""
    info = root / f"{name.replace('-', '_')}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[pyyijing.games]\n{entry}\n")


def _run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(TESTS)])}
    return subprocess.run(
        [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )


def test_installed_through_an_entry_point(tmp_path: Path) -> None:
    _dist(tmp_path, "nim-toy", "nim = toygame.spec:SPEC")
    listed = _run(tmp_path, "-c", "import pyyijing as yj; print([g.name for g in yj.games()])")
    assert listed.stdout.strip() == "['yijingpai', 'mahjong', 'nim']", listed.stderr
    out = tmp_path / "nim.jsonl"
    cli = ("-m", "pyyijing.cli")
    run = _run(
        tmp_path,
        *cli,
        "simulate",
        "--game",
        "nim",
        "--games",
        "20",
        "--quiet",
        "--records",
        "every:5",
        "--out",
        str(out),
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.split("\n4 records")[0])["games"] == 20
    shown = _run(tmp_path, *cli, "replay", str(out), "--game", "15")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("game 15: nim, seed ")


def test_a_broken_entry_point_names_its_distribution(tmp_path: Path) -> None:
    _dist(tmp_path, "broken-games", "chess = no_such_module:SPEC")
    listed = _run(tmp_path, "-c", "import pyyijing as yj; yj.games()")
    assert listed.returncode == 1
    last = listed.stderr.strip().splitlines()[-1]
    assert last.startswith("pyyijing.core.registry.GameLoadError: the game of entry point 'chess'")
    assert "of distribution 'broken-games'" in last
    cli = _run(tmp_path, "-m", "pyyijing.cli", "simulate", "--games", "1")
    assert cli.returncode == 2
    assert cli.stderr.startswith("yijing: error: the game of entry point 'chess'")
    assert len(cli.stderr.splitlines()) == 1
    # the builtin games still play: `import pyyijing` reads no entry point
    ok = _run(tmp_path, "-c", "import pyyijing as yj; print(yj.Game(yj.Rules(), seed=1).phase)")
    assert ok.stdout.strip() == "target", ok.stderr


def test_environments() -> None:
    """A codec is all a game adds for the environments: PettingZoo's api_test and
    seed_test pass on the toy game, and without bots there is no single-seat form."""
    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    from support.env_api import api_test

    import pyyijing as yj

    assert yj.env.names()[-1] == "nim"
    api_test(yj.env.make("nim", players=3), num_cycles=200)
    pettingzoo_test.seed_test(lambda: yj.env.make("nim_v0", heaps=4), num_cycles=100)
    env = yj.env.raw_env("nim")
    env.reset(seed=1)
    assert env.codec.move_to_action(env.codec.action_to_move(5, 1)) == 5
    with pytest.raises(ValueError, match="has no bots"):
        yj.env.make_gym("nim")
