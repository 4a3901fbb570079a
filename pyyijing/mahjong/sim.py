"""The mahjong simulator: arrays, tally and summary of bot hands (docs/simulation.md "Mahjong").

The game-independent part (chunks, seeding, threads, Dask, intervals, records,
progress) is `pyyijing.sim`; `MahjongSim` is mahjong's `GameSim`, picked by
``yj.simulate`` when `rules` is a `mj.Rules`. Hand ``i`` is fully determined
by ``(rules, seed, policies, rotate, i)``: its wall seed is ``W =
game_seed(seed, i)`` and its bots draw from ``Xoshiro256ss(W ^
0xA0761D6478BD642F)`` (docs/mahjong-bots.md "Seeding"). With built-in bots on
the native backend the hands run in C++ threads with the GIL released
(``mahjong/simulate`` in the core); otherwise (a Python callable in a seat, or
the cython/python backend) a Python loop plays them with the same seeding and
the same bot decisions, so the arrays are identical, only slower.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import _backend, _registry
from ..core.seeds import hand_seed
from ..fallback.mahjong import changsha
from ..fallback.mahjong import patterns as hand_patterns
from ..sim.matches import MatchSim, MatchTally, check_policy_move
from ..sim.runner import policy_name, seat_policy
from ..sim.stats import hist_stats, rate
from .bots import BOT_SEED_XOR, BOTS
from .game import Game
from .rules import Rules

GAME = "mahjong"
SEATS = 4
#: `kind` values: index into this tuple (the result kinds of docs/mahjong.md §7)
KINDS: tuple[str, ...] = ("self_draw", "discard", "robbed_kong", "draw")
#: `patterns` bit i: the ruleset's i-th pattern (its result.patterns order)
PATTERNS: dict[str, tuple[str, ...]] = {
    "common": hand_patterns.COMMON,
    "shaoyang": hand_patterns.SHAOYANG,
    "changsha": changsha.PATTERNS,
}
#: the categories a win is paid by (docs/mahjong.md §8, §9); common has none
CATEGORIES: dict[str, tuple[str, ...]] = {
    "common": (),
    "shaoyang": ("small", "big", "very_big"),
    "changsha": ("small", "big"),
}
#: `opening_wins` column j: Changsha's opening (起手胡) and mid-game wins, in this order
DECLARED_WINS: tuple[str, ...] = (
    "板板胡",
    "四喜",
    "六六順",
    "缺一色",
    "三同",
    "一枝花",
    "步步高",
    "金童玉女",
    "中途四喜",
    "中途六六順",
)
#: the largest float (飄) a simulation takes: every payment then fits int32
MAX_FLOAT = 1_000_000

ARRAY_DTYPES: dict[str, Any] = {
    "winner": np.int8,
    "kind": np.uint8,
    "dealt_in_by": np.int8,
    "payments": np.int32,
    "turns": np.uint16,
    "wall_left": np.uint8,
    "patterns": np.uint32,
    "opening_wins": np.uint8,
    "birds_hit": np.uint8,
    "dealer": np.int8,
    "seat_policy": np.int8,
}
MATCH_DTYPES: dict[str, Any] = {"match": np.int64, "hand": np.uint16}
#: the arrays with one column per seat / per declared win (the others: one value per hand)
SHAPES: dict[str, tuple[int, ...]] = {
    "payments": (SEATS,),
    "seat_policy": (SEATS,),
    "opening_wins": (len(DECLARED_WINS),),
}


def game_seed(seed: int, index: int) -> int:
    """The wall seed of hand `index`: SplitMix64 output ``index + 1`` of `seed`."""
    return hand_seed(seed, index)


def next_dealer(rules: Rules, game: Game) -> int:
    """The dealer of the hand after the finished `game` (`mj.Match.next_dealer`)."""
    result = game.result
    assert result is not None
    dealer = game.dealer
    if rules.ruleset == "changsha":  # the winner; the dealer again after a draw
        return dealer if result.winner is None else result.winner
    if rules.ruleset == "shaoyang":  # the winner; after a draw the last taker
        if result.winner is not None:
            return result.winner
        taker = game.last_taker
        return dealer if taker is None else taker
    # common: the dealer again after winning or a draw, else the dealer's next seat
    if result.winner is None or result.winner == dealer:
        return dealer
    return (dealer + 1) % SEATS


def categories(ruleset: str, patterns: np.ndarray) -> np.ndarray:
    """The category index (into ``CATEGORIES[ruleset]``) of won hands' pattern bits."""
    p = patterns.astype(np.int64)
    if ruleset == "shaoyang":
        very_big = (p & 0b110000) != 0  # 十三浪, 全風十三浪
        big = (p & 0b001110) != 0  # 碰碰對, 清一色, 七巧對
        out: np.ndarray = np.where(very_big, 2, np.where(big, 1, 0))
        return out
    if ruleset == "changsha":
        big_win: np.ndarray = ((p & ~1) != 0).astype(np.int64)  # any element but 小胡
        return big_win
    return np.zeros(len(p), np.int64)


