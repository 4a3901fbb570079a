"""Shaoyang payments: every worked example of seed 002's 「陪率」 on an exact wall.

Seed 002: 「陪率的計算以（1，2，4金幣為基數）注：1金幣代表開杠的陪率（開杠玩家要收每人1金幣），
2代表胡牌的陪率，4代表胡了大牌的陪率」 and 「另還可以在開始前舉手申請賠率翻倍（最多可以舉3個手）」;
rules page §6: every amount is unit × 2^(winner's raises) × 2^(payer's raises), with
unit 2 (平胡), 8 (碰碰對 / 清一色 / 七巧對: 「4(基數)*2」) and 24 (十三浪 / 全風十三浪:
「4*2*3」); a kong pays 1 × the factors from each other seat.

Every example is the dealer (seat 0) winning on its dealt fourteen (a self-draw, §10),
or the dealer's concealed kong, with the seats' raises given first.
"""

from __future__ import annotations

import pytest
from support import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
SHAOYANG = mj.Rules("shaoyang")

PING_HU = "123m456m789m123p55s"  # 平胡 only
PENG_PENG = "111m222p333s444m55p"  # 平胡 + 碰碰對
ONE_SUIT = "123m456m789m234m55m"  # 平胡 + 清一色
SEVEN_PAIRS = "1133m5577p99s1122z"  # 七巧對
THIRTEEN = "19m19p19s12345677z"  # 十三浪 (中 paired)
ALL_WINDS = "111z22z555666777z"  # 平胡 + 碰碰對 + 全風十三浪


# The other seats' hands do not matter (the dealer wins at once). The all-honour hand
# takes the honours walls.py's inert hands are made of, so it gets these.
NUMBER_HANDS = {1: "1112223334445m", 2: "6667778889991p", 3: "1112223334445s"}


def dealer_wins(
    be: str, hand: str, raises: tuple[int, int, int, int], others: dict[int, str] | None = None
) -> mj.Result:
    g = walls.game(SHAOYANG, dealer=0, hands={0: hand, **(others or {})}, backend=be)
    walls.play(g, [f"s{s}:raise={k}" for s, k in enumerate(raises)])
    walls.play(g, ["s0:win"])
    r = g.result
    assert r is not None
    assert r.kind == "self_draw"
    assert r.winner == 0
    assert r.dealt_in_by is None
    assert sum(r.payments) == 0
    return r


@pytest.mark.parametrize(
    ("raises", "total"),
    [(0, 6), (1, 12), (2, 24), (3, 48)],
)
def test_ping_hu_by_the_dealer(be: str, raises: int, total: int) -> None:
    """Seed 002 平胡: 「2（基數）*3（人）=6金幣」, raised once 「2*2*3=12」, twice
    「2*4*3=24」, three times 「2*8*3」 — which the seed prints as 36: a slip for 48, since
    its own formula gives 2·8·3 = 48 (rules §6: "the formula holds")."""
    r = dealer_wins(be, PING_HU, (raises, 0, 0, 0))
    assert r.patterns == ("平胡",)
    each = 2 * 2**raises
    assert r.ledger == tuple(("self_draw", p, 0, each) for p in (1, 2, 3))
    assert r.payments[0] == total


def test_ping_hu_payer_who_raised_once(be: str) -> None:
    """Seed 002: 「如果還有另一玩家也舉了1個手莊家舉了3個手而且是莊家胡牌那麼他一個人就要輸的
    金幣計算方式，2（基數）*8*2=32金幣」 — that seat pays 2 · 2^3 · 2^1 = 32; the other two
    2 · 8 = 16 each."""
    r = dealer_wins(be, PING_HU, (3, 0, 1, 0))
    assert r.ledger == (("self_draw", 1, 0, 16), ("self_draw", 2, 0, 32), ("self_draw", 3, 0, 16))
    assert r.payments == (64, -16, -32, -16)


@pytest.mark.parametrize(
    ("raises", "total"),
    [(0, 24), (1, 48), (2, 96), (3, 192)],
)
def test_big_hand_by_the_dealer(be: str, raises: int, total: int) -> None:
    """Seed 002 碰碰對 (a big hand): 「4（基數）*2*3（人）=24金幣」, raised once
    「4*2*2*3=48」, twice 「4*2*4*3=96」, three times 「4*2*8*3=192」: unit 8 × 2^raises × 3."""
    r = dealer_wins(be, PENG_PENG, (raises, 0, 0, 0))
    assert r.patterns == ("平胡", "碰碰對")
    assert r.payments[0] == total
    assert [e[3] for e in r.ledger] == [8 * 2**raises] * 3


@pytest.mark.parametrize(
    ("hand", "patterns"), [(ONE_SUIT, ("平胡", "清一色")), (SEVEN_PAIRS, ("七巧對",))]
)
def test_every_big_hand_pays_as_a_big_hand(be: str, hand: str, patterns: tuple[str, ...]) -> None:
    """Seed 002 「碰碰對胡牌，清一色胡牌，七巧對胡牌（這3種胡牌算大牌）」: 清一色 and 七巧對
    pay like 碰碰對, 4 · 2 · 3 = 24 with no raise."""
    r = dealer_wins(be, hand, (0, 0, 0, 0))
    assert r.patterns == patterns
    assert r.payments[0] == 24


