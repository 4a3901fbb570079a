"""Simulate on mahjong rules: progress messages, then the summary of the in-process
`yj.simulate` with the same arguments (docs/simulation.md: hand i depends only on
rules, seed, policies, rotate and i, so the server's chunks change nothing)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import pyyijing as yj

RULESETS = ["common", "common_void", "common_flowers", "shaoyang", "changsha"]
GAMES_METRIC = "yijing_games_simulated_total"
# The fallback backends play a few hundred mahjong hands a second: fewer hands there.
HANDS = 600 if yj.backend() == "native" else 40
CHUNK = HANDS // 4


def _collect(stub: Any, req: Any) -> tuple[list[Any], Any]:
    msgs = list(stub.Simulate(req, timeout=120))
    *progress, last = msgs
    assert all(m.WhichOneof("event") == "progress" for m in progress)
    assert last.WhichOneof("event") == "summary"
    return [m.progress for m in progress], last.summary


@pytest.mark.parametrize("name", RULESETS)
def test_summary_identical_to_in_process(
    server: Any, h: Any, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyyijing.service import simulation

    monkeypatch.setattr(simulation, "NATIVE_CHUNK_PER_THREAD", CHUNK)
    monkeypatch.setattr(simulation, "PYTHON_CHUNK", CHUNK)
    monkeypatch.setattr(simulation, "PROGRESS_INTERVAL", 0.0)
    fields, rules = h.MJ_RULES[name]
    policies = ["heuristic", "greedy", "random", "heuristic"]
    req = h.pb2.SimulateRequest(
        mahjong_rules=h.pb2.MahjongRules(**fields),
        seed=11,
        games=HANDS,
        policies=policies,
        threads=1,
    )
    progress, summary = _collect(server.stub, req)
    assert [p.games_done for p in progress] == [CHUNK, 2 * CHUNK, 3 * CHUNK, HANDS]
    assert all(p.games_total == HANDS for p in progress)
    got = json.loads(summary.summary_json)
    want = yj.simulate(HANDS, rules, seed=11, policies=policies, threads=1).summary
    assert got == json.loads(json.dumps(want))
    assert got["game"] == "mahjong"
    assert got["ruleset"] == rules.ruleset
    assert summary.games == HANDS
    labels = {"game": "mahjong", "ruleset": rules.ruleset}
    assert server.service.metrics.registry.get_sample_value(GAMES_METRIC, labels) == HANDS


def test_one_policy_no_rotation_and_every_core(stub: Any, h: Any) -> None:
    fields, rules = h.MJ_RULES["changsha"]
    req = h.pb2.SimulateRequest(
        mahjong_rules=h.pb2.MahjongRules(**fields),
        seed=3,
        games=HANDS // 3,
        policies=["greedy"],
        rotate=False,
    )
    _, summary = _collect(stub, req)
    want = yj.simulate(HANDS // 3, rules, seed=3, policies="greedy", rotate=False).summary
    assert json.loads(summary.summary_json) == json.loads(json.dumps(want))
