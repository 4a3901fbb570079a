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
from pyyijing.mahjong.game import parts as mahjong_parts
from pyyijing.mahjong.reasons import MESSAGES as MAHJONG_MESSAGES
from pyyijing.yijingpai.positions import engine_config

from . import convert
from .convert import pb2
from .errors import InvalidArgumentError
from .games import mahjong

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


def _native_module(game: str) -> Any:
    from pyyijing._native import mahjong, yijingpai  # the native backend is active (above)

    return {"yijingpai": yijingpai, "mahjong": mahjong}[game]


class WireValidator:
    def __init__(self, max_batch: int, max_moves: int) -> None:
        self.max_batch = max_batch
        self.max_moves = max_moves
        self._entry = _native_entry("yijingpai")
        self._rule_sets: dict[bytes, Any] = {}  # native Config, or None
        self._mj_entry = _native_entry("mahjong")
        self._mj_rule_sets: dict[bytes, tuple[Any, str] | None] = {}  # (Config, ruleset)

    @property
    def available(self) -> bool:
        return self._entry is not None

    def _rule_set(self, blob: bytes) -> Any:
        """The native engine Config of a serialized Rules message; None if it is not valid."""
        # .get, not `in` then [...]: the engine threads share the cache, and another
        # may clear it between the two
        cached = self._rule_sets.get(blob, _MISSING)
        if cached is not _MISSING:
            return cached
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

    def _mj_lookup(self, blob: bytes) -> tuple[Any, str] | None:
        """(native Config, ruleset label) of a serialized MahjongRules message; None if
        it is not valid."""
        cached = self._mj_rule_sets.get(blob, _MISSING)  # (shared by threads: as above)
        if cached is not _MISSING:
            found: tuple[Any, str] | None = cached
            return found
        entry: tuple[Any, str] | None
        try:
            msg = pb2.MahjongRules.FromString(blob)
            rules = mahjong.rules_from_proto(msg)
            config = mahjong_parts("native").Config(**rules.core_config())
        except (DecodeError, InvalidArgumentError):
            entry = None  # the ordinary path reports it
        else:
            entry = (config, mahjong.ruleset_label(msg))
        if len(self._mj_rule_sets) >= _CACHE_SIZE:
            self._mj_rule_sets.clear()
        self._mj_rule_sets[blob] = entry
        return entry

    def resolve(self, kind: bytes, blob: bytes) -> bytes:
        """A rules message resolved for the native front end (service/front.py): b"\\x00"
        when it is not valid (the front end passes its calls on, and the ordinary path
        words the error), else b"\\x01", the ruleset label's length byte and text, and
        the engine config's image (core_cpp/front/validate.cpp reads it)."""
        label = ""
        config: Any = None
        if kind == b"Y" and self._entry is not None:
            config = self._rule_set(blob)
            image = None if config is None else _native_module("yijingpai").wire_image(config)
        elif kind == b"M" and self._mj_entry is not None:
            found = self._mj_lookup(blob)  # any ruleset: the front end checks a batch's are one
            config, label = found if found is not None else (None, "")
            image = None if config is None else _native_module("mahjong").wire_image(config)
        else:
            image = None
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
        if self._entry is not None:
            yp: tuple[bytes, dict[str, int]] | None = self._entry(
                request, self.max_batch, self.max_moves, convert.MAX_MOVE_CHARS, self._rule_set
            )
            if yp is not None:
                return yp[0], yp[1], ("yijingpai", "")
        if self._mj_entry is not None:
            # The batch's ruleset, local to this call: calls run in several threads.
            batch_ruleset = [""]

            def rule_set(blob: bytes) -> Any:
                """The native Config of a rules message; None if it is not valid, or of
                another ruleset than the batch's first (its labels would differ)."""
                found = self._mj_lookup(blob)
                if found is None:
                    return None
                config, ruleset = found
                if batch_ruleset[0] and ruleset != batch_ruleset[0]:
                    return None
                batch_ruleset[0] = ruleset
                return config

            mj: tuple[bytes, dict[str, int]] | None = self._mj_entry(
                request,
                self.max_batch,
                self.max_moves,
                convert.MAX_MOVE_CHARS,
                rule_set,
                MAHJONG_MESSAGES,
            )
            if mj is not None:
                return mj[0], mj[1], (mahjong.NAME, batch_ruleset[0])
        return None
