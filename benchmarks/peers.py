"""Peer mahjong engines against ours, side by side in one run (section "peers").

Each peer runs in its own process (benchmarks/peer_worker.py, which says
what it measures) under an interpreter that has it: RLCard and pgx under
``$PYYIJING_BENCH_PEER_PYTHON`` (default: the suite's own interpreter, so the
``bench`` extra is enough), mjx under ``$PYYIJING_BENCH_MJX_PYTHON`` (default:
``python3.9`` on PATH; mjx ships wheels for CPython 3.9 and older only). A
peer that is missing is one "skipped" row with the reason, never a failure.
Ours is the native engine's ``random_hands`` on the default common rules (the
"common hands/s" figure), measured interleaved with the peers; every ratio
is per repetition, ours / theirs.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
from typing import IO, Any

from .timing import Figure, Side, ratio_samples, side_by_side

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer_worker.py")
PEER_PYTHON = "PYYIJING_BENCH_PEER_PYTHON"
MJX_PYTHON = "PYYIJING_BENCH_MJX_PYTHON"

# What differs from ours (the engine's common rules, docs/mahjong.md part 1:
# 4 seats, 136 tiles, chow / pung / kong, regular shape or seven pairs, 報聽,
# payments in units for the win and for every kong).
RULES = {
    "rlcard": "RLCard's Chinese mahjong: 4 seats, 136 tiles, chow / pung / kong, but a "
    "regular-shape win only (no seven pairs, no 報聽), payoff +1 to the winner and -1 to "
    "each other seat (no kong payments, no scoring), checked in Python after every move",
    "pgx": "pgx sparrow_mahjong: 3 seats, 44 tiles (bamboo 1-9 and the red and green "
    "dragons, 4 each), 5-tile hands (6 after the draw) of 2 sets, no chow / pung / kong, one "
    "action only (the discard: wins are automatic), dora scoring; an env step is one discard",
    "mjx": "mjx: Japanese riichi mahjong (Tenhou rules: riichi, dora, red fives, yaku and "
    "fu / han scoring, abortive draws), whole hanchan games; a figure unit is a round (局)",
}

LABEL = {"rlcard": "RLCard mahjong", "pgx": "pgx sparrow_mahjong", "mjx": "mjx"}


def _interpreter(peer: str) -> tuple[str | None, str]:
    """(interpreter for the peer, where it came from); (None, why) when there is none."""
    if peer == "mjx":
        python = os.environ.get(MJX_PYTHON) or shutil.which("python3.9")
        if python is None:
            return None, (
                "needs Python 3.9 (mjx 0.1.0 has wheels for CPython <= 3.9 only): no "
                f"python3.9 on PATH and ${MJX_PYTHON} not set"
            )
        return python, MJX_PYTHON if os.environ.get(MJX_PYTHON) else "python3.9 on PATH"
    python = os.environ.get(PEER_PYTHON)
    return (python, PEER_PYTHON) if python else (sys.executable, "the suite's interpreter")


class PeerProcess:
    """A running benchmarks/peer_worker.py: ``hello`` is its first line (ready or skip)."""

    def __init__(self, python: str, peer: str, batch: int) -> None:
        self.peer, self.python = peer, python
        self.err: IO[str] = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed in close())
        # mjx runs another Python version: the suite's PYTHONPATH is not for it
        env = {k: v for k, v in os.environ.items() if peer != "mjx" or k != "PYTHONPATH"}
        try:
            self.proc: subprocess.Popen[str] | None = subprocess.Popen(
                [python, WORKER, peer, str(batch)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.err,
                text=True,
                env=env,
                cwd=tempfile.gettempdir(),
            )
        except OSError as exc:
            self.proc = None
            self.hello: dict[str, Any] = {"skip": f"cannot run {python}: {exc}"}
            return
        self.hello = {}

    def _line(self, timeout: float) -> dict[str, Any]:
        assert self.proc is not None
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            if ready:
                try:
                    what = f"exited with status {self.proc.wait(timeout=10)}"
                except subprocess.TimeoutExpired:
                    what = "closed its output"
            else:
                what = f"sent nothing in {timeout:.0f} s"
            self.err.seek(0)
            tail = " ".join(self.err.read().split())[:300]
            raise RuntimeError(f"{self.peer} worker under {self.python} {what}: {tail}")
        rec: dict[str, Any] = json.loads(line)
        return rec

    def wait_ready(self, timeout: float = 600.0) -> dict[str, Any]:
        if self.proc is not None and not self.hello:
            try:
                self.hello = self._line(timeout)
            except (RuntimeError, ValueError) as exc:
                self.hello = {"skip": str(exc)}
        return self.hello

    def run(self, n: int) -> dict[str, Any]:
        assert self.proc is not None
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{n}\n")
        self.proc.stdin.flush()
        return self._line(600.0)

    def close(self) -> None:
        if self.proc is not None:
            try:
                if self.proc.stdin is not None:
                    self.proc.stdin.close()
                self.proc.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        self.err.close()


def _per(recs: list[dict[str, Any]], a: str, b: str) -> str:
    num, den = sum(r[a] for r in recs), sum(r[b] for r in recs)
    return f"{num / den:.1f}" if den else "-"


def _skipped(peer: str, why: str) -> Figure:
    return Figure(f"peers.{peer}.skipped", f"{LABEL[peer]} (skipped)", "", [], "peers", why)


def bench_peers(
    reps: int, target: float, quick: bool, peers: tuple[str, ...] = ("rlcard", "pgx", "mjx")
) -> list[Figure]:
    from pyyijing import _registry
    from pyyijing import mahjong as mj

    batch = 64 if quick else 1024
    procs: dict[str, PeerProcess] = {}
    out: list[Figure] = []
    for peer in peers:  # start every worker first: their imports and warm-ups overlap
        python, why = _interpreter(peer)
        if python is None:
            out.append(_skipped(peer, why))
            continue
        procs[peer] = PeerProcess(python, peer, batch if peer == "pgx" else 1)
    try:
        hellos = {peer: p.wait_ready() for peer, p in procs.items()}
        ready = [peer for peer, h in hellos.items() if h.get("ready")]
        for peer, h in hellos.items():
            if not h.get("ready"):
                out.append(_skipped(peer, str(h.get("skip", h))))

        fn = _registry.load("mahjong", "random", "native")
        config = _registry.load("mahjong", "config", "native")(**mj.Rules("common").core_config())
        ours_moves: list[float] = []  # moves per hand, per call
        counter = [0]

        def ours(n: int) -> int:
            got = fn(config, 11, counter[0], n)
            counter[0] += n
            ours_moves.append(got["moves"] / got["hands"])
            return n

        records: dict[str, list[dict[str, Any]]] = {peer: [] for peer in ready}

        def peer_work(peer: str) -> Any:
            def work(n: int) -> tuple[float, float, float]:
                rec = procs[peer].run(n)
                records[peer].append(rec)
                return float(rec["ops"]), float(rec["seconds"]), float(rec["cpu_seconds"])

            return work

        sides = [Side("ours", ours, start=500)]
        sides += [
            Side(peer, peer_work(peer), start=batch if peer == "pgx" else 1) for peer in ready
        ]
        side_by_side(sides, reps, target)
    finally:
        for p in procs.values():
            p.close()

    by = {s.name: s for s in sides}
    o = by["ours"]
    per_hand = ours_moves[-reps:]
    moves_rates = [r * m for r, m in zip(o.rates, per_hand, strict=False)]
    moves_cpu = [r * m for r, m in zip(o.cpu_rates, per_hand, strict=False)]
    figs = [
        Figure(
            "peers.ours.hands",
            "ours: common hands/s, random legal moves, 1 thread [native]",
            "hands/s",
            o.rates,
            "peers",
            "native random_hands, mj.Rules('common') defaults (報聽 on), measured "
            "interleaved with the peers below",
            {"mean_moves": sum(per_hand) / len(per_hand) if per_hand else None},
            cpu_samples=o.cpu_rates,
        ),
        Figure(
            "peers.ours.moves",
            "ours: common moves/s (the same runs)",
            "moves/s",
            moves_rates,
            "peers",
            "hands/s times the moves per hand of each run (a move: one seat's decision, "
            "passes included)",
            cpu_samples=moves_cpu,
        ),
    ]
    for peer in ready:
        s, h, recs = by[peer], hellos[peer], records[peer][-reps:]
        extra: dict[str, Any] = {k: h[k] for k in ("version", "python", "what") if k in h}
        note = f"{h.get('what', '')} ({peer} {h.get('version', '?')}, Python {h.get('python')})"
        if peer == "pgx":
            hands = [r["hands"] / r["seconds"] for r in recs]
            hands_cpu = [r["hands"] / r["cpu_seconds"] for r in recs]
            figs += [
                Figure(
                    "peers.pgx.steps",
                    f"pgx sparrow_mahjong steps/s (batch {batch}, 1 thread)",
                    "steps/s",
                    s.rates,
                    "peers",
                    note,
                    extra,
                    cpu_samples=s.cpu_rates,
                ),
                Figure(
                    "peers.pgx.hands",
                    "pgx sparrow_mahjong hands/s (terminations, the same runs)",
                    "hands/s",
                    hands,
                    "peers",
                    RULES["pgx"],
                    cpu_samples=hands_cpu,
                ),
                Figure(
                    "peers.pgx.ratio_steps",
                    "ours moves/s / pgx sparrow_mahjong steps/s",
                    "x",
                    ratio_samples(moves_rates, s.rates),
                    "peers",
                    "a move of ours and a pgx step are each one seat's action; pgx batched, "
                    "ours one hand at a time",
                    cpu_samples=ratio_samples(moves_cpu, s.cpu_rates),
                ),
                Figure(
                    "peers.pgx.ratio_hands",
                    "ours / pgx sparrow_mahjong, hands/s",
                    "x",
                    ratio_samples(o.rates, hands),
                    "peers",
                    f"a sparrow hand here is {_per(recs, 'steps', 'hands')} steps, ours "
                    f"{figs[0].extra['mean_moves']:.1f} moves",
                    cpu_samples=ratio_samples(o.cpu_rates, hands_cpu),
                ),
            ]
            continue
        unit = "rounds" if peer == "mjx" else "hands"
        figs += [
            Figure(
                f"peers.{peer}.hands",
                f"{LABEL[peer]} {unit}/s, random agents, 1 process",
                "hands/s",
                s.rates,
                "peers",
                note,
                extra,
                cpu_samples=s.cpu_rates,
            ),
            Figure(
                f"peers.{peer}.ratio",
                f"ours / {LABEL[peer]}, hands/s",
                "x",
                ratio_samples(o.rates, s.rates),
                "peers",
                RULES[peer],
                cpu_samples=ratio_samples(o.cpu_rates, s.cpu_rates),
            ),
        ]
    return figs + out
