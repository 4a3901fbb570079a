"""Nim, the toy game: a Python engine on the shared Game and Match bases.

The rules: the deal makes `heaps` heaps of 1..`max_heap` stones (from the seed)
and picks who starts; seats move in turn, each taking 1..`max_take` stones from
one heap (``s0:take=2x3``: heap 2, three stones). Whoever takes the last stone
wins `players - 1` points, one from each other seat. Nothing is hidden.
The moves' reason codes are `MESSAGES`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pyyijing.core.game import RECORD_FORMAT, GameBase
from pyyijing.core.match import MatchBase
from pyyijing.core.moves import check_moves
from pyyijing.core.seeds import check_seed, hand_seed
from pyyijing.errors import IllegalMove, RecordError
from pyyijing.options import Option, RuleSet

NAME = "nim"
MOVE = re.compile(r"s(0|[1-9][0-9]{0,2}):take=(0|[1-9][0-9]{0,2})x([1-9][0-9]{0,2})")
MESSAGES = {
    "ok": "legal",
    "malformed": "not a move of the notation s<seat>:take=<heap>x<count>",
    "game_over": "the game is over",
    "not_your_turn": "another seat is to move",
    "no_such_heap": "there is no such heap, or it is empty",
    "too_many": "more stones than the heap holds or than max_take",
}


class Rules(RuleSet):
    OPTIONS = (
        Option("players", int, (2, 3, 4), 2, "number of seats", "players"),
        Option("heaps", int, (2, 3, 4), 3, "heaps dealt", "heaps"),
        Option("max_heap", int, (5, 7, 9), 7, "most stones a heap is dealt", "max_heap"),
        Option("max_take", int, (2, 3, 4), 3, "most stones one move takes", "max_take"),
    )


@dataclass(frozen=True)
class Result:
    kind: str
    winner: int
    payments: tuple[int, ...]


class _Core:
    """The engine: the state and its verdicts ((code, message) like a backend's core)."""

    def __init__(self, rules: Rules, heaps: list[int], dealer: int) -> None:
        self.rules, self.deal, self.heaps = rules, tuple(heaps), list(heaps)
        self._dealer = self.turn = dealer
        self.played: list[str] = []
        self.winner: int | None = None

    def phase(self) -> str:
        return "over" if self.winner is not None else "play"

    def to_act(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def dealer(self) -> int:
        return self._dealer

    def wall(self) -> str:
        return "-".join(map(str, self.deal))

    def moves(self) -> list[str]:
        return list(self.played)

    def legal_moves(self, seat: int) -> list[str]:
        if self.winner is not None or seat not in (-1, self.turn):
            return []
        take = self.rules.max_take
        return sorted(
            f"s{self.turn}:take={h}x{n}"
            for h, size in enumerate(self.heaps)
            for n in range(1, min(size, take) + 1)
        )

    def check(self, move: str) -> tuple[str, str]:
        m = MOVE.fullmatch(move)
        if m is None or int(m[1]) >= self.rules.players:
            code = "malformed"
        elif self.winner is not None:
            code = "game_over"
        elif int(m[1]) != self.turn:
            code = "not_your_turn"
        elif int(m[2]) >= len(self.heaps) or self.heaps[int(m[2])] == 0:
            code = "no_such_heap"
        elif int(m[3]) > min(self.heaps[int(m[2])], self.rules.max_take):
            code = "too_many"
        else:
            code = "ok"
        return code, MESSAGES[code]

    def apply(self, move: str) -> tuple[str, str]:
        code, message = self.check(move)
        if code == "ok":
            m = MOVE.fullmatch(move)
            assert m is not None
            self.heaps[int(m[2])] -= int(m[3])
            self.played.append(move)
            if not any(self.heaps):
                self.winner = self.turn
            self.turn = (self.turn + 1) % self.rules.players
        return code, message

    def apply_all(self, moves: list[str]) -> tuple[int, str, str]:
        for i, move in enumerate(moves):
            code, message = self.apply(move)
            if code != "ok":
                return i, code, message
        return -1, "ok", ""

    def apply_each(self, moves: list[str]) -> list[tuple[str, str]]:
        return [self.apply(move) for move in moves]

    def view(self, seat: int) -> dict[str, Any]:
        return {
            "viewer": None if seat < 0 else seat,
            "phase": self.phase(),
            "heaps": list(self.heaps),
            "turn": None if self.winner is not None else self.turn,
            "to_act": seat >= 0 and seat in self.to_act(),
            "history": list(self.played),
            # A seat's own entry has its private part, which in Nim is empty (nothing
            # is hidden); the generic view checks then hold for a game like any other.
            "seats": [
                {"seat": s, "private": {}} if s == seat else {"seat": s}
                for s in range(self.rules.players)
            ],
        }

    def copy(self) -> _Core:
        other = _Core(self.rules, list(self.deal), self._dealer)
        other.heaps, other.turn = list(self.heaps), self.turn
        other.played, other.winner = list(self.played), self.winner
        return other

    def result(self) -> dict[str, Any] | None:
        if self.winner is None:
            return None
        n = self.rules.players
        payments = [n - 1 if s == self.winner else -1 for s in range(n)]
        return {"kind": "win", "winner": self.winner, "payments": payments}


class Game(GameBase):
    __slots__ = ()
    messages = MESSAGES
    game_name = NAME
    rules_version = 1

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        wall: str | None = None,
        dealer: int | None = None,
        backend: str | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        self.backend = "python"  # the toy's one engine, whatever backend is asked for
        n = self.rules.players
        if seed is not None:
            seed = check_seed(seed)
            heaps = [1 + hand_seed(seed, h) % self.rules.max_heap for h in range(self.rules.heaps)]
            source = "dice" if dealer is None else "given"
            dealer = hand_seed(seed, self.rules.heaps) % n if dealer is None else dealer
        elif wall is not None and dealer is not None:
            heaps, source = [int(x) for x in wall.split("-")], "given"
        else:
            raise ValueError("give a seed, or a wall and a dealer")
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}; got {dealer!r}")
        self._core = _Core(self.rules, heaps, dealer)
        self._seed, self._dice, self._dealer_source = seed, None, source

    def check_seat(self, seat: object, *, allow_none: bool) -> int:
        if seat is None and allow_none:
            return -1
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"seat must be an int; got {seat!r}")
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"seat must be 0..{self.rules.players - 1}; got {seat}")
        return seat

    @property
    def result(self) -> Result | None:
        r = self._core.result()
        return None if r is None else Result(r["kind"], r["winner"], tuple(r["payments"]))


