"""Changsha conformance on exact walls (rules page §7, seed 003 §三): 2/5/8 pairs, big
wins and their units, payments with the dealer's 2 / 7, birds, floats, 開槓, 海底,
起手胡, mid-game wins and 過手.

Changsha plays 108 tiles with chow, so walls.py's inert hands cannot be used: every
seat is dealt an explicit hand. QUIET hands hold a 2/5/8, all three suits, no pair
and no four: no opening win, far from ready.
"""

from __future__ import annotations

from collections import Counter

import pytest
import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
# Kinds in the order quiet hands take them: odd numbers of m, even of p, odd of s, then
# the rest, so that quiet hands hold 2/5/8 tiles of every suit and few neighbours.
_QUIET_ORDER = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 1, 3, 5, 7, 9, 11, 13, 15,
                17, 19, 21, 23, 25]  # fmt: skip


def cs(**options: object) -> mj.Rules:
    options.setdefault("birds", 0)
    return mj.Rules("changsha", **options)  # type: ignore[arg-type]


def _quiet(pool: Counter[int], start: int, size: int = 13) -> str:
    """13 distinct kinds from `pool` (no pair, so no opening win but 板板胡 / 缺一色 /
    一枝花, which holding 2/5/8s of every suit rules out)."""
    order = _QUIET_ORDER[start:] + _QUIET_ORDER[:start]
    chosen = [t for t in order if pool[t] > 0][:13]
    assert len(chosen) == 13
    if size == 14:  # the dealer: one more, a second copy of a kind (still no triplet)
        chosen.append(next(t for t in order if pool[t] > 1 and t not in (1, 4, 7)))
    for t in chosen:
        pool[t] -= 1
    codes = [walls.KIND_CODES[t] for t in chosen]
    assert {c[1] for c in codes} == set("mps")
    assert sum(1 for c in codes if c[0] in "258") >= 2
    return "".join(codes)


def game(
    be: str,
    rules: mj.Rules,
    hands: dict[int, str],
    dealer: int = 0,
    *,
    draws: list[str] | None = None,
    back: list[str] | None = None,
    opening: bool = False,
) -> mj.Game:
    """`hands` as given (the dealer's may end with "+": filled with quiet tiles), the other
    seats quiet; `opening=False` passes every opening offer first."""
    pool: Counter[int] = Counter({t: 4 for t in range(27)})
    for text in [*hands.values(), *(draws or []), *(back or [])]:
        for code in walls.tiles(text.rstrip("+")):
            pool[walls.KIND_CODES.index(code)] -= 1
    full = dict(hands)
    for k, s in enumerate(x for x in range(4) if x not in hands):
        full[s] = _quiet(pool, 9 * k, 14 if s == dealer else 13)
    g = walls.game(rules, dealer=dealer, hands=full, draws=draws or [], back=back or [], backend=be)
    while not opening and g.phase == "opening":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    return g


# --- wins ---------------------------------------------------------------------------


def test_small_win_needs_a_258_pair(be: str) -> None:
    """Seed 003 §三 「必須有一對258牌張，或者最後單吊一張258」; rules §7 小胡: the regular shape
    with a pair of 2, 5 or 8. Seat 1 (pair 5s) is offered the dealer's 3p; the dealer
    pays 2 (rules §7: 「莊家2片」, the dealer is the payer)."""
    g = game(be, cs(), {0: "3p+", 1: "123m456m789m12p55s"})
    assert g.phase == "play"
    assert "3p" in g.waits(1)
    walls.play(g, ["s0:discard=3p"])
    assert g.to_act == [1]
    assert "s1:win" in g.legal_moves()
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.patterns) == ("discard", 1, 0, ("小胡",))
    assert r.ledger == (("discard", 0, 1, 2),)


def test_a_pair_not_258_does_not_win(be: str) -> None:
    """Rules §7: "a regular hand with another pair is not a win": pair 9s."""
    g = game(be, cs(), {0: "3p+", 1: "123m456m789m12p99s"})
    assert g.waits(1) == {}
    walls.play(g, ["s0:discard=3p"])
    assert g.to_act != [1] or "s1:win" not in g.legal_moves()


@pytest.mark.parametrize(
    ("hand", "patterns", "units"),
    [
        ("1133557799m2244p", ("七對",), 1),
        ("1111335577m99p22s", ("豪華七對",), 2),
        ("11113333m5577p99s", ("超豪華七對",), 3),
        ("123456789m11122m", ("小胡", "清一色"), 1),
        ("1133557799m2244m", ("七對", "清一色"), 2),
        ("258m258p258s258m22p", ("將一色",), 1),
        ("222m555p888s222p55s", ("小胡", "將一色", "碰碰胡"), 2),
        ("111m333p777s999s55m", ("小胡", "碰碰胡"), 1),
    ],
)
def test_big_wins_and_units(be: str, hand: str, patterns: tuple[str, ...], units: int) -> None:
    """Rules §7 大胡 elements and their units (seed 003 §三 「複合大胡」: 清一色七對 = 2,
    將一色碰碰胡 = 2; 豪華七對 / 超豪華七對 2 / 3): the dealer wins on its dealt 14, so each
    seat pays 7 per unit (「大胡閒家6片，莊家7片」; the dealer is the winner), `compound`
    add."""
    g = game(be, cs(), {0: hand})
    walls.play(g, ["s0:win"])
    r = g.result
    assert r is not None
    assert r.patterns == patterns
    assert [e[3] for e in r.ledger] == [7 * units] * 3


