"""Quick tests of the fallback rule engine (pyyijing.fallback.yijingpai.engine.GameCore),
imported directly, plus its Cython build (pyyijing._cy.yijingpai.engine) when built.

The public-API conformance suite lives elsewhere; these pin down a few
clauses of docs/yijing.md with hand-made deals and play thousands of seeded
random games checking invariants.
"""

from __future__ import annotations

import importlib
import itertools
import os
import random
from typing import Any

import pytest

MODULES = ("pyyijing.fallback.yijingpai.engine", "pyyijing._cy.yijingpai.engine")


def config_of(
    config_class: Any, k: int, n: int, taiji_in_pong: bool, mask: int, split: bool, wall: str
) -> Any:
    """The engine Config of these rules (deck and taiji: those of the wall, which is all
    GameCore is dealt)."""
    return config_class(
        play_size=k,
        players=n,
        taiji_in_pong=taiji_in_pong,
        win_mask=mask,
        split_payment=split,
        deck=162 if wall.count("1") == 79 else 144,
        taiji="wild" if "T" in wall else "none",
    )


@pytest.fixture(params=MODULES, scope="module")
def core(request: pytest.FixtureRequest) -> Any:
    """A maker of the GameCore of each build of the fallback engine:
    ``core(k, n, taiji_in_pong, mask, split, wall, dealer)``."""
    try:
        module = importlib.import_module(request.param)
        config_class = importlib.import_module(request.param.replace(".engine", ".config")).Config
    except ImportError as exc:
        if request.param == MODULES[0] or os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            raise
        pytest.skip(f"{request.param} unavailable: {exc}")

    def make(k: int, n: int, tip: bool, mask: int, split: bool, wall: Any, dealer: Any) -> Any:
        config = config_of(config_class, k, n, tip, mask, split, wall if type(wall) is str else "")
        return module.GameCore(config, wall, dealer)

    return make


def new_game(
    core: Any,
    wall: str,
    *,
    k: int = 2,
    n: int = 4,
    dealer: int = 0,
    taiji_in_pong: bool = True,
    mask: int = 3,
    split: bool = False,
) -> Any:
    return core(k, n, taiji_in_pong, mask, split, wall, dealer)


def play(g: Any, *moves: str) -> None:
    for move in moves:
        code, message = g.apply(move)
        assert code == "ok", (move, code, message)


def standard_wall(rng: random.Random, per_kind: int = 70, taiji: int = 4) -> str:
    tiles = list("1" * per_kind + "0" * per_kind + "T" * taiji)
    rng.shuffle(tiles)
    return "".join(tiles)


def complete_wall(prefix: str, per_kind: int = 70, taiji: int = 4) -> str:
    """`prefix`, then the rest of the tile set (alternating yang/yin, then taiji)."""
    ones = per_kind - prefix.count("1")
    zeros = per_kind - prefix.count("0")
    extra = taiji - prefix.count("T")
    assert min(ones, zeros, extra) >= 0, "the prefix needs more tiles than the set has"
    pairs = min(ones, zeros)
    return prefix + "10" * pairs + "1" * (ones - pairs) + "0" * (zeros - pairs) + "T" * extra


def wall_for(hands: list[str], dealer: int, rest: str) -> str:
    """A full wall that deals exactly `hands` (8 tiles per seat, standard:
    grabs of 4, dealer first, two rounds), then draws `rest`, then the rest of
    the tile set."""
    n = len(hands)
    out = ""
    for rnd in range(2):
        for i in range(n):
            seat = (dealer + i) % n
            out += hands[seat][4 * rnd : 4 * rnd + 4]
    return complete_wall(out + rest)


# --------------------------------------------------------------------------
# Notation (docs §1) and check order (docs §6)


