"""Nim's entry in the game registry: every layer finds the toy game here."""

from __future__ import annotations

from pyyijing.core.registry import GameSpec

SPEC = GameSpec(
    name="nim",
    rules="toygame.nim:Rules",
    game="toygame.nim:Game",
    match="toygame.nim:Match",
    replay="toygame.nim:replay",
    sim="toygame.sim:NimSim",
    env="toygame.env:make_codec",
    docs="tests/toygame/nim.py",
    backends=("python",),
)