def test_compound_multiply_and_cap(be: str) -> None:
    """Rules §7: `compound="multiply"` 7·2^(n−1) for n units; `cap` limits the units:
    超豪華七對清一色 has 3 + 1 = 4 units: add 28, multiply 56, cap 2 → 14 / 14."""
    hand = "11113333557799m"
    for rules, each in (
        (cs(), 28),
        (cs(compound="multiply"), 56),
        (cs(cap=2), 14),
        (cs(compound="multiply", cap=2), 14),
        (cs(cap=0), 28),
    ):
        g = game(be, rules, {0: hand})
        walls.play(g, ["s0:win"])
        r = g.result
        assert r is not None
        assert r.patterns == ("超豪華七對", "清一色"), r.patterns
        assert [e[3] for e in r.ledger] == [each] * 3, rules


def test_jiang_yi_se_needs_no_shape(be: str) -> None:
    """Rules §7 將一色 "(every tile, hand and sets, a 2, 5 or 8, no shape needed)"."""
    g = game(be, cs(), {0: "2225558m258p258s2p"})
    assert "s0:win" in g.legal_moves()
    walls.play(g, ["s0:win"])
    r = g.result
    assert r is not None
    assert r.patterns == ("將一色",)


# --- payments -------------------------------------------------------------------------


def test_small_self_draw_by_another_seat_dealer_pays_two(be: str) -> None:
    """Rules §7 Payments: self-drawn, each other seat pays; a small win is 1, 2 when the
    dealer is the winner or that payer (「閒家1片，莊家2片」)."""
    g = game(be, cs(), {1: "123m456m789m12p55s"}, draws=["3p"])
    first = walls.hand_of(g, 0)[0]
    walls.play(g, [f"s0:discard={first}"])
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    assert walls.drawn_of(g, 1) == "3p"
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert r.ledger == (("self_draw", 2, 1, 1), ("self_draw", 3, 1, 1), ("self_draw", 0, 1, 2))


@pytest.mark.parametrize(
    ("scoring", "birds", "want"),
    [
        # birds 1m (hits the winner 0: n = 1) and 2m (hits seat 1): each payer's hits are
        # the winner's 1 plus its own (seat 1: 2, others 1).
        ("add", ["1m", "2m"], [7 * 3, 7 * 2, 7 * 2]),
        ("multiply", ["1m", "2m"], [7 * 4, 7 * 2, 7 * 2]),
        # 3m hits seat 2 (the opposite), 4m seat 3: no hit on the winner
        ("add", ["3m", "4m"], [7, 7 * 2, 7 * 2]),
    ],
)
def test_birds(be: str, scoring: str, birds: list[str], want: list[int]) -> None:
    """Rules §7 扎鳥: after the win the next `birds` tiles from the front are turned; a
    tile of number n hits seat (winner + n − 1) % 4; each hit on the winner or that payer
    multiplies the payment by 1 + hits (add) or 2^hits (multiply). The dealer's 七對 (7
    each)."""
    g = game(be, cs(birds=2, bird_scoring=scoring), {0: "1133557799s2244p"}, draws=birds)
    walls.play(g, ["s0:win"])
    r = g.result
    assert r is not None
    assert r.birds == tuple(birds)
    by_payer = {e[1]: e[3] for e in r.ledger}
    assert [by_payer[1], by_payer[2], by_payer[3]] == want


def test_floats_are_added_after_the_birds(be: str) -> None:
    """Rules §7 飄: every payment from p to w adds floats[w] + floats[p] after the birds."""
    g = game(be, cs(floats=(3, 1, 0, 2)), {0: "1133557799s2244p"})
    walls.play(g, ["s0:win"])
    r = g.result
    assert r is not None
    assert r.ledger == (
        ("self_draw", 1, 0, 7 + 4),
        ("self_draw", 2, 0, 7 + 3),
        ("self_draw", 3, 0, 7 + 5),
    )


# --- opening and mid-game wins ----------------------------------------------------------


def test_opening_wins_are_offered_from_the_dealer(be: str) -> None:
    """Rules §7 起手胡: offered from the dealer counterclockwise to each seat with one;
    `sN:opening` reveals and is paid at once as a self-drawn small win each (四喜 per
    four: 「四喜」; 缺一色 one missing suit); the game goes on (「亮牌胡牌後再豎起繼續遊戲」)."""
    g = game(be, cs(), {0: "5555m13579p+", 2: "123456789s2468s"}, opening=True)
    assert g.phase == "opening"
    assert g.to_act == [0]
    assert g.legal_moves() == ["s0:opening", "s0:pass"]
    walls.play(g, ["s0:opening"])
    assert g.to_act == [2]
    walls.play(g, ["s2:opening"])
    assert g.phase == "play" and g.to_act == [0]
    r = [e for e in g.view(None)["seats"][0]["revealed"]]
    assert r[0]["when"] == "opening"
    assert "四喜" in r[0]["wins"]
    assert g.view(None)["seats"][2]["revealed"][0]["wins"] == ["缺一色", "缺一色"]


def test_a_declined_opening_win_is_gone(be: str) -> None:
    """Rules §7: `sN:pass` declines (seed 003 「起手胡必須是起牌結束後，玩家打出第一張牌前亮出才能算
    胡牌」): the hand plays on and no opening move exists any more."""
    g = game(be, cs(), {0: "5555m13579p+"}, opening=True)
    walls.play(g, ["s0:pass"])
    assert g.phase == "play"
    assert walls.code_of(g, "s0:opening") == "wrong_phase"
    assert g.view(None)["seats"][0]["revealed"] == []
