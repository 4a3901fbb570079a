"""Conformance on exact walls: the void-suit game 定缺 (shared/rules/mahjong.md §5 "Void
suit", §2 phases, §9, §11; docs/mahjong-engine.md). Seed 003 §四:
「打牌，首先確定自己要打的花色，打到最後不能有該花色的牌」, 「可以碰牌，杠牌」 (no chow),
「胡牌，例如同花色的123或者678可以為一組牌，然後兩個同花色的5為一個對子」."""

from __future__ import annotations

from support import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
VOID = mj.Rules("common", void_suit=True)
WAITS_5S = "123p456p789p11s46s"  # 13 tiles, no m, waiting on 5s


def choose(g: mj.Game, voids: dict[int, str]) -> mj.Game:
    return walls.play(g, [f"s{s}:void={x}" for s, x in voids.items()])


def test_108_tiles_no_honours() -> None:
    """mahjong.md §5 Void suit: 108 tiles (§1 Sets: no honours)."""
    assert VOID.tiles == 108
    w = mj.Game(VOID, seed=11).wall
    assert len(w) == 216
    assert not any(w[i + 1] in "zf" for i in range(0, 216, 2))


def test_void_phase_any_order(be: str) -> None:
    """mahjong.md §5: "Phase `void` after the deal: every seat answers `sN:void=m|p|s` in
    any order"; §10 in `void`, `legal_moves()` is the union over the seats still to
    answer; docs: a second answer is `already_chosen`, anything but `void` is
    `wrong_phase`; then `play`, the dealer in turn."""
    g = walls.game(VOID, dealer=1, backend=be)
    assert g.phase == "void"
    assert g.to_act == [0, 1, 2, 3]
    assert g.legal_moves() == sorted(f"s{s}:void={x}" for s in range(4) for x in "mps")
    assert g.legal_moves(2) == ["s2:void=m", "s2:void=p", "s2:void=s"]
    assert walls.code_of(g, "s1:discard=1m") == "wrong_phase"
    assert walls.code_of(g, "s1:win") == "wrong_phase"
    assert walls.code_of(g, "s1:void=z") == "malformed"
    walls.play(g, ["s2:void=m"])
    assert g.to_act == [0, 1, 3]
    assert g.legal_moves(2) == []
    assert walls.code_of(g, "s2:void=p") == "already_chosen"
    walls.play(g, ["s0:void=s", "s3:void=p"])
    assert g.phase == "void"
    walls.play(g, ["s1:void=p"])
    assert g.phase == "play"
    assert g.to_act == [1]
    assert walls.code_of(g, "s0:void=m") == "wrong_phase"


def test_void_choices_hidden_until_all_four(be: str) -> None:
    """mahjong.md §5: the choices are "hidden from the others until all four have
    chosen"; §9 "raises and void suits once all are in"; §11 "a seat sees its own answer
    at once". After all four, every view shows every choice and the full history."""
    g = walls.game(VOID, dealer=0, backend=be)
    walls.play(g, ["s2:void=m"])
    for viewer in (None, 0, 1, 3):
        v = g.view(viewer)
        assert all(s["void"] is None for s in v["seats"])
        assert "s2:void=m" not in v["history"]
        assert "to_act" not in v
    own = g.view(2)
    assert own["seats"][2]["void"] == "m"
    assert own["history"] == ["s2:void=m"]
    walls.play(g, ["s0:void=p", "s1:void=s"])
    assert all(s["void"] is None for s in g.view(3)["seats"])
    assert [s["void"] for s in g.view(1)["seats"]] == [None, "s", None, None]
    walls.play(g, ["s3:void=m"])
    for viewer in (None, 0, 1, 2, 3):
        v = g.view(viewer)
        assert [s["void"] for s in v["seats"]] == ["p", "s", "m", "m"]
        assert v["history"] == ["s2:void=m", "s0:void=p", "s1:void=s", "s3:void=m"]


def test_views_do_not_say_who_has_chosen(be: str) -> None:
    """mahjong.md §11: "Views carry no `to_act` and say nothing of *other* seats' raises
    or void choices, not even who has answered, until all four are in; a seat sees its
    own answer at once." So before all four are in, nothing in another seat's view (its
    history included) depends on which seats have answered."""
    g = walls.game(VOID, dealer=0, backend=be)
    start = {viewer: g.view(viewer) for viewer in (None, 3)}
    walls.play(g, ["s2:void=m", "s0:void=p"])
    for viewer, v in start.items():
        assert g.view(viewer) == v
    assert g.view(0)["history"] == ["s0:void=p"]


def test_void_suit_first(be: str) -> None:
    """mahjong.md §5: "A seat holding a tile of its void suit must discard one of those
    first" (reason `void_suit_first`; the legal discards are its void-suit tiles)."""
    g = walls.game(VOID, dealer=0, hands={0: "1m5m9m+"}, backend=be)
    choose(g, {0: "m", 1: "m", 2: "m", 3: "m"})
    held_m = {t for t in walls.hand_of(g, 0) if t[1] == "m"}
    assert {"1m", "5m", "9m"} <= held_m
    discards = {m.split("=")[1] for m in g.legal_moves() if ":discard=" in m}
    assert discards == held_m
    other = next(t for t in walls.hand_of(g, 0) if t[1] != "m")
    assert walls.code_of(g, f"s0:discard={other}") == "void_suit_first"


