"""Random legal play, shared by the invariant, parity and golden tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pyyijing as yj

# Rule sets the random tests sweep: both variants, every deck and player count,
# taiji on and off, advanced win conditions on and off, both payment rules.
RULE_SETS: list[yj.Rules] = [
    yj.Rules(),
    yj.Rules(players=2),
    yj.Rules(players=3, deck=162),
    yj.Rules(variant="simple"),
    yj.Rules(variant="simple", taiji="none", players=3),
    yj.Rules(taiji="none", deck=162, self_draw_payment="split"),
    yj.Rules(taiji_in_pong=False, win_conditions=yj.WIN_CONDITIONS),
    yj.Rules(variant="simple", players=2, deck=162, win_conditions=yj.WIN_CONDITIONS),
]

# A game never needs more moves than this (targets + at most ~80 plays, each with at
# most 3 declined offers, + a win): a bound that catches a game that never ends.
MAX_MOVES = 600


def random_game(
    rules: yj.Rules, seed: int, backend: str | None = None
) -> Iterator[tuple[yj.Game, str]]:
    """Yield (game before the move, move) for a random legal game from `seed`."""
    rng = random.Random(seed)
    g = yj.Game(rules, seed=seed, backend=backend)
    for _ in range(MAX_MOVES):
        if g.phase == "over":
            return
        moves = g.legal_moves()
        assert moves, f"no legal move in phase {g.phase}"
        move = rng.choice(moves)
        yield g, move
        g.apply(move)
    raise AssertionError(f"game {seed} did not end within {MAX_MOVES} moves")


def play_random(rules: yj.Rules, seed: int, backend: str | None = None) -> yj.Game:
    last = None
    for g, _ in random_game(rules, seed, backend):
        last = g
    assert last is not None
    return last


def mutations(move: str, rng: random.Random) -> list[str]:
    """Near-miss variants of a legal move and random garbage."""
    out = [move[:-1], move + "1", move.replace("1", "0", 1), move.replace("0", "1", 1)]
    out += [move.replace("@outer", "@inner"), move.replace("@inner", "@split")]
    out += [move.replace("play", "pong") + "@outer", move.replace("pong", "play").split("@")[0]]
    out += ["s" + str(rng.randrange(6)) + move[2:], "s0:pass", "s1:win", "s2:win@split"]
    alphabet = "s0123:=+-@playongwinuterspdx"
    out.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(20))))
    return [m for m in out if m != move]
