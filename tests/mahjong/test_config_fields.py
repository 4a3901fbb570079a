"""Each backend's mahjong `Config` takes its keywords from the option table.

docs/adding-a-game.md "Adding a rule option": a mahjong option is its entry in
`MAHJONG_OPTIONS`, its proto field, one line of the C++ field list
(YIJING_MAHJONG_CONFIG_FIELDS) and the engine code that obeys it; every
backend's `Config` then has it as a keyword, an attribute and a repr field.
docs/mahjong-engine.md "Config": every keyword is required, `Config` checks
the types (birds and cap ints, bird_scoring and compound strs, floats a tuple
or list of four ints, the rest bools), the same error on every backend.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from support import walls
from support.source_words import cpp_fields, cpp_words, python_words

import pyyijing.mahjong as mj
from pyyijing import _registry
from pyyijing.mahjong.rules import MAHJONG_OPTIONS

REPO = Path(__file__).resolve().parents[2]
NAMES = tuple(o.name for o in MAHJONG_OPTIONS)
# The words of the type error, by the option's value type (docs "Config").
TYPE_WORDS = {bool: "a bool", int: "an int", str: "a str", tuple: "a tuple of four ints"}

be = walls.backend_fixture


def _config_class(backend: str) -> Any:
    return _registry.load("mahjong", "config", backend)


@pytest.mark.parametrize("ruleset", mj.rules.RULESETS)
def test_every_option_is_a_keyword_an_attribute_and_a_repr_field(be: str, ruleset: str) -> None:
    kwargs = mj.Rules(ruleset).core_config()
    assert tuple(kwargs) == ("ruleset", *NAMES)
    config = _config_class(be)(**kwargs)
    for name in NAMES:
        assert getattr(config, name) == kwargs[name], name
    fields = "".join(f", {name}={kwargs[name]!r}" for name in NAMES)
    assert repr(config) == f"Config(ruleset={ruleset!r}{fields})"


def test_values_given_are_read_back(be: str) -> None:
    kwargs = {
        **mj.Rules("changsha").core_config(),
        "birds": 4,
        "bird_scoring": "multiply",
        "compound": "multiply",
        "cap": 0,
        "floats": [1, 2, 3, 4],
        "opening_extras": True,
        "opening_reuse": True,
        "mid_game_wins": False,
        "pass_lock": False,
    }
    config = _config_class(be)(**kwargs)
    for name in NAMES:
        expected = tuple(kwargs[name]) if name == "floats" else kwargs[name]
        assert getattr(config, name) == expected, name


def test_a_missing_or_unknown_keyword_is_a_type_error(be: str) -> None:
    base = mj.Rules("changsha").core_config()
    config = _config_class(be)
    for name in ("ruleset", *NAMES):
        with pytest.raises(TypeError):
            config(**{k: v for k, v in base.items() if k != name})
    with pytest.raises(TypeError):
        config(**base, no_such_option=True)
    with pytest.raises(AttributeError):
        _ = config(**base).no_such_option


@pytest.mark.parametrize("option", MAHJONG_OPTIONS, ids=lambda o: o.name)
def test_a_wrong_type_is_named_with_the_type_it_takes(be: str, option: Any) -> None:
    base = mj.Rules("common").core_config()
    with pytest.raises(TypeError) as info:
        _config_class(be)(**{**base, option.name: None})
    assert str(info.value) == f"{option.name} must be {TYPE_WORDS[option.type]}; got NoneType"


def test_the_backends_name_the_same_first_wrong_type() -> None:
    """Two wrongly typed options: every backend names the same one."""
    base = mj.Rules("common").core_config()
    classes = [_config_class(b) for b in _registry.BACKENDS]
    for a, b in itertools.combinations(NAMES, 2):
        messages = set()
        for config in classes:
            with pytest.raises(TypeError) as info:
                config(**{**base, a: None, b: None})
            messages.add(str(info.value))
        assert len(messages) == 1, (a, b, messages)


def test_the_config_plumbing_names_no_option() -> None:
    """The checks, the binding and the fallback Config read the field list / the table.

    flowers and void_suit are named by the rule of which tile set a ruleset is
    dealt (a rule across two options, not plumbing); config.cpp also has the
    common / Shaoyang shorthand make_config(ruleset, flowers, void_suit,
    declare_ready), which a new option leaves alone.
    """
    tile_set = {"flowers", "void_suit"}
    for rel, words, allowed in (
        ("core_cpp/src/mahjong/config.cpp", cpp_words, tile_set | {"declare_ready"}),
        ("core_cpp/bindings/mahjong_config.cpp", cpp_words, set()),
        ("pyyijing/fallback/mahjong/config.py", python_words, tile_set),
    ):
        named = words(REPO / rel) & set(NAMES)
        assert named <= allowed, (rel, named - allowed)


def test_the_cpp_field_list_is_the_option_table() -> None:
    """YIJING_MAHJONG_CONFIG_FIELDS lists the table's options, in its order, with its defaults."""
    fields = cpp_fields(
        REPO / "core_cpp/include/yijing/mahjong/config.hpp", "YIJING_MAHJONG_CONFIG_FIELDS"
    )
    assert tuple(f[0] for f in fields) == NAMES
    cpp_defaults = {"false": False, "true": True, "Scoring::kAdd": "add", "{}": (0, 0, 0, 0)}
    for (name, _kind, default), option in zip(fields, MAHJONG_OPTIONS, strict=True):
        expected = cpp_defaults.get(default, int(default) if default.isdigit() else default)
        assert expected == option.default, name
