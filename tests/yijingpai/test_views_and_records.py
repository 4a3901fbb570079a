"""Views hide what they must (rules §6), records replay and reject tampering (docs §8)."""

from __future__ import annotations

import json
import random

import pytest
from support.randomplay import RULE_SETS, play_random, random_game

import pyyijing as yj

SEAT_KEYS = {"seat", "target_laid", "hand_count", "in_progress", "completed"}
VIEW_KEYS = {
    "viewer", "phase", "dealer", "dice", "wall_remaining", "turn", "claims_pending",
    "to_act", "last_play", "seats", "history", "result",
}  # fmt: skip


def test_a_seat_never_sees_another_seats_hand_or_target(backend) -> None:
    """rules §6: hidden are other players' hands and targets; the observer sees neither.
    Who is being offered a claim is private too (rules §9)."""
    for rules in RULE_SETS[:4]:
        for g, _ in random_game(rules, 17, backend.name):
            for viewer in [None, *range(rules.players)]:
                v = g.view(viewer)
                assert set(v) == VIEW_KEYS
                json.dumps(v)
                for s in v["seats"]:
                    if s["seat"] == viewer:
                        assert set(s) == SEAT_KEYS | {"hand", "target"}
                        assert len(s["hand"]) == s["hand_count"]
                    else:
                        assert set(s) == SEAT_KEYS
                assert all(not m.startswith("s") or "target=" not in m for m in v["history"])
                assert not any(m.endswith(":pass") for m in v["history"])
                if g.phase == "claim":
                    assert v["turn"] is None
                    assert v["to_act"] == (viewer in g.to_act)


def test_record_is_json_and_replays(backend) -> None:
    """docs §8 / architecture principle 2: the record is the state."""
    g = play_random(yj.Rules(), 3, backend.name)
    rec = json.loads(json.dumps(g.record()))
    assert rec["format"] == "pyyijing.record"
    assert rec["rules_version"] == 1
    assert rec["engine_version"] == yj.__version__
    again = yj.replay(rec, backend=backend.name)
    assert again.record() == g.record()
    assert again.view(None) == g.view(None)


def _finished(backend: str, seed: int = 8) -> dict[str, object]:
    g = play_random(yj.Rules(), seed, backend)
    while g.phase != "over":
        g.apply(g.legal_moves()[0])
    return g.record()


@pytest.mark.parametrize(
    ("tamper", "code", "index"),
    [
        (lambda r: r["moves"].__setitem__(6, "s0:play=1x"), "malformed", 6),
        (lambda r: r["moves"].insert(5, r["moves"][4]), None, 5),
        (lambda r: r["moves"].__setitem__(7, 42), "malformed", 7),
        # the first bad move counts, whether it is illegal or not a string
        (lambda r: (r["moves"].__setitem__(9, 42), r["moves"].insert(6, "s0:bogus")), None, 6),
        (lambda r: (r["moves"].__setitem__(5, 42), r["moves"].insert(8, "s0:bogus")), None, 5),
        (lambda r: r.__setitem__("wall", r["wall"][::-1]), "wall_mismatch", None),
        (lambda r: r.__setitem__("dealer", (r["dealer"] + 1) % 4), "dealer_mismatch", None),
        (lambda r: r["result"].__setitem__("points_half", 99), "result_mismatch", None),
        (lambda r: r.__setitem__("result", None), "result_mismatch", None),
        (lambda r: r.pop("moves"), "bad_record", None),
        (lambda r: r["rules"].__setitem__("players", 9), "bad_record", None),
    ],
)
def test_tampered_record_is_rejected_with_index_and_code(backend, tamper, code, index) -> None:
    """docs §8: replay names the first bad move's index and reason code."""
    rec = _finished(backend.name)
    tamper(rec)
    with pytest.raises(yj.RecordError) as info:
        yj.replay(rec, backend=backend.name)
    if code is not None:
        assert info.value.code == code
    else:
        assert info.value.code not in {"ok", "bad_record"}
    assert info.value.index == index


def test_validate_never_raises_and_never_mutates_on_garbage(backend) -> None:
    """architecture principle 5: bad input gets a typed answer and changes nothing."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    g = yj.Game(yj.Rules(), seed=2, backend=backend.name)
    before = g.record()

    near_moves = st.from_regex(r"s[0-9]{1,2}:[a-z]{2,6}=[01+\-]{0,8}(@[a-z]{4,6})?")

    @settings(max_examples=300, deadline=None)
    @given(st.one_of(st.text(max_size=80), near_moves))
    def check(move: str) -> None:
        v = g.validate(move)
        assert v.ok == (move in g.legal_moves())
        if not v.ok:
            assert v.code
            with pytest.raises(yj.IllegalMove):
                g.apply(move)
        assert g.record() == before

    check()
    assert g.validate(12).code == "malformed"  # type: ignore[arg-type]
    assert g.record() == before


def test_ready_lists_points_and_matches_claims(backend) -> None:
    """rules §4 聽: a seat is ready when a single play would complete a winning hexagram;
    whenever a seat is offered 胡, the claimed lines are among its ready plays."""
    rng = random.Random(0)
    offers = 0
    for seed in range(30):
        for g, _ in random_game(yj.Rules(), seed, backend.name):
            for s in range(4):
                for item in g.ready(s):
                    assert set(item) == {"lines", "placement", "king_wen", "points_half"}
                    assert 1 <= item["king_wen"] <= 64
            if g.phase == "claim" and any(":win" in m for m in g.legal_moves()):
                offers += 1
                seat = g.to_act[0]
                last = g.view(None)["last_play"]["lines"].replace("+", "1").replace("-", "0")
                assert last in {item["lines"] for item in g.ready(seat)}
        rng.random()
    assert offers > 0
