"""The generic random-play test: every game, every option mix, every backend.

Like OpenSpiel's RandomSimTest and pgx's api_test. Seeded games of random legal
moves are played through the public API of each game (tests/support/game_adapters.py says
what a game must provide, and how to add one: write an adapter, add it to
ADAPTERS). At every step of every game:

- legal moves: `legal_moves(None)` is sorted, without repeats, the union of
  `legal_moves(seat)` over `to_act`; a seat in `to_act` has a move, a seat not in
  it has none; every legal move validates (code "ok");
- rejections: near misses derived from the move about to be played (other seats,
  changed lines, other placements, truncated, extended, other kinds, the moves of
  seats that may not act) and junk (empty, unicode, huge strings, bad seats) are
  rejected unless legal, with a documented reason code (the one the adapter
  expects where it knows it), the same code from `validate` and from the
  `IllegalMove` that `apply` raises, and no change of state (the record, every
  view, phase, to_act, legal moves); a non-str move is malformed. Every near
  miss at the first step and at the end, a random `NEAR_MISSES_PER_STEP` of them
  at the other steps; all the junk at the first step and at the end;
- views: JSON-serialisable (a round trip gives them back); a seat's view shows
  its own private keys, shows of every other seat only the public keys and
  exactly what the observer sees, with none of that seat's private values; the
  observer view has no private key anywhere; plus the adapter's own view checks;
- conservation: the tiles in hands, targets, hexagrams and the wall are the tile set.

At random points and at the end:

- copy independence: a copy equals the game; playing the copy to its end leaves
  the game unchanged, and playing the game on leaves the copy unchanged;
- replay identity: `replay(record)` (also after a JSON round trip) gives the same
  record, views and legal moves, and does not change the record it was given.

At the end: the game ended (phase "over") within the adapter's bound, nobody may
act, the record lists the moves played, the payments (one per seat) sum to 0, and
every near miss of the last move and all the junk is rejected.

Game counts per option mix and backend: `GAMES`, the first ones in the fast run,
the rest behind `slow` (the two runs play different seeds); scale them with
PYYIJING_RANDOM_PLAY_SCALE. Most of the time goes into the checks, not the
engine, so the three backends cost about the same per game.

The tests at the end break a game on purpose (a view that leaks, a copy that
shares its state, ...) and check that the checks above catch it.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
from collections import Counter
from typing import Any, NamedTuple

import pytest
from support.game_adapters import ADAPTERS, GameAdapter, OptionMix

import pyyijing as yj

# Games per option mix: (in the fast run, in all). A game with all the checks takes
# 40-80 ms on every backend (the checks cost more than the engine), so the slow run,
# 12 mixes x (250 + 60 + 40) games, takes ~5 min here; PYYIJING_RANDOM_PLAY_SCALE=8
# plays the 23,000-game sweep (~30 min). The engine-only sweeps (parity, invariants)
# play far more games.
GAMES = {"native": (12, 250), "cython": (10, 60), "python": (6, 40)}
SCALE = float(os.environ.get("PYYIJING_RANDOM_PLAY_SCALE", "1"))
# Chance per step of checking a copy and a replay there (plus always at the end).
COPY_CHANCE = 0.03
REPLAY_CHANCE = 0.04
# Near misses checked per step, a random sample of those the adapter derives (all of them
# at the first step and at the end).
NEAR_MISSES_PER_STEP = 24
NON_STR_MOVES = (None, 0, 1.5, True, b"s0:pass", bytearray(b"s0:pass"), ["s0:pass"], ("s0:pass",))

CASES = [
    pytest.param(adapter, index, mix, id=f"{adapter.name}-{mix.id}")
    for adapter in ADAPTERS
    for index, mix in enumerate(adapter.option_mixes())
]


def games(backend: str, part: str, adapter: GameAdapter) -> range:
    fast, total = (max(1, round(n * SCALE / adapter.cost)) for n in GAMES[backend])
    return range(fast) if part == "fast" else range(fast, max(fast, total))


# ------------------------------------------------------------------------------ checks


class Snapshot(NamedTuple):
    """Everything the public API shows of a game."""

    record: dict[str, Any]
    views: dict[int | None, dict[str, Any]]  # by seat, None: the observer
    phase: str
    to_act: list[int]
    legal: list[str]


def snapshot(adapter: GameAdapter, g: Any) -> Snapshot:
    views = {seat: g.view(seat) for seat in [None, *adapter.seats(g)]}
    return Snapshot(g.record(), views, g.phase, g.to_act, g.legal_moves())


def key_pattern(keys: frozenset[str]) -> re.Pattern[str]:
    """Matches a dict key in `keys` in JSON text (a str value cannot hold an unescaped quote)."""
    return re.compile("|".join(re.escape(json.dumps(k)) + ":" for k in sorted(keys)))


def check_legal_moves(adapter: GameAdapter, g: Any, now: Snapshot) -> None:
    legal, to_act = now.legal, now.to_act
    assert isinstance(legal, list), "legal_moves is not a list"
    assert all(isinstance(m, str) for m in legal), "a legal move is not a str"
    assert legal == sorted(set(legal)), "legal_moves is not sorted and unique"
    assert to_act == sorted(set(to_act)), f"to_act {to_act} is not sorted and unique"
    union = []
    for seat in adapter.seats(g):
        mine = g.legal_moves(seat)
        if seat in to_act:
            assert mine, f"seat {seat} is to act but has no legal move"
        else:
            assert mine == [], f"seat {seat} is not to act but has legal moves {mine[:3]}"
        union += mine
    assert sorted(union) == legal, "legal_moves(None) is not the union over the seats"
    for m in legal:
        verdict = g.validate(m)
        assert verdict.ok, f"legal move {m!r} does not validate: {verdict}"
        assert verdict.code == "ok", f"legal move {m!r} validates with code {verdict.code!r}"
    if now.phase == "over":
        assert g.result is not None, "the game is over without a result"
        assert to_act == [], f"seats {to_act} may act in a game that is over"
        assert legal == [], f"legal moves {legal[:3]} in a game that is over"
    else:
        assert g.result is None, f"a result before the game is over (phase {now.phase})"
        assert legal, f"nobody can move in phase {now.phase}"


def check_rejections(
    adapter: GameAdapter,
    g: Any,
    backend: str,
    candidates: list[tuple[str, str | None]],
    before: Snapshot,
) -> None:
    """Each candidate is legal (then listed) or rejected with the expected code, unchanged."""
    legal = set(before.legal)
    for move, expected in candidates:
        shown = move if len(move) <= 80 else f"{move[:40]}...({len(move)} chars)"
        verdict = g.validate(move)
        if move in legal:
            assert verdict.ok, f"{shown!r} is a legal move but validate says {verdict}"
            continue
        assert not verdict.ok, f"{shown!r} is not a legal move but validates"
        assert verdict.code in adapter.reason_codes, f"{shown!r}: unknown code {verdict.code!r}"
        if expected is not None:
            assert verdict.code == expected, f"{shown!r}: code {verdict.code!r}, not {expected!r}"
        assert isinstance(verdict.message, str), f"{shown!r}: the message is not a str"
        assert verdict.message, f"{shown!r}: no message"
        try:  # (not pytest.raises: this runs millions of times)
            g.apply(move)
        except yj.IllegalMove as exc:
            code = exc.code
        else:
            raise AssertionError(f"apply({shown!r}) did not raise IllegalMove")
        assert code == verdict.code, f"{shown!r}: apply says {code!r}, validate {verdict.code!r}"
    if snapshot(adapter, g) != before:
        culprit = find_culprit(adapter, before, candidates, backend)
        raise AssertionError(f"rejected move {culprit!r} changed the game")


def find_culprit(
    adapter: GameAdapter, before: Snapshot, candidates: list[tuple[str, str | None]], backend: str
) -> str | None:
    """The first candidate whose rejection changes a game in the state `before`."""
    for move, _ in candidates:
        g = adapter.replay(before.record, backend)
        if snapshot(adapter, g) != before:
            return "(none: the replayed game differs already)"
        if move not in before.legal:
            with contextlib.suppress(yj.IllegalMove):
                g.apply(move)
            if snapshot(adapter, g) != before:
                return move[:80]
    return None


def check_non_str_moves(adapter: GameAdapter, g: Any, before: Snapshot) -> None:
    for bad in NON_STR_MOVES:
        verdict = g.validate(bad)
        assert (verdict.ok, verdict.code) == (False, "malformed"), f"{bad!r}: {verdict}"
        with pytest.raises(yj.IllegalMove) as info:
            g.apply(bad)
        assert info.value.code == "malformed"
    assert snapshot(adapter, g) == before, "a non-str move changed the game"


def check_views(adapter: GameAdapter, g: Any, now: Snapshot) -> None:
    public = adapter.seat_entries(now.views[None])
    hidden = key_pattern(adapter.hidden_keys)
    for viewer, view in now.views.items():
        text = json.dumps(view, allow_nan=False)
        assert json.loads(text) == view, f"view({viewer}) does not survive JSON"
        entries = adapter.seat_entries(view)
        assert len(entries) == len(adapter.seats(g)), f"view({viewer}) has a wrong seat count"
        own = entries[viewer] if viewer is not None else None
        if own is not None:
            missing = adapter.hidden_keys - set(own)
            assert not missing, f"view({viewer}) hides the seat's own {sorted(missing)}"
        # No private key anywhere but in the viewer's own part (the observer has none).
        leaked = Counter(hidden.findall(text))
        leaked.subtract(hidden.findall(json.dumps(own)) if own is not None else [])
        shown = sorted(k.rstrip(":") for k, n in leaked.items() if n > 0)
        assert not shown, f"view({viewer}) shows {', '.join(shown)} outside its own seat"
        for seat, entry in enumerate(entries):
            if seat == viewer:
                continue
            where = f"view({viewer})['seats'][{seat}]"
            extra = set(entry) - adapter.public_seat_keys
            assert not extra, f"{where} shows {sorted(extra)}"
            assert entry == public[seat], f"{where} is not what the observer sees of the seat"
            owner = adapter.seat_entries(now.views[seat])[seat]
            leaks = adapter.value_leaks(owner, entry)
            assert not leaks, f"{where} shows the seat's {', '.join(leaks)}"
        adapter.check_view(g, viewer, view)


def check_replay(adapter: GameAdapter, backend: str, now: Snapshot) -> None:
    record = now.record
    through_json = json.loads(json.dumps(record, allow_nan=False))
    assert through_json == record, "the record does not survive JSON"
    for given in (record, through_json):
        again = adapter.replay(given, backend)
        assert given == through_json, "replay changed the record it was given"
        got = snapshot(adapter, again)
        assert got.record == record, "replay(record).record() != record"
        assert got == now, "the replayed game does not show the same views and moves"


class CopyCheck:
    """A copy taken now, played to its end at once; the game must not notice, and the
    copy must not notice the game's later moves."""

    def __init__(
        self, adapter: GameAdapter, rules: Any, g: Any, now: Snapshot, rng: random.Random
    ) -> None:
        self.copy = g.copy()
        assert snapshot(adapter, self.copy) == now, "the copy differs from the game"
        for _ in range(adapter.max_moves(rules)):
            if self.copy.phase == "over":
                break
            self.copy.apply(rng.choice(self.copy.legal_moves()))
        assert snapshot(adapter, g) == now, "playing a copy changed the game"
        self.final = snapshot(adapter, self.copy)

    def check(self, adapter: GameAdapter) -> None:
        assert snapshot(adapter, self.copy) == self.final, "playing a game changed its copy"


