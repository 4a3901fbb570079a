"""Mahjong hand evaluation (pyyijing.mahjong), when the installed package has it.

Shanten of random 13-tile hands and is_win of random 14-tile hands, per
backend, side by side; the peers ``mahjong`` (PyPI) and ``pymahjonggb`` are
measured only when installed. Whole hands of random play per ruleset and
backend, and the common hands of the engine against the C++
yardstick benchmarks/yardstick/mahjong_yardstick.cpp. Anything missing or
failing makes the section report "skipped" with the reason (the suite must run
on any build, including one without the mahjong module).
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from .timing import Figure, Side, ratio_samples, side_by_side
from .yardstick import build_mahjong_yardstick, run_mahjong_yardstick


def _hands(n: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        kinds = rng.choice(wall, size=size, replace=False)
        np.add.at(out[i], kinds, 1)
    return out


def _peer_shantens() -> list[tuple[str, Any]]:
    """Every installed peer's regular shanten, as (label, run over hands)."""
    peers: list[tuple[str, Any]] = []
    try:
        from mahjong.shanten import Shanten  # type: ignore[import-not-found]

        calc = Shanten()

        def run(hands: np.ndarray) -> None:
            for row in hands:
                calc.calculate_shanten(row.tolist())

        peers.append(("mahjong (PyPI)", run))
    except Exception:
        pass
    try:
        mgb = importlib.import_module("MahjongGB")

        def run_gb(hands: np.ndarray) -> None:
            for row in hands:
                tiles = []
                for k, c in enumerate(row):
                    tiles += [_gb_name(k)] * int(c)
                mgb.RegularShanten(tuple(tiles))

        peers.append(("pymahjonggb", run_gb))
    except Exception:
        pass
    return peers


ALL_THREADS = "all-threads native"


def _note(name: str, side: str, backends: tuple[str, ...]) -> str:
    if side in backends:
        return f"{name}_batch(threads=1) on random hands"
    if side == ALL_THREADS:
        return f"{name}_batch(threads=0: every core) on the same hands, 25 times over"
    if side == "pymahjonggb":
        return "one call per hand from Python, including building its tile-name tuple"
    return "one call per hand from Python"


