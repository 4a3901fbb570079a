"""Type stubs for pyyijing._native.yijingpai (core_cpp/bindings: native_module.cpp,
yijingpai_bindings.cpp, sim_bindings.cpp, position_check_bindings.cpp, wire_bindings.cpp)."""

from collections.abc import Callable
from typing import Any

HEXAGRAMS: list[tuple[int, str, str, str, str, str, str, str]]
TRIGRAMS: list[tuple[str, str, str, str, str]]
DIGRAMS: list[tuple[str, str, str, str, str]]

def shuffle_wall(seed: int, deck: int, taiji: str) -> tuple[str, tuple[int, int]]: ...

# core_cpp/bindings/sim_bindings.cpp (docs/simulation.md)
def sim_batch(
    play_size: int,
    players: int,
    taiji_in_pong: bool,
    win_mask: int,
    split_payment: bool,
    deck: int,
    taiji: str,
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
    play_size: int,
    players: int,
    taiji_in_pong: bool,
    win_mask: int,
    split_payment: bool,
    deck: int,
    taiji: str,
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
    play_size: int,
    players: int,
    taiji_in_pong: bool,
    win_mask: int,
    split_payment: bool,
    wall: str,
    dealer: int,
    moves: list[str],
) -> str: ...

# core_cpp/bindings/position_check_bindings.cpp (docs/backend-interface.md)
def check_positions(
    play_size: int,
    players: int,
    taiji_in_pong: bool,
    win_mask: int,
    split_payment: bool,
    deck: int,
    taiji: str,
    items: list[tuple[int | None, str | None, int, list[str], str]],
) -> list[tuple[int, str, str]]: ...

# core_cpp/bindings/wire_bindings.cpp (the service's ValidateMoves fast path)
def validate_moves_wire(
    request: bytes,
    max_batch: int,
    max_moves: int,
    max_move_chars: int,
    rules_config: Callable[[bytes], tuple[int, int, bool, int, bool, int, str] | None],
) -> tuple[bytes, dict[str, int]] | None: ...
