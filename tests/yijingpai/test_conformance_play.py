"""Conformance: 應 plays, the no-repeat rule, 碰 and its placements (rules §3, docs §3–4).

"rules §N" is shared/rules/yijing.md, "docs §N" docs/yijing.md, "seed LN" a
line of shared/seeds/001_75694d2672d02005.txt.
"""

from __future__ import annotations

import pytest
from support.yjtest import run, scripted

import pyyijing as yj

T4 = ["111000", "000111", "110011", "001100"]


def alternating(rounds: int, players: int = 4) -> list[str]:
    """Seats in turn play 10, 01, 10, 01, …: never a repeat, never a pure pair."""
    out = []
    for i in range(rounds * players):
        out.append(f"s{i % players}:play={'10' if i % 2 == 0 else '01'}")
    return out


def test_play_goes_outer_side_draws_and_three_plays_complete_a_hexagram(backend) -> None:
    """rules §3 應 and 步驟三: plays go on the outer side; the player draws at once;
    three plays complete a hexagram, laid beside the target, and a new one starts.

    seed L23: 「從內往外正面朝上亮牌並擺放於牌桌上，隨即從牌牆上抓取兩隻牌」;
    seed L31: 「應出的兩隻牌，擺放於第一次擺出的兩組合牌外側」
    """
    moves = alternating(3)
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:1])
    v = g.view(None)
    assert v["seats"][0]["in_progress"] == "10"
    assert v["seats"][0]["hand_count"] == 2
    assert v["wall_remaining"] == 112 - 2
    assert v["last_play"] == {"seat": 0, "kind": "play", "lines": "10", "placement": "outer"}
    run(g, moves[1:5])
    assert g.view(None)["seats"][0]["in_progress"] == "1010"
    run(g, moves[5:9])
    v = g.view(None)
    assert v["seats"][0]["completed"] == ["101010"]
    assert v["seats"][0]["in_progress"] == ""
    assert v["seats"][1]["in_progress"] == "0101"
    assert v["wall_remaining"] == 112 - 18
    assert g.phase == "play"
    assert g.to_act == [1]


def test_no_repeat_rule(backend) -> None:
    """rules §3 No-repeat: an 應 may not repeat the previous play; order matters (⚍ ≠ ⚎).

    seed L23: 「任一下家擺出的兩組合牌不能與上家擺出的兩組合牌相同…例如⚍和⚎，屬於不同的牌」
    """
    moves = ["s0:play=10", "s1:play=01"]
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:1])
    assert g.legal_moves(1) == ["s1:play=01"]
    verdict = g.validate("s1:play=10")
    assert (verdict.ok, verdict.code) == (False, "repeat_play")


def test_no_repeat_rule_sees_taiji_as_declared(backend) -> None:
    """rules §9: taiji is its declared line for the no-repeat rule (`+0` repeats `10`)."""
    moves = ["s0:play=10", "s1:play=0-"]
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:1])
    assert g.legal_moves(1) == ["s1:play=-0", "s1:play=0+", "s1:play=0-"]
    assert g.validate("s1:play=+0").code == "repeat_play"


def test_first_play_of_the_hand_has_no_previous_play(backend) -> None:
    """rules §3: the dealer's first play has nothing to repeat."""
    g = scripted(yj.Rules(), 0, T4, ["s0:play=10"], backend=backend.name)
    assert g.legal_moves(0) == ["s0:play=01", "s0:play=10"]


def test_next_player_holding_the_pair_simply_pongs_in_turn(backend) -> None:
    """rules §3 碰 [decision] / §9 Claim offers: if the next player holds the pair it is
    simply their turn and their play must be the pong; nobody after them is offered.
    On an empty hexagram in progress the only placement is @outer (docs §4).

    seed L25: 「若上家出全陰爻牌…則下一個優先由手裡抓有全陰爻牌的玩家陰“碰”」
    """
    moves = ["s0:play=00", "s1:pong=00@outer"]
    g = scripted(yj.Rules(), 0, T4, moves, hands={3: "00"}, backend=backend.name)
    run(g, moves[:1])
    assert g.phase == "play"
    assert g.to_act == [1]
    assert g.legal_moves(1) == ["s1:pong=00@outer"]
    assert g.validate("s1:play=00").code == "repeat_play"
    assert g.validate("s1:pong=00@inner").code == "bad_placement"
    assert g.validate("s1:pong=00@split").code == "bad_placement"
    run(g, moves[1:])
    v = g.view(None)
    assert v["last_play"] == {"seat": 1, "kind": "pong", "lines": "00", "placement": "outer"}
    assert v["seats"][1]["in_progress"] == "00"