def _gb_name(k: int) -> str:
    if k < 27:
        return "WBT"[k // 9] + str(k % 9 + 1)
    return ("F1", "F2", "F3", "F4", "J3", "J2", "J1")[k - 27]


def _skipped(why: str) -> Figure:
    """The one row the section shows when it cannot run."""
    return Figure("mahjong.skipped", "mahjong hand evaluation (skipped)", "", [], "mahjong", why)


def _game_figures(
    reps: int, target: float, backends: tuple[str, ...], ruleset: str = "common"
) -> list[Figure]:
    """Whole hands of a ruleset of uniformly random legal moves, 1 thread, on each backend.

    The workload is each backend's `random_hands` (registry part "random"):
    the C++ loop on native, the engine's own Python loop on the fallbacks;
    every backend plays the very same hands (docs/mahjong-engine.md).
    """
    from pyyijing import _registry
    from pyyijing import mahjong as mj

    kwargs = mj.Rules(ruleset).core_config()
    sides = []
    for b in backends:
        fn = _registry.load("mahjong", "random", b)
        config = _registry.load("mahjong", "config", b)(**kwargs)
        counter = [0]

        def work(n: int, fn: Any = fn, config: Any = config, counter: list[int] = counter) -> int:
            fn(config, 1, counter[0], n)
            counter[0] += n
            return n

        sides.append(Side(b, work, start=1))
    side_by_side(sides, reps, target)
    by = {s.name: s for s in sides}
    out = [
        Figure(
            f"mahjong.{ruleset}_hands.{s.name}",
            f"{ruleset} hands/s, random legal moves, 1 thread [{s.name}]",
            "hands/s",
            s.rates,
            "mahjong",
            ""
            if _registry.module_backend("mahjong", "random", s.name) == s.name
            else f"the {s.name} backend plays the python engine (no {s.name} engine yet)",
            cpu_samples=s.cpu_rates,
        )
        for s in sides
    ]
    if "native" in by:
        for other in [x for x in by if x != "native"]:
            out.append(
                Figure(
                    f"mahjong.{ruleset}_hands.ratio_native_{other}",
                    f"{ruleset} hands/s: native / {other}",
                    "x",
                    ratio_samples(by["native"].rates, by[other].rates),
                    "mahjong",
                    cpu_samples=ratio_samples(by["native"].cpu_rates, by[other].cpu_rates),
                )
            )
    return out


# The bots' floors: greedy hands/s per ruleset on one native thread, and
# the 2-thread / 1-thread and native / python ratios (benchmarks/run.py FLOORS).
BOT_THREADS = 2


def _bot_figures(
    reps: int, target: float, backends: tuple[str, ...], ruleset: str = "common"
) -> list[Figure]:
    """yj.simulate of one ruleset, side by side: random and greedy on 1 and 2 native
    threads, heuristic on 1, and greedy on the python backend (its Python loop
    with the fallback bots, calibrated to the same sample time, so on far fewer
    hands). Every seat plays the named policy; keep_arrays=False."""
    import pyyijing as yj
    from pyyijing import mahjong as mj

    rules = mj.Rules(ruleset)
    counter = [0]  # every sample plays new hands (seeded by index), none replayed

    def sim(policy: str, threads: int, backend: str) -> Any:
        def work(n: int) -> int:
            yj.simulate(
                n,
                rules,
                seed=16,
                start=counter[0],
                policies=policy,
                threads=threads,
                keep_arrays=False,
                backend=backend,
            )
            counter[0] += n
            return n

        return work

    sides = [
        Side("random t1", sim("random", 1, "native"), start=2000),
        Side(f"random t{BOT_THREADS}", sim("random", BOT_THREADS, "native"), start=2000),
        Side("greedy t1", sim("greedy", 1, "native"), start=200),
        Side(f"greedy t{BOT_THREADS}", sim("greedy", BOT_THREADS, "native"), start=200),
        Side("heuristic t1", sim("heuristic", 1, "native"), start=20),
    ]
    if "python" in backends:
        sides.append(Side("greedy python", sim("greedy", 1, "python"), start=1))
    side_by_side(sides, reps, target)
    by = {s.name: s for s in sides}
    key = f"mahjong.{ruleset}"
    how = f"yj.simulate(mj.Rules({ruleset!r}), policies=<all four seats>, keep_arrays=False)"
    out: list[Figure] = []
    for policy in ("random", "greedy"):
        one, two = by[f"{policy} t1"], by[f"{policy} t{BOT_THREADS}"]
        out += [
            Figure(
                f"{key}.{policy}.t1",
                f"{ruleset} {policy} hands/s, native, 1 thread",
                "hands/s",
                one.rates,
                "mahjong",
                how,
                cpu_samples=one.cpu_rates,
            ),
            Figure(
                f"{key}.{policy}.t{BOT_THREADS}",
                f"{ruleset} {policy} hands/s, native, {BOT_THREADS} threads",
                "hands/s",
                two.rates,
                "mahjong",
                "per CPU-second: summed over the threads",
                cpu_samples=two.cpu_rates,
            ),
            Figure(
                f"{key}.{policy}.scaling",
                f"{ruleset} {policy}: {BOT_THREADS} threads / 1",
                "x",
                ratio_samples(two.rates, one.rates),
                "mahjong",
                "wall-clock rates of the same repetition; the cores_used row says how much "
                "of the machine the 2-thread run had",
                cpu_samples=ratio_samples(two.cpu_rates, one.cpu_rates),
            ),
            Figure(
                f"{key}.{policy}.cores_used",
                f"{ruleset} {policy}: CPU cores the {BOT_THREADS}-thread run got",
                "cores",
                ratio_samples(two.rates, two.cpu_rates),
                "mahjong",
                "CPU time / wall time: below 2 when other work holds the cores",
            ),
        ]
    h = by["heuristic t1"]
    out.append(
        Figure(
            f"{key}.heuristic.t1",
            f"{ruleset} heuristic hands/s, native, 1 thread",
            "hands/s",
            h.rates,
            "mahjong",
            how + " (no floor: reported)",
            cpu_samples=h.cpu_rates,
        )
    )
    if "greedy python" in by:
        py = by["greedy python"]
        out += [
            Figure(
                f"{key}.greedy.python",
                f"{ruleset} greedy hands/s, python backend, 1 thread",
                "hands/s",
                py.rates,
                "mahjong",
                "the Python loop with the fallback bots (pyyijing/fallback/mahjong/bots.py)",
                cpu_samples=py.cpu_rates,
            ),
            Figure(
                f"{key}.greedy.ratio_native_python",
                f"{ruleset} greedy hands/s: native / python",
                "x",
                ratio_samples(by["greedy t1"].rates, py.rates),
                "mahjong",
                f"per repetition; python plays {py.n} hands a sample, native {by['greedy t1'].n}",
                cpu_samples=ratio_samples(by["greedy t1"].cpu_rates, py.cpu_rates),
            ),
        ]
    return out


KINDS = ("self_draw", "discard", "robbed_kong", "draw")


def _distribution(tot: dict[str, float]) -> str:
    """Mean moves and result rates of accumulated random_hands totals."""
    n = tot["hands"] or 1
    rates = ", ".join(f"{k} {100 * tot[k] / n:.3f}%" for k in KINDS)
    return f"mean moves {tot['moves'] / n:.2f}, {rates}"


def _yardstick_figures(reps: int, target: float, build_dir: str) -> list[Figure]:
    """Common hands/s: the C++ yardstick against the engine's native random_hands.

    The yardstick plays common mahjong without 報聽 (its header says what it
    skips), so the ratio the floor reads is the engine on the same rules
    (declare_ready=False); the engine on the default rules (報聽 on, the
    "common hands/s" figure) is the third side, its ratio quoted beside it.
    """
    exe, why = build_mahjong_yardstick(build_dir)
    if exe is None:
        return [
            Figure(
                "mahjong.yardstick.skipped", "mahjong yardstick (not built)", "", [], "mahjong", why
            )
        ]
    from pyyijing import _registry
    from pyyijing import mahjong as mj

    fn = _registry.load("mahjong", "random", "native")
    make = _registry.load("mahjong", "config", "native")
    same = make(**mj.Rules("common", declare_ready=False).core_config())
    default = make(**mj.Rules("common").core_config())
    totals = {
        name: dict.fromkeys(("hands", "moves", *KINDS), 0.0)
        for name in ("yardstick", "engine", "engine_default")
    }

    def yard(n: int) -> tuple[float, float, float]:
        t = totals["yardstick"]
        rec = run_mahjong_yardstick(exe, n, seed=int(t["hands"]) + 1)
        t["hands"] += rec["hands"]
        t["moves"] += rec["mean_moves"] * rec["hands"]
        for k in KINDS:
            t[k] += rec[k]
        return float(rec["hands"]), float(rec["seconds"]), float(rec["cpu_seconds"])

    def engine(name: str, config: Any) -> Any:
        def work(n: int) -> int:
            t = totals[name]
            out = fn(config, 5, int(t["hands"]), n)
            for k in ("hands", "moves", *KINDS):
                t[k] += out[k]
            return n

        return work

    sides = [
        Side("yardstick", yard, start=2000),
        Side("engine", engine("engine", same), start=2000),
        Side("engine_default", engine("engine_default", default), start=2000),
    ]
    side_by_side(sides, reps, target)
    y, e, d = sides
    same_dist = (
        f"same hand distribution: yardstick {_distribution(totals['yardstick'])}; "
        f"engine (declare_ready=False) {_distribution(totals['engine'])}"
    )
    return [
        Figure(
            "mahjong.yardstick.hands",
            "mahjong yardstick C++ loop, common hands/s (no 報聽), 1 thread",
            "hands/s",
            y.rates,
            "mahjong",
            "benchmarks/yardstick/mahjong_yardstick.cpp, g++ -O2, its own loop time: "
            "common rules less 報聽, uniformly random legal moves, table-driven win check",
            {k: dict(v) for k, v in totals.items()},
            cpu_samples=y.cpu_rates,
        ),
        Figure(
            "mahjong.yardstick.engine",
            "engine random_hands, common without 報聽, 1 thread",
            "hands/s",
            e.rates,
            "mahjong",
            "native random_hands (docs/mahjong-engine.md), mj.Rules('common', "
            "declare_ready=False): the yardstick's rules",
            cpu_samples=e.cpu_rates,
        ),
        Figure(
            "mahjong.yardstick.fraction",
            "mahjong engine / yardstick, common without 報聽",
            "x",
            ratio_samples(e.rates, y.rates),
            "mahjong",
            same_dist,
            cpu_samples=ratio_samples(e.cpu_rates, y.cpu_rates),
        ),
        Figure(
            "mahjong.yardstick.fraction_default",
            "mahjong engine (default common, 報聽 on) / yardstick",
            "x",
            ratio_samples(d.rates, y.rates),
            "mahjong",
            "the engine's default common rules against the yardstick's (no 報聽): the "
            "engine also pays for every ready check; engine default "
            f"{_distribution(totals['engine_default'])}",
            cpu_samples=ratio_samples(d.cpu_rates, y.cpu_rates),
        ),
    ]


def bench_mahjong(
    reps: int, target: float, backends: tuple[str, ...], build_dir: str | None = None
) -> list[Figure]:
    try:
        mj = importlib.import_module("pyyijing.mahjong")
        shanten_batch, is_win_batch = mj.shanten_batch, mj.is_win_batch
    except Exception as exc:
        return [_skipped(f"pyyijing.mahjong not in the installed package ({type(exc).__name__})")]
    try:
        h13 = _hands(2000, 13, 1)
        h14 = _hands(2000, 14, 2)
        out: list[Figure] = []
        for name, fn, hands in (("shanten", shanten_batch, h13), ("is_win", is_win_batch, h14)):
            sides = []
            for b in backends:

                def work(n: int, b: str = b, fn: Any = fn, hands: np.ndarray = hands) -> int:
                    done = 0
                    while done < n:
                        fn(hands, threads=1, backend=b)
                        done += len(hands)
                    return done

                sides.append(Side(b, work, start=len(hands)))
            if "native" in backends:
                # the batch on every core (threads=0), the batch figure; a
                # larger batch, so that starting the threads does not dominate
                big = np.tile(hands, (25, 1))

                def all_threads(n: int, fn: Any = fn, big: np.ndarray = big) -> int:
                    done = 0
                    while done < n:
                        fn(big, threads=0, backend="native")
                        done += len(big)
                    return done

                sides.append(Side(ALL_THREADS, all_threads, start=len(big)))
            for label, run in _peer_shantens() if name == "shanten" else []:

                def peer_work(n: int, run: Any = run, hands: np.ndarray = hands) -> int:
                    done = 0
                    while done < n:
                        run(hands[:200])
                        done += 200
                    return done

                sides.append(Side(label, peer_work, start=200))
            side_by_side(sides, reps, target)
            by = {s.name: s for s in sides}
            for s in sides:
                out.append(
                    Figure(
                        f"mahjong.{name}.{s.name.split()[0]}",
                        f"mahjong {name}/s [{s.name}]",
                        "hands/s",
                        s.rates,
                        "mahjong",
                        _note(name, s.name, backends),
                        cpu_samples=s.cpu_rates,
                    )
                )
            if "native" in by:
                for other in [x for x in by if x not in ("native", ALL_THREADS)]:
                    out.append(
                        Figure(
                            f"mahjong.{name}.ratio_native_{other.split()[0]}",
                            f"mahjong {name}: native / {other}",
                            "x",
                            ratio_samples(by["native"].rates, by[other].rates),
                            "mahjong",
                            cpu_samples=ratio_samples(by["native"].cpu_rates, by[other].cpu_rates),
                        )
                    )
        from pyyijing import mahjong as mj

        for ruleset in mj.RULESETS:
            out += _game_figures(reps, target, backends, ruleset)
        if "native" in backends:
            for ruleset in mj.RULESETS:  # the bots' floors
                out += _bot_figures(reps, target, backends, ruleset)
        if "native" in backends and build_dir is not None:
            out += _yardstick_figures(reps, target, build_dir)
        return out
    except Exception as exc:
        return [_skipped(f"the mahjong API did not run as expected: {type(exc).__name__}: {exc}")]