# --------------------------------------------------------------------- tally


def _mean_interval(total: float, squares: float, n: int) -> dict[str, Any]:
    """``{mean, low, high}``: a mean with its normal 95% interval."""
    if n <= 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    mean = total / n
    var = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = 1.959963984540054 * math.sqrt(var / n)
    return {"mean": mean, "low": mean - half, "high": mean + half}


def _value_stats(hist: dict[int, int]) -> dict[str, Any]:
    """A histogram of ints (any sign) and its mean, std, min, max and percentiles."""
    values = sorted(hist)
    out: dict[str, Any] = {"histogram": {str(v): int(hist[v]) for v in values}}
    total = sum(hist.values())
    if total == 0:
        out.update(mean=0.0, std=0.0, min=None, max=None, p1=None, p10=None)
        out.update(p50=None, p90=None, p99=None)
        return out
    xs = np.array(values, np.float64)
    counts = np.array([hist[v] for v in values], np.float64)
    mean = float((xs * counts).sum() / total)
    var = float(((xs - mean) ** 2 * counts).sum() / total)
    cum = np.cumsum(counts)

    def q(p: float) -> int:
        return int(values[int(np.searchsorted(cum, p * total, side="left"))])

    out.update(mean=mean, std=math.sqrt(var), min=int(values[0]), max=int(values[-1]))
    out.update(p1=q(0.01), p10=q(0.1), p50=q(0.5), p90=q(0.9), p99=q(0.99))
    return out


