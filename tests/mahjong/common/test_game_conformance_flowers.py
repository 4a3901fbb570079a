"""Conformance on exact walls: flowers (shared/rules/mahjong.md §1 Tiles and Flowers, §8
`flowers`, §10, §11). Seed 003: 「花牌：春夏秋冬梅蘭菊竹，每個1張，共8張（個別玩法適用）」,
「南方麻將多八個花牌，分別是春夏秋冬，梅竹蘭菊，共計144張」."""

from __future__ import annotations

from support import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
FLOWERS = mj.Rules("common", flowers=True)


def remaining(g: mj.Game) -> int:
    n: int = g.view(None)["wall_remaining"]
    return n


def flowers_of(g: mj.Game, seat: int, viewer: int | None = None) -> list[str]:
    f: list[str] = g.view(viewer)["seats"][seat]["flowers"]
    return f


def test_144_tiles(be: str) -> None:
    """mahjong.md §1 Sets: common 144 with `flowers` (1f-8f, one of each)."""
    assert FLOWERS.tiles == 144
    g = mj.Game(FLOWERS, seed=3, backend=be)
    w = g.wall
    assert len(w) == 288
    assert sorted(w[i : i + 2] for i in range(0, 288, 2) if w[i + 1] == "f") == [
        f"{n}f" for n in range(1, 9)
    ]


def test_flowers_at_the_deal(be: str) -> None:
    """mahjong.md §1 Flowers: "after the deal, from the dealer counterclockwise, each seat
    sets its flowers aside and draws as many from the back, again until it holds none,
    before the next seat does the same". Dealer 1 holds 1f 2f and draws 1m, then 5f
    (again a flower) and 2m; seat 2 draws 3m for 3f; seat 3 has none; seat 0 draws 4m
    for 4f."""
    g = walls.game(
        FLOWERS,
        dealer=1,
        hands={1: "1f2f+", 2: "3f+", 0: "4f+"},
        back=["1m", "5f", "2m", "3m", "4m"],
        backend=be,
    )
    assert g.phase == "play"
    assert g.to_act == [1]
    assert sorted(flowers_of(g, 1)) == ["1f", "2f", "5f"]
    assert flowers_of(g, 2) == ["3f"]
    assert flowers_of(g, 3) == []
    assert flowers_of(g, 0) == ["4f"]
    h1 = walls.hand_of(g, 1)
    assert "1m" in h1
    assert "2m" in h1
    assert len(h1) == 14
    assert "3m" in walls.hand_of(g, 2)
    assert "4m" in walls.hand_of(g, 0)
    assert all(len(walls.hand_of(g, s)) == 13 for s in (0, 2, 3))
    assert remaining(g) == 144 - 53 - 5


def test_drawn_flower_replaced_from_the_back(be: str) -> None:
    """mahjong.md §1: "During play a drawn flower (front or back) is set aside at once and
    replaced from the back" (repeatedly: here 6f, then 7f, then 9p)."""
    g = walls.game(FLOWERS, dealer=0, hands={0: "5z+"}, draws=["6f"], back=["7f", "9p"], backend=be)
    before = remaining(g)
    walls.play(g, ["s0:discard=5z"])
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "9p"
    assert flowers_of(g, 1) == ["6f", "7f"]
    assert remaining(g) == before - 3
    assert len(walls.hand_of(g, 1)) == 14


def test_kong_replacement_flower(be: str) -> None:
    """mahjong.md §1: a replacement after a kong that is a flower is set aside and
    replaced from the back again."""
    g = walls.game(FLOWERS, dealer=0, hands={0: "9s9s9s9s+"}, back=["8f", "8p"], backend=be)
    walls.play(g, ["s0:kong=9s"])
    assert walls.drawn_of(g, 0) == "8p"
    assert flowers_of(g, 0) == ["8f"]


def test_flowers_are_public_and_never_moves(be: str) -> None:
    """mahjong.md §1: "Flowers are public, score nothing, and are never moves"; §9 every
    seat sees every seat's flowers; a flower in a move is `malformed` (docs: `T` is one
    of the 34 kinds)."""
    g = walls.game(FLOWERS, dealer=0, hands={2: "3f+"}, back=["3m"], backend=be)
    for viewer in (None, 0, 1, 2, 3):
        assert flowers_of(g, 2, viewer) == ["3f"]
    assert walls.code_of(g, "s0:discard=3f") == "malformed"
    assert walls.code_of(g, "s0:kong=1f") == "malformed"
    assert all("f" not in m.split("=")[-1] for m in g.legal_moves() if "=" in m)


def test_win_on_a_flower_replacement(be: str) -> None:
    """mahjong.md §10: the win by the seat in turn is a self-draw; `win_tile` is the
    tile taken last (the replacement for the flower)."""
    g = walls.game(
        FLOWERS,
        dealer=0,
        hands={0: "5z+", 1: "111z456p789p11s46m"},
        draws=["6f"],
        back=["5m"],
        backend=be,
    )
    walls.play(g, ["s0:discard=5z", "s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.win_tile) == ("self_draw", 1, "5m")
    assert r.payments == (-1, 3, -1, -1)


def test_dealer_wins_on_dealt_14_with_a_flower_replaced(be: str) -> None:
    """mahjong.md §11: "`win_tile` is None for the dealer's dealt-14 win, flower
    replacements included"."""
    g = walls.game(FLOWERS, dealer=2, hands={2: "123m456m789m123p5p1f"}, back=["5p"], backend=be)
    assert flowers_of(g, 2) == ["1f"]
    walls.play(g, ["s2:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.win_tile) == ("self_draw", 2, None)


def test_flower_that_cannot_be_replaced_ends_the_hand_drawn(be: str) -> None:
    """mahjong.md §10: "A flower that cannot be replaced (empty live wall) ends the hand
    drawn". Seven flowers are dealt to the dealer (replaced from the back), the eighth
    is the last tile of the live wall: the dealer draws it last and nothing is left."""
    g = walls.game(
        FLOWERS,
        dealer=0,
        hands={0: "1f2f3f4f5f6f7f+"},
        back=["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8f"],
        backend=be,
    )
    assert remaining(g) == 144 - 53 - 7
    walls.drain(g, stop=lambda g: remaining(g) == 1 and g.phase == "play" and g.to_act == [3])
    d = walls.drawn_of(g, 3)
    walls.play(g, [f"s3:discard={d}"])
    assert g.phase == "over"
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert r.payments == (0, 0, 0, 0)
    assert "8f" in flowers_of(g, 0)
