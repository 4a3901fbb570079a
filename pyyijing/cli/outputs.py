"""`yijing simulate`'s output files (``--json``, ``--plot``, ``--out``): checked, then written.

Every path is checked before the games start (so a bad path fails at once, not
after the run), and no two flags may name the same file. After the run each
file is written whole or not at all: a regular file goes to a temporary name in
its directory first and replaces the old one only once complete, so a failed
write (a full disk) leaves the previous output of that name intact. A failure
names its flag and path; the others are still written and the summary is still
printed (the caller's job, with the failures in hand).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import tempfile
from collections.abc import Callable
from typing import Any

from .errors import UsageError

#: How to get matplotlib, from PyPI or from a source checkout (the extra is the same).
PLOT_INSTALL_HINT = "pip install 'pyyijing[plot]' (in a source checkout: pip install '.[plot]')"


def require_matplotlib() -> Any:
    """matplotlib.pyplot on the Agg backend, or the usage error that --plot needs it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError(f"--plot needs matplotlib: {PLOT_INSTALL_HINT}") from None
    return plt


def _check_output(flag: str, path: str) -> None:
    """Fail now, not after the run, if `path` cannot be written.

    Nothing is created or truncated here: an existing file is opened for
    appending (which changes nothing) and closed; for a new file a uniquely
    named probe is created in its directory and removed at once. So a run that
    fails or is interrupted later leaves no empty file behind and the previous
    output of the same name intact; the real file is written once the
    simulation is done.
    """
    if os.path.isdir(path):
        raise UsageError(f"{flag} {path}: is a directory")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise UsageError(f"{flag} {path}: no such directory {parent}")
    try:
        if os.path.exists(path):
            if not os.path.isfile(path):  # a device or a FIFO: opening may block
                if not os.access(path, os.W_OK):
                    raise PermissionError(13, "Permission denied")
                return
            with open(path, "ab"):
                pass
        else:
            fd, probe = tempfile.mkstemp(prefix=".yijing-probe-", dir=parent)
            os.close(fd)
            os.unlink(probe)
    except OSError as exc:
        raise UsageError(f"{flag} {path}: cannot write there ({exc.strerror or exc})") from None


def _check_distinct(outputs: list[tuple[str, str]]) -> None:
    """No two flags name one file, however spelt (`a.json`, `./a.json`, a symlink to it)."""
    seen: dict[Any, tuple[str, str]] = {}
    for flag, path in outputs:
        keys: list[Any] = [os.path.realpath(path)]
        try:
            st = os.stat(path)
            keys.append((st.st_dev, st.st_ino))
        except OSError:
            pass
        for key in keys:
            if key in seen:
                other_flag, other_path = seen[key]
                raise UsageError(
                    f"{other_flag} {other_path} and {flag} {path} are the same file: "
                    "one would overwrite the other; give each its own file"
                )
        for key in keys:
            seen[key] = (flag, path)


def _check_plot_format(path: str) -> None:
    """matplotlib is importable and writes this file's format (by its extension)."""
    plt = require_matplotlib()
    ext = os.path.splitext(path)[1][1:].lower()
    fig = plt.figure()
    try:
        formats = fig.canvas.get_supported_filetypes()
    finally:
        plt.close(fig)
    if ext and ext not in formats:
        raise UsageError(
            f"--plot {path}: matplotlib cannot write .{ext} files; use one of "
            f"{', '.join('.' + f for f in sorted(formats))}"
        )


def _given(args: argparse.Namespace) -> list[tuple[str, str]]:
    flags = (("--json", args.json), ("--plot", args.plot), ("--out", args.out))
    return [(flag, path) for flag, path in flags if path]


def check_outputs(args: argparse.Namespace) -> None:
    """Everything that would fail after the run is checked before it."""
    given = _given(args)
    for flag, path in given:
        _check_output(flag, path)
    _check_distinct(given)
    if args.plot:
        _check_plot_format(args.plot)


def write_file(path: str, data: bytes) -> None:
    """`data` into `path`, whole or not at all (OSError names `path`).

    A regular file (or a new one) is written under a temporary name beside it
    and renamed over it once complete; a device or a FIFO is written directly.
    """
    if os.path.exists(path) and not os.path.isfile(path):  # /dev/stdout may be a pipe
        try:
            with open(path, "wb") as f:
                f.write(data)
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, path) from None
        return
    target = os.path.realpath(path)  # through a symlink: the file it names is replaced
    fd, tmp = tempfile.mkstemp(prefix=".yijing-", dir=os.path.dirname(target))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        mode = os.stat(target).st_mode & 0o7777 if os.path.exists(target) else _default_mode()
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise OSError(exc.errno, exc.strerror, path) from None


def _default_mode() -> int:
    """What `open(path, "w")` would give a new file: 0o666 less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def figure_bytes(fig: Any, path: str) -> bytes:
    """The figure in the format of `path`'s extension (matplotlib's default without one)."""
    ext = os.path.splitext(path)[1][1:].lower()
    buf = io.BytesIO()
    fig.savefig(buf, format=ext or None, dpi=110)
    return buf.getvalue()


def write_outputs(
    args: argparse.Namespace, res: Any, plot: Callable[[dict[str, Any], str], bytes]
) -> tuple[list[str], list[str]]:
    """Write ``--json``, ``--plot`` and ``--out``: (lines saying what was written, failures).

    The files come before the table: a reader of stdout that goes away (| head)
    must not lose them. `plot(summary, path)` returns the figure's bytes.
    """
    written: list[str] = []
    failed: list[str] = []
    jobs: list[tuple[str, str, Callable[[], bytes], str]] = []
    if args.json:
        text = json.dumps(res.summary, indent=1, ensure_ascii=False)
        jobs.append(("--json", args.json, lambda: text.encode(), "summary written to"))
    if args.plot:
        path = args.plot
        jobs.append(("--plot", path, lambda: plot(res.summary, path), "figure written to"))
    if args.out:
        lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res.records)
        what = f"{len(res.records)} records written to"
        jobs.append(("--out", args.out, lambda: lines.encode(), what))
    for flag, path, data, what in jobs:
        try:
            write_file(path, data())
        except OSError as exc:
            failed.append(f"{flag} {path}: cannot write it: {exc.strerror or exc}")
            continue
        written.append(f"{what} {path}")
    return written, failed
