"""Conformance: tiles, rules options, the deal and the target phase.

Each test cites the clause it checks: "rules §N" is shared/rules/yijing.md,
"docs §N" is docs/yijing.md, "seed L" a line of shared/seeds/001_*.txt.
"""

from __future__ import annotations

import pytest
from support.yjtest import run, scripted

import pyyijing as yj


def test_rules_defaults_are_the_rules_page_table() -> None:
    """rules §8: every option exists with its default."""
    r = yj.Rules()
    assert r.to_dict() == {
        "variant": "standard",
        "players": 4,
        "deck": 144,
        "taiji": "wild",
        "taiji_in_pong": True,
        "win_conditions": ["two_targets", "three_of_a_kind"],
        "self_draw_payment": "each",
        "next_dealer": "dice",
    }


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("variant", "fancy"),
        ("players", 5),
        ("players", 1),
        ("players", True),
        ("players", 4.0),
        ("deck", 150),
        ("taiji", "yes"),
        ("taiji_in_pong", 1),
        ("win_conditions", ("two_targets", "five_dragons")),
        ("win_conditions", ()),
        ("win_conditions", "two_targets"),
        ("self_draw_payment", "half"),
        ("next_dealer", "loser"),
    ],
)
def test_bad_rule_option_names_option_and_allowed_values(option: str, value: object) -> None:
    """rules §8: a bad option value raises ValueError naming the option."""
    with pytest.raises(ValueError, match=option):
        yj.Rules(**{option: value})  # type: ignore[arg-type]


def test_win_conditions_are_stored_in_canonical_order() -> None:
    """docs §5: conditions are data in one canonical order."""
    r = yj.Rules(win_conditions=["eight_trigrams_and_kun", "two_targets", "two_targets"])
    assert r.win_conditions == ("two_targets", "eight_trigrams_and_kun")


@pytest.mark.parametrize(
    ("deck", "taiji", "yang", "taiji_count"),
    [(144, "wild", 70, 4), (162, "wild", 79, 4), (144, "none", 70, 0), (162, "none", 79, 0)],
)
def test_tile_set_sizes(backend, deck: int, taiji: str, yang: int, taiji_count: int) -> None:
    """rules §1: 70+70+4 (144) or 79+79+4 (162); taiji="none" drops the 4 taiji.

    seed L10: 「陽爻牌和陰爻牌各占一半，另外包括四隻太極圖牌…共144或162隻牌」
    """
    g = yj.Game(yj.Rules(deck=deck, taiji=taiji), seed=3, backend=backend.name)
    assert g.wall.count("1") == yang
    assert g.wall.count("0") == yang
    assert g.wall.count("T") == taiji_count
    assert g.view(None)["wall_remaining"] == 2 * yang + taiji_count - 32


def test_wrong_wall_is_rejected_with_a_clear_error(backend) -> None:
    """rules §2 / docs §2: a wall must hold exactly the rules' tiles."""
    rules = yj.Rules()
    good = "1" * 70 + "0" * 70 + "TTTT"
    yj.Game(rules, wall=good, dealer=0, backend=backend.name)
    with pytest.raises(ValueError, match="yang"):
        yj.Game(rules, wall="1" + good[1:-1] + "1", dealer=0, backend=backend.name)
    with pytest.raises(ValueError, match="unknown tile"):
        yj.Game(rules, wall=good[:-1] + "X", dealer=0, backend=backend.name)
    with pytest.raises(ValueError, match="taiji"):
        yj.Game(yj.Rules(taiji="none"), wall=good, dealer=0, backend=backend.name)
    with pytest.raises(ValueError, match="seat"):
        yj.Game(rules, wall=good, dealer=4, backend=backend.name)
    with pytest.raises(ValueError, match="seed"):
        yj.Game(rules, seed=1, wall=good, backend=backend.name)


def test_dice_pick_the_dealer(backend) -> None:
    """rules §2: dealer = (d1 + d2 - 1) % n counted from seat 0; dice are in the record.

    seed L17: 「接著擲骰子確定莊家」
    """
    for players in (2, 3, 4):
        for seed in range(20):
            g = yj.Game(yj.Rules(players=players), seed=seed, backend=backend.name)
            wall, (d1, d2) = yj.shuffle_wall(seed)
            assert g.wall == wall
            assert g.dealer == (d1 + d2 - 1) % players
            assert g.record()["dice"] == [d1, d2]


