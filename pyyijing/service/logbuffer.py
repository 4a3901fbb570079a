"""A log handler that writes its lines in batches (the one JSON line per RPC).

Every RPC logs a line (service/observability.py). Written one at a time, each
line is a write system call on stderr, and on a loaded server those calls were
a tenth of the CPU of a small call (and wake whatever reads the pipe as often).
`BatchingStreamHandler` formats each record when it is logged, exactly as
`logging.StreamHandler` would, but holds the text for at most `delay` seconds
and writes what gathered in one call. Lines keep their order; a record of
WARNING or above is written at once, together with everything before it, and
`flush()` / `close()` (which `logging.shutdown` calls at exit) write the rest.
A process killed outright loses at most the last `delay` seconds of lines.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from typing import TextIO

DELAY_SECONDS = 0.02  # how late a batched line may be written
MAX_PENDING_CHARS = 1 << 16  # written at once beyond this much text


class BatchingStreamHandler(logging.StreamHandler[TextIO]):
    def __init__(
        self,
        stream: TextIO,
        delay: float = DELAY_SECONDS,
        max_pending_chars: int = MAX_PENDING_CHARS,
    ) -> None:
        super().__init__(stream)
        self.delay = delay
        self.max_pending_chars = max_pending_chars
        self._pending: list[str] = []
        self._pending_chars = 0
        self._wake = threading.Event()
        self._writer: threading.Thread | None = None  # started on first use (fork-safe)

    def emit(self, record: logging.LogRecord) -> None:
        # Called with self.lock held (Handler.handle), as is every write below:
        # one lock keeps the lines in order whichever thread writes them.
        try:
            text = self.format(record) + self.terminator
        except Exception:
            self.handleError(record)
            return
        try:
            self._add(text, urgent=record.levelno >= logging.WARNING)
        except Exception:
            self.handleError(record)

    def add_line(self, line: str) -> None:
        """Batch a line formatted elsewhere, as `emit` batches an INFO record's
        (service/jsonlog.py `RpcLog`, which skips the LogRecord)."""
        # an error means the reader is gone, as _write_batches assumes
        with self.lock, contextlib.suppress(Exception):  # type: ignore[union-attr]
            self._add(line + self.terminator, urgent=False)

    def _add(self, text: str, urgent: bool) -> None:
        self._pending.append(text)
        self._pending_chars += len(text)
        if urgent or self._pending_chars >= self.max_pending_chars:
            self._write_pending()
        elif len(self._pending) == 1:  # the first line of a batch: have it written soon
            if self._writer is None:
                self._writer = threading.Thread(
                    target=self._write_batches, name="log-writer", daemon=True
                )
                self._writer.start()
            self._wake.set()

    def _write_pending(self) -> None:
        if not self._pending:
            return
        text = "".join(self._pending)
        self._pending.clear()
        self._pending_chars = 0
        self.stream.write(text)
        self.stream.flush()

    def _write_batches(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()  # before the write: a line added after it sets it again
            time.sleep(self.delay)
            # (the lock is typed Optional: None until createLock, which __init__ calls)
            with self.lock, contextlib.suppress(Exception):  # type: ignore[union-attr]
                self._write_pending()  # an error means the reader is gone: nobody to tell

    def flush(self) -> None:
        with self.lock:  # type: ignore[union-attr]
            self._write_pending()
            super().flush()
