"""`mj.Rules`: a mahjong ruleset of the seeds and its options (docs/mahjong.md, "Options").

The options are declared once, in `MAHJONG_OPTIONS` (pyyijing/core/options.py says
what an entry holds; `rulesets` says which rulesets have it). ``Rules(ruleset,
**options)`` holds the ruleset and exactly its own options: an option of
another ruleset, an unknown ruleset or a bad value raises ValueError naming
the option and its allowed values, the same on every backend.
"""

from __future__ import annotations

from typing import Any

from ..core.options import Option, VariantRuleSet

RULESETS: tuple[str, ...] = ("common", "shaoyang", "changsha")
#: The rulesets every backend plays: all of them (a public name of the contract).
PLAYABLE: tuple[str, ...] = RULESETS


def _check_cap(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"cap must be an int >= 0 (0: no cap); got {value!r}")
    return value


def _check_floats(value: Any) -> tuple[int, int, int, int]:
    items = tuple(value) if isinstance(value, (list, tuple)) else None
    if items is None or len(items) != 4 or any(type(x) is not int or x < 0 for x in items):
        raise ValueError(f"floats must be four ints >= 0, one per seat; got {value!r}")
    return (items[0], items[1], items[2], items[3])


MAHJONG_OPTIONS: tuple[Option, ...] = (
    Option(
        "flowers",
        bool,
        (False, True),
        False,
        "play with the eight flowers (144 tiles), set aside and replaced from the back",
        "flowers",
        rulesets=("common",),
    ),
    Option(
        "void_suit",
        bool,
        (False, True),
        False,
        "the void-suit game 定缺: 108 tiles, each seat voids a suit, no chow, no 報聽",
        "void_suit",
        rulesets=("common",),
    ),
    Option(
        "declare_ready",
        bool,
        (False, True),
        True,
        "報聽: a seat may declare ready (its hand is then locked; a bonus on its win)",
        "declare_ready",
        rulesets=("common",),
    ),
    Option(
        "birds",
        int,
        (0, 2, 4),
        2,
        "扎鳥: tiles turned after a win",
        "birds",
        rulesets=("changsha",),
    ),
    Option(
        "bird_scoring",
        str,
        ("add", "multiply"),
        "add",
        "a bird hit multiplies a payment by 1 + hits (add) or 2^hits (multiply)",
        "bird_scoring",
        rulesets=("changsha",),
    ),
    Option(
        "compound",
        str,
        ("add", "multiply"),
        "add",
        "big-win units combine by sum (add) or doubling (multiply)",
        "compound",
        rulesets=("changsha",),
    ),
    Option(
        "cap",
        int,
        (0, 6),
        6,
        "at most this many big-win units (0: no cap)",
        "cap",
        rulesets=("changsha",),
        check=_check_cap,
    ),
    Option(
        "floats",
        tuple,
        ((0, 0, 0, 0),),
        (0, 0, 0, 0),
        "飄: per seat, added to every payment it makes or takes",
        "floats",
        element="seat",
        rulesets=("changsha",),
        check=_check_floats,
        size=4,
    ),
    Option(
        "opening_extras",
        bool,
        (False, True),
        False,
        "起手胡 extras 三同 一枝花 步步高 金童玉女",
        "opening_extras",
        rulesets=("changsha",),
    ),
    Option(
        "opening_reuse",
        bool,
        (False, True),
        False,
        "a four counted as 四喜 may also be a triplet of 六六順",
        "opening_reuse",
        rulesets=("changsha",),
    ),
    Option(
        "mid_game_wins",
        bool,
        (False, True),
        True,
        "中途四喜 / 中途六六順",
        "mid_game_wins",
        rulesets=("changsha",),
    ),
    Option(
        "pass_lock",
        bool,
        (False, True),
        True,
        "過手: a seat that passes a 胡 cannot win on another's tile until it draws",
        "pass_lock",
        rulesets=("changsha",),
    ),
)
OPTIONS_BY_NAME: dict[str, Option] = {o.name: o for o in MAHJONG_OPTIONS}


def options_of(ruleset: str) -> tuple[Option, ...]:
    """The options `ruleset` has, in table order."""
    return Rules.options_of(ruleset)


def check_ruleset(ruleset: Any) -> str:
    return Rules.check_ruleset(ruleset)


class Rules(VariantRuleSet):
    """One mahjong ruleset with its options: an immutable, hashable value.

    ``Rules("common", flowers=True)``. Every option of the ruleset is held
    (defaults filled in) and readable as an attribute; `to_dict` /
    `from_dict` round-trip through JSON (records). The machinery is the
    core's (`VariantRuleSet`), read from `MAHJONG_OPTIONS`.
    """

    OPTIONS = MAHJONG_OPTIONS
    RULESETS = RULESETS
    GAME = "mahjong"
    __slots__ = ()

    @classmethod
    def check_combination(cls, values: dict[str, Any]) -> None:
        if values.get("flowers") and values.get("void_suit"):
            raise ValueError("flowers and void_suit cannot both be on (void_suit plays 108 tiles)")

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self._values.items())
        return f"mj.Rules({self.ruleset!r}{inner})"

    # -- what the rules imply ---------------------------------------------------
    @property
    def tiles(self) -> int:
        """How many tiles the wall holds: 136, 144 (flowers) or 108 (void suit, Changsha)."""
        if self.ruleset == "changsha" or self._values.get("void_suit"):
            return 108
        return 144 if self._values.get("flowers") else 136

    @property
    def tile_set(self) -> str:
        return str(self.tiles)

    def core_config(self) -> dict[str, Any]:
        """The keyword arguments of a backend's mahjong `Config` (docs/mahjong-engine.md)."""
        # Every option of every ruleset, the table's default where this ruleset lacks it
        # (Shaoyang has none: no flowers, no void suit, no 報聽, §6).
        out: dict[str, Any] = {"ruleset": self.ruleset}
        for o in MAHJONG_OPTIONS:
            out[o.name] = self._values.get(o.name, o.default)
        if self.ruleset != "common":
            out["declare_ready"] = False
        return out
