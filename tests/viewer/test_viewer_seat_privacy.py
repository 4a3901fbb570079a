"""A seat's page holds nothing that seat did not see: read from the HTML text itself.

Two checks on many random hands of every game and ruleset:

- the page is a function of what the seat saw: swap two tiles of the wall that
  the seat never sees (its views at every step are the same), and the seat's
  page is the same, byte for byte, while the page of everything changes;
- the per-step data in the HTML holds no other seat's concealed tiles, waits
  or target, and neither the wall nor the seed (which deal every hand).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.viewer_pages import (
    exact,
    page_json,
    random_record,
    replayed,
    seat_views,
    wall_tiles,
)

from pyyijing.viewer import Perspective, page_data, page_html

KINDS = ["common", "common_void", "shaoyang", "changsha", "yijingpai", "yijingpai_3p"]
HANDS = 4  # per kind in the fast run
SLOW_HANDS = 20  # per kind in the slow run
SWAPS = 300  # tries per hand to find swaps the seat cannot see


def _page(record: dict[str, Any], perspective: Perspective) -> str:
    return page_html(page_data(record, perspective))


def _hidden_swaps(record: dict[str, Any], seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Records of the same moves on walls differing from `record`'s by one swap of two tiles
    that `seat` never sees, each changing what some other seat holds."""
    tiles = wall_tiles(record)
    views = seat_views(record, seat)
    found = []
    for _ in range(SWAPS):
        i, j = rng.sample(range(len(tiles)), 2)
        if tiles[i] == tiles[j]:
            continue
        wall = list(tiles)
        wall[i], wall[j] = wall[j], wall[i]
        other = replayed(record, "".join(wall))
        if other is None or seat_views(other, seat) != views:
            continue
        found.append(other)
        if len(found) == 3:
            break
    return found


CASES = [
    pytest.param(kind, n, marks=[pytest.mark.slow] if n >= HANDS else [])
    for kind in KINDS
    for n in range(HANDS + SLOW_HANDS)
]
#: Seeds far from any number the page prints otherwise (counts, amounts, the SVG namespace).
SEED = 7_000_000_007


@pytest.mark.parametrize(("kind", "n"), CASES)
def test_a_seats_page_does_not_change_with_what_it_cannot_see(kind: str, n: int) -> None:
    rng = random.Random(f"{kind}/{n}")
    record = exact(random_record(kind, 1000 + n))
    seat = rng.randrange(3)
    swaps = _hidden_swaps(record, seat, rng)
    if not swaps:
        pytest.skip("no swap of unseen tiles replays this hand")  # rare; other hands cover it
    mine = _page(record, Perspective.of_seat(seat))
    for other in swaps:
        assert _page(other, Perspective.of_seat(seat)) == mine
        assert _page(other, Perspective.observer()) == _page(record, Perspective.observer())


def test_some_hidden_swap_changes_the_page_of_everything() -> None:
    # Otherwise the test above would pass for swaps that change nothing at all.
    changed = 0
    for n in range(HANDS):
        rng = random.Random(f"common/{n}")
        record = exact(random_record("common", 1000 + n))
        seat = rng.randrange(3)
        everything = _page(record, Perspective.everything())
        changed += sum(
            _page(o, Perspective.everything()) != everything
            for o in _hidden_swaps(record, seat, rng)
        )
    assert changed


def _sections_of_others(data: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [
        section
        for step in data["steps"]
        for s, shown in enumerate(step["seats"])
        if s != seat
        for section in shown["sections"]
    ]


@pytest.mark.parametrize(("kind", "n"), CASES)
def test_the_html_holds_no_other_seats_concealed_tiles(kind: str, n: int) -> None:
    record = random_record(kind, SEED + n)
    seats = 3 if kind.endswith("3p") else 4
    for seat in [*range(seats), None]:
        perspective = Perspective.observer() if seat is None else Perspective.of_seat(seat)
        html = _page(record, perspective)
        assert record["wall"] not in html
        assert str(record["seed"]) not in html
        data = page_json(html)
        for section in _sections_of_others(data, -1 if seat is None else seat):
            assert section["role"] not in ("target", "waits"), section
            if section["role"] == "hand":
                assert all(set(item) == {"back"} for item in section["items"]), section
        # the targets are moves of the record; a page shows them only as "sN:target"
        for move in record["moves"]:
            if ":target=" in move and not move.startswith(f"s{seat}:"):
                assert move not in html
