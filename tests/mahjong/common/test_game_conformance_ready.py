"""Conformance on exact walls: 報聽, declaring ready (shared/rules/mahjong.md §5 報聽, §8
`declare_ready`, docs/mahjong-engine.md order of checks). Seed 003: 「聽牌：缺一張即可胡牌的
狀態」, 「報聽：其餘三家給報聽者」."""

from __future__ import annotations

import pytest
from support import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
COMMON = mj.Rules("common")
READY_HAND = "111z456p789p11s46m"  # 13 tiles waiting on 5m


def ready_game(be: str, d: list[str], declare: bool = True, rules: mj.Rules = COMMON) -> mj.Game:
    """Dealer 0 discards 5z; seat 1 draws d[0] and declares with it (or just discards it);
    then seats 2, 3, 0 draw d[1], d[2], d[3] and seat 1 draws d[4]."""
    g = walls.game(rules, dealer=0, hands={0: "5z+", 1: READY_HAND}, draws=d, backend=be)
    walls.play(g, ["s0:discard=5z", f"s1:{'ready' if declare else 'discard'}={d[0]}"])
    return g


def test_ready_moves_are_the_discards_that_leave_a_ready_hand(be: str) -> None:
    """mahjong.md §5 報聽: "in turn, `sN:ready=T` discards T and declares ready; legal
    only if the hand is then ready" (reason `not_ready`; a tile not held is
    `tile_not_held`); §3 ready = has a wait."""
    g = walls.game(COMMON, dealer=0, hands={0: "5z+", 1: READY_HAND}, draws=["9s"], backend=be)
    walls.play(g, ["s0:discard=5z"])
    held = walls.hand_of(g, 1)
    expected = set()
    for t in set(held):
        rest = list(held)
        rest.remove(t)
        if mj.waits("".join(rest)):
            expected.add(f"s1:ready={t}")
    legal = {m for m in g.legal_moves() if ":ready=" in m}
    assert legal == expected
    assert "s1:ready=9s" in legal
    assert walls.code_of(g, "s1:ready=1p") == "tile_not_held"
    assert walls.code_of(g, "s1:ready=4p") == "not_ready"


def test_declaring_discards_and_is_public(be: str) -> None:
    """mahjong.md §5: `ready=T` discards T and declares; §9 every seat sees the
    declared-ready and locked flags (docs: `locked` equals `declared` in common)."""
    g = ready_game(be, ["9s", "6z"])
    assert g.to_act == [2]
    for viewer in (None, 0, 1, 2, 3):
        s1 = g.view(viewer)["seats"][1]
        assert s1["declared"] is True
        assert s1["locked"] is True
        assert s1["discards"] == [{"tile": "9s", "claimed": False}]
        assert g.view(viewer)["seats"][2]["declared"] is False
    assert "s1:ready=9s" in g.view(3)["history"]


def test_ready_discard_can_be_claimed(be: str) -> None:
    """mahjong.md §5: `ready=T` *discards* T: the claims on a discard (§2) follow."""
    g = walls.game(
        COMMON, dealer=0, hands={0: "5z+", 1: READY_HAND, 3: "9s9s+"}, draws=["9s"], backend=be
    )
    walls.play(g, ["s0:discard=5z", "s1:ready=9s"])
    assert g.phase == "claim"
    assert g.legal_moves() == ["s3:pass", "s3:pung=9s"]


def test_locked_in_turn(be: str) -> None:
    """mahjong.md §5: "A declared seat's hand is locked: in turn it may only `win` or
    discard the tile it just drew" (reasons `hand_locked`; a second declaration is
    `already_declared`)."""
    g = ready_game(be, ["9s", "6z", "7z", "3z", "2s"])
    walls.play(g, ["s2:discard=6z", "s3:discard=7z", "s0:discard=3z"])
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "2s"
    assert g.legal_moves() == ["s1:discard=2s"]
    assert walls.code_of(g, "s1:discard=4p") == "hand_locked"
    assert walls.code_of(g, "s1:discard=9m") == "tile_not_held"  # checked before the lock
    assert walls.code_of(g, "s1:ready=4p") == "hand_locked"
    assert walls.code_of(g, "s1:ready=2s") == "already_declared"
    assert walls.code_of(g, "s1:win") == "cannot_win"


def test_locked_no_kong(be: str) -> None:
    """mahjong.md §5: locked — no kong in turn, even of a concealed four (reason
    `hand_locked`)."""
    g = ready_game(be, ["9s", "6z", "7z", "3z", "1z"])
    walls.play(g, ["s2:discard=6z", "s3:discard=7z", "s0:discard=3z"])
    assert walls.hand_of(g, 1).count("1z") == 4
    assert g.legal_moves() == ["s1:discard=1z"]
    assert walls.code_of(g, "s1:kong=1z") == "hand_locked"


def test_locked_on_others_tiles_only_win(be: str) -> None:
    """mahjong.md §5: locked — "on others' tiles it may only win": no pung (it holds
    11s), no kong (it holds 111z), no chow (it holds 45p, next seat of the dealer) is
    offered; docs/mahjong-engine.md Claims: the pung and chow offers skip a declared
    seat."""
    d = ["9s", "1s", "6z", "3p", "2s"]
    control = ready_game(be, d, declare=False)
    walls.play(control, ["s2:discard=1s"])
    assert control.phase == "claim"
    assert control.legal_moves() == ["s1:pass", "s1:pung=1s"]
    g = ready_game(be, d)
    walls.play(g, ["s2:discard=1s"])
    assert g.phase == "play"
    assert g.to_act == [3]
    walls.play(g, ["s3:discard=6z", "s0:discard=3p"])
    assert g.phase == "play"  # no chow 345p for the declared seat 1
    assert g.to_act == [1]
    control2 = ready_game(be, d, declare=False)
    walls.play(control2, ["s2:discard=1s", "s1:pass", "s3:discard=6z", "s0:discard=3p"])
    assert control2.legal_moves() == ["s1:chow=345p", "s1:pass"]


