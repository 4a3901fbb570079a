"""The C++ Config is declared by one field list (docs/adding-a-game.md "The files a
Yi Jing Pai option touches"): YIJING_YIJINGPAI_CONFIG_FIELDS holds the keys of
`Rules.core_config()` in order, with the default rules' values, and the check and
the binding expand it, naming no field.
"""

from __future__ import annotations

from pathlib import Path

from support.source_words import cpp_fields, cpp_words

import pyyijing as yj

REPO = Path(__file__).resolve().parents[2]
HEADER = REPO / "core_cpp/include/yijing/yijingpai/config.hpp"
# The C++ spelling of each default (config.hpp's enums and condition bits, docs §5).
CPP_VALUES = {
    "true": True,
    "false": False,
    "kTwoTargets | kThreeOfAKind": 1 | 2,
    "Deck::k144": 144,
    "TaijiRule::kWild": "wild",
}


def test_the_field_list_is_core_config_with_the_default_rules() -> None:
    fields = cpp_fields(HEADER, "YIJING_YIJINGPAI_CONFIG_FIELDS")
    wanted = yj.Rules().core_config()
    assert [name for name, _, _ in fields] == list(wanted)
    for name, _kind, default in fields:
        value = CPP_VALUES.get(default, int(default) if default.isdigit() else default)
        assert value == wanted[name], name


def test_the_check_and_the_binding_name_no_field() -> None:
    names = set(yj.Rules().core_config())
    for rel in ("core_cpp/src/yijingpai/config.cpp", "core_cpp/bindings/yijingpai_config.cpp"):
        assert not cpp_words(REPO / rel) & names, rel
