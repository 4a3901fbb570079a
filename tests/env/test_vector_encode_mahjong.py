"""The C++ observation and mask of mahjong (``pyyijing._native.mahjong.EnvEncoder``)
against the Python codec (pyyijing/mahjong/env.py), the oracle written from
docs/env-mahjong.md.

docs/env-mahjong.md "Observation": ``(92, 34)`` uint8 planes built from
``game.view(seat)`` alone, the offer phases shown to a seat not offered as a
player at the table sees them ("What an observation may not tell"); "Actions":
the mask is int8, 1 exactly at ``game.legal_moves(seat)``. The C++ arrays must be
the codec's, entry for entry, for every seat (acting or not) at every state of
random hands of every ruleset and option mix (tests/support/env_cases.py MIXES,
and the options docs/env-mahjong.md "Specs" lists that change the planes).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import pyyijing as yj
import pyyijing.mahjong as mj
from pyyijing.mahjong.bots import bot_move
from pyyijing.mahjong.env import make_codec
from tests.support.env_cases import MIXES

native = pytest.importorskip("pyyijing._native.mahjong")

MAHJONG_MIXES: list[tuple[str, dict[str, Any]]] = [m for m in MIXES if m[0] != "yijingpai"] + [
    ("common", {"flowers": True}),
    ("common", {"void_suit": True, "declare_ready": False}),
    ("changsha", {"opening_reuse": True, "pass_lock": False, "mid_game_wins": False}),
]
IDS = [n + "".join(f"-{k}={v}" for k, v in o.items()) for n, o in MAHJONG_MIXES]
HANDS = 60  # 2,000-4,000 states (four seat observations each) per mix


def play(rules: mj.Rules, seed: int) -> Any:
    """A hand of mixed play, yielding the game before each move: random legal moves of
    any seat to act (chosen among the non-discards, non-passes more often, so claims,
    kongs, 報聽, open kongs and the sea bottom come up), or the greedy bot (wins)."""
    game = mj.Game(rules, seed=seed)
    rng = random.Random(seed)
    greedy = seed % 2 == 1
    while game.phase != "over":
        yield game
        if greedy:
            move = bot_move(game, "greedy", game.to_act[0], seed + len(game.moves))
        else:
            moves = [m for s in game.to_act for m in game.legal_moves(s)]
            rare = [m for m in moves if not (m.endswith(":pass") or ":discard=" in m)]
            move = rng.choice(rare if rare and rng.random() < 0.5 else moves)
        game.apply(move)
    yield game


@pytest.mark.parametrize(("name", "options"), MAHJONG_MIXES, ids=IDS)
def test_cpp_arrays_equal_the_codec(name: str, options: dict[str, Any]) -> None:
    assert yj.backend() == "native"
    rules = mj.Rules(name, **options)
    codec = make_codec(rules)
    config = native.Config(**rules.core_config())
    states = stripped = offered = 0
    for hand in range(HANDS):
        seed = 1_000 * hand + 7
        mirror = None
        applied = 0
        for game in play(rules, seed):
            if mirror is None:
                mirror = native.EnvEncoder(config, game.wall, game.dealer)
            for move in game.moves[applied:]:
                mirror.apply(move)
            applied = len(game.moves)
            states += 1
            for seat in range(4):
                obs = mirror.observation(seat)
                want = codec.observe(game, seat)
                assert obs.dtype == np.uint8
                assert obs.shape == want.shape
                assert np.array_equal(obs, want), (seed, applied, seat, game.phase)
                mask = mirror.action_mask(seat)
                assert mask.dtype == np.int8
                assert np.array_equal(mask, codec.legal_mask(game, seat)), (seed, applied, seat)
                if game.phase in ("claim", "opening"):
                    if seat in game.to_act:
                        offered += 1
                    else:
                        stripped += 1
    assert states > 2_000
    # the "stripped table" (docs/env.md "What an observation may not tell") came up often
    assert stripped > 1_000, stripped
    assert offered > 300, offered


def test_illegal_move_is_refused() -> None:
    rules = mj.Rules("common")
    game = mj.Game(rules, seed=3)
    mirror = native.EnvEncoder(native.Config(**rules.core_config()), game.wall, game.dealer)
    with pytest.raises(ValueError, match="win"):
        mirror.apply("s0:win" if game.dealer != 0 else "s1:win")
