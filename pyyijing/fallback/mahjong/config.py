"""The mahjong rules as one value for the engine (docs/mahjong-engine.md "Config")."""

from __future__ import annotations

# Rulesets whose game engine exists (Changsha joins with its issue).
PLAYABLE = ("common", "shaoyang")


class Config:
    """The rule options the engine plays by; keyword-only, checked once, read-only."""

    __slots__ = ("_declare_ready", "_flowers", "_ruleset", "_void_suit")
    _ruleset: str
    _flowers: bool
    _void_suit: bool
    _declare_ready: bool

    def __init__(
        self, *, ruleset: str, flowers: bool, void_suit: bool, declare_ready: bool
    ) -> None:
        if not isinstance(ruleset, str):
            raise TypeError(f"ruleset must be a str; got {type(ruleset).__name__}")
        for name, value in (
            ("flowers", flowers),
            ("void_suit", void_suit),
            ("declare_ready", declare_ready),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"{name} must be a bool; got {type(value).__name__}")
        if ruleset not in PLAYABLE:
            raise ValueError(
                f"ruleset {ruleset!r} is not implemented yet; playable: {', '.join(PLAYABLE)}"
            )
        if ruleset != "common" and (flowers or void_suit):
            raise ValueError("flowers and void_suit are options of common only")
        if flowers and void_suit:
            raise ValueError("flowers and void_suit cannot both be on")
        object.__setattr__(self, "_ruleset", ruleset)
        object.__setattr__(self, "_flowers", flowers)
        object.__setattr__(self, "_void_suit", void_suit)
        object.__setattr__(self, "_declare_ready", declare_ready)

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
    def tiles(self) -> str:
        """The tile set: "144" with flowers, "108" in the void-suit game, else "136"."""
        if self._flowers:
            return "144"
        if self._void_suit:
            return "108"
        return "136"

    def __repr__(self) -> str:
        return (
            f"Config(ruleset={self._ruleset!r}, flowers={self._flowers}, "
            f"void_suit={self._void_suit}, declare_ready={self._declare_ready})"
        )
