"""Mahjong's entry in the game registry (`pyyijing.core.registry`): where each layer finds it."""

from __future__ import annotations

from ..core.registry import GameSpec, Part

SPEC = GameSpec(
    name="mahjong",
    # as pyyijing.mahjong.rules.RULESETS, which this module does not import: the
    # registry reads specs without importing the games (a test checks they agree)
    rulesets=("common", "shaoyang", "changsha"),
    ruleset_option="ruleset",
    rules="pyyijing.mahjong.rules:Rules",
    game="pyyijing.mahjong.game:Game",
    match="pyyijing.mahjong.match:Match",
    replay="pyyijing.mahjong.replay:replay",
    sim="pyyijing.mahjong.sim:MahjongSim",
    cli="pyyijing.cli.mahjong:CLI",
    service="pyyijing.service.games.mahjong:ADAPTER",
    env="pyyijing.mahjong.env:make_codec",
    bot="pyyijing.mahjong.bots:bot_move",
    viewer="pyyijing.mahjong.viewer:PART",
    events="pyyijing.mahjong.events:PART",
    docs="docs/mahjong.md",
    parts={
        # The game engine (docs/mahjong-engine.md): C++ in core_cpp/src/mahjong/engine_*.
        "config": Part("config", "Config"),
        "engine": Part("engine", "GameCore"),
        "wall": Part("tiles", "shuffle_wall"),
        # random_hands(config, seed, start, count): whole hands of random legal
        # moves, the benchmark workload (and a cross-backend determinism check)
        "random": Part("random_play", "random_hands"),
        "hand_eval": Part("hand_eval"),
        # rule logic on a handful of readings: no C++ version
        "patterns": Part("patterns", native=False),
        # choose(policy, view, legal, config, rng), play_hand, bot_hands: the fallback
        # bots (docs/mahjong-bots.md). The C++ bots are reached through "sim".
        "bots": Part("bots", native=False),
        # bot_move(core, seat, policy, rng), play_bot_hand, bot_hands and sim_batch (the
        # batch simulator of pyyijing.mahjong.sim, docs/simulation.md "Mahjong"): native only
        "sim": Part(None),
        "wire": Part(None, "validate_moves_wire"),  # the service's fast path (native only)
        # VecEnv: the environments' batch stepped in C++ threads (pyyijing.env.VectorEnv)
        "vec_env": Part(None, "VecEnv"),
    },
)