def test_pong_is_offered_counterclockwise_and_skips_seats(backend) -> None:
    """rules §3 碰: priority counterclockwise from the player after the one who played; the
    pong player plays their own pair, draws, and the turn passes to their next player:
    the players in between are skipped. Who is offered stays private (rules §9).

    seed L24: 「則所有手裡握有該對子的玩家均可出牌，稱為“碰”…碰先碰後按逆時針方向來」
    """
    # s2 still holds 00 after passing, so it is offered s3's pong in turn (and passes).
    moves = ["s0:play=00", "s2:pass", "s3:pong=00@outer", "s2:pass"]
    g = scripted(yj.Rules(), 0, T4, moves, hands={2: "00"}, backend=backend.name)
    run(g, moves[:1])
    assert g.phase == "claim"
    assert g.to_act == [2]
    assert g.legal_moves(2) == ["s2:pass", "s2:pong=00@outer"]
    assert g.legal_moves(1) == []
    assert g.validate("s3:pong=00@outer").code == "not_your_turn"
    assert g.validate("s1:play=10").code == "wrong_phase"
    for seat in (None, 0, 1, 3):
        v = g.view(seat)
        assert v["claims_pending"] is True
        assert v["to_act"] is False
        assert v["turn"] is None
    assert g.view(2)["to_act"] is True
    run(g, moves[1:2])
    assert g.to_act == [3]
    run(g, moves[2:3])
    assert g.to_act == [2]
    run(g, moves[3:])
    wall_after = g.view(None)["wall_remaining"]
    assert wall_after == 112 - 4
    assert g.phase == "play"
    assert g.to_act == [0]
    assert "s2:pass" not in g.view(None)["history"]


def test_pong_of_a_pong(backend) -> None:
    """rules §3 碰: 「A pong can itself be ponged (依此類推)」.

    seed L25: 「然後輪到該玩家的下家出牌，依此類推」
    """
    moves = ["s0:play=00", "s1:pong=00@outer", "s3:pong=00@outer"]
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:2])
    assert g.phase == "claim"
    assert g.to_act == [3]
    run(g, moves[2:])
    assert g.to_act == [0]
    assert [s["in_progress"] for s in g.view(None)["seats"]] == ["00", "00", "", "00"]


def _pong_script(pair: str, first: str, second: str) -> list[str]:
    # Seat 1 pongs seat 0's pure pair in turn on its 2nd and 3rd plays; seat 0, already
    # holding the next pair, is offered seat 1's first pong and passes.
    return [
        "s0:play=10", "s1:play=01", "s2:play=10", "s3:play=01",
        f"s0:play={pair}", f"s1:pong={pair}@{first}", "s0:pass", "s2:play=10", "s3:play=01",
        f"s0:play={pair}", f"s1:pong={pair}@{second}",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "second", "after2", "after3"),
    [
        ("outer", "outer", "0100", "010000"),
        ("outer", "inner", "0100", "000100"),
        ("inner", "outer", "0001", "000100"),
        ("inner", "inner", "0001", "000001"),
    ],
)
def test_yin_pong_outer_or_inner_in_plays_2_and_3(
    backend, first: str, second: str, after2: str, after3: str
) -> None:
    """rules §3 陰碰: both tiles together on the outer side or both on the inner side.

    seed L32: 「陰碰的兩隻牌，既可以並列擺放於第一次擺出的兩組合牌之外側，又可以擺內側」;
    seed L39 (third play): 「既可並列擺放於前兩次擺出的四隻牌外側，又可擺內側」
    """
    moves = _pong_script("00", first, second)
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:5])
    assert g.legal_moves(1) == ["s1:pong=00@inner", "s1:pong=00@outer"]
    assert g.validate("s1:pong=00@split").code == "bad_placement"
    run(g, moves[5:6])
    assert g.view(None)["seats"][1]["in_progress"] == after2
    run(g, moves[6:])
    assert g.view(None)["seats"][1]["completed"] == [after3]


def test_yang_pong_split_in_plays_2_and_3(backend) -> None:
    """rules §3 陽碰: one tile on the outer side and one on the inner side.

    seed L33: 「陽碰的兩隻牌，一隻擺放於第一次擺出的兩隻牌外側、另一隻擺內側」; seed L40.
    """
    moves = _pong_script("11", "split", "split")
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:5])
    assert g.legal_moves(1) == ["s1:pong=11@split"]
    assert g.validate("s1:pong=11@outer").code == "bad_placement"
    assert g.validate("s1:pong=11@inner").code == "bad_placement"
    run(g, moves[5:6])
    assert g.view(None)["seats"][1]["in_progress"] == "1011"
    run(g, moves[6:])
    assert g.view(None)["seats"][1]["completed"] == ["110111"]


def test_split_with_taiji_example_of_the_fine_print(backend) -> None:
    """rules §9 @split: 「`pong=1+@split` on `0010` gives `10010+`」; with taiji every
    distinct order is a distinct legal move, and a taiji declared to match may pong.
    """
    moves = [
        "s0:play=10", "s1:play=00", "s2:play=01", "s3:play=10",
        "s0:play=01", "s1:play=10", "s2:play=01", "s3:play=10",
        "s0:play=11", "s1:pong=1+@split",
    ]  # fmt: skip
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:9])
    assert g.legal_moves(1) == [
        "s1:play=-1",
        "s1:play=1-",
        "s1:pong=+1@split",
        "s1:pong=1+@split",
    ]
    run(g, moves[9:])
    assert g.view(None)["seats"][1]["completed"] == ["10010+"]


