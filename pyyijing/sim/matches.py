"""What a game's simulator shares when its hands may be grouped into matches.

``hands_per_match=h`` (0: single hands) makes hands ``m*h .. m*h+h-1`` the hands
of match ``m``: their walls come from match seed ``hand_seed(seed, m)``, their
dealer follows the game's next-dealer rule, and a match goes to the seat with
the largest summed payments. `MatchSim` is that part of a `GameSim`, `MatchTally`
that part of its counters; each game adds its own columns, bots and counters.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

import numpy as np

from ..core.seeds import hand_seed
from .runner import GameSim, Policy, check_match_options, match_worker_options, policy_name
from .runner import seat_policy as _seat_policy
from .stats import rate


class MatchTally:
    """The match counters of a game's Tally (a base class; the game adds the rest)."""

    games: int
    hands_per_match: int
    names: list[str]

    def init_matches(self, policies: int) -> None:
        """Zero the match counters, for `policies` distinct policy names."""
        self.matches = np.zeros(2, np.int64)  # matches, matches without a single leader
        self.match_seats = np.zeros(policies, np.int64)
        self.match_wins = np.zeros(policies, np.int64)

    def add_matches(self, payments: np.ndarray, pol: np.ndarray, count: int, seats: int) -> None:
        """Count the whole matches in `count` hands: `payments` and policy index `pol` per seat."""
        h = self.hands_per_match
        if not h:
            return
        p = len(self.names)
        # the seat with the largest ledger wins the match
        ledger = payments.reshape(count // h, h, seats).sum(axis=1)
        mpol = pol.reshape(count // h, h, seats)[:, 0, :]
        top = ledger.max(axis=1, keepdims=True)
        single = (ledger == top).sum(axis=1) == 1
        leader = ledger.argmax(axis=1)
        self.matches += [count // h, int((~single).sum())]
        self.match_seats += np.bincount(mpol.ravel(), minlength=p)[:p]
        mrows = np.nonzero(single)[0]
        self.match_wins += np.bincount(mpol[mrows, leader[mrows]], minlength=p)[:p]

    def merge(self, other: Any) -> None:
        """Add `other`'s counters (every numpy array attribute, and the count) to these."""
        for name, value in vars(other).items():
            if isinstance(value, np.ndarray):
                getattr(self, name).__iadd__(value)
        self.games += other.games

    def _match_summary(self) -> dict[str, Any]:
        count = int(self.matches[0])
        return {
            "hands_per_match": self.hands_per_match,
            "count": count,
            "no_single_leader": rate(int(self.matches[1]), count),
            "by_policy": {
                name: {
                    "seat_matches": int(self.match_seats[i]),
                    "win": rate(int(self.match_wins[i]), int(self.match_seats[i])),
                }
                for i, name in enumerate(self.names)
            },
        }


class MatchSim(GameSim):
    """A `GameSim` whose option ``hands_per_match`` groups its hands into matches.

    A game sets `array_dtypes` and `match_dtypes` and does its own set-up of a
    run in `prepare`.
    """

    #: the columns of every hand: name -> dtype
    array_dtypes: ClassVar[dict[str, Any]]
    #: the columns added when hands are grouped into matches
    match_dtypes: ClassVar[dict[str, Any]]

    @staticmethod
    def check_options(games: int, start: int, **options: Any) -> dict[str, Any]:
        return check_match_options(games, start, options)

    @classmethod
    def rules_from_dict(cls, data: dict[str, Any]) -> Any:
        return cls.rules_type.from_dict(data)  # type: ignore[attr-defined]

    @staticmethod
    def worker_options(options: dict[str, Any]) -> dict[str, Any]:
        return match_worker_options(options)

    def __init__(
        self,
        rules: Any,
        seed: int,
        policies: list[Policy],
        rotate: bool,
        threads: int,
        backend: str,
        hands_per_match: int = 0,
    ) -> None:
        super().__init__(
            rules, seed, policies, rotate, threads, backend, hands_per_match=hands_per_match
        )
        self.h = hands_per_match
        self.chunk_multiple = max(1, hands_per_match)
        self._keys = list(self.dtypes())
        self.native = backend == "native" and all(isinstance(p, str) for p in policies)
        self.prepare()

    def prepare(self) -> None:
        """The game's own set-up of this run (its bots, configuration, native module)."""

    def dtypes(self) -> dict[str, Any]:
        """This run's columns: name -> dtype."""
        return {**self.array_dtypes, **self.match_dtypes} if self.h else self.array_dtypes

    @abstractmethod
    def play(self, index: int, dealer: int | None) -> Any:
        """Hand `index` (its dealer given, None: its dice) played to its end."""

    @abstractmethod
    def next_dealer(self, game: Any) -> int | None:
        """The dealer of the hand after the finished `game` of a match (None: the dice)."""

    @abstractmethod
    def _store(self, arrays: dict[str, np.ndarray], j: int, index: int, game: Any) -> None:
        """Write the finished hand `index` into row `j` of `arrays`."""

    def _where(self, index: int) -> tuple[int, int, int]:
        """(wall seed, rotation, hand number) of hand `index`."""
        if not self.h:
            return hand_seed(self.seed, index), index, 0
        match, hand = divmod(index, self.h)
        return hand_seed(hand_seed(self.seed, match), hand), match, hand

    def _store_seats(self, arrays: dict[str, np.ndarray], j: int, rotation: int, hand: int) -> None:
        """Row `j`'s seat policies and, in matches, its match and hand numbers."""
        n = self.players(self.rules)
        arrays["seat_policy"][j] = [_seat_policy(rotation, s, n, self.rotate) for s in range(n)]
        if self.h:
            arrays["match"][j] = rotation
            arrays["hand"][j] = hand

    def run_python(self, first: int, count: int) -> dict[str, np.ndarray]:
        arrays = self.empty_arrays(count)
        dealer: int | None = None
        for j in range(count):
            index = first + j
            if self.h and index % self.h == 0:
                dealer = None
            game = self.play(index, dealer)
            self._store(arrays, j, index, game)
            if self.h:
                dealer = self.next_dealer(game)
        return arrays

    def dealer_of(self, index: int) -> int | None:
        """The dealer of hand `index` (None: its dice), playing its match's earlier hands."""
        if not self.h:
            return None
        dealer: int | None = None
        for i in range(index - index % self.h, index):
            dealer = self.next_dealer(self.play(i, dealer))
        return dealer

    def record(self, index: int) -> dict[str, Any]:
        game = self.play(index, self.dealer_of(index))
        rec: dict[str, Any] = game.record()
        rec["index"] = index  # the hand number in the run ("game" names the game)
        rec["sim_seed"] = self.seed
        _wseed, rotation, hand = self._where(index)
        if self.h:
            rec["match"] = rotation
            rec["hand"] = hand
        n = self.players(self.rules)
        rec["seat_policies"] = [
            policy_name(self.policies[_seat_policy(rotation, s, n, self.rotate)]) for s in range(n)
        ]
        return rec


def check_policy_move(policy: Policy, move: str, legal: list[str], seat: int) -> None:
    """ValueError unless the move a policy function returned is one of its `legal` moves."""
    if move not in legal:
        raise ValueError(
            f"policy {policy_name(policy)} returned {move!r}, not a legal move "
            f"of seat {seat} (legal: {legal[:6]}{'...' if len(legal) > 6 else ''})"
        )
