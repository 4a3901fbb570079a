"""Conformance on exact walls: turns and claims on a discard (shared/rules/mahjong.md §2,
§10; docs/mahjong-engine.md "Claims"). Seed 003: 「優先級：胡＞杠/碰＞吃」,
「吃牌：自己手中的兩張牌與上家打出的牌剛好形成順子；（只能吃上家）」,
「碰牌：…（三家都可以碰）」."""

from __future__ import annotations

from support import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
COMMON = mj.Rules("common")


def shanpon(be: str) -> mj.Game:
    """Dealer 0 discards 5p; seat 2 waits on 5p/7s holding 55p; seat 1 holds 46p."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "5p+", 1: "46p+", 2: "123m456m789m55p77s"},
        draws=["1s", "2s", "3s"],
        backend=be,
    )
    walls.play(g, ["s0:discard=5p"])
    return g


def test_win_offered_before_pung_and_a_passed_win_may_still_pung(be: str) -> None:
    """mahjong.md §2 Claims on a discard, steps 1-2: `win` first, then `pung`/`kong` to
    the seat holding two; "A seat that passes a 胡 may still take the same tile with a
    pung or chow when that is offered to it." Seed 003 「優先級：胡＞杠/碰＞吃」."""
    g = shanpon(be)
    assert g.phase == "claim"
    assert g.to_act == [2]
    assert g.legal_moves() == ["s2:pass", "s2:win"]
    assert walls.code_of(g, "s2:pung=5p") == "cannot_pung"
    walls.play(g, ["s2:pass"])
    assert g.phase == "claim"
    assert g.to_act == [2]
    assert g.legal_moves() == ["s2:pass", "s2:pung=5p"]
    walls.play(g, ["s2:pung=5p"])
    assert g.phase == "play"
    assert g.to_act == [2]
    v = g.view(2)
    assert v["seats"][2]["melds"] == [{"kind": "pung", "tiles": "555p", "from": 0}]
    assert v["seats"][0]["discards"] == [{"tile": "5p", "claimed": True}]


def test_pung_beats_chow_and_the_claimer_plays_next(be: str) -> None:
    """mahjong.md §2 steps 2-3 (pung before chow; chow to the discarder's next seat
    only after), "A pung or chow is exposed and the claimer is in turn (discard only)";
    play then goes on from the claimer (seat 1's turn is skipped). Seed 003
    「碰之後要出一張牌然後不摸牌」 (§四)."""
    g = shanpon(be)
    remaining = g.view(None)["wall_remaining"]
    walls.play(g, ["s2:pass", "s2:pung=5p"])
    assert g.view(None)["wall_remaining"] == remaining  # a pung draws nothing
    assert walls.drawn_of(g, 2) is None
    walls.play(g, ["s2:discard=1m"])
    # seat 1 (who could have chowed) never got an offer; seat 3 (next of 2) draws
    assert g.phase == "play"
    assert g.to_act == [3]
    assert walls.drawn_of(g, 3) == "1s"


def test_chow_offered_after_the_win_and_pung_are_passed(be: str) -> None:
    """mahjong.md §2 step 3 and "When every offered seat has passed, the discarder's
    next seat draws": chow is offered last, to the discarder's next seat."""
    g = shanpon(be)
    walls.play(g, ["s2:pass", "s2:pass"])
    assert g.phase == "claim"
    assert g.to_act == [1]
    assert g.legal_moves() == ["s1:chow=456p", "s1:pass"]
    walls.play(g, ["s1:pass"])
    assert g.phase == "play"
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "1s"


def test_after_a_pung_only_discard(be: str) -> None:
    """mahjong.md §2: "After a chow or a pung the claimer may only discard (`discard=T`,
    or `ready=T` in common)" [decision] — even when its tiles now make a winning hand
    (reason `must_discard`)."""
    g = shanpon(be)
    walls.play(g, ["s2:pass", "s2:pung=5p"])
    legal = g.legal_moves()
    assert legal
    assert all(":discard=" in m or ":ready=" in m for m in legal)
    assert walls.code_of(g, "s2:win") == "must_discard"  # 123m456m789m77s + 555p is complete
    assert walls.code_of(g, "s2:pass") == "wrong_phase"


def three_winners(be: str, dealer: int = 2) -> mj.Game:
    """Dealer 2 discards 5p; seats 3, 0, 1 each win on it; seat 3 (next) also chows."""
    g = walls.game(
        COMMON,
        dealer=dealer,
        hands={
            2: "5p+",
            3: "123m456m789m11s46p",
            0: "234s567s789s11z46p",
            1: "222z333z444z678m5p",
        },
        draws=["9p", "8p"],
        backend=be,
    )
    walls.play(g, ["s2:discard=5p"])
    return g


