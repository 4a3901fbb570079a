"""The mahjong game engine in plain Python: the readable reference of the rules.

One hand of any mahjong ruleset of the seeds, exactly as
``docs/mahjong-engine.md`` specifies it for every backend, clause by clause of
the rules page (§N are the sections of the design folder's
``rules/mahjong.md``, which ``docs/mahjong.md`` restates). The shared flow of a
hand is ``flow.py``; each ruleset's rules are a subclass in its own module:
``common.py`` (大眾麻將 with its flowers, 報聽 and the void-suit game 定缺),
``shaoyang.py`` (邵陽麻將: 舉手 raises, self-draw wins, robbable kongs) and
``changsha.py`` (長沙麻將); the move text is ``notation.py``. The C++ core
(``core_cpp/src/mahjong/engine_*.cpp``) must give identical answers:
tests/mahjong/test_game_parity.py plays thousands of seeded games through both.
Also compiled by Cython as ``pyyijing._cy.mahjong.engine``.

Input checking of walls and seats is the ``pyyijing.mahjong`` layer's; moves
are parsed here (a move is any text from a user).
"""

from __future__ import annotations

from .changsha import ChangshaHand
from .common import CommonHand
from .config import Config
from .flow import Hand
from .shaoyang import ShaoyangHand

# The hand class of each ruleset (Config accepts these rulesets only).
HANDS: dict[str, type[Hand]] = {
    "common": CommonHand,
    "shaoyang": ShaoyangHand,
    "changsha": ChangshaHand,
}


def GameCore(config: Config, wall: str, dealer: int) -> Hand:  # noqa: N802 (the part's name)
    """One hand of `config`'s ruleset, dealt (docs/mahjong-engine.md "GameCore")."""
    if not isinstance(config, Config):
        raise TypeError(f"config must be a mahjong Config; got {type(config).__name__}")
    return HANDS[config.ruleset](config, wall, dealer)
