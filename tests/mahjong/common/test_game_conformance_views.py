"""Conformance on exact walls: waits, views, records and replay, the match
(shared/rules/mahjong.md §3 waits, §5 Next dealer, §9, §11; docs/mahjong-engine.md
"View"; architecture.md "Mahjong games — contract"). Seed 003: 「聽牌：缺一張即可胡牌的
狀態」."""

from __future__ import annotations

import copy
import json

import pytest
from support import walls

from pyyijing import mahjong as mj
from pyyijing.fallback.prng import splitmix64
from pyyijing.yijingpai.match import hand_seed

be = walls.backend_fixture
COMMON = mj.Rules("common")
WAITS_5M = "123p456p789p11z46m"


def test_waits_count_what_the_seat_can_see(be: str) -> None:
    """mahjong.md §3: a seat's waits are the tiles that would make its 13 - 3k tiles win;
    §11: `unseen` = 4 minus the copies that seat can see (its own concealed tiles, every
    exposed set, every tile lying in the discards), not other seats' concealed tiles;
    docs: a claimed discard is counted in the claimer's meld. `waits` is `{}` for a seat
    holding 14 - 3k tiles."""
    g = walls.game(
        COMMON, dealer=0, hands={0: "5m+", 1: WAITS_5M, 3: "5m5m+"}, draws=["9s"], backend=be
    )
    assert g.waits(1) == {"5m": 4}  # seat 3's two 5m are hidden from seat 1
    assert g.waits(0) == {}  # the dealer holds 14
    walls.play(g, ["s0:discard=5m"])
    assert g.waits(1) == {"5m": 3}  # one in the discards
    walls.play(g, ["s1:pass", "s3:pung=5m"])
    assert g.waits(1) == {"5m": 1}  # three in seat 3's pung (the claimed discard among them)
    assert g.waits(3) == {}  # in turn after the pung: 14 - 3k tiles


def test_fifth_copy_is_never_a_wait(be: str) -> None:
    """mahjong.md §3: "a fifth copy of a kind is never a wait" — 1111m234p567p789p waits
    in shape on a fifth 1m only, so it has no waits and is not ready (`ready=` is
    `not_ready`); the seat's own exposed sets count (111m punged + 1m)."""
    g = walls.game(COMMON, dealer=0, hands={0: "1111m234p567p789p5z"}, backend=be)
    assert walls.code_of(g, "s0:ready=5z") == "not_ready"
    walls.play(g, ["s0:discard=5z"])
    assert g.waits(0) == {}
    g = walls.game(COMMON, dealer=0, hands={0: "1m+", 2: "1m1m1m234p567p789p5z"}, backend=be)
    walls.play(g, ["s0:discard=1m", "s2:pung=1m"])
    assert walls.code_of(g, "s2:ready=5z") == "not_ready"
    walls.play(g, ["s2:discard=5z"])
    assert g.waits(2) == {}


def test_wait_with_no_copy_unseen_and_concealed_kongs(be: str) -> None:
    """mahjong.md §3: "A wait counts even when no copy is unseen (the shape waits on it)";
    §11 unseen does not count another seat's concealed kong, does count an exposed one."""
    g = walls.game(COMMON, dealer=2, hands={1: "123p456p789p11z89s", 2: "7s7s7s7s+"}, backend=be)
    assert g.waits(1) == {"7s": 4}
    walls.play(g, ["s2:kong=7s"])
    assert g.waits(1) == {"7s": 4}  # the concealed kong is not seen by seat 1
    g = walls.game(
        COMMON, dealer=0, hands={0: "7s+", 1: "123p456p789p11z89s", 2: "7s7s7s+"}, backend=be
    )
    walls.play(g, ["s0:discard=7s", "s1:pass", "s2:kong=7s"])
    assert g.waits(1) == {"7s": 0}  # all four in an exposed kong: still a wait