def test_win_offered_counterclockwise_from_the_discarders_next_seat(be: str) -> None:
    """mahjong.md §2 step 1: `win` to each seat the discard completes, counterclockwise
    from the discarder's next seat (here 3, 0, 1); offers go to one seat at a time
    (`to_act` holds that one seat); then the chow offer to the next seat."""
    g = three_winners(be)
    order = []
    while g.phase == "claim" and g.legal_moves()[-1].endswith(":win"):
        order.append(g.to_act[0])
        assert g.legal_moves(g.to_act[0]) == [f"s{g.to_act[0]}:pass", f"s{g.to_act[0]}:win"]
        for other in range(4):
            if other != g.to_act[0]:
                assert g.legal_moves(other) == []
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    assert order == [3, 0, 1]
    assert g.to_act == [3]
    assert g.legal_moves() == ["s3:chow=456p", "s3:pass"]


def test_one_winner_per_tile(be: str) -> None:
    """mahjong.md §2 step 1: "The first to accept wins and the hand ends (one winner per
    tile [decision]: no multiple 胡 on one discard)"; seed 003 「點炮：誰點炮，誰輸分給
    胡牌者」."""
    g = three_winners(be)
    walls.play(g, ["s3:pass", "s0:win"])
    assert g.phase == "over"
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("discard", 0, 2, "5p")
    assert r.ledger == (("discard", 2, 0, 1),)
    assert r.payments == (1, 0, -1, 0)
    assert g.to_act == []
    assert walls.code_of(g, "s1:win") == "game_over"


def test_first_offered_seat_accepts(be: str) -> None:
    """mahjong.md §2 step 1: the first to accept wins (the discarder's next seat first)."""
    g = three_winners(be)
    walls.play(g, ["s3:win"])
    r = g.result
    assert r is not None
    assert (r.winner, r.dealt_in_by) == (3, 2)


def test_chow_notation_every_run(be: str) -> None:
    """mahjong.md §2 step 3: `chow=ABC` is the whole run written low to high with its
    suit (`chow=345m`), the discard one of the three, the other two from the hand; §10
    `chow=` writes the three tiles as digits + suit."""
    g = walls.game(COMMON, dealer=0, hands={0: "5m+", 1: "3m4m6m7m+"}, backend=be)
    walls.play(g, ["s0:discard=5m"])
    assert g.to_act == [1]
    assert g.legal_moves() == ["s1:chow=345m", "s1:chow=456m", "s1:chow=567m", "s1:pass"]
    assert walls.code_of(g, "s1:chow=354m") == "cannot_chow"
    assert walls.code_of(g, "s1:chow=234m") == "cannot_chow"
    assert walls.code_of(g, "s1:chow=345p") == "cannot_chow"
    assert walls.code_of(g, "s1:chow=345") == "malformed"
    assert walls.code_of(g, "s1:chow=3m4m5m") == "malformed"
    before = walls.hand_of(g, 1)
    walls.play(g, ["s1:chow=456m"])
    assert g.view(1)["seats"][1]["melds"] == [{"kind": "chow", "tiles": "456m", "from": 0}]
    after = walls.hand_of(g, 1)
    assert sorted([*after, "4m", "6m"]) == sorted(before)
    assert g.to_act == [1]
    assert all(":discard=" in m or ":ready=" in m for m in g.legal_moves())


def test_chow_only_by_the_discarders_next_seat(be: str) -> None:
    """mahjong.md §2 step 3: `chow` to the discarder's next seat only (seed 003
    「只能吃上家」): the seats across and before hold runs but are offered nothing."""
    g = walls.game(
        COMMON, dealer=0, hands={0: "5m+", 2: "4m6m+", 3: "3m4m+"}, draws=["9s"], backend=be
    )
    walls.play(g, ["s0:discard=5m"])
    assert g.phase == "play"
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "9s"


def test_honours_never_chowed(be: str) -> None:
    """mahjong.md §2 step 3: "Honours are never chowed."; §10: `chow=` takes a suit
    m/p/s, so an honour chow is malformed."""
    g = walls.game(COMMON, dealer=0, hands={0: "2z+", 1: "1z3z4z+"}, draws=["9s"], backend=be)
    walls.play(g, ["s0:discard=2z"])
    assert g.phase == "play"
    assert g.to_act == [1]
    assert walls.code_of(g, "s1:chow=123z") == "malformed"


def test_pung_by_the_next_seat_offers_its_chows_too(be: str) -> None:
    """mahjong.md §2 step 2: "If that seat is the discarder's next seat, its chows are
    offered in the same offer"; `kong=T` (exposed kong) when it holds three."""
    g = walls.game(COMMON, dealer=0, hands={0: "5m+", 1: "4m5m5m5m6m+"}, backend=be)
    walls.play(g, ["s0:discard=5m"])
    assert g.to_act == [1]
    assert g.legal_moves() == ["s1:chow=456m", "s1:kong=5m", "s1:pass", "s1:pung=5m"]
    walls.play(g, ["s1:pass"])
    assert g.phase == "play"  # one offer only: passing it passes the chows too
    assert g.to_act == [1]


