"""pyyijing: a rule engine for Yi Jing Pai (易經牌) and three Chinese mahjong rulesets.

The games, each a package registered in `pyyijing.core.registry` (`games()`
lists them): Yi Jing Pai, the I-Ching tile game (`pyyijing.yijingpai`, the
default game, whose names this package's top level re-exports), and mahjong
(`pyyijing.mahjong`): common (大眾, with its void-suit game), Shaoyang
(邵陽) and Changsha (長沙). For each: a referee (deal, validate, apply, score,
per-seat views, records), a simulator (``simulate``, bots) and, in a source
checkout, a benchmark suite (``yijing bench``).

The engine runs on one of three backends: "native" (the C++17 core through
pybind11), "cython" (the fallback sources compiled by Cython) or "python"
(the same fallback sources interpreted). ``PYYIJING_BACKEND`` forces one.
"""

from __future__ import annotations

from . import _backend
from .core.active import set_active as _set_active
from .core.registry import GameSpec, games
from .core.version import __version__ as __version__
from .yijingpai.iching import Digram, Hexagram, LinesTypeError, Trigram, _install
from .yijingpai.shuffle import shuffle_wall_with as _shuffle_wall_with

try:
    _ACTIVE = _backend.select()
except ImportError as _exc:
    _backend.exit_if_command(_exc)  # the `yijing` command: one line, exit 2, no traceback
    raise
_install(_ACTIVE)
_set_active(_ACTIVE.name)

# The game API is shared by every backend (it imports the version above).
from . import env, events  # noqa: E402  (each imports its libraries when used)
from .errors import IllegalMove, RecordError, Verdict  # noqa: E402
from .simulate import BOTS, Bot, SimResult, bot_move, simulate  # noqa: E402
from .yijingpai.game import RULES_VERSION, Game, Result  # noqa: E402
from .yijingpai.match import Match  # noqa: E402
from .yijingpai.positions import PositionCheck, validate_positions  # noqa: E402
from .yijingpai.replay import replay  # noqa: E402
from .yijingpai.rules import WIN_CONDITIONS, Rules  # noqa: E402


def backend() -> str:
    """The active backend: "native", "cython" or "python"."""
    return _ACTIVE.name


def shuffle_wall(seed: int, deck: int = 144, taiji: str = "wild") -> tuple[str, tuple[int, int]]:
    """The shuffled wall for `seed` and the two dice ``(d1, d2)`` that pick the dealer.

    The wall is a string in draw order: ``1`` yang, ``0`` yin, ``T`` taiji;
    70 + 70 (+ 4 taiji) tiles for ``deck=144``, 79 + 79 (+ 4) for ``deck=162``;
    ``taiji="none"`` leaves the taiji tiles out. The same seed gives the same
    wall on every backend and machine.

    Raises TypeError if `seed` is not an int (bool and float included),
    ValueError if it is outside [0, 2**64) or if `deck`/`taiji` is not allowed.
    """
    return _shuffle_wall_with(_ACTIVE, seed, deck, taiji)


__all__ = [
    "BOTS",
    "RULES_VERSION",
    "WIN_CONDITIONS",
    "Bot",
    "Digram",
    "Game",
    "GameSpec",
    "Hexagram",
    "IllegalMove",
    "LinesTypeError",
    "Match",
    "PositionCheck",
    "RecordError",
    "Result",
    "Rules",
    "SimResult",
    "Trigram",
    "Verdict",
    "__version__",
    "backend",
    "bot_move",
    "env",
    "events",
    "games",
    "replay",
    "shuffle_wall",
    "simulate",
    "validate_positions",
]