def test_views_hide_concealed_tiles_and_concealed_kongs(be: str) -> None:
    """mahjong.md §9: each seat sees its own concealed tiles; hidden: other seats'
    concealed tiles, the wall; "a concealed kong shows its tile to its owner only";
    docs: history writes another seat's concealed kong `sN:kong`."""
    g = walls.game(COMMON, dealer=2, hands={2: "7s7s7s7s+"}, back=["9p"], backend=be)
    walls.play(g, ["s2:kong=7s"])
    for viewer in (None, 0, 1, 2, 3):
        v = g.view(viewer)
        assert v["viewer"] == viewer
        assert "wall" not in v
        assert "to_act" not in v
        for s in range(4):
            assert ("hand" in v["seats"][s]) == (s == viewer)
            assert ("drawn" in v["seats"][s]) == (s == viewer)
            assert isinstance(v["seats"][s]["hand_count"], int)
        meld = v["seats"][2]["melds"][0]
        if viewer == 2:
            assert meld == {"kind": "concealed_kong", "tiles": "7777s", "from": None}
            assert v["history"] == ["s2:kong=7s"]
            assert v["seats"][2]["drawn"] == "9p"
        else:
            assert meld == {"kind": "concealed_kong", "tiles": None, "from": None}
            assert v["history"] == ["s2:kong"]
        assert "7s" not in json.dumps(v) or viewer == 2


def test_views_do_not_say_who_is_offered(be: str) -> None:
    """mahjong.md §9: views show "whether claims are pending (not who is offered)";
    §11 views carry no `to_act`. Two states differing only in the seat offered (seat 3,
    then seat 0 after seat 3 passed) look the same to everyone else."""
    g = walls.game(
        COMMON,
        dealer=2,
        hands={2: "5p+", 3: "123m456m789m11s46p", 0: "234s567s789s11z46p"},
        backend=be,
    )
    walls.play(g, ["s2:discard=5p"])
    assert g.to_act == [3]
    before = {viewer: g.view(viewer) for viewer in (None, 1, 2)}
    walls.play(g, ["s3:pass"])
    assert g.to_act == [0]
    for viewer, v in before.items():
        assert g.view(viewer) == v
        assert v["claims_pending"] is True
        assert v["offer"] == {"kind": "discard", "seat": 2, "tile": "5p"}
        assert v["turn"] is None


def played_game(be: str) -> mj.Game:
    """A hand with a pung, a concealed kong, a declaration and a discard win."""
    g = walls.game(
        COMMON,
        dealer=0,
        hands={0: "5p+", 1: WAITS_5M, 2: "5p5p9s9s9s9s+"},
        draws=["9m", "6z", "7z", "8m", "5m"],
        back=["3z"],
        backend=be,
    )
    own = walls.hand_of(g, 2)
    walls.play(g, ["s0:discard=5p", "s2:pung=5p"])
    x = next(t for t in own if t not in ("5p", "9s", "1z"))
    walls.play(g, [f"s2:discard={x}", "s3:discard=9m", "s0:discard=6z", "s1:ready=7z"])
    walls.play(g, ["s2:kong=9s", "s2:discard=3z", "s3:discard=5m", "s1:win"])
    return g


def test_record_json_round_trip_and_replay(be: str) -> None:
    """mahjong.md §11: "A record survives a JSON round trip:
    `mj.replay(json.loads(json.dumps(g.record())))` rebuilds the same game"."""
    g = played_game(be)
    r = g.result
    assert r is not None
    assert (r.kind, r.winner, r.dealt_in_by) == ("discard", 1, 3)
    rec = json.loads(json.dumps(g.record()))
    h = mj.replay(rec, backend=be)
    assert h.moves == g.moves
    assert h.wall == g.wall
    assert h.dealer == g.dealer
    assert h.result == g.result
    for viewer in (None, 0, 1, 2, 3):
        assert h.view(viewer) == g.view(viewer)
    seeded = walls.drain(mj.Game(COMMON, seed=77, backend=be), stop=lambda g: len(g.moves) > 20)
    again = mj.replay(json.loads(json.dumps(seeded.record())), backend=be)
    assert again.moves == seeded.moves
    assert again.wall == seeded.wall
    assert again.phase == seeded.phase


