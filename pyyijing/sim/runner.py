"""The game-independent simulation runner (the interface: `pyyijing.sim`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

import numpy as np

from ..core.seeds import check_seed

Policy = str | Callable[[dict[str, Any], list[str]], str]


class Tally(Protocol):
    """Mergeable counters of simulated games: a game's streaming summary."""

    games: int

    def add(self, arrays: dict[str, np.ndarray]) -> None: ...
    def merge(self, other: Any) -> None: ...
    def summary(self) -> dict[str, Any]: ...


@dataclass
class SimResult:
    """`arrays` (None in streaming mode), `summary` (JSON-serialisable), `records`."""

    summary: dict[str, Any]
    arrays: dict[str, np.ndarray] | None = None
    records: list[dict[str, Any]] = field(default_factory=list)
    tally: Any = None


class GameSim(ABC):
    """What a game gives the runner: one run of one game's simulator (see `pyyijing.sim`)."""

    #: the game's name in the registry (`pyyijing.core.registry`)
    game: ClassVar[str]
    #: its built-in bots (policies by name)
    bots: ClassVar[tuple[str, ...]]
    #: the type of its `Rules`
    rules_type: ClassVar[type]

    # ---- before a run (class level)

    @staticmethod
    @abstractmethod
    def players(rules: Any) -> int:
        """Seats per game under `rules`."""

    @staticmethod
    def check_options(games: int, start: int, **options: Any) -> dict[str, Any]:
        """The game's own `simulate` arguments, checked (ValueError if bad)."""
        if options:
            raise TypeError(f"unexpected arguments: {', '.join(options)}")
        return {}

    @staticmethod
    @abstractmethod
    def rules_from_dict(data: dict[str, Any]) -> Any:
        """`rules.to_dict()` back to rules (a Dask worker's copy)."""

    @staticmethod
    def worker_options(options: dict[str, Any]) -> dict[str, Any]:
        """`options` as `simulate` keyword arguments (for a Dask worker)."""
        return dict(options)

    @classmethod
    def simulate(cls, games: int, rules: Any, **kwargs: Any) -> SimResult:
        """`run` for this game: what a Dask worker calls for its chunk."""
        return run(cls, games, rules, **kwargs)

    # ---- one run

    def __init__(
        self,
        rules: Any,
        seed: int,
        policies: list[Policy],
        rotate: bool,
        threads: int,
        backend: str,
        **options: Any,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.policies = policies
        self.rotate = rotate
        self.threads = threads
        self.backend = backend
        self.options = options
        #: True when chunks run in the backend's batch simulator (`run_native`)
        self.native = False

    #: games per unit that a chunk may not split (a match of hands); 1 if none
    chunk_multiple: int = 1

    def default_chunk(self) -> int:
        """Games per chunk when the caller gives none."""
        return 1 << 18 if self.native else 256

    @abstractmethod
    def schema(self) -> dict[str, tuple[Any, tuple[int, ...]]]:
        """Every array: name -> (dtype, shape of one game's row)."""

    @abstractmethod
    def run_native(self, first: int, count: int) -> dict[str, np.ndarray]:
        """Games [first, first + count) in the backend's batch simulator."""

    @abstractmethod
    def run_python(self, first: int, count: int) -> dict[str, np.ndarray]:
        """Games [first, first + count) played in Python (same rows as `run_native`)."""

    def run(self, first: int, count: int) -> dict[str, np.ndarray]:
        return self.run_native(first, count) if self.native else self.run_python(first, count)

    @abstractmethod
    def new_tally(self) -> Tally:
        """Empty counters for this run's summary."""

    @abstractmethod
    def record(self, index: int) -> dict[str, Any]:
        """The full record of game `index` (replayed or replayed-and-annotated)."""

    def empty_arrays(self, count: int) -> dict[str, np.ndarray]:
        return {
            name: np.zeros((count, *shape), dtype) for name, (dtype, shape) in self.schema().items()
        }

    def concat(self, parts: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
        """The arrays of consecutive chunks, in order."""
        if not parts:
            return self.empty_arrays(0)
        return {k: np.concatenate([p[k] for p in parts]) for k in self.schema()}


# --------------------------------------------------------------------- arguments


def check_count(name: str, value: Any, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name} must be an int >= {minimum}; got {value!r}")
    return value


def check_match_options(games: int, start: int, options: dict[str, Any]) -> dict[str, Any]:
    """A game's only own `simulate` option, ``hands_per_match`` (None or an int 1..65535
    dividing `games` and `start`), as ``{"hands_per_match": h}`` (0: single hands)."""
    hands_per_match = options.pop("hands_per_match", None)
    if options:
        raise TypeError(f"unexpected arguments: {', '.join(options)}")
    h = 0
    if hands_per_match is not None:
        h = check_count("hands_per_match", hands_per_match, 1)
        if h > 65535:
            raise ValueError(f"hands_per_match must be at most 65535; got {h}")
        if games % h or start % h:
            raise ValueError(
                f"with hands_per_match={h}, games and start must be multiples of {h} "
                f"(whole matches); got games={games}, start={start}"
            )
    return {"hands_per_match": h}


def match_worker_options(options: dict[str, Any]) -> dict[str, Any]:
    """`check_match_options`'s result as `simulate` keyword arguments (a Dask worker's)."""
    return {"hands_per_match": options.get("hands_per_match", 0) or None}


def check_policies(policies: Any, players: int, bots: Sequence[str]) -> list[Policy]:
    """One policy per seat: a bot name (one of `bots`) or a callable."""
    if isinstance(policies, str) or callable(policies):
        policies = [policies] * players
    try:
        out = list(policies)
    except TypeError:
        raise ValueError(
            "policies must be a bot name, a callable, or one per seat; "
            f"got {type(policies).__name__}"
        ) from None
    if len(out) != players:
        raise ValueError(f"policies: give one per seat ({players}); got {len(out)}")
    for p in out:
        if isinstance(p, str):
            if p not in bots:
                raise ValueError(f"unknown policy {p!r}; built-in bots: {', '.join(bots)}")
        elif not callable(p):
            raise ValueError(f"a policy is a bot name or a callable; got {p!r}")
    return out


def policy_name(p: Policy) -> str:
    if isinstance(p, str):
        return p
    return str(getattr(p, "__name__", type(p).__name__))


def seat_policy(index: int, seat: int, players: int, rotate: bool) -> int:
    """The policy index of `seat` in rotation `index` (seat-balanced when `rotate`)."""
    return (seat + index) % players if rotate else seat


# --------------------------------------------------------------------- run


def run(
    sim_cls: type[GameSim],
    games: int,
    rules: Any,
    *,
    seed: int = 0,
    policies: Any = "random",
    threads: int = 0,
    rotate: bool = True,
    start: int = 0,
    keep_arrays: bool = True,
    record_every: int | None = None,
    record_filter: Callable[[dict[str, np.ndarray]], Any] | None = None,
    max_records: int = 10_000,
    chunk: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    cluster: Any = None,
    backend: str | None = None,
    **options: Any,
) -> SimResult:
    """`simulate` for the game of `sim_cls` (`rules` already of its type)."""
    from ..core.parts import backend_name

    games = check_count("games", games)
    start = check_count("start", start)
    threads = check_count("threads", threads)
    seed = check_seed(seed)
    pols = check_policies(policies, sim_cls.players(rules), sim_cls.bots)
    if record_every is not None:
        record_every = check_count("record_every", record_every, 1)
    opts = sim_cls.check_options(games, start, **options)
    name = backend_name(backend)
    if cluster is not None:
        if record_every is not None or record_filter is not None:
            raise ValueError("records are not collected on a cluster: run those games locally")
        if not all(isinstance(p, str) for p in pols):
            raise ValueError("a cluster runs built-in bots only (policies by name)")
        from ._dask import simulate_on_cluster

        summary, merged, tally = simulate_on_cluster(
            cluster,
            sim_cls(rules, seed, pols, bool(rotate), threads, name, **opts),
            games,
            start=start,
            keep_arrays=keep_arrays,
            chunk=chunk,
            progress=progress,
        )
        return SimResult(summary=summary, arrays=merged, records=[], tally=tally)
    runner = sim_cls(rules, seed, pols, bool(rotate), threads, name, **opts)
    tally = runner.new_tally()
    if chunk is None:
        chunk = runner.default_chunk()
    chunk = check_count("chunk", chunk, 1)
    m = runner.chunk_multiple
    if m > 1:
        chunk = max(m, chunk - chunk % m)  # whole units (matches) per chunk
    parts: list[dict[str, np.ndarray]] = []
    records: list[dict[str, Any]] = []
    done = 0
    while done < games:
        count = min(chunk, games - done)
        first = start + done
        arrays = runner.run(first, count)
        tally.add(arrays)
        if keep_arrays:
            parts.append(arrays)
        picks: list[int] = []
        if record_every is not None:
            lo = -(-first // record_every) * record_every
            picks.extend(range(lo, first + count, record_every))
        if record_filter is not None:
            mask = np.asarray(record_filter(arrays), dtype=bool)
            picks.extend(int(first + j) for j in np.nonzero(mask)[0])
        for index in sorted(set(picks)):
            if len(records) >= max_records:
                break
            records.append(runner.record(index))
        done += count
        if progress is not None:
            progress(done, games)
    merged = runner.concat(parts) if keep_arrays else None
    summary = tally.summary()
    summary.update(seed=seed, start=start, rotate=bool(rotate), rules=rules.to_dict(), backend=name)
    return SimResult(summary=summary, arrays=merged, records=records, tally=tally)