def test_malformed_and_seat(core: Any) -> None:
    g = new_game(core, standard_wall(random.Random(0)))
    for bad in [
        "",
        "s:pass",
        "s01:target=111111",
        "s0:target=",
        "s0:play=12",
        "S0:pass",
        "s0:pong=00",
        "s0:win@",
        "s0:win@top",
        "s0:pass ",
        " s0:pass",
        "s0:target=111111\n",
        "s0 :pass",
        "s0:target=11111" + "1" * 60,
        "s٣:pass",
        "s-1:pass",
        "s0:Pass",
        None,
        3,
    ]:
        assert g.check(bad)[0] == "malformed", bad
    assert g.check("s4:pass")[0] == "no_such_seat"
    assert g.check("s" + "9" * 58 + ":pass")[0] == "no_such_seat"
    assert g.check("s0:pass")[0] == "wrong_phase"
    assert g.check("s0:play=10")[0] == "wrong_phase"
    assert g.check("s0:target=1")[0] == "wrong_count"
    assert g.check("s0:target=++++++")[0] in ("tiles_not_in_hand", "ok")


def test_constructor_rejects_nonsense(core: Any) -> None:
    wall = standard_wall(random.Random(0))
    core(2, 4, True, 3, False, wall, 3)
    core(3, 2, False, 63, True, standard_wall(random.Random(0), 79, 0), 1)
    for args in [
        (1, 4, True, 3, False, wall, 0),
        (2, 5, True, 3, False, wall, 0),
        (2, 4, True, 0, False, wall, 0),
        (2, 4, True, 64, False, wall, 0),
        (2, 4, True, 3, False, wall, 4),
        (2, 4, True, 3, False, wall, -1),
        (2, 4, True, 3, False, wall[:-1], 0),
        (2, 4, True, 3, False, wall + "1", 0),
        (2, 4, True, 3, False, wall.replace("T", "1"), 0),
        (2, 4, True, 3, False, wall.replace("T", "x"), 0),
    ]:
        with pytest.raises(ValueError, match=r"."):
            core(*args)


def test_deal_order(core: Any) -> None:
    # dealer 2: seat 2 takes wall[0:4], seat 3 [4:8], seat 0 [8:12], seat 1 [12:16], ...
    hands = ["11110000", "1111111T", "00000000", "0000111T"]
    g = new_game(core, wall_for(hands, 2, ""), dealer=2)
    for s in range(4):
        assert g.view(s)["seats"][s]["hand"] == "".join(sorted(hands[s], key="10T".index))
    assert g.view(-1)["wall_remaining"] == 144 - 32
    assert g.to_act() == [0, 1, 2, 3]


def test_simple_deal_third_round(core: Any) -> None:
    wall = complete_wall("1111" + "0000" + "1111" + "0000" + "1" + "0")
    g = new_game(core, wall, k=3, n=2, dealer=0)
    assert g.view(0)["seats"][0]["hand"] == "111111111"
    assert g.view(1)["seats"][1]["hand"] == "000000000"


def scripted_game(core: Any, **kw: Any) -> Any:
    """4 players, dealer 0. Hands after the targets: s0 `10`, s1 `00`, s2 `0T`, s3 `11`."""
    hands = ["11000010", "00000011", "0T001111", "11110001"]
    return new_game(core, wall_for(hands, 0, "11"), **kw)


def lay_targets(g: Any) -> None:
    play(g, "s0:target=110000", "s1:target=000011", "s2:target=001111", "s3:target=111000")


def test_target_phase(core: Any) -> None:
    g = scripted_game(core)
    assert g.check("s0:target=111100")[0] == "tiles_not_in_hand"
    play(g, "s1:target=000011")
    assert g.check("s1:target=000011")[0] == "target_already_laid"
    assert g.to_act() == [0, 2, 3]
    assert g.phase() == "target"
    play(g, "s0:target=110000", "s2:target=001111", "s3:target=111000")
    assert g.phase() == "play"
    assert g.to_act() == [0]
    v = g.view(1)
    assert v["history"] == ["s1:target", "s0:target", "s2:target", "s3:target"]
    assert v["seats"][1]["hand"] == "00"
    assert v["seats"][1]["target"] == "000011"
    assert "hand" not in v["seats"][0]
    assert "target" not in v["seats"][0]
    assert g.legal_moves(0) == ["s0:play=01", "s0:play=10"]
    assert g.legal_moves(1) == []


