"""Nim's adapter for the generic random-play checks (tests/game_adapters.py says what each
method answers)."""

from __future__ import annotations

import random
from typing import Any

from game_adapters import GameAdapter, OptionMix

from .nim import MESSAGES, NAME, Game, Rules, replay

_VIEW_KEYS = {"viewer", "phase", "heaps", "turn", "to_act", "history", "seats", "dice"}


class NimAdapter(GameAdapter):
    name = NAME
    reason_codes = frozenset(MESSAGES) - {"ok"}
    hidden_keys = frozenset({"private"})
    public_seat_keys = frozenset({"seat"})

    def option_mixes(self) -> list[OptionMix]:
        return [
            OptionMix("default", Rules()),
            OptionMix("p3-h4-m9-t2", Rules(players=3, heaps=4, max_heap=9, max_take=2)),
            OptionMix("p4-h2-m5-t4", Rules(players=4, heaps=2, max_heap=5, max_take=4)),
        ]

    def new_game(self, rules: Any, seed: int, backend: str) -> Any:
        return Game(rules, seed=seed, backend=backend)

    def replay(self, record: dict[str, Any], backend: str) -> Any:
        return replay(record, backend=backend)

    def seats(self, game: Any) -> range:
        return range(game.rules.players)

    def max_moves(self, rules: Any) -> int:
        return int(rules.heaps * rules.max_heap)  # each move takes a stone at least

    def seat_entries(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = view["seats"]
        return entries

    def check_view(self, game: Any, viewer: int | None, view: dict[str, Any]) -> None:
        assert set(view) == _VIEW_KEYS, f"view({viewer}) keys {sorted(view)}"
        assert view["phase"] == game.phase
        assert view["to_act"] == (viewer is not None and viewer in game.to_act)
        assert all(h >= 0 for h in view["heaps"])
        assert (view["turn"] is None) == (game.phase == "over")

    def near_misses(self, game: Any, move: str, rng: random.Random) -> list[tuple[str, str | None]]:
        seat, _, rest = move.partition(":take=")
        heap, count = (int(x) for x in rest.split("x"))
        players = game.rules.players
        return [
            (f"s{(int(seat[1:]) + 1) % players}:take={heap}x{count}", None),
            (f"s{players}:take={heap}x{count}", "malformed"),
            (f"{seat}:take={heap}x0", "malformed"),
            (f"{seat}:take={heap}x{count + 1}", None),
            (f"{seat}:take={heap + 1}x{count}", None),
            (f"{seat}:take={game.rules.heaps}x1", None),
            (f"{seat}:take={heap}x{game.rules.max_take + 1}", None),
            (move + " ", "malformed"),
        ]

    def junk_moves(self, game: Any, rng: random.Random) -> list[tuple[str, str | None]]:
        junk = ["", "s0", "s0:take", "s0:take=x", "s0:pass", "s-1:take=0x1", "ｓ0:take=0x1"]
        junk.append("s0:take=0x1" * 50)
        out: list[tuple[str, str | None]] = [(m, "malformed") for m in junk]
        noise = "".join(rng.choice("s0123:takex=") for _ in range(rng.randrange(20)))
        out.append((noise, None))  # by chance a move of the notation: any code then
        return out

    def check_conservation(self, game: Any, views: dict[int | None, dict[str, Any]]) -> None:
        taken = sum(int(m.rpartition("x")[2]) for m in game.moves)
        dealt = sum(int(h) for h in game.wall.split("-"))
        assert sum(views[None]["heaps"]) + taken == dealt, "stones were made or lost"
