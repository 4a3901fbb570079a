"""yj.simulate: determinism, parity of backends and bots, summaries, records, tournaments."""

from __future__ import annotations

import json

import numpy as np
import pytest

import pyyijing as yj
from pyyijing.simulate import ARRAY_DTYPES, Tally, game_seed, wilson

CONFIGS = [
    yj.Rules(),
    yj.Rules(variant="simple", players=3),
    yj.Rules(players=2, deck=162, taiji="none", taiji_in_pong=False),
    yj.Rules(win_conditions=yj.WIN_CONDITIONS, self_draw_payment="split"),
]
MIXED = ("heuristic", "greedy", "random", "heuristic")


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert set(a) == set(b) == set(ARRAY_DTYPES)
    for key in ARRAY_DTYPES:
        assert a[key].dtype == b[key].dtype, key
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)


def _native() -> None:
    if "native" not in yj._backend.available():
        pytest.skip("native backend unavailable")


@pytest.mark.parametrize("name", ["python", "cython"])
@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.variant}-{r.players}p-{r.deck}")
def test_fallback_simulation_equals_native(name: str, rules: yj.Rules) -> None:
    _native()
    if name not in yj._backend.available():
        pytest.skip(f"{name} backend unavailable")
    pols = MIXED[: rules.players]
    native = yj.simulate(12, rules, seed=3, policies=pols, backend="native")
    other = yj.simulate(12, rules, seed=3, policies=pols, backend=name)
    assert native.arrays is not None
    assert other.arrays is not None
    _same(native.arrays, other.arrays)
    assert native.summary["by_policy"] == other.summary["by_policy"]


def test_arrays_do_not_depend_on_threads_or_chunks() -> None:
    _native()
    one = yj.simulate(3000, seed=9, policies=MIXED, threads=1).arrays
    two = yj.simulate(3000, seed=9, policies=MIXED, threads=2, chunk=700).arrays
    assert one is not None
    assert two is not None
    _same(one, two)


def test_game_i_depends_only_on_seed_and_i() -> None:
    full = yj.simulate(40, seed=12, policies="greedy", backend="python").arrays
    part = yj.simulate(15, seed=12, policies="greedy", start=25, backend="python").arrays
    assert full is not None
    assert part is not None
    for key in ARRAY_DTYPES:
        np.testing.assert_array_equal(full[key][25:], part[key])
    # the wall of game i is the one game_seed(seed, i) shuffles
    rec = yj.simulate(3, seed=12, policies="greedy", record_every=1, backend="python").records
    assert [r["seed"] for r in rec] == [game_seed(12, i) for i in range(3)]


def test_arrays_shapes_and_meaning() -> None:
    res = yj.simulate(500, seed=1, policies=MIXED)
    a = res.arrays
    assert a is not None
    n = 4
    assert a["payments"].shape == (500, n)
    assert a["seat_policy"].shape == (500, n)
    assert (a["payments"].sum(axis=1) == 0).all()
    draw = a["kind"] == 2
    assert (a["winner"][draw] == -1).all()
    assert (a["winner"][~draw] >= 0).all()
    assert ((a["dealt_in_by"] >= 0) == (a["kind"] == 1)).all()
    assert (a["hexagram"][~draw] >= 1).all()
    assert (a["hexagram"][draw] == 0).all()
    assert (a["conditions"][~draw] > 0).all()
    # rotation: seat s of game i plays policy (s + i) % 4
    i = np.arange(500)[:, None]
    np.testing.assert_array_equal(a["seat_policy"], (np.arange(4)[None, :] + i) % 4)
    # payments match the points: the winner receives points (dealt in) or 3x (self-draw, each)
    rows = np.nonzero(~draw)[0]
    got = a["payments"][rows, a["winner"][rows]]
    want = np.where(a["kind"][rows] == 0, 3 * a["points"][rows], a["points"][rows])
    np.testing.assert_array_equal(got, want)


def test_records_replay_to_the_arrays() -> None:
    res = yj.simulate(200, seed=4, policies=MIXED, record_every=50)
    assert [r["index"] for r in res.records] == [0, 50, 100, 150]
    assert res.arrays is not None
    for rec in res.records:
        json.dumps(rec)
        game = yj.replay(rec)
        i = rec["index"]
        assert len(game.moves) == res.arrays["plies"][i]
        assert game.result is not None
        assert list(game.result.payments) == res.arrays["payments"][i].tolist()
        assert rec["seat_policies"] == [MIXED[(s + i) % 4] for s in range(4)]
    wins = yj.simulate(
        300, seed=4, policies=MIXED, record_filter=lambda a: a["kind"] == 1, max_records=5
    )
    assert len(wins.records) == 5
    assert all(r["result"]["kind"] == "dealt_in" for r in wins.records)


def test_streaming_summary_equals_full_summary() -> None:
    full = yj.simulate(2000, seed=2, policies=MIXED)
    stream = yj.simulate(2000, seed=2, policies=MIXED, keep_arrays=False, chunk=300)
    assert stream.arrays is None
    assert full.summary == stream.summary
    json.dumps(full.summary)
    s = full.summary
    assert s["games"] == 2000
    assert sum(s["kinds"].values()) == 2000
    assert s["draw"]["low"] <= s["draw"]["rate"] <= s["draw"]["high"]
    assert sum(v["seat_games"] for v in s["by_policy"].values()) == 2000 * 4
    assert set(s["points_half"]) >= {"histogram", "mean", "p50", "p90"}
    assert sum(s["plies"]["histogram"].values()) == 2000