def test_pung_by_any_seat(be: str) -> None:
    """mahjong.md §2 step 2: the pung goes to the one seat holding two of T, whichever
    seat it is; seed 003 「碰牌：…（三家都可以碰）」. Here the discarder's previous seat."""
    g = walls.game(COMMON, dealer=0, hands={0: "5m+", 3: "5m5m+"}, backend=be)
    walls.play(g, ["s0:discard=5m"])
    assert g.to_act == [3]
    assert g.legal_moves() == ["s3:pass", "s3:pung=5m"]
    walls.play(g, ["s3:pung=5m"])
    assert g.to_act == [3]
    assert g.view(0)["seats"][3]["melds"] == [{"kind": "pung", "tiles": "555m", "from": 0}]
    assert g.view(0)["seats"][3]["hand_count"] == 11


def test_after_a_chow_no_kong_and_no_win(be: str) -> None:
    """mahjong.md §2: after a chow the claimer may only discard (reason `must_discard`
    for a kong of a concealed four and for a win)."""
    g = walls.game(COMMON, dealer=0, hands={0: "5m+", 1: "4m6m9s9s9s9s+"}, backend=be)
    walls.play(g, ["s0:discard=5m", "s1:chow=456m"])
    assert walls.code_of(g, "s1:kong=9s") == "must_discard"
    assert "s1:kong=9s" not in g.legal_moves()
    assert walls.code_of(g, "s1:win") == "must_discard"
    assert "s1:discard=9s" in g.legal_moves()


def test_claim_phase_answers(be: str) -> None:
    """mahjong.md §2 Claim: the offered seat answers one of the offered moves or
    `sN:pass`; docs/mahjong-engine.md order of checks: `discard` outside play is
    `wrong_phase`, another seat is `not_your_turn`, an unoffered claim is
    `cannot_<action>`."""
    g = shanpon(be)
    assert walls.code_of(g, "s2:discard=1m") == "wrong_phase"
    assert walls.code_of(g, "s1:pass") == "not_your_turn"
    assert walls.code_of(g, "s3:win") == "not_your_turn"
    assert walls.code_of(g, "s2:chow=456p") == "cannot_chow"
    assert walls.code_of(g, "s2:kong=5p") == "cannot_kong"
    walls.play(g, ["s2:pass", "s2:pass"])
    assert walls.code_of(g, "s1:win") == "cannot_win"
    assert walls.code_of(g, "s1:pung=5p") == "cannot_pung"


def test_no_offer_the_next_seat_draws(be: str) -> None:
    """mahjong.md §2: "When every offered seat has passed [or none is offered], the
    discarder's next seat draws"; `pass`, `pung`, `chow` outside claim are `wrong_phase`."""
    g = walls.game(COMMON, dealer=1, hands={1: "9m+"}, draws=["8s"], backend=be)
    assert walls.code_of(g, "s1:pass") == "wrong_phase"
    assert walls.code_of(g, "s1:pung=9m") == "wrong_phase"
    walls.play(g, ["s1:discard=9m"])
    assert g.phase == "play"
    assert g.to_act == [2]
    assert walls.drawn_of(g, 2) == "8s"
    assert g.view(None)["seats"][1]["discards"] == [{"tile": "9m", "claimed": False}]


def test_random_play_invariants(be: str) -> None:
    """mahjong.md §2: exactly one seat acts in play and claim; "A seat in turn holds
    14 - 3k tiles (k = its exposed sets and kongs)", the others 13 - 3k; §10 payments sum
    to 0; the live wall only shrinks. Seeded random legal moves, claims included."""
    import random

    rng = random.Random(5)
    quick = mj.Rules("common", declare_ready=False)  # no ready moves to list: faster
    for seed, rules in ((0, COMMON), (1, quick), (2, quick), (3, quick)):
        g = mj.Game(rules, seed=seed, backend=be)
        wall = g.view(None)["wall_remaining"]
        while g.phase != "over":
            v = g.view(None)
            assert v["wall_remaining"] <= wall
            wall = v["wall_remaining"]
            assert len(g.to_act) == 1
            for s in v["seats"]:
                size = s["hand_count"] + 3 * len(s["melds"])
                assert size == (14 if v["turn"] == s["seat"] else 13)
            legal = g.legal_moves()
            wins = [m for m in legal if m.endswith(":win")]
            g.apply(wins[0] if wins and rng.random() < 0.5 else rng.choice(legal))
        r = g.result
        assert r is not None
        assert sum(r.payments) == 0
