"""ValidateMoves from the request's bytes: the native fast paths.

`pyyijing._native.yijingpai.validate_moves_wire` (Yi Jing Pai) and
`pyyijing._native.mahjong.validate_moves_wire` (mahjong) read a serialized
ValidateMovesRequest, replay every position in C++ and write the serialized
response, so no protobuf object is made per item. They only take plain, valid
requests (seed deals, known fields, ASCII moves, within the limits, histories
that replay; every position of one game, and for mahjong of one ruleset, so
the metric labels are the batch's); for anything else they return None and the
servicer answers through the ordinary path (`positions.PositionChecker`),
which words every error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from google.protobuf.message import DecodeError

import pyyijing as yj

from . import convert
from .errors import InvalidArgumentError
from .games import ADAPTERS, GameAdapter

_CACHE_SIZE = 256
_MISSING: Any = object()  # a cache miss (None is a cached "not valid")

#: Fields of the Yi Jing fast path's messages that its parser does not know, on
#: purpose: a request using one is declined by it (as any unknown field is). A
#: mahjong position (`mahjong_rules`) is the mahjong fast path's.
DECLINED_FIELDS: dict[str, int] = {"Position.mahjong_rules": 4}
#: Fields the mahjong fast path declines: `rules` beside `mahjong_rules` is an
#: error the ordinary path words; a wall deal is left to it as in Yi Jing.
MAHJONG_DECLINED_FIELDS: dict[str, int] = {"Position.rules": 1, "Deal.wall": 2}


_ITEM_TAG = b"\x0a"  # field 1, length-delimited: ValidateMovesRequest.requests


def _varint(n: int) -> bytes:
    out = bytearray()
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _native_entry(game: str) -> Callable[..., Any] | None:
    """The native function of `game`, or None when the active backend is not native."""
    if yj.backend() != "native":
        return None
    from pyyijing import _registry  # the one place that knows where a backend's parts live

    entry: Callable[..., Any] = _registry.load(game, "wire", "native")
    return entry


class _GameWire:
    """One game's native fast path: its entry point and its resolved rules messages."""

    def __init__(self, adapter: GameAdapter, entry: Callable[..., Any]) -> None:
        self.adapter = adapter
        self.entry = entry
        self.extra_args = adapter.wire_args()
        # serialized rules message -> (native Config, ruleset label), or None if not valid
        self.rule_sets: dict[bytes, tuple[Any, str] | None] = {}

    def lookup(self, blob: bytes) -> tuple[Any, str] | None:
        """(native Config, ruleset label) of a serialized rules message; None if it is
        not valid."""
        # .get, not `in` then [...]: the engine threads share the cache, and another
        # may clear it between the two
        cached = self.rule_sets.get(blob, _MISSING)
        if cached is not _MISSING:
            found: tuple[Any, str] | None = cached
            return found
        entry: tuple[Any, str] | None
        try:
            rules = self.adapter.rules_from_bytes(blob)
        except (DecodeError, InvalidArgumentError):
            entry = None  # the ordinary path reports it
        else:
            entry = (self.adapter.native_config(rules), self.adapter.labels(rules)[1])
        if len(self.rule_sets) >= _CACHE_SIZE:
            self.rule_sets.clear()
        self.rule_sets[blob] = entry
        return entry

    def validate(
        self, request: bytes, max_batch: int, max_moves: int
    ) -> tuple[bytes, dict[str, int], tuple[str, str]] | None:
        # The batch's ruleset, local to this call: calls run in several threads.
        batch_ruleset = [""]

        def rule_set(blob: bytes) -> Any:
            """The native Config of a rules message; None if it is not valid, or of
            another ruleset than the batch's first (its labels would differ)."""
            found = self.lookup(blob)
            if found is None:
                return None
            config, ruleset = found
            if batch_ruleset[0] and ruleset != batch_ruleset[0]:
                return None
            batch_ruleset[0] = ruleset
            return config

        answer: tuple[bytes, dict[str, int]] | None = self.entry(
            request, max_batch, max_moves, convert.MAX_MOVE_CHARS, rule_set, *self.extra_args
        )
        if answer is None:
            return None
        return answer[0], answer[1], (self.adapter.name, batch_ruleset[0])


class WireValidator:
    def __init__(self, max_batch: int, max_moves: int) -> None:
        self.max_batch = max_batch
        self.max_moves = max_moves
        # Each game with a native entry, in the adapters' order: a request is offered
        # to each in turn, and each declines another game's positions.
        self._games: list[_GameWire] = []
        for adapter in ADAPTERS.values():
            entry = _native_entry(adapter.name)
            if entry is not None:
                self._games.append(_GameWire(adapter, entry))
        self._by_kind = {g.adapter.wire_kind: g for g in self._games}

    @property
    def available(self) -> bool:
        return bool(self._games)

    def resolve(self, kind: bytes, blob: bytes) -> bytes:
        """A rules message resolved for the native front end (service/front.py): b"\\x00"
        when it is not valid (the front end passes its calls on, and the ordinary path
        words the error), else b"\\x01", the ruleset label's length byte and text, and
        the engine config's image (core_cpp/front/validate.cpp reads it). `kind` is the
        game's `wire_kind`."""
        game = self._by_kind.get(kind)
        # any ruleset: the front end checks a batch's are one
        found = game.lookup(blob) if game is not None else None
        if game is None or found is None:
            return b"\x00"
        config, label = found
        image = game.adapter.wire_image(config)
        if image is None:
            return b"\x00"
        name = label.encode()
        return b"\x01" + bytes([len(name)]) + name + bytes(image)

    def validate_one(self, request: bytes) -> tuple[bytes, dict[str, int], tuple[str, str]] | None:
        """`validate` for ValidateMove: its serialized ValidateMoveRequest, checked as a
        batch of one, answered with a serialized ValidateMoveResponse, or None.

        A ValidateMovesRequest is field 1 repeated, each item a ValidateMoveRequest,
        so the request's bytes framed as field 1 are the batch of it alone; and a
        ValidateMovesResponse of one verdict (field 1) is byte for byte the
        ValidateMoveResponse of that verdict (its field 1): no re-encoding either way.
        """
        return self.validate(_ITEM_TAG + _varint(len(request)) + request)

    def validate(self, request: bytes) -> tuple[bytes, dict[str, int], tuple[str, str]] | None:
        """(serialized ValidateMovesResponse, verdict counts by code, (game, ruleset)
        metric labels), or None."""
        for game in self._games:
            answer = game.validate(request, self.max_batch, self.max_moves)
            if answer is not None:
                return answer
        return None
