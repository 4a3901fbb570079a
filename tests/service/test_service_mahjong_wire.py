"""Wire compatibility: what a Yi Jing Pai client sent before mahjong keeps its meaning.

tests/service/data/wire_v1.json holds requests serialized by the release
before mahjong joined the .proto (main at 9929730) and the answers that
release gave (data/capture_wire_v1.py made it). The bytes are sent as they
are, with no message of the current .proto in between, to today's server:
the answers must be the same bytes (errors: the same status and the same
google.rpc.Status), except what is random by design (session ids and tokens)
or timed (Simulate's progress and elapsed seconds).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import grpc
import pytest

import pyyijing as yj

DATA = json.loads((Path(__file__).parent / "data" / "wire_v1.json").read_text())
CALLS = DATA["calls"]
STATUS_KEY = "grpc-status-details-bin"


def _send(channel: grpc.Channel, call: dict[str, Any]) -> dict[str, Any]:
    path = f"/yijing.v1.RuleEngineService/{call['method']}"
    data = bytes.fromhex(call["request"])
    try:
        if "stream" in call or call["method"] == "Simulate":
            return {"stream": [m.hex() for m in channel.unary_stream(path)(data, timeout=60)]}
        return {"response": channel.unary_unary(path)(data, timeout=60).hex()}
    except grpc.RpcError as err:
        details = dict(err.trailing_metadata() or ()).get(STATUS_KEY, b"")  # type: ignore[attr-defined]
        return {"code": err.code().name, "status": bytes(details).hex()}  # type: ignore[attr-defined]


def test_the_capture_covers_every_stateless_rpc_and_errors() -> None:
    methods = {c["method"] for c in CALLS}
    assert methods >= {
        "ValidateMove",
        "ValidateMoves",
        "ValidateGame",
        "LegalMoves",
        "Evaluate",
        "Simulate",
        "CreateGame",
    }
    assert any(c.get("code") == "INVALID_ARGUMENT" for c in CALLS)
    assert any("response" in c for c in CALLS)


@pytest.mark.skipif(
    yj.backend() != DATA["backend"], reason="captured on the native backend (messages match)"
)
@pytest.mark.parametrize(
    "i", range(len(CALLS)), ids=[f"{c['method']}-{i}" for i, c in enumerate(CALLS)]
)
def test_old_request_bytes_get_the_same_answer(server: Any, h: Any, i: int) -> None:
    call = CALLS[i]
    got = _send(server.channel, call)
    if "code" in call:
        assert got == {"code": call["code"], "status": call["status"]}
        return
    method = call["method"]
    if method == "Simulate":  # progress and timings differ run to run; the summary may not
        old = h.pb2.SimulateResponse.FromString(bytes.fromhex(call["stream"][-1])).summary
        new = h.pb2.SimulateResponse.FromString(bytes.fromhex(got["stream"][-1])).summary
        # The one deliberate change since the capture: the summary names its game, as the
        # mahjong summaries do (docs/simulation.md "Summary"); every other key is unchanged.
        assert json.loads(new.summary_json) == {
            **json.loads(old.summary_json),
            "game": "yijingpai",
        }
        assert new.games == old.games
        return
    if method == "CreateGame":  # a new game id and new tokens, by design
        old = h.pb2.CreateGameResponse.FromString(bytes.fromhex(call["response"]))
        new = h.pb2.CreateGameResponse.FromString(bytes.fromhex(got["response"]))
        assert new.observer_view.SerializeToString() == old.observer_view.SerializeToString()
        assert len(new.seat_tokens) == len(old.seat_tokens)
        assert not new.HasField("mahjong_observer_view")
        return
    assert got == {"response": call["response"]}


def test_old_answers_decode_with_no_mahjong_field(h: Any) -> None:
    """The old answers parse with today's messages and set none of the new fields."""
    types = {
        "ValidateGame": h.pb2.ValidateGameResponse,
        "LegalMoves": h.pb2.LegalMovesResponse,
        "Evaluate": h.pb2.EvaluateResponse,
    }
    seen = 0
    for call in CALLS:
        cls = types.get(call["method"])
        if cls is None or "response" not in call:
            continue
        msg = cls.FromString(bytes.fromhex(call["response"]))
        assert not any(f.name.startswith("mahjong") for f, _ in msg.ListFields())
        assert msg.mahjong_phase == 0
        seen += 1
    assert seen >= 4
