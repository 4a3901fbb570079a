"""Checking moves at positions sent in full (ValidateMove, ValidateMoves).

A request's position is its rules, its deal and every move so far. Replaying
that one `Game.apply` at a time costs a Python call per move, so the requests
are converted here and handed to the engine in one call per rule set (the
native backend replays them in C++ without the GIL). Errors are the ones a
replay with `convert.game_from_position` gives, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import convert
from .errors import InvalidArgumentError
from .games import adapter_for
from .games.base import PreparedItem

# Distinct rule sets remembered; a server sees few, so this is never reached
# in practice and only bounds memory against hostile traffic.
_RULES_CACHE_SIZE = 256

#: The verdict of a move: ``(code, message)``; code "ok" means legal.
RawVerdict = tuple[str, str]


class PositionChecker:
    def __init__(self, max_moves: int) -> None:
        self.max_moves = max_moves
        self._rules: dict[bytes, convert.AnyRules] = {}

    def _rules_of(self, position: Any, field: str) -> tuple[bytes, convert.AnyRules]:
        # Two rules fields set is refused here, before the cache can hide it.
        adapter = convert.adapter_of_message(position, f"{field}.")
        message = getattr(position, adapter.rules_field)
        # The key says which game: the same bytes are another game's rules in another field.
        key = adapter.wire_kind + message.SerializeToString(deterministic=True)
        rules = self._rules.get(key)
        if rules is None:  # errors are not cached
            rules = adapter.rules_from_proto(message, f"{field}.{adapter.rules_field}")
            if len(self._rules) >= _RULES_CACHE_SIZE:
                self._rules.clear()
            self._rules[key] = rules
        return key, rules

    def _item(
        self, position: Any, move: str, field: str
    ) -> tuple[bytes, convert.AnyRules, PreparedItem]:
        key, rules = self._rules_of(position, field)
        moves = position.moves
        if position.deal.WhichOneof("source") == "seed":  # a uint64: always a valid seed
            convert.check_moves_length(moves, f"{field}.moves", self.max_moves)
            return key, rules, (position.deal.seed, None, -1, list(moves), move)
        spec = convert.deal_from_proto(position.deal, rules, f"{field}.deal")
        convert.check_moves_length(moves, f"{field}.moves", self.max_moves)
        assert spec.wall is not None
        assert spec.dealer is not None
        return key, rules, (None, spec.wall, spec.dealer, list(moves), move)

    def check(
        self, requests: Sequence[tuple[Any, str]], field_of: Callable[[int], str]
    ) -> list[RawVerdict]:
        """The verdict of each ``(position, move)``; INVALID_ARGUMENT for the first
        request (in order) whose position is malformed or does not replay.
        `field_of(k)` is the field path of request k's position."""
        groups: dict[bytes, tuple[convert.AnyRules, list[int], list[PreparedItem]]] = {}
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
        if len(groups) == 1 and stopped is None:  # the usual case: one rule set
            ((rules, _, items),) = groups.values()
            checks = _check_group(rules, items)
        else:
            checks = [(-2, "", "")] * len(requests)  # -2: not checked
            for rules, ks, items in groups.values():
                for k, result in zip(ks, _check_group(rules, items), strict=True):
                    checks[k] = result
        verdicts: list[RawVerdict] = []
        for k, (bad, code, message) in enumerate(checks):
            if bad == -2:  # requests from the malformed one on
                break
            if bad >= 0:
                raise _replay_error(requests[k][0].moves[bad], bad, code, message, field_of(k))
            verdicts.append((code, message))
        if stopped is not None:
            raise stopped
        return verdicts


def _check_group(rules: convert.AnyRules, items: list[PreparedItem]) -> list[tuple[int, str, str]]:
    """The checks of items with the same rules, by the engine of their game."""
    return adapter_for(rules).check_prepared(rules, items)


def _replay_error(move: str, j: int, code: str, message: str, field: str) -> InvalidArgumentError:
    """What `convert.replay_moves` says about the same history."""
    where = f"{field}.moves[{j}]"
    if len(move) > convert.MAX_MOVE_CHARS:
        return InvalidArgumentError.one(where, f"move is {len(move)} characters long")
    return InvalidArgumentError.one(where, f"{move!r} is illegal here: {code}: {message}")
