"""Conformance: winning, 胡 on another's play, points and payments (rules §4–5, docs §5).

"rules §N" is shared/rules/yijing.md, "docs §N" docs/yijing.md, "seed LN" a
line of shared/seeds/001_75694d2672d02005.txt.
"""

from __future__ import annotations

import pytest
from support.yjtest import run, scripted

import pyyijing as yj

# Seat 0 targets ䷾ 既濟 (101010) and builds it with plays of 10; seat 2 builds it too;
# seats 1 and 3 build ䷿ 未濟 (010101). Nobody's target but seat 0's is built.
TARGETS = ["101010", "000111", "111000", "001100"]


def alternating(plays: int) -> list[str]:
    return [f"s{i % 4}:play={'10' if i % 2 == 0 else '01'}" for i in range(plays)]


# Seat 0 completes 101010 (its target) on its 3rd play; after 5 rounds its hexagram in
# progress is 1010 and seat 2's play of 10 would complete the target a second time.
BEFORE_OFFER = alternating(19)


def test_win_on_another_players_play_is_dealt_in(backend) -> None:
    """rules §4 放炮: a ready player wins on another's play of the same lines; the player
    who played pays all the points (rules §5). Two completed hexagrams equal to the
    target win (`two_targets`); ䷾ scores 4.5 points (the seed's second example).

    seed L44: 「直到誰最先擺出兩組與自己步驟一的六組合牌相同的六組合牌即為贏家」;
    「誰放炮，點數歸誰出」; 「圖右六組合牌的總點數為4.5」
    """
    g = scripted(yj.Rules(), 0, TARGETS, [*BEFORE_OFFER, "s3:play=01", "s0:play=10"],
                 backend=backend.name)  # fmt: skip
    run(g, BEFORE_OFFER[:-1])
    assert g.ready(0) == [
        {"lines": "10", "placement": "outer", "king_wen": 63, "points_half": 9},
    ]
    run(g, BEFORE_OFFER[-1:])
    assert g.phase == "claim"
    assert g.to_act == [0]
    assert g.legal_moves(0) == ["s0:pass", "s0:win"]
    assert g.validate("s0:win@inner").code == "bad_placement"
    assert g.validate("s0:win@outer").code == "bad_placement"
    run(g, ["s0:win"])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("dealt_in", 0, 2)
    assert (r.points_half, r.hexagram, r.lines) == (9, 63, "101010")
    assert r.payments == (9, 0, -9, 0)
    assert r.conditions == ("two_targets",)
    assert g.phase == "over"
    assert g.to_act == []
    assert g.legal_moves() == []
    assert g.validate("s3:play=01").code == "game_over"


@pytest.mark.parametrize(
    ("payment", "last", "points", "payments"),
    [
        ("each", "10", 9, (27, -9, -9, -9)),
        ("split", "10", 9, (9, -3, -3, -3)),
        # ䷾ with a taiji as line 5: 1+0.5+1+0.5+0+0.5 = 3.5 points, 7 half-points;
        # split three ways the odd half-point is paid by seat 1, first after the winner.
        ("each", "+0", 7, (21, -7, -7, -7)),
        ("split", "+0", 7, (7, -3, -2, -2)),
    ],
)
def test_self_draw_after_declining_pays_each_or_split(
    backend, payment: str, last: str, points: int, payments: tuple[int, ...]
) -> None:
    """rules §4 自摸 and §5: a self-draw ends the hand at once; each loser pays the
    points (`each`) or they are split (`split`, remainder paid counterclockwise from
    the winner: rules §9); a taiji scores 0 (seed: 「太極圖牌可不計點數」).

    seed L44: 「自摸胡牌，點數由幾位輸家出」
    """
    moves = [*BEFORE_OFFER, "s0:pass", "s3:play=01", f"s0:play={last}"]
    rules = yj.Rules(self_draw_payment=payment)
    g = scripted(rules, 0, TARGETS, moves, backend=backend.name)
    wall_before = None
    for m in moves:
        if m.startswith("s0:play") and m == moves[-1]:
            wall_before = g.view(None)["wall_remaining"]
        run(g, [m])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("self_draw", 0, None)
    assert r.points_half == points
    assert r.payments == payments
    assert sum(r.payments) == 0
    # the winner does not draw (rules §9 "A self-draw ends the hand at once")
    assert g.view(None)["wall_remaining"] == wall_before
    assert g.view(0)["seats"][0]["hand_count"] == 0


def test_three_of_a_kind_wins(backend) -> None:
    """rules §4 `three_of_a_kind`: three identical completed hexagrams, any hexagram.

    seed L44: 「或者誰最先擺出任意三組相同的六組合牌即為贏家」
    """
    rules = yj.Rules(win_conditions=("three_of_a_kind",))
    # Seat 0 builds ䷾ three times; with `two_targets` off its second one does not win.
    # After 7 rounds its hexagram in progress is 1010 and seat 2's 10 completes the third.
    moves = alternating(31)
    g = scripted(rules, 0, TARGETS, [*moves, "s0:win"], backend=backend.name)
    run(g, moves)
    assert g.phase == "claim"
    assert g.to_act == [0]
    run(g, ["s0:win"])
    assert g.result is not None
    assert g.result.conditions == ("three_of_a_kind",)
    assert g.result.lines == "101010"
    # docs §3: the table stays as it was; the winning hexagram is in the result.
    assert g.view(None)["seats"][0]["completed"] == ["101010"] * 2


