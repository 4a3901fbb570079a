"""Shaoyang conformance on exact walls: 舉手, self-draw only, claim rights, robbing every
kind of kong, 放槓上花 and what each seat sees (rules page §6, §4, §9-§11; seed 002).
The payments of the seed's worked examples are test_game_shaoyang_payments.py."""

from __future__ import annotations

import random

import pytest
from support import walls
from support.game_adapters import mj_greedy_move

from pyyijing import mahjong as mj

be = walls.backend_fixture
SHAOYANG = mj.Rules("shaoyang")
NO_RAISES = ["s0:raise=0", "s1:raise=0", "s2:raise=0", "s3:raise=0"]


def game(be: str, **kwargs: object) -> mj.Game:
    return walls.game(SHAOYANG, backend=be, **kwargs)  # type: ignore[arg-type]


# --- 舉手 ---------------------------------------------------------------------------


def test_raise_phase_comes_first_and_hides_every_tile(be: str) -> None:
    """Seed 002 「另還可以在開始前舉手申請賠率翻倍（最多可以舉3個手）」; rules §6 "phase
    raise, before any tile is seen: every seat answers sN:raise=K, K = 0-3, in any
    order"; §11 waits are {} in raise; docs: no seat's hand is in a view until all four
    have answered."""
    g = game(be, dealer=2)
    assert g.phase == "raise"
    assert g.to_act == [0, 1, 2, 3]
    assert g.legal_moves(1) == [f"s1:raise={k}" for k in range(4)]
    assert len(g.legal_moves()) == 16
    for seat in range(4):
        v = g.view(seat)
        assert v["seats"][seat]["hand"] is None
        assert v["seats"][seat]["drawn"] is None
        assert g.waits(seat) == {}
    walls.play(g, ["s3:raise=2", "s0:raise=0", "s2:raise=3"])
    assert g.to_act == [1]
    assert g.view(3)["seats"][3]["hand"] is None
    walls.play(g, ["s1:raise=1"])
    assert g.phase == "play"
    assert g.to_act == [2]  # the dealer, with its dealt fourteen
    assert len(walls.hand_of(g, 2)) == 14


def test_raises_are_secret_until_all_four_are_in(be: str) -> None:
    """Rules §6 "all four are public once all are in"; §11 views "say nothing of other
    seats' raises ..., not even who has answered, until all four are in; a seat sees its
    own answer at once"."""
    g = game(be, dealer=0)
    walls.play(g, ["s1:raise=3", "s2:raise=0"])
    v1 = g.view(1)
    assert [s["raise"] for s in v1["seats"]] == [None, 3, None, None]
    assert v1["history"] == ["s1:raise=3"]
    v0 = g.view(0)
    assert [s["raise"] for s in v0["seats"]] == [None, None, None, None]
    assert v0["history"] == []
    assert g.view(None)["history"] == []
    walls.play(g, ["s3:raise=1", "s0:raise=2"])
    for viewer in (None, 0, 1, 2, 3):
        v = g.view(viewer)
        assert [s["raise"] for s in v["seats"]] == [2, 3, 0, 1]
        assert v["history"] == ["s1:raise=3", "s2:raise=0", "s3:raise=1", "s0:raise=2"]


def test_raise_reason_codes(be: str) -> None:
    """Rules §6 K = 0-3 (「最多可以舉3個手」); a seat answers once; nothing but a raise
    in phase raise, and no raise after it (docs/mahjong-engine.md "order of checks")."""
    g = game(be, dealer=0)
    assert walls.code_of(g, "s0:raise=4") == "raise_too_high"
    assert walls.code_of(g, "s0:raise=9") == "raise_too_high"
    assert walls.code_of(g, "s0:discard=1z") == "wrong_phase"
    assert walls.code_of(g, "s0:win") == "wrong_phase"
    walls.play(g, ["s0:raise=1"])
    assert walls.code_of(g, "s0:raise=2") == "already_raised"
    assert walls.code_of(g, "s0:raise=7") == "already_raised"
    walls.play(g, ["s1:raise=0", "s2:raise=0", "s3:raise=0"])
    assert walls.code_of(g, "s1:raise=0") == "wrong_phase"
    common = walls.game(mj.Rules("common"), dealer=0, backend=be)
    assert walls.code_of(common, "s0:raise=0") == "not_in_rules"