def test_pong_offers_and_placement(core: Any) -> None:
    g = scripted_game(core)
    lay_targets(g)
    play(g, "s0:play=10")
    # s1 holds 00: not a pair on the table yet; s1 plays 00 (outer).
    assert g.phase() == "play"
    assert g.to_act() == [1]
    play(g, "s1:play=00")
    # s2 (next) can form the pair (0 + taiji): nobody is offered; it is s2's turn.
    assert g.phase() == "play"
    assert g.to_act() == [2]
    assert g.check("s2:play=0-")[0] == "repeat_play"
    assert g.check("s2:pong=0-@inner")[0] == "bad_placement"  # empty L: outer only
    assert g.check("s2:pong=01@outer")[0] == "not_a_pair"
    assert g.check("s2:pong=11@outer")[0] == "no_pong_available"
    assert g.check("s2:pong=00@outer")[0] == "tiles_not_in_hand"
    assert g.legal_moves(-1) == ["s2:play=+0", "s2:play=0+", "s2:pong=-0@outer", "s2:pong=0-@outer"]
    play(g, "s2:pong=-0@outer")
    v = g.view(-1)
    assert v["last_play"] == {"seat": 2, "kind": "pong", "lines": "-0", "placement": "outer"}
    assert v["seats"][2]["in_progress"] == "-0"


def test_taiji_not_allowed(core: Any) -> None:
    g = scripted_game(core, taiji_in_pong=False)
    lay_targets(g)
    play(g, "s0:play=10", "s1:play=00")
    assert g.check("s2:pong=0-@outer")[0] == "taiji_not_allowed"
    assert g.legal_moves(2) == ["s2:play=+0", "s2:play=0+"]


def test_split_example() -> None:
    from pyyijing.fallback.yijingpai.placement import place

    # rules page §9: pong=1+@split on 0010 gives 10010+
    assert place("0010", "1+", "split") == "10010+"
    assert place("0010", "00", "inner") == "000010"
    assert place("0010", "00", "outer") == "001000"


def test_placements() -> None:
    from pyyijing.fallback.yijingpai.placement import pong_placements, win_placements

    assert pong_placements(0, 0, 2) == ("outer",)
    assert pong_placements(1, 0, 2) == ("outer",)
    assert pong_placements(0, 2, 2) == ("outer", "inner")
    assert pong_placements(1, 2, 2) == ("split",)
    assert pong_placements(1, 3, 3) == ("outer", "inner")
    assert pong_placements(-1, 3, 3) == ()
    assert win_placements("10", 4, 2) == ("outer",)
    assert win_placements("+1", 4, 2) == ("outer", "split")
    assert win_placements("0-", 4, 2) == ("outer", "inner")
    assert win_placements("111", 3, 3) == ("outer", "inner")


def test_conditions_table() -> None:
    from pyyijing.fallback.yijingpai import hexagram_bits as hb

    assert [row[1] for row in hb.CONDITIONS] == [1, 2, 4, 8, 16, 32]
    assert hb.king_wen(hb.value_of("110001")) == 41
    assert hb.king_wen(hb.value_of("+1-0-1")) == 41
    assert hb.conditions_met([5, 5], 5, 63) == 1
    assert hb.conditions_met([5, 5, 5], 5, 2) == 2
    # all eight trigrams: (lower, upper) = (0,1), (2,3), (4,5), (6,7), plus qian
    eight = [0 | 1 << 3, 2 | 3 << 3, 4 | 5 << 3, 6 | 7 << 3]
    assert hb.conditions_met(eight, 63, 63) == 0
    assert hb.conditions_met([*eight, 63], 63, 63) == 4 | 16
    assert hb.conditions_met([*eight, 0], 9, 63) == 32
    assert hb.condition_names(4 | 16) == ["target_and_eight_trigrams", "eight_trigrams_and_qian"]


