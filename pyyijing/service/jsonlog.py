"""The service's logs: one JSON object per line on stderr, batched.

`configure_logging` installs, on the "yijing" logger, one `BatchingStreamHandler`
(service/logbuffer.py) with a `JsonFormatter`. Every RPC writes a line through
`RpcLog`: logging's general path for it (a LogRecord of some twenty attributes,
the handler chain, the formatter's walk over the record) took 16-24 us a line,
the direct one below about 8 us (of a ValidateMove's 0.6-0.7 ms of server CPU,
most of it grpc.aio's own). While logging is exactly as
`configure_logging` left it, `RpcLog` builds the same line from its fields and
hands it to the handler directly; under any other arrangement (handlers or
filters an embedding application or a test added) it calls `Logger.info` as
before.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

from .logbuffer import BatchingStreamHandler

ROOT = "yijing"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, msg and any ``extra`` fields."""

    _STD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}

    # One encoder for every line: json.dumps with options builds a new one per call.
    _ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)

    def __init__(self) -> None:
        super().__init__()
        # (whole second, its text), one tuple: threads that format lines (the
        # native front end's report reader among them) read it with one load
        self._stamp = (-1, "")

    def _timestamp(self, created: float, msecs: float) -> str:
        second = int(created)
        stamp = self._stamp
        if second != stamp[0]:  # strftime once a second, not once a line
            stamp = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created)))
            self._stamp = stamp
        return stamp[1] + f".{int(msecs):03d}Z"

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": self._timestamp(record.created, record.msecs),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in self._STD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return self._ENCODER.encode(out)

    def info_line(self, logger: str, msg: str, fields: dict[str, Any]) -> str:
        """The line `format` writes for an INFO record of `logger` with these extras."""
        created = time.time()
        out: dict[str, Any] = {
            "ts": self._timestamp(created, (created - int(created)) * 1000),
            "level": "info",
            "logger": logger,
            "msg": msg,
        }
        out.update(fields)
        return self._ENCODER.encode(out)


class RpcLog:
    """Writes the one line per RPC of `logger` (a child of the "yijing" logger)."""

    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger
        self._root = logging.getLogger(ROOT)

    def _direct(self) -> BatchingStreamHandler | None:
        """The handler to give the line to, when logging is as configure_logging
        left it: then Logger.info would reach exactly this handler and formatter."""
        logger, root = self.logger, self._root
        handlers = root.handlers
        if len(handlers) != 1 or logger.handlers or logger.filters or root.filters:
            return None
        handler = handlers[0]
        if (
            type(handler) is not BatchingStreamHandler
            or type(handler.formatter) is not JsonFormatter
            or handler.filters
            or handler.level > logging.INFO
            or logger.parent is not root
            or not logger.propagate
            or logger.disabled
        ):
            return None
        return handler

    def write(self, fields: dict[str, Any]) -> None:
        logger = self.logger
        if not logger.isEnabledFor(logging.INFO):
            return
        handler = self._direct()
        if handler is None:
            logger.info("rpc", extra=fields)
            return
        formatter: JsonFormatter = handler.formatter  # type: ignore[assignment]
        try:
            line = formatter.info_line(logger.name, "rpc", fields)
        except Exception:  # as Handler.emit would: report it, never fail the call
            logger.info("rpc", extra=fields)
            return
        handler.add_line(line)


def configure_logging(level: str) -> None:
    # Where each record was logged from (a walk up the stack), its thread and its
    # process are never written (JsonFormatter leaves out every standard field):
    # not gathering them is the logging module's documented optimization.
    logging._srcfile = None
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False
    # Batched: a write per RPC line was a tenth of a small call's CPU (service/logbuffer.py).
    handler = BatchingStreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger(ROOT)
    for old in root.handlers:
        old.flush()  # lines a batching handler still holds
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False


def flush_logging() -> None:
    """Write the log lines still batched: before writing to stderr directly."""
    for handler in logging.getLogger(ROOT).handlers:
        handler.flush()
