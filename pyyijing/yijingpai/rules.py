"""`Rules`: every option of the rules page (§8), validated once for every backend.

The options are declared once, in `YIJINGPAI_OPTIONS` (pyyijing/core/options.py
says what an entry holds); the `Rules` class, the CLI flags and the service's
proto conversion all come from it. The backends receive one plain config
(`Rules.core_config`, turned into each backend's own Config object); all
checking of user-supplied values happens here so that every backend raises
the same errors.
"""

from __future__ import annotations

from typing import Any

from ..core.options import Option, RuleSet
from .wall import check_wall

# docs/yijing.md §5: canonical order and the bit each condition has in the
# native win mask. A new win condition is added here and in each backend's
# condition table (pyyijing/fallback/yijingpai/hexagram_bits.py and
# core_cpp/include/yijing/yijingpai/hexagram_bits.hpp).
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


YIJINGPAI_OPTIONS: tuple[Option, ...] = (
    Option(
        "variant",
        str,
        VARIANTS,
        "standard",
        "game variant: standard plays 2 lines at a time, simple 3 (a 9-tile deal)",
        "variant",
        proto_enum="VARIANT",
    ),
    Option("players", int, PLAYERS, 4, "number of seats", "players"),
    Option(
        "deck",
        int,
        DECKS,
        144,
        "tiles in the set: 144 (70 yang, 70 yin, 4 taiji) or 162 (79, 79, 4)",
        "deck",
        proto_enum="DECK",
    ),
    Option(
        "taiji",
        str,
        TAIJI_RULES,
        "wild",
        "the 4 taiji tiles: wild (declared yang or yin when played) or none (left out)",
        "taiji",
        proto_enum="TAIJI_RULE",
    ),
    Option(
        "taiji_in_pong",
        bool,
        (True, False),
        True,
        "may a taiji stand in (declared to match) for a tile of a pong 碰",
        "taiji_in_pong",
    ),
    Option(
        "win_conditions",
        str,
        WIN_CONDITIONS,
        BASIC_WIN_CONDITIONS,
        "the win conditions in force, comma separated (docs/yijing.md §5)",
        "win_conditions",
        proto_enum="WIN_CONDITION",
        multiple=True,
        element="condition",
    ),
    Option(
        "self_draw_payment",
        str,
        SELF_DRAW_PAYMENTS,
        "each",
        "self-draw: every other seat pays the points (each) or they divide them (split)",
        "self_draw_payment",
        proto_enum="SELF_DRAW_PAYMENT",
    ),
    Option(
        "next_dealer",
        str,
        NEXT_DEALER_RULES,
        "dice",
        "who deals the next hand of a match: the dice, the winner (the dealer again after a draw) "
        "or the next seat (rotate)",
        "next_dealer",
        proto_enum="NEXT_DEALER",
    ),
)
"""The options of Yi Jing Pai, in the order of `Rules` (docs/yijing.md, Options)."""

OPTIONS_BY_NAME: dict[str, Option] = {o.name: o for o in YIJINGPAI_OPTIONS}


class Rules(RuleSet):
    """The rule options of Yi Jing Pai (docs/yijing.md, "Options and defaults").

    ``Rules(variant=..., players=..., deck=..., taiji=..., taiji_in_pong=...,
    win_conditions=..., self_draw_payment=..., next_dealer=...)``: every option
    is keyword-only and optional; see `YIJINGPAI_OPTIONS` for the allowed values
    and defaults.
    """

    OPTIONS = YIJINGPAI_OPTIONS
    __slots__ = ()

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

    def check_wall(self, wall: object) -> str:
        """`wall` if it holds exactly this deck's tiles (docs/yijing.md §2), else ValueError."""
        return check_wall(self, wall)

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
