"""Property tests of the mahjong move parser and `validate` (Hypothesis).

Positions are taken from seeded games of every option mix of the random-play
adapter (uniform and greedy moves, so declared seats, claims, robbing offers and
ended hands are among them). Against them Hypothesis throws arbitrary text
(any Unicode, lone surrogates, long strings) and near-valid moves
(``s<digits>:<action>=<tile>`` pieces, legal moves with one character edited):

- `validate` never raises for a str: it returns a Verdict whose code is in
  `mj.REASONS`, ok exactly when the code is "ok", with the table's message;
  ok exactly for the legal moves;
- the code is the one docs/mahjong-engine.md's order of checks gives (the
  oracle of tests/support/game_adapters.py), where the docs pin it;
- a rejected move changes nothing (the record, every view, phase, to_act, legal
  moves, waits), and `apply` of it raises `mj.IllegalMove` with the same code;
- an accepted move applies, and the record then ends with it.

And in phase void a view is the same whoever else has chosen (rules §11).
"""

from __future__ import annotations

import functools
import itertools
import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.game_adapters import MahjongAdapter, MjState, mj_greedy_move

from pyyijing import mahjong as mj

ADAPTER = MahjongAdapter()
MIXES = ADAPTER.option_mixes()
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
ACTIONS = [
    "discard",
    "ready",
    "kong",
    "pung",
    "chow",
    "win",
    "pass",
    "void",
    "raise",
    "opening",
    "mid",
    "open_kong",
    "haidi",
]


@functools.cache
def _games(backend: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """(mix index, the moves of a whole game) for a uniform and a greedy game of each mix."""
    out = []
    for index, mix in enumerate(MIXES):
        for greedy in (False, True):
            seed = 31 * index + greedy
            rng = random.Random(seed)
            g = mj.Game(mix.rules, seed=seed, backend=backend)
            while g.phase != "over":
                g.apply(mj_greedy_move(g, rng) if greedy else rng.choice(g.legal_moves()))
            out.append((index, tuple(g.moves)))
    return tuple(out)


@functools.cache
def _position(backend: str, game: int, step: int) -> mj.Game:
    index, moves = _games(backend)[game]
    seed = 31 * index + (game % 2)
    g = mj.Game(MIXES[index].rules, seed=seed, backend=backend)
    assert g.apply_all(list(moves[:step])) is None
    return g


@st.composite
def positions(draw: st.DrawFn, backend: str) -> mj.Game:
    games = _games(backend)
    game = draw(st.integers(0, len(games) - 1))
    n = len(games[game][1])
    # The ends of a game (the void phase, the first turn, the last moves, over) often.
    step = draw(st.one_of(st.integers(0, n), st.sampled_from([0, 1, 4, 5, n - 1, n])))
    return _position(backend, game, max(0, min(n, step))).copy()


def seats() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(["0", "1", "2", "3", "4", "9", "10", "01", "00", "", "-1", "\uff11"]),
        st.integers(0, 10**30).map(str),
        st.text("0123456789", max_size=25),
    )


def tiles() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(TILES),
        st.sampled_from(["1f", "8f", "0m", "10m", "5M", "E", "8z", "", "m", "p", "s", "1"]),
        st.text("0123456789mpszf", max_size=5),
    )


@st.composite
def near_valid(draw: st.DrawFn) -> str:
    """``s<seat>:<action>[=<arg>]`` from pieces, some of them wrong."""
    seat = draw(seats())
    action = draw(st.one_of(st.sampled_from(ACTIONS), st.text("acdeghiklmnoprstuvwy_", max_size=9)))
    arg = draw(
        st.one_of(
            tiles(),
            st.sampled_from(["m", "p", "s", "z", "0", "3", "9", "123m", "345p", "789s", "135m"]),
            st.text("0123456789mps", min_size=3, max_size=5),
            st.none(),
        )
    )
    sep = draw(st.sampled_from([":", ":", ":", "", "::", "="]))
    move = f"s{seat}{sep}{action}" + ("" if arg is None else f"={arg}")
    return draw(st.sampled_from([move, move, move.upper(), " " + move, move + "\n"]))


@st.composite
def edited_legal(draw: st.DrawFn, game: mj.Game) -> str:
    """A legal move (or a seat's move from before) with one character edited."""
    legal = game.legal_moves() or game.moves or ["s0:pass"]
    move = draw(st.sampled_from(legal))
    i = draw(st.integers(0, len(move)))
    c = draw(st.one_of(st.sampled_from(list("0123456789mpsz:=f ")), st.characters()))
    edit = draw(st.sampled_from(["insert", "replace", "delete", "keep"]))
    if edit == "insert":
        return move[:i] + c + move[i:]
    if edit == "replace":
        return move[:i] + c + move[i + 1 :]
    if edit == "delete":
        return move[:i] + move[i + 1 :]
    return move


def any_text() -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=40),
        st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), max_size=3),
        st.text("s0123456789:=mpszfdiscardkongwinpassvoidreadychow", max_size=40),
        st.sampled_from(["x" * 100_000, "s" + "9" * 5000 + ":pass", "s0:" + "pass" * 5000]),
    )


def state(g: mj.Game) -> tuple[Any, ...]:
    views = [g.view(s) for s in (None, 0, 1, 2, 3)]
    waits = [g.waits(s) for s in range(4)] if g.phase != "over" else []
    return (g.record(), views, g.phase, g.to_act, g.legal_moves(), waits)


