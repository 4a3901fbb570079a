"""Request errors that become gRPC statuses with `google.rpc` details."""

from __future__ import annotations

from collections.abc import Sequence

import grpc
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2

# grpcio-status reads this trailer (grpc_status.rpc_status.from_call).
STATUS_DETAILS_KEY = "grpc-status-details-bin"


class RequestError(Exception):
    """A request the service refuses; `status` is the gRPC code it maps to."""

    status: grpc.StatusCode = grpc.StatusCode.INVALID_ARGUMENT

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def trailing_metadata(self) -> tuple[tuple[str, bytes], ...]:
        return ()


class InvalidArgumentError(RequestError):
    """INVALID_ARGUMENT with a `google.rpc.BadRequest` listing each bad field."""

    status = grpc.StatusCode.INVALID_ARGUMENT

    def __init__(self, violations: Sequence[tuple[str, str]]) -> None:
        self.violations = list(violations)
        text = "; ".join(f"{field}: {desc}" for field, desc in self.violations)
        super().__init__(f"invalid request: {text}")

    @classmethod
    def one(cls, field: str, description: str) -> InvalidArgumentError:
        return cls([(field, description)])

    def prefixed(self, prefix: str) -> InvalidArgumentError:
        """The same violations with their field paths under `prefix` (e.g. ``requests[3]``)."""
        return InvalidArgumentError(
            [(f"{prefix}.{f}" if f else prefix, d) for f, d in self.violations]
        )

    def trailing_metadata(self) -> tuple[tuple[str, bytes], ...]:
        bad = error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=f, description=d)
                for f, d in self.violations
            ]
        )
        detail = any_pb2.Any()
        detail.Pack(bad)
        status = status_pb2.Status(
            code=code_pb2.INVALID_ARGUMENT, message=self.message, details=[detail]
        )
        return ((STATUS_DETAILS_KEY, status.SerializeToString()),)


class NotFoundError(RequestError):
    status = grpc.StatusCode.NOT_FOUND


class PermissionDeniedError(RequestError):
    status = grpc.StatusCode.PERMISSION_DENIED


class ResourceExhaustedError(RequestError):
    status = grpc.StatusCode.RESOURCE_EXHAUSTED
