"""Mahjong rows of the service section (issue 17): ValidateMove p50/p99 at
1,000 req/s and ValidateMoves moves/s on mid-hand mahjong positions.

Draft (deadline): not yet wired into benchmarks/run.py's service section or its
FLOORS; the Simulate row (service vs in-process yj.simulate) is not written yet.
Positions: seeded hands of heuristic bots (mj.play_bots) stopped at move 30,
common and Changsha; candidates mix every legal move with illegal ones.
"""

from __future__ import annotations

import random
from typing import Any

RULESETS = (("common", 1), ("changsha", 3))


def mahjong_requests(pb2: Any, seeds: range, stop: int = 30) -> list[Any]:
    """ValidateMoveRequests at mid-hand positions, legal and illegal moves mixed."""
    from pyyijing import mahjong as mj

    rng = random.Random(17)
    out = []
    for name, number in RULESETS:
        rules = mj.Rules(name)
        for s in seeds:
            full = mj.play_bots(rules, s, ("heuristic",) * 4)
            g = mj.Game(rules, seed=s)
            for m in full.moves[:stop]:
                g.apply(m)
            pos = pb2.Position(
                mahjong_rules=pb2.MahjongRules(ruleset=number),
                deal=pb2.Deal(seed=s),
                moves=list(g.moves),
            )
            legal = list(g.legal_moves())
            illegal = ["s0:pass", "s1:discard=1m", "s9:pass", "junk"]
            for i in range(8):
                move = rng.choice(legal) if i % 2 == 0 else illegal[i // 2]
                out.append(pb2.ValidateMoveRequest(position=pos, move=move))
    rng.shuffle(out)
    return out
