"""Capture Yi Jing Pai requests and the answers of a release, as raw bytes (wire_v1.json).

Run once against the release before mahjong joined the .proto (main at
9929730), with that release's `service` first on the path:

    PYTHONPATH=<release site>:tests/service python tests/service/data/capture_wire_v1.py

It starts that release's server on a loopback port, sends every request below
as serialized bytes (so nothing of the current .proto is involved) and writes
each request and the answer it got: the response bytes of a unary call, the
messages of a stream, or the status code and the serialized google.rpc.Status
of an error. tests/service/test_service_mahjong_wire.py sends the same bytes
to the current server and expects the same answers.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import grpc
from conftest import start_server, test_config

import pyyijing as yj
from pyyijing.service.convert import pb2

OUT = Path(__file__).with_name("wire_v1.json")
STATUS_KEY = "grpc-status-details-bin"


def _game(seed: int, stop: int | None) -> yj.Game:
    g = yj.Game(yj.Rules(), seed=seed)
    rng = random.Random(seed)
    while g.phase != "over" and (stop is None or len(g.moves) < stop):
        g.apply(rng.choice(g.legal_moves()))
    return g


def _requests() -> list[tuple[str, bool, Any]]:
    """(method, server-streaming, request message) in the order they are sent."""
    mid = _game(5, 14)
    done = _game(8, None)
    wall, _ = yj.shuffle_wall(3)
    pos = pb2.Position(deal=pb2.Deal(seed=5), moves=mid.moves)
    simple = pb2.Rules(variant=2, players=3, deck=2, taiji_in_pong=False)
    return [
        ("ValidateMove", False, pb2.ValidateMoveRequest(position=pos, move=mid.legal_moves()[0])),
        ("ValidateMove", False, pb2.ValidateMoveRequest(position=pos, move="s9:play=10")),
        ("ValidateMove", False, pb2.ValidateMoveRequest(position=pos, move="garbage")),
        (
            "ValidateMove",
            False,
            pb2.ValidateMoveRequest(
                position=pb2.Position(
                    rules=simple, deal=pb2.Deal(wall=pb2.Wall(tiles=wall, dealer=1))
                ),
                move="s1:pass",
            ),
        ),
        (
            "ValidateMove",
            False,
            pb2.ValidateMoveRequest(
                position=pb2.Position(rules=pb2.Rules(players=9), deal=pb2.Deal(seed=1)),
                move="s0:pass",
            ),
        ),
        (
            "ValidateMove",
            False,
            pb2.ValidateMoveRequest(
                position=pb2.Position(deal=pb2.Deal(seed=5), moves=["s0:bogus"]), move="s0:pass"
            ),
        ),
        (
            "ValidateMoves",
            False,
            pb2.ValidateMovesRequest(
                requests=[pb2.ValidateMoveRequest(position=pos, move=m) for m in mid.legal_moves()]
                + [pb2.ValidateMoveRequest(position=pos, move="s0:pass")]
            ),
        ),
        (
            "ValidateGame",
            False,
            pb2.ValidateGameRequest(deal=pb2.Deal(seed=8), moves=[*done.moves, "s0:pass"]),
        ),
        (
            "ValidateGame",
            False,
            pb2.ValidateGameRequest(deal=pb2.Deal(wall=pb2.Wall(tiles="10T", dealer=0))),
        ),
        ("LegalMoves", False, pb2.LegalMovesRequest(position=pos)),
        ("LegalMoves", False, pb2.LegalMovesRequest(position=pos, seat=2)),
        ("LegalMoves", False, pb2.LegalMovesRequest(position=pos, seat=7)),
        ("Evaluate", False, pb2.EvaluateRequest(position=pos, seat=1)),
        (
            "Evaluate",
            False,
            pb2.EvaluateRequest(
                position=pb2.Position(deal=pb2.Deal(seed=8), moves=done.moves), seat=0
            ),
        ),
        (
            "Simulate",
            True,
            pb2.SimulateRequest(seed=3, games=40, policies=["greedy"], threads=1),
        ),
        ("Simulate", True, pb2.SimulateRequest(games=0)),
        ("CreateGame", False, pb2.CreateGameRequest(rules=simple, deal=pb2.Deal(seed=77))),
        ("CreateGame", False, pb2.CreateGameRequest(rules=pb2.Rules(deck=9))),
    ]


def _call(channel: grpc.Channel, method: str, stream: bool, data: bytes) -> dict[str, Any]:
    path = f"/yijing.v1.RuleEngineService/{method}"
    try:
        if stream:
            call = channel.unary_stream(path)(data, timeout=60)
            return {"stream": [m.hex() for m in call]}
        return {"response": channel.unary_unary(path)(data, timeout=60).hex()}
    except grpc.RpcError as err:
        details = dict(err.trailing_metadata() or ()).get(STATUS_KEY, b"")  # type: ignore[attr-defined]
        return {"code": err.code().name, "status": bytes(details).hex()}  # type: ignore[attr-defined]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        srv = start_server(test_config(Path(tmp)))
        try:
            items = []
            for method, stream, msg in _requests():
                data = msg.SerializeToString()
                items.append(
                    {
                        "method": method,
                        "request": data.hex(),
                        **_call(srv.channel, method, stream, data),
                    }
                )
        finally:
            srv.stop()
    OUT.write_text(
        json.dumps({"release": "9929730", "backend": yj.backend(), "calls": items}, indent=1) + "\n"
    )
    print(f"{len(items)} calls -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
