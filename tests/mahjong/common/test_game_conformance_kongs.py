"""Conformance on exact walls: kongs, their replacements from the back, their payments,
and robbing an added kong (shared/rules/mahjong.md §1 Wall, §2, §4, §5, §10). Seed 003:
「杠牌：自己手中已經有三張當其他玩家打出或者自己摸到最後一張形成四張牌，或者之前玩家已經
碰牌之後自己摸到最後一張形成四張牌；（杠完要補牌）」, 「直杠：點杠者賠付；補杠、暗杠：
其餘三家賠付」, 「抢杠：…正巧別人要胡你補杠的這張牌，那麼就是抢杠，而你比較悲催——杠牌失敗
且點炮了」."""

from __future__ import annotations

from support import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
COMMON = mj.Rules("common")


def remaining(g: mj.Game) -> int:
    n: int = g.view(None)["wall_remaining"]
    return n


def test_exposed_kong_from_a_discard(be: str) -> None:
    """mahjong.md §2 step 2 (`kong=T`, exposed kong 直槓: three T concealed) and "an
    exposed kong is exposed, the claimer draws a replacement and is in turn"; §1 every
    replacement takes from the back; §5 直槓 — the discarder pays the konger 1, paid when
    made and kept whatever the hand's end (here a drawn hand)."""
    g = walls.game(COMMON, dealer=0, hands={0: "5m+", 2: "5m5m5m+"}, back=["9p"], backend=be)
    walls.play(g, ["s0:discard=5m"])
    assert g.to_act == [2]
    assert g.legal_moves() == ["s2:kong=5m", "s2:pass", "s2:pung=5m"]
    before = remaining(g)
    walls.play(g, ["s2:kong=5m"])
    assert g.phase == "play"
    assert g.to_act == [2]
    assert walls.drawn_of(g, 2) == "9p"
    assert remaining(g) == before - 1
    seat = g.view(1)["seats"][2]
    assert seat["melds"] == [{"kind": "kong", "tiles": "5555m", "from": 0}]
    assert seat["hand_count"] == 11  # 14 - 3k with k = 1
    assert g.view(None)["seats"][0]["discards"] == [{"tile": "5m", "claimed": True}]
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert r.ledger == (("exposed_kong", 0, 2, 1),)
    assert r.payments == (-1, 0, 1, 0)


def test_concealed_kong_twice(be: str) -> None:
    """mahjong.md §2 `kong=T` a concealed kong (暗槓: four T concealed), "Then ... the
    seat draws a replacement from the back and is in turn again" (and may kong again);
    §5 暗槓 — each other seat pays the konger 1 (ledger from the konger's next seat)."""
    g = walls.game(COMMON, dealer=1, hands={1: "9s9s9s9s1z1z1z1z+"}, back=["8p", "7p"], backend=be)
    assert "s1:kong=9s" in g.legal_moves()
    assert "s1:kong=1z" in g.legal_moves()
    walls.play(g, ["s1:kong=9s"])
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "8p"
    walls.play(g, ["s1:kong=1z"])
    assert walls.drawn_of(g, 1) == "7p"
    assert remaining(g) == 136 - 53 - 2
    own = g.view(1)["seats"][1]["melds"]
    assert own == [
        {"kind": "concealed_kong", "tiles": "9999s", "from": None},
        {"kind": "concealed_kong", "tiles": "1111z", "from": None},
    ]
    assert g.view(1)["seats"][1]["hand_count"] == 14 - 6
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert r.ledger == (
        ("concealed_kong", 2, 1, 1),
        ("concealed_kong", 3, 1, 1),
        ("concealed_kong", 0, 1, 1),
        ("concealed_kong", 2, 1, 1),
        ("concealed_kong", 3, 1, 1),
        ("concealed_kong", 0, 1, 1),
    )
    assert r.payments == (-2, 6, -2, -2)


def added_kong_game(be: str, robbers: dict[int, str] | None = None) -> mj.Game:
    """Seat 1 pungs dealer 0's 5m, later draws the fourth 5m: its added kong is next."""
    hands = {0: "5m+", 1: "5m5m+"}
    hands.update(robbers or {})
    g = walls.game(
        COMMON, dealer=0, hands=hands, draws=["6z", "7z", "5z", "5m"], back=["9p"], backend=be
    )
    walls.play(g, ["s0:discard=5m"])
    while g.phase == "claim" and g.to_act != [1]:
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    walls.play(g, ["s1:pung=5m"])
    own = next(t for t in walls.hand_of(g, 1) if t != "5m")
    walls.play(g, [f"s1:discard={own}", "s2:discard=6z", "s3:discard=7z", "s0:discard=5z"])
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "5m"
    return g


