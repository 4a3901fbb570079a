"""pyyijing benchmark suite: ``python -m benchmarks [--quick] [--json PATH]``.

Measures the installed package (never the source tree, which has no compiled
modules): when run from the repository root, the root is moved to the end of
``sys.path`` before ``pyyijing`` is imported, so the installed package wins.
"""

from __future__ import annotations

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _installed_first() -> None:
    if "pyyijing" in sys.modules:
        return
    keep = [p for p in sys.path if os.path.abspath(p or os.curdir) != _ROOT]
    if len(keep) != len(sys.path):
        sys.path[:] = [*keep, _ROOT]


_installed_first()
