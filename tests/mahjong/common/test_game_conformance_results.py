"""Conformance on exact walls: winning hands, payments and results, the drawn hand
(shared/rules/mahjong.md §2 Start of a turn, §3, §5 Payments, §10, §11). Seed 003
「得分說明」: 「點炮：誰點炮，誰輸分給胡牌者；自摸：誰自摸胡，其餘三家給胡牌者」; the win formula
「胡牌公式：n*AAA+m*ABC+s*DD（n為0~4，m為0~4，s一般情況下為1。但當n、m都為0時，s必為7）」."""

from __future__ import annotations

import pytest
from support import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
COMMON = mj.Rules("common")


def remaining(g: mj.Game) -> int:
    n: int = g.view(None)["wall_remaining"]
    return n


def check_sums(r: mj.Result) -> None:
    """§10: `payments` per seat sum to 0 and sum the ledger."""
    assert sum(r.payments) == 0
    pay = [0, 0, 0, 0]
    for _, payer, payee, amount in r.ledger:
        pay[payer] -= amount
        pay[payee] += amount
    assert tuple(pay) == r.payments
    assert r.birds == ()


def test_discard_win(be: str) -> None:
    """mahjong.md §5 點炮 — the discarder pays the winner 1 (ledger `discard`); §11
    `dealt_in_by` is the discarder; §10 `win_tile` the discard, `patterns` `regular`."""
    g = walls.game(COMMON, dealer=0, hands={3: "123p456p789p11z46m"}, draws=["5m"], backend=be)
    walls.play(g, ["s0:discard=1s", "s1:discard=5m", "s3:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("discard", 3, 1, "5m")
    assert r.patterns == ("regular",)
    assert r.ledger == (("discard", 1, 3, 1),)
    assert r.payments == (0, -1, 0, 1)
    check_sums(r)
    assert g.phase == "over"
    assert g.to_act == []
    assert all(g.legal_moves(s) == [] for s in range(4))


def test_self_draw_win(be: str) -> None:
    """mahjong.md §5 自摸 — each other seat pays 1 (ledger `self_draw`, in seat order from
    the winner's next seat, docs/mahjong-engine.md); `win_tile` the drawn tile; no
    `dealt_in_by`."""
    g = walls.game(
        COMMON, dealer=0, hands={2: "123p456p789p11z46m"}, draws=["6z", "5m"], backend=be
    )
    walls.play(g, ["s0:discard=1s", "s1:discard=6z"])
    assert g.to_act == [2]
    assert "s2:win" in g.legal_moves()
    walls.play(g, ["s2:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("self_draw", 2, None, "5m")
    assert r.ledger == (("self_draw", 3, 2, 1), ("self_draw", 0, 2, 1), ("self_draw", 1, 2, 1))
    assert r.payments == (-1, -1, 3, -1)
    check_sums(r)


def test_dealer_wins_on_the_dealt_14(be: str) -> None:
    """mahjong.md §2 `sN:win` — self-draw, "the dealer's 14 count, 天胡"; §10 `win_tile`
    is None for the dealer's win on the dealt 14."""
    g = walls.game(COMMON, dealer=1, hands={1: "123m456m789m123p55p"}, backend=be)
    assert "s1:win" in g.legal_moves()
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("self_draw", 1, None, None)
    assert r.ledger == (("self_draw", 2, 1, 1), ("self_draw", 3, 1, 1), ("self_draw", 0, 1, 1))
    assert r.payments == (-1, 3, -1, -1)
    check_sums(r)


@pytest.mark.parametrize(
    ("hand", "patterns"),
    [
        ("11m22m33m44p55p66p7s7s", ("regular", "seven_pairs")),
        ("1111m22m33p44p55s7z7z", ("seven_pairs",)),
        ("11m99m11p99p11s99s1z1z", ("seven_pairs",)),
        ("111m234m567p999p11z", ("regular",)),
    ],
)
def test_winning_shapes_and_patterns(be: str, hand: str, patterns: tuple[str, ...]) -> None:
    """mahjong.md §3: the regular shape (4 sets + a pair) or seven pairs (concealed
    only; a four of a kind counts as two pairs); §5 common wins with these two; §10
    `result.patterns` names every pattern (`regular`, `seven_pairs`, both if both
    apply). Seed 003 「n*AAA+m*ABC+s*DD … 但當n、m都為0時，s必為7」."""
    codes = walls.tiles(hand)
    last = codes[-1]
    g = walls.game(
        COMMON, dealer=0, hands={0: "5z+", 2: codes[:-1]}, draws=["6z", last], backend=be
    )
    walls.play(g, ["s0:discard=5z", "s1:discard=6z", "s2:win"])
    r = g.result
    assert r is not None
    assert r.patterns == patterns
    check_sums(r)


def test_no_thirteen_orphans_in_common(be: str) -> None:
    """mahjong.md §5: "Winning hands: the regular shape and seven pairs (no thirteen
    orphans [decision]; the seed's formula has only these two)" — reason `cannot_win`."""
    g = walls.game(COMMON, dealer=0, hands={0: "1m9m1p9p1s9s1z2z3z4z5z6z7z1m"}, backend=be)
    assert "s0:win" not in g.legal_moves()
    assert walls.code_of(g, "s0:win") == "cannot_win"


def test_incomplete_hand_cannot_win(be: str) -> None:
    """mahjong.md §2 `sN:win` needs a winning hand; docs order of checks: `cannot_win`."""
    g = walls.game(COMMON, dealer=0, backend=be)
    assert walls.code_of(g, "s0:win") == "cannot_win"


def test_drawn_hand_at_an_empty_live_wall(be: str) -> None:
    """mahjong.md §2 Start of a turn: "If the live wall is empty, the hand ends drawn
    (荒莊)"; §10 a drawn hand (`kind = "draw"`) pays nothing beyond what was paid."""
    g = walls.game(COMMON, dealer=0, backend=be)
    walls.drain(g, stop=lambda g: remaining(g) == 0)
    assert g.phase == "play"
    assert g.to_act == [3]
    d = walls.drawn_of(g, 3)
    walls.play(g, [f"s3:discard={d}"])
    assert g.phase == "over"
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("draw", None, None, None)
    assert r.patterns == ()
    assert r.ledger == ()
    assert r.payments == (0, 0, 0, 0)
    assert len(g.moves) == 1 + 83  # the dealer's discard and one per draw


def test_win_on_the_discard_that_empties_the_live_wall(be: str) -> None:
    """mahjong.md §10: "A discard that finishes the live wall is claimed as any other; the
    hand ends drawn only when a seat is to draw from an empty live wall"."""
    g = walls.game(COMMON, dealer=0, hands={1: "123p456p789p11z46m"}, back=["5m"], backend=be)
    walls.drain(g, stop=lambda g: remaining(g) == 0)
    assert g.to_act == [3]
    assert walls.drawn_of(g, 3) == "5m"
    walls.play(g, ["s3:discard=5m"])
    assert g.phase == "claim"
    assert g.to_act == [1]
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("discard", 1, 3, "5m")
    check_sums(r)


def test_passed_last_discard_then_draw(be: str) -> None:
    """mahjong.md §2: when every offered seat has passed, the discarder's next seat draws
    — from an empty live wall the hand ends drawn."""
    g = walls.game(COMMON, dealer=0, hands={1: "123p456p789p11z46m"}, back=["5m"], backend=be)
    walls.drain(g, stop=lambda g: remaining(g) == 0)
    walls.play(g, ["s3:discard=5m", "s1:pass"])
    r = g.result
    assert r is not None
    assert r.kind == "draw"


def test_kongs_paid_then_the_win(be: str) -> None:
    """mahjong.md §5: kongs are paid when made and kept whatever the hand's end; §10 the
    hand's `payments` include every payment of the hand, `ledger` in the order paid."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "9s9s9s9s5m+", 3: "123p456p789p11z46m"},
        back=["6z"],
        backend=be,
    )
    walls.play(g, ["s0:kong=9s", "s0:discard=5m", "s3:win"])
    r = g.result
    assert r is not None
    assert r.ledger == (
        ("concealed_kong", 1, 0, 1),
        ("concealed_kong", 2, 0, 1),
        ("concealed_kong", 3, 0, 1),
        ("discard", 0, 3, 1),
    )
    assert r.payments == (2, -1, -1, 0)
    check_sums(r)


def test_seven_pairs_is_concealed_only(be: str) -> None:
    """mahjong.md §3: seven pairs (concealed only; a four of a kind counts as two pairs);
    §11 a concealed kong is a set, not concealed tiles: after the kong of 1m the five
    pairs left are not seven pairs."""
    g = walls.game(COMMON, dealer=0, hands={0: "1111m22m33p44p55s66s"}, back=["7z"], backend=be)
    assert "s0:win" in g.legal_moves()  # seven pairs, 1111m as two pairs
    walls.play(g, ["s0:kong=1m"])
    assert walls.code_of(g, "s0:win") == "cannot_win"
    walls.play(g, ["s0:discard=7z"])
    assert g.waits(0) == {}


def test_win_with_an_exposed_chow(be: str) -> None:
    """mahjong.md §3: complete when the concealed tiles and exposed sets make the regular
    shape (a chow counts as a set); seed 003 「通過吃牌、碰牌、杠牌等方式，使手牌按照規定的
    牌型條件和牌即可獲勝」."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "5m+", 1: "46m123p456p11s78s9s"},
        draws=["6z", "7z", "6s"],
        backend=be,
    )
    walls.play(g, ["s0:discard=5m"])
    assert g.legal_moves() == ["s1:pass", "s1:win"]  # 456m123p456p11s789s is complete
    walls.play(g, ["s1:pass"])  # §2: a seat that passes a 胡 may still chow the tile
    assert g.legal_moves() == ["s1:chow=456m", "s1:pass"]
    walls.play(g, ["s1:chow=456m", "s1:discard=9s"])
    assert set(g.waits(1)) == {"6s", "9s"}
    walls.play(g, ["s2:discard=6z", "s3:discard=7z", "s0:discard=6s", "s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("discard", 1, 0, "6s")
    assert r.patterns == ("regular",)
