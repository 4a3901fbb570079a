"""Parity of the mahjong game engine: every backend plays the same seeded hands alike.

The same seeded games are played move for move on two backends (every pair of
the available ones: native, cython, python). At every step the two games must
show the same phase, `to_act`, legal moves (of everyone and of each seat), every
view (the observer's and each seat's), the waits of every seat, and the same
verdict (ok, code, message) for a few mutated moves (another seat, tile or
action, truncated, extended); at the end the same result and record, and each
backend's `mj.replay` of the other's record gives that record back. A difference
fails with the rules, the seed, the backends and the last moves.

Moves are chosen with a seeded `random.Random` over the reference game's legal
moves: uniformly for even seeds, and for odd seeds by `mj_greedy_move` (a player
who tries to win: it reaches wins, 報聽, kongs and robbing, which uniform moves
seldom do).

Game counts per pair and ruleset (common: spread over its option mixes):
native-cython `PYYIJING_MJ_PARITY_GAMES` (default 10,000 per ruleset), native-python
and cython-python `PYYIJING_MJ_PARITY_GAMES_PYTHON` (default 1,000 each per
ruleset): 24,000 games, a few minutes of the slow run on the 2-core machine (a
game with every comparison ~0.17 s, a light one about what the slower engine
costs). The first
`QUICK` games of each mix run in the fast run; the rest are marked slow. Every
`FULL_EVERY`-th game compares everything at every step, the others the phase,
the seats to act and the legal moves (which decide the next move), the verdicts
of 3 mutated moves per step, and at the end the records and their replays.

A backend that is not built is skipped (a failure under
PYYIJING_REQUIRE_ALL_BACKENDS=1).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from support.game_adapters import MahjongAdapter, mj_greedy_move

from pyyijing import mahjong as mj
from pyyijing.mahjong import game as mj_game

# The random-play adapter's mixes (every option of every ruleset).
MIXES = MahjongAdapter().option_mixes()
PAIRS = [("native", "cython"), ("native", "python"), ("cython", "python")]
COUNTS = {
    ("native", "cython"): int(os.environ.get("PYYIJING_MJ_PARITY_GAMES", "10000")),
    ("native", "python"): int(os.environ.get("PYYIJING_MJ_PARITY_GAMES_PYTHON", "1000")),
    ("cython", "python"): int(os.environ.get("PYYIJING_MJ_PARITY_GAMES_PYTHON", "1000")),
}
# Games per mix in the fast run (a game takes 0.1-0.2 s; the fast run stays short).
QUICK = {("native", "cython"): 10, ("native", "python"): 3, ("cython", "python"): 3}
# Every FULL_EVERY-th game compares everything at every step; the others the phase,
# the seats to act and the legal moves, 3 mutated moves per step, and the record.
FULL_EVERY = 20
MAX_MOVES = max(MahjongAdapter().max_moves(m.rules) for m in MIXES)
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
ACTIONS = ("discard=", "ready=", "kong=", "pung=", "win", "pass", "void=m", "raise=1", "haidi")


def available(name: str) -> bool:
    try:
        mj_game.parts(name)
    except ImportError as exc:
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {name} has no mahjong engine: {exc}")
        return False
    return True


def need(pair: tuple[str, str]) -> None:
    missing = [name for name in pair if not available(name)]
    if missing:
        pytest.skip(f"backend {', '.join(missing)} has no mahjong engine")


def mutations(move: str, rng: random.Random) -> list[str]:
    """A few moves near `move`: another seat, tile or action, truncated, extended."""
    prefix, action = move.split(":", 1)
    seat = int(prefix[1:])
    return [
        f"s{(seat + rng.randrange(1, 4)) % 4}:{action}",
        f"s{rng.choice([4, 9, 10, 12345])}:{action}",
        f"s{seat}:{rng.choice(ACTIONS)}",
        f"s{seat}:{rng.choice(ACTIONS[:4])}{rng.choice(TILES)}",
        f"s{rng.randrange(4)}:chow={rng.randrange(1, 8)}{rng.randrange(1, 10)}9{rng.choice('mps')}",
        move[: rng.randrange(len(move))],
        move + rng.choice(["x", " ", "m", "\u200b", "0"]),
        f"s0{seat}:{action}",
    ]


def compare(games: list[tuple[str, Any]], where: str, full: bool = True) -> None:
    """Everything the public API shows of the games is the same on every backend
    (`full`: else only the moves, the observer's view and the seats to act's)."""
    (an, a), (bn, b) = games
    where = f"{where} [{an} vs {bn}]"
    assert a.phase == b.phase, f"{where}: phase"
    assert a.to_act == b.to_act, f"{where}: to_act"
    assert a.legal_moves() == b.legal_moves(), f"{where}: legal_moves()"
    seats = range(4) if full else a.to_act
    for seat in seats:
        assert a.legal_moves(seat) == b.legal_moves(seat), f"{where}: legal_moves({seat})"
    for viewer in (None, *seats):
        assert a.view(viewer) == b.view(viewer), f"{where}: view({viewer})"
    if a.phase != "over":  # (waits after the end are not part of the contract, §11)
        for seat in seats:
            wa, wb = a.waits(seat), b.waits(seat)
            assert list(wa.items()) == list(wb.items()), f"{where}: waits({seat})"
    ra, rb = a.result, b.result
    assert ra == rb, f"{where}: result"


def compare_light(games: list[tuple[str, Any]], where: str) -> None:
    """The cheap step check of most games: phase, seats to act and their legal moves
    (what decides the next move; views, waits and results are compared in full at
    every `FULL_EVERY`-th game, and every game's record at its end)."""
    (an, a), (bn, b) = games
    assert (a.phase, a.to_act, a.legal_moves()) == (b.phase, b.to_act, b.legal_moves()), (
        f"{where} [{an} vs {bn}]: phase, to_act or legal_moves()"
    )


def same_verdict(games: list[tuple[str, Any]], move: str, where: str) -> None:
    (an, a), (bn, b) = games
    va, vb = a.validate(move), b.validate(move)
    assert (va.ok, va.code, va.message) == (vb.ok, vb.code, vb.message), (
        f"{where}: validate({move[:60]!r}) {an} {va} vs {bn} {vb}"
    )


def play_in_parity(rules: mj.Rules, seed: int, pair: tuple[str, str], full: bool = True) -> mj.Game:
    rng = random.Random(seed)
    greedy = seed % 2 == 1
    games = [(name, mj.Game(rules, seed=seed, backend=name)) for name in pair]
    ref = games[0][1]
    for step in range(MAX_MOVES + 1):
        where = f"rules={rules.to_dict()} seed={seed} move {step} after {ref.moves[-4:]}"
        if full or ref.phase == "over":
            compare(games, where, full)
        else:
            compare_light(games, where)
        if ref.phase == "over":
            break
        move = mj_greedy_move(ref, rng) if greedy else rng.choice(ref.legal_moves())
        for m in mutations(move, rng)[: None if full else 3]:
            same_verdict(games, m, where)
        if rng.random() < 0.05:  # copies behave alike, and leave the game alone
            copies = [(name, g.copy()) for name, g in games]
            compare(copies, f"{where} (copies)")
        for _, g in games:
            g.apply(move)
    else:
        raise AssertionError(f"rules={rules.to_dict()} seed={seed} did not end")
    (an, ra), (bn, rb) = ((name, g.record()) for name, g in games)
    assert ra == rb, f"rules={rules.to_dict()} seed={seed}: records {an} vs {bn}"
    through_json = json.loads(json.dumps(ra))
    for name in pair:
        again = mj.replay(through_json, backend=name)
        assert again.record() == ra, f"seed={seed}: {name} replays the record differently"
    return ref


def games_of(pair: tuple[str, str], index: int) -> int:
    """The games of mix `index`: COUNTS[pair] per ruleset, spread over its mixes."""
    ruleset = MIXES[index].rules.ruleset
    same = [i for i, m in enumerate(MIXES) if m.rules.ruleset == ruleset]
    total, k = COUNTS[pair], same.index(index)
    return total // len(same) + (k < total % len(same))


# The slow games of a mix are played in chunks of at most CHUNK games, one test each, so
# that `pytest -n` (Makefile) spreads a ruleset's 10,000 games over the workers.
CHUNK = 1000


def chunks(pair: tuple[str, str], index: int) -> list[range]:
    """The fast games of mix `index`, then its slow ones in chunks."""
    games = games_of(pair, index)
    first = min(games, QUICK[pair])
    return [range(first), *(range(a, min(a + CHUNK, games)) for a in range(first, games, CHUNK))]


CASES = [
    pytest.param(
        pair,
        index,
        k,
        id=f"{pair[0]}-{pair[1]}-{mix.id}-{'fast' if k == 0 else f'slow{k}'}",
        marks=[pytest.mark.slow] if k else [],
    )
    for pair in PAIRS
    for index, mix in enumerate(MIXES)
    for k in range(len(chunks(pair, index)))
]


@pytest.mark.parametrize(("pair", "index", "chunk"), CASES)
def test_backends_agree_on_random_games(pair: tuple[str, str], index: int, chunk: int) -> None:
    need(pair)
    for i in chunks(pair, index)[chunk]:
        play_in_parity(MIXES[index].rules, 104_729 * index + i, pair, full=i % FULL_EVERY == 0)


def test_a_backend_agrees_with_itself() -> None:
    """The harness on one backend (two games of one seed): always runs, even with one
    backend; the games are deterministic, and a copy plays like its original."""
    ends = set()
    for index, mix in enumerate(MIXES[::2]):
        g = play_in_parity(mix.rules, 1 + index, ("python", "python"))
        ends.add(g.result.kind if g.result else None)
    assert None not in ends


class _Skewed:
    """A game whose `legal_moves` lose their last entry after `after` moves."""

    def __init__(self, inner: mj.Game, after: int) -> None:
        self._inner, self._after = inner, after

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def legal_moves(self, seat: int | None = None) -> list[str]:
        legal = self._inner.legal_moves(seat)
        return legal[:-1] if len(self._inner.moves) >= self._after and seat is None else legal


def test_compare_catches_a_difference() -> None:
    a = mj.Game(mj.Rules(), seed=5, backend="python")
    b = _Skewed(mj.Game(mj.Rules(), seed=5, backend="python"), after=3)
    games: list[tuple[str, Any]] = [("python", a), ("skewed", b)]
    compare(games, "start")
    for _ in range(3):
        move = a.legal_moves()[0]
        a.apply(move)
        b.apply(move)
    with pytest.raises(AssertionError, match=r"legal_moves\(\)"):
        compare(games, "after 3")
