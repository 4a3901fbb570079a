"""Registering the servicer on a grpc.aio server.

As the generated `add_RuleEngineServiceServicer_to_server`, except that
ValidateMove and ValidateMoves are registered without (de)serializers: their
handlers receive the request bytes and return the response bytes, so that the
native fast path (service/wire.py) never builds protobuf objects per item. Clients see no
difference: the bytes are the same messages.
"""

from __future__ import annotations

from typing import Any

import grpc

from .convert import pb2_grpc

SERVICE_NAME = "yijing.v1.RuleEngineService"


class _Capture:
    """Stands in for a server to collect the generated method handlers."""

    def __init__(self) -> None:
        self.handlers: dict[str, grpc.RpcMethodHandler[Any, Any]] | None = None

    def add_generic_rpc_handlers(self, handlers: Any) -> None:
        pass  # the same handlers arrive below as a dict

    def add_registered_method_handlers(
        self, service: str, handlers: dict[str, grpc.RpcMethodHandler[Any, Any]]
    ) -> None:
        assert service == SERVICE_NAME, service
        self.handlers = dict(handlers)


def add_servicer(servicer: Any, server: grpc.aio.Server) -> None:
    """Register `servicer` (a RuleEngineServicer) on `server`."""
    capture = _Capture()
    pb2_grpc.add_RuleEngineServiceServicer_to_server(servicer, capture)
    if capture.handlers is None:  # pragma: no cover - grpcio-tools is pinned (pyproject)
        raise RuntimeError("the generated code did not register its method handlers")
    handlers = capture.handlers
    for name, behavior in (
        ("ValidateMove", servicer.ValidateMoveBytes),
        ("ValidateMoves", servicer.ValidateMovesBytes),
    ):
        handlers[name] = grpc.unary_unary_rpc_method_handler(
            behavior,
            request_deserializer=None,  # bytes in ...
            response_serializer=None,  # ... bytes out
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, handlers),))
    server.add_registered_method_handlers(SERVICE_NAME, handlers)
