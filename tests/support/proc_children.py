"""A process's children, read from /proc (Linux): the service tests find the native
front end (pyyijing/service/front.py) that a spawned ``python -m pyyijing.service`` started."""

from __future__ import annotations

import os


def children(pid: int) -> list[int]:
    """The ids of the live processes whose parent is `pid`."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry))
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
    return out
