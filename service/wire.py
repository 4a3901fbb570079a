"""ValidateMoves from the request's bytes: the native fast path.

`pyyijing._native.yijingpai.validate_moves_wire` reads a serialized ValidateMovesRequest,
replays every position in C++ and writes the serialized response, so no
protobuf object is made per item. It only takes plain, valid requests (seed
deals, known fields, ASCII moves, within the limits, histories that replay:
Yi Jing Pai only, a mahjong position has a field it declines);
for anything else it returns None and the servicer answers through the
ordinary path (`positions.PositionChecker`), which words every error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from google.protobuf.message import DecodeError

import pyyijing as yj
from pyyijing.yijingpai.positions import engine_config

from . import convert
from .convert import pb2
from .errors import InvalidArgumentError

_CACHE_SIZE = 256

#: Fields of the fast path's messages that its parser does not know, on purpose:
#: a request using one is declined (as any unknown field is) and answered by the
#: ordinary path. A mahjong position (`mahjong_rules`) is checked by the mahjong
#: engine there (service/games/mahjong.py), not by the native Yi Jing replay.
DECLINED_FIELDS: dict[str, int] = {"Position.mahjong_rules": 4}


def _native_entry() -> Callable[..., Any] | None:
    """The native function, or None when the active backend is not native."""
    if yj.backend() != "native":
        return None
    from pyyijing import _registry  # the one place that knows where a backend's parts live

    entry: Callable[..., Any] = _registry.load("yijingpai", "wire", "native")
    return entry


class WireValidator:
    def __init__(self, max_batch: int, max_moves: int) -> None:
        self.max_batch = max_batch
        self.max_moves = max_moves
        self._entry = _native_entry()
        self._rule_sets: dict[bytes, Any] = {}  # native Config, or None

    @property
    def available(self) -> bool:
        return self._entry is not None

    def _rule_set(self, blob: bytes) -> Any:
        """The native engine Config of a serialized Rules message; None if it is not valid."""
        if blob in self._rule_sets:
            return self._rule_sets[blob]
        try:
            rules = convert.rules_from_proto(pb2.Rules.FromString(blob))
        except (DecodeError, InvalidArgumentError):
            args: Any = None  # the ordinary path reports it
        else:
            args = engine_config(rules, backend="native")
        if len(self._rule_sets) >= _CACHE_SIZE:
            self._rule_sets.clear()
        self._rule_sets[blob] = args
        return args

    def validate(self, request: bytes) -> tuple[bytes, dict[str, int]] | None:
        """(serialized ValidateMovesResponse, verdict counts by code), or None."""
        if self._entry is None:
            return None
        result: tuple[bytes, dict[str, int]] | None = self._entry(
            request, self.max_batch, self.max_moves, convert.MAX_MOVE_CHARS, self._rule_set
        )
        return result