def check_state(adapter: GameAdapter, g: Any) -> Snapshot:
    now = snapshot(adapter, g)
    check_legal_moves(adapter, g, now)
    check_views(adapter, g, now)
    adapter.check_conservation(g, now.views)
    return now


def play_and_check(
    adapter: GameAdapter, rules: Any, seed: int, backend: str, where: list[Any]
) -> None:
    """Play one random game from `seed` with every check (`where`: [game, step] so far)."""
    rng = random.Random(seed)
    g = adapter.new_game(rules, seed, backend)
    where[:] = [g, 0]
    copies: list[CopyCheck] = []
    played: list[str] = []
    now = check_state(adapter, g)
    check_non_str_moves(adapter, g, now)
    check_rejections(adapter, g, backend, adapter.junk_moves(g, rng), now)
    candidates = adapter.near_misses(g, rng.choice(now.legal), rng)
    check_rejections(adapter, g, backend, candidates, now)  # all of them once
    for step in range(adapter.max_moves(rules) + 1):
        where[1] = step
        if now.phase == "over":
            break
        move = rng.choice(now.legal)
        candidates = adapter.near_misses(g, move, rng)
        candidates = rng.sample(candidates, min(len(candidates), NEAR_MISSES_PER_STEP))
        check_rejections(adapter, g, backend, candidates, now)
        if rng.random() < COPY_CHANCE:
            copies.append(CopyCheck(adapter, rules, g, now, random.Random(rng.random())))
        if rng.random() < REPLAY_CHANCE:
            check_replay(adapter, backend, now)
        g.apply(move)
        played.append(move)
        now = check_state(adapter, g)
    else:
        raise AssertionError(f"the game did not end within {adapter.max_moves(rules)} moves")
    # The end.
    assert adapter.record_moves(now.record) == played, "the record does not list the moves"
    payments = adapter.payments(g)
    assert len(payments) == len(adapter.seats(g)), f"payments {payments} are not one per seat"
    assert sum(payments) == 0, f"payments {payments} do not sum to 0"
    if played:
        check_rejections(adapter, g, backend, adapter.near_misses(g, played[-1], rng), now)
    check_rejections(adapter, g, backend, adapter.junk_moves(g, rng), now)
    check_non_str_moves(adapter, g, now)
    check_replay(adapter, backend, now)
    copies.append(CopyCheck(adapter, rules, g, now, rng))
    for c in copies:
        c.check(adapter)


