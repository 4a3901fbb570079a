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
from support import walls

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
    pool: Counter[int] = Counter(dict.fromkeys(range(27), 4))
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
        # 清一色碰碰胡 (seed 003 §三 「複合大胡」): 2 units
        ("111m333m777m999m55m", ("小胡", "清一色", "碰碰胡"), 2),
    ],
)
@pytest.mark.parametrize("compound", ["add", "multiply", "cap1"])
def test_big_wins_and_units(
    be: str, hand: str, patterns: tuple[str, ...], units: int, compound: str
) -> None:
    """Rules §7 大胡 elements and their units (seed 003 §三 「複合大胡」: 清一色七對 = 2,
    將一色碰碰胡 = 2; 豪華七對 / 超豪華七對 2 / 3): the dealer wins on its dealt 14, so each
    seat pays 7 per unit (「大胡閒家6片，莊家7片」; the dealer is the winner): 7·n with
    `compound="add"`, 7·2^(n−1) with `"multiply"`, 7 with `cap=1`."""
    rules = cs(cap=1) if compound == "cap1" else cs(compound=compound)
    g = game(be, rules, {0: hand})
    walls.play(g, ["s0:win"])
    r = g.result
    assert r is not None
    assert r.patterns == patterns
    each = {"add": 7 * units, "multiply": 7 * 2 ** (units - 1), "cap1": 7}[compound]
    assert [e[3] for e in r.ledger] == [each] * 3


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
        # 3m and 3s both hit seat 2: ×4 for it; seats 1 and 3 are hit by none
        ("multiply", ["3m", "3s"], [7, 7 * 4, 7]),
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


@pytest.mark.parametrize("scoring", ["add", "multiply"])
def test_birds_that_hit_neither_the_winner_nor_the_payer(be: str, scoring: str) -> None:
    """Rules §7 扎鳥: on a discard win only the winner and the discarder count hits: seat 1
    wins on the dealer's 3p, birds 2m and 3p hit seats (1 + 2 − 1) % 4 = 2 and 3, so the
    dealer's payment stays 2 in both modes."""
    rules = cs(birds=2, bird_scoring=scoring)
    g = game(be, rules, {0: "3p+", 1: "123m456m789m12p55s"}, draws=["2m", "3p"])
    walls.play(g, ["s0:discard=3p", "s1:win"])
    r = g.result
    assert r is not None
    assert r.birds == ("2m", "3p")
    assert r.ledger == (("discard", 0, 1, 2),)


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
    assert g.phase == "play"
    assert g.to_act == [0]
    r = list(g.view(None)["seats"][0]["revealed"])
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


# --- 開槓 -----------------------------------------------------------------------------

OPEN_KONGER = "5555m123p456p789p2s"  # after the kong of 5m: waits on 2s (a 2/5/8 single)