def test_tampered_record(be: str) -> None:
    """mahjong.md §11: "`mj.replay(record)`: a bad move raises `mj.IllegalMove` (a
    ValueError) with `.index` and `.code`; a record whose stored result differs from the
    replayed one raises ValueError"."""
    rec = played_game(be).record()
    bad = copy.deepcopy(rec)
    bad["moves"][2] = "s1:discard=1p"  # seat 2 is in turn after its pung
    with pytest.raises(mj.IllegalMove) as info:
        mj.replay(bad, backend=be)
    assert info.value.index == 2  # type: ignore[attr-defined]
    assert info.value.code == "not_your_turn"
    assert isinstance(info.value, ValueError)
    bad = copy.deepcopy(rec)
    bad["moves"][0] = "s0:discard=9z"
    with pytest.raises(mj.IllegalMove) as info:
        mj.replay(bad, backend=be)
    assert (info.value.index, info.value.code) == (0, "malformed")  # type: ignore[attr-defined]
    bad = copy.deepcopy(rec)
    bad["result"]["payments"] = [0, 0, 0, 0]
    with pytest.raises(ValueError, match="result"):
        mj.replay(bad, backend=be)
    seeded = mj.Game(COMMON, seed=8, backend=be).record()
    bad = copy.deepcopy(seeded)
    bad["wall"] = rec["wall"]  # not the wall seed 8 shuffles
    with pytest.raises(ValueError, match="wall"):
        mj.replay(bad, backend=be)
    bad = copy.deepcopy(rec)
    bad["moves"] = bad["moves"][:-1]  # stops before the win: the stored result differs
    with pytest.raises(ValueError, match="result"):
        mj.replay(bad, backend=be)


def useful(hand: list[str], t: str) -> int:
    """How much `t` works with the rest of `hand`: copies, and neighbours in its suit."""
    score = 4 * (hand.count(t) - 1)
    if t[1] != "z":
        n = int(t[0])
        for d, w in ((1, 2), (2, 1)):
            for m in (n - d, n + d):
                if 1 <= m <= 9 and f"{m}{t[1]}" in hand:
                    score += w
    return score


def bot(g: mj.Game) -> mj.Game:
    """Win whenever possible, pass other claims, discard the least useful tile."""
    while g.phase != "over":
        legal = g.legal_moves()
        win = [m for m in legal if m.endswith(":win")]
        if win:
            g.apply(win[0])
            continue
        seat = g.to_act[0]
        if g.phase == "claim":
            g.apply(f"s{seat}:pass")
            continue
        hand = walls.hand_of(g, seat)
        options = [t for t in sorted(set(hand)) if f"s{seat}:discard={t}" in legal]
        g.apply(f"s{seat}:discard={min(options, key=lambda t: (useful(hand, t), t))}")
    return g


def test_match_next_dealer_and_hand_seeds(be: str) -> None:
    """mahjong.md §5 Next dealer (Match): "the dealer deals again after winning or a drawn
    hand; otherwise the dealer's next seat deals [decision]"; architecture.md: hand h's
    wall seed is SplitMix64 output h+1 of S, hand 0's dealer comes from its dice,
    `next_dealer` is None before hand 0, `ledger` sums the finished hands' payments."""
    seed = 2025  # its first hands: a draw, a dealer win, another seat's win
    rules = mj.Rules("common", declare_ready=False)  # (fast: no ready moves to list)
    m = mj.Match(rules, seed=seed, backend=be)
    assert m.next_dealer is None
    assert m.current is None
    kinds = set()
    total = [0, 0, 0, 0]
    state = seed
    for h in range(4):
        state, out = splitmix64(state)
        expect_dealer = m.next_dealer
        g = m.new_hand()
        assert g.seed == out == hand_seed(seed, h)
        assert g.wall == mj.Game(rules, seed=out, backend=be).wall
        if h == 0:
            assert g.dice is not None
            assert g.dealer == (g.dice[0] + g.dice[1] - 1) % 4
        else:
            assert g.dealer == expect_dealer
        with pytest.raises(ValueError, match="not over"):
            m.new_hand()
        bot(g)
        r = g.result
        assert r is not None
        total = [a + b for a, b in zip(total, r.payments, strict=True)]
        if r.winner is None:
            kinds.add("draw")
            assert m.next_dealer == g.dealer
        elif r.winner == g.dealer:
            kinds.add("dealer_won")
            assert m.next_dealer == g.dealer
        else:
            kinds.add("other_won")
            assert m.next_dealer == (g.dealer + 1) % 4
        assert m.ledger == total
    assert len(m.hands) == 4
    assert m.current is m.hands[-1]
    assert kinds == {"draw", "dealer_won", "other_won"}, kinds
    rec = json.loads(json.dumps(m.record()))
    assert rec["ledger"] == total
    assert [mj.replay(hr, backend=be).result for hr in rec["hands"]] == [x.result for x in m.hands]
