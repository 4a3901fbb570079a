"""Conformance: the order of claim offers on a play (rules §4 放炮, §9 "Claim offers").

These tests play many seeded games and, at every play, work out from the
public table, the hands and `ready` which seats should be offered 胡 and 碰
and in which order; then they decline every offer and check the engine made
exactly those offers, one seat at a time.

"rules §N" is shared/rules/yijing.md; "seed LN" a line of shared/seeds/001_*.txt.
"""

from __future__ import annotations

import random

import pytest
from support.randomplay import RULE_SETS

import pyyijing as yj


def declared(lines: str) -> str:
    return lines.replace("+", "1").replace("-", "0")


def can_form(rules: yj.Rules, hand: str, value: str) -> bool:
    """The hand is exactly k tiles, each the pair's line or (if allowed) a taiji."""
    k = rules.play_size
    usable = hand.count(value) + (hand.count("T") if rules.taiji_in_pong else 0)
    return len(hand) == k and usable == k


def expected_offers(g: yj.Game) -> list[tuple[int, str]]:
    """(seat, "win"|"pong") in the order the rules page says they are offered."""
    rules, n = g.rules, g.rules.players
    last = g.view(None)["last_play"]
    p, lines = last["seat"], declared(last["lines"])
    order = [(p + i) % n for i in range(1, n)]
    offers = [(x, "win") for x in order if lines in {r["lines"] for r in g.ready(x)}]
    pure = len(set(lines)) == 1
    if pure:
        hands = {x: g.view(x)["seats"][x]["hand"] for x in order}
        if not can_form(rules, hands[order[0]], lines[0]):
            offers += [(x, "pong") for x in order[1:] if can_form(rules, hands[x], lines[0])]
    return offers


@pytest.mark.parametrize("rules_index", [0, 1, 2, 3, 6])
def test_offers_go_win_first_then_pong_counterclockwise_one_at_a_time(
    backend, rules_index: int
) -> None:
    """rules §4: after every play, 胡 is offered one seat at a time counterclockwise from
    the player after the one who played, to each seat that could win on it; only when
    all have passed is 碰 offered (rules §9), and not at all if the next player holds
    the pair (rules §3 [decision]). Declining 胡 never lets a seat jump ahead.

    seed L24: 「碰先碰後按逆時針方向來」
    """
    rules = RULE_SETS[rules_index]
    rng = random.Random(rules_index)
    seen = {"win": 0, "pong": 0, "both": 0}
    for seed in range(60):
        g = yj.Game(rules, seed=seed, backend=backend.name)
        while g.phase != "over":
            if g.phase == "claim":
                expected = expected_offers(g)
                got = []
                while g.phase == "claim":
                    seat = g.to_act[0]
                    kinds = {m.split(":")[1].split("=")[0].split("@")[0] for m in g.legal_moves()}
                    kinds.discard("pass")
                    assert len(kinds) == 1, g.legal_moves()
                    got.append((seat, kinds.pop()))
                    g.apply(f"s{seat}:pass")
                assert got == expected
                for _, kind in got:
                    seen[kind] += 1
                if {"win", "pong"} <= {k for _, k in got}:
                    seen["both"] += 1
                continue
            g.apply(rng.choice(g.legal_moves()))
    assert seen["win"] > 0
    # with 2 players the next player is the only other seat: no 碰 is ever offered
    assert (seen["pong"] > 0) == (rules.players > 2)


def _decline_win_then_pong(backend: str) -> yj.Game:
    """The first seeded game in which a seat declines 胡 and then wins with a pong of the
    same lines from its own hand."""
    for seed in range(3000):
        rng = random.Random(seed)
        g = yj.Game(yj.Rules(), seed=seed, backend=backend)
        while g.phase != "over":
            legal = g.legal_moves()
            if g.phase == "claim" and any(":win" in m for m in legal):
                g.apply(f"s{g.to_act[0]}:pass")
                continue
            pongs = [m for m in legal if ":pong=" in m]
            g.apply(pongs[0] if pongs and g.phase == "claim" else rng.choice(legal))
        r = g.result
        assert r is not None
        if r.kind == "self_draw" and ":pong=" in g.moves[-1]:
            # the passes between the claimed play and the winning pong
            i = len(g.moves) - 2
            passes = []
            while g.moves[i].endswith(":pass"):
                passes.append(g.moves[i])
                i -= 1
            # a seat is offered 碰 at most once per play and this one accepted it,
            # so its pass on the same play declined the 胡
            if f"s{r.winner}:pass" in passes:
                return g
    raise AssertionError("no game found where a declined 胡 is won by a pong")


def test_declining_win_then_ponging_is_a_self_draw(backend) -> None:
    """rules §9: 「Declining 胡 and then ponging the same lines from one's own hand
    completes the hexagram from one's own tiles: that is a self-draw, paid by every
    loser.」"""
    g = _decline_win_then_pong(backend.name)
    r = g.result
    assert r is not None
    assert r.kind == "self_draw"
    assert r.dealt_in_by is None
    assert all(p == -r.points_half for s, p in enumerate(r.payments) if s != r.winner)