def test_added_kong(be: str) -> None:
    """mahjong.md §2 `kong=T` an added kong (補槓: an exposed pung of T and a concealed T),
    replacement from the back; §5 補槓 — each other seat pays the konger 1; an added kong
    keeps its pung's `from` (docs/mahjong-engine.md View)."""
    g = added_kong_game(be)
    assert "s1:kong=5m" in g.legal_moves()
    before = remaining(g)
    walls.play(g, ["s1:kong=5m"])
    assert g.phase == "play"  # nobody robs
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "9p"
    assert remaining(g) == before - 1
    assert g.view(2)["seats"][1]["melds"] == [{"kind": "added_kong", "tiles": "5555m", "from": 0}]
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.ledger == (("added_kong", 2, 1, 1), ("added_kong", 3, 1, 1), ("added_kong", 0, 1, 1))
    assert r.payments == (-1, 3, -1, -1)


def test_robbing_an_added_kong(be: str) -> None:
    """mahjong.md §4: before the replacement is drawn the kong's tile is offered with
    `sN:win`; the first to accept wins (`result.kind = "robbed_kong"`); the kong never
    happened, so it pays nothing; §5: robbing an added kong only, the robbed seat pays as
    a discarder (1); §11 `dealt_in_by` is the robbed seat. Seed 003 「抢杠：…杠牌失敗且
    點炮了」."""
    g = added_kong_game(be, {3: "123p456p789p11z46m"})
    before = remaining(g)
    walls.play(g, ["s1:kong=5m"])
    assert g.phase == "claim"
    assert g.to_act == [3]
    assert g.legal_moves() == ["s3:pass", "s3:win"]
    assert remaining(g) == before  # no replacement yet
    v = g.view(0)
    assert v["claims_pending"] is True
    assert v["offer"] == {"kind": "robbed_kong", "seat": 1, "tile": "5m"}
    walls.play(g, ["s3:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("robbed_kong", 3, 1, "5m")
    assert r.ledger == (("robbed_kong", 1, 3, 1),)
    assert r.payments == (0, -1, 0, 1)
    assert r.patterns == ("regular",)


def test_robbing_passed_the_kong_stands(be: str) -> None:
    """mahjong.md §4: "If every offered seat passes, the kong stands and the konger
    draws" (then the added kong is paid, docs/mahjong-engine.md "Kong in turn")."""
    g = added_kong_game(be, {3: "123p456p789p11z46m"})
    walls.play(g, ["s1:kong=5m", "s3:pass"])
    assert g.phase == "play"
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "9p"
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.ledger[:3] == (
        ("added_kong", 2, 1, 1),
        ("added_kong", 3, 1, 1),
        ("added_kong", 0, 1, 1),
    )


def test_robbing_offered_counterclockwise_from_the_kongers_next_seat(be: str) -> None:
    """mahjong.md §4: the kong's tile is offered to each seat that would win with it,
    counterclockwise from the konger's next seat (konger 1: seats 2 then 3)."""
    g = added_kong_game(be, {2: "123s456s789s99p34m", 3: "123p456p789p11z46m"})
    walls.play(g, ["s1:kong=5m"])
    assert g.to_act == [2]
    walls.play(g, ["s2:pass"])
    assert g.to_act == [3]
    walls.play(g, ["s3:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner) == ("robbed_kong", 3)


def test_concealed_kong_is_not_robbable(be: str) -> None:
    """mahjong.md §5: "Robbing: an added kong only" — a concealed kong of a tile another
    seat waits on is made at once, the konger draws its replacement."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "9s9s9s9s+", 3: "123p456p789p11z78s"},
        back=["8p"],
        backend=be,
    )
    assert "9s" in g.waits(3)
    walls.play(g, ["s0:kong=9s"])
    assert g.phase == "play"
    assert g.to_act == [0]
    assert walls.drawn_of(g, 0) == "8p"


def test_exposed_kong_is_not_robbable(be: str) -> None:
    """mahjong.md §5 "Robbing: an added kong only": a seat that passed the discard's win
    is not offered the exposed kong's tile again."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "9s+", 2: "9s9s9s+", 3: "123p456p789p11z78s"},
        back=["8p"],
        backend=be,
    )
    walls.play(g, ["s0:discard=9s"])
    assert g.to_act == [3]  # the win on the discard comes first
    walls.play(g, ["s3:pass", "s2:kong=9s"])
    assert g.phase == "play"
    assert g.to_act == [2]
    assert walls.drawn_of(g, 2) == "8p"


def test_win_on_a_kong_replacement_is_a_self_draw(be: str) -> None:
    """mahjong.md §10: "A win by the seat in turn is always a self-draw, also after a
    kong"; `win_tile` is the tile taken last (the replacement); the kong stays paid."""
    g = walls.game(COMMON, dealer=0, hands={0: "9s9s9s9s123m456m789m1p"}, back=["1p"], backend=be)
    walls.play(g, ["s0:kong=9s", "s0:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("self_draw", 0, None, "1p")
    assert r.ledger == (
        ("concealed_kong", 1, 0, 1),
        ("concealed_kong", 2, 0, 1),
        ("concealed_kong", 3, 0, 1),
        ("self_draw", 1, 0, 1),
        ("self_draw", 2, 0, 1),
        ("self_draw", 3, 0, 1),
    )
    assert r.payments == (6, -2, -2, -2)
    assert sum(r.payments) == 0


def test_kong_with_an_empty_live_wall_is_illegal(be: str) -> None:
    """mahjong.md §2 "A kong needs at least one tile in the live wall"; §10 "a kong needs
    a replacement, so with an empty live wall it is illegal" (reason `wall_empty`)."""
    g = walls.game(COMMON, dealer=0, hands={3: "9s9s9s9s+"}, backend=be)
    walls.drain(g, stop=lambda g: remaining(g) == 0)
    assert g.phase == "play"
    assert g.to_act == [3]  # the dealer's previous seat draws the last tile
    assert walls.code_of(g, "s3:kong=9s") == "wall_empty"
    assert "s3:kong=9s" not in g.legal_moves()


def test_exposed_kong_not_offered_on_the_last_discard(be: str) -> None:
    """mahjong.md §10: "A discard that finishes the live wall is claimed as any other; the
    hand ends drawn only when a seat is to draw from an empty live wall"; an exposed kong
    needs a replacement, so only the pung is offered."""
    g = walls.game(COMMON, dealer=0, hands={1: "5m5m5m+"}, back=["5m"], backend=be)
    walls.drain(g, stop=lambda g: remaining(g) == 0)
    assert g.to_act == [3]
    assert walls.drawn_of(g, 3) == "5m"
    walls.play(g, ["s3:discard=5m"])
    assert g.phase == "claim"
    assert g.legal_moves() == ["s1:pass", "s1:pung=5m"]
    assert walls.code_of(g, "s1:kong=5m") == "cannot_kong"
    walls.play(g, ["s1:pung=5m"])
    assert g.to_act == [1]
    own = next(t for t in walls.hand_of(g, 1) if t != "5m")
    walls.play(g, [f"s1:discard={own}"])
    assert g.phase == "over"
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert r.payments == (0, 0, 0, 0)


def test_kong_reason_codes(be: str) -> None:
    """docs/mahjong-engine.md order of checks for `kong=T` in turn: `cannot_kong` when
    there is neither four T concealed nor a pung of T and one T concealed."""
    g = walls.game(COMMON, dealer=0, hands={0: "9s9s9s+"}, backend=be)
    assert walls.code_of(g, "s0:kong=9s") == "cannot_kong"
    assert walls.code_of(g, "s0:kong=1m") == "cannot_kong"
    assert not [m for m in g.legal_moves() if ":kong=" in m]


def test_kongers_waits_during_the_robbing_offer(be: str) -> None:
    """mahjong.md §11: "During a robbing offer the kong is made, so the konger's waits are
    those of its hand after the kong" (seat 1: added kong of 5m, then 123p456p789p2s
    waiting on 2s)."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "5m+", 1: "5m5m123p456p789p1s2s", 3: "123s456s789s11z46m"},
        draws=["6z", "7z", "5z", "5m"],
        backend=be,
    )
    walls.play(g, ["s0:discard=5m", "s3:pass", "s1:pung=5m", "s1:discard=1s"])
    walls.play(g, ["s2:discard=6z", "s3:discard=7z", "s0:discard=5z", "s1:kong=5m"])
    assert g.phase == "claim"
    assert g.to_act == [3]
    assert g.waits(1) == {"2s": 3}
    assert g.view(1)["seats"][1]["melds"] == [{"kind": "added_kong", "tiles": "5555m", "from": 0}]


def test_win_on_an_exposed_kongs_replacement(be: str) -> None:
    """mahjong.md §10: a win by the seat in turn after a kong is a self-draw; in common
    each other seat pays 1 (§5 自摸), the discarder of the konged tile only its 直槓 1
    (`dealt_in_by` None: 放槓上花 is Shaoyang's, §6)."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "9s+", 2: "9s9s9s123m456m789m1p"},
        back=["1p"],
        backend=be,
    )
    walls.play(g, ["s0:discard=9s", "s2:kong=9s"])
    assert walls.drawn_of(g, 2) == "1p"
    assert "s2:win" in g.legal_moves()
    walls.play(g, ["s2:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by, r.win_tile) == ("self_draw", 2, None, "1p")
    assert r.ledger == (
        ("exposed_kong", 0, 2, 1),
        ("self_draw", 3, 2, 1),
        ("self_draw", 0, 2, 1),
        ("self_draw", 1, 2, 1),
    )
    assert r.payments == (-2, -1, 4, -1)


def test_replacement_takes_the_last_live_tile(be: str) -> None:
    """mahjong.md §1: the live wall is what lies between front and back, empty when every
    tile has been taken (no dead wall); §2 Start of a turn: the next seat to draw from an
    empty live wall ends the hand drawn — the kong stays paid."""
    g = walls.game(COMMON, dealer=0, hands={2: "9s9s9s9s+"}, backend=be)
    walls.drain(g, stop=lambda g: remaining(g) == 1 and g.phase == "play" and g.to_act == [2])
    walls.play(g, ["s2:kong=9s"])
    assert remaining(g) == 0
    assert g.to_act == [2]
    walls.play(g, [f"s2:discard={walls.drawn_of(g, 2)}"])
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert r.payments == (-1, -1, 3, -1)
