"""Conformance on exact walls: the notation and the reason codes of illegal moves
(shared/rules/mahjong.md §10 "Moves are `s<seat>:<action>`", §11; docs/mahjong-engine.md
"Moves and the order of checks"; the reason table `pyyijing/mahjong/reasons.py`)."""

from __future__ import annotations

import pytest
from support import walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
COMMON = mj.Rules("common")


def fresh(be: str) -> mj.Game:
    return walls.game(COMMON, dealer=0, hands={0: "1m5z+", 2: "5z5z+"}, backend=be)


@pytest.mark.parametrize(
    "move",
    [
        "",
        "s0",
        "s0:",
        "0:discard=1m",
        "s:discard=1m",
        "s00:discard=1m",
        "s01:discard=1m",
        "S0:discard=1m",
        " s0:discard=1m",
        "s0:discard=1m ",
        "s0:discard",
        "s0:discard=",
        "s0:discard=1",
        "s0:discard=10m",
        "s0:discard=0m",
        "s0:discard=8z",
        "s0:discard=E",
        "s0:discard=1f",
        "s0:discard=m1",
        "s0:discard=1m1m",
        "s0:win=1m",
        "s0:pass=",
        "s0:fly",
        "s0:chow=12m",
        "s0:chow=1234m",
        "s0:chow=123z",
        "s0:chow=a23m",
        "s0:void=",
        "s0:void=z",
        "s0:void=mm",
        "s0:raise=10",
        "s0:opening=1",
        "s-1:win",
        "s0:win\n",
        "s\u0660:win",
    ],
)
def test_malformed(be: str, move: str) -> None:
    """mahjong.md §10: moves are `s<seat>:<action>`, tiles two-character codes, `chow=`
    three digits + suit; docs: `<n>` ASCII digits with no leading zero, `T` one of the
    34 kinds (a flower is `malformed`), anything else, extra characters included, is
    `malformed`. An illegal `apply` raises `IllegalMove` with `.code` and changes
    nothing."""
    g = fresh(be)
    v = g.validate(move)
    assert (v.ok, v.code) == (False, "malformed")
    assert v.message == mj.REASONS["malformed"]
    before = (g.moves, g.view(None))
    with pytest.raises(mj.IllegalMove) as info:
        g.apply(move)
    assert info.value.code == "malformed"
    assert (g.moves, g.view(None)) == before


@pytest.mark.parametrize("move", ["s4:win", "s4:discard=1m", "s10:pass", "s99:void=m"])
def test_no_such_seat(be: str, move: str) -> None:
    """docs: "a well-formed move of a seat `n >= 4` is `no_such_seat`" (§1 Seats 0-3)."""
    assert walls.code_of(fresh(be), move) == "no_such_seat"


@pytest.mark.parametrize(
    "move", ["s0:raise=1", "s0:opening", "s0:mid", "s0:open_kong=5z", "s0:haidi", "s1:raise=0"]
)
def test_other_rulesets_moves_not_in_rules(be: str, move: str) -> None:
    """docs order of checks 2: `not_in_rules` — an action of another ruleset (`raise` §6,
    `opening`, `mid`, `open_kong`, `haidi` §7), before `not_your_turn`."""
    assert walls.code_of(fresh(be), move) == "not_in_rules"


def test_order_of_checks(be: str) -> None:
    """docs/mahjong-engine.md "Moves and the order of checks": `game_over` first, then
    `not_in_rules`, then `wrong_phase`, then `not_your_turn`, then the seat's own checks
    (`tile_not_held`)."""
    g = fresh(be)
    assert walls.code_of(g, "s1:discard=1m") == "not_your_turn"
    assert walls.code_of(g, "s1:pung=1m") == "wrong_phase"  # before not_your_turn
    assert walls.code_of(g, "s1:chow=123m") == "wrong_phase"
    assert walls.code_of(g, "s0:discard=9s") == "tile_not_held"
    assert walls.code_of(g, "s0:ready=9s") == "tile_not_held"
    assert walls.code_of(g, "s0:win") == "cannot_win"
    walls.play(g, ["s0:discard=5z"])
    assert g.to_act == [2]
    assert walls.code_of(g, "s2:discard=5z") == "wrong_phase"
    assert walls.code_of(g, "s1:pung=5z") == "not_your_turn"
    assert walls.code_of(g, "s2:pung=1m") == "cannot_pung"
    assert walls.code_of(g, "s2:win") == "cannot_win"
    assert walls.code_of(g, "s2:void=m") == "not_in_rules"
    g2 = walls.game(COMMON, dealer=0, hands={0: "123m456m789m123p55p"}, backend=be)
    walls.play(g2, ["s0:win"])
    for move in ("s0:discard=1m", "s1:pass", "s0:raise=1", "s3:win"):
        assert walls.code_of(g2, move) == "game_over"
    assert walls.code_of(g2, "s0:fly") == "malformed"  # parsing comes first
    assert walls.code_of(g2, "s4:win") == "no_such_seat"


def test_legal_moves_validate_and_others_do_not(be: str) -> None:
    """mahjong.md §10: `legal_moves(seat)` is `[]` for a seat not in `to_act`; docs:
    sorted; every listed move validates ok (a few turns and claims of a seeded hand)."""
    g = mj.Game(COMMON, seed=31, backend=be)
    for _ in range(24):
        if g.phase == "over":
            break
        legal = g.legal_moves()
        assert legal == sorted(legal)
        for seat in range(4):
            if seat not in g.to_act:
                assert g.legal_moves(seat) == []
        for m in legal:
            v = g.validate(m)
            assert v.ok, (m, v)
            assert (v.code, v.message) == ("ok", "")
        g.apply(legal[0])


def test_apply_all_and_apply_each(be: str) -> None:
    """architecture.md contract: `apply_all` applies up to the first illegal move and
    gives `(index, verdict)`; `apply_each` gives every move's verdict, an illegal move
    changing nothing."""
    g = fresh(be)
    bad = g.apply_all(["s0:discard=1m", "s0:discard=5z"])
    assert bad is not None
    assert bad[0] == 1
    assert bad[1].code == "not_your_turn"
    assert g.moves == ["s0:discard=1m"]
    g = fresh(be)
    verdicts = g.apply_each(["s1:discard=1m", "s0:discard=1m"])
    assert [v.code for v in verdicts] == ["not_your_turn", "ok"]
    assert g.moves == ["s0:discard=1m"]


def test_every_code_has_a_message() -> None:
    """docs/mahjong-engine.md: "Reason codes and messages: `pyyijing/mahjong/reasons.py`
    (the table)" — every code the order of checks names is in it."""
    codes = {
        "ok",
        "malformed",
        "no_such_seat",
        "game_over",
        "not_in_rules",
        "wrong_phase",
        "already_chosen",
        "not_your_turn",
        "tile_not_held",
        "hand_locked",
        "void_suit_first",
        "void_suit",
        "already_declared",
        "not_ready",
        "must_discard",
        "wall_empty",
        "cannot_kong",
        "cannot_win",
        "cannot_pung",
        "cannot_chow",
    }
    assert codes <= set(mj.REASONS)
    assert all(mj.REASONS[c] for c in codes - {"ok"})
