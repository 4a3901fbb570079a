"""Nim's environment parts (`pyyijing.env.codec.Codec`): with them the toy game has the
PettingZoo and Gymnasium environments every registered game has, written nowhere here."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from pyyijing.env.codec import Plane

TAKE = re.compile(r"s(?:0|[1-9][0-9]*):take=([0-9]+)x([0-9]+)")


class NimCodec:
    """Action ``h * max_take + (n - 1)`` takes n stones from heap h. The observation is
    one row per heap (a one-hot of its stones) and a row saying whether the viewer
    is to move: Nim hides nothing."""

    name = "nim"

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.num_players = rules.players
        self.num_actions = rules.heaps * rules.max_take
        self.observation_shape = (rules.heaps + 1, rules.max_heap + 1)
        self.observation_high = np.ones(self.observation_shape, dtype=np.uint8)
        self.planes = (
            Plane("heaps", 0, rules.heaps, "row h: column k is 1 when heap h holds k stones"),
            Plane("to_move", rules.heaps, 1, "all 1 when the viewer is to move"),
        )

    def action_to_move(self, action: int, seat: int) -> str:
        if not 0 <= action < self.num_actions:
            raise ValueError(f"action must be in 0..{self.num_actions - 1}; got {action}")
        heap, take = divmod(action, self.rules.max_take)
        return f"s{seat}:take={heap}x{take + 1}"

    def move_to_action(self, move: str) -> int:
        m = TAKE.fullmatch(move)
        if m is None or int(m[1]) >= self.rules.heaps or not 1 <= int(m[2]) <= self.rules.max_take:
            raise ValueError(f"not a move of this Nim: {move!r}")
        return int(m[1]) * self.rules.max_take + int(m[2]) - 1

    def legal_mask(self, game: Any, seat: int) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        for move in game.legal_moves(seat):
            mask[self.move_to_action(move)] = 1
        return mask

    def observe(self, game: Any, seat: int) -> np.ndarray:
        view = game.view(seat)
        out = np.zeros(self.observation_shape, dtype=np.uint8)
        for h, stones in enumerate(view["heaps"]):
            out[h, stones] = 1
        out[self.rules.heaps, :] = 1 if view["to_act"] else 0
        return out

    def render(self, game: Any, seat: int | None) -> str:
        return "  ".join(f"{h}:{'|' * n}" for h, n in enumerate(game.view(seat)["heaps"]))


def make_codec(rules: Any) -> NimCodec:
    return NimCodec(rules)