def replay(record: Any, backend: str | None = None) -> Game:
    """The game of `record`, every move re-checked: RecordError if it does not replay."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError("bad_record", "not a pyyijing record")
    if record.get("game") != NAME:
        raise RecordError("bad_record", f"not a {NAME} record")
    try:
        rules = Rules.from_dict(record["rules"])
        if record.get("seed") is not None and record.get("dealer_source") == "dice":
            game = Game(rules, seed=record["seed"])
        else:
            game = Game(rules, wall=record["wall"], dealer=record["dealer"])
        moves = record["moves"]
        check_moves(moves)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError("bad_record", str(exc)) from None
    for i, move in enumerate(moves):
        try:
            game.apply(move)
        except IllegalMove as exc:
            raise RecordError(exc.code, exc.message, i) from None
    if game.record()["result"] != record.get("result"):
        raise RecordError("result_mismatch", "the record's result is not the game's")
    return game


class Match(MatchBase[Game]):
    """Games one after another; the winner's left-hand seat starts the next."""

    record_game = NAME

    def __init__(self, rules: Rules | None = None, *, seed: int, backend: str | None = None):
        self.rules = rules if rules is not None else Rules()
        self.start(seed)
        self.backend = "python"

    @property
    def players(self) -> int:
        return int(self.rules.players)

    def deal(self, seed: int, dealer: int | None) -> Game:
        return Game(self.rules, seed=seed, dealer=dealer)

    def dealer_after(self, last: Game) -> int | None:
        return (self.finished_result(last).winner + 1) % self.players  # type: ignore[operator]
