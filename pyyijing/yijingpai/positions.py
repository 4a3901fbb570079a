"""`validate_positions`: check moves at many positions given in full, in one call.

A stateless referee (the gRPC service, a game server that keeps no engine
state) receives each position as its deal plus the moves played so far. Doing
the replays one `Game.apply` at a time costs a Python call per move; this
hands a whole batch to the backend at once (the native one replays in C++
with the GIL released). docs/yijing.md "Batch validation" is the reference.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..core.moves import core_move, core_moves
from ..core.seeds import check_seed
from ..errors import Verdict
from . import engine as _engine
from .game import _check_seat, check_wall
from .reasons import MESSAGES
from .rules import Rules

#: A deal: a seed (its dice pick the dealer), or an exact wall and its dealer.
Deal = int | tuple[str, int]


class PositionCheck(NamedTuple):
    """The outcome for one position.

    ``bad_move`` None: the position is reachable and ``verdict`` is the verdict
    of the move asked about. Otherwise ``bad_move`` is the index of the first
    move of the history that is not legal, and ``verdict`` says why.
    """

    bad_move: int | None
    verdict: Verdict


#: An item in the backends' form (docs/backend-interface.md `check_positions`):
#: ``(seed, None, -1, moves, move)`` or ``(None, wall, dealer, moves, move)``.
PreparedItem = tuple[int | None, str | None, int, list[str], str]


def _engine_item(rules: Rules, i: int, item: Any) -> PreparedItem:
    try:
        deal, moves, move = item
    except (TypeError, ValueError):
        raise TypeError(f"items[{i}] must be a (deal, moves, move) tuple") from None
    if isinstance(deal, tuple):
        if len(deal) != 2:
            raise TypeError(f"items[{i}]: a wall deal is a (wall, dealer) tuple")
        wall, dealer = deal
        seed = None
        wall = check_wall(rules, wall)
        dealer = _check_seat(rules, dealer, allow_none=False)
    else:
        seed, wall, dealer = check_seed(deal), None, -1
    if isinstance(moves, str) or not isinstance(moves, Sequence):
        raise TypeError(f"items[{i}]: moves must be a sequence of str")
    history = core_moves(moves if type(moves) is list else list(moves))
    return (seed, wall, dealer, history, core_move(move))


def validate_positions(
    rules: Rules, items: Iterable[tuple[Deal, Sequence[str], str]], *, backend: str | None = None
) -> list[PositionCheck]:
    """Replay each ``(deal, moves, move)`` under `rules` and check ``move`` there.

    ``deal`` is an int seed (``Game(rules, seed=deal)``) or a ``(wall, dealer)``
    tuple (``Game(rules, wall=..., dealer=...)``). The answer for an item equals
    replaying it with `Game` and calling `Game.validate`; a history move that
    is not legal stops that item's replay (see `PositionCheck`).

    A move that is not a str is malformed, in the history or asked about (it
    comes from a player). Raises TypeError for items of the wrong shape and
    ValueError for a bad seed, wall or dealer; nothing is checked half-way.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a pyyijing.Rules; got {type(rules).__name__}")
    batch = [_engine_item(rules, i, item) for i, item in enumerate(items)]
    return [
        PositionCheck(None if bad < 0 else bad, Verdict(code == "ok", code, message))
        for bad, code, message in check_prepared(rules, batch, backend=backend)
    ]


def engine_config(rules: Rules, *, backend: str | None = None) -> Any:
    """The Config of `rules` for `backend`'s engine (docs/backend-interface.md ``Config``):
    ``Config(**rules.core_config())``, the one value every backend entry point takes."""
    return _engine.engine(backend).config(rules)


def check_prepared(
    rules: Rules, batch: list[PreparedItem], *, backend: str | None = None
) -> list[tuple[int, str, str]]:
    """`validate_positions` for items already checked, in the backends' form.

    For trusted callers that have validated seeds, walls and dealers themselves
    (the service does, to report errors by request field) and want the raw
    ``(bad_move, code, message)`` answers without per-item objects: ``bad_move``
    is -1 where `validate_positions` says None.
    """
    engine = _engine.engine(backend)
    result: list[tuple[int, str, str]] = engine.check_positions(engine.config(rules), batch)
    if engine.name == "native":
        return result  # the C++ core words its verdicts from the same table (reasons.py)
    return [(bad, code, MESSAGES.get(code, message)) for bad, code, message in result]
