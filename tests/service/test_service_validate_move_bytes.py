"""ValidateMove on its bytes (pyyijing/service/servicer.py `ValidateMoveBytes`,
pyyijing/service/wire.py `validate_one`) against the typed ValidateMove path it replaced on
the server.

Every request must get byte for byte the response, the error and the verdict
metrics the typed path gives; plain requests must take the native fast path."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from support.bytemutation import mutate

import pyyijing as yj
from pyyijing import mahjong as mj
from pyyijing.service.convert import pb2
from pyyijing.service.errors import RequestError
from pyyijing.service.observability import Metrics, _safe_deserializer
from pyyijing.service.servicer import Limits, RuleEngineServicer

NATIVE = yj.backend() == "native"
JUNK = ["", "garbage", "s0:pass", "s9:play=10", "s0:discard=9z", "s1:" + "1" * 300]


def _servicer() -> RuleEngineServicer:
    return RuleEngineServicer(
        limits=Limits(),
        sessions=None,  # type: ignore[arg-type]  # not used by ValidateMove
        metrics=Metrics(version="t", backend=yj.backend(), rules_version=1),
        executor=ThreadPoolExecutor(1),
        shutting_down=asyncio.Event(),
    )


def _verdict_samples(s: RuleEngineServicer) -> dict[tuple[Any, ...], float]:
    return {
        (sample.name, *sorted(sample.labels.items())): sample.value
        for metric in s.metrics.verdicts.collect()
        for sample in metric.samples
        if not sample.name.endswith("_created")  # when each child was made
    }


def _requests(rng: random.Random, n: int) -> list[Any]:
    out = []
    for _ in range(n):
        seed = rng.choice([rng.randrange(2**64), rng.randrange(50)])
        if rng.random() < 0.5:
            g: Any = yj.Game(yj.Rules(), seed=seed)
            pos = pb2.Position(rules=pb2.Rules(), deal=pb2.Deal(seed=seed))
        else:
            name, number = rng.choice([("common", 1), ("shaoyang", 2), ("changsha", 3)])
            g = mj.Game(mj.Rules(name), seed=seed)
            pos = pb2.Position(
                mahjong_rules=pb2.MahjongRules(ruleset=number), deal=pb2.Deal(seed=seed)
            )
        stop = rng.randrange(0, 60)
        while g.phase != "over" and len(g.moves) < stop:
            g.apply(rng.choice(g.legal_moves()))
        pos.moves.extend(g.moves)
        legal = g.legal_moves() or ["s0:pass"]
        move = rng.choice([rng.choice(legal), rng.choice(legal), *JUNK])
        out.append(pb2.ValidateMoveRequest(position=pos, move=move))
    return out


def _typed(s: RuleEngineServicer, data: bytes) -> bytes | str:
    """The typed path's answer (the response's bytes) or error (its message)."""
    bad = _safe_deserializer(pb2.ValidateMoveRequest.FromString)(data)  # type: ignore[misc]
    if hasattr(bad, "error"):  # the interceptor's wording for a body that does not decode
        return f"request body is not a valid protobuf message: {bad.error}"
    try:
        response: bytes = s._validate_one(bad).SerializeToString()
    except RequestError as exc:
        return exc.message
    return response


def _bytes(s: RuleEngineServicer, data: bytes) -> bytes | str:
    try:
        return s._validate_one_bytes(data)
    except RequestError as exc:
        return exc.message


@pytest.mark.parametrize("seed", range(3))
def test_same_answers_and_metrics_as_the_typed_path(seed: int) -> None:
    rng = random.Random(seed)
    typed, raw = _servicer(), _servicer()
    taken = 0
    for request in _requests(rng, 60):
        data = request.SerializeToString()
        assert _bytes(raw, data) == _typed(typed, data)
        taken += raw.wire.validate_one(data) is not None
    assert _verdict_samples(raw) == _verdict_samples(typed)
    if NATIVE:  # seed deals, known fields, histories that replay: all natively
        assert taken == 60


def test_malformed_positions_are_worded_as_before() -> None:
    bad = [
        pb2.ValidateMoveRequest(position=pb2.Position(deal=pb2.Deal(seed=1), moves=["junk"])),
        pb2.ValidateMoveRequest(
            position=pb2.Position(
                rules=pb2.Rules(), mahjong_rules=pb2.MahjongRules(), deal=pb2.Deal(seed=1)
            )
        ),
        pb2.ValidateMoveRequest(position=pb2.Position(mahjong_rules=pb2.MahjongRules(ruleset=9))),
        pb2.ValidateMoveRequest(),
    ]
    s = _servicer()
    for request in bad:
        data = request.SerializeToString()
        assert s.wire.validate_one(data) is None
        answer = _bytes(s, data)
        assert isinstance(answer, str)
        assert answer == _typed(_servicer(), data)


def test_mutated_bytes_never_disagree() -> None:
    """Flips, truncations and splices: the fast path declines, or answers as the typed
    path does on the same bytes; bodies that do not decode get the interceptor's words."""
    rng = random.Random(7)
    base = [r.SerializeToString() for r in _requests(rng, 12)]
    s = _servicer()
    taken = undecodable = 0
    for i in range(4000):
        body = mutate(rng.choice(base), rng, base)
        taken += s.wire.validate_one(body) is not None
        expected = _typed(s, body)
        undecodable += isinstance(expected, str) and expected.startswith("request body")
        assert _bytes(s, body) == expected, i
    if NATIVE:
        assert taken > 20, taken  # most mutations break the message or its position
    assert undecodable > 50, undecodable
