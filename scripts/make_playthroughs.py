"""Write the golden playthroughs: complete random games, every step pinned.

Run after a deliberate change of rule behaviour (and bump RULES_VERSION):
    .venv/bin/python scripts/make_playthroughs.py
Each file holds the game record and, for every move, the phase, the seats to
act and the legal moves before it, so tests/yijingpai/test_golden_playthroughs.py sees
any change of behaviour at the first move where it happens.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pyyijing as yj

OUT = Path(__file__).resolve().parent.parent / "tests" / "golden" / "playthroughs"

# name -> (rules, seed or the result kind to search seeds for); chosen to cover a
# self-draw, a dealt-in win, a draw, pongs (in turn and claimed), the simple
# variant, 2/3 players and the 162 deck.
GAMES = {
    "standard_4p": (yj.Rules(), 1),
    "standard_4p_b": (yj.Rules(), 2),
    "standard_4p_c": (yj.Rules(), 3),
    "standard_4p_self_draw": (yj.Rules(), "self_draw"),
    "simple_4p": (yj.Rules(variant="simple"), 4),
    "standard_2p_162": (yj.Rules(players=2, deck=162), 5),
    "standard_3p_advanced": (yj.Rules(players=3, win_conditions=yj.WIN_CONDITIONS), 6),
    "simple_3p_no_taiji_split": (
        yj.Rules(variant="simple", players=3, taiji="none", self_draw_payment="split"),
        7,
    ),
}


def playthrough(rules: yj.Rules, seed: int, backend: str | None = None) -> dict[str, object]:
    rng = random.Random(seed)
    g = yj.Game(rules, seed=seed, backend=backend)
    steps = []
    while g.phase != "over":
        legal = g.legal_moves()
        move = rng.choice(legal)
        steps.append({"phase": g.phase, "to_act": g.to_act, "legal": legal, "move": move})
        g.apply(move)
    return {"record": g.record(), "steps": steps}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (rules, seed_or_kind) in GAMES.items():
        if isinstance(seed_or_kind, int):
            data = playthrough(rules, seed_or_kind, "native")
        else:  # the first seed whose random game ends this way
            data = next(
                d
                for d in (playthrough(rules, seed, "native") for seed in range(1000))
                if d["record"]["result"]["kind"] == seed_or_kind
            )
        data["record"]["engine_version"] = "any"  # the engine version may change freely
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        result = data["record"]["result"]
        print(f"{path.name}: {len(data['steps'])} moves, {result['kind']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
