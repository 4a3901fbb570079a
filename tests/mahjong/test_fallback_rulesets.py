"""The fallback mahjong engine's split by ruleset (docs/mahjong-engine.md "The fallback
engine's layout", "Config"), on the python backend and its Cython build.

The rules themselves are the conformance, golden and parity tests' to check; these
check the shape: the ruleset is chosen once, the shared flow never asks for it,
and the option values are the option table's to check, not the engine's.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest
from support import walls

import pyyijing.mahjong as mj
from pyyijing import _registry

FALLBACK = Path(__file__).resolve().parents[2] / "pyyijing" / "fallback" / "mahjong"
RULESET_NAMES = {"common", "shaoyang", "changsha"}


@pytest.fixture(params=("python", "cython"), name="fb")
def _fallback(request: Any) -> str:
    return walls._backend_param(request)


def _core(fb: str, rules: mj.Rules, seed: int, **overrides: Any) -> Any:
    config = _registry.load("mahjong", "config", fb)(**{**rules.core_config(), **overrides})
    wall, dice = _registry.load("mahjong", "wall", fb)(seed, config.tiles)
    return _registry.load("mahjong", "engine", fb)(config, wall, (dice[0] + dice[1] - 1) % 4)


def test_the_shared_flow_never_names_a_ruleset() -> None:
    """flow.py reads no `ruleset` and compares with no ruleset name: the subclass decides."""
    tree = ast.parse((FALLBACK / "flow.py").read_text(encoding="utf-8"))
    names = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    texts = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
    assert "ruleset" not in names
    assert not {"changsha", "shaoyang", "cs"} & names
    assert not RULESET_NAMES & texts


@pytest.mark.parametrize(
    ("ruleset", "first_phase"),
    [("common", "play"), ("shaoyang", "raise"), ("changsha", None)],
)
def test_each_ruleset_gets_its_own_hand(fb: str, ruleset: str, first_phase: str | None) -> None:
    """The hand's class is the ruleset's; its first phase is the ruleset's (docs "GameCore":
    raise in Shaoyang, play in common; Changsha play or opening)."""
    core = _core(fb, mj.Rules(ruleset), 7)
    assert type(core).__name__ == ruleset.capitalize() + "Hand"
    assert type(core.copy()) is type(core)
    if first_phase is None:
        assert core.phase() in ("play", "opening")
    else:
        assert core.phase() == first_phase


def test_the_void_suit_game_is_common_with_its_void_phase(fb: str) -> None:
    core = _core(fb, mj.Rules("common", void_suit=True), 3)
    assert type(core).__name__ == "CommonHand"
    assert core.phase() == "void"
    assert core.check("s0:chow=123m") == ("not_in_rules", "")


@pytest.mark.parametrize(
    ("ruleset", "move"),
    [
        ("common", "s0:raise=1"),
        ("common", "s0:mid"),
        ("common", "s0:open_kong=1m"),
        ("shaoyang", "s0:void=m"),
        ("shaoyang", "s0:ready=1m"),
        ("shaoyang", "s0:haidi"),
        ("changsha", "s0:raise=1"),
        ("changsha", "s0:ready=1m"),
    ],
)
def test_another_rulesets_move_is_not_in_rules(fb: str, ruleset: str, move: str) -> None:
    """docs "Moves and the order of checks": a move of another ruleset is not_in_rules."""
    assert _core(fb, mj.Rules(ruleset), 11).check(move) == ("not_in_rules", "")


def test_mid_is_not_in_rules_with_mid_game_wins_off(fb: str) -> None:
    core = _core(fb, mj.Rules("changsha", mid_game_wins=False), 11)
    assert core.check("s0:mid") == ("not_in_rules", "")


def test_config_checks_types_and_the_ruleset_not_the_table_values(fb: str) -> None:
    """The option table refuses birds=3 (mj.Rules); the engine's Config takes it as given
    and still refuses a wrong type or an unknown ruleset."""
    config = _registry.load("mahjong", "config", fb)
    base = mj.Rules("changsha").core_config()
    with pytest.raises(ValueError, match="birds"):
        mj.Rules("changsha", birds=3)
    for key, value in (("birds", 3), ("cap", -1), ("bird_scoring", "x"), ("floats", (0, -1, 0, 0))):
        assert getattr(config(**{**base, key: value}), key) == value
    with pytest.raises(TypeError, match="birds must be an int"):
        config(**{**base, "birds": "2"})
    with pytest.raises(ValueError, match="floats must be four ints"):
        config(**{**base, "floats": (0, 0, 0)})
    with pytest.raises(ValueError, match="unknown ruleset 'riichi'"):
        config(**{**base, "ruleset": "riichi"})


def test_birds_outside_the_table_turn_what_the_wall_has(fb: str) -> None:
    """docs "Config": birds as given turns at most what is left of the live wall."""
    wins = 0
    for seed in range(40):
        core = _core(fb, mj.Rules("changsha"), seed, birds=3)
        rng = random.Random(seed)
        while core.phase() != "over":
            legal = core.legal_moves(-1)
            wins_now = [m for m in legal if m.endswith(":win")]
            core.apply(wins_now[0] if wins_now else rng.choice(legal))
        result = core.result()
        if result["winner"] is None:
            continue
        wins += 1
        assert len(result["birds"]) == min(3, core.view(-1)["wall_remaining"])
    assert wins > 0
