"""Records, replays and page reading for the replay viewer's tests (tests/viewer)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pyyijing as yj
from pyyijing import mahjong as mj
from pyyijing.core.replay import RecordDeal, record_rules

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

_DATA = re.compile(r'<script type="application/json" id="viewer-data">(.*?)</script>', re.S)


def golden_records() -> list[tuple[str, dict[str, Any]]]:
    """(name, record) of every golden playthrough: each game and ruleset."""
    out = []
    for folder in ("playthroughs", "mahjong_playthroughs"):
        for path in sorted((GOLDEN / folder).glob("*.json")):
            record = json.loads(path.read_text(encoding="utf-8"))["record"]
            out.append((path.stem, record))
    return out


def game_class(record: dict[str, Any]) -> tuple[Any, Any]:
    """The record's (Game, Rules) classes."""
    return (mj.Game, mj.Rules) if record.get("game") == "mahjong" else (yj.Game, yj.Rules)


def game_after(record: dict[str, Any], moves: int) -> Any:
    """The record's game after its first `moves` moves, replayed by the engine."""
    game_cls, rules_cls = game_class(record)
    game = RecordDeal.of(record).deal(game_cls, record_rules(record, rules_cls), None)
    for move in record["moves"][:moves]:
        game.apply(move)
    return game


def hand_codes(game: Any, seat: int) -> list[str]:
    """`seat`'s concealed tiles as the engine's own view of them gives, as sorted codes
    ([] when no tile is seen yet: Shaoyang before the raises)."""
    hand = game.view(seat)["seats"][seat]["hand"]
    if hand is None:
        return []
    if isinstance(game, mj.Game):
        return sorted(hand[i : i + 2] for i in range(0, len(hand), 2))
    return sorted(hand)


def page_json(html: str) -> dict[str, Any]:
    """The per-step data embedded in a page's HTML text."""
    found = _DATA.search(html)
    assert found is not None, "the page embeds no viewer-data block"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def exact(record: dict[str, Any]) -> dict[str, Any]:
    """The same deal as an exact-wall record (no seed, no dice)."""
    return {**record, "seed": None, "dice": None, "dealer_source": "given"}


def random_record(kind: str, seed: int) -> dict[str, Any]:
    """A hand of random legal moves: kind is a mahjong ruleset, ``"common_void"``, or
    ``"yijingpai"``/``"yijingpai_3p"``."""
    rng = random.Random(seed)
    if kind.startswith("yijingpai"):
        game: Any = yj.Game(yj.Rules(players=3 if kind.endswith("3p") else 4), seed=seed)
    elif kind == "common_void":
        game = mj.Game(mj.Rules("common", void_suit=True), seed=seed)
    else:
        game = mj.Game(mj.Rules(kind), seed=seed)
    for _ in range(2000):
        if game.phase == "over":
            break
        game.apply(rng.choice(game.legal_moves()))
    record: dict[str, Any] = game.record()
    return record


def replayed(record: dict[str, Any], wall: str) -> dict[str, Any] | None:
    """The exact-wall record of `record`'s moves on `wall`, or None if a move is illegal."""
    game_cls, rules_cls = game_class(record)
    game = game_cls(record_rules(record, rules_cls), wall=wall, dealer=record["dealer"])
    if game.apply_all(list(record["moves"])) is not None:
        return None
    out: dict[str, Any] = game.record()
    return out


def seat_views(record: dict[str, Any], seat: int) -> list[Any]:
    """`seat`'s view after every move of `record` (the deal first)."""
    game = game_after(record, 0)
    views = [game.view(seat)]
    for move in record["moves"]:
        game.apply(move)
        views.append(game.view(seat))
    return views


def wall_tiles(record: dict[str, Any]) -> list[str]:
    """The record's wall as a list of tile codes (mahjong: two characters each)."""
    wall: str = record["wall"]
    if record.get("game") == "mahjong":
        return [wall[i : i + 2] for i in range(0, len(wall), 2)]
    return list(wall)