def test_five_point_hexagram_self_draw_two_players_simple(backend) -> None:
    """rules §5: yang 1 point, yin ½: a hexagram of 4 yang and 2 yin scores 5 (the seed's
    first example); 2 players, simple variant (rules §7).

    seed L44: 「每一陽爻代表一個點數，每一陰爻代表半個點數…下圖左六組合牌的總點數為5」
    """
    rules = yj.Rules(variant="simple", players=2)
    moves = []
    for _ in range(4):
        moves += ["s0:play=110", "s1:play=011"]
    g = scripted(rules, 0, ["110110", "000000"], moves, backend=backend.name)
    run(g, moves[:-1])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.points_half, r.payments) == ("self_draw", 0, 10, (10, -10))
    assert r.hexagram == yj.Hexagram.from_lines("110110").king_wen


# -- advanced conditions (rules §4 高級): simple variant, 2 players --------------------

FILLERS = ["011", "110", "001", "100", "010", "101"]


def two_player_script(plays0: list[str]) -> list[str]:
    """Seat 0 plays `plays0`; seat 1 answers with mixed trigrams that repeat neither
    seat 0's last play nor its next one (rules §3 no-repeat rule)."""
    moves = []
    for i, p in enumerate(plays0):
        moves.append(f"s0:play={p}")
        nxt = plays0[i + 1] if i + 1 < len(plays0) else None
        moves.append("s1:play=" + next(f for f in FILLERS if f not in (p, nxt)))
    return moves


ADVANCED = {
    "target_and_eight_trigrams": ["100", "011", "010", "101", "001", "110", "111", "000"],
    "eight_trigrams_and_pair": ["100", "011", "010", "101", "001", "110", "111", "000", "100",
                                "011"],
    "eight_trigrams_and_qian": ["111", "111", "000", "100", "011", "010", "101", "001", "000",
                                "110"],
    "eight_trigrams_and_kun": ["000", "000", "111", "100", "011", "010", "101", "001", "111",
                               "110"],
}  # fmt: skip


@pytest.mark.parametrize("condition", sorted(ADVANCED))
def test_advanced_win_conditions(backend, condition: str) -> None:
    """rules §4 Advanced: all eight trigrams among the completed hexagrams' lower and
    upper trigrams, plus the target / a pair / ䷀ / ䷁; each is its own switch.

    seed L46: 「高級進階的輸贏還包括：…含有八卦的八個三畫卦牌即為贏家…等等」
    """
    plays0 = ADVANCED[condition]
    moves = two_player_script(plays0)
    targets = ["111000", "000000"]
    rules = yj.Rules(variant="simple", players=2, win_conditions=(condition,))
    g = scripted(rules, 0, targets, moves, backend=backend.name)
    run(g, moves[:-2])
    assert g.phase == "play"
    run(g, moves[-2:-1])
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.conditions) == ("self_draw", 0, (condition,))
    # The switch matters: with only `two_targets` on, the same plays do not win.
    basic = yj.Rules(variant="simple", players=2, win_conditions=("two_targets",))
    g2 = scripted(basic, 0, targets, moves, backend=backend.name)
    run(g2, moves)
    assert g2.result is None


def test_eight_trigrams_do_not_count_the_target(backend) -> None:
    """rules §4 [decision]: the target is not laid out, so its trigrams do not count."""
    plays0 = ["100", "011", "010", "101", "001", "110"]  # misses ☰ and ☷; target has them
    moves = two_player_script(plays0)
    rules = yj.Rules(variant="simple", players=2, win_conditions=("target_and_eight_trigrams",))
    g = scripted(rules, 0, ["111000", "000000"], moves, backend=backend.name)
    run(g, moves)
    assert g.result is None


def test_taiji_in_target_matches_its_declared_lines(backend) -> None:
    """rules §1: a taiji is its declared line for every rule (matching included)."""
    rules = yj.Rules(variant="simple", players=2)
    moves = []
    for _ in range(4):
        moves += ["s0:play=110", "s1:play=011"]
    g = scripted(rules, 0, ["11011-", "000000"], moves, backend=backend.name)
    run(g, moves[:-1])
    assert g.result is not None
    assert g.result.conditions == ("two_targets",)


def test_sun_scores_four_and_a_half_points() -> None:
    """rules §5: each yang line 1 point, each yin line ½: ䷨ 損 (110001, seed L48's
    example hexagram: 兌 below, 艮 above) has 3 yang and 3 yin lines, 4.5 points.

    seed L44: 「每一陽爻代表一個點數，每一陰爻代表半個點數」
    """
    sun = yj.Hexagram.from_lines("110001")
    assert (sun.name, sun.lower.name, sun.upper.name) == ("損", "兌", "艮")
    assert sun.points_half == 9
