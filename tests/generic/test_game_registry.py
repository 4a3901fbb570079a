"""The registry of games (pyyijing.core.registry): the builtins' specs point at what each
layer uses, and the API refuses what would make two games ambiguous."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pyyijing as yj
from pyyijing import mahjong as mj
from pyyijing.core import registry
from pyyijing.core.registry import GameLoadError, GameSpec
from pyyijing.sim import GameSim

BUILTINS = ("yijingpai", "mahjong")


def _spec(name: str = "toy", **fields: object) -> GameSpec:
    base: dict[str, object] = {"rules": "m:R", "game": "m:G", "match": "m:M", "replay": "m:r"}
    return GameSpec(name=name, **{**base, **fields})  # type: ignore[arg-type]


def test_the_builtins_in_order() -> None:
    assert tuple(spec.name for spec in yj.games())[:2] == BUILTINS
    assert registry.default().name == "yijingpai"
    assert registry.get("yijingpai").rulesets == ("yijingpai",)
    # the spec lists mahjong's rulesets without importing it: they must agree
    assert registry.get("mahjong").rulesets == mj.RULESETS
    for ruleset in mj.RULESETS:
        assert registry.by_ruleset(ruleset).name == "mahjong"


@pytest.mark.parametrize("name", BUILTINS)
def test_every_part_of_a_builtin_loads_and_is_its_own(name: str) -> None:
    spec = registry.get(name)
    rules = spec.load("rules")
    assert spec.load("game").game_name == name  # the record's "game"
    sim = spec.load("sim")
    assert issubclass(sim, GameSim)
    assert sim.game == name
    assert sim.rules_type is rules
    assert spec.load("match")(spec.make_rules(), seed=1).new_hand().phase != "over"
    cli = spec.load("cli")
    assert callable(cli.simulate)
    assert callable(cli.replay)
    adapter = spec.load("service")  # its pyyijing.service.games.base.GameAdapter
    assert adapter.name == name
    assert adapter.owns(spec.make_rules())
    assert registry.for_rules(spec.make_rules()) is spec
    game = spec.load("game")(spec.make_rules(), seed=3)
    assert type(spec.load("replay")(game.record())) is type(game)


def test_yj_names_are_the_default_games() -> None:
    spec = registry.default()
    assert spec.load("rules") is yj.Rules
    assert spec.load("game") is yj.Game
    assert spec.load("match") is yj.Match
    assert spec.load("replay") is yj.replay
    assert registry.get("mahjong").load("rules") is mj.Rules
    assert registry.get("mahjong").make_rules("changsha", birds=4) == mj.Rules("changsha", birds=4)


def test_unknown_names() -> None:
    with pytest.raises(ValueError, match=r"game must be one of yijingpai, mahjong.*got 'go'"):
        registry.get("go")
    with pytest.raises(ValueError, match=r"ruleset must be one of yijingpai, common, .*got 'x'"):
        registry.by_ruleset("x")
    with pytest.raises(TypeError, match="rules must be the Rules of a registered game"):
        registry.for_rules(object())
    with pytest.raises(ValueError, match="ruleset must be one of common, shaoyang, changsha"):
        registry.get("mahjong").make_rules("riichi")
    with pytest.raises(ValueError, match="what must be one of rules, game"):
        registry.get("mahjong").load("plot")


def test_a_spec_is_checked_when_made() -> None:
    assert _spec().rulesets == ("toy",)  # no rulesets: one, named as the game
    with pytest.raises(ValueError, match="a game's name is an identifier"):
        _spec("two words")
    with pytest.raises(ValueError, match="several rulesets need a ruleset_option"):
        _spec(rulesets=("a", "b"))
    with pytest.raises(ValueError, match="rulesets repeat a name"):
        _spec(rulesets=("a", "a"), ruleset_option="r")
    with pytest.raises(ValueError, match="sim is a 'module:attr' string"):
        _spec(sim=GameSim)
    with pytest.raises(GameLoadError, match="the game 'toy' has no cli part"):
        _spec().load("cli")
    with pytest.raises(GameLoadError, match=r"cannot load the rules of game 'toy' \(m:R\)"):
        _spec(rules="m:R").load("rules")


def test_register_and_unregister() -> None:
    spec = _spec("toy_registry_test")
    assert registry.register(spec) is spec
    try:
        assert registry.names()[-1] == "toy_registry_test"
        assert registry.by_ruleset("toy_registry_test") is spec
        with pytest.raises(ValueError, match="already registered"):
            registry.register(_spec("toy_registry_test", docs="other"))
        with pytest.raises(ValueError, match=r"names ruleset.*yijingpai of game 'yijingpai'"):
            registry.register(_spec("other", rulesets=("yijingpai",)))
        with pytest.raises(TypeError, match="a game registers a GameSpec"):
            registry.register("toy")  # type: ignore[arg-type]
    finally:
        registry.unregister("toy_registry_test")
    assert "toy_registry_test" not in registry.names()
    with pytest.raises(KeyError, match="no game 'toy_registry_test'"):
        registry.unregister("toy_registry_test")


def test_every_game_has_a_random_play_adapter() -> None:
    from support.game_adapters import ADAPTERS

    assert [a.name for a in ADAPTERS] == [s.name for s in yj.games() if s.name in BUILTINS]


def test_import_pyyijing_reads_only_the_default_game() -> None:
    code = (
        "import sys, pyyijing as yj; print('pyyijing.mahjong' in sys.modules);"
        "yj.simulate(2); print('pyyijing.mahjong' in sys.modules);"
        "yj.games(); print('pyyijing.mahjong.spec' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "False", "True"]