def check_move(g: mj.Game, move: str) -> None:
    before = state(g)
    verdict = g.validate(move)
    shown = move if len(move) < 80 else f"{move[:40]!r}...({len(move)} chars)"
    assert isinstance(verdict, mj.Verdict), shown
    assert verdict.code in mj.REASONS, f"{shown!r}: code {verdict.code!r} not in mj.REASONS"
    assert verdict.ok == (verdict.code == "ok"), f"{shown!r}: {verdict}"
    assert verdict.message == mj.REASONS[verdict.code], f"{shown!r}: {verdict}"
    assert verdict.ok == (move in before[4]), f"{shown!r}: {verdict}, legal: {move in before[4]}"
    expected = MjState(g).code(move)
    if expected is not None:
        assert verdict.code == expected, f"{shown!r}: {verdict.code}, the docs say {expected}"
    assert state(g) == before, f"validate({shown!r}) changed the game"
    if verdict.ok:
        after = g.copy()
        after.apply(move)
        assert after.moves == [*g.moves, move], shown
        assert state(g) == before, f"applying {shown!r} to a copy changed the game"
        return
    with pytest.raises(mj.IllegalMove) as exc:
        g.apply(move)
    assert exc.value.code == verdict.code, f"{shown!r}: apply {exc.value.code}, validate {verdict}"
    assert state(g) == before, f"the rejected move {shown!r} changed the game"
    # apply_each / apply_all give the same verdict and change nothing either.
    assert g.apply_each([move])[0].code == verdict.code, shown
    bad = g.apply_all([move])
    assert bad is not None, shown
    assert bad[0] == 0, shown
    assert bad[1].code == verdict.code, shown
    assert state(g) == before, f"apply_each/apply_all of {shown!r} changed the game"


# Examples per test: the fast run, and the slow run (``PYYIJING_PROPERTY_SCALE`` scales both).
EXAMPLES = {"fast": 40, "slow": 1500}
SCALE = float(os.environ.get("PYYIJING_PROPERTY_SCALE", "1"))
PARTS = ["fast", pytest.param("slow", marks=pytest.mark.slow)]


def run(backend: str, part: str, moves: Callable[[mj.Game], st.SearchStrategy[str]]) -> None:
    """Hypothesis: a position, then moves drawn by `moves(position)`, each checked."""

    @settings(
        max_examples=max(1, round(EXAMPLES[part] * SCALE)),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(data=st.data())
    def inner(data: st.DataObject) -> None:
        g = data.draw(positions(backend), label="position")
        for _ in range(2):
            check_move(g, data.draw(moves(g), label="move"))

    inner()


@pytest.mark.parametrize("part", PARTS)
def test_any_text_gets_a_reason_and_changes_nothing(backend: Any, part: str) -> None:
    run(backend.name, part, lambda g: any_text())


@pytest.mark.parametrize("part", PARTS)
def test_near_valid_moves_get_the_documented_reason(backend: Any, part: str) -> None:
    run(backend.name, part, lambda g: near_valid())


@pytest.mark.parametrize("part", PARTS)
def test_edited_legal_moves_get_the_documented_reason(backend: Any, part: str) -> None:
    run(backend.name, part, edited_legal)


@settings(max_examples=60, deadline=None, database=None)
@given(move=st.one_of(near_valid(), any_text()))
def test_a_non_str_is_malformed_and_a_str_never_raises(move: str) -> None:
    g = _position("python", 0, 0).copy()
    g.validate(move)  # never raises
    for bad in (None, 1, b"s0:pass", [move]):
        assert g.validate(bad).code == "malformed"  # type: ignore[arg-type]
        with pytest.raises(mj.IllegalMove) as info:
            g.apply(bad)  # type: ignore[arg-type]
        assert info.value.code == "malformed"


# ------------------------------------------------------------------ hidden void answers


def _void_views(backend: str, answered: dict[int, str]) -> dict[int | None, dict[str, Any]]:
    return _void_views_of(backend, tuple(answered.items()))


@functools.cache
def _void_views_of(
    backend: str, answered: tuple[tuple[int, str], ...]
) -> dict[int | None, dict[str, Any]]:
    g = mj.Game(mj.Rules("common", void_suit=True), seed=3, backend=backend)
    for seat, suit in answered:
        g.apply(f"s{seat}:void={suit}")
    assert g.phase == "void"
    return {v: g.view(v) for v in (None, 0, 1, 2, 3)}


def test_who_has_chosen_a_void_suit_is_hidden_until_all_four_have(backend: Any) -> None:
    """A view in phase void is the same whoever else has answered, and whatever."""
    for viewer in (None, 0, 1, 2, 3):
        others = [s for s in range(4) if s != viewer]
        for mine in [None, "p"] if viewer is not None else [None]:
            base = {viewer: mine} if mine is not None else {}
            want = _void_views(backend.name, base)[viewer]
            for n in range(1, len(others) + (mine is None) - (viewer is None)):
                for who in itertools.combinations(others, n):
                    answered = {**base, **{s: "msp"[s % 3] for s in who}}
                    got = _void_views(backend.name, answered)[viewer]
                    assert got == want, f"view({viewer}) shows that seats {who} have answered"