def test_ready_and_self_draw(core: Any) -> None:
    # 2 players, dealer 0: s0 builds 111111 twice, s1 000000.
    wall = wall_for(["11111111", "00000000"], 0, "1100" * 30)
    g = new_game(core, wall, n=2, mask=3)
    play(g, "s0:target=111111", "s1:target=000000")
    assert g.ready(0) == []
    play(g, "s0:play=11", "s1:play=00", "s0:play=11", "s1:play=00", "s0:play=11")
    assert g.view(0)["seats"][0]["completed"] == ["111111"]  # one target: no win yet
    play(g, "s1:play=00", "s0:play=11", "s1:play=00", "s0:play=11")
    assert g.ready(0) == [
        {"lines": "11", "placement": "outer", "king_wen": 1, "points_half": 12},
        {"lines": "11", "placement": "split", "king_wen": 1, "points_half": 12},
    ]
    assert g.ready(1) == []  # s1 has 2 lines in progress
    play(g, "s1:play=00")
    assert g.ready(1) == [
        {"lines": "00", "placement": "inner", "king_wen": 2, "points_half": 6},
        {"lines": "00", "placement": "outer", "king_wen": 2, "points_half": 6},
    ]
    play(g, "s0:play=11")
    assert g.phase() == "over"
    assert g.to_act() == []
    assert g.result() == {
        "kind": "self_draw",
        "winner": 0,
        "dealt_in_by": None,
        "points_half": 12,
        "payments": [12, -12],
        "hexagram": 1,
        "lines": "111111",
        "conditions": ["two_targets"],
    }
    assert g.view(0)["wall_remaining"] == len(wall) - 16 - 2 * 10  # the winner did not draw


def test_dealt_in(core: Any) -> None:
    rest = "10001011010001001100"
    g = new_game(core, wall_for(["11111111", "00000011"], 0, rest), n=2, mask=3)
    play(g, "s0:target=111111", "s1:target=000011")
    play(
        g,
        "s0:play=11",
        "s1:play=00",
        "s0:play=10",
        "s1:play=00",
        "s0:play=10",
        "s1:play=11",
        "s0:play=01",
        "s1:play=00",
        "s0:play=01",
        "s1:play=00",
    )
    assert g.ready(1) == [{"lines": "11", "placement": "outer", "king_wen": 20, "points_half": 8}]
    play(g, "s0:play=11")
    assert g.phase() == "claim"
    assert g.to_act() == [1]
    assert g.legal_moves(-1) == ["s1:pass", "s1:win"]
    assert g.check("s1:win@outer")[0] == "bad_placement"
    assert g.check("s1:win@split")[0] == "cannot_win"
    assert g.check("s1:win@inner")[0] == "bad_placement"
    assert g.check("s1:pong=11@split")[0] == "no_pong_available"
    assert g.check("s1:play=00")[0] == "wrong_phase"
    assert g.check("s0:pass")[0] == "not_your_turn"
    v0, v1 = g.view(0), g.view(1)
    assert v0["claims_pending"]
    assert not v0["to_act"]
    assert v0["turn"] is None
    assert v1["to_act"]
    h = g.copy()
    play(h, "s1:pass")
    assert h.phase() == "play"
    assert h.to_act() == [1]
    assert h.view(-1)["history"] == g.view(-1)["history"]
    assert h.moves() == [*g.moves(), "s1:pass"]
    play(g, "s1:win")
    assert g.result() == {
        "kind": "dealt_in",
        "winner": 1,
        "dealt_in_by": 0,
        "points_half": 8,
        "payments": [-8, 8],
        "hexagram": 20,
        "lines": "000011",
        "conditions": ["two_targets"],
    }
    assert g.view(-1)["history"][-1] == "s1:win"
    seats = g.view(-1)["seats"]  # the table stays as it was (docs §3 step 3)
    assert seats[1]["completed"] == ["000011"]
    assert seats[1]["in_progress"] == "0000"
    assert seats[0]["completed"] == ["111010", "010111"]


def test_split_payment_and_each() -> None:
    from pyyijing.fallback.yijingpai.config import Config
    from pyyijing.fallback.yijingpai.engine import GameCore

    wall = standard_wall(random.Random(1))

    def make(k: int, n: int, tip: bool, mask: int, split: bool, w: str, d: int) -> Any:
        return GameCore(config_of(Config, k, n, tip, mask, split, w), w, d)

    g = make(2, 4, True, 3, True, wall, 0)
    g._finish("self_draw", 1, -1, "11110-", 1)  # 9 half-points over 3 losers
    assert g.result()["payments"] == [-3, 9, -3, -3]
    g = make(2, 4, True, 3, True, wall, 0)
    g._finish("self_draw", 1, -1, "1111+0", 1)  # 9 half-points? no: 2*4 + 1 = 9
    assert g.result()["payments"] == [-3, 9, -3, -3]
    g = make(2, 4, True, 3, True, wall, 0)
    g._finish("self_draw", 3, -1, "111100", 1)  # 10 over 3: s0 pays 4, s1 3, s2 3
    assert g.result()["payments"] == [-4, -3, -3, 10]
    g = make(2, 3, True, 3, False, wall, 0)
    g._finish("self_draw", 0, -1, "111100", 1)
    assert g.result()["payments"] == [20, -10, -10]
    assert g.result()["conditions"] == ["two_targets"]