def test_tally_merge() -> None:
    a = yj.simulate(600, seed=5, policies=MIXED, keep_arrays=False).tally
    b = yj.simulate(400, seed=5, policies=MIXED, start=600, keep_arrays=False).tally
    whole = yj.simulate(1000, seed=5, policies=MIXED, keep_arrays=False).tally
    assert a is not None
    assert b is not None
    assert whole is not None
    a.merge(b)
    assert a.summary() == whole.summary()
    assert isinstance(Tally(4, ["random"] * 4).summary()["draw"]["rate"], float)


def test_python_policies() -> None:
    calls = []

    def first(view: dict, legal: list[str]) -> str:
        calls.append(view["viewer"])
        return legal[0]

    res = yj.simulate(5, seed=1, policies=[first, "greedy", "random", "heuristic"])
    assert calls
    assert res.summary["games"] == 5
    assert "first" in res.summary["by_policy"]
    # a bot as a Python callable decides as the built-in (greedy draws nothing)
    rules = yj.Rules()
    objs = yj.simulate(30, rules, seed=8, policies=[yj.Bot("greedy", rules)] * 4)
    builtin = yj.simulate(30, rules, seed=8, policies="greedy")
    assert objs.arrays is not None
    assert builtin.arrays is not None
    for key in ("winner", "kind", "payments", "plies"):
        np.testing.assert_array_equal(objs.arrays[key], builtin.arrays[key])

    def bad(view: dict, legal: list[str]) -> str:
        return "s0:pass"

    with pytest.raises(ValueError, match="not a legal move"):
        yj.simulate(2, policies=[bad] * 4)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"games": -1}, "games"),
        ({"games": 2.5}, "games"),
        ({"games": 3, "policies": "clever"}, "unknown policy"),
        ({"games": 3, "policies": ["random"] * 3}, "one per seat"),
        ({"games": 3, "policies": 7}, "policies"),
        ({"games": 3, "threads": -2}, "threads"),
        ({"games": 3, "record_every": 0}, "record_every"),
    ],
)
def test_bad_arguments(kwargs: dict, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        yj.simulate(**kwargs)


def test_bot_move_parity_across_backends() -> None:
    """Along random games, every bot picks the same move on every backend."""
    _native()
    names = [n for n in ("native", "python", "cython") if n in yj._backend.available()]
    for g in range(6):
        rules = CONFIGS[g % len(CONFIGS)]
        games = {n: yj.Game(rules, seed=100 + g, backend=n) for n in names}
        step = 0
        while games["native"].phase != "over":
            for policy in ("random", "greedy", "heuristic"):
                moves = {n: yj.bot_move(games[n], policy, seed=step) for n in names}
                assert len(set(moves.values())) == 1, (g, step, policy, moves)
            move = yj.bot_move(
                games["native"], ("random", "greedy", "heuristic")[step % 3], seed=step
            )
            for game in games.values():
                game.apply(move)
            step += 1
    g = yj.Game(seed=3)
    assert yj.bot_move(g, 2, "heuristic", 5) == yj.bot_move(g, "heuristic", 2, 5)
    with pytest.raises(ValueError, match="may not act"):
        yj.bot_move(yj.Game(seed=1), "random", seat=7)
    with pytest.raises(ValueError, match="policy"):
        yj.bot_move(yj.Game(seed=1), "smart")


def test_tournament_heuristic_beats_greedy_beats_random() -> None:
    """Seat-balanced tournament, measured with 95% intervals (docs/simulation.md)."""
    _native()
    res = yj.simulate(40_000, seed=2026, policies=("heuristic", "greedy", "random", "random"))
    p = res.summary["by_policy"]
    assert p["heuristic"]["win"]["low"] > p["greedy"]["win"]["high"]
    assert p["greedy"]["win"]["low"] > p["random"]["win"]["high"]
    assert (
        p["heuristic"]["mean_payment_half"]
        > p["greedy"]["mean_payment_half"]
        > p["random"]["mean_payment_half"]
    )


def test_wilson() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("next_dealer", ["dice", "winner", "rotate"])
def test_matches(next_dealer: str) -> None:
    """hands_per_match: the hands of match m are yj.Match(rules, seed=game_seed(seed, m))'s."""
    _native()
    rules = yj.Rules(next_dealer=next_dealer)
    kw = {"seed": 3, "policies": MIXED, "hands_per_match": 5}
    native = yj.simulate(40, rules, **kw)
    python = yj.simulate(40, rules, backend="python", **kw)
    chunked = yj.simulate(40, rules, threads=2, chunk=12, **kw)
    assert native.arrays is not None
    assert python.arrays is not None
    assert chunked.arrays is not None
    for key in [*ARRAY_DTYPES, "match", "hand"]:
        np.testing.assert_array_equal(native.arrays[key], python.arrays[key], err_msg=key)
        np.testing.assert_array_equal(native.arrays[key], chunked.arrays[key], err_msg=key)
    assert native.arrays["match"].tolist() == [i // 5 for i in range(40)]
    assert native.arrays["hand"].tolist() == [i % 5 for i in range(40)]
    m = native.summary["matches"]
    assert m["count"] == 8
    assert sum(p["seat_matches"] for p in m["by_policy"].values()) == 8 * 4
    recs = yj.simulate(10, rules, record_every=1, **kw).records
    match = yj.Match(rules, seed=game_seed(3, 1))
    for rec in recs[5:]:
        assert (rec["match"], rec["hand"]) == (1, rec["index"] - 5)
        g = match.new_hand()
        assert g.dealer == rec["dealer"]
        for move in rec["moves"]:
            g.apply(move)
        assert g.record()["result"] == rec["result"]
        yj.replay(rec)
    with pytest.raises(ValueError, match="multiples"):
        yj.simulate(12, rules, hands_per_match=5)
