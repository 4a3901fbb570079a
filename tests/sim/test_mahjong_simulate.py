"""yj.simulate for mahjong (docs/simulation.md "Mahjong"): native vs the Python loop on
every backend, threads, hand i alone, Python policies, streaming, matches, summaries,
errors."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import pyyijing as yj
from pyyijing import mahjong as mj
from pyyijing.mahjong.sim import (
    ARRAY_DTYPES,
    CATEGORIES,
    DECLARED_WINS,
    KINDS,
    MATCH_DTYPES,
    PATTERNS,
    MahjongSim,
    Tally,
    game_seed,
)
from pyyijing.sim.stats import wilson

MIXED = ("heuristic", "greedy", "random", "random")
CONFIGS = [
    mj.Rules("common"),
    mj.Rules("common", flowers=True, declare_ready=False),
    mj.Rules("common", void_suit=True),
    mj.Rules("shaoyang"),
    mj.Rules("changsha"),
    mj.Rules(
        "changsha",
        birds=4,
        bird_scoring="multiply",
        compound="multiply",
        cap=0,
        floats=(1, 0, 2, 0),
        opening_extras=True,
        opening_reuse=True,
    ),
    mj.Rules("changsha", birds=0, mid_game_wins=False, pass_lock=False),
]
LINEUPS = [MIXED, ("greedy", "heuristic", "greedy", "heuristic"), "random"]


def _ids(r: mj.Rules) -> str:
    return f"{r.ruleset}-" + "-".join(f"{k}={v}" for k, v in r.options().items() if v)[:40]


def _native() -> None:
    if "native" not in yj._backend.available():
        pytest.skip("native backend unavailable")


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray], keys: Any = ARRAY_DTYPES) -> None:
    for key in keys:
        assert a[key].dtype == b[key].dtype, key
        assert a[key].shape == b[key].shape, key
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)


def _sim(rules: mj.Rules, policies: Any, backend: str, seed: int = 5, h: int = 0) -> MahjongSim:
    """The Python loop of a run (`run_python`), whatever the backend."""
    pols = [policies] * 4 if isinstance(policies, str) else list(policies)
    return MahjongSim(rules, seed, pols, True, 1, backend, hands_per_match=h)


# --------------------------------------------------------------------- parity


@pytest.mark.parametrize("lineup", LINEUPS, ids=["mixed", "gh", "random"])
@pytest.mark.parametrize("rules", CONFIGS, ids=_ids)
def test_native_threads_and_the_python_loop_on_native_agree(rules: mj.Rules, lineup: Any) -> None:
    _native()
    one = yj.simulate(60, rules, seed=5, policies=lineup, threads=1, backend="native").arrays
    two = yj.simulate(60, rules, seed=5, policies=lineup, threads=2, chunk=25).arrays
    assert one is not None
    assert two is not None
    _same(one, two)
    # the Python loop (the public mj.Game, the C++ bots through mj.bot_move's binding)
    loop = _sim(rules, lineup, "native").run_python(0, 60)
    _same(one, loop)


@pytest.mark.parametrize("name", ["python", "cython"])
@pytest.mark.parametrize("rules", CONFIGS, ids=_ids)
def test_fallback_loop_equals_native(name: str, rules: mj.Rules) -> None:
    _native()
    if name not in yj._backend.available():
        pytest.skip(f"{name} backend unavailable")
    native = yj.simulate(6, rules, seed=3, policies="random", backend="native")
    other = yj.simulate(6, rules, seed=3, policies="random", backend=name)
    assert native.arrays is not None
    assert other.arrays is not None
    _same(native.arrays, other.arrays)
    assert native.summary["by_policy"] == other.summary["by_policy"]
    # the thinking bots: fewer hands (the fallback bots take a while per hand)
    pols = ("heuristic", "greedy", "heuristic", "random")
    a = yj.simulate(1, rules, seed=3, policies=pols, start=2, backend="native").arrays
    b = yj.simulate(1, rules, seed=3, policies=pols, start=2, backend=name).arrays
    assert a is not None
    assert b is not None
    _same(a, b)


def test_hand_i_depends_only_on_seed_and_i() -> None:
    _native()
    rules = mj.Rules("changsha")
    full = yj.simulate(50, rules, seed=12, policies=MIXED).arrays
    assert full is not None
    for i in (0, 17, 49):
        alone = yj.simulate(1, rules, seed=12, policies=MIXED, start=i).arrays
        assert alone is not None
        for key in ARRAY_DTYPES:
            np.testing.assert_array_equal(full[key][i], alone[key][0], err_msg=key)
    part = yj.simulate(20, rules, seed=12, policies=MIXED, start=30, chunk=7).arrays
    assert part is not None
    for key in ARRAY_DTYPES:
        np.testing.assert_array_equal(full[key][30:], part[key], err_msg=key)
    # the wall of hand i is the one game_seed(seed, i) shuffles; the record replays
    rec = yj.simulate(3, rules, seed=12, policies=MIXED, record_every=1).records
    assert [r["seed"] for r in rec] == [game_seed(12, i) for i in range(3)]
    for r in rec:
        g = mj.replay(r)
        assert g.result is not None
        assert list(g.result.payments) == full["payments"][r["index"]].tolist()
        assert r["seat_policies"] == [MIXED[(s + r["index"]) % 4] for s in range(4)]


def test_arrays_meaning_against_the_games() -> None:
    _native()
    for rules in (mj.Rules("common"), mj.Rules("shaoyang"), mj.Rules("changsha", birds=4)):
        res = yj.simulate(40, rules, seed=2, policies=MIXED, rotate=False)
        a = res.arrays
        assert a is not None
        assert set(a) == set(ARRAY_DTYPES)
        for key, dtype in ARRAY_DTYPES.items():
            assert a[key].dtype == dtype, key
        assert a["payments"].shape == (40, 4)
        assert a["opening_wins"].shape == (40, len(DECLARED_WINS))
        assert (a["payments"].sum(axis=1) == 0).all()
        assert (a["seat_policy"] == [0, 1, 2, 3]).all()
        draw = a["kind"] == KINDS.index("draw")
        assert (a["winner"][draw] == -1).all()
        assert (a["winner"][~draw] >= 0).all()
        assert (a["patterns"][draw] == 0).all()
        for i in range(40):
            g = mj.play_bots(rules, seed=game_seed(2, i), policies=MIXED, backend="native")
            r = g.result
            assert r is not None
            assert a["winner"][i] == (-1 if r.winner is None else r.winner)
            assert KINDS[a["kind"][i]] == r.kind
            assert a["dealt_in_by"][i] == (-1 if r.dealt_in_by is None else r.dealt_in_by)
            assert a["payments"][i].tolist() == list(r.payments)
            assert a["turns"][i] == len(g.moves)
            assert a["wall_left"][i] == g.view(None)["wall_remaining"]
            assert a["dealer"][i] == g.dealer
            names = PATTERNS[rules.ruleset]
            assert [n for b, n in enumerate(names) if a["patterns"][i] >> b & 1] == list(r.patterns)
            assert a["birds_hit"][i] <= len(r.birds)
            if rules.ruleset != "changsha":
                assert not a["opening_wins"][i].any()
                assert a["birds_hit"][i] == 0


def test_changsha_opening_wins_and_birds_are_counted() -> None:
    _native()
    rules = mj.Rules("changsha", birds=4, opening_extras=True)
    res = yj.simulate(400, rules, seed=1, policies="greedy", keep_arrays=True)
    a = res.arrays
    assert a is not None
    assert a["opening_wins"].sum() > 0  # greedy declares every opening win
    assert a["birds_hit"].max() > 0
    won = a["winner"] >= 0
    # a self-drawn win: every bird hits a paying seat or the winner
    sd = a["kind"] == 0
    assert (a["birds_hit"][sd & (a["wall_left"] >= 4)] == 4).all()
    s = res.summary
    declared = {n: int(a["opening_wins"][:, j].sum()) for j, n in enumerate(DECLARED_WINS)}
    assert {n: v["declared"] for n, v in s["opening_wins"].items()} == declared
    assert s["opening_any"]["count"] == int((a["opening_wins"].sum(axis=1) > 0).sum())
    assert s["birds_hit"]["histogram"] == {
        str(v): int(c)
        for v, c in zip(*np.unique(a["birds_hit"][won], return_counts=True), strict=True)
    }


# --------------------------------------------------------------------- Python policies


def test_a_python_callable_in_a_seat() -> None:
    rules = mj.Rules("common")
    bots = yj._registry.load("mahjong", "bots", "python")

    def greedy(view: dict[str, Any], legal: list[str]) -> str:
        return str(bots.choose("greedy", view, legal, rules, None))  # greedy never draws

    calls = []

    def first(view: dict[str, Any], legal: list[str]) -> str:
        calls.append(view["viewer"])
        return legal[0]

    ref = yj.simulate(4, rules, seed=8, policies=("greedy", "random", "greedy", "random"))
    got = yj.simulate(4, rules, seed=8, policies=(greedy, "random", "greedy", "random"))
    assert ref.arrays is not None
    assert got.arrays is not None
    _same(ref.arrays, got.arrays)
    assert got.summary["policies"] == ["greedy", "random", "greedy", "random"]
    res = yj.simulate(3, rules, seed=8, policies=[first, "random", "random", "random"])
    assert calls
    assert res.summary["by_policy"]["first"]["seat_hands"] == 3

    def bad(view: dict[str, Any], legal: list[str]) -> str:
        return "s0:win=1m"

    with pytest.raises(ValueError, match="not a legal move"):
        yj.simulate(1, rules, policies=[bad] * 4)


# --------------------------------------------------------------------- streaming and summary


def test_streaming_summary_equals_the_summary_of_kept_arrays() -> None:
    _native()
    rules = mj.Rules("shaoyang")
    kept = yj.simulate(300, rules, seed=4, policies=MIXED, chunk=64)
    stream = yj.simulate(300, rules, seed=4, policies=MIXED, keep_arrays=False, chunk=50)
    assert stream.arrays is None
    assert kept.arrays is not None
    assert kept.summary == stream.summary
    tally = Tally("shaoyang", list(MIXED))
    tally.add({k: v[:120] for k, v in kept.arrays.items()})
    other = Tally("shaoyang", list(MIXED))
    other.add({k: v[120:] for k, v in kept.arrays.items()})
    tally.merge(other)
    summary = tally.summary()
    assert summary == {k: v for k, v in kept.summary.items() if k in summary}
    seen: list[int] = []
    yj.simulate(
        100, rules, seed=4, keep_arrays=False, chunk=30, progress=lambda d, t: seen.append(d)
    )
    assert seen == [30, 60, 90, 100]


@pytest.mark.parametrize("ruleset", ["common", "shaoyang", "changsha"])
def test_summary_keys_and_intervals(ruleset: str) -> None:
    _native()
    res = yj.simulate(200, mj.Rules(ruleset), seed=6, policies=MIXED)
    s = res.summary
    json.dumps(s)
    a = res.arrays
    assert a is not None
    keys = {
        "game", "ruleset", "games", "hands", "players", "policies", "kinds", "draw", "win",
        "dealer_win", "win_by_seat", "dealt_in_by_seat", "mean_payment_by_seat", "by_policy",
        "payments", "patterns", "categories", "turns", "wall_left",
        "seed", "start", "rotate", "rules", "backend",
    }  # fmt: skip
    if ruleset == "changsha":
        keys |= {"opening_wins", "opening_any", "birds_hit"}
    assert set(s) == keys
    assert s["game"] == "mahjong"
    assert s["ruleset"] == ruleset
    assert s["hands"] == 200
    assert sum(s["kinds"].values()) == 200
    wins = int((a["winner"] >= 0).sum())
    assert s["win"]["count"] == wins
    assert s["draw"]["count"] == 200 - wins
    assert (s["draw"]["low"], s["draw"]["high"]) == pytest.approx(wilson(200 - wins, 200))
    for r in [s["draw"], s["win"], s["dealer_win"], *s["win_by_seat"], *s["patterns"].values()]:
        assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1
    assert set(s["patterns"]) == set(PATTERNS[ruleset])
    assert set(s["categories"]) == set(CATEGORIES[ruleset])
    for b, name in enumerate(PATTERNS[ruleset]):
        assert s["patterns"][name]["count"] == int(((a["patterns"] >> b) & 1).sum())
        assert s["patterns"][name]["of"] == wins
    if CATEGORIES[ruleset]:
        assert sum(c["count"] for c in s["categories"].values()) == wins
    assert set(s["by_policy"]) == {"heuristic", "greedy", "random"}
    assert s["by_policy"]["random"]["seat_hands"] == 400
    pay = s["by_policy"]["heuristic"]["payment"]
    assert pay["low"] <= pay["mean"] <= pay["high"]
    mine = a["payments"][a["seat_policy"] == 0]
    assert pay["mean"] == pytest.approx(mine.mean())
    assert sum(s["payments"]["histogram"].values()) == 800
    assert s["payments"]["mean"] == pytest.approx(0.0, abs=1e-9)
    assert s["turns"]["mean"] == pytest.approx(a["turns"].mean())


# --------------------------------------------------------------------- matches


def _match_hands(rules: mj.Rules, seed: int, m: int, h: int, policies: Any) -> list[mj.Game]:
    match = mj.Match(rules, seed=game_seed(seed, m), backend="native")
    hands = []
    for _ in range(h):
        g = match.new_hand()
        rng = mj.bot_rng(g.seed or 0, "native")
        seated = [policies[(s + m) % 4] for s in range(4)]
        while g.to_act:
            seat = g.to_act[0]
            g.apply(mj.bot_move(g, seated[seat], seat, rng=rng))
        hands.append(g)
    return hands


@pytest.mark.parametrize("ruleset", ["common", "shaoyang", "changsha"])
def test_matches_follow_the_rulesets_dealer_rule(ruleset: str) -> None:
    _native()
    rules = mj.Rules(ruleset)
    h, matches = 8, 3
    res = yj.simulate(h * matches, rules, seed=9, policies=MIXED, hands_per_match=h, threads=2)
    a = res.arrays
    assert a is not None
    assert set(a) == set(ARRAY_DTYPES) | set(MATCH_DTYPES)
    assert a["match"].tolist() == [i // h for i in range(h * matches)]
    assert a["hand"].tolist() == [i % h for i in range(h * matches)]
    dealers_moved = 0
    for m in range(matches):
        for j, g in enumerate(_match_hands(rules, 9, m, h, MIXED)):
            i = m * h + j
            assert g.result is not None
            assert a["dealer"][i] == g.dealer, (m, j)
            assert a["payments"][i].tolist() == list(g.result.payments)
            dealers_moved += j > 0 and a["dealer"][i] != a["dealer"][i - 1]
    assert dealers_moved > 0
    loop = _sim(rules, MIXED, "native", seed=9, h=h).run_python(0, h * matches)
    _same(a, loop, [*ARRAY_DTYPES, *MATCH_DTYPES])
    s = res.summary["matches"]
    assert s["hands_per_match"] == h
    assert s["count"] == matches
    # hand i of a match alone: its record replays the match's hands before it
    rec = yj.simulate(h, rules, seed=9, policies=MIXED, start=h, hands_per_match=h, record_every=5)
    assert [r["index"] for r in rec.records] == [10, 15]
    assert rec.records[0]["dealer"] == a["dealer"][10]
    with pytest.raises(ValueError, match="multiples"):
        yj.simulate(10, rules, hands_per_match=4)


# --------------------------------------------------------------------- errors


def test_bad_arguments() -> None:
    rules = mj.Rules("common")
    with pytest.raises(ValueError, match="one per seat"):
        yj.simulate(1, rules, policies=("random", "random"))
    with pytest.raises(ValueError, match="unknown policy"):
        yj.simulate(1, rules, policies="smart")
    with pytest.raises(ValueError, match="games"):
        yj.simulate(-1, rules)
    with pytest.raises(ValueError, match="hands_per_match"):
        yj.simulate(4, rules, hands_per_match=0)
    with pytest.raises(ValueError, match="floats"):
        yj.simulate(1, mj.Rules("changsha", floats=(0, 2_000_000, 0, 0)))
    with pytest.raises(TypeError, match=r"rules must be the Rules of a registered game"):
        yj.simulate(1, rules="common")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="built-in bots"):
        yj.simulate(1, rules, policies=[lambda v, m: m[0]] * 4, cluster="tcp://127.0.0.1:1")
    if "native" in yj._backend.available():
        native = yj._registry.load("mahjong", "sim", "native")
        config = native.Config(**rules.core_config())
        with pytest.raises(ValueError, match="unknown bot"):
            native.sim_batch(config, ["random"] * 3 + ["x"], True, 0, 0, 1, 1)
        with pytest.raises(ValueError, match="multiples"):
            native.sim_batch(config, ["random"] * 4, True, 0, 1, 4, 1, 4)


def test_simulate_picks_the_mahjong_sim() -> None:
    from pyyijing.simulate import game_sim

    assert game_sim("mahjong") is MahjongSim
    assert MahjongSim in [spec.load("sim") for spec in yj.games()]
    assert yj._registry.parts_of("mahjong")["sim"].module is None  # sim_batch: native only