def test_locked_kong_of_a_discard_not_offered(be: str) -> None:
    """mahjong.md §5: locked — no exposed kong on another seat's discard of 1z."""
    g = ready_game(be, ["9s", "1z"])
    walls.play(g, ["s2:discard=1z"])
    assert g.phase == "play"
    assert g.to_act == [3]


def test_self_draw_with_ready_bonus(be: str) -> None:
    """mahjong.md §5: "When a declared seat wins, each other seat also pays it 1
    (「報聽：其餘三家給報聽者」) [decision]: paid on the win"; ledger `self_draw` then
    `ready_bonus`, each from the winner's next seat."""
    g = ready_game(be, ["9s", "6z", "7z", "3z", "5m"])
    walls.play(g, ["s2:discard=6z", "s3:discard=7z", "s0:discard=3z"])
    assert g.legal_moves() == ["s1:discard=5m", "s1:win"]
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.win_tile) == ("self_draw", 1, "5m")
    assert r.ledger == (
        ("self_draw", 2, 1, 1),
        ("self_draw", 3, 1, 1),
        ("self_draw", 0, 1, 1),
        ("ready_bonus", 2, 1, 1),
        ("ready_bonus", 3, 1, 1),
        ("ready_bonus", 0, 1, 1),
    )
    assert r.payments == (-2, 6, -2, -2)


def test_discard_win_with_ready_bonus(be: str) -> None:
    """mahjong.md §5: 點炮 1 from the discarder, then the 報聽 bonus from each other seat."""
    g = ready_game(be, ["9s", "5m"])
    walls.play(g, ["s2:discard=5m"])
    assert g.to_act == [1]
    assert g.legal_moves() == ["s1:pass", "s1:win"]
    walls.play(g, ["s1:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("discard", 1, 2)
    assert r.ledger == (
        ("discard", 2, 1, 1),
        ("ready_bonus", 2, 1, 1),
        ("ready_bonus", 3, 1, 1),
        ("ready_bonus", 0, 1, 1),
    )
    assert r.payments == (-1, 4, -2, -1)


def test_declared_seat_in_a_drawn_hand_is_not_paid(be: str) -> None:
    """mahjong.md §5: the bonus is "paid on the win, not on the declaration"; §10 a drawn
    hand pays nothing beyond the payments already made."""
    g = ready_game(be, ["9s"])
    walls.drain(g)
    r = g.result
    assert r is not None
    assert r.kind == "draw"
    assert r.payments == (0, 0, 0, 0)
    assert r.ledger == ()


def test_ready_after_a_pung(be: str) -> None:
    """mahjong.md §2: "After a chow or a pung the claimer may only discard (`discard=T`,
    or `ready=T` in common)"."""
    g = walls.game(COMMON, dealer=0, hands={0: "5p+", 2: "55p123m456m789m1s3s"}, backend=be)
    walls.play(g, ["s0:discard=5p", "s2:pung=5p"])
    ready = sorted(m for m in g.legal_moves() if ":ready=" in m)
    assert ready == ["s2:ready=1s", "s2:ready=3s"]
    walls.play(g, ["s2:ready=1s"])
    assert g.view(0)["seats"][2]["declared"] is True


@pytest.mark.parametrize("rules", [mj.Rules("common", declare_ready=False)])
def test_declare_ready_off(be: str, rules: mj.Rules) -> None:
    """mahjong.md §8 `declare_ready` (default true; false: no 報聽): `ready=T` is then
    `not_in_rules` and never listed."""
    g = walls.game(rules, dealer=0, hands={0: "5z+", 1: READY_HAND}, draws=["9s"], backend=be)
    walls.play(g, ["s0:discard=5z"])
    assert walls.code_of(g, "s1:ready=9s") == "not_in_rules"
    assert not [m for m in g.legal_moves() if ":ready=" in m]
    assert "s1:discard=9s" in g.legal_moves()


def test_robbing_by_a_declared_seat_with_ready_bonus(be: str) -> None:
    """mahjong.md §4/§5: a declared seat may rob an added kong ("on others' tiles it may
    only win"); the robbed seat pays 1 (`robbed_kong`), then the 報聽 bonus from each other
    seat (docs/mahjong-engine.md ledger order)."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "5m+", 1: "5m5m+", 3: READY_HAND},
        draws=["6z", "9s", "5z", "5m"],
        backend=be,
    )
    walls.play(g, ["s0:discard=5m", "s3:pass", "s1:pung=5m"])
    own = next(t for t in walls.hand_of(g, 1) if t not in ("5m", "1z", "1s"))
    walls.play(g, [f"s1:discard={own}", "s2:discard=6z", "s3:ready=9s", "s0:discard=5z"])
    walls.play(g, ["s1:kong=5m"])
    assert g.legal_moves() == ["s3:pass", "s3:win"]
    walls.play(g, ["s3:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("robbed_kong", 3, 1)
    assert r.ledger == (
        ("robbed_kong", 1, 3, 1),
        ("ready_bonus", 0, 3, 1),
        ("ready_bonus", 1, 3, 1),
        ("ready_bonus", 2, 3, 1),
    )
    assert r.payments == (-1, -2, -1, 4)