def test_no_declare_ready_and_no_void_suit(be: str) -> None:
    """Rules §6 has neither 報聽 nor 定缺 (they are common's, §5): not in the rules."""
    g = game(be, dealer=0, hands={0: "123m456m789m123p5s+"})
    walls.play(g, NO_RAISES)
    assert walls.code_of(g, "s0:ready=5s") == "not_in_rules"
    assert walls.code_of(g, "s0:void=m") == "not_in_rules"
    assert not any(":ready=" in m for m in g.legal_moves())


def test_raises_are_asked_again_at_every_hand(be: str) -> None:
    """Rules §6 舉手 is per hand ("Raises are asked again at every hand"): each hand of a
    Match starts in phase raise."""
    m = mj.Match(SHAOYANG, seed=5, backend=be)
    for _ in range(2):
        g = m.new_hand()
        assert g.phase == "raise"
        walls.play(g, NO_RAISES)
        walls.drain(g)


# --- self-draw only --------------------------------------------------------------------


def test_no_win_on_a_discard(be: str) -> None:
    """Seed 002 「卲陽麻將最大的特點就是打出的牌不可以胡牌，必須自己摸到所需的牌才可以胡牌」 and
    「此時任何人打東風，你都不可以胡牌。是您自己摸到東風，您都可以宣布胡牌」: seat 1 waits on
    東 (1z); the dealer's 東 is not offered to it; it wins when it draws the last 東."""
    g = game(be, dealer=0, hands={0: "1z+", 1: "123m456m789m123p1z"}, draws=["1z"])
    walls.play(g, NO_RAISES)
    assert g.waits(1) == {"1z": 3}  # unseen: the dealer's 1z is concealed
    walls.play(g, ["s0:discard=1z"])
    assert g.phase == "play"  # nobody was offered the discard: seat 1 drew
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "1z"
    assert "s1:win" in g.legal_moves()
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.win_tile, r.dealt_in_by) == ("self_draw", 1, "1z", None)
    assert r.ledger == (("self_draw", 2, 1, 2), ("self_draw", 3, 1, 2), ("self_draw", 0, 1, 2))


def test_a_seat_that_could_pung_is_not_offered_a_win(be: str) -> None:
    """Seed 002 (self-draw only): a seat whose hand the discard would complete is offered
    only its pung, never 胡."""
    g = game(be, dealer=0, hands={0: "5p+", 2: "123m456m789m5p5p11z"})
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=5p"])
    assert g.to_act == [2]
    assert g.legal_moves() == ["s2:pass", "s2:pung=5p"]
    assert walls.code_of(g, "s2:win") == "cannot_win"


# --- chow, pung and kong rights ---------------------------------------------------------


def test_next_seat_may_chow_or_pung_others_pung_or_kong(be: str) -> None:
    """Seed 002 「莊家的下家（右手邊的玩者），有權力吃或碰那張牌，其它兩家則只可碰或杠那張牌」:
    the discarder's next seat is offered its chows with its pung; another seat holding
    three is offered pung and kong, never a chow."""
    g = game(be, dealer=0, hands={0: "5m+", 1: "4m6m5m5m+"})
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=5m"])
    assert g.legal_moves() == ["s1:chow=456m", "s1:pass", "s1:pung=5m"]
    g = game(be, dealer=0, hands={0: "5m+", 1: "3m4m+", 3: "5m5m5m+"})
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=5m"])
    assert g.to_act == [3]
    assert g.legal_moves() == ["s3:kong=5m", "s3:pass", "s3:pung=5m"]
    walls.play(g, ["s3:pass"])
    assert g.legal_moves() == ["s1:chow=345m", "s1:pass"]


def test_pung_before_chow(be: str) -> None:
    """Seed 002 「如果同時有人喊吃跟碰，由碰者優先」: the pung offer comes first; once taken,
    the chow is never offered."""
    g = game(be, dealer=0, hands={0: "5m+", 1: "3m4m+", 2: "5m5m+"})
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=5m"])
    assert g.to_act == [2]
    walls.play(g, ["s2:pung=5m"])
    assert g.phase == "play"
    assert g.to_act == [2]
    assert g.view(2)["seats"][2]["melds"] == [{"kind": "pung", "tiles": "555m", "from": 0}]


# --- robbing kongs -----------------------------------------------------------------------

