"""Yi Jing Pai's simulator: its bots, arrays, tally and summary (docs/simulation.md).

The game-independent part (chunks, seeding, threads, Dask, intervals, records,
progress) is `pyyijing.sim`; `YijingpaiSim` is this game's `GameSim`. Game
``i`` is fully determined by ``(rules, seed, policies, rotate, i)``. With
built-in bots on the native backend the games run in C++ threads with the GIL
released (``yijingpai/simulate`` in the core); otherwise (a Python callable in
a seat, or the cython/python backend) a Python loop plays them with the same
seeding and the same bot decisions, so the arrays are identical, only slower.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import _backend, _registry
from ..core.seeds import check_seed, hand_seed
from ..sim.matches import MatchSim, MatchTally, check_policy_move
from ..sim.runner import policy_name, seat_policy
from ..sim.stats import hist_stats, rate
from . import engine as _engine
from .game import GAME_NAME, Game
from .rules import WIN_CONDITIONS, Rules

BOTS: tuple[str, ...] = ("random", "greedy", "heuristic")
KINDS: tuple[str, ...] = ("self_draw", "dealt_in", "draw")
BOT_SEED_XOR = 0xA0761D6478BD642F

ARRAY_DTYPES: dict[str, Any] = {
    "winner": np.int8,
    "kind": np.uint8,
    "dealt_in_by": np.int8,
    "conditions": np.uint8,
    "hexagram": np.uint8,
    "points": np.int16,
    "payments": np.int16,
    "plies": np.uint16,
    "dealer": np.int8,
    "seat_policy": np.int8,
}
MATCH_DTYPES: dict[str, Any] = {"match": np.int64, "hand": np.uint16}
#: the arrays with one column per seat (the others have one value per game)
PER_SEAT: tuple[str, ...] = ("payments", "seat_policy")


def game_seed(seed: int, index: int) -> int:
    """The wall seed of game `index`: SplitMix64 output ``index + 1`` of `seed`."""
    return hand_seed(seed, index)


def _bots_module(backend: str) -> Any:
    """The fallback bots of `backend` (the native backend has them in Python only)."""
    return _registry.load("yijingpai", "bots", backend)


def _bots_config(rules: Rules, backend: str) -> Any:
    """The Config `_bots_module(backend).choose` takes: of the backend those bots are from."""
    return _engine.engine(_registry.module_backend("yijingpai", "bots", backend)).config(rules)


def _rng(backend: str, seed: int) -> Any:
    return _backend.load(backend).xoshiro256ss(seed)


# --------------------------------------------------------------------- bots


def bot_move(
    game: Game, policy: str | int = "random", seat: int | str | None = None, seed: int = 0
) -> str:
    """The move built-in bot `policy` makes for `seat` (default: the first seat to act).

    ``bot_move(game, "greedy", 2, seed)`` and ``bot_move(game, 2, "greedy", seed)``
    are the same call. The bot's random choices come from ``Xoshiro256ss(seed)``;
    the native and fallback bots choose the same move (docs/simulation.md "Bots").
    """
    if isinstance(policy, int) and not isinstance(policy, bool) and isinstance(seat, str):
        policy, seat = seat, policy
    if not isinstance(game, Game):
        raise TypeError(f"game must be a pyyijing.Game; got {type(game).__name__}")
    if policy not in BOTS:
        raise ValueError(f"policy must be one of {', '.join(BOTS)}; got {policy!r}")
    seed = check_seed(seed)
    to_act = game.to_act
    if seat is None:
        if not to_act:
            raise ValueError("nobody may act: the game is over")
        seat = to_act[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in to_act:
        raise ValueError(f"seat {seat!r} may not act now (to act: {to_act})")
    rules = game.rules
    if game.backend == "native":
        return str(
            _registry.load("yijingpai", "sim", "native").bot_move(
                policy,
                seat,
                seed,
                _engine.engine("native").config(rules),
                game.wall,
                game.dealer,
                game.moves,
            )
        )
    bots = _bots_module(game.backend)
    return str(
        bots.choose(
            policy,
            game.view(seat),
            game.legal_moves(seat),
            _bots_config(rules, game.backend),
            _rng(game.backend, seed),
        )
    )


class Bot:
    """A built-in bot as a policy object: ``Bot("greedy", rules)(view, legal) -> move``.

    Usable wherever a Python policy is (``simulate(policies=[Bot(...), ...])``)
    and on a game: ``Bot("random", rules, seed=1).move(game)``. Decision ``j``
    of the object draws from ``Xoshiro256ss(game_seed(seed, j))``.
    """

    def __init__(self, policy: str, rules: Rules | None = None, seed: int = 0) -> None:
        if policy not in BOTS:
            raise ValueError(f"policy must be one of {', '.join(BOTS)}; got {policy!r}")
        self.policy = policy
        self.rules = rules if rules is not None else Rules()
        self.seed = check_seed(seed)
        self.decisions = 0
        self.__name__ = f"Bot({policy})"
        self._config: tuple[Rules, Any] | None = None  # (rules, its Config for the bots)

    def __call__(self, view: dict[str, Any], legal: list[str]) -> str:
        bots = _bots_module("python")
        if self._config is None or self._config[0] is not self.rules:
            self._config = (self.rules, _bots_config(self.rules, "python"))
        rng = _backend.load("python").xoshiro256ss(game_seed(self.seed, self.decisions))
        self.decisions += 1
        return str(bots.choose(self.policy, view, legal, self._config[1], rng))

    def move(self, game: Game, seat: int | None = None) -> str:
        if seat is None:
            seat = game.to_act[0]
        return self(game.view(seat), game.legal_moves(seat))


# --------------------------------------------------------------------- tally


class Tally(MatchTally):
    """Mergeable counters of simulated games (the streaming summary)."""

    MAX_PLIES = 1024
    MAX_POINTS = 64

    def __init__(self, players: int, policy_names: Sequence[str], hands_per_match: int = 0) -> None:
        self.players = players
        self.hands_per_match = hands_per_match
        self.policy_names = list(policy_names)
        self.names = sorted(set(self.policy_names), key=self.policy_names.index)
        p = len(self.names)
        self.games = 0
        self.kinds = np.zeros(3, np.int64)
        self.seat_wins = np.zeros(players, np.int64)
        self.seat_payments = np.zeros(players, np.int64)
        self.policy_seats = np.zeros(p, np.int64)
        self.policy_wins = np.zeros(p, np.int64)
        self.policy_self_draws = np.zeros(p, np.int64)
        self.policy_dealt_in = np.zeros(p, np.int64)
        self.policy_payments = np.zeros(p, np.int64)
        self.conditions = np.zeros(len(WIN_CONDITIONS), np.int64)
        self.hexagrams = np.zeros(65, np.int64)
        self.points = np.zeros(self.MAX_POINTS, np.int64)
        self.plies = np.zeros(self.MAX_PLIES, np.int64)
        self.init_matches(p)

    def add(self, a: dict[str, np.ndarray]) -> None:
        n = self.players
        count = len(a["winner"])
        if count == 0:
            return
        self.games += count
        self.kinds += np.bincount(a["kind"], minlength=3)[:3]
        winner = a["winner"].astype(np.int64)
        won = winner >= 0
        self.seat_wins += np.bincount(winner[won], minlength=n)[:n]
        self.seat_payments += a["payments"].astype(np.int64).sum(axis=0)
        # policy index (into self.names) of every seat of every game
        to_name = np.array([self.names.index(x) for x in self.policy_names], np.int64)
        pol = to_name[a["seat_policy"].astype(np.int64)]
        p = len(self.names)
        self.policy_seats += np.bincount(pol.ravel(), minlength=p)[:p]
        rows = np.nonzero(won)[0]
        win_pol = pol[rows, winner[rows]]
        self.policy_wins += np.bincount(win_pol, minlength=p)[:p]
        self_draw = a["kind"][rows] == 0
        self.policy_self_draws += np.bincount(win_pol[self_draw], minlength=p)[:p]
        dealt = a["dealt_in_by"].astype(np.int64)
        drows = np.nonzero(dealt >= 0)[0]
        self.policy_dealt_in += np.bincount(pol[drows, dealt[drows]], minlength=p)[:p]
        self.policy_payments += np.bincount(
            pol.ravel(), weights=a["payments"].astype(np.float64).ravel(), minlength=p
        )[:p].astype(np.int64)
        cond = a["conditions"].astype(np.int64)
        for i in range(len(WIN_CONDITIONS)):
            self.conditions[i] += int(((cond >> i) & 1).sum())
        self.hexagrams += np.bincount(a["hexagram"], minlength=65)[:65]
        self.points += np.bincount(
            np.minimum(a["points"], self.MAX_POINTS - 1)[won], minlength=self.MAX_POINTS
        )
        self.plies += np.bincount(
            np.minimum(a["plies"], self.MAX_PLIES - 1), minlength=self.MAX_PLIES
        )
        self.add_matches(a["payments"].astype(np.int64), pol, count, n)

    def summary(self) -> dict[str, Any]:
        games = self.games
        n = self.players
        by_policy = {}
        for i, name in enumerate(self.names):
            seats = int(self.policy_seats[i])
            by_policy[name] = {
                "seat_games": seats,
                "win": rate(int(self.policy_wins[i]), seats),
                "self_draw": rate(int(self.policy_self_draws[i]), seats),
                "dealt_in": rate(int(self.policy_dealt_in[i]), seats),
                "mean_payment_half": float(self.policy_payments[i]) / seats if seats else 0.0,
            }
        wins = games - int(self.kinds[2])
        return {
            "game": GAME_NAME,
            "games": games,
            "players": n,
            "policies": list(self.policy_names),
            "kinds": {KINDS[i]: int(self.kinds[i]) for i in range(3)},
            "draw": rate(int(self.kinds[2]), games),
            "win_by_seat": [rate(int(self.seat_wins[s]), games) for s in range(n)],
            "mean_payment_by_seat": [
                float(self.seat_payments[s]) / games if games else 0.0 for s in range(n)
            ],
            "by_policy": by_policy,
            "conditions": {
                WIN_CONDITIONS[i]: int(self.conditions[i]) for i in range(len(WIN_CONDITIONS))
            },
            "condition_share": {
                WIN_CONDITIONS[i]: (int(self.conditions[i]) / wins if wins else 0.0)
                for i in range(len(WIN_CONDITIONS))
            },
            "top_hexagrams": [
                {"king_wen": int(h), "count": int(self.hexagrams[h])}
                for h in np.argsort(-self.hexagrams[1:], kind="stable")[:8] + 1
                if self.hexagrams[h] > 0
            ],
            "points_half": hist_stats(self.points),
            "plies": hist_stats(self.plies),
            **({"matches": self._match_summary()} if self.hands_per_match else {}),
        }


# --------------------------------------------------------------------- the GameSim


class YijingpaiSim(MatchSim):
    """Yi Jing Pai's `GameSim`: games [first, first + count) natively or in Python.

    Option ``hands_per_match=h`` (0: single hands): games ``m*h .. m*h+h-1`` are
    the hands of match ``m``; the dealer follows ``rules.next_dealer``.
    """

    game = "yijingpai"
    bots = BOTS
    rules_type = Rules
    array_dtypes = ARRAY_DTYPES
    match_dtypes = MATCH_DTYPES

    @staticmethod
    def players(rules: Any) -> int:
        return int(rules.players)

    def prepare(self) -> None:
        rules = self.rules
        if self.native:
            self._mod = _registry.load("yijingpai", "sim", "native")
            self._config = _engine.engine("native").config(rules)
        else:
            self._bots = _bots_module(self.backend)
            self._config = _bots_config(rules, self.backend)

    def schema(self) -> dict[str, tuple[Any, tuple[int, ...]]]:
        n = int(self.rules.players)
        return {
            name: (dtype, (n,) if name in PER_SEAT else ()) for name, dtype in self.dtypes().items()
        }

    def new_tally(self) -> Tally:
        return Tally(self.rules.players, [policy_name(p) for p in self.policies], self.h)

    def _spec(self) -> tuple[Any, ...]:
        """The native simulator's (config, policies, rotate)."""
        return (self._config, list(self.policies), self.rotate)

    def next_dealer(self, game: Game) -> int | None:
        rule = self.rules.next_dealer
        result = game.result
        assert result is not None
        if rule == "dice":
            return None
        if rule == "rotate":
            return (game.dealer + 1) % int(self.rules.players)
        return game.dealer if result.winner is None else result.winner

    def run_native(self, first: int, count: int) -> dict[str, np.ndarray]:
        out = self._mod.sim_batch(
            *self._spec(),
            self.seed,
            first,
            count,
            self.threads,
            self.h,
            self.rules.next_dealer,
        )
        return {name: out[name] for name in self._keys}

    def play(self, index: int, dealer: int | None) -> Game:
        """Game `index` (its dealer given), played move by move through the public API."""
        rules = self.rules
        wseed, rotation, _hand = self._where(index)
        game = Game(rules, seed=wseed, dealer=dealer, backend=self.backend)
        if self.native:  # a record of a native game: replay its moves
            for move in self._mod.sim_game_moves(
                *self._spec(), self.seed, index, self.h, rules.next_dealer
            ):
                game.apply(move)
            return game
        rng = _rng(self.backend, wseed ^ BOT_SEED_XOR)
        bots = self._bots
        config = self._config
        n = rules.players
        seat_pol = [self.policies[seat_policy(rotation, s, n, self.rotate)] for s in range(n)]
        while True:
            to_act = game.to_act
            if not to_act:
                return game
            seat = to_act[0]
            policy = seat_pol[seat]
            legal = game.legal_moves(seat)
            view = game.view(seat)
            if isinstance(policy, str):
                move = bots.choose(policy, view, legal, config, rng)
            else:
                move = policy(view, list(legal))
                check_policy_move(policy, move, legal, seat)
            game.apply(move)

    def _store(self, arrays: dict[str, np.ndarray], j: int, index: int, game: Game) -> None:
        result = game.result
        assert result is not None
        _wseed, rotation, hand = self._where(index)
        arrays["winner"][j] = -1 if result.winner is None else result.winner
        arrays["kind"][j] = KINDS.index(result.kind)
        arrays["dealt_in_by"][j] = -1 if result.dealt_in_by is None else result.dealt_in_by
        bits = 0
        for name in result.conditions:
            bits |= 1 << WIN_CONDITIONS.index(name)
        arrays["conditions"][j] = bits
        arrays["hexagram"][j] = result.hexagram or 0
        arrays["points"][j] = result.points_half
        arrays["payments"][j] = result.payments
        arrays["plies"][j] = len(game.moves)
        arrays["dealer"][j] = game.dealer
        self._store_seats(arrays, j, rotation, hand)