class Tally(MatchTally):
    """Mergeable counters of simulated mahjong hands (the streaming summary)."""

    MAX_TURNS = 1024
    MAX_WALL = 145
    MAX_BIRDS = 5

    def __init__(self, ruleset: str, policy_names: Sequence[str], hands_per_match: int = 0) -> None:
        self.ruleset = ruleset
        self.hands_per_match = hands_per_match
        self.policy_names = list(policy_names)
        self.names = sorted(set(self.policy_names), key=self.policy_names.index)
        p = len(self.names)
        self.games = 0
        self.kinds = np.zeros(len(KINDS), np.int64)
        self.seat_wins = np.zeros(SEATS, np.int64)
        self.seat_dealt_in = np.zeros(SEATS, np.int64)
        self.seat_payments = np.zeros(SEATS, np.int64)
        self.dealer_wins = np.zeros(1, np.int64)
        self.policy_seats = np.zeros(p, np.int64)
        self.policy_wins = np.zeros(p, np.int64)
        self.policy_self_draws = np.zeros(p, np.int64)
        self.policy_dealt_in = np.zeros(p, np.int64)
        self.policy_payments = np.zeros(p, np.int64)
        self.policy_payment_squares = np.zeros(p, np.float64)
        self.patterns = np.zeros(len(PATTERNS[ruleset]), np.int64)
        self.categories = np.zeros(len(CATEGORIES[ruleset]), np.int64)
        self.declared = np.zeros(len(DECLARED_WINS), np.int64)  # declarations
        self.declared_hands = np.zeros(len(DECLARED_WINS), np.int64)  # hands with one or more
        self.any_declared = np.zeros(1, np.int64)
        self.turns = np.zeros(self.MAX_TURNS, np.int64)
        self.wall_left = np.zeros(self.MAX_WALL, np.int64)
        self.birds_hit = np.zeros(self.MAX_BIRDS, np.int64)  # of won hands
        self.payments: dict[int, int] = {}  # value -> seat-hands
        self.init_matches(p)

    def add(self, a: dict[str, np.ndarray]) -> None:
        n = SEATS
        count = len(a["winner"])
        if count == 0:
            return
        self.games += count
        k = len(KINDS)
        self.kinds += np.bincount(a["kind"], minlength=k)[:k]
        winner = a["winner"].astype(np.int64)
        won = winner >= 0
        rows = np.nonzero(won)[0]
        self.seat_wins += np.bincount(winner[won], minlength=n)[:n]
        dealt = a["dealt_in_by"].astype(np.int64)
        drows = np.nonzero(dealt >= 0)[0]
        self.seat_dealt_in += np.bincount(dealt[drows], minlength=n)[:n]
        pay = a["payments"].astype(np.int64)
        self.seat_payments += pay.sum(axis=0)
        self.dealer_wins += int((winner == a["dealer"].astype(np.int64)).sum())
        to_name = np.array([self.names.index(x) for x in self.policy_names], np.int64)
        pol = to_name[a["seat_policy"].astype(np.int64)]
        p = len(self.names)
        self.policy_seats += np.bincount(pol.ravel(), minlength=p)[:p]
        win_pol = pol[rows, winner[rows]]
        self.policy_wins += np.bincount(win_pol, minlength=p)[:p]
        self_draw = a["kind"][rows] == 0
        self.policy_self_draws += np.bincount(win_pol[self_draw], minlength=p)[:p]
        self.policy_dealt_in += np.bincount(pol[drows, dealt[drows]], minlength=p)[:p]
        for i in range(p):
            mine = pay[pol == i]
            self.policy_payments[i] += int(mine.sum())
            self.policy_payment_squares[i] += float((mine.astype(np.float64) ** 2).sum())
        pats = a["patterns"].astype(np.int64)[rows]
        for i in range(len(self.patterns)):
            self.patterns[i] += int(((pats >> i) & 1).sum())
        c = len(self.categories)
        if c:
            self.categories += np.bincount(categories(self.ruleset, pats), minlength=c)[:c]
        ow = a["opening_wins"].astype(np.int64)
        self.declared += ow.sum(axis=0)
        self.declared_hands += (ow > 0).sum(axis=0)
        self.any_declared += int((ow.sum(axis=1) > 0).sum())
        self.turns += np.bincount(
            np.minimum(a["turns"], self.MAX_TURNS - 1), minlength=self.MAX_TURNS
        )
        self.wall_left += np.bincount(a["wall_left"], minlength=self.MAX_WALL)[: self.MAX_WALL]
        self.birds_hit += np.bincount(
            np.minimum(a["birds_hit"][rows], self.MAX_BIRDS - 1), minlength=self.MAX_BIRDS
        )
        values, counts = np.unique(pay, return_counts=True)
        for v, m in zip(values.tolist(), counts.tolist(), strict=True):
            self.payments[v] = self.payments.get(v, 0) + m
        self.add_matches(pay, pol, count, n)

    def merge(self, other: Tally) -> None:
        super().merge(other)
        for v, m in other.payments.items():
            self.payments[v] = self.payments.get(v, 0) + m

    def summary(self) -> dict[str, Any]:
        hands = self.games
        draws = int(self.kinds[3])
        wins = hands - draws
        by_policy = {}
        for i, name in enumerate(self.names):
            seats = int(self.policy_seats[i])
            by_policy[name] = {
                "seat_hands": seats,
                "win": rate(int(self.policy_wins[i]), seats),
                "self_draw": rate(int(self.policy_self_draws[i]), seats),
                "dealt_in": rate(int(self.policy_dealt_in[i]), seats),
                "payment": _mean_interval(
                    float(self.policy_payments[i]), float(self.policy_payment_squares[i]), seats
                ),
            }
        pnames = PATTERNS[self.ruleset]
        cnames = CATEGORIES[self.ruleset]
        out: dict[str, Any] = {
            "game": GAME,
            "ruleset": self.ruleset,
            "games": hands,
            "hands": hands,
            "players": SEATS,
            "policies": list(self.policy_names),
            "kinds": {KINDS[i]: int(self.kinds[i]) for i in range(len(KINDS))},
            "draw": rate(draws, hands),
            "win": rate(wins, hands),
            "dealer_win": rate(int(self.dealer_wins[0]), hands),
            "win_by_seat": [rate(int(self.seat_wins[s]), hands) for s in range(SEATS)],
            "dealt_in_by_seat": [rate(int(self.seat_dealt_in[s]), hands) for s in range(SEATS)],
            "mean_payment_by_seat": [
                float(self.seat_payments[s]) / hands if hands else 0.0 for s in range(SEATS)
            ],
            "by_policy": by_policy,
            "payments": _value_stats(self.payments),
            "patterns": {pnames[i]: rate(int(self.patterns[i]), wins) for i in range(len(pnames))},
            "categories": {
                cnames[i]: rate(int(self.categories[i]), wins) for i in range(len(cnames))
            },
            "turns": hist_stats(self.turns),
            "wall_left": hist_stats(self.wall_left),
        }
        if self.ruleset == "changsha":
            out["opening_wins"] = {
                DECLARED_WINS[j]: {
                    "declared": int(self.declared[j]),
                    "hands": rate(int(self.declared_hands[j]), hands),
                }
                for j in range(len(DECLARED_WINS))
            }
            out["opening_any"] = rate(int(self.any_declared[0]), hands)
            out["birds_hit"] = hist_stats(self.birds_hit)
        if self.hands_per_match:
            out["matches"] = self._match_summary()
        return out


# --------------------------------------------------------------------- the GameSim


