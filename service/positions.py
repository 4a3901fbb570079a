"""Checking moves at positions sent in full (ValidateMove, ValidateMoves).

A request's position is its rules, its deal and every move so far. Replaying
that one `Game.apply` at a time costs a Python call per move, so the requests
are converted here and handed to `yj.validate_positions` in one call (the
native backend replays them in C++ without the GIL). Errors are the same as a
replay with `convert.game_from_position` would give, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pyyijing as yj
from pyyijing.positions import Deal

from . import convert
from .errors import InvalidArgumentError

# Distinct rule sets remembered; a server sees few, so this is never reached
# in practice and only bounds memory against hostile traffic.
_RULES_CACHE_SIZE = 256


class PositionChecker:
    def __init__(self, max_moves: int) -> None:
        self.max_moves = max_moves
        self._rules: dict[bytes, yj.Rules] = {}

    def _rules_of(self, msg: Any, field: str) -> tuple[bytes, yj.Rules]:
        key = msg.SerializeToString(deterministic=True)
        rules = self._rules.get(key)
        if rules is None:
            rules = convert.rules_from_proto(msg, field)  # errors are not cached
            if len(self._rules) >= _RULES_CACHE_SIZE:
                self._rules.clear()
            self._rules[key] = rules
        return key, rules

    def _item(self, position: Any, move: str, field: str) -> tuple[bytes, yj.Rules, Any]:
        key, rules = self._rules_of(position.rules, f"{field}.rules")
        if position.deal.WhichOneof("source") == "seed":
            deal: Deal = position.deal.seed
        else:
            spec = convert.deal_from_proto(position.deal, rules, f"{field}.deal")
            assert spec.wall is not None
            assert spec.dealer is not None
            deal = (spec.wall, spec.dealer)
        moves = position.moves
        convert.check_moves_length(moves, f"{field}.moves", self.max_moves)
        return key, rules, (deal, list(moves), move)

    def check(
        self, requests: Sequence[tuple[Any, str]], field_of: Callable[[int], str]
    ) -> list[yj.Verdict]:
        """The verdict of each ``(position, move)``; INVALID_ARGUMENT for the first
        request (in order) whose position is malformed or does not replay.
        `field_of(k)` is the field path of request k's position."""
        groups: dict[bytes, tuple[yj.Rules, list[int], list[Any]]] = {}
        stopped: InvalidArgumentError | None = None
        for k, (position, move) in enumerate(requests):
            try:
                key, rules, item = self._item(position, move, field_of(k))
            except InvalidArgumentError as exc:
                stopped = exc  # raised below unless an earlier request fails its replay
                break
            group = groups.get(key)
            if group is None:
                group = groups[key] = (rules, [], [])
            group[1].append(k)
            group[2].append(item)
        checks: list[yj.PositionCheck | None] = [None] * len(requests)
        for rules, ks, items in groups.values():
            for k, result in zip(ks, yj.validate_positions(rules, items), strict=True):
                checks[k] = result
        verdicts: list[yj.Verdict] = []
        for k, result in enumerate(checks):
            if result is None:  # requests from the malformed one on
                break
            if result.bad_move is not None:
                raise _replay_error(requests[k][0].moves, result, f"{field_of(k)}.moves")
            verdicts.append(result.verdict)
        if stopped is not None:
            raise stopped
        return verdicts


def _replay_error(moves: Any, result: yj.PositionCheck, field: str) -> InvalidArgumentError:
    """What `convert.replay_moves` says about the same history."""
    j = result.bad_move
    assert j is not None
    move = moves[j]
    if len(move) > convert.MAX_MOVE_CHARS:
        return InvalidArgumentError.one(f"{field}[{j}]", f"move is {len(move)} characters long")
    v = result.verdict
    return InvalidArgumentError.one(
        f"{field}[{j}]", f"{move!r} is illegal here: {v.code}: {v.message}"
    )
