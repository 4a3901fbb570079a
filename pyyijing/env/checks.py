"""The checks of the environments' own keywords, with the errors the users see."""

from __future__ import annotations

import numpy as np

RENDER_MODES = (None, "ansi")


def check_number(name: str, value: object) -> float:
    """`value` as a float: TypeError if not a number, ValueError if not finite."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number; got {type(value).__name__}")
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite; got {value}")
    return float(value)


def check_render_mode(render_mode: object) -> str | None:
    if render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
    return render_mode
