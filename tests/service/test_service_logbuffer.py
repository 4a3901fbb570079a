"""The batching log handler (pyyijing/service/logbuffer.py): every line, in order, soon."""

from __future__ import annotations

import io
import logging
import threading
import time

from pyyijing.service.logbuffer import BatchingStreamHandler


def _logger(handler: logging.Handler, name: str) -> logging.Logger:
    log = logging.getLogger(f"yijing.test.{name}")
    log.handlers[:] = [handler]
    log.setLevel(logging.INFO)
    log.propagate = False
    return log


def test_lines_are_written_within_the_delay_in_one_batch() -> None:
    out = io.StringIO()
    log = _logger(BatchingStreamHandler(out, delay=0.05), "batch")
    for i in range(5):
        log.info("line %d", i)
    assert out.getvalue() == ""  # held back ...
    deadline = time.monotonic() + 5
    while out.getvalue().count("\n") < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert out.getvalue() == "".join(f"line {i}\n" for i in range(5))  # ... then all, in order


def test_a_warning_is_written_at_once_after_what_came_before() -> None:
    out = io.StringIO()
    log = _logger(BatchingStreamHandler(out, delay=60), "warn")
    log.info("first")
    log.warning("second")
    assert out.getvalue() == "first\nsecond\n"


def test_flush_writes_what_is_held_and_a_full_buffer_writes_itself() -> None:
    out = io.StringIO()
    handler = BatchingStreamHandler(out, delay=60, max_pending_chars=30)
    log = _logger(handler, "flush")
    log.info("a")
    handler.flush()
    assert out.getvalue() == "a\n"
    log.info("x" * 40)
    assert out.getvalue() == "a\n" + "x" * 40 + "\n"


def test_lines_from_many_threads_are_all_written_whole() -> None:
    out = io.StringIO()
    handler = BatchingStreamHandler(out, delay=0.001)
    log = _logger(handler, "threads")

    def work(t: int) -> None:
        for i in range(500):
            log.info("t%d-%d", t, i)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    handler.flush()
    lines = out.getvalue().splitlines()
    assert sorted(lines) == sorted(f"t{t}-{i}" for t in range(4) for i in range(500))
    for t in range(4):  # each thread's lines in its own order
        mine = [int(x.split("-")[1]) for x in lines if x.startswith(f"t{t}-")]
        assert mine == sorted(mine)
