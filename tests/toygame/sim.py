"""Nim's simulator for `yj.simulate`: games played in Python by its two bots or callables."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from pyyijing.core.seeds import hand_seed
from pyyijing.sim.runner import GameSim, seat_policy

from .nim import NAME, Game, Rules


def _greedy(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """A move that leaves a nim-sum of 0 (a winning position, with no take limit), else any."""
    for move in legal:
        heap, count = (int(x) for x in move.split("=", 1)[1].split("x"))
        heaps = list(view["heaps"])
        heaps[heap] -= count
        total = 0
        for size in heaps:
            total ^= size
        if total == 0:
            return move
    return rng.choice(legal)


class Tally:
    def __init__(self, players: int) -> None:
        self.games = 0
        self.wins = [0] * players
        self.moves = 0

    def add(self, arrays: dict[str, np.ndarray]) -> None:
        self.games += len(arrays["winner"])
        for seat, n in enumerate(np.bincount(arrays["winner"], minlength=len(self.wins))):
            self.wins[seat] += int(n)
        self.moves += int(arrays["moves"].sum())

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.moves += other.moves

    def summary(self) -> dict[str, Any]:
        return {"game": NAME, "games": self.games, "wins": self.wins, "moves": self.moves}


class NimSim(GameSim):
    game = NAME
    bots = ("random", "greedy")
    rules_type = Rules

    @staticmethod
    def players(rules: Any) -> int:
        return int(rules.players)

    @staticmethod
    def check_options(games: int, start: int, **options: Any) -> dict[str, Any]:
        if options.pop("hands_per_match", None) is not None:
            raise ValueError("nim plays single games (no hands_per_match)")
        if options:
            raise TypeError(f"unexpected arguments: {', '.join(options)}")
        return {}

    @staticmethod
    def rules_from_dict(data: dict[str, Any]) -> Any:
        return Rules.from_dict(data)

    def schema(self) -> dict[str, tuple[Any, tuple[int, ...]]]:
        return {
            "winner": (np.int8, ()),
            "moves": (np.int16, ()),
            "payments": (np.int32, (self.rules.players,)),
        }

    def run_native(self, first: int, count: int) -> dict[str, np.ndarray]:
        raise NotImplementedError("nim has no native simulator")

    def play(self, index: int) -> Game:
        game = Game(self.rules, seed=hand_seed(self.seed, index))
        rng = random.Random(hand_seed(self.seed ^ 0x5EED, index))
        n = self.rules.players
        while game.phase != "over":
            seat = game.to_act[0]
            policy = self.policies[seat_policy(index, seat, n, self.rotate)]
            legal = game.legal_moves(seat)
            if policy == "random":
                move = rng.choice(legal)
            elif policy == "greedy":
                move = _greedy(game.view(seat), legal, rng)
            else:
                assert callable(policy)
                move = policy(game.view(seat), legal)
            game.apply(move)
        return game

    def run_python(self, first: int, count: int) -> dict[str, np.ndarray]:
        arrays = self.empty_arrays(count)
        for j in range(count):
            game = self.play(first + j)
            result = game.result
            assert result is not None
            arrays["winner"][j] = result.winner
            arrays["moves"][j] = len(game.moves)
            arrays["payments"][j] = result.payments
        return arrays

    def new_tally(self) -> Tally:
        return Tally(self.rules.players)

    def record(self, index: int) -> dict[str, Any]:
        return {**self.play(index).record(), "index": index}
