"""`Rules`: every option of the rules page (§8), validated once for every backend.

The backends receive one plain config (`Rules.core_config`, turned into each
backend's own Config object); all checking of user-supplied values happens
here so that every backend raises the same errors.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# docs/yijing.md §5: canonical order and the bit each condition has in the
# native win mask. A new win condition is added here and in each backend's
# condition table (pyyijing/fallback/hexagram_bits.py, core_cpp hexagram_bits).
WIN_CONDITIONS: tuple[str, ...] = (
    "two_targets",
    "three_of_a_kind",
    "target_and_eight_trigrams",
    "eight_trigrams_and_pair",
    "eight_trigrams_and_qian",
    "eight_trigrams_and_kun",
)
WIN_CONDITION_BITS: dict[str, int] = {name: 1 << i for i, name in enumerate(WIN_CONDITIONS)}
BASIC_WIN_CONDITIONS: tuple[str, ...] = ("two_targets", "three_of_a_kind")

VARIANTS: tuple[str, ...] = ("standard", "simple")
PLAYERS: tuple[int, ...] = (2, 3, 4)
DECKS: tuple[int, ...] = (144, 162)
TAIJI_RULES: tuple[str, ...] = ("wild", "none")
SELF_DRAW_PAYMENTS: tuple[str, ...] = ("each", "split")
NEXT_DEALER_RULES: tuple[str, ...] = ("dice", "winner", "rotate")


def _choice(option: str, value: Any, allowed: tuple[Any, ...]) -> Any:
    # Exact types: players=True or players=4.0 must not pass as an int option.
    if type(value) is not type(allowed[0]) or value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"{option} must be one of {shown}; got {value!r}")
    return value


def _win_conditions(value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ValueError(
            "win_conditions must be a list or tuple of condition names from "
            f"{', '.join(WIN_CONDITIONS)}; got {value!r}"
        )
    names = list(value)
    unknown = [n for n in names if not isinstance(n, str) or n not in WIN_CONDITION_BITS]
    if unknown:
        raise ValueError(
            f"win_conditions: unknown condition {unknown[0]!r}; "
            f"allowed: {', '.join(WIN_CONDITIONS)}"
        )
    if not names:
        raise ValueError("win_conditions must name at least one condition")
    chosen = set(names)
    return tuple(n for n in WIN_CONDITIONS if n in chosen)


@dataclass(frozen=True)
class Rules:
    """The rule options of Yi Jing Pai (docs/yijing.md, "Options and defaults")."""

    variant: str = "standard"
    players: int = 4
    deck: int = 144
    taiji: str = "wild"
    taiji_in_pong: bool = True
    win_conditions: tuple[str, ...] = field(default=BASIC_WIN_CONDITIONS)
    self_draw_payment: str = "each"
    next_dealer: str = "dice"

    def __post_init__(self) -> None:
        _choice("variant", self.variant, VARIANTS)
        _choice("players", self.players, PLAYERS)
        _choice("deck", self.deck, DECKS)
        _choice("taiji", self.taiji, TAIJI_RULES)
        _choice("taiji_in_pong", self.taiji_in_pong, (True, False))
        object.__setattr__(self, "win_conditions", _win_conditions(self.win_conditions))
        _choice("self_draw_payment", self.self_draw_payment, SELF_DRAW_PAYMENTS)
        _choice("next_dealer", self.next_dealer, NEXT_DEALER_RULES)

    # -- derived facts ---------------------------------------------------------
    @property
    def play_size(self) -> int:
        """Lines per play: 2 in the standard game, 3 in the simple variant (§3, §7)."""
        return 2 if self.variant == "standard" else 3

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each seat: 8 standard, 9 simple (rules page §2)."""
        return 6 + self.play_size

    @property
    def line_tiles(self) -> int:
        """Yang tiles (= yin tiles) in the set: 70 for 144, 79 for 162 (§1)."""
        return 70 if self.deck == 144 else 79

    @property
    def taiji_tiles(self) -> int:
        return 4 if self.taiji == "wild" else 0

    @property
    def wall_size(self) -> int:
        return 2 * self.line_tiles + self.taiji_tiles

    @property
    def win_mask(self) -> int:
        mask = 0
        for name in self.win_conditions:
            mask |= WIN_CONDITION_BITS[name]
        return mask

    def core_config(self) -> dict[str, Any]:
        """What the engine of every backend is configured with (its Config fields).

        ``deck`` and ``taiji`` make the wall; the others are the rules of play.
        Each backend builds its own Config object from this dict (the native
        one a C++ struct, the fallback a small Python object).
        """
        return {
            "play_size": self.play_size,
            "players": self.players,
            "taiji_in_pong": self.taiji_in_pong,
            "win_mask": self.win_mask,
            "split_payment": self.self_draw_payment == "split",
            "deck": self.deck,
            "taiji": self.taiji,
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form (used in records)."""
        return {
            "variant": self.variant,
            "players": self.players,
            "deck": self.deck,
            "taiji": self.taiji,
            "taiji_in_pong": self.taiji_in_pong,
            "win_conditions": list(self.win_conditions),
            "self_draw_payment": self.self_draw_payment,
            "next_dealer": self.next_dealer,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Inverse of `to_dict`; unknown keys raise ValueError naming them."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a dict of options; got {type(data).__name__}")
        known = set(cls.__dataclass_fields__)
        extra = sorted(set(data) - known)
        if extra:
            raise ValueError(
                f"unknown rule option {extra[0]!r}; options: {', '.join(sorted(known))}"
            )
        kwargs = dict(data)
        if "win_conditions" in kwargs and isinstance(kwargs["win_conditions"], list):
            kwargs["win_conditions"] = tuple(kwargs["win_conditions"])
        return cls(**kwargs)
