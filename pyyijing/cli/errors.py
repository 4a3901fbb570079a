"""The `yijing` command's errors and exit statuses (shared by every module of the command)."""

from __future__ import annotations

EXIT_INVALID = 1  # an invalid record, or an output file that could not be written
EXIT_USAGE = 2
EXIT_BROKEN_PIPE = 128 + 13  # SIGPIPE: what the shell shows for `yes | head`


class UsageError(Exception):
    """A bad argument: one line on stderr, exit status 2."""
