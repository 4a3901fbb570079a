"""Shaoyang's rules value and its agreement with the hand-evaluation kernel.

- `mj.Rules("shaoyang")` has no options (rules page §8) and its `core_config` turns
  the common ruleset's flowers, void suit and 報聽 off; every backend's `Config`
  refuses them for Shaoyang with one message (docs/mahjong-engine.md "Config").
- The patterns of every Shaoyang win are the kernel's (`mj.patterns(...,
  ruleset="shaoyang")`, seed 002 「出牌方法」 1-6) for the winner's final hand, and the
  payments follow from them (rules §6), over seeded games of the greedy test player.
"""

from __future__ import annotations

import random

import pytest
from support import walls
from support.game_adapters import mj_greedy_move

from pyyijing import _registry
from pyyijing import mahjong as mj

be = walls.backend_fixture
UNITS = {"十三浪": 24, "全風十三浪": 24, "碰碰對": 8, "清一色": 8, "七巧對": 8, "平胡": 2}


def test_shaoyang_rules_have_no_options() -> None:
    r = mj.Rules("shaoyang")
    assert r.options() == {}
    assert r.tiles == 136
    assert "shaoyang" in mj.PLAYABLE
    config = r.core_config()
    assert {k: config[k] for k in ("ruleset", "flowers", "void_suit", "declare_ready")} == {
        "ruleset": "shaoyang",
        "flowers": False,
        "void_suit": False,
        "declare_ready": False,
    }
    # every other option at its table default (the engine reads a ruleset's own only)
    assert set(config) == {"ruleset"} | {o.name for o in mj.MAHJONG_OPTIONS}
    with pytest.raises(ValueError, match="belongs to common, not shaoyang"):
        mj.Rules("shaoyang", flowers=True)


@pytest.mark.parametrize("backend", _registry.BACKENDS)
def test_every_backend_config_refuses_common_options_for_shaoyang(backend: str) -> None:
    walls._backend_param(type("R", (), {"param": backend})())  # skip an unbuilt backend
    config = _registry.load("mahjong", "config", backend)
    base = mj.Rules("shaoyang").core_config()
    c = config(**base)
    assert c.ruleset == "shaoyang"
    assert c.tiles == "136"
    for flowers, void_suit in ((True, False), (False, True), (True, True)):
        with pytest.raises(ValueError, match="flowers and void_suit are options of common only"):
            config(**{**base, "flowers": flowers, "void_suit": void_suit})
    with pytest.raises(
        ValueError, match="unknown ruleset 'riichi'; rulesets: common, shaoyang, changsha"
    ):
        config(**{**base, "ruleset": "riichi"})


def _final_hand(g: mj.Game) -> tuple[str, list[tuple[str, str]], str | None]:
    """The winner's concealed tiles with the winning tile, its sets, the winning tile."""
    r = g.result
    assert r is not None
    assert r.winner is not None
    own = g.view(r.winner)["seats"][r.winner]
    hand = own["hand"]
    if r.kind == "robbed_kong":
        hand += r.win_tile  # the robbed tile is not in the robber's concealed tiles
    sets = [("kong" if m["kind"] == "added_kong" else m["kind"], m["tiles"]) for m in own["melds"]]
    return hand, sets, r.win_tile


def test_win_patterns_are_the_kernels(be: str) -> None:
    games = 120 if be == "native" else 24
    wins = 0
    for seed in range(games):
        rng = random.Random(seed)
        g = mj.Game(mj.Rules("shaoyang"), seed=seed, backend=be)
        while g.phase != "over":
            g.apply(mj_greedy_move(g, rng))
        r = g.result
        assert r is not None
        if r.winner is None:
            continue
        wins += 1
        hand, sets, tile = _final_hand(g)
        want = mj.patterns(hand, sets, tile, ruleset="shaoyang", self_drawn=r.kind == "self_draw")
        assert list(r.patterns) == want, (seed, hand, sets)
        unit = max(UNITS[p] for p in r.patterns)
        f = [2 ** s["raise"] for s in g.view(None)["seats"]]
        w = r.winner
        win_total = sum(
            e[3] for e in r.ledger if e[0] in ("self_draw", "robbed_kong", "kong_bloom")
        )
        assert win_total == sum(unit * f[w] * f[(w + k) % 4] for k in (1, 2, 3)), seed
    assert wins >= games // 10, f"only {wins} wins in {games} games"
