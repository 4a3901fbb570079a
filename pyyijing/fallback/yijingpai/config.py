"""``Config``: the one value a Yi Jing Pai engine is configured with.

Built from ``pyyijing.Rules.core_config()`` as ``Config(**rules.core_config())``
(keyword arguments only) and checked once, here; every entry point of the
backend (``GameCore``, ``check_positions``, the bots) takes it whole instead
of the options one by one. The native twin is ``pyyijing._native.yijingpai.Config``
(declared in core_cpp/include/yijing/yijingpai/config.hpp, checked by its
``config_error``), with the same fields and errors.

- ``play_size``: lines per play, 2 (standard) or 3 (simple);
- ``players``: 2, 3 or 4;
- ``taiji_in_pong``: may a taiji stand in for a pong tile;
- ``win_mask``: the enabled win conditions, a non-zero OR of the bits of
  docs/yijing.md §5 (1..63);
- ``split_payment``: a self-draw is split among the losers (``self_draw_payment="split"``);
- ``deck`` (144 or 162) and ``taiji`` (``"wild"`` or ``"none"``): the tile set
  a wall is shuffled from (``GameCore`` is dealt a wall and does not use them).

A rule option is added as a field here, in the .pxd and in the native Config.
Treat a Config as read-only (the Cython build makes its fields so).
"""

from __future__ import annotations

from .hexagram_bits import ALL_CONDITIONS_MASK
from .wall import LINE_TILES, TAIJI_TILES


def _int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int; got {type(value).__name__}")
    return value


def _bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool; got {type(value).__name__}")
    return value


class Config:
    """The rules of one Yi Jing Pai hand and the tile set of its wall (see the module)."""

    __slots__ = (
        "deck",
        "play_size",
        "players",
        "split_payment",
        "taiji",
        "taiji_in_pong",
        "win_mask",
    )

    def __init__(
        self,
        *,
        play_size: int,
        players: int,
        taiji_in_pong: bool,
        win_mask: int,
        split_payment: bool,
        deck: int,
        taiji: str,
    ) -> None:
        if _int("play_size", play_size) not in (2, 3):
            raise ValueError(f"play_size must be 2 or 3; got {play_size!r}")
        if _int("players", players) not in (2, 3, 4):
            raise ValueError(f"players must be 2, 3 or 4; got {players!r}")
        if not 0 < _int("win_mask", win_mask) <= ALL_CONDITIONS_MASK:
            raise ValueError(
                f"win_mask must be a non-zero subset of the 6 condition bits; got {win_mask!r}"
            )
        if _int("deck", deck) not in LINE_TILES:
            raise ValueError(f"deck must be 144 or 162; got {deck!r}")
        if not isinstance(taiji, str):
            raise TypeError(f"taiji must be a str; got {type(taiji).__name__}")
        if taiji not in TAIJI_TILES:
            raise ValueError(f"taiji must be 'wild' or 'none'; got {taiji!r}")
        self.play_size = play_size
        self.players = players
        self.taiji_in_pong = _bool("taiji_in_pong", taiji_in_pong)
        self.win_mask = win_mask
        self.split_payment = _bool("split_payment", split_payment)
        self.deck = deck
        self.taiji = taiji

    def __repr__(self) -> str:
        return (
            f"Config(play_size={self.play_size}, players={self.players}, "
            f"taiji_in_pong={self.taiji_in_pong}, win_mask={self.win_mask}, "
            f"split_payment={self.split_payment}, deck={self.deck}, taiji={self.taiji!r})"
        )
