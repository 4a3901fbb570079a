"""The `yijing` command (docs/simulation.md): `main` is its entry point; the
command layer is main.py, each game's part its own module (see main.py)."""

from __future__ import annotations

from .main import main

__all__ = ["main"]
