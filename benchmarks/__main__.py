"""``python -m benchmarks``: run the suite (see benchmarks/run.py)."""

from __future__ import annotations

import sys

from .run import main

sys.exit(main())