# --------------------------------------------------------------------------
# Random games with invariants


def random_rules(rng: random.Random) -> dict[str, Any]:
    k = rng.choice((2, 3))
    n = rng.choice((2, 3, 4))
    per_kind = rng.choice((70, 79))
    taiji = rng.choice((4, 4, 0))
    mask = 3 if rng.random() < 0.5 else rng.randrange(1, 64)
    return {
        "k": k,
        "n": n,
        "taiji_in_pong": rng.random() < 0.7,
        "mask": mask,
        "split": rng.random() < 0.5,
        "wall": standard_wall(rng, per_kind, taiji),
        "dealer": rng.randrange(n),
    }


def snapshot(g: Any, n: int) -> Any:
    return (
        g.phase(),
        g.to_act(),
        g.moves(),
        g.result(),
        g.legal_moves(-1),
        [g.view(s) for s in range(-1, n)],
        [g.ready(s) for s in range(n)],
    )


def tiles_on_table(g: Any, n: int) -> int:
    total = g.view(-1)["wall_remaining"]
    for s in range(n):
        seat = g.view(s)["seats"][s]
        total += seat["hand_count"] + len(seat["in_progress"]) + 6 * len(seat["completed"])
        total += len(seat["target"] or "")
    return total


def mutations(rng: random.Random, move: str) -> list[str]:
    out = []
    alphabet = "01+-Tsx:=@9"
    for _ in range(3):
        i = rng.randrange(len(move))
        out.append(move[:i] + rng.choice(alphabet) + move[i + 1 :])
        out.append(move[:i] + move[i + 1 :])
        out.append(move[:i] + rng.choice("01+-") + move[i:])
    seat, action = move.split(":", 1)
    out.append(f"s{rng.randrange(5)}:{action}")
    for suffix in ("@outer", "@inner", "@split", ""):
        base = move.split("@", 1)[0]
        out.append(base + suffix)
        out.append(base.replace("pong=", "play=").replace("play=", "pong=") + suffix)
    out.append(f"{seat}:pass")
    out.append(f"{seat}:win")
    out.append(f"{seat}:win@outer")
    return out


def all_claim_and_play_moves(k: int, n: int) -> list[str]:
    """Every well-formed play/pong/win/pass move string for seats 0..n."""
    out = []
    for seat in range(n + 1):
        out += [
            f"s{seat}:pass",
            f"s{seat}:win",
            f"s{seat}:win@outer",
            f"s{seat}:win@inner",
            f"s{seat}:win@split",
        ]
        for size in (k - 1, k, k + 1):
            for lines in itertools.product("01+-", repeat=size):
                s = "".join(lines)
                out.append(f"s{seat}:play={s}")
                out += [f"s{seat}:pong={s}@{p}" for p in ("outer", "inner", "split")]
    return out


