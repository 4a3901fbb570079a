"""The engine's version, written into every record ("engine_version")."""

from __future__ import annotations

__version__ = "0.1.0"
