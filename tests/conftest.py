"""Shared fixtures: every backend, the CSV data and the golden vectors."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any

import pytest

from pyyijing import _backend

HERE = Path(__file__).resolve().parent


def _load_backend(name: str) -> _backend.Backend:
    try:
        return _backend.load(name)
    except ImportError as exc:
        # `make test` sets PYYIJING_REQUIRE_ALL_BACKENDS=1: a missing backend is a failure there.
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {name} unavailable: {exc}")
        pytest.skip(f"backend {name} unavailable: {exc}")


@pytest.fixture(params=_backend.BACKENDS, scope="session")
def backend(request: pytest.FixtureRequest) -> _backend.Backend:
    """Each backend in turn, imported directly (independent of PYYIJING_BACKEND)."""
    return _load_backend(request.param)


def read_csv(name: str) -> list[dict[str, str]]:
    with (HERE / "data" / f"iching_{name}.csv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="session")
def iching_csv() -> dict[str, list[dict[str, str]]]:
    """The verified CSV rows: keys "hexagrams", "trigrams", "digrams"."""
    return {name: read_csv(name) for name in ("hexagrams", "trigrams", "digrams")}


@pytest.fixture(scope="session")
def golden() -> dict[str, Any]:
    with (HERE / "golden" / "shuffle_vectors.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data
