"""Hand patterns per ruleset: a positive and a negative example each, citing the seed
sentence that defines the pattern (shared/seeds/002_* Shaoyang, 003_* §三 Changsha;
the reading in shared/rules/mahjong.md §1-3)."""

from __future__ import annotations

from typing import Any

import pytest

from pyyijing import mahjong as mj

BACKENDS = ("native", "cython", "python")


def _pats(hand: str, sets: tuple[Any, ...] = (), ruleset: str = "common", **kw: Any) -> list[str]:
    results = {b: mj.patterns(hand, list(sets), ruleset=ruleset, backend=b, **kw) for b in BACKENDS}
    assert len({tuple(r) for r in results.values()}) == 1, results
    return results["native"]


# ---------------------------------------------------------------- common (§1)


def test_common_regular_and_seven_pairs() -> None:
    # seed 003: 胡牌公式：n*AAA+m*ABC+s*DD（...但當n、m都為0時，s必為7）
    assert _pats("123m456p789s234s55z") == ["regular"]
    assert _pats("1122m3344p5566s77z") == ["seven_pairs"]
    assert _pats("112233m445566p77z") == ["regular", "seven_pairs"]
    assert _pats("123m456p789s234s56z") == []
    assert _pats("19m19p19s12345677z") == []  # thirteen orphans is no common pattern


# ------------------------------------------------------- Shaoyang (seed 002)

# 出牌方法 1: 四副顺子或刻子及一对将，获胜。（这叫平胡牌）
PINGHU = "123m456p789s234s55z"


@pytest.mark.parametrize(
    ("hand", "sets", "expected"),
    [
        # 1 平胡: 四副顺子或刻子及一对将，获胜。（这叫平胡牌）
        (PINGHU, (), ["平胡"]),
        ("1122m3344p5566s77z", (), ["七巧對"]),  # no four sets: not 平胡
        # 2 碰碰對: 凑成，刻子及一对将，获胜。（这叫碰碰对胡牌）
        ("111m555p999s22z", ("777s",), ["平胡", "碰碰對"]),
        ("123m555p999s22z", ("777s",), ["平胡"]),
        ("111m555p999s22z", ("789s",), ["平胡"]),  # an exposed chow is no pung
        # 3 清一色: 凑成，全是筒子或全是梭子及一对将，获胜。（这叫清一色胡牌）
        ("123p456p789p123p55p", (), ["平胡", "清一色"]),
        ("123p456p789p123s55p", (), ["平胡"]),
        ("1122p3344p5566p77p", (), ["平胡", "清一色", "七巧對"]),
        # 4 七巧對: 凑成，7对对子，获胜。（这叫七巧对胡牌）
        ("1122m3344p5566s67z", (), []),  # six pairs and two singles
        # 5 十三浪: 东，南，西。北，中，发，白，一万，九万，一筒，九筒，一梭，九梭，
        #   13张牌后让任意一个做对，获胜。（这叫十三浪胡牌）
        ("19m19p19s12345677z", (), ["十三浪"]),
        ("19m19p19s1234567z9s", (), ["十三浪"]),
        ("129m19p19s1234567z", (), []),
        # 6 全風十三浪: 凑成全是，东，南，西。北，中，发，白，四副顺子或刻子及一对将
        ("111222333444z55z", (), ["平胡", "碰碰對", "全風十三浪"]),
        (
            "55z",
            ("EEE", "SSS", "WWW", ("concealed_kong", "CCCC")),
            ["平胡", "碰碰對", "全風十三浪"],
        ),
        ("111222333z444m55z", (), ["平胡", "碰碰對"]),
    ],
)
def test_shaoyang(hand: str, sets: tuple[Any, ...], expected: list[str]) -> None:
    assert _pats(hand, sets, "shaoyang") == expected


# ---------------------------------------------- Changsha (seed 003 §三)


@pytest.mark.parametrize(
    ("hand", "sets", "kw", "expected"),
    [
        # 小胡: 成款成句，款句混合，有258一对将或最后单吊258牌张将胡牌。
        ("123m456p789s234s55s", (), {}, ["小胡"]),
        ("123m456p789s234s33s", (), {}, []),  # 長麻的將...其它牌張不可以為將
        # 七對: 手上13个牌张一共形成六对，单吊一个单张，无需258做将
        ("1133m4466p117799s", (), {}, ["七對"]),
        ("123m456p789s234s33s", (), {"win_tile": "3s"}, []),
        # 豪華七對: 七对中有一个或以上四喜，一个四喜及为豪华七对，两个四喜则称超豪华，
        #   三个则是超超豪华七对。
        ("1111m4466p117799s", (), {}, ["豪華七對"]),
        ("1111m4444p117799s", (), {}, ["超豪華七對"]),
        ("1111m4444p111199s", (), {}, ["超超豪華七對"]),
        # 清一色: 饼、条、万任意一门全色成款成句，无需258做将
        ("11123456789123m", (), {}, ["清一色"]),
        ("11223344556677m", (), {}, ["七對", "清一色"]),  # pairs 11/44/77: none 258
        ("123456789m12311p", (), {}, []),
        # 將一色: 所有牌张全部是258，且不需成款成句
        ("22558m2588p25588s", (), {}, ["將一色"]),
        ("22558m2588p25583s", (), {}, []),
        ("22588m", ("222p", "555s", "888s"), {}, ["將一色"]),
        # 碰碰胡: 或碰或抓形成三款再加两对听胡...或者四句成款，单吊一张
        ("111m333p777s999s55m", (), {}, ["小胡", "碰碰胡"]),
        ("111m333p777s99s", ("345s",), {}, []),
        # 全求人: 或碰或吃四款四句落地...其他玩家可胡时，即成 (won on a discard)
        ("55m", ("123m", "456p", "777s", "999s"), {"win_tile": "5m"}, ["小胡", "全求人"]),
        ("55m", ("123m", "456p", "777s", "999s"), {"self_drawn": True}, ["小胡"]),
        ("55m", ("123m", "456p", "777s", ("concealed_kong", "9999s")), {}, ["小胡"]),
        ("33m", ("111m", "444p", "777s", "999s"), {}, ["碰碰胡", "全求人"]),
    ],
)
def test_changsha(
    hand: str, sets: tuple[Any, ...], kw: dict[str, Any], expected: list[str]
) -> None:
    assert _pats(hand, sets, "changsha", **kw) == expected


def test_pattern_input_errors() -> None:
    with pytest.raises(ValueError, match="changsha is played without honours"):
        mj.patterns(PINGHU, ruleset="changsha")
    with pytest.raises(ValueError, match="win_tile '9m' is not in the hand"):
        mj.patterns(PINGHU, win_tile="9m", ruleset="shaoyang")
    with pytest.raises(ValueError, match="ruleset must be one of"):
        mj.patterns(PINGHU, ruleset="riichi")
    with pytest.raises(ValueError, match="patterns needs 14 concealed tiles"):
        mj.patterns("123m456p789s234s5z", ruleset="shaoyang")