def run_random_game(core: Any, i: int, exhaustive: bool = False) -> Any:
    rng = random.Random(i)
    r = random_rules(rng)
    k, n = r["k"], r["n"]
    g = new_game(
        core,
        r["wall"],
        k=k,
        n=n,
        dealer=r["dealer"],
        taiji_in_pong=r["taiji_in_pong"],
        mask=r["mask"],
        split=r["split"],
    )
    size = len(r["wall"])
    universe = all_claim_and_play_moves(k, n) if exhaustive else []
    copy_at = rng.randrange(80)
    steps = 0
    twin = None
    twin_moves: list[str] = []
    while g.phase() != "over":
        steps += 1
        assert steps < 400, "the game does not end"
        assert tiles_on_table(g, n) == size
        legal = g.legal_moves(-1)
        assert legal, g.phase()
        assert legal == sorted(legal), g.phase()
        assert legal == sorted(m for s in g.to_act() for m in g.legal_moves(s))
        for s in range(-1, n + 1):
            if s not in g.to_act() and s != -1:
                assert g.legal_moves(s) == []
        legal_set = set(legal)
        for move in legal:
            assert g.check(move) == ("ok", ""), move
        # Illegal moves never change the state, and anything "ok" is listed.
        before = snapshot(g, n)
        candidates = [
            m for move in rng.sample(legal, min(3, len(legal))) for m in mutations(rng, move)
        ]
        alphabet = "s0123:=+-@winpasouterg"
        candidates += [
            "".join(rng.choice(alphabet) for _ in range(rng.randrange(20))) for _ in range(3)
        ]
        if exhaustive and g.phase() != "target":
            candidates += universe
        for move in candidates:
            code, _msg = g.check(move)
            if code == "ok":
                assert move in legal_set, move
                continue
            assert g.apply(move)[0] == code, move
        if candidates:
            assert snapshot(g, n) == before
        # Policy: win when possible, otherwise mostly random.
        wins = [m for m in legal if ":win" in m]
        move = rng.choice(wins) if wins and rng.random() < 0.9 else rng.choice(legal)
        assert g.apply(move) == ("ok", "")
        if steps == copy_at:
            twin = g.copy()
            frozen = snapshot(g, n)
        elif twin is not None:
            twin_moves.append(move)
    assert g.to_act() == []
    assert g.legal_moves(-1) == []
    # A 胡 on another's play leaves the table as it was (docs §3 step 3).
    assert tiles_on_table(g, n) == size
    res = g.result()
    assert res is not None
    assert sum(res["payments"]) == 0
    assert g.check("s0:pass")[0] == "game_over"
    if twin is not None:
        assert snapshot(twin, n) == frozen  # the copy did not follow the original
        for move in twin_moves:
            assert twin.apply(move) == ("ok", "")
        assert snapshot(twin, n) == snapshot(g, n)
    check_result(g, n, res)
    return res


def check_result(g: Any, n: int, res: dict[str, Any]) -> None:
    from pyyijing.fallback.yijingpai.hexagram_bits import king_wen, value_of

    assert list(res) == [
        "kind",
        "winner",
        "dealt_in_by",
        "points_half",
        "payments",
        "hexagram",
        "lines",
        "conditions",
    ]
    if res["kind"] == "draw":
        assert res["winner"] is None
        assert res["payments"] == [0] * n
        assert res["conditions"] == []
        return
    lines = res["lines"]
    assert len(lines) == 6
    assert res["hexagram"] == king_wen(value_of(lines))
    assert res["points_half"] == 2 * lines.count("1") + lines.count("0")
    assert res["conditions"]
    winner = res["winner"]
    last = g.view(-1)["last_play"]
    if res["kind"] == "self_draw":
        assert res["dealt_in_by"] is None
        assert g.view(-1)["seats"][winner]["completed"][-1] == lines
        assert g.view(-1)["seats"][winner]["in_progress"] == ""
        assert last["seat"] == winner
    else:
        assert res["dealt_in_by"] == last["seat"] != winner
        assert res["payments"][last["seat"]] == -res["points_half"]


# The first 200 games run in the fast run (`make test`), the other 1,800 are marked slow.
@pytest.mark.parametrize(
    "games",
    [range(200), pytest.param(range(200, 2000), marks=pytest.mark.slow)],
    ids=["first-200", "rest-2000"],
)
def test_random_games(core: Any, games: range) -> None:
    kinds: dict[str, int] = {}
    for i in games:
        res = run_random_game(core, i)
        kinds[res["kind"]] = kinds.get(res["kind"], 0) + 1
    assert set(kinds) == {"draw", "self_draw", "dealt_in"}, kinds


def test_random_games_exhaustive_check(core: Any) -> None:
    """On a few games, every well-formed play/pong/win/pass string of every
    seat is checked: "ok" exactly for the listed legal moves."""
    for i in range(10_000, 10_012):
        run_random_game(core, i, exhaustive=True)
