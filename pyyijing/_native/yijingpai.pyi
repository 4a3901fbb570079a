"""Type stubs for pyyijing._native.yijingpai, Yi Jing Pai in C++ (core_cpp/bindings:
native_module.cpp, yijingpai_config.cpp, yijingpai_game_bindings.cpp,
yijingpai_sim_bindings.cpp, yijingpai_position_check_bindings.cpp,
yijingpai_wire_bindings.cpp; docs/backend-interface.md)."""

from collections.abc import Callable
from typing import Any

HEXAGRAMS: list[tuple[int, str, str, str, str, str, str, str]]
TRIGRAMS: list[tuple[str, str, str, str, str]]
DIGRAMS: list[tuple[str, str, str, str, str]]

def shuffle_wall(seed: int, deck: int, taiji: str) -> tuple[str, tuple[int, int]]: ...

# core_cpp/bindings/yijingpai_config.cpp: Config(**pyyijing.Rules.core_config())
class Config:
    # The keywords of pyyijing.Rules.core_config() (play_size, players, ...),
    # each an attribute of its value type: the binding expands the core's field
    # list (YIJING_YIJINGPAI_CONFIG_FIELDS).
    def __init__(self, **fields: Any) -> None: ...
    def __getattr__(self, name: str) -> Any: ...

# core_cpp/bindings/yijingpai_game_bindings.cpp
class GameCore:
    def __init__(self, config: Config, wall: str, dealer: int) -> None: ...
    def copy(self) -> GameCore: ...
    def phase(self) -> str: ...
    def to_act(self) -> list[int]: ...
    def legal_moves(self, seat: int) -> list[str]: ...
    def check(self, move: str) -> tuple[str, str]: ...
    def apply(self, move: str) -> tuple[str, str]: ...
    def apply_all(self, moves: list[str]) -> tuple[int, str, str]: ...
    def apply_each(self, moves: list[str]) -> list[tuple[str, str]]: ...
    def view(self, seat: int) -> dict[str, Any]: ...
    def ready(self, seat: int) -> list[dict[str, Any]]: ...
    def result(self) -> dict[str, Any] | None: ...
    def moves(self) -> list[str]: ...
    def wall(self) -> str: ...
    def dealer(self) -> int: ...

# core_cpp/bindings/yijingpai_sim_bindings.cpp (docs/simulation.md)
def sim_batch(
    config: Config,
    policies: list[str],
    rotate: bool,
    seed: int,
    start: int,
    count: int,
    threads: int,
    hands_per_match: int = 0,
    next_dealer: str = "dice",
) -> dict[str, Any]: ...
def sim_game_moves(
    config: Config,
    policies: list[str],
    rotate: bool,
    seed: int,
    index: int,
    hands_per_match: int = 0,
    next_dealer: str = "dice",
) -> list[str]: ...
def bot_move(
    policy: str,
    seat: int,
    seed: int,
    config: Config,
    wall: str,
    dealer: int,
    moves: list[str],
) -> str: ...

# core_cpp/bindings/yijingpai_position_check_bindings.cpp (docs/backend-interface.md)
def check_positions(
    config: Config, items: list[tuple[int | None, str | None, int, list[str], str]]
) -> list[tuple[int, str, str]]: ...

# core_cpp/bindings/yijingpai_wire_bindings.cpp (the service's ValidateMoves fast path)
# "Message.field" -> field number, for every field the wire fast path reads or writes
WIRE_FIELDS: dict[str, int]

def validate_moves_wire(
    request: bytes,
    max_batch: int,
    max_moves: int,
    max_move_chars: int,
    rules_config: Callable[[bytes], Config | None],
) -> tuple[bytes, dict[str, int]] | None: ...