def run_games(adapter: GameAdapter, mix: OptionMix, index: int, seeds: range, backend: str) -> None:
    for i in seeds:
        seed = 1_000_003 * index + i
        where: list[Any] = [None, 0]
        try:
            play_and_check(adapter, mix.rules, seed, backend, where)
        except AssertionError as exc:
            g, step = where
            moves = adapter.record_moves(g.record())[-6:] if g is not None else []
            raise AssertionError(
                f"{adapter.name} {mix.id} seed={seed} backend={backend} move {step} "
                f"(last moves {moves}): {exc}"
            ) from exc


# ------------------------------------------------------------------------------- tests


@pytest.mark.parametrize("part", ["fast", pytest.param("slow", marks=pytest.mark.slow)])
@pytest.mark.parametrize(("adapter", "index", "mix"), CASES)
def test_random_play(backend, adapter: GameAdapter, index: int, mix: OptionMix, part: str) -> None:
    run_games(adapter, mix, index, games(backend.name, part, adapter), backend.name)


def test_a_move_that_is_not_utf8_is_malformed(backend: Any) -> None:
    """A lone surrogate is a str: validate answers, apply raises IllegalMove, nothing changes.

    pybind11 cannot encode a lone surrogate as UTF-8 (the native binding alone
    would raise TypeError); pyyijing/core/moves.py `core_text` stands in.
    """
    for adapter in ADAPTERS:
        g = adapter.new_game(adapter.option_mixes()[0].rules, 0, backend.name)
        now = snapshot(adapter, g)
        candidates = [("\ud800", "malformed"), ("s0:pass\udfff", "malformed")]
        check_rejections(adapter, g, backend.name, candidates, now)