def test_big_hand_payer_who_raised_once(be: str) -> None:
    """Seed 002: 「……那麼他一個人就要輸的金幣計算方式，4（基數）*2*8*2=128金幣」."""
    r = dealer_wins(be, PENG_PENG, (3, 1, 0, 0))
    assert r.ledger == (("self_draw", 1, 0, 128), ("self_draw", 2, 0, 64), ("self_draw", 3, 0, 64))
    assert r.payments == (256, -128, -64, -64)


@pytest.mark.parametrize(
    ("raises", "total"),
    [(0, 72), (1, 144), (2, 288), (3, 576)],
)
def test_very_big_hand_by_the_dealer(be: str, raises: int, total: int) -> None:
    """Seed 002 十三浪 (大大牌): 「4（基數）*2*3*3（人）=72金幣」, raised once
    「4*2*3*2*3=144」, twice 「4*2*3*4*3=288」, three times 「4*2*3*8*3=576」."""
    r = dealer_wins(be, THIRTEEN, (raises, 0, 0, 0))
    assert r.patterns == ("十三浪",)
    assert r.payments[0] == total


def test_all_winds_pays_as_a_very_big_hand(be: str) -> None:
    """Seed 002 「十三浪胡牌，全風十三浪胡牌（這2種胡牌算大大牌）」: 全風十三浪 is also a 碰碰對
    (a big hand) but is paid by its highest category only (rules §6): 24 · 3 = 72."""
    r = dealer_wins(be, ALL_WINDS, (0, 0, 0, 0), NUMBER_HANDS)
    assert r.patterns == ("平胡", "碰碰對", "全風十三浪")
    assert r.payments[0] == 72


def test_one_suit_all_pungs_is_paid_once(be: str) -> None:
    """Rules §6 "A hand in several categories is paid by the highest only": 碰碰對 and
    清一色 together still pay unit 8 (24 with no raise), not 16."""
    r = dealer_wins(be, "111222333444m55m", (0, 0, 0, 0))
    assert r.patterns == ("平胡", "碰碰對", "清一色")
    assert r.payments[0] == 24


def test_very_big_hand_payer_who_raised_once(be: str) -> None:
    """Seed 002: 「……那麼他一個人就要輸的金幣計算方式，4（基數）*2*3*8*2=384金幣」."""
    r = dealer_wins(be, THIRTEEN, (3, 0, 0, 1))
    assert r.ledger == (
        ("self_draw", 1, 0, 192),
        ("self_draw", 2, 0, 192),
        ("self_draw", 3, 0, 384),
    )


def dealer_kongs(be: str, raises: tuple[int, int, int, int]) -> mj.Result:
    """The dealer makes a concealed kong of 9s at once; the hand is then drained to a draw
    (rules §6: kong payments are kept on a drawn hand)."""
    g = walls.game(SHAOYANG, dealer=0, hands={0: "9s9s9s9s+"}, backend=be)
    walls.play(g, [f"s{s}:raise={k}" for s, k in enumerate(raises)])
    walls.play(g, ["s0:kong=9s"])
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    return r


@pytest.mark.parametrize(
    ("raises", "total"),
    [(0, 3), (1, 6), (2, 12), (3, 24)],
)
def test_kong_payments(be: str, raises: int, total: int) -> None:
    """Seed 002 開杠: 「1（基數）*3（人）=3金幣」, raised once 「1*2*3=6」, twice
    「1*4*3=12」, three times 「1*8*3=24」; paid by each other seat at once (rules §6)."""
    r = dealer_kongs(be, (raises, 0, 0, 0))
    assert r.ledger == tuple(("concealed_kong", p, 0, 2**raises) for p in (1, 2, 3))
    assert r.payments[0] == total


def test_kong_payer_who_raised_once(be: str) -> None:
    """Seed 002: 「如果還有另一玩家也舉了1個手而你舉了3個手那麼他一個人就要輸的金幣計算方式，
    1（基數）*2*8=16金幣」."""
    r = dealer_kongs(be, (3, 0, 1, 0))
    assert r.ledger == (
        ("concealed_kong", 1, 0, 8),
        ("concealed_kong", 2, 0, 16),
        ("concealed_kong", 3, 0, 8),
    )


def test_one_suit_of_the_seeds_suits(be: str) -> None:
    """Seed 002 「全是筒子或全是梭子及一對將，獲勝。（這叫清一色胡牌）」: 筒 (p) and 梭 (s) as the
    seed names them; rules §6 [decision] 萬 as well (test above), in the regular shape or
    seven pairs: each a big hand, 8 · 3 = 24."""
    for hand, patterns in (
        ("123p456p789p234p55p", ("平胡", "清一色")),
        ("1122s3344s5566s99s", ("平胡", "清一色", "七巧對")),
        ("1133s5577s9922s44s", ("清一色", "七巧對")),
    ):
        r = dealer_wins(be, hand, (0, 0, 0, 0))
        assert r.patterns == patterns, hand
        assert r.payments[0] == 24, hand


def test_seven_pairs_with_a_four(be: str) -> None:
    """Rules §3: seven pairs is concealed only and "a four of a kind counts as two pairs";
    seed 002 「7對對子，獲勝。（這叫七巧對胡牌）」: a big hand, 24."""
    r = dealer_wins(be, "1111m3377p99s1122z", (0, 0, 0, 0))
    assert r.patterns == ("七巧對",)
    assert r.payments[0] == 24
