"""Malformed and hostile input: each gets a clear error and the server keeps serving."""

from __future__ import annotations

import random
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

import pyyijing as yj

SERVICE = "/yijing.v1.RuleEngineService/"


def _alive(server: Any) -> None:
    health = health_pb2_grpc.HealthStub(server.channel)
    resp = health.Check(health_pb2.HealthCheckRequest(service="yijing.v1.RuleEngineService"))
    assert resp.status == health_pb2.HealthCheckResponse.SERVING


def _raw(server: Any, method: str) -> Any:
    return server.channel.unary_unary(
        SERVICE + method, request_serializer=None, response_deserializer=None
    )


@pytest.mark.parametrize(
    "body",
    [
        b"\x0a\x05abc",  # truncated length-delimited field
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01",  # bad varint
        b"\x0a\xff\xff\xff\xff\x0f",  # length far beyond the body
        b"\x07",  # wire type 7 does not exist
    ],
)
def test_garbage_protobuf_bytes(server: Any, body: bytes) -> None:
    for method in ("ValidateMove", "ValidateMoves", "Act", "CreateGame", "Evaluate"):
        with pytest.raises(grpc.RpcError) as info:
            _raw(server, method)(body, timeout=10)
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT, method
        assert "not a valid protobuf" in (info.value.details() or "")
    _alive(server)


def test_random_bytes_never_crash(server: Any) -> None:
    rng = random.Random(5)
    for _ in range(200):
        body = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        method = rng.choice(["ValidateMove", "ValidateGame", "LegalMoves", "GetView", "Act"])
        code = grpc.StatusCode.OK
        try:
            _raw(server, method)(body, timeout=10)
        except grpc.RpcError as exc:
            code = exc.code()
        assert code in (
            grpc.StatusCode.OK,
            grpc.StatusCode.INVALID_ARGUMENT,
            grpc.StatusCode.NOT_FOUND,
            grpc.StatusCode.PERMISSION_DENIED,
        ), (method, body, code)
    _alive(server)


def test_ten_thousand_random_notation_strings(server: Any, h: Any) -> None:
    rng = random.Random(10_000)
    alphabet = "s0123456789:=@+-targetplypongwinassoutersplitT \x00é易"
    pieces = [
        "s0:",
        "s1:",
        "s12:",
        "target=",
        "play=",
        "pong=",
        "win",
        "pass",
        "@inner",
        "@split",
        "@outer",
        "0",
        "1",
        "+",
        "-",
        "11",
        "00",
    ]
    g = h.random_game(77, stop_at=20)
    engine = yj.Game(yj.Rules(), seed=77)
    for m in g.moves:
        engine.apply(m)
    moves = []
    for i in range(10_000):
        if i % 2:
            moves.append("".join(rng.choice(pieces) for _ in range(rng.randrange(1, 6))))
        else:
            moves.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 80))))
    pos = h.position(77, g.moves)
    for start in range(0, len(moves), 250):
        chunk = moves[start : start + 250]
        r = server.stub.ValidateMoves(
            h.pb2.ValidateMovesRequest(
                requests=[h.pb2.ValidateMoveRequest(position=pos, move=m) for m in chunk]
            )
        )
        assert len(r.verdicts) == len(chunk)
        for m, v in zip(chunk, r.verdicts, strict=True):
            want = engine.validate(m)
            assert (v.ok, v.code) == (want.ok, want.code), m
            assert v.code
            assert v.ok or v.message
    _alive(server)


def test_huge_strings(server: Any, h: Any) -> None:
    big = "s0:play=" + "1" * 500_000
    r = server.stub.ValidateMove(h.pb2.ValidateMoveRequest(position=h.position(1), move=big))
    assert (r.verdict.ok, r.verdict.code) == (False, "malformed")
    with pytest.raises(grpc.RpcError) as info:  # over the 1 MiB message limit
        server.stub.ValidateMove(
            h.pb2.ValidateMoveRequest(position=h.position(1), move="x" * (2 << 20))
        )
    assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    with pytest.raises(grpc.RpcError) as info:
        server.stub.LegalMoves(
            h.pb2.LegalMovesRequest(position=h.position(1, ["s0:" + "1" * 5000]))
        )
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    _alive(server)


def test_wrong_enum_values_everywhere(server: Any, h: Any) -> None:
    for rules in (
        h.pb2.Rules(variant=-1),
        h.pb2.Rules(deck=2**31 - 1),
        h.pb2.Rules(win_conditions=[3, 1000]),
        h.pb2.Rules(players=2**32 - 1),
    ):
        for call in (
            lambda r: server.stub.CreateGame(h.pb2.CreateGameRequest(rules=r)),
            lambda r: server.stub.ValidateGame(
                h.pb2.ValidateGameRequest(rules=r, deal=h.pb2.Deal(seed=1))
            ),
        ):
            with pytest.raises(grpc.RpcError) as info:
                call(rules)
            assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
            assert h.bad_request(info.value)
    _alive(server)


def test_reflection_lists_the_services(server: Any) -> None:
    db = ProtoReflectionDescriptorDatabase(server.channel)
    services = set(db.get_services())
    assert {"yijing.v1.RuleEngineService", "grpc.health.v1.Health"} <= services
    desc = db.FindFileContainingSymbol("yijing.v1.RuleEngineService")
    assert desc.package == "yijing.v1"


def test_health_check(server: Any) -> None:
    health = health_pb2_grpc.HealthStub(server.channel)
    for name in ("", "yijing.v1.RuleEngineService"):
        assert health.Check(health_pb2.HealthCheckRequest(service=name)).status == (
            health_pb2.HealthCheckResponse.SERVING
        )
    with pytest.raises(grpc.RpcError) as info:
        health.Check(health_pb2.HealthCheckRequest(service="nope"))
    assert info.value.code() == grpc.StatusCode.NOT_FOUND
