"""Yi Jing Pai's codec for the environments (`pyyijing.env.codec`; docs/env-yijingpai.md).

The action index is `env_actions`, the observation planes `env_observation`;
this module joins them for one `Rules` and draws the table as text.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..env.codec import Plane
from .env_actions import ActionIndex
from .env_observation import ObservationEncoder, public_phase
from .iching import Hexagram
from .rules import Rules

NAME = "yijingpai"

# docs/env-yijingpai.md "Render": how a line is drawn (a taiji carries ☯).
_DRAWN = {"1": "━━━", "0": "━ ━", "+": "━☯━", "-": "☯ ☯"}


class YijingpaiCodec:
    """`pyyijing.env.codec.Codec` for Yi Jing Pai under `rules`."""

    name = NAME

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a pyyijing.Rules; got {type(rules).__name__}")
        self.rules = rules
        self.num_players: int = rules.players
        self._actions = ActionIndex(rules.players, rules.play_size)
        self._encoder = ObservationEncoder(rules)
        self.num_actions: int = self._actions.size
        self.observation_shape: tuple[int, ...] = self._encoder.shape
        self.observation_high: np.ndarray = self._encoder.high
        self.planes: tuple[Plane, ...] = self._encoder.planes

    def action_to_move(self, action: int, seat: int) -> str:
        return self._actions.action_to_move(action, seat)

    def move_to_action(self, move: str) -> int:
        return self._actions.move_to_action(move)

    def legal_mask(self, game: Any, seat: int) -> np.ndarray:
        mask = np.zeros(self.num_actions, np.int8)
        index = self._actions.index
        for move in game.legal_moves(seat):
            mask[index[move.partition(":")[2]]] = 1
        return mask

    def observe(self, game: Any, seat: int) -> np.ndarray:
        return self._encoder.encode(game, seat)

    def render(self, game: Any, seat: int | None) -> str:
        return render_table(game.view(seat), self.rules)


def make_codec(rules: Rules) -> YijingpaiCodec:
    """The codec of `rules` (the registry's ``env`` part, `pyyijing.yijingpai.spec`)."""
    return YijingpaiCodec(rules)


def draw_lines(lines: str) -> str:
    """Lines bottom (line 1) to top, each drawn ``━━━`` yang / ``━ ━`` yin."""
    return " ".join(_DRAWN[c] for c in lines)


def named(lines: str) -> str:
    """A whole hexagram: its lines drawn, its glyph, King Wen number and name."""
    h = Hexagram.from_lines(lines.replace("+", "1").replace("-", "0"))
    return f"{draw_lines(lines)}  {h.unicode} {h.king_wen} {h.name} {h.name_en}"


def render_table(view: dict[str, Any], rules: Rules) -> str:
    """The table of `view` as text: what its viewer may see, the claim phase only to the
    seat being offered (`public_phase`)."""
    viewer = view["viewer"]
    phase = public_phase(view, rules.play_size)
    head = (
        f"Yi Jing Pai {rules.variant}, {rules.players} players | phase {phase}"
        f" | wall {view['wall_remaining']} | dealer s{view['dealer']}"
    )
    if phase == "claim":
        head += " | you are offered a claim on the last play"
    out = [head]
    last = view["last_play"]
    if last is not None:
        out.append(
            f"last: s{last['seat']} {last['kind']} {draw_lines(last['lines'])} @{last['placement']}"
        )
    for info in view["seats"]:
        s = info["seat"]
        mark = " (you)" if s == viewer else ""
        laid = "target laid" if info["target_laid"] else "no target yet"
        out.append(f"s{s}{mark}: {info['hand_count']} tiles, {laid}")
        if s == viewer:
            out.append(f"  hand: {info['hand'] or '-'}")
            target = info["target"]
            out.append(f"  target: {named(target) if target else '-'}")
        progress = info["in_progress"]
        out.append(f"  in progress: {draw_lines(progress) if progress else '-'}")
        for lines in info["completed"]:
            out.append(f"  completed: {named(lines)}")
    result = view["result"]
    if result is not None:
        out.append(f"result: {result['kind']}, payments {result['payments']}")
    return "\n".join(out)