@pytest.mark.parametrize("taiji_in_pong", [True, False])
def test_taiji_stands_in_for_a_pong_pair_only_if_allowed(backend, taiji_in_pong: bool) -> None:
    """rules §1 `taiji_in_pong`: a taiji in hand may stand in for a pong pair; the option
    also governs the player-in-turn pong (rules §9).
    """
    moves = ["s0:play=00", "s1:play=0+"]
    g = scripted(yj.Rules(taiji_in_pong=taiji_in_pong), 0, T4, moves, backend=backend.name)
    run(g, moves[:1])
    plays = ["s1:play=+0", "s1:play=0+"]
    if taiji_in_pong:
        assert g.legal_moves(1) == [*plays, "s1:pong=-0@outer", "s1:pong=0-@outer"]
    else:
        assert g.legal_moves(1) == plays
        assert g.validate("s1:pong=0-@outer").code == "taiji_not_allowed"
    assert g.validate("s1:play=0-").code == "repeat_play"


def test_a_taiji_declared_to_make_a_pure_pair_can_be_ponged(backend) -> None:
    """rules §9: 「pure-pair detection (`+1` can be ponged)」."""
    moves = ["s0:play=+1", "s1:pong=11@outer"]
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:1])
    assert g.legal_moves(1) == ["s1:pong=11@outer"]
    run(g, moves[1:])
    assert g.to_act == [2]


def test_pong_reason_codes(backend) -> None:
    """docs §6: each way a pong can be wrong has its own code, in the documented order."""
    moves = ["s0:play=00", "s1:play=10"]
    g = scripted(yj.Rules(), 0, T4, moves, backend=backend.name)
    run(g, moves[:1])
    codes = {
        "s1:pong=10@outer": "not_a_pair",
        "s1:pong=11@outer": "no_pong_available",
        "s1:pong=00@outer": "tiles_not_in_hand",
        "s1:pong=0@outer": "wrong_count",
        "s1:pong=000@outer": "wrong_count",
        "s2:play=10": "not_your_turn",
        "s1:pass": "wrong_phase",
        "s1:win": "wrong_phase",
        "s1:play=1": "wrong_count",
        "s1:play=11": "tiles_not_in_hand",
        "s1:target=101010": "wrong_phase",
        "s9:play=10": "no_such_seat",
        "s1:play=1x": "malformed",
        "s01:play=10": "malformed",
        "s1:pong=00": "malformed",
        "s1:pong=00@top": "malformed",
        " s1:play=10": "malformed",
        "s1:play=10 ": "malformed",
        "s1:play=" + "1" * 80: "malformed",
        "": "malformed",
    }
    before = g.record()
    for move, code in codes.items():
        assert g.validate(move).code == code, move
        with pytest.raises(yj.IllegalMove) as info:
            g.apply(move)
        assert info.value.code == code
    assert g.record() == before


def test_simple_variant_plays_trigrams(backend) -> None:
    """rules §7: plays of 3 tiles, two plays build a hexagram, draw 3; the no-repeat rule
    compares trigrams; pong on ☷/☰ all together outer or inner.

    seed L59: 「每一輪出牌從三組合牌開始，三隻三隻地出牌，出牌兩次，至六組合牌為一輪」;
    seed L63: 「陰碰和陽碰的三隻牌既可以並列擺放於第一次擺出的三組合牌之外側又可以擺內側」
    """
    targets = ["111000", "000111", "110011", "001100"]
    moves = [
        "s0:play=101", "s1:play=011", "s2:play=101", "s3:play=000",
        "s0:pong=000@inner", "s1:play=111", "s2:pong=111@inner",
    ]  # fmt: skip
    rules = yj.Rules(variant="simple")
    g = scripted(rules, 0, targets, moves, backend=backend.name)
    run(g, moves[:1])
    assert g.view(None)["wall_remaining"] == 144 - 36 - 3
    assert g.view(1)["seats"][1]["hand_count"] == 3
    assert g.legal_moves(1) == ["s1:play=011", "s1:play=110"]
    assert g.validate("s1:play=101").code == "repeat_play"
    assert g.validate("s1:play=01").code == "wrong_count"
    run(g, moves[1:4])
    # s3 played ☷: s0 is next and holds it — its turn, the play is a pong (outer or inner).
    assert g.legal_moves(0) == ["s0:pong=000@inner", "s0:pong=000@outer"]
    run(g, moves[4:5])
    assert g.view(None)["seats"][0]["completed"] == ["000101"]
    run(g, moves[5:6])
    assert g.legal_moves(2) == ["s2:pong=111@inner", "s2:pong=111@outer"]
    assert g.validate("s2:pong=111@split").code == "bad_placement"
    run(g, moves[6:])
    assert g.view(None)["seats"][2]["completed"] == ["111101"]
