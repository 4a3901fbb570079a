"""The native ValidateMoves fast path (pyyijing/service/wire.py) against the ordinary path.

It must give byte-for-byte the same verdicts for every request it takes, and
take none that the ordinary path would refuse (it returns None for those)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from support.bytemutation import mutate

import pyyijing as yj
from pyyijing.service.convert import MAX_MOVE_CHARS
from pyyijing.service.positions import PositionChecker
from pyyijing.service.wire import WireValidator

pytestmark = pytest.mark.skipif(yj.backend() != "native", reason="the fast path is native only")

RULES = [
    ({}, yj.Rules()),
    ({"players": 2}, yj.Rules(players=2)),
    ({"variant": 2, "players": 3, "deck": 2}, yj.Rules(variant="simple", players=3, deck=162)),
    ({"taiji": 2, "self_draw_payment": 2}, yj.Rules(taiji="none", self_draw_payment="split")),
    ({"win_conditions": [1, 2, 3, 4, 5, 6]}, yj.Rules(win_conditions=yj.WIN_CONDITIONS)),
]


def _ordinary(h: Any, request: Any) -> tuple[bytes, dict[str, int]]:
    """What the servicer's ordinary path answers (positions.PositionChecker)."""
    verdicts = PositionChecker(1000).check(
        [(it.position, it.move) for it in request.requests], lambda k: f"requests[{k}].position"
    )
    resp = h.pb2.ValidateMovesResponse()
    for code, message in verdicts:
        resp.verdicts.add(ok=code == "ok", code=code, message=message)
    return resp.SerializeToString(), dict(Counter(code for code, _ in verdicts))


def _random_request(h: Any, rng: random.Random, n: int) -> Any:
    items = []
    for _ in range(n):
        fields, rules = rng.choice(RULES)
        seed = rng.choice([rng.randrange(2**64), rng.randrange(100)])
        g = yj.Game(rules, seed=seed)
        stop = rng.randrange(0, 80)
        while g.phase != "over" and len(g.moves) < stop:
            g.apply(rng.choice(g.legal_moves()))
        legal = g.legal_moves() or ["s0:pass"]
        move = rng.choice(
            [
                rng.choice(legal),
                "s0:pass",
                "s9:play=10",
                "garbage",
                "",
                "s1:" + "1" * 300,
            ]
        )
        pos = h.pb2.Position(rules=h.pb2.Rules(**fields), deal=h.pb2.Deal(seed=seed), moves=g.moves)
        items.append(h.pb2.ValidateMoveRequest(position=pos, move=move))
    return h.pb2.ValidateMovesRequest(requests=items)


@pytest.mark.parametrize("seed", range(6))
def test_same_bytes_as_the_ordinary_path(h: Any, seed: int) -> None:
    rng = random.Random(seed)
    wire = WireValidator(max_batch=256, max_moves=1000)
    for n in (1, 7, 64):
        request = _random_request(h, rng, n)
        fast = wire.validate(request.SerializeToString())
        assert fast is not None
        assert fast[:2] == _ordinary(h, request)
        assert fast[2] == ("yijingpai", "")


def test_empty_request(h: Any) -> None:
    assert WireValidator(256, 1000).validate(b"") == (b"", {}, ("yijingpai", ""))


def _item(h: Any, **position: Any) -> Any:
    return h.pb2.ValidateMoveRequest(position=h.pb2.Position(**position), move="s0:pass")


def test_requests_left_to_the_ordinary_path(h: Any) -> None:
    g = h.random_game(3, stop_at=12)
    good = _item(h, deal=h.pb2.Deal(seed=3), moves=g.moves)
    good_bytes = h.pb2.ValidateMovesRequest(requests=[good]).SerializeToString()
    wall, _ = yj.shuffle_wall(3)
    wire = WireValidator(max_batch=4, max_moves=10)
    assert (
        wire.validate(
            h.pb2.ValidateMovesRequest(
                requests=[_item(h, deal=h.pb2.Deal(seed=3))]
            ).SerializeToString()
        )
        is not None
    )
    cases = {
        "over max_moves": [good],
        "wall deal": [_item(h, deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=wall, dealer=0)))],
        "no deal": [_item(h)],
        "no position": [h.pb2.ValidateMoveRequest(move="s0:pass")],
        "bad rules": [_item(h, rules=h.pb2.Rules(players=9), deal=h.pb2.Deal(seed=1))],
        "history does not replay": [_item(h, deal=h.pb2.Deal(seed=3), moves=["s0:bogus"])],
        "history move too long": [
            _item(h, deal=h.pb2.Deal(seed=3), moves=["s0:" + "1" * MAX_MOVE_CHARS])
        ],
        "non-ASCII history move": [_item(h, deal=h.pb2.Deal(seed=3), moves=["s0:target=１"])],
        "non-ASCII move": [
            h.pb2.ValidateMoveRequest(
                position=h.pb2.Position(deal=h.pb2.Deal(seed=3)), move="s0:play=1０"
            )
        ],
        "over max_batch": [_item(h, deal=h.pb2.Deal(seed=3))] * 5,
    }
    for why, items in cases.items():
        data = h.pb2.ValidateMovesRequest(requests=items).SerializeToString()
        assert wire.validate(data) is None, why
    big = WireValidator(max_batch=4, max_moves=1000)
    assert big.validate(good_bytes) is not None
    # max_moves is inclusive, as in the ordinary path
    assert WireValidator(4, len(g.moves)).validate(good_bytes) is not None
    assert WireValidator(4, len(g.moves) - 1).validate(good_bytes) is None
    # encodings the ordinary path accepts but the fast path does not take
    unknown_field = good_bytes + b"\x10\x01"  # field 2 (varint) at the top level
    item = good.SerializeToString()
    for why, data in {
        "unknown field": unknown_field,
        "truncated": good_bytes[:-1],
        "not protobuf": b"\xff\xff\xff",
        # position and move twice in one item: protobuf merges them
        "fields repeated": _len_field(1, item + item),
    }.items():
        assert big.validate(data) is None, why
    assert big.validate(_len_field(1, item)) is not None  # the same helper, once