WAITS_ON_1M = "2m3m456p789p123s55s"  # waits on 1m and 4m


def test_robbing_an_exposed_kong_of_a_discard(be: str) -> None:
    """Seed 002 「有人打出個一萬而另一家有3個一萬剛好他開杠。你也就可以搶杠胡牌」; rules §4:
    the tile is offered with 胡 from the konger's next seat before the replacement; the
    kong never happened (§11: undone) and pays nothing; §6 被搶槓: the robbed seat alone
    pays the whole self-draw total (2 · 3 = 6; 「按搶你槓玩家自摸胡牌計算」)."""
    g = game(be, dealer=0, hands={0: "1m+", 1: WAITS_ON_1M, 2: "1m1m1m+"})
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=1m"])
    assert g.to_act == [2]  # seat 1 waits on 1m but is not offered the discard itself
    walls.play(g, ["s2:kong=1m"])
    assert g.phase == "claim"
    assert g.to_act == [1]
    assert g.legal_moves() == ["s1:pass", "s1:win"]
    assert g.view(3)["offer"] == {"kind": "robbed_kong", "seat": 2, "tile": "1m"}
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("robbed_kong", 1, 2, "1m")
    assert r.patterns == ("平胡",)
    assert r.ledger == (("robbed_kong", 2, 1, 6),)
    assert r.payments == (0, 6, -6, 0)
    assert g.view(2)["seats"][2]["melds"] == []


def test_robbed_seat_pays_with_every_seats_factor(be: str) -> None:
    """Rules §6 被搶槓: "the sum of what the three others would have paid": the winner
    raised 1 and seat 3 raised 2, so 2·2·1 + 2·2·1 + 2·2·4 = 24, all from the konger."""
    g = game(be, dealer=0, hands={0: "1m+", 1: WAITS_ON_1M, 2: "1m1m1m+"})
    walls.play(g, ["s0:raise=0", "s1:raise=1", "s2:raise=0", "s3:raise=2"])
    walls.play(g, ["s0:discard=1m", "s2:kong=1m", "s1:win"])
    r = g.result
    assert r is not None
    assert r.ledger == (("robbed_kong", 2, 1, 24),)


