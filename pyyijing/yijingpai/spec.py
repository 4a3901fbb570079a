"""Yi Jing Pai's entry in the game registry (`pyyijing.core.registry`): where layers find it."""

from __future__ import annotations

from ..core.registry import GameSpec, Part

SPEC = GameSpec(
    name="yijingpai",
    rulesets=("yijingpai",),
    rules="pyyijing.yijingpai.rules:Rules",
    game="pyyijing.yijingpai.game:Game",
    match="pyyijing.yijingpai.match:Match",
    replay="pyyijing.yijingpai.replay:replay",
    sim="pyyijing.yijingpai.sim:YijingpaiSim",
    cli="pyyijing.cli.yijingpai:CLI",
    service="pyyijing.service.games.yijingpai:ADAPTER",
    env="pyyijing.yijingpai.env:make_codec",
    bot="pyyijing.yijingpai.sim:bot_move",
    viewer="pyyijing.yijingpai.viewer:PART",
    events="pyyijing.yijingpai.events:PART",
    docs="docs/yijing.md",
    parts={
        "config": Part("config", "Config"),  # Config(**Rules.core_config())
        "engine": Part("engine", "GameCore"),
        "positions": Part("position_check", "check_positions"),
        "wall": Part("wall", "shuffle_wall"),
        "tables": Part("iching_tables"),  # HEXAGRAMS, TRIGRAMS, DIGRAMS
        # choose(policy, view, legal, config, rng): the fallback bots. The C++ bots
        # are reached through "sim" (bot_move on a whole game, sim_batch).
        "bots": Part("bots", native=False),
        "sim": Part(None),  # sim_batch, sim_game_moves, bot_move (native only)
        "wire": Part(None, "validate_moves_wire"),  # the service's fast path (native only)
        # the environments' batch in C++ (pyyijing.env.VectorEnv; native only)
        "vec_env": Part(None, "VecEnv"),
    },
)
