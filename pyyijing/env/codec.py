"""What a game gives the environments: its action index, its observation planes, its text.

Every environment of `pyyijing.env` (the PettingZoo AEC one, the Gymnasium one)
is written once, over this interface. Each game provides it for one `Rules`
(its spec's ``env`` part is ``make_codec(rules) -> Codec``), so the spaces may
depend on the options (the players, Yi Jing Pai's variant) but never on the
state of a game.

The contract a codec keeps (tests/env checks each clause for every game):

- `action_to_move(a, seat)` and `move_to_action(move)` are inverse bijections
  between ``range(num_actions)`` and the notation's moves of one seat; the index
  never depends on the seat or the state;
- ``legal_mask(game, seat)[a] == 1`` exactly when ``action_to_move(a, seat)`` is in
  ``game.legal_moves(seat)`` (zeros for a seat that is not to act);
- `observe(game, seat)` is a function of what `seat` may know at a real table:
  its own hand (and target), the public moves, the public counters. Another
  seat's concealed tiles or target and the wall order never change it; nor does
  the engine's flow: while some other seat is being offered something (a claim,
  an opening win), `seat` sees the table as a player sees it then (the move was
  made; the next turn has not begun), with no offer, no pending flag and no
  seat to act;
- `planes` documents every row of the observation, in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np


@dataclass(frozen=True)
class Plane:
    """Rows ``start .. start+rows-1`` of the observation: `name`, and what a value means."""

    name: str
    start: int
    rows: int
    meaning: str


class Codec(Protocol):
    """One game's environment parts under one `Rules` (see the module's contract)."""

    #: the environment's name ("yijingpai", "common", "shaoyang", "changsha")
    name: str
    rules: Any
    num_players: int
    num_actions: int
    #: the observation's shape and the largest value of each entry (same shape)
    observation_shape: tuple[int, ...]
    observation_high: np.ndarray
    planes: tuple[Plane, ...]

    def action_to_move(self, action: int, seat: int) -> str:
        """The move of `seat` with index `action` (ValueError outside the range)."""

    def move_to_action(self, move: str) -> int:
        """The index of `move` (``"sN:..."``; ValueError if not a move of the notation)."""

    def legal_mask(self, game: Any, seat: int) -> np.ndarray:
        """An int8 vector of `num_actions`: 1 for the legal moves of `seat` now."""

    def observe(self, game: Any, seat: int) -> np.ndarray:
        """`seat`'s observation (uint8, `observation_shape`)."""

    def render(self, game: Any, seat: int | None) -> str:
        """The table as text (tiles, hexagrams) from `seat`'s view (None: the observer)."""