def test_the_discarder_may_rob_the_kong_of_its_own_discard(be: str) -> None:
    """Rules §11 "The discarder may rob the exposed kong of its own discard (Shaoyang) like
    any other seat that would win": the dealer discards 1m and waits on it."""
    g = game(be, dealer=0, hands={0: "1m" + WAITS_ON_1M[:-4] + "5s5s", 2: "1m1m1m+"})
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=1m", "s2:kong=1m"])
    assert g.to_act == [0]
    walls.play(g, ["s0:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("robbed_kong", 0, 2)


def test_an_unrobbed_exposed_kong_is_paid_by_every_other_seat(be: str) -> None:
    """Rules §6 "each kong (any kind): each other seat pays the konger 1 × factors at
    once" (seed 002 「開杠玩家要收每人1金幣」): the discarder pays no more than the others;
    paid when every robbing offer is passed, then the replacement; kept on a drawn hand."""
    g = game(be, dealer=0, hands={0: "1m+", 1: WAITS_ON_1M, 2: "1m1m1m+"}, back=["9p"])
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=1m", "s2:kong=1m", "s1:pass"])
    assert g.phase == "play"
    assert g.to_act == [2]
    assert walls.drawn_of(g, 2) == "9p"
    assert g.view(0)["seats"][0]["discards"] == [{"tile": "1m", "claimed": True}]
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert r.ledger[:3] == (
        ("exposed_kong", 3, 2, 1),
        ("exposed_kong", 0, 2, 1),
        ("exposed_kong", 1, 2, 1),
    )


def test_robbing_an_added_kong(be: str) -> None:
    """Rules §6 "an added kong may be robbed by any winning hand": seat 1 pungs the
    dealer's 5p, draws the fourth and adds it; seat 3, waiting on 5p, robs it."""
    g = game(
        be,
        dealer=0,
        hands={0: "5p+", 1: "5p5p+", 3: "6p7p123m456m789m11s"},
        draws=["6z", "7z", "5z", "5p"],
    )
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=5p"])
    while g.to_act != [1]:
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s1:pung=5p"])
    own = next(t for t in walls.hand_of(g, 1) if t != "5p")
    walls.play(g, [f"s1:discard={own}", "s2:discard=6z", "s3:discard=7z", "s0:discard=5z"])
    assert walls.drawn_of(g, 1) == "5p"
    walls.play(g, ["s1:kong=5p"])
    assert g.to_act == [3]
    walls.play(g, ["s3:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("robbed_kong", 3, 1, "5p")
    assert r.ledger == (("robbed_kong", 1, 3, 6),)
    assert g.view(1)["seats"][1]["melds"] == [{"kind": "pung", "tiles": "555p", "from": 0}]


def test_a_concealed_kong_is_not_robbed_by_an_ordinary_hand(be: str) -> None:
    """Seed 002 「要是他本人摸到的一萬而開杠這叫做悶杠是不可以胡牌的」: seat 1 waits on 5m
    (4m6m) but the dealer's concealed kong of 5m is not offered to it; the kong stands and
    each other seat pays 1."""
    g = game(be, dealer=0, hands={0: "5m5m5m5m+", 1: "4m6m123p456p789p11s"}, back=["9s"])
    walls.play(g, NO_RAISES)
    assert "5m" in g.waits(1)
    walls.play(g, ["s0:kong=5m"])
    assert g.phase == "play"
    assert g.to_act == [0]
    assert walls.drawn_of(g, 0) == "9s"
    assert walls.code_of(g, "s1:win") == "not_your_turn"


def test_a_concealed_kong_is_robbed_by_thirteen_orphans(be: str) -> None:
    """Seed 002 「（要是遇到十三浪胡牌，全風十三浪胡牌，這2種就可以胡牌）」: seat 1 holds 十三浪
    waiting on 東 (1z); the dealer's concealed kong of 東 is offered to it and robbed:
    24 · 3 = 72 from the konger. The tile of a concealed kong on offer is shown only to
    the konger and the seat offered (docs/mahjong-engine.md View)."""
    g = game(be, dealer=0, hands={0: "1z1z1z1z+", 1: "19m19p19s2345677z"})
    walls.play(g, NO_RAISES)
    assert g.waits(1) == {"1z": 4}  # unseen: it cannot see the dealer's four
    walls.play(g, ["s0:kong=1z"])
    assert g.phase == "claim"
    assert g.to_act == [1]
    assert g.view(1)["offer"] == {"kind": "robbed_kong", "seat": 0, "tile": "1z"}
    assert g.view(0)["offer"] == {"kind": "robbed_kong", "seat": 0, "tile": "1z"}
    assert g.view(2)["offer"] == {"kind": "robbed_kong", "seat": 0, "tile": None}
    assert g.view(None)["offer"] == {"kind": "robbed_kong", "seat": 0, "tile": None}
    assert g.view(2)["history"][-1] == "s0:kong"
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("robbed_kong", 1, 0, "1z")
    assert r.patterns == ("十三浪",)
    assert r.ledger == (("robbed_kong", 0, 1, 72),)


def test_a_passed_robbing_offer_lets_the_kong_stand(be: str) -> None:
    """Rules §4 "If every offered seat passes, the kong stands and the konger draws"; §6
    then each other seat pays the concealed kong."""
    g = game(be, dealer=0, hands={0: "1z1z1z1z+", 1: "19m19p19s2345677z"}, back=["8s"])
    walls.play(g, ["s0:raise=1", "s1:raise=0", "s2:raise=0", "s3:raise=1"])
    walls.play(g, ["s0:kong=1z", "s1:pass"])
    assert walls.drawn_of(g, 0) == "8s"
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.ledger[:3] == (
        ("concealed_kong", 1, 0, 2),
        ("concealed_kong", 2, 0, 2),
        ("concealed_kong", 3, 0, 4),
    )


# --- 放槓上花 ----------------------------------------------------------------------------


def test_fed_kong_bloom(be: str) -> None:
    """Seed 002 「放杠上花（就是你開杠打出的牌剛好是別人所胡的牌）所輸金幣的計算方：
    就是按自接你杠上花玩家自摸胡牌計」; rules §6: the konger of the dealer's 9p wins on
    the replacement, so the dealer alone pays the whole self-draw total (2 · 3 = 6,
    reason kong_bloom) and is `dealt_in_by`; the kong itself was paid by all three first."""
    g = game(be, dealer=0, hands={0: "9p+", 2: "9p9p9p123m456m78s11z"}, back=["9s"])
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=9p", "s2:kong=9p"])
    assert g.to_act == [2]
    assert walls.drawn_of(g, 2) == "9s"
    walls.play(g, ["s2:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("self_draw", 2, 0, "9s")
    assert r.ledger == (
        ("exposed_kong", 3, 2, 1),
        ("exposed_kong", 0, 2, 1),
        ("exposed_kong", 1, 2, 1),
        ("kong_bloom", 0, 2, 6),
    )
    assert r.payments == (-7, -1, 9, -1)


def test_kong_bloom_after_a_second_kong_is_an_ordinary_self_draw(be: str) -> None:
    """Rules §6 放槓上花 is the win "on the replacement draw of an exposed kong that it made
    from a discard": after a further concealed kong the next replacement is that kong's,
    so every other seat pays as for any self-draw (docs: the mark lasts until the
    konger's next move)."""
    g = game(be, dealer=0, hands={0: "9p+", 2: "9p9p9p1z1z1z1z123m78s5z"}, back=["5z", "9s"])
    walls.play(g, NO_RAISES)
    walls.play(g, ["s0:discard=9p", "s2:kong=9p"])
    assert walls.drawn_of(g, 2) == "5z"
    walls.play(g, ["s2:kong=1z"])
    assert walls.drawn_of(g, 2) == "9s"
    walls.play(g, ["s2:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("self_draw", 2, None)
    assert [e[0] for e in r.ledger] == ["exposed_kong"] * 3 + ["concealed_kong"] * 3 + [
        "self_draw"
    ] * 3
    assert r.payments == (-4, -4, 12, -4)


def test_last_taker_names_the_next_dealer_after_a_drawn_hand(be: str) -> None:
    """Seed 002 「要是都沒胡牌即由上盤誰摸最後一張牌的做莊」; rules §11: "the last seat to take
    a tile from the wall (a kong replacement included)"."""
    g = game(be, dealer=1)
    walls.play(g, NO_RAISES)
    assert g.last_taker is None  # the deal is not a take
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert g.last_taker is not None
    # 136 - 53 = 83 draws from the dealer's next seat: the last is seat (1 + 83) % 4
    assert g.last_taker == (1 + 83) % 4


def test_match_next_dealer(be: str) -> None:
    """Seed 002 「莊家如果胡牌，則下一把可繼續連莊，否則誰胡牌誰做莊。
    要是都沒胡牌即由上盤誰摸最後一張牌的做莊」: after each hand of a seeded Match (played
    by the greedy test player), the next dealer is the dealer again when it won, else the
    winner, and after a drawn hand the last seat to take a tile; all three cases occur."""
    rng = random.Random(7)
    m = mj.Match(SHAOYANG, seed=2026, backend=be)
    seen = set()
    for _ in range(40):
        g = m.new_hand()
        assert g.phase == "raise"
        while g.phase != "over":
            g.apply(mj_greedy_move(g, rng))
        r = g.result
        assert r is not None
        if r.winner is None:
            case, want = "draw", g.last_taker
        elif r.winner == g.dealer:
            case, want = "dealer won", g.dealer
        else:
            case, want = "other won", r.winner
        assert m.next_dealer == want, case
        seen.add(case)
        if len(seen) == 3:
            break
    assert seen == {"draw", "dealer won", "other won"}
    assert m.ledger == [sum(h.result.payments[s] for h in m.hands if h.result) for s in range(4)]


def test_the_wall_is_136_tiles_with_honours(be: str) -> None:
    """Rules §1 Sets: "Shaoyang 136" (seed 002's hands name 東 南 西 北 中 發 白); §1
    Deal: the dealer holds 14 (「莊家的意義在於他一開始可以拿十四張牌，其它玩者只能取十三張牌」)."""
    g = mj.Game(SHAOYANG, seed=3, backend=be)
    assert len(g.wall) == 2 * 136
    assert g.wall.count("z") == 28
    assert g.view(None)["wall_remaining"] == 136 - 53
    sizes = [s["hand_count"] for s in g.view(None)["seats"]]
    assert sizes[g.dealer] == 14
    assert sorted(sizes) == [13, 13, 13, 14]
    with pytest.raises(ValueError, match="136-tile set"):
        mj.Game(SHAOYANG, wall=g.wall[:-2] + "1f", dealer=0, backend=be)
