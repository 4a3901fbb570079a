"""The pyyijing.mahjong API on hand-written cases: notation, input errors, win shapes,
readings, shanten, waits (every wait shape) and the batch forms, on every backend.

Rules: shared/rules/mahjong.md §0 (tiles, sets, the regular shape
「n*AAA+m*ABC+s*DD」 of seed 003, seven pairs, thirteen orphans 十三浪 of seed 002).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest

from pyyijing import _backend
from pyyijing import mahjong as mj


@pytest.fixture(params=_backend.BACKENDS)
def be(request: pytest.FixtureRequest) -> str:
    """Each backend's name; a missing one fails under `make test`, else is skipped."""
    name: str = request.param
    try:
        mj._impl(name)
    except ImportError as exc:
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {name} has no mahjong evaluation: {exc}")
        pytest.skip(f"backend {name} unavailable: {exc}")
    return name


# ------------------------------------------------------------------ notation


def test_tile_order_and_letters() -> None:
    assert (mj.TILES[0], mj.TILES[9], mj.TILES[18]) == ("1m", "1p", "1s")
    assert mj.TILES[27:] == ("1z", "2z", "3z", "4z", "5z", "6z", "7z")
    # mahjong.md §0: E S W N, C 中, F 發, P 白; 5z 白 6z 發 7z 中.
    assert [mj.tile_index(t) for t in "ESWNPFC"] == list(range(27, 34))
    assert mj.to_counts("EESWNPFC") == mj.to_counts("11234567z")
    assert mj.parse_tiles("123m 4p") == [0, 1, 2, 12]


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("123x", "unknown tile character 'x'"),
        ("0m", "unknown tile '0m'"),
        ("8z", "unknown tile '8z'"),
        ("123", "have no suit letter"),
        ("m", "has no digits"),
        ("12E", "have no suit letter"),
        ("11111m", "more than 4 of 1m: the hand has 5"),
    ],
)
def test_bad_tiles(hand: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mj.to_counts(hand)


def test_bad_count_arrays() -> None:
    with pytest.raises(ValueError, match="needs 34 entries"):
        mj.shanten([1] * 13)
    with pytest.raises(ValueError, match="count of 1m is -1"):
        mj.shanten([-1] + [0] * 33)
    with pytest.raises(ValueError, match="more than 4 of 2m"):
        mj.shanten([0, 5] + [0] * 32)
    with pytest.raises(TypeError):
        mj.shanten([1.0] * 34)


@pytest.mark.parametrize(
    ("sets", "message"),
    [
        (["12m"], "a set has 3 or 4 tiles"),
        (["12m3p"], "a chow must be of one suit"),
        (["123z"], "a chow cannot be made of honours"),
        (["135m"], "a chow is three consecutive tiles"),
        (["1112m"], "a kong is four of one kind"),
        ([("chow", "111m")], "is a pung"),
        ([("pung", "123m")], "a pung is three of one kind"),
        ([("kong", "111m")], "a kong has 4 tiles"),
        ([("meld", "111m")], "set kind must be one of"),
        (["111m", "111m"], r"more than 4 of 1m: 1 in the hand and 6 in the sets"),
        (["1111m", "111p", "222p", "333p", "444p"], "at most 4 sets"),
    ],
)
def test_bad_sets(sets: list[Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mj.shanten("1m" + "5677p", sets)


def test_wrong_tile_counts() -> None:
    with pytest.raises(
        ValueError, match="is_win needs 14 concealed tiles with no sets; the hand has 13"
    ):
        mj.is_win("123m456p789s1112z")
    with pytest.raises(
        ValueError, match="is_win needs 11 concealed tiles with 1 set; the hand has 14"
    ):
        mj.is_win("123m456p789s11122z", ["123s"])
    with pytest.raises(ValueError, match="shanten needs 10 or 11 concealed tiles with 1 set"):
        mj.shanten("123m456p789s1112z", ["456s"])
    with pytest.raises(ValueError, match="waits needs 13 concealed tiles"):
        mj.waits("123m456p789s11122z")
    with pytest.raises(ValueError, match="seven_pairs needs a concealed hand"):
        mj.shanten("123m456p7899s", ["111z"], form="seven_pairs")
    with pytest.raises(ValueError, match="form must be one of"):
        mj.shanten("123m456p789s1112z", form="pairs")


# ----------------------------------------------------------------- win shapes


def test_win_shapes(be: str) -> None:
    assert mj.is_win("123m456p789s11122z", backend=be)
    assert not mj.is_win("123m456p789s11123z", backend=be)
    # four of a kind inside a chow run, and nine gates + 1m
    assert mj.is_win("11112233m456p789s", backend=be)
    assert mj.is_win("11112345678999m", backend=be)
    # seven pairs, a four of a kind as two pairs (Changsha 豪華七對)
    assert mj.is_win("1122m3344p5566s77z", backend=be)
    assert mj.is_win("1111m3344p5566s77z", backend=be)
    # thirteen orphans (seed 002 十三浪)
    assert mj.is_win("19m19p19s12345677z", backend=be)
    assert not mj.is_win("19m19p19s12345678m"[:16] + "2m", backend=be)
    # exposed sets
    assert mj.is_win("55m", ["123m", "456p", "789s", ("concealed_kong", "EEEE")], backend=be)
    assert mj.is_win("12355m", ["456p", "789s", "PPP"], backend=be)
    assert not mj.is_win("12455m", ["456p", "789s", "PPP"], backend=be)


def test_decompositions(be: str) -> None:
    d = mj.decompositions("111222333m456p11z", backend=be)
    assert [x.form for x in d] == ["regular", "regular"]
    kinds = sorted(tuple(s.kind for s in x.sets) for x in d)
    assert kinds == [("chow", "chow", "chow", "chow"), ("pung", "pung", "pung", "chow")]
    # 11123444m: 111 234 44 or 11 123 444
    d = mj.decompositions("11123444m567p111z", backend=be)
    assert sorted(x.pair for x in d if x.pair) == ["1m", "4m"]
    # a hand that is both regular and seven pairs
    d = mj.decompositions("112233m445566p77z", backend=be)
    assert sorted(x.form for x in d) == ["regular", "seven_pairs"]
    pairs = next(x for x in d if x.form == "seven_pairs").pairs
    assert pairs == ("1m", "2m", "3m", "4p", "5p", "6p", "7z")
    d = mj.decompositions("1111m3344p5566s77z", backend=be)
    assert d[0].pairs[:2] == ("1m", "1m")
    d = mj.decompositions("19m19p19s12345677z", backend=be)
    assert d == [mj.Decomposition("thirteen_orphans", pair="7z")]
    assert mj.decompositions("123m456p789s11123z", backend=be) == []
    # exposed sets come first, as given
    d = mj.decompositions("12355m", ["456p", ("kong", "7777s"), "PPP"], backend=be)
    assert len(d) == 1
    assert [str(s) for s in d[0].sets] == ["456p", "7777s", "555z", "123m"]
    assert [s.concealed for s in d[0].sets] == [False, False, False, True]


# ------------------------------------------------------------------- shanten


@pytest.mark.parametrize(
    ("hand", "form", "expected"),
    [
        ("123m456p789s1112z", "regular", 0),
        ("123m456m789m12p45s", "regular", 1),  # five blocks, no pair
        ("159m159p159s1234z", "regular", 8),
        ("1234567z123456z", "regular", 3),
        ("1234567z123456z", "seven_pairs", 0),
        ("1111m2222m3333m4m", "seven_pairs", 0),  # fours are two pairs each
        ("19m19p19s1234567z", "thirteen_orphans", 0),
        ("19m19p19s1234555z", "thirteen_orphans", 1),
        ("2345678m2345678p", None, 0),  # 14 tiles: after a discard
        ("258m258p258s1357z", None, 6),
        ("19m19p19s1234567z", None, 0),
        ("123m456p789s11122z", None, -1),
        ("1111m234p567p789s", "regular", 0),  # shape only: ready on a fifth 1m
    ],
)
def test_shanten_values(be: str, hand: str, form: str | None, expected: int) -> None:
    assert mj.shanten(hand, form=form, backend=be) == expected


def test_shanten_with_sets(be: str) -> None:
    assert mj.shanten("1z", ["123m", "456m", "789m", "111p"], backend=be) == 0
    assert mj.shanten("12z", ["123m", "456m", "789m", "111p"], backend=be) == 0
    assert mj.shanten("13m5p9s", ["111p", "222p", "333p"], backend=be) == 1


# ---------------------------------------------------------------------- waits


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("23m456p789s11122z", "14m"),  # two-sided 兩面
        ("13m456p789s11122z", "2m"),  # closed 嵌張
        ("12m456p789s11122z", "3m"),  # edge 邊張
        ("11m456p789s11122z", "1m2z"),  # two pairs 對碰
        ("123m456p789s1112z", "2z"),  # single 單騎
        ("2345m456p789s111z", "25m"),  # single on either end
        ("2344m456p789s111z", "14m"),
        ("1112345678999m", "123456789m"),  # nine gates 九蓮寶燈
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen-sided
        ("1122m3344p5566s7z", "7z"),
        ("1111m3344p5566s7z", "7z"),  # 7z single: seven pairs with a four
        ("1111m234p567p789s", ""),  # ready in shape only
        ("123m456p789s1234z", ""),
    ],
)
def test_waits_shapes(be: str, hand: str, expected: str) -> None:
    assert list(mj.waits(hand, backend=be)) == [mj.TILES[k] for k in mj.parse_tiles(expected)]


def test_waits_unseen_counts(be: str) -> None:
    w = mj.waits("1112345678999m", backend=be)
    assert (w["1m"], w["9m"], w["5m"]) == (1, 1, 3)
    w = mj.waits("5m", ["555m", "123p", "456p", "789p"], backend=be)
    assert w == {"5m": 0}  # a wait with every copy already seen still shapes a win


# ----------------------------------------------------------------- batch forms


def test_batch_forms(be: str) -> None:
    rows = np.array([mj.to_counts(h) for h in ("123m456p789s1112z", "19m19p19s1234567z")])
    assert mj.shanten_batch(rows, backend=be).tolist() == [0, 0]
    assert mj.shanten_batch(rows, "thirteen_orphans", backend=be).tolist() == [8, 0]
    assert mj.shanten_batch(rows[:0], backend=be).shape == (0,)
    wins = np.array([mj.to_counts(h) for h in ("123m456p789s11122z", "55m", "123m456p789s11123z")])
    assert mj.is_win_batch(wins, backend=be).tolist() == [True, True, False]
    assert mj.is_win_batch(wins, backend=be).dtype == bool
    assert mj.shanten_batch(rows, threads=1, backend=be).dtype == np.int8


def test_batch_errors() -> None:
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        mj.shanten_batch(np.zeros(3, dtype=np.uint8))
    bad = np.zeros((2, 34), dtype=np.int64)
    bad[0, 0] = 13
    bad[1, 0] = 4
    bad[1, 1] = 9
    with pytest.raises(ValueError, match="row 0: count of 1m is 13"):
        mj.shanten_batch(bad)
    ok = np.zeros((2, 34), dtype=np.int64)
    ok[:, :13] = 1
    ok[1, 13] = 1
    ok[1, 14] = 1
    with pytest.raises(ValueError, match="row 1 has 15 tiles"):
        mj.shanten_batch(ok)
    with pytest.raises(ValueError, match="row 0 has 13 tiles; is_win_batch takes rows of 2, 5"):
        mj.is_win_batch(ok[:1])
    with pytest.raises(TypeError, match="integer counts"):
        mj.shanten_batch(np.zeros((1, 34)))
    with pytest.raises(ValueError, match="threads"):
        mj.shanten_batch(ok[:1], threads=-1)


def test_batch_releases_the_gil() -> None:
    """The native batch runs without the GIL: this thread keeps running meanwhile."""
    import threading

    try:
        impl = mj._impl("native")
    except ImportError:
        pytest.skip("native backend unavailable")
    base = np.array([mj.to_counts("123m456p789s1112z"), mj.to_counts("159m26p37s123456z")])
    rows = np.ascontiguousarray(np.tile(base, (1_000_000, 1)), dtype=np.uint8)
    started = threading.Event()

    def work() -> None:
        started.set()
        impl.shanten_batch(rows, 0, 1)

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    spins = 0
    while t.is_alive():
        spins += 1
    t.join()
    assert spins > 1000