def test_deal_is_grabs_of_four_from_the_front_dealer_first_counterclockwise(backend) -> None:
    """rules §2 and §9 "Deal": grabs of 4, dealer first, counterclockwise, two rounds.

    seed L17: 「按照逆時針方向，從莊家開始輪流抓牌，每人最終抓八隻牌」
    """
    # dealer 1: grabs go to seats 1, 2, 3, 0, then 1, 2, 3, 0 again.
    grabs = ["1111", "0000", "11TT", "1010", "1100", "0011", "0TT0", "0101"]
    head = "".join(grabs)
    rest_yang = 70 - head.count("1")
    rest_yin = 70 - head.count("0")
    wall = head + "1" * rest_yang + "0" * rest_yin
    g = yj.Game(yj.Rules(), wall=wall, dealer=1, backend=backend.name)
    assert g.phase == "target"
    hands = {s: g.view(s)["seats"][s]["hand"] for s in range(4)}
    assert hands == {1: "11111100", 2: "11000000", 3: "1100TTTT", 0: "11110000"}
    assert g.view(None)["wall_remaining"] == 144 - 32


def test_simple_variant_deals_nine_with_a_last_round_of_one(backend) -> None:
    """rules §7 / §9 "Deal": simple variant, a third round of 1 tile each (9 tiles).

    seed L57: 「每人最終抓九隻牌」
    """
    head = "1111" + "0000" + "1111" + "0000" + "1111" + "0000" + "1111" + "0000" + "T0T1"
    wall = head + "1" * (70 - head.count("1")) + "0" * (70 - head.count("0")) + "TT"
    g = yj.Game(yj.Rules(variant="simple"), wall=wall, dealer=0, backend=backend.name)
    hands = [g.view(s)["seats"][s]["hand"] for s in range(4)]
    assert hands == ["11111111T", "000000000", "11111111T", "100000000"]
    assert g.view(None)["wall_remaining"] == 144 - 36


def test_target_phase_any_order_then_dealer_plays(backend) -> None:
    """rules §2: each seat lays 6 of its tiles as a hidden target; then the dealer plays.

    seed L17: 「將抓得的八隻牌中的任何六隻組合成一組牌…從內往外反扣於牌桌上」
    """
    targets = ["111000", "000111", "101010", "010101"]
    g = scripted(yj.Rules(), 2, targets, ["s2:play=10"], lay_targets=False, backend=backend.name)
    assert g.phase == "target"
    assert g.to_act == [0, 1, 2, 3]
    union = g.legal_moves()
    assert all(m.split(":")[0] in {"s0", "s1", "s2", "s3"} for m in union)
    assert union == sorted(union)
    assert set(g.legal_moves(3)) <= set(union)
    assert "s3:target=010101" in g.legal_moves(3)
    g.apply("s3:target=010101")
    assert g.validate("s3:target=010101").code == "target_already_laid"
    assert g.to_act == [0, 1, 2]
    assert g.legal_moves(3) == []
    assert g.validate("s1:target=0001").code == "wrong_count"
    assert g.validate("s1:target=111111").code == "tiles_not_in_hand"
    assert g.validate("s1:play=10").code == "wrong_phase"
    for s in (1, 0, 2):
        g.apply(f"s{s}:target={targets[s]}")
    assert g.phase == "play"
    assert g.to_act == [2]
    assert g.view(2)["seats"][2]["hand"] == "10"
    assert g.view(2)["seats"][2]["target"] == "101010"


def test_taiji_in_target_is_declared(backend) -> None:
    """rules §2: 「A taiji in the target is declared yin or yang at this moment」."""
    targets = ["+10101", "000111", "-01010", "010101"]
    g = scripted(yj.Rules(), 0, targets, [], lay_targets=False, backend=backend.name)
    assert "s0:target=+10101" in g.legal_moves(0)
    assert "s0:target=-10101" in g.legal_moves(0)
    run(g, [f"s{s}:target={t}" for s, t in enumerate(targets)])
    assert g.view(0)["seats"][0]["target"] == "+10101"
    assert g.view(2)["seats"][2]["target"] == "-01010"
    # taiji="none": no taiji tile, so no + or - anywhere.
    g2 = yj.Game(yj.Rules(taiji="none"), seed=1, backend=backend.name)
    assert not any("+" in m or "-" in m for m in g2.legal_moves())


@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_player_deal_and_turns(backend, players: int) -> None:
    """rules §2: 2–4 players; seats counterclockwise; the dealer plays first."""
    g = yj.Game(yj.Rules(players=players), seed=11, backend=backend.name)
    assert g.to_act == list(range(players))
    assert g.view(None)["wall_remaining"] == 144 - 8 * players
    for s in range(players):
        g.apply(g.legal_moves(s)[0])
    assert g.to_act == [g.dealer]
    g.apply(g.legal_moves(g.dealer)[0])
    while g.phase == "claim":
        g.apply(f"s{g.to_act[0]}:pass")
    assert g.to_act == [(g.dealer + 1) % players]
