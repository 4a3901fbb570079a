"""pyyijing._registry (pyyijing.core.parts): every (game, part, backend) entry imports on an
installed build, and unknown names give clear errors."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

from pyyijing import _backend, _registry

ENTRIES = _registry.entries()


def _built(backend: str) -> bool:
    return backend in _backend.available()


@pytest.mark.parametrize(("game", "part", "backend"), ENTRIES, ids="-".join)
def test_every_entry_imports(game: str, part: str, backend: str) -> None:
    if not _built(backend):
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {backend} unavailable")
        pytest.skip(f"backend {backend} not built")
    got = _registry.load(game, part, backend)
    name = _registry.module_name(game, part, backend)
    spec = _registry.parts_of(game)[part]
    if spec.attr is None:
        assert isinstance(got, ModuleType)
        assert got.__name__ == name
    else:
        assert got is getattr(__import__(name, fromlist=[spec.attr]), spec.attr)
    assert _registry.load(game, part, backend) is got  # looked up once


def test_layout_follows_the_backend() -> None:
    name = _registry.module_name
    assert name("yijingpai", "engine", "native") == "pyyijing._native.yijingpai"
    assert name("yijingpai", "engine", "cython") == "pyyijing._cy.yijingpai.engine"
    assert name("yijingpai", "engine", "python") == "pyyijing.fallback.yijingpai.engine"
    assert name("yijingpai", "positions", "python") == "pyyijing.fallback.yijingpai.position_check"
    assert name("mahjong", "hand_eval", "native") == "pyyijing._native.mahjong"
    assert name("mahjong", "hand_eval", "cython") == "pyyijing._cy.mahjong.hand_eval"
    # parts the C++ core does not have are the python modules on native
    assert name("mahjong", "patterns", "native") == "pyyijing.fallback.mahjong.patterns"
    assert name("yijingpai", "bots", "native") == "pyyijing.fallback.yijingpai.bots"
    # the shared code sits at the top of each backend
    assert name(_registry.SHARED, "prng", "native") == "pyyijing._native"
    assert name(_registry.SHARED, "prng", "cython") == "pyyijing._cy.prng"
    assert name(_registry.SHARED, "prng", "python") == "pyyijing.fallback.prng"


def test_every_game_and_backend_is_listed() -> None:
    assert _registry.BACKENDS == _backend.BACKENDS == ("native", "cython", "python")
    games = {game for game, _part, _backend in ENTRIES}
    assert games == {"yijingpai", "mahjong", _registry.SHARED}


def test_active_backend_when_none() -> None:
    import pyyijing as yj

    assert _registry.load("yijingpai", "engine") is _registry.load(
        "yijingpai", "engine", yj.backend()
    )


def test_unknown_game() -> None:
    with pytest.raises(ValueError, match=r"game must be one of yijingpai, mahjong .*got 'chess'"):
        _registry.load("chess", "engine", "python")


def test_unknown_part() -> None:
    with pytest.raises(ValueError, match=r"yijingpai has no part 'hand_eval'; its parts: .*engine"):
        _registry.load("yijingpai", "hand_eval", "python")


def test_unknown_backend() -> None:
    with pytest.raises(
        ValueError, match=r"backend must be one of native, cython, python; got 'fortran'"
    ):
        _registry.load("yijingpai", "engine", "fortran")


def test_native_only_part_on_a_fallback_is_import_error() -> None:
    with pytest.raises(ImportError, match="the python backend has no yijingpai sim: it is native"):
        _registry.load("yijingpai", "sim", "python")


def test_unbuilt_module_is_import_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pyyijing.fallback.mahjong.hand_eval", None)
    _registry._load.cache_clear()
    try:
        with pytest.raises(
            ImportError,
            match=r"the python backend has no mahjong hand_eval "
            r"\(pyyijing\.fallback\.mahjong\.hand_eval\)",
        ):
            _registry.load("mahjong", "hand_eval", "python")
    finally:
        _registry._load.cache_clear()


def test_backend_load_keeps_its_import_error() -> None:
    with pytest.raises(ImportError, match="unknown pyyijing backend 'fortran'"):
        _backend.load("fortran")