def test_open_kong_self_win_is_kong_bloom(be: str) -> None:
    """Rules §7 開槓 (seed 003 §三 「聽胡後…即打骰子…拿起兩張若能胡牌即成」): `open_kong=T` where
    a kong is legal and the hand is then ready; the last two tiles are revealed, back-most
    first; one completing the konger's hand wins at once (槓上開花, a big element, 7 × 3
    for the dealer)."""
    g = game(be, cs(), {0: OPEN_KONGER}, back=["9s", "2s"])
    assert "s0:open_kong=5m" in g.legal_moves()
    walls.play(g, ["s0:open_kong=5m"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.win_tile) == ("self_draw", 0, "2s")
    assert r.patterns == ("小胡", "槓上開花")
    assert [e[3] for e in r.ledger] == [7, 7, 7]


def test_open_kong_tile_won_by_another_seat(be: str) -> None:
    """Rules §7: otherwise each revealed tile is offered with 胡 to the seats it completes
    (槓上炮: a big element for the winner; the konger pays as a discarder)."""
    g = game(be, cs(), {0: OPEN_KONGER, 1: "12m456s789s234s88s"}, back=["3m", "9s"])
    walls.play(g, ["s0:open_kong=5m"])
    assert g.phase == "claim"
    assert g.to_act == [1]
    # Both revealed tiles lie face up while the first is on offer (「拿起兩張」).
    want = {"kind": "open_kong", "seat": 0, "tile": "3m", "revealed": ["3m", "9s"]}
    assert g.view(2)["offer"] == want
    assert g.view(None)["wall_remaining"] == 108 - 53 - 2  # no replacement: the two instead
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("discard", 1, 0, "3m")
    assert r.patterns == ("小胡", "槓上炮")
    assert r.ledger == (("discard", 0, 1, 7),)


def test_open_kong_that_nobody_wins_locks_the_hand(be: str) -> None:
    """Rules §7: if nobody wins, both tiles lie in the konger's discards, its hand is
    locked (「杠上開花後，玩家手上的牌不能再換張…必須張張打出」) and its next seat draws; locked,
    it may only win, discard the tile it drew, or kong that tile."""
    g = game(be, cs(), {0: OPEN_KONGER}, back=["9s", "1s"])
    walls.play(g, ["s0:open_kong=5m"])
    assert g.phase == "play"
    assert g.to_act == [1]
    seat0 = g.view(None)["seats"][0]
    assert [d["tile"] for d in seat0["discards"]] == ["9s", "1s"]
    assert seat0["locked"] is True
    # Rules §9: a concealed kong's tile is its owner's to see, in the history too.
    assert seat0["melds"] == [{"kind": "concealed_kong", "tiles": None, "from": None}]
    assert g.view(1)["history"][-1] == "s0:open_kong"
    assert g.view(0)["history"][-1] == "s0:open_kong=5m"
    walls.drain(g, stop=lambda x: x.phase == "play" and x.to_act == [0])
    drawn = walls.drawn_of(g, 0)
    moves = g.legal_moves()
    assert f"s0:discard={drawn}" in moves
    assert all(m == f"s0:discard={drawn}" or m.endswith((":win", f"={drawn}")) for m in moves)
    other = next(t for t in walls.hand_of(g, 0) if t != drawn)
    assert walls.code_of(g, f"s0:discard={other}") == "hand_locked"


def test_open_kong_needs_a_ready_hand(be: str) -> None:
    """Rules §7: 開槓 only where "the hand, after the kong, is ready" (`not_ready`)."""
    g = game(be, cs(), {0: "5555m123p456p79p13s"})
    assert "s0:kong=5m" in g.legal_moves()
    assert "s0:open_kong=5m" not in g.legal_moves()
    assert walls.code_of(g, "s0:open_kong=5m") == "not_ready"


# --- 海底 -----------------------------------------------------------------------------


def _to_sea_bottom(g: mj.Game) -> mj.Game:
    return walls.drain(
        g, stop=lambda x: x.phase == "claim" and x.view(None)["offer"]["kind"] == "haidi"
    )


def test_sea_bottom_taken_and_won(be: str) -> None:
    """Rules §7 海底 (「最後塘中只剩一張牌，必須聽胡後方可抓海底牌」): the last tile is offered
    only to ready seats; it completes the taker's hand: 海底撈月, self-drawn (the dealer
    pays 7, the others 6)."""
    g = game(be, cs(), {1: "123m456m789m12p55s"}, back=["3p"])
    _to_sea_bottom(g)
    assert g.view(None)["wall_remaining"] == 1
    assert g.view(None)["offer"]["tile"] is None  # face down until taken
    assert g.to_act == [1]
    walls.play(g, ["s1:haidi"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.win_tile) == ("self_draw", 1, "3p")
    assert r.patterns == ("小胡", "海底撈月")
    assert {e[1]: e[3] for e in r.ledger} == {0: 7, 2: 6, 3: 6}


def test_sea_bottom_won_by_another_seat(be: str) -> None:
    """Rules §7: a sea-bottom tile that does not win for its taker is offered to the
    seats it completes (海底炮: the taker pays as a discarder, 6 for a non-dealer pair)."""
    g = game(be, cs(), {0: "3p3p+", 1: "123p456p789p78m55s", 2: "123m456m789s12p55s"}, back=["3p"])
    _to_sea_bottom(g)
    while g.to_act != [1]:
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s1:haidi"])
    assert g.phase == "claim"
    assert g.to_act == [2]
    assert g.view(3)["offer"] == {"kind": "haidi", "seat": 1, "tile": "3p"}
    walls.play(g, ["s2:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("discard", 2, 1)
    assert r.patterns == ("小胡", "海底炮")
    assert r.ledger == (("discard", 1, 2, 6),)


def test_the_sea_bottom_tile_is_seen_once_taken(be: str) -> None:
    """Rules §11: `unseen` counts "every tile lying in the discards (revealed open-kong and
    sea-bottom tiles included)": face down while offered to take, the sea bottom is not
    seen; taken and not a win for its taker, it lies in the taker's discards, seen once
    while offered to win on, and once after the win on it."""
    g = game(be, cs(), {0: "3p3p+", 1: "123p456p789p78m55s", 2: "123m456m789s12p55s"}, back=["3p"])
    _to_sea_bottom(g)
    while g.to_act != [1]:
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    view = g.view(2)
    face_down = 4 - sum(
        1 for e in view["seats"] for d in e["discards"] if d["tile"] == "3p" and not d["claimed"]
    )  # seat 2 holds no 3p and nobody shows one in a set
    assert g.waits(2) == {"3p": face_down}
    walls.play(g, ["s1:haidi"])
    assert g.view(2)["offer"] == {"kind": "haidi", "seat": 1, "tile": "3p"}
    assert g.waits(2) == {"3p": face_down - 1}
    walls.play(g, ["s2:win"])
    assert g.waits(2) == {"3p": face_down - 1}


def test_sea_bottom_with_no_ready_seat_is_a_drawn_hand(be: str) -> None:
    """Rules §7: "The hand is drawn if nobody takes it or wins on it"; with no ready seat
    it is offered to nobody."""
    g = game(be, cs(), {})
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert g.view(None)["wall_remaining"] == 1
    assert "s0:haidi" not in g.moves
    assert all(":haidi" not in m for m in g.moves)


def test_a_passed_sea_bottom_is_a_drawn_hand(be: str) -> None:
    """Rules §7: `sN:pass` lets it go on; nobody else ready: drawn."""
    g = game(be, cs(), {1: "123m456m789m12p55s"}, back=["3p"])
    _to_sea_bottom(g)
    walls.play(g, ["s1:pass"])
    r = g.result
    assert r is not None
    assert r.kind == "draw"


# --- 起手胡 kinds, 中途, 過手, 搶槓 --------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "extras", "reuse", "wins"),
    [
        ("13679m1379p1379s", False, False, ["板板胡"]),  # no 2, 5 or 8
        ("5555m2222p13579s", False, False, ["四喜", "四喜"]),
        ("555m222p888s1379s", False, False, ["六六順"]),  # three triplets: one win
        ("5555m222p8s13679s", False, False, ["四喜"]),  # the four is not also a triplet
        ("5555m222p8s13679s", False, True, ["四喜", "六六順"]),  # opening_reuse
        ("123456789m1234m", False, False, ["缺一色", "缺一色"]),  # two suits missing
        ("33m33p33s1579m178p", True, False, ["三同"]),
        ("5m1369m1369p1379s", True, False, ["一枝花"]),
        ("223344m5p1379s17p", True, False, ["步步高"]),
        ("22p22s5m1369m1369p", True, False, ["金童玉女"]),
    ],
)
def test_opening_win_kinds(be: str, hand: str, extras: bool, reuse: bool, wins: list[str]) -> None:
    """Rules §7 起手胡 (seed 003 「起手胡四項基本胡法：1）板板胡…2）四喜；3）六六順…4）缺一色…缺兩門
    胡牌兩次」, 「特別約定起手胡：1）三同…2）一枝花…3）步步高…4）金童玉女」 with `opening_extras`;
    「…否則不可復用」 `opening_reuse`): seat 1's dealt 13 tiles; each win is paid as a
    self-drawn small win (1, the dealer 2)."""
    g = game(be, cs(opening_extras=extras, opening_reuse=reuse), {1: hand}, opening=True)
    while g.to_act != [1]:
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s1:opening"])
    revealed = g.view(3)["seats"][1]["revealed"]
    assert revealed[0]["when"] == "opening"
    assert revealed[0]["wins"] == wins
    while g.phase == "opening":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.drain(g)
    r = g.result
    assert r is not None
    opening = [e for e in r.ledger if e[0] == "opening"]
    assert len(opening) == 3 * len(wins)
    assert sorted({(e[1], e[3]) for e in opening}) == [(0, 2), (2, 1), (3, 1)]


def test_mid_game_four(be: str) -> None:
    """Rules §7 中途四喜 (seed 003 「牌局結束前任意時刻摸到4個」): in turn, `sN:mid` declares a
    four formed after the deal, paid like an opening win, and the seat stays in turn; a
    kind once used is not declared again (`cannot_declare`)."""
    g = game(be, cs(), {1: "555m+"}, draws=["5m"])
    first = next(m for m in g.legal_moves() if ":discard=" in m and "5m" not in m)
    walls.play(g, [first])
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    assert walls.drawn_of(g, 1) == "5m"
    assert "s1:mid" in g.legal_moves()
    walls.play(g, ["s1:mid"])
    assert g.to_act == [1]
    assert g.phase == "play"
    assert g.view(0)["seats"][1]["revealed"] == [
        {"when": "mid", "wins": ["中途四喜"], "tiles": "5m5m5m5m"}
    ]
    assert walls.code_of(g, "s1:mid") == "cannot_declare"


def test_mid_game_two_triplets(be: str) -> None:
    """Rules §7 中途六六順 (seed 003 「中途六六順：牌局結束前任意時刻摸到兩款3按個相同的牌張，亮出
    即為胡牌一次」): seat 1 is dealt two 5m and two 2p, draws the third 5m (one triplet:
    `cannot_declare`), later the third 2p: two triplets formed after the deal, declared
    in turn and paid like an opening win (1 each, the dealer 2)."""
    g = game(be, cs(), {1: "55m22p+"}, draws=["5m", "9s", "9p", "9m", "2p"])
    walls.play(g, [next(m for m in g.legal_moves() if ":discard=" in m)])
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    assert walls.drawn_of(g, 1) == "5m"
    assert walls.code_of(g, "s1:mid") == "cannot_declare"  # one triplet only
    spare = next(t for t in walls.hand_of(g, 1) if t not in ("5m", "2p"))
    walls.play(g, [f"s1:discard={spare}"])
    while not (g.phase == "play" and g.to_act == [1]):
        if g.phase == "claim":
            walls.play(g, [f"s{g.to_act[0]}:pass"])
        else:
            s = g.to_act[0]
            walls.play(g, [f"s{s}:discard={walls.drawn_of(g, s)}"])
    assert walls.drawn_of(g, 1) == "2p"
    walls.play(g, ["s1:mid"])
    assert g.view(2)["seats"][1]["revealed"] == [
        {"when": "mid", "wins": ["中途六六順"], "tiles": "5m5m5m2p2p2p"}
    ]
    walls.drain(g)
    r = g.result
    assert r is not None
    mid = [e for e in r.ledger if e[0] == "mid"]
    assert mid == [("mid", 2, 1, 1), ("mid", 3, 1, 1), ("mid", 0, 1, 2)]


def test_no_mid_game_wins_option(be: str) -> None:
    """Rules §8 `mid_game_wins=False`: `mid` is not in the rules."""
    g = game(be, cs(mid_game_wins=False), {})
    assert walls.code_of(g, "s0:mid") == "not_in_rules"


def test_pass_lock(be: str) -> None:
    """Rules §7 過手 (「如果下家放炮不抓炮…必須聽胡玩家自己抓牌打出到下一輪方可再抓炮胡牌」): seat 1
    passes the dealer's 3p; it is not offered seat 2's 6p, until it has drawn again."""
    g = game(be, cs(), {0: "3p+", 1: "123m456m789m45p55s", 2: "6p+"}, draws=["9s", "1s"])
    walls.play(g, ["s0:discard=3p"])
    assert g.to_act == [1]
    walls.play(g, ["s1:pass"])
    assert g.view(1)["seats"][1]["pass_locked"] is True
    assert "pass_locked" not in g.view(0)["seats"][1]
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    assert g.view(1)["seats"][1]["pass_locked"] is False  # it drew
    walls.play(g, ["s1:discard=9s"])
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s2:discard=6p"])
    assert g.to_act == [1]
    assert "s1:win" in g.legal_moves()


def test_pass_lock_withholds_a_discard_win_until_the_seat_draws(be: str) -> None:
    """Rules §7 過手: seat 1 passes seat 2's 3p; seat 3's 6p, which also completes its
    hand, is not offered to it (it has not drawn since); after its draw it may win again.
    """
    g = game(
        be,
        cs(),
        {
            1: "123m456m789m45p55s",
            2: "3p1m2m4m5m7m8m1s2s4s5s7s8s",
            3: "6p1m3m6m9m1p2p8p9p3s6s9s2m",
        },
        draws=["9s", "1s", "7s", "9m", "1p"],
    )
    first = next(t for t in walls.hand_of(g, 0) if t not in ("3p", "6p"))
    walls.play(g, [f"s0:discard={first}"])
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s1:discard=9s"])
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s2:discard=3p"])
    assert g.to_act == [1]
    assert "s1:win" in g.legal_moves()
    walls.play(g, ["s1:pass"])
    assert g.view(1)["seats"][1]["pass_locked"] is True
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s3:discard=6p"])
    assert "6p" in g.waits(1)
    assert g.to_act != [1], "a pass-locked seat is offered a win on another seat's tile"
    assert walls.code_of(g, "s1:win") in ("not_your_turn", "wrong_phase")
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, [f"s0:discard={walls.drawn_of(g, 0)}"])
    while g.phase == "claim":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    assert g.to_act == [1]
    assert g.view(1)["seats"][1]["pass_locked"] is False  # it drew


def test_quan_qiu_ren(be: str) -> None:
    """Rules §7 全求人, seed 003 §三 複合大胡 5) 「全求人碰碰胡。碰四款落地後，最後單吊一個胡牌」:
    seat 1 pungs four discards and wins on seat 2's 9s, its one concealed tile (a big
    win needs no 2/5/8 pair, 「大胡…不要求非用258牌張做將」: no 小胡 listed): 2 units,
    6 × 2 from seat 2 (neither is the dealer)."""
    g = game(
        be,
        cs(),
        {
            0: "1m4m5m7m8m1s2s3s5s6s8s3p4p7p",
            1: "11m33m66p77s9s9m1p4s2m",
            2: "3m6p7s9s1p2p4p5p8p2s4s5s8s",
        },
        draws=["1s", "9p", "3s", "7m"],
    )
    pungs = {0: "1m", 1: "3m", 2: "6p", 3: "7s"}
    spare = ["9m", "1p", "4s", "2m"]
    walls.play(g, ["s0:discard=1m"])
    for k in range(4):
        while g.to_act != [1]:
            walls.play(g, [f"s{g.to_act[0]}:pass"])
        walls.play(g, [f"s1:pung={pungs[k]}", f"s1:discard={spare[k]}"])
        while g.phase == "claim":
            walls.play(g, [f"s{g.to_act[0]}:pass"])
        assert g.to_act == [2]
        walls.play(g, [f"s2:discard={pungs.get(k + 1, '9s')}"])
    assert walls.hand_of(g, 1) == ["9s"]
    assert g.to_act == [1]
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("discard", 1, 2, "9s")
    assert r.patterns == ("碰碰胡", "全求人")
    assert r.ledger == (("discard", 2, 1, 12),)


def test_pass_lock_off(be: str) -> None:
    g = game(be, cs(pass_lock=False), {0: "3p+", 1: "123m456m789m45p55s"})
    walls.play(g, ["s0:discard=3p", "s1:pass"])
    assert g.view(1)["seats"][1]["pass_locked"] is False


def test_robbing_an_added_kong(be: str) -> None:
    """Rules §7 搶槓 (an added kong, the only robbable kind): the konger pays as a
    discarder; 搶槓 is a big element (7 with the dealer robbed)."""
    g = game(
        be, cs(), {0: "5p+", 1: "5p5p+", 3: "6p7p123m456m789m55s"}, draws=["9s", "1s", "2s", "5p"]
    )
    walls.play(g, ["s0:discard=5p"])
    while g.to_act != [1]:
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s1:pung=5p"])
    own = next(t for t in walls.hand_of(g, 1) if t != "5p")
    walls.play(g, [f"s1:discard={own}"])
    walls.drain(g, stop=lambda x: x.phase == "play" and x.to_act == [1])
    assert walls.drawn_of(g, 1) == "5p"
    walls.play(g, ["s1:kong=5p"])
    assert g.to_act == [3]
    walls.play(g, ["s3:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("robbed_kong", 3, 1)
    assert r.patterns == ("小胡", "搶槓")
    assert r.ledger == (("robbed_kong", 1, 3, 6),)


def test_next_dealer(be: str) -> None:
    """Rules §7: the winner deals; after a drawn hand the dealer again."""
    m = mj.Match(cs(), seed=3, backend=be)
    g = m.new_hand()
    while g.phase == "opening":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.drain(g)
    r = g.result
    assert r is not None
    assert m.next_dealer == (g.dealer if r.winner is None else r.winner)
