"""In-process workloads: kernels, whole games, simulation, yardstick, memory.

Every function takes the run's `Settings` and returns a list of `Figure`s.
Backends run side by side in this one process (``yj.Game(..., backend=...)``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from typing import Any

import pyyijing as yj
from pyyijing import _backend
from pyyijing.yijingpai import engine as _engine

from .timing import Figure, Side, ratio_samples, side_by_side
from .yardstick import build_kernels, build_yardstick, run_kernels, run_yardstick

BACKENDS = ("native", "cython", "python")


@dataclass
class Settings:
    quick: bool
    reps: int
    target: float  # seconds per sample
    threads_all: int
    memory_games: int
    service_seconds: float
    backends: tuple[str, ...]


def available_backends() -> tuple[str, ...]:
    return tuple(b for b in BACKENDS if b in _backend.available())


def per_backend(
    group: str,
    key: str,
    label: str,
    unit: str,
    sides: list[Side],
    st: Settings,
    note: str = "",
) -> list[Figure]:
    """Figures for each backend plus the ratios native/cython and native/python."""
    side_by_side(sides, st.reps, st.target)
    out = [
        Figure(
            f"{key}.{s.name}",
            f"{label} [{s.name}]",
            unit,
            s.rates,
            group,
            note,
            cpu_samples=s.cpu_rates,
        )
        for s in sides
    ]
    by = {s.name: s for s in sides}
    if "native" in by:
        for other in ("cython", "python"):
            if other in by:
                out.append(
                    Figure(
                        f"{key}.ratio_native_{other}",
                        f"{label}: native / {other}",
                        "x",
                        ratio_samples(by["native"].rates, by[other].rates),
                        group,
                        cpu_samples=ratio_samples(by["native"].cpu_rates, by[other].cpu_rates),
                    )
                )
    return out


# --------------------------------------------------------------------- kernels


def bench_shuffle(st: Settings) -> list[Figure]:
    sides = []
    for b in st.backends:
        shuffle = _engine.engine(b).shuffle_wall

        def work(n: int, shuffle: Any = shuffle) -> int:
            for i in range(n):
                shuffle(i, 144, "wild")
            return n

        sides.append(Side(b, work, start=16))
    return per_backend(
        "kernels",
        "shuffle",
        "wall shuffles/s (144 tiles + dice)",
        "walls/s",
        sides,
        st,
        "the backend's shuffle_wall as yj.shuffle_wall calls it (string out)",
    )


_DECLARE = str.maketrans("+-", "10")


def _hexagram_batch(seed: int, seats: int = 256, per_seat: int = 8) -> list[tuple[str, list[str]]]:
    """(target, completed hexagrams) per seat, lines over 1/0 with a few taiji (+/-)."""
    rng = random.Random(seed)

    def lines() -> str:
        return "".join(rng.choice("1111100000+-" if rng.random() < 0.1 else "10") for _ in range(6))

    return [(lines(), [lines() for _ in range(per_seat)]) for _ in range(seats)]


def bench_hexagrams(st: Settings) -> list[Figure]:
    """identify (King Wen) + compare with the target + trigram coverage, per hexagram."""
    batch = _hexagram_batch(7)
    per_batch = sum(len(h) for _t, h in batch)
    sides: list[Side] = []

    from_lines = yj.Hexagram.from_lines

    def api(n: int) -> int:
        done = 0
        while done < n:
            for target, hexes in batch:
                t = target.translate(_DECLARE)
                equal = 0
                trigrams = set()
                for h in hexes:
                    hx = from_lines(h.translate(_DECLARE))
                    _kw = hx.king_wen
                    equal += hx.lines == t
                    trigrams.add(hx.lower.lines)
                    trigrams.add(hx.upper.lines)
                _covered = len(trigrams) == 8
            done += per_batch
        return done

    sides.append(Side("public API", api, start=per_batch))
    mods = {
        "python": "pyyijing.fallback.yijingpai.hexagram_bits",
        "cython": "pyyijing._cy.yijingpai.hexagram_bits",
    }
    for b in ("cython", "python"):
        if b not in st.backends:
            continue
        mod = __import__(mods[b], fromlist=["value_of"])

        def work(n: int, mod: Any = mod) -> int:
            value_of, king_wen, met = mod.value_of, mod.king_wen, mod.conditions_met
            mask = mod.ALL_CONDITIONS_MASK
            done = 0
            while done < n:
                for target, hexes in batch:
                    values = [value_of(h) for h in hexes]
                    _kws = [king_wen(v) for v in values]
                    met(values, value_of(target), mask)  # compare + trigram coverage
                done += per_batch
            return done

        sides.append(Side(b, work, start=per_batch))
    side_by_side(sides, st.reps, st.target)
    out = [
        Figure(
            f"hexagrams.{s.name.replace(' ', '_')}",
            f"hexagram matching/s [{s.name}]",
            "hexagrams/s",
            s.rates,
            "kernels",
            "yj.Hexagram.from_lines + compare + trigram set (tables of the active backend)"
            if s.name == "public API"
            else "fallback hexagram_bits: value_of + king_wen + conditions_met (all 6 conditions)",
            cpu_samples=s.cpu_rates,
        )
        for s in sides
    ]
    by = {s.name: s for s in sides}
    if "cython" in by and "python" in by:
        out.append(
            Figure(
                "hexagrams.ratio_cython_python",
                "hexagram matching: cython / python",
                "x",
                ratio_samples(by["cython"].rates, by["python"].rates),
                "kernels",
                "native: not exposed to Python (in C++ a win check is one bitset test in apply)",
            )
        )
    return out


def _midgame_positions(count: int, seed: int) -> list[tuple[int, list[str]]]:
    """(seed, moves) of random-play games stopped in the play or claim phase."""
    rng = random.Random(seed)
    rules = yj.Rules()
    out: list[tuple[int, list[str]]] = []
    s = seed * 100_000
    while len(out) < count:
        s += 1
        g = yj.Game(rules, seed=s, backend="native")
        stop = rng.randrange(8, 70)
        while g.phase != "over" and len(g.moves) < stop:
            g.apply(rng.choice(g.legal_moves()))
        if g.phase in ("play", "claim"):
            out.append((s, g.moves))
    return out


def _games_at(positions: list[tuple[int, list[str]]], backend: str) -> list[yj.Game]:
    games = []
    for s, moves in positions:
        g = yj.Game(yj.Rules(), seed=s, backend=backend)
        for m in moves:
            g.apply(m)
        games.append(g)
    return games


def bench_ready(st: Settings, positions: list[tuple[int, list[str]]]) -> list[Figure]:
    sides = []
    for b in st.backends:
        games = _games_at(positions, b)
        k = len(games)

        def work(n: int, games: list[yj.Game] = games, k: int = k) -> int:
            for i in range(n):
                games[i % k].ready(i & 3)
            return n

        sides.append(Side(b, work, start=64))
    return per_backend(
        "kernels",
        "ready",
        "ready() evaluations/s, random mid-game states",
        "calls/s",
        sides,
        st,
        f"{len(positions)} states of random play (plies 8-70, phase play/claim), every seat",
    )


def _candidate_moves(g: yj.Game, rng: random.Random) -> list[str]:
    """A mix of legal and illegal moves for one position."""
    legal = g.legal_moves()
    seat = g.to_act[0]
    other = (seat + 1) % g.rules.players
    moves = rng.sample(legal, min(3, len(legal)))
    moves += [
        f"s{other}:play=10",  # not_your_turn (or wrong phase)
        f"s{seat}:play=111",  # wrong_count
        f"s{seat}:play=+-",  # tiles_not_in_hand (usually)
        f"s{seat}:pong=11@split",  # no_pong_available (usually)
        f"s{seat}:target=101010",  # wrong_phase
        "s9:pass",  # no_such_seat
        "s0:plya=10",  # malformed
    ]
    return moves


def bench_validate(st: Settings, positions: list[tuple[int, list[str]]]) -> list[Figure]:
    rng = random.Random(11)
    ref = _games_at(positions, st.backends[0])
    pairs = [(i, m) for i, g in enumerate(ref) for m in _candidate_moves(g, rng)]
    rng.shuffle(pairs)
    legal = sum(ref[i].validate(m).ok for i, m in pairs)
    codes = {
        b: [g.validate(m).code for g, m in ((gs[i], m) for i, m in pairs)]
        for b, gs in ((b, _games_at(positions, b)) for b in st.backends)
    }
    agree = all(codes[b] == codes[st.backends[0]] for b in st.backends)
    sides = []
    for b in st.backends:
        games = _games_at(positions, b)
        items = [(games[i], m) for i, m in pairs]
        k = len(items)

        def work(n: int, items: list[tuple[yj.Game, str]] = items, k: int = k) -> int:
            for j in range(n):
                g, m = items[j % k]
                g.validate(m)
            return n

        sides.append(Side(b, work, start=64))
    figs = per_backend(
        "kernels",
        "validate",
        "validate() calls/s in-process",
        "calls/s",
        sides,
        st,
        f"{len(pairs)} (position, move) pairs, {legal / len(pairs):.0%} legal; "
        f"verdict codes identical on every backend: {agree}",
    )
    for f in figs:
        f.extra = {"pairs": len(pairs), "legal_fraction": legal / len(pairs), "codes_agree": agree}
    return figs


def bench_validate_positions(st: Settings, positions: list[tuple[int, list[str]]]) -> list[Figure]:
    """`yj.validate_positions`: positions sent in full (seed + every move so far)
    and one move each, as a stateless referee receives them; batches of 256."""
    rng = random.Random(12)
    ref = _games_at(positions, "native")
    items = [
        (s, moves, m)
        for (s, moves), g in zip(positions, ref, strict=True)
        for m in _candidate_moves(g, rng)
    ]
    rng.shuffle(items)
    rules = yj.Rules()
    answers = {
        b: [(c.bad_move, c.verdict.code) for c in yj.validate_positions(rules, items, backend=b)]
        for b in st.backends
    }
    agree = all(answers[b] == answers[st.backends[0]] for b in st.backends)
    mean_moves = sum(len(moves) for _, moves, _ in items) / len(items)
    batch = 256
    doubled = items * 2  # a batch may wrap around the end
    sides = []
    for b in st.backends:

        def work(n: int, b: str = b) -> int:
            done = 0
            while done < n:
                k = min(batch, n - done)
                at = done % len(items)
                yj.validate_positions(rules, doubled[at : at + k], backend=b)
                done += k
            return n

        sides.append(Side(b, work, start=batch))
    figs = per_backend(
        "kernels",
        "validate_positions",
        "validate_positions() positions/s in-process (full replay each)",
        "positions/s",
        sides,
        st,
        f"{len(items)} (position, move) items, {mean_moves:.1f} moves of history on average, "
        f"batches of {batch}; answers identical on every backend: {agree}",
    )
    for f in figs:
        f.extra = {"items": len(items), "mean_history": mean_moves, "answers_agree": agree}
    return figs


_CPP_KERNELS = {
    "shuffle_string": ("wall shuffles/s, C++ shuffle_wall (string)", "walls/s"),
    "shuffle_tiles": ("wall shuffles/s, C++ simulator shuffle (tile codes)", "walls/s"),
    "hexagrams": ("hexagram matching/s, C++ (king_wen_of + compare + trigram_bits)", "hexagrams/s"),
    "ready": ("ready() evaluations/s, C++, same kind of states", "calls/s"),
    "check_move": ("validate (parse + check)/s, C++, same kind of moves", "calls/s"),
    "random_game": ("random games/s, C++ engine API loop, walls shuffled beforehand", "games/s"),
    "random_game_shuffle": ("random games/s, C++ engine API loop + shuffle_wall", "games/s"),
    # 20M hands/s is 50 ns per call, the per-call target
    "mahjong_shanten": ("mahjong regular shanten/s, C++, one call per hand", "hands/s"),
}


def bench_cpp_kernels(st: Settings, build_dir: str, root: str) -> list[Figure]:
    """The kernels without the binding: benchmarks/yardstick/kernels.cpp on yijing_core."""
    exe, how = build_kernels(build_dir, root)
    if exe is None:
        return [Figure("cpp_kernels.skipped", "C++ kernels (not built)", "", [], "kernels", how)]
    out = []
    for rec in run_kernels(exe, st.reps, st.target):
        label, unit = _CPP_KERNELS.get(rec["kernel"], (rec["kernel"], "ops/s"))
        out.append(
            Figure(
                f"cpp.{rec['kernel']}",
                label,
                unit,
                rec["rates"],
                "kernels",
                f"benchmarks/yardstick/kernels.cpp, {how}; 1 thread",
            )
        )
    return out


# --------------------------------------------------------------------- whole games


def bench_api_games(st: Settings) -> list[Figure]:
    """Random games through the public Game API, per backend (Python picks the moves)."""
    rules = yj.Rules()
    sides = []
    for b in st.backends:

        def work(n: int, b: str = b) -> int:
            for i in range(n):
                g = yj.Game(rules, seed=i, backend=b)
                rng = random.Random(i)
                while g.phase != "over":
                    g.apply(rng.choice(g.legal_moves()))
            return n

        sides.append(Side(b, work, start=1))
    return per_backend(
        "games",
        "api_games",
        "random games/s via Game API (legal_moves + apply)",
        "games/s",
        sides,
        st,
        "Python loop: Game(seed), then random.choice(legal_moves()) until over",
    )


def bench_simulate_backends(st: Settings) -> list[Figure]:
    """yj.simulate(threads=1) per backend: native C++ loop vs the Python loop."""
    rules = yj.Rules()
    out: list[Figure] = []
    for policy in ("random",) if st.quick else ("random", "heuristic"):
        sides = []
        for b in st.backends:

            def work(n: int, b: str = b, p: str = policy) -> int:
                yj.simulate(n, rules, seed=1, policies=p, threads=1, keep_arrays=False, backend=b)
                return n

            sides.append(Side(b, work, start=1000 if b == "native" else 1))
        out += per_backend(
            "games",
            "sim_backends" if policy == "random" else f"sim_backends_{policy}",
            f"yj.simulate {policy} games/s, 1 thread",
            "games/s",
            sides,
            st,
            "native: C++ loop (GIL released); cython/python: the Python loop with fallback bots",
        )
    return out


def bench_simulate_scaling(st: Settings) -> list[Figure]:
    if "native" not in st.backends:
        return []
    cases = [("standard", "random"), ("standard", "heuristic")]
    if not st.quick:
        cases += [("standard", "greedy"), ("simple", "random"), ("simple", "heuristic")]
    out: list[Figure] = []
    for variant, policy in cases:
        rules = yj.Rules(variant=variant)
        sides = []
        for threads, name in ((1, "1 thread"), (st.threads_all, f"{st.threads_all} threads")):

            def work(
                n: int, threads: int = threads, rules: yj.Rules = rules, p: str = policy
            ) -> int:
                yj.simulate(n, rules, seed=2, policies=p, threads=threads, keep_arrays=False)
                return n

            sides.append(Side(name, work, start=2000))
        side_by_side(sides, st.reps, st.target)
        key = f"simulate.{variant}.{policy}"
        label = f"simulate {policy}, {variant}"
        out.append(
            Figure(
                f"{key}.t1",
                f"{label}, 1 thread",
                "games/s",
                sides[0].rates,
                "simulate",
                "yj.simulate(keep_arrays=False), 4 players, 144 tiles",
                cpu_samples=sides[0].cpu_rates,
            )
        )
        out.append(
            Figure(
                f"{key}.tall",
                f"{label}, {st.threads_all} threads",
                "games/s",
                sides[1].rates,
                "simulate",
                "per CPU-second: summed over the threads",
                cpu_samples=sides[1].cpu_rates,
            )
        )
        out.append(
            Figure(
                f"{key}.scaling",
                f"{label}: {st.threads_all} threads / 1",
                "x",
                ratio_samples(sides[1].rates, sides[0].rates),
                "simulate",
            )
        )
        out.append(
            Figure(
                f"{key}.cores_used",
                f"{label}: CPU cores the {st.threads_all}-thread run got",
                "cores",
                ratio_samples(sides[1].rates, sides[1].cpu_rates),
                "simulate",
                "CPU time / wall time of the process: below the thread count when other "
                "work holds the cores, which caps the scaling",
            )
        )
    return out


def bench_yardstick(st: Settings, build_dir: str) -> list[Figure]:
    if "native" not in st.backends:
        return []
    exe, why = build_yardstick(build_dir)
    if exe is None:
        return [Figure("yardstick.skipped", "yardstick (not built)", "", [], "yardstick", why)]
    from pyyijing._native import yijingpai as native

    config = native.Config(**yj.Rules().core_config())  # standard, 4 players, 144 tiles
    stats: dict[str, Any] = {}

    def engine(n: int) -> int:
        out = native.sim_batch(config, ["random"] * 4, True, 3, 0, n, 1)
        stats["engine_mean_plies"] = float(out["plies"].mean())
        stats["engine_draw_rate"] = float((out["kind"] == 2).mean())
        return n

    def yard(n: int) -> tuple[float, float, float]:
        rec = run_yardstick(exe, n, seed=5)
        stats["yardstick_mean_plies"] = rec["mean_plies"]
        stats["yardstick_draw_rate"] = rec["draw"] / rec["games"]
        return float(rec["games"]), float(rec["seconds"]), float(rec["cpu_seconds"])

    sides = [Side("yardstick", yard, start=5000), Side("engine", engine, start=5000)]
    side_by_side(sides, st.reps, st.target)
    note_same = (
        f"same game distribution: mean plies {stats['yardstick_mean_plies']:.2f} (yardstick) vs "
        f"{stats['engine_mean_plies']:.2f} (engine), draws {stats['yardstick_draw_rate']:.3f} vs "
        f"{stats['engine_draw_rate']:.3f}"
    )
    return [
        Figure(
            "yardstick.games",
            "yardstick C++ loop, random games/s, 1 thread",
            "games/s",
            sides[0].rates,
            "yardstick",
            "benchmarks/yardstick/yardstick.cpp, g++ -O2, its own loop time",
            stats,
            cpu_samples=sides[0].cpu_rates,
        ),
        Figure(
            "yardstick.engine",
            "engine C++ loop (simulate_batch), random, 1 thread",
            "games/s",
            sides[1].rates,
            "yardstick",
            "pyyijing._native.yijingpai.sim_batch: one call per sample, GIL released",
            cpu_samples=sides[1].cpu_rates,
        ),
        Figure(
            "yardstick.fraction",
            "engine / yardstick",
            "x",
            ratio_samples(sides[1].rates, sides[0].rates),
            "yardstick",
            note_same,
            cpu_samples=ratio_samples(sides[1].cpu_rates, sides[0].cpu_rates),
        ),
    ]


# --------------------------------------------------------------------- memory

_MEMORY_CHILD = textwrap.dedent(
    """
    import json, resource, sys, time
    import pyyijing as yj
    games, threads, chunk = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    points = []
    t0 = time.perf_counter()
    def progress(done, total):
        points.append([done, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss])
    yj.simulate(games, yj.Rules(), seed=3, policies="random", threads=threads,
                keep_arrays=False, progress=progress, chunk=chunk)
    dt = time.perf_counter() - t0
    print(json.dumps({"base_kib": base, "points": points, "seconds": dt}))
    """
)


def bench_memory(st: Settings) -> list[Figure]:
    """Peak RSS of one long streaming simulation, sampled as games grow (child process)."""
    if "native" not in st.backends:
        return []
    reps = 2
    peaks, growth, rates = [], [], []
    curve: list[list[int]] = []
    for _ in range(reps):
        proc = subprocess.run(
            [
                sys.executable,
                "-c",
                _MEMORY_CHILD,
                str(st.memory_games),
                str(st.threads_all),
                str(min(1 << 18, max(1, st.memory_games // 8))),
            ],
            capture_output=True,
            text=True,
            check=True,
            cwd=os.path.expanduser("~") or "/",
            env={**os.environ, "PYTHONSAFEPATH": "1"},
        )
        rec = json.loads(proc.stdout.strip().splitlines()[-1])
        pts = rec["points"]
        curve = pts
        first = next((kib for done, kib in pts if done > 0), pts[-1][1])
        peaks.append(pts[-1][1] / 1024)
        growth.append((pts[-1][1] - first) / 1024)
        rates.append(st.memory_games / rec["seconds"])
    g = st.memory_games
    return [
        Figure(
            "memory.peak_rss",
            f"peak RSS, {g:,} games streamed",
            "MiB",
            peaks,
            "memory",
            f"yj.simulate(keep_arrays=False, threads={st.threads_all}) in a child process",
            {"curve_games_kib": curve},
        ),
        Figure(
            "memory.growth",
            f"RSS growth from first chunk to {g:,} games",
            "MiB",
            growth,
            "memory",
            "flat = bounded memory (chunks of 2^18 games)",
        ),
        Figure("memory.rate", f"games/s during the {g:,}-game run", "games/s", rates, "memory"),
    ]