def _len_field(number: int, payload: bytes) -> bytes:
    """A length-delimited protobuf field."""
    out = bytearray([number << 3 | 2])
    n = len(payload)
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out) + payload


def test_mutated_bytes_never_disagree(h: Any) -> None:
    """Random byte flips, truncations and splices of valid requests: the fast path
    either declines (None) or answers exactly as the ordinary path does on the
    same bytes (which must then parse)."""
    rng = random.Random(99)
    wire = WireValidator(max_batch=256, max_moves=1000)
    base = [_random_request(h, rng, n).SerializeToString() for n in (1, 3, 8)]
    taken = 0
    for i in range(20000):
        data = mutate(rng.choice(base), rng, base)
        fast = wire.validate(data)
        if fast is None:
            continue
        taken += 1
        request = h.pb2.ValidateMovesRequest.FromString(data)
        assert fast[:2] == _ordinary(h, request), i
    assert taken > 100, taken  # many mutations (e.g. inside a move's text) stay valid requests


def test_the_fast_path_knows_every_field_of_its_messages() -> None:
    """The native parser's field numbers are the .proto's, and it knows every field there is.

    A field added to one of these messages fails here until the parser in
    core_cpp/bindings/yijingpai_wire_bindings.cpp is taught about it, or it is listed in
    pyyijing/service/wire.py's DECLINED_FIELDS (a field whose requests belong on the
    ordinary path: mahjong positions): without that, every request using the
    field would silently take the slow path.
    """
    if yj.backend() != "native":
        pytest.skip("the wire fast path is native")
    from pyyijing._native import yijingpai as native
    from pyyijing.service.convert import pb2
    from pyyijing.service.wire import DECLINED_FIELDS

    known: dict[str, int] = dict(native.WIRE_FIELDS)
    assert not set(DECLINED_FIELDS) & set(known)
    messages = {key.split(".")[0] for key in known}
    for name in messages:
        desc = pb2.DESCRIPTOR.message_types_by_name[name]
        in_proto = {
            f"{name}.{f.name}": f.number
            for f in desc.fields
            if f"{name}.{f.name}" not in DECLINED_FIELDS
        }
        in_parser = {k: v for k, v in known.items() if k.startswith(name + ".")}
        assert in_parser == in_proto, name
    for key, number in DECLINED_FIELDS.items():  # each one is a field of the .proto
        message, field = key.split(".")
        desc = pb2.DESCRIPTOR.message_types_by_name[message]
        assert desc.fields_by_name[field].number == number, key


def test_mahjong_positions_are_left_to_the_ordinary_path(h: Any) -> None:
    """A batch mixing the games is declined whole; one of mahjong positions only is
    the mahjong fast path's (tests/service/test_service_mahjong_fastpath.py)."""
    wire = WireValidator(max_batch=8, max_moves=1000)
    yj_item = _item(h, deal=h.pb2.Deal(seed=3))
    mj_item = h.pb2.ValidateMoveRequest(
        position=h.pb2.Position(
            mahjong_rules=h.pb2.MahjongRules(ruleset=h.pb2.MAHJONG_RULESET_SHAOYANG),
            deal=h.pb2.Deal(seed=3),
        ),
        move="s0:raise=1",
    )
    assert wire.validate(h.pb2.ValidateMovesRequest(requests=[yj_item]).SerializeToString())
    for items in ([yj_item, mj_item], [mj_item, yj_item]):
        data = h.pb2.ValidateMovesRequest(requests=items).SerializeToString()
        assert wire.validate(data) is None
    only_mj = wire.validate(h.pb2.ValidateMovesRequest(requests=[mj_item]).SerializeToString())
    assert only_mj is not None
    assert only_mj[2] == ("mahjong", "shaoyang")
