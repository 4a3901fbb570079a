"""The service reaches each game only through its `GameAdapter` (pyyijing/service/games/).

Outside a game's own adapter module, no code of the service may test an
object against a game's classes (``isinstance(x, mj.Rules)``): it asks
`adapter_for(x)` instead, so a new game is its adapter and its proto fields.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pyyijing as yj
import pyyijing.service as service_package
from pyyijing import mahjong as mj
from pyyijing.service.convert import pb2
from pyyijing.service.games import ADAPTERS, DEFAULT, adapter_for, adapter_named
from pyyijing.service.games.base import GameAdapter

SERVICE = Path(service_package.__file__).resolve().parent
GAME_CLASS_NAMES = frozenset({"Game", "Rules"})


def _names_a_game_class(node: ast.expr) -> bool:
    """Does an isinstance class argument name a game's Game or Rules class?"""
    if isinstance(node, ast.Tuple):
        return any(_names_a_game_class(e) for e in node.elts)
    if isinstance(node, ast.Attribute):
        return node.attr in GAME_CLASS_NAMES
    return isinstance(node, ast.Name) and node.id in GAME_CLASS_NAMES


def game_class_checks(source: str) -> int:
    """How many ``isinstance(x, <a game's Game or Rules>)`` calls `source` makes."""
    count = 0
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "isinstance"
            and len(node.args) == 2
            and _names_a_game_class(node.args[1])
        ):
            count += 1
    return count


def _outside_adapters() -> list[Path]:
    own = {SERVICE / "games" / f"{name}.py" for name in ADAPTERS}
    files = [p for p in sorted(SERVICE.rglob("*.py")) if p not in own and "_gen" not in p.parts]
    assert len(files) > 20, files  # the whole package is scanned, not an empty folder
    return files


def test_the_count_sees_each_form_of_a_game_class_check() -> None:
    source = (
        "isinstance(rules, mj.Rules)\n"
        "isinstance(game, (yj.Game, mj.Game))\n"
        "isinstance(r, Rules)\n"
        "isinstance(x, tuple)\n"  # not a game's class
        "isinstance(x, (str, bytes))\n"
    )
    assert game_class_checks(source) == 3


def test_no_isinstance_on_a_game_class_outside_its_adapter() -> None:
    found = {
        str(p.relative_to(SERVICE)): n
        for p in _outside_adapters()
        if (n := game_class_checks(p.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_each_game_has_its_own_adapter_and_no_other() -> None:
    objects = {
        "yijingpai": (yj.Rules(), yj.Game(yj.Rules(), seed=1)),
        "mahjong": (mj.Rules("changsha"), mj.Game(mj.Rules(), seed=1)),
    }
    assert set(objects) == set(ADAPTERS)
    for name, owned in objects.items():
        for obj in owned:
            assert adapter_for(obj) is ADAPTERS[name]
            assert [a.name for a in ADAPTERS.values() if a.owns(obj)] == [name]
    assert adapter_named("mahjong") is ADAPTERS["mahjong"]
    assert adapter_named("go") is None
    with pytest.raises(TypeError, match="no game of the service owns a str"):
        adapter_for("a string")


def test_every_adapter_implements_the_protocol() -> None:
    members = {
        name
        for name in (*vars(GameAdapter), *GameAdapter.__annotations__)
        if not name.startswith("_")
    }
    assert {"owns", "rules_from_proto", "evaluate", "wire_kind", "rules_field"} <= members
    for adapter in ADAPTERS.values():
        missing = sorted(m for m in members if not hasattr(adapter, m))
        assert missing == [], adapter.name


def test_each_rules_field_is_in_every_request_that_carries_rules() -> None:
    requests = (pb2.Position, pb2.CreateGameRequest, pb2.ValidateGameRequest, pb2.SimulateRequest)
    for adapter in ADAPTERS.values():
        for request in requests:
            assert adapter.rules_field in request.DESCRIPTOR.fields_by_name, (
                adapter.name,
                request.DESCRIPTOR.name,
            )
    assert DEFAULT is ADAPTERS["yijingpai"]  # a request that sets no rules field
    assert len({a.wire_kind for a in ADAPTERS.values()}) == len(ADAPTERS)
