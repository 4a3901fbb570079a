"""Mahjong's codec for the environments (`pyyijing.env`): actions, observations, text.

``make_codec(rules)`` gives the `pyyijing.env.codec.Codec` of one ruleset with its
options; the registry's spec names it. The action layout is
`pyyijing.mahjong.env_actions` (the same for every ruleset), the observation
`pyyijing.mahjong.env_observation` (built from the seat's own view, with the
offer phases shown as a seat not offered sees them). docs/env-mahjong.md is the
page of the three environments.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..env.codec import Plane
from . import env_actions, env_observation
from .rules import Rules


class MahjongCodec:
    """The `Codec` of one mahjong `Rules` (see pyyijing/env/codec.py for the contract)."""

    num_players = 4
    num_actions = env_actions.NUM_ACTIONS
    planes: tuple[Plane, ...] = env_observation.PLANES
    observation_shape: tuple[int, ...] = (env_observation.ROWS, env_observation.WIDTH)

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a pyyijing.mahjong.Rules; got {type(rules).__name__}")
        self.rules = rules
        self.name: str = rules.ruleset
        self.observation_high: np.ndarray = env_observation.observation_high(rules.tiles)

    def action_to_move(self, action: int, seat: int) -> str:
        return env_actions.action_to_move(action, seat)

    def move_to_action(self, move: str) -> int:
        return env_actions.move_to_action(move)

    def legal_mask(self, game: Any, seat: int) -> np.ndarray:
        return env_actions.legal_mask(game.legal_moves(seat))

    def observe(self, game: Any, seat: int) -> np.ndarray:
        return env_observation.encode(game.view(seat), seat, seat in game.to_act)

    def render(self, game: Any, seat: int | None) -> str:
        return render_table(game, seat)

    def __repr__(self) -> str:
        return f"<mahjong codec {self.rules!r}>"


def make_codec(rules: Rules) -> MahjongCodec:
    """The codec of `rules` (the registry's ``env`` part of mahjong)."""
    return MahjongCodec(rules)


def _meld_text(meld: dict[str, Any]) -> str:
    tiles = meld["tiles"] or "????"  # another seat's concealed kong
    return f"[{tiles}]" if meld["kind"] == "concealed_kong" else tiles


def render_table(game: Any, seat: int | None) -> str:
    """The table as plain text from `seat`'s view (None: a watcher, who sees no hand).

    The flow is shown as the observation shows it: a seat not being offered (and a
    watcher) sees no offer phase (`env_observation.table_flow`).
    """
    view = game.view(seat)
    acting = seat is not None and seat in game.to_act
    flow = env_observation.table_flow(view, acting)
    head = f"{game.rules.ruleset}  phase {flow.phase}  wall {view['wall_remaining']}"
    if flow.turn is not None:
        head += f"  turn s{flow.turn}"
    if flow.offer is not None:
        offer = flow.offer
        head += f"  offer {offer['kind']} of s{offer['seat']}: {offer['tile'] or '??'}"
    if flow.open_shown:
        head += "  face up " + " ".join(flow.open_shown)
    lines = [head]
    for entry in view["seats"]:
        s = entry["seat"]
        marks = " dealer" if s == view["dealer"] else ""
        if entry["declared"]:
            marks += " ready"
        elif entry["locked"]:
            marks += " locked"
        if entry["void"] is not None:
            marks += f" void={entry['void']}"
        if entry["raise"] is not None:
            marks += f" raise={entry['raise']}"
        discards = " ".join(d["tile"] + ("*" if d["claimed"] else "") for d in entry["discards"])
        parts = [
            f"s{s}{marks}",
            f"tiles {entry['hand_count']}",
            "melds " + (" ".join(_meld_text(m) for m in entry["melds"]) or "-"),
            "discards " + (discards or "-"),
        ]
        if entry["flowers"]:
            parts.append("flowers " + " ".join(entry["flowers"]))
        if entry["revealed"]:
            parts.append("shown " + " ".join(r["tiles"] for r in entry["revealed"]))
        if s == seat and entry["hand"]:
            drawn = f" (drew {entry['drawn']})" if entry["drawn"] else ""
            parts.append(f"hand {entry['hand']}{drawn}")
        lines.append("  ".join(parts))
    return "\n".join(lines)
