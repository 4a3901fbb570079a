"""The mahjong rules as one value for the engine (docs/mahjong-engine.md "Config").

The option values are checked once, by the option table (`pyyijing.mahjong.rules`,
`mj.Rules`), before `Rules.core_config()` gives them here. `Config` checks only
what the engine needs to be built and to run without crashing on a direct call:
the types, the ruleset (it picks the engine's hand class) and which tile set it
plays, and that `floats` are four ints.
"""

from __future__ import annotations

from typing import Any

RULESETS = ("common", "shaoyang", "changsha")

_BOOLS = ("flowers", "void_suit", "declare_ready", "opening_extras", "opening_reuse",
          "mid_game_wins", "pass_lock")  # fmt: skip


class Config:
    """The rule options the engine plays by; keyword-only, read-only.

    Every option of every ruleset is given (`mj.Rules.core_config` fills in the
    table's defaults for the options a ruleset lacks); the engine reads a
    ruleset's own options only. A value outside the option table is played as
    given (docs/mahjong-engine.md "Config").
    """

    __slots__ = (
        "_bird_scoring",
        "_birds",
        "_cap",
        "_compound",
        "_declare_ready",
        "_floats",
        "_flowers",
        "_mid_game_wins",
        "_opening_extras",
        "_opening_reuse",
        "_pass_lock",
        "_ruleset",
        "_void_suit",
    )
    _ruleset: str
    _flowers: bool
    _void_suit: bool
    _declare_ready: bool
    _birds: int
    _bird_scoring: str
    _compound: str
    _cap: int
    _floats: tuple[int, int, int, int]
    _opening_extras: bool
    _opening_reuse: bool
    _mid_game_wins: bool
    _pass_lock: bool

    def __init__(
        self,
        *,
        ruleset: str,
        flowers: bool,
        void_suit: bool,
        declare_ready: bool,
        birds: int,
        bird_scoring: str,
        compound: str,
        cap: int,
        floats: Any,
        opening_extras: bool,
        opening_reuse: bool,
        mid_game_wins: bool,
        pass_lock: bool,
    ) -> None:
        if not isinstance(ruleset, str):
            raise TypeError(f"ruleset must be a str; got {type(ruleset).__name__}")
        values = {
            "flowers": flowers,
            "void_suit": void_suit,
            "declare_ready": declare_ready,
            "opening_extras": opening_extras,
            "opening_reuse": opening_reuse,
            "mid_game_wins": mid_game_wins,
            "pass_lock": pass_lock,
        }
        for name in _BOOLS:
            if not isinstance(values[name], bool):
                raise TypeError(f"{name} must be a bool; got {type(values[name]).__name__}")
        for name, number in (("birds", birds), ("cap", cap)):
            if type(number) is not int:
                raise TypeError(f"{name} must be an int; got {type(number).__name__}")
        for name, text in (("bird_scoring", bird_scoring), ("compound", compound)):
            if not isinstance(text, str):
                raise TypeError(f"{name} must be a str; got {type(text).__name__}")
        if not isinstance(floats, (tuple, list)):
            raise TypeError(f"floats must be a tuple of four ints; got {type(floats).__name__}")
        if ruleset not in RULESETS:
            raise ValueError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}")
        if ruleset != "common" and (flowers or void_suit):
            raise ValueError("flowers and void_suit are options of common only")
        if flowers and void_suit:
            raise ValueError("flowers and void_suit cannot both be on")
        if len(floats) != 4 or any(type(x) is not int for x in floats):
            raise ValueError(f"floats must be four ints; got {tuple(floats)!r}")
        set_ = object.__setattr__
        set_(self, "_ruleset", ruleset)
        for name in _BOOLS:
            set_(self, "_" + name, values[name])
        set_(self, "_birds", birds)
        set_(self, "_bird_scoring", bird_scoring)
        set_(self, "_compound", compound)
        set_(self, "_cap", cap)
        set_(self, "_floats", (floats[0], floats[1], floats[2], floats[3]))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Config is read-only")

    @property
    def ruleset(self) -> str:
        return self._ruleset

    @property
    def flowers(self) -> bool:
        return self._flowers

    @property
    def void_suit(self) -> bool:
        return self._void_suit

    @property
    def declare_ready(self) -> bool:
        return self._declare_ready

    @property
    def birds(self) -> int:
        return self._birds

    @property
    def bird_scoring(self) -> str:
        return self._bird_scoring

    @property
    def compound(self) -> str:
        return self._compound

    @property
    def cap(self) -> int:
        return self._cap

    @property
    def floats(self) -> tuple[int, int, int, int]:
        return self._floats

    @property
    def opening_extras(self) -> bool:
        return self._opening_extras

    @property
    def opening_reuse(self) -> bool:
        return self._opening_reuse

    @property
    def mid_game_wins(self) -> bool:
        return self._mid_game_wins

    @property
    def pass_lock(self) -> bool:
        return self._pass_lock

    @property
    def tiles(self) -> str:
        """The tile set: "144" with flowers, "108" in the void-suit game and Changsha, else
        "136"."""
        if self._flowers:
            return "144"
        if self._void_suit or self._ruleset == "changsha":
            return "108"
        return "136"

    def __repr__(self) -> str:
        return (
            f"Config(ruleset={self._ruleset!r}, flowers={self._flowers}, "
            f"void_suit={self._void_suit}, declare_ready={self._declare_ready}, "
            f"birds={self._birds}, bird_scoring={self._bird_scoring!r}, "
            f"compound={self._compound!r}, cap={self._cap}, floats={self._floats}, "
            f"opening_extras={self._opening_extras}, opening_reuse={self._opening_reuse}, "
            f"mid_game_wins={self._mid_game_wins}, pass_lock={self._pass_lock})"
        )