# ------------------------------------------------------- the checks catch a broken game


class BrokenGame:
    """A game with one fault, through the same public API (the fault's name says which)."""

    def __init__(self, adapter: GameAdapter, inner: Any, fault: str) -> None:
        self._adapter, self._inner, self._fault = adapter, inner, fault

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def copy(self) -> Any:
        if self._fault == "copy_shares_state":
            return self
        return BrokenGame(self._adapter, self._inner.copy(), self._fault)

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = self._inner.view(seat)
        if self._fault == "view_leaks_private_keys":
            for other, entry in enumerate(self._adapter.seat_entries(view)):
                if other != seat:
                    own = self._adapter.seat_entries(self._inner.view(other))[other]
                    entry.update({k: own[k] for k in self._adapter.hidden_keys})
        if self._fault == "views_show_a_private_value" and seat != 1:
            # Seat 1's private values under its public keys, to every other viewer alike.
            own = self._adapter.seat_entries(self._inner.view(1))[1]
            entry = self._adapter.seat_entries(view)[1]
            for hidden, public in zip(
                sorted(self._adapter.hidden_keys),
                sorted(self._adapter.public_seat_keys),
                strict=False,
            ):
                entry[public] = own[hidden]
        if self._fault == "seat_view_leaks_a_hand" and seat is not None:
            other = (seat + 1) % len(self._adapter.seat_entries(view))
            own = self._adapter.seat_entries(self._inner.view(other))[other]
            key = min(self._adapter.hidden_keys)
            self._adapter.seat_entries(view)[other][key] = own[key]
        return view

    def legal_moves(self, seat: int | None = None) -> list[str]:
        legal: list[str] = self._inner.legal_moves(seat)
        if self._fault == "legal_moves_lose_one" and seat is None:
            return legal[:-1]
        return legal

    def validate(self, move: str) -> Any:
        if self._fault == "validate_accepts_empty" and move == "":
            return yj.Verdict(True, "ok", "")
        return self._inner.validate(move)

    def apply(self, move: str) -> None:
        try:
            self._inner.apply(move)
        except yj.IllegalMove as exc:
            if self._fault == "illegal_move_changes_state" and self._inner.legal_moves():
                self._inner.apply(self._inner.legal_moves()[0])
            if self._fault == "apply_gives_another_code":
                raise yj.IllegalMove(move, "malformed", "?") from exc
            raise

    def record(self) -> dict[str, Any]:
        record: dict[str, Any] = self._inner.record()
        if self._fault == "record_not_json":
            record["extra"] = (1, 2)
        return record