class MahjongSim(MatchSim):
    """Mahjong's `GameSim`: hands [first, first + count) natively or in Python.

    Option ``hands_per_match=h`` (0: single hands): hands ``m*h .. m*h+h-1`` are
    the hands of match ``m`` (``mj.Match(rules, seed=game_seed(seed, m))``); the
    dealer follows the ruleset's rule (`next_dealer`).
    """

    game = GAME
    bots = BOTS
    rules_type = Rules
    array_dtypes = ARRAY_DTYPES
    match_dtypes = MATCH_DTYPES

    @staticmethod
    def players(rules: Any) -> int:
        return SEATS

    def prepare(self) -> None:
        rules = self.rules
        backend = self.backend
        core = rules.core_config()
        floats = core.get("floats", (0, 0, 0, 0))
        if any(f > MAX_FLOAT for f in floats):
            raise ValueError(
                f"simulate takes floats of at most {MAX_FLOAT:,} (payments are int32); "
                f"got {tuple(floats)}"
            )
        self._config = _registry.load(GAME, "config", backend)(**core)
        self._patterns = {name: i for i, name in enumerate(PATTERNS[rules.ruleset])}
        self._xoshiro = _backend.load(backend).xoshiro256ss
        if backend == "native":
            self._mod = _registry.load(GAME, "sim", "native")
        else:
            self._bots = _registry.load(GAME, "bots", backend)

    def default_chunk(self) -> int:
        return 1 << 14 if self.native else 64

    def schema(self) -> dict[str, tuple[Any, tuple[int, ...]]]:
        return {name: (dtype, SHAPES.get(name, ())) for name, dtype in self.dtypes().items()}

    def new_tally(self) -> Tally:
        return Tally(self.rules.ruleset, [policy_name(p) for p in self.policies], self.h)

    def run_native(self, first: int, count: int) -> dict[str, np.ndarray]:
        out = self._mod.sim_batch(
            self._config,
            [str(p) for p in self.policies],
            self.rotate,
            self.seed,
            first,
            count,
            self.threads,
            self.h,
        )
        return {name: out[name] for name in self._keys}

    def next_dealer(self, game: Game) -> int:
        return next_dealer(self.rules, game)

    def play(self, index: int, dealer: int | None) -> Game:
        """Hand `index` (its dealer given) played move by move through the public API."""
        wseed, rotation, _hand = self._where(index)
        game = Game(self.rules, seed=wseed, dealer=dealer, backend=self.backend)
        rng = self._xoshiro(wseed ^ BOT_SEED_XOR)
        seat_pol = [self.policies[seat_policy(rotation, s, SEATS, self.rotate)] for s in range(4)]
        core = game._core
        native = self.backend == "native"
        while True:
            to_act = core.to_act()
            if not to_act:
                return game
            seat = int(to_act[0])
            policy = seat_pol[seat]
            if isinstance(policy, str):
                if native:
                    move = self._mod.bot_move(core, seat, policy, rng)
                else:
                    move = self._bots.choose(
                        policy, core.view(seat), core.legal_moves(seat), self._config, rng
                    )
            else:
                legal = game.legal_moves(seat)
                move = policy(game.view(seat), list(legal))
                check_policy_move(policy, move, legal, seat)
            game.apply(move)

    def _store(self, arrays: dict[str, np.ndarray], j: int, index: int, game: Game) -> None:
        result = game.result
        assert result is not None
        _wseed, rotation, hand = self._where(index)
        winner = result.winner
        arrays["winner"][j] = -1 if winner is None else winner
        arrays["kind"][j] = KINDS.index(result.kind)
        arrays["dealt_in_by"][j] = -1 if result.dealt_in_by is None else result.dealt_in_by
        arrays["payments"][j] = result.payments
        arrays["turns"][j] = len(game.moves)
        observer = game.view(None)
        arrays["wall_left"][j] = observer["wall_remaining"]
        bits = 0
        for name in result.patterns:
            bits |= 1 << self._patterns[name]
        arrays["patterns"][j] = bits
        row = arrays["opening_wins"][j]
        for entry in observer["seats"]:
            for reveal in entry["revealed"]:
                for name in reveal["wins"]:
                    row[DECLARED_WINS.index(name)] += 1
        hit = 0
        if winner is not None and result.birds:
            if result.dealt_in_by is None:
                payers = {(winner + k) % SEATS for k in (1, 2, 3)}
            else:
                payers = {result.dealt_in_by}
            for tile in result.birds:
                if (winner + int(tile[0]) - 1) % SEATS in payers | {winner}:
                    hit += 1
        arrays["birds_hit"][j] = hit
        arrays["dealer"][j] = game.dealer
        self._store_seats(arrays, j, rotation, hand)