def test_no_pung_or_kong_of_the_void_suit(be: str) -> None:
    """mahjong.md §5: a seat "may not pung, kong or chow with its void suit": the seat
    holding 555m with void m is offered nothing on 5m (with void p it is)."""
    for void, offered in (("m", False), ("p", True)):
        g = walls.game(VOID, dealer=0, hands={0: "5m+", 2: "5m5m5m+"}, backend=be)
        choose(g, {0: "m", 1: "m", 2: void, 3: "m"})
        walls.play(g, ["s0:discard=5m"])
        if offered:
            assert g.legal_moves() == ["s2:kong=5m", "s2:pass", "s2:pung=5m"]
        else:
            assert g.phase == "play"
            assert g.to_act == [1]


def test_no_concealed_kong_of_the_void_suit(be: str) -> None:
    """mahjong.md §5: no kong with the void suit (reason `void_suit`); §11: "A seat still
    holding its void suit may kong another suit; it must discard the void suit first"."""
    g = walls.game(VOID, dealer=0, hands={0: "9m9m9m9m9p9p9p9p+"}, backend=be)
    choose(g, {0: "m", 1: "p", 2: "p", 3: "p"})
    assert walls.code_of(g, "s0:kong=9m") == "void_suit"
    assert "s0:kong=9m" not in g.legal_moves()
    assert "s0:kong=9p" in g.legal_moves()
    walls.play(g, ["s0:kong=9p"])
    assert g.to_act == [0]


def test_no_chow_at_all(be: str) -> None:
    """mahjong.md §5 Void suit: "no chow" (docs: `chow` is `not_in_rules`; no chow offer
    to the next seat even with the run in another suit)."""
    g = walls.game(VOID, dealer=0, hands={0: "5s+", 1: "4s6s+"}, draws=["1p"], backend=be)
    choose(g, {0: "s", 1: "m", 2: "m", 3: "m"})
    walls.play(g, ["s0:discard=5s"])
    assert g.phase == "play"
    assert g.to_act == [1]
    assert walls.code_of(g, "s1:chow=456s") == "not_in_rules"


def test_holding_the_void_suit_never_wins_and_has_no_waits(be: str) -> None:
    """mahjong.md §5: "a hand holding a tile of its void suit never wins and has no
    waits"; §3 a hand holding its void suit never wins; §11 waits before choosing have no
    void restriction. Seat 1 waits on 5s: with void m it wins on the dealer's 5s, with
    void s it is offered nothing."""
    for void in ("m", "s"):
        g = walls.game(VOID, dealer=0, hands={0: "5s+", 1: WAITS_5S}, draws=["5s"], backend=be)
        assert "5s" in g.waits(1)  # before choosing: no restriction
        choose(g, {1: void})
        assert g.phase == "void"
        assert bool(g.waits(1)) == (void == "m")  # chosen: restricted at once
        choose(g, {0: "s", 2: "m", 3: "m"})
        if void == "m":
            assert set(g.waits(1)) == {"5s"}
            walls.play(g, ["s0:discard=5s"])
            assert g.legal_moves() == ["s1:pass", "s1:win"]
            walls.play(g, ["s1:win"])
            r = g.result
            assert r is not None
            assert (r.kind, r.winner, r.dealt_in_by) == ("discard", 1, 0)
        else:
            assert g.waits(1) == {}
            walls.play(g, ["s0:discard=5s"])
            assert g.phase == "play"
            assert g.to_act == [1]
            assert walls.drawn_of(g, 1) == "5s"  # complete in shape, but holds its void suit
            assert "s1:win" not in g.legal_moves()
            assert walls.code_of(g, "s1:win") == "cannot_win"


def test_no_ready_in_the_void_game(be: str) -> None:
    """mahjong.md §5: "報聽 is off in this game"; §11: "With `void_suit`, 報聽 is off
    whatever `declare_ready` says"."""
    rules = mj.Rules("common", void_suit=True, declare_ready=True)
    g = walls.game(rules, dealer=0, hands={0: "5s+", 1: WAITS_5S}, draws=["1p"], backend=be)
    choose(g, {0: "s", 1: "m", 2: "m", 3: "m"})
    assert walls.code_of(g, "s0:ready=5s") == "not_in_rules"
    walls.play(g, ["s0:discard=5s", "s1:pass"])
    assert not [m for m in g.legal_moves() if ":ready=" in m]
    assert walls.code_of(g, "s1:ready=1p") == "not_in_rules"


def test_void_outside_the_void_game(be: str) -> None:
    """docs/mahjong-engine.md order of checks: `void` outside the void-suit game is
    `not_in_rules`."""
    g = walls.game(mj.Rules("common"), dealer=0, backend=be)
    assert g.phase == "play"
    assert walls.code_of(g, "s0:void=m") == "not_in_rules"


def test_pung_while_holding_the_void_suit_then_void_first(be: str) -> None:
    """mahjong.md §5: a seat may pung another suit while holding its void suit (only the
    void suit may not be punged); docs Legal moves: after the pung its discards are only
    the void suit's kinds while it holds any."""
    g = walls.game(VOID, dealer=0, hands={0: "5p+", 2: "5p5p1m9m+"}, backend=be)
    choose(g, {0: "p", 1: "m", 2: "m", 3: "m"})
    walls.play(g, ["s0:discard=5p"])
    assert g.legal_moves() == ["s2:pass", "s2:pung=5p"]
    walls.play(g, ["s2:pung=5p"])
    held_m = {t for t in walls.hand_of(g, 2) if t[1] == "m"}
    assert {"1m", "9m"} <= held_m
    assert {m.split("=")[1] for m in g.legal_moves()} == held_m
    assert all(":discard=" in m for m in g.legal_moves())
