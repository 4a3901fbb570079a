"""A wide, cheap sweep of seeded random mahjong games: thousands per option mix.

The generic random-play test (tests/generic/test_random_play.py, MahjongAdapter) checks
every step against an oracle, which costs ~1 s a game; this sweep checks the
invariants of the rules pages on many more games, with checks cheap
enough to run at every step (rules: docs/mahjong.md; the order of checks:
docs/mahjong-engine.md):

- every legal move validates, and the seats in `to_act` are the ones moving;
- junk and near-miss moves are rejected with a code of the table and change
  nothing (phase, seats to act, legal moves, moves played, a view);
- tiles are conserved (concealed + melds + unclaimed discards + flowers +
  live wall = the tile set), and payments sum to 0;
- views never show another seat's concealed tiles or concealed-kong tile,
  and carry no `to_act`;
- every game ends within a bound, and replays to the same record.

Games per option mix: (fast run, in all) by backend; the rest is `slow`.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from pyyijing import _backend
from pyyijing import mahjong as mj

MIXES: dict[str, tuple[str, dict[str, Any]]] = {
    "default": ("common", {}),
    "flowers": ("common", {"flowers": True}),
    "void_suit": ("common", {"void_suit": True}),
    "no_ready": ("common", {"declare_ready": False}),
    "flowers_no_ready": ("common", {"flowers": True, "declare_ready": False}),
    "shaoyang": ("shaoyang", {}),
    "changsha": ("changsha", {}),
    "changsha_extras": (
        "changsha",
        {
            "birds": 4,
            "bird_scoring": "multiply",
            "compound": "multiply",
            "cap": 0,
            "floats": (1, 0, 2, 0),
            "opening_extras": True,
            "opening_reuse": True,
        },
    ),
}
GAMES = {"native": (40, 2000), "cython": (4, 200), "python": (2, 100)}
# A hand draws at most every tile once; each draw is followed by a discard and at
# most three declined offers; kongs and flowers add their replacements.
MAX_MOVES = 144 * 6
JUNK = ("", "s", "s0:", "s4:discard=1m", "s0:discard=0m", "s0:discard=1f", "s0:bogus",
        "s01:pass", "s0:pass ", "s0:chow=12m", "s0:void=z", "s0:raise=1", "x" * 100)  # fmt: skip
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _fingerprint(g: mj.Game) -> tuple[Any, ...]:
    return (g.phase, tuple(g.to_act), tuple(g.legal_moves()), len(g.moves))


def _near_misses(move: str, rng: random.Random) -> list[str]:
    seat, action = move.split(":", 1)
    out = [f"s{(int(seat[1:]) + k) % 4}:{action}" for k in (1, 2, 3)]
    kind, _, arg = action.partition("=")
    if len(arg) == 2:
        out.append(f"{seat}:{kind}={rng.choice(TILES)}")
    for other in ("win", "pass", "pung=5m", "kong=1z", "discard=9s", "ready=2p", "chow=345m"):
        if other != action:
            out.append(f"{seat}:{other}")
    return out


def _check_view(g: mj.Game, viewer: int | None, rules: mj.Rules) -> None:
    v = g.view(viewer)
    assert "to_act" not in v
    total = v["wall_remaining"]
    for entry in v["seats"]:
        own = entry["seat"] == viewer
        assert ("hand" in entry) == own
        assert ("drawn" in entry) == own
        for meld in entry["melds"]:
            if meld["kind"] == "concealed_kong" and not own:
                assert meld["tiles"] is None
        total += entry["hand_count"] + len(entry["flowers"])
        total += sum(3 if m["kind"] in ("chow", "pung") else 4 for m in entry["melds"])
        total += sum(1 for d in entry["discards"] if not d["claimed"])
        if own and g.phase == "raise":
            assert entry["hand"] is None  # no tile is seen before every seat has raised
        elif own:
            assert len(entry["hand"]) == 2 * entry["hand_count"]
    if g.phase != "over":  # (after a win the winning tile is counted twice: no contract)
        assert total == rules.tiles, f"tiles {total} != {rules.tiles}"


def _play(rules: mj.Rules, seed: int, backend: str) -> None:
    rng = random.Random(seed)
    g = mj.Game(rules, seed=seed, backend=backend)
    step = 0
    while g.phase != "over":
        assert step < MAX_MOVES, f"seed {seed}: no end after {step} moves"
        legal = g.legal_moves()
        assert legal
        assert all(m.split(":")[0][1:].isdigit() for m in legal)
        assert {int(m[1]) for m in legal} <= set(g.to_act)
        for m in legal:
            assert g.validate(m).ok, (seed, m)
        move = rng.choice(legal)
        before = _fingerprint(g)
        for bad in [rng.choice(JUNK), *rng.sample(_near_misses(move, rng), 3)]:
            if bad in legal:
                continue
            verdict = g.validate(bad)
            assert not verdict.ok, (seed, bad)
            assert verdict.code in mj.REASONS, (seed, bad, verdict)
            with pytest.raises(mj.IllegalMove) as info:
                g.apply(bad)
            assert info.value.code == verdict.code
        assert _fingerprint(g) == before, f"seed {seed}: a rejected move changed the game"
        if step % 16 == 0:
            for viewer in (None, 0, 1, 2, 3):
                _check_view(g, viewer, rules)
        g.apply(move)
        step += 1
    r = g.result
    assert r is not None
    assert sum(r.payments) == 0
    assert sum(e[3] for e in r.ledger if e[2] == r.winner) >= 0
    record = json.loads(json.dumps(g.record()))
    assert mj.replay(record, backend=backend).record() == g.record()


def _cases() -> list[Any]:
    out = []
    for backend, (fast, total) in GAMES.items():
        for mix in MIXES:
            out.append(pytest.param(backend, mix, range(fast), id=f"{backend}-{mix}-fast"))
            out.append(
                pytest.param(
                    backend, mix, range(fast, total), id=f"{backend}-{mix}-slow",
                    marks=pytest.mark.slow,
                )
            )  # fmt: skip
    return out


@pytest.mark.parametrize(("backend_name", "mix", "seeds"), _cases())
def test_sweep(backend_name: str, mix: str, seeds: range) -> None:
    if backend_name not in _backend.available():
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {backend_name} unavailable")
        pytest.skip(f"backend {backend_name} not built")
    ruleset, options = MIXES[mix]
    rules = mj.Rules(ruleset, **options)
    for seed in seeds:
        _play(rules, 1_000_000 + seed, backend_name)
