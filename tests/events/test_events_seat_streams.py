"""A seat's stream shows only what that seat saw at the table (docs/events.md "What a
seat's stream hides"), checked against the game's own views."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from support.event_hands import RULESETS, golden_records, history_of, random_records

import pyyijing as yj
from pyyijing import events
from pyyijing import mahjong as mj

GOLDEN = golden_records()
RANDOM_HANDS = 12
SLOW_HANDS = 1_000


def _replay(record: dict[str, Any]) -> Any:
    return (mj.replay if record.get("game") == "mahjong" else yj.replay)(record)


def _seats(record: dict[str, Any]) -> range:
    return range(events.from_record(record)[0]["seats"])


def _check_against_views(record: dict[str, Any]) -> None:
    game = _replay(record)
    full = events.from_record(record)
    for seat in _seats(record):
        log = events.from_record(record, seat)
        start, hand = log[0], log[1]
        # docs/events.md "start_game": marked as one seat's stream, no wall-revealing label
        assert (start["stream"], start["seat"]) == (events.SEAT, seat)
        assert "sim_seed" not in start["record"]
        # "start_hand": no wall and no seed (either gives every tile); own hand only
        assert "wall" not in hand
        assert "seed" not in hand
        assert all(h is None for s, h in enumerate(hand["hands"]) if s != seat)
        text = events.dumps(log)
        assert record["wall"] not in text
        assert '"seed"' not in text
        assert '"wall"' not in text
        for e in log:
            mine = e.get("actor") == seat
            # "pass": another seat's pass shows what it was offered
            assert e["type"] != "pass" or mine
            # "draw", "target": another seat's tiles and target are not shown
            if not mine and e["type"] == "draw":
                assert "tile" not in e
                assert "tiles" not in e
            if not mine and e["type"] == "target":
                assert "lines" not in e
        # The moves shown are the view's history (docs/mahjong.md §7, docs/yijing.md §7):
        # the same moves, concealed kongs and targets as the view writes them; the own
        # void or raise comes first, so the choices are compared as a multiset.
        assert Counter(history_of(log)) == Counter(game.view(seat)["history"])
        # Nothing the seat did is lost: its own events are the full stream's.
        own = [e for e in full[2:] if e.get("actor") == seat]
        assert [e for e in log[2:] if e.get("actor") == seat and e["type"] != "hand"] == own


@pytest.mark.parametrize(("name", "record"), GOLDEN, ids=[name for name, _ in GOLDEN])
def test_golden_seat_streams_match_the_views(name: str, record: dict[str, Any]) -> None:
    """docs/events.md "What a seat's stream hides", golden playthroughs."""
    _check_against_views(record)


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_random_seat_streams_match_the_views(ruleset: str) -> None:
    """docs/events.md "What a seat's stream hides", random hands of every ruleset (the
    fast share)."""
    for record in random_records(ruleset, 0, RANDOM_HANDS):
        _check_against_views(record)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_random_seat_streams_match_the_views_slow(ruleset: str) -> None:
    """docs/events.md "What a seat's stream hides": with the fast share, 1,000 random
    hands of every ruleset, every seat."""
    for record in random_records(ruleset, RANDOM_HANDS, SLOW_HANDS - RANDOM_HANDS):
        _check_against_views(record)


def test_no_other_seats_concealed_tile_anywhere_in_the_text() -> None:
    """docs/events.md "What a seat's stream hides": the other seats' dealt hands and
    drawn tiles are nowhere in a seat's text (Yi Jing Pai's targets neither)."""
    for _, record in GOLDEN:
        full = events.from_record(record)
        for seat in _seats(record):
            text = events.dumps(events.from_record(record, seat))
            assert record["wall"] not in text
            hands = full[1]["hands"]
            # Changsha's opening win shows the whole dealt hand to the table.
            shown = {e["actor"] for e in full if e["type"] == "opening_win"}
            for s, dealt in enumerate(hands):
                # (two Yi Jing Pai hands of 8 yang and yin lines can be alike)
                if dealt != hands[seat] and s not in shown:
                    assert json.dumps(dealt) not in text
            for e in full:
                if e["type"] == "target" and e["actor"] != seat:
                    assert f'"lines":"{e["lines"]}"' not in text


def _record_until(record: dict[str, Any], moves: int) -> dict[str, Any]:
    return {**record, "moves": record["moves"][:moves], "result": None}


@pytest.mark.parametrize("name", ["common_void_suit", "shaoyang"])
def test_secret_choices_show_only_once_all_four_are_in(name: str) -> None:
    """docs/events.md "void", "raise": another seat's choice is not shown until all four
    have chosen; in Shaoyang no tile is shown before (the view's rule, docs/mahjong.md
    §5, §8), checked after every move of the choosing phase."""
    record = dict(GOLDEN)[name]
    game = mj.Game(mj.Rules.from_dict(record["rules"]), seed=record["seed"])
    for moves in range(5):
        log_record = _record_until(record, moves)
        for seat in range(4):
            log = events.from_record(log_record, seat)
            view = game.view(seat)
            assert Counter(history_of(log)) == Counter(view["history"])
            if name == "shaoyang":
                shown = [e for e in log if e["type"] == "hand"]
                assert bool(shown) == (view["seats"][seat]["hand"] is not None)
                if shown:
                    assert shown[0]["tiles"] == view["seats"][seat]["hand"]
        if moves < 4:
            game.apply(record["moves"][moves])


def test_a_robbing_offer_shows_the_concealed_kong_to_the_seat_offered() -> None:
    """docs/events.md "concealed_kong": the tile of another seat's concealed kong is
    hidden, but for a seat offered to rob it (Shaoyang), which saw it (docs/mahjong.md §8)."""
    hidden = shown = 0
    for _, record in GOLDEN:
        full = events.from_record(record)
        for i, e in enumerate(full):
            if e["type"] != "concealed_kong":
                continue
            offered = set()
            for after in full[i + 1 :]:
                if after["type"] != "pass" and after.get("kind") != "robbed_kong":
                    break
                offered.add(after["actor"])
            for seat in _seats(record):
                seen = [x for x in events.from_record(record, seat) if x["type"] == e["type"]]
                has_tile = any("tile" in x for x in seen if x["actor"] == e["actor"])
                assert has_tile == (seat == e["actor"] or seat in offered)
                hidden += not has_tile
                shown += has_tile
    assert hidden
    assert shown
