"""Mahjong tests: helpers (mj_hands.py in this folder) and the backend fixture."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    # mj_hands / mj_peers live next to the tests (no __init__.py here, so that
    # `import mahjong` still finds the peer package, not this folder).
    sys.path.insert(0, HERE)
