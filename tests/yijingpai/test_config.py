"""The Config every backend's engine takes (docs/backend-interface.md "Config"):
made from `Rules.core_config()`, checked once, the same fields and errors on each backend."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

import pyyijing as yj
from pyyijing import _backend, _registry

RULES = [
    yj.Rules(),
    yj.Rules(
        variant="simple",
        players=3,
        deck=162,
        taiji="none",
        taiji_in_pong=False,
        win_conditions=("three_of_a_kind", "eight_trigrams_and_kun"),
        self_draw_payment="split",
    ),
]
FIELDS = ("play_size", "players", "taiji_in_pong", "win_mask", "split_payment", "deck", "taiji")


@pytest.fixture
def config_class(backend: _backend.Backend) -> Any:
    return _registry.load("yijingpai", "config", backend.name)


@pytest.mark.parametrize("rules", RULES, ids=["default", "simple-3p"])
def test_fields_are_core_config(config_class: Any, rules: yj.Rules) -> None:
    wanted = rules.core_config()
    assert set(wanted) == set(FIELDS)
    config = config_class(**wanted)
    assert {name: getattr(config, name) for name in FIELDS} == wanted
    assert repr(config) == (
        f"Config(play_size={wanted['play_size']}, players={wanted['players']}, "
        f"taiji_in_pong={wanted['taiji_in_pong']}, win_mask={wanted['win_mask']}, "
        f"split_payment={wanted['split_payment']}, deck={wanted['deck']}, "
        f"taiji={wanted['taiji']!r})"
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("play_size", 4, "play_size must be 2 or 3; got 4"),
        ("players", 5, "players must be 2, 3 or 4; got 5"),
        ("players", 1, "players must be 2, 3 or 4; got 1"),
        ("win_mask", 0, "win_mask must be a non-zero subset of the 6 condition bits; got 0"),
        ("win_mask", 64, "win_mask must be a non-zero subset of the 6 condition bits; got 64"),
        ("deck", 100, "deck must be 144 or 162; got 100"),
        ("taiji", "tame", "taiji must be 'wild' or 'none'; got 'tame'"),
    ],
)
def test_checked_once_when_made(config_class: Any, field: str, value: Any, message: str) -> None:
    kwargs = {**yj.Rules().core_config(), field: value}
    with pytest.raises(ValueError, match=re.escape(message)) as exc:
        config_class(**kwargs)
    assert str(exc.value) == message


def test_keywords_only_and_every_field(config_class: Any) -> None:
    kwargs = yj.Rules().core_config()
    with pytest.raises(TypeError):
        config_class(*kwargs.values())
    for name in FIELDS:
        with pytest.raises(TypeError):
            config_class(**{k: v for k, v in kwargs.items() if k != name})
    with pytest.raises(TypeError):
        config_class(**kwargs, next_dealer="dice")
    with pytest.raises(TypeError):
        config_class(**{**kwargs, "taiji_in_pong": 1})
    with pytest.raises(TypeError):
        config_class(**{**kwargs, "players": "4"})
    # A bool is an int subclass, but not an int field's value, on every backend.
    for name in ("play_size", "players", "win_mask", "deck"):
        with pytest.raises(TypeError, match=f"^{name} must be an int; got bool$"):
            config_class(**{**kwargs, name: True})


@pytest.mark.parametrize("name", ["native", "cython"])  # the plain-Python one: by convention
def test_compiled_configs_are_read_only(name: str) -> None:
    if name not in _backend.available():
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {name} unavailable")
        pytest.skip(f"backend {name} not built")
    config = _registry.load("yijingpai", "config", name)(**yj.Rules().core_config())
    with pytest.raises(AttributeError):
        config.players = 3


def test_entry_points_take_only_their_config(backend: _backend.Backend) -> None:
    engine = _registry.load("yijingpai", "engine", backend.name)
    positions = _registry.load("yijingpai", "positions", backend.name)
    wall, _dice = backend.shuffle_wall(7, 144, "wild")
    with pytest.raises(TypeError):
        engine(yj.Rules().core_config(), wall, 0)
    with pytest.raises(TypeError):
        positions(None, [(7, None, -1, [], "s0:pass")])
    config = _registry.load("yijingpai", "config", backend.name)(**yj.Rules().core_config())
    assert engine(config, wall, 0).phase() == "target"
    [(bad, code, _message)] = positions(config, [(7, None, -1, [], "s0:pass")])
    assert (bad, code) == (-1, "wrong_phase")
