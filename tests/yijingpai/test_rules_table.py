"""`Rules` is made from its option table (pyyijing/core/options.py): one place for every option.

The class must behave as the frozen dataclass it replaced, so that no user
code and no record notices: keyword construction with the same errors,
equality, hashing, repr, pickling, `to_dict`/`from_dict`.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import pyyijing as yj
from pyyijing.options import Option, RuleSet, VariantRuleSet


def test_value_semantics() -> None:
    a = yj.Rules(players=3, win_conditions=("three_of_a_kind", "two_targets"))
    b = yj.Rules(players=3)
    assert a == b  # win conditions kept in canonical order
    assert hash(a) == hash(b)
    assert a != yj.Rules()
    assert len({a, b, yj.Rules()}) == 2
    assert repr(yj.Rules()) == (
        "Rules(variant='standard', players=4, deck=144, taiji='wild', taiji_in_pong=True, "
        "win_conditions=('two_targets', 'three_of_a_kind'), self_draw_payment='each', "
        "next_dealer='dice')"
    )
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.deepcopy(a) == a
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.players = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        _ = a.no_such_option


def test_errors_name_the_option_and_its_values() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'seats'"):
        yj.Rules(seats=4)
    with pytest.raises(ValueError, match=r"players must be one of 2, 3, 4; got 5"):
        yj.Rules(players=5)
    with pytest.raises(ValueError, match="players must be one of"):
        yj.Rules(players=True)  # exact types: a bool is not an int option
    with pytest.raises(ValueError, match="win_conditions: unknown condition 'x'"):
        yj.Rules(win_conditions=("x",))
    with pytest.raises(ValueError, match="win_conditions must name at least one condition"):
        yj.Rules(win_conditions=())
    with pytest.raises(ValueError, match="must be a list or tuple of condition names"):
        yj.Rules(win_conditions="two_targets")


def test_to_dict_round_trip_and_bad_dicts() -> None:
    r = yj.Rules(variant="simple", players=2, deck=162, taiji="none", taiji_in_pong=False)
    d = r.to_dict()
    assert d["win_conditions"] == ["two_targets", "three_of_a_kind"]  # a JSON list
    assert yj.Rules.from_dict(d) == r
    with pytest.raises(ValueError, match="unknown rule option 'seats'"):
        yj.Rules.from_dict({"seats": 4})
    with pytest.raises(ValueError, match="rules must be a dict"):
        yj.Rules.from_dict(["players", 4])


def test_a_rule_set_is_its_table() -> None:
    """A new game's rules: a table and a subclass, nothing else (docs/adding-a-game.md)."""

    class Toy(RuleSet):
        OPTIONS = (
            Option("size", int, (3, 5), 3, "board size", "size"),
            Option("mode", str, ("a", "b"), "a", "mode", "mode", proto_enum="MODE"),
        )
        __slots__ = ()

    t = Toy(size=5)
    assert (t.size, t.mode) == (5, "a")
    assert Toy.from_dict(t.to_dict()) == t
    with pytest.raises(ValueError, match="size must be one of 3, 5; got 4"):
        Toy(size=4)


def test_a_variant_rule_set_is_its_table_and_rulesets() -> None:
    """A game of several rulesets: each option names the rulesets that have it."""

    class Toy(VariantRuleSet):
        OPTIONS = (
            Option("size", int, (3, 5), 3, "board size", "size", rulesets=("small", "big")),
            Option("komi", bool, (False, True), False, "komi", "komi", rulesets=("big",)),
        )
        RULESETS = ("small", "big")
        GAME = "toy"
        __slots__ = ()

        @classmethod
        def check_combination(cls, values: dict[str, object]) -> None:
            if values.get("komi") and values.get("size") == 3:
                raise ValueError("komi needs size 5")

    small, big = Toy(), Toy("big", size=5, komi=True)
    assert (small.ruleset, small.options()) == ("small", {"size": 3})
    assert big.to_dict() == {"ruleset": "big", "size": 5, "komi": True}
    assert Toy.from_dict(big.to_dict()) == big
    assert copy.deepcopy(big) == big  # through __reduce__, as pickling
    assert hash(Toy("big", size=5, komi=True)) == hash(big)
    assert big != Toy("big", size=5)
    assert repr(small) == "Toy('small', size=3)"
    with pytest.raises(AttributeError, match="small rules have no option 'komi'"):
        _ = small.komi
    with pytest.raises(ValueError, match="option 'komi' belongs to big, not small"):
        Toy("small", komi=True)
    with pytest.raises(ValueError, match="unknown option 'x'; small options: size"):
        Toy("small", x=1)
    with pytest.raises(ValueError, match="ruleset must be one of small, big; got 'huge'"):
        Toy("huge")
    with pytest.raises(ValueError, match="ruleset must be one of small, big; got None"):
        Toy(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="komi needs size 5"):
        Toy("big", komi=True)
    with pytest.raises(ValueError, match="toy rules must be a dict with a 'ruleset'"):
        Toy.from_dict({"size": 3})
    with pytest.raises(dataclasses.FrozenInstanceError):
        big.size = 3  # type: ignore[misc]


def test_the_old_import_path_is_the_core_machinery() -> None:
    from pyyijing import options
    from pyyijing.core import options as core

    assert (options.Option, options.RuleSet) == (core.Option, core.RuleSet)
    assert issubclass(yj.mahjong.Rules, core.VariantRuleSet)
    changsha = yj.mahjong.Rules("changsha", birds=4)
    assert pickle.loads(pickle.dumps(changsha)) == changsha
    assert issubclass(yj.Rules, core.RuleSet)