class BrokenAdapter(GameAdapter):
    """An adapter whose games (or answers) have one fault."""

    def __init__(self, inner: GameAdapter, fault: str) -> None:
        self._inner, self.fault = inner, fault
        for name in ("name", "reason_codes", "hidden_keys", "public_seat_keys", "cost"):
            setattr(self, name, getattr(inner, name))

    def option_mixes(self) -> list[OptionMix]:
        return self._inner.option_mixes()

    def new_game(self, rules: Any, seed: int, backend: str) -> Any:
        return BrokenGame(self._inner, self._inner.new_game(rules, seed, backend), self.fault)

    def replay(self, record: dict[str, Any], backend: str) -> Any:
        if self.fault == "replay_drops_the_last_move" and self.record_moves(record):
            record = json.loads(json.dumps(record))
            self.record_moves(record).pop()
        inner = self._inner.replay(record, backend)
        return BrokenGame(self._inner, inner, self.fault)

    def seats(self, game: Any) -> range:
        return self._inner.seats(game)

    def max_moves(self, rules: Any) -> int:
        return 3 if self.fault == "never_ends" else self._inner.max_moves(rules)

    def seat_entries(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return self._inner.seat_entries(view)

    def value_leaks(self, owner: dict[str, Any], seen: dict[str, Any]) -> list[str]:
        return self._inner.value_leaks(owner, seen)

    def check_view(self, game: Any, viewer: int | None, view: dict[str, Any]) -> None:
        self._inner.check_view(game, viewer, view)

    def near_misses(self, game: Any, move: str, rng: random.Random) -> list[tuple[str, str | None]]:
        return self._inner.near_misses(game, move, rng)

    def junk_moves(self, game: Any, rng: random.Random) -> list[tuple[str, str | None]]:
        return self._inner.junk_moves(game, rng)

    def check_conservation(self, game: Any, views: dict[int | None, dict[str, Any]]) -> None:
        self._inner.check_conservation(game, views)

    def record_moves(self, record: dict[str, Any]) -> list[str]:
        return self._inner.record_moves(record)

    def payments(self, game: Any) -> list[int]:
        payments = list(self._inner.payments(game))
        if self.fault == "payments_do_not_sum_to_0":
            payments[0] += 1
        return payments


FAULTS = {
    "view_leaks_private_keys": r"view\(None\) shows .* outside its own seat",
    "seat_view_leaks_a_hand": r'view\(0\) shows "[^"]+" outside its own seat',
    "views_show_a_private_value": r"view\(.*\)\['seats'\]\[1\] shows the seat's",
    "copy_shares_state": "playing a copy changed the game",
    "legal_moves_lose_one": "not the union",
    "validate_accepts_empty": "not a legal move but validates",
    "illegal_move_changes_state": "changed the game",
    "apply_gives_another_code": "apply says",
    "record_not_json": "does not survive JSON",
    "replay_drops_the_last_move": r"replay\(record\).record\(\) != record",
    "never_ends": "did not end",
    "payments_do_not_sum_to_0": "do not sum to 0",
}


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda a: a.name)
@pytest.mark.parametrize(("fault", "message"), FAULTS.items(), ids=list(FAULTS))
def test_the_checks_catch_a_broken_game(adapter: GameAdapter, fault: str, message: str) -> None:
    broken = BrokenAdapter(adapter, fault)
    mix = adapter.option_mixes()[0]
    with pytest.raises(AssertionError, match=message):
        run_games(broken, mix, 0, range(3), yj.backend())
