"""The per-RPC log line (pyyijing/service/jsonlog.py RpcLog): written straight to the
batching handler while logging is as configure_logging set it, and then the very
line Logger.info would have written; through Logger.info under any other setup."""

from __future__ import annotations

import io
import json
import logging
import sys
from collections.abc import Iterator

import pytest

from pyyijing.service.jsonlog import ROOT, RpcLog, configure_logging, flush_logging
from pyyijing.service.logbuffer import BatchingStreamHandler

FIELDS = {
    "method": "/yijing.v1.RuleEngineService/ValidateMove",
    "code": "OK",
    "game": "mahjong",
    "ruleset": "changsha",
    "latency_ms": 0.5,
    "peer": 'ipv4:127.0.0.1:5555 "quoted" 中',
}


@pytest.fixture
def stderr(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """configure_logging writing to a StringIO; the "yijing" logger restored after."""
    root = logging.getLogger(ROOT)
    saved = (root.handlers[:], root.level, root.propagate)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", out)
    configure_logging("info")
    yield out
    flush_logging()
    root.handlers[:], root.level, root.propagate = saved


def _as_configured() -> None:
    """Only configure_logging's handler: pytest adds its capture handlers for each
    test's call phase, and with them RpcLog rightly takes the ordinary path."""
    root = logging.getLogger(ROOT)
    root.handlers[:] = [h for h in root.handlers if isinstance(h, BatchingStreamHandler)]


def _lines(out: io.StringIO) -> list[dict[str, object]]:
    flush_logging()
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_direct_line_is_the_line_logging_writes(stderr: io.StringIO) -> None:
    _as_configured()
    log = logging.getLogger("yijing.service")
    rpc = RpcLog(log)
    assert rpc._direct() is not None  # the configured setup takes the direct path
    rpc.write(dict(FIELDS))
    log.info("rpc", extra=dict(FIELDS))
    direct, logged = _lines(stderr)
    assert direct.pop("ts") != ""
    logged.pop("ts")
    assert direct == logged
    assert list(direct) == list(logged)  # the same keys in the same order
    assert logged["logger"] == "yijing.service"
    assert logged["level"] == "info"


def test_direct_lines_keep_their_place_among_other_lines(stderr: io.StringIO) -> None:
    _as_configured()
    log = logging.getLogger("yijing.service")
    rpc = RpcLog(log)
    log.info("before")
    rpc.write(dict(FIELDS))
    log.warning("after")  # written at once, with everything before it
    assert [r["msg"] for r in _lines(stderr)] == ["before", "rpc", "after"]


def test_the_timestamp_is_utc_iso_with_milliseconds(stderr: io.StringIO) -> None:
    _as_configured()
    RpcLog(logging.getLogger("yijing.service")).write(dict(FIELDS))
    (line,) = _lines(stderr)
    ts = str(line["ts"])
    assert len(ts) == len("2026-12-02T04:11:41.123Z")
    assert ts.endswith("Z")
    assert ts[10] == "T"


def test_another_handler_gets_the_record_through_logging(stderr: io.StringIO) -> None:
    _as_configured()
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    root = logging.getLogger(ROOT)
    root.addHandler(Keep())
    rpc = RpcLog(logging.getLogger("yijing.service"))
    assert rpc._direct() is None
    rpc.write(dict(FIELDS))
    assert len(seen) == 1
    assert seen[0].getMessage() == "rpc"
    assert seen[0].__dict__["ruleset"] == "changsha"
    assert [r["msg"] for r in _lines(stderr)] == ["rpc"]  # and the JSON handler too


def test_a_filter_is_honoured(stderr: io.StringIO) -> None:
    _as_configured()
    log = logging.getLogger("yijing.service")
    drop = logging.Filter("nothing.matches")
    log.addFilter(drop)
    try:
        RpcLog(log).write(dict(FIELDS))
    finally:
        log.removeFilter(drop)
    assert _lines(stderr) == []


def test_nothing_is_written_above_info(stderr: io.StringIO) -> None:
    _as_configured()
    logging.getLogger(ROOT).setLevel(logging.WARNING)
    RpcLog(logging.getLogger("yijing.service")).write(dict(FIELDS))
    assert _lines(stderr) == []
