"""Changsha `waits`: revealed open-kong and sea-bottom tiles are seen tiles (rules §11).

Rules §11: `unseen` = 4 minus the copies the seat can see, "every tile lying in
the discards (revealed open-kong and sea-bottom tiles included)"; §7 開槓: the
open kong reveals the live wall's last two tiles face up for every seat, offers
each in turn, and lays both in the konger's discards if nobody wins. So a
revealed tile counts as seen from the moment it is revealed, exactly once: while
it is on offer, while the other is, once it lies in the discards, and after a
win on it. The sea-bottom tile (§7 海底) lies face down until a seat takes it;
then it lies in the taker's discards.

The exact wall (walls.py) deals, Changsha without birds:
- seat 0 (dealer) 5555m 123p456p789p 2s: after a concealed kong of 5m it waits on 2s;
- seat 1 12m 456s789s234s 88s: waits on 3m;
- seat 2 123m789m 234p 78s 55p: waits on 6s and 9s;
- seat 3 1379m 1379p 13579s: no pair, no waits.
The back holds the two tiles the open kong reveals (back-most first); nobody else
holds a 3m, 6s or 9s that another seat can see, so the counts below follow from
the deal alone.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import changsha_oracle, walls

from pyyijing import mahjong as mj

be = walls.backend_fixture
RULES = mj.Rules("changsha", birds=0)
HANDS = {
    0: "5555m123p456p789p2s",
    1: "12m456s789s234s88s",
    2: "123m789m234p78s55p",
    3: "1379m1379p13579s",
}


def _dealt(be: str, back: list[str], draws: tuple[str, ...] = ("9p",)) -> mj.Game:
    """The deal above, every opening offer passed (passing one is no 過手, §11)."""
    g = walls.game(RULES, dealer=0, hands=HANDS, draws=list(draws), back=back, backend=be)
    while g.phase == "opening":
        walls.play(g, [f"s{g.to_act[0]}:pass"])
    assert (g.phase, g.to_act) == ("play", [0])
    return g


def _waits(g: mj.Game) -> dict[int, dict[str, int]]:
    return {s: g.waits(s) for s in range(4)}


def unseen_in_view(view: dict[str, Any], tile: str) -> int:
    """§11 from the seat's own view: 4 minus its concealed copies, the sets it can see,
    the unclaimed discards and the open kong's revealed tiles on offer."""
    seen = 0
    me = view["seats"][view["viewer"]]
    hand = me["hand"] or ""
    seen += sum(1 for i in range(0, len(hand), 2) if hand[i : i + 2] == tile)
    for entry in view["seats"]:
        for meld in entry["melds"]:
            text = meld["tiles"]
            if text is not None:  # another seat's concealed kong shows no tile
                seen += sum(1 for ch in text[:-1] if ch + text[-1] == tile)
        seen += sum(1 for d in entry["discards"] if d["tile"] == tile and not d["claimed"])
    offer = view["offer"]
    if offer is not None and offer["kind"] == "open_kong":
        seen += offer["revealed"].count(tile)
    return max(0, 4 - seen)


def check_against_views(g: mj.Game) -> None:
    for s in range(4):
        view = g.view(s)
        for tile, unseen in g.waits(s).items():
            assert unseen == unseen_in_view(view, tile), (s, tile)


def test_revealed_tiles_are_seen_while_on_offer_and_once_discarded(be: str) -> None:
    g = _dealt(be, back=["3m", "9s"])
    before = _waits(g)
    assert before[1] == {"3m": 4}
    assert before[2] == {"6s": 4, "9s": 4}
    walls.play(g, ["s0:open_kong=5m"])
    # 3m is offered to seat 1; both revealed tiles lie face up for every seat.
    assert g.to_act == [1]
    assert g.view(3)["offer"]["revealed"] == ["3m", "9s"]
    at_offer = {0: {"2s": 3}, 1: {"3m": 3}, 2: {"6s": 4, "9s": 3}, 3: {}}
    assert _waits(g) == at_offer
    check_against_views(g)
    walls.play(g, ["s1:pass"])  # 9s is offered to seat 2; 3m still lies face up
    assert g.to_act == [2]
    assert _waits(g) == at_offer
    check_against_views(g)
    walls.play(g, ["s2:pass"])  # nobody won: both lie in seat 0's discards, seat 1 draws
    assert [d["tile"] for d in g.view(None)["seats"][0]["discards"]] == ["3m", "9s"]
    assert g.to_act == [1]
    assert _waits(g) == {**at_offer, 1: {}}  # seat 1 holds 14 now
    check_against_views(g)
    walls.play(g, ["s1:discard=9p"])  # the tile it drew; nobody claims it, seat 2 draws
    assert g.to_act == [2]
    assert _waits(g) == {**at_offer, 2: {}}  # 3m counted once, as a discard
    check_against_views(g)


def test_a_revealed_tile_won_on_stays_seen(be: str) -> None:
    """槓上炮: seat 1 wins on 3m; the hand is over and 9s still lay face up."""
    g = _dealt(be, back=["3m", "9s"])
    walls.play(g, ["s0:open_kong=5m", "s1:win"])
    r = g.result
    assert r is not None
    assert (r.winner, r.win_tile, r.patterns) == (1, "3m", ("小胡", "槓上炮"))
    assert g.waits(2) == {"6s": 4, "9s": 3}
    assert g.waits(0) == {"2s": 3}


def test_kong_bloom_tiles_stay_seen(be: str) -> None:
    """槓上開花: the second revealed tile (2s) completes the konger's hand; the first (9s)
    was revealed face up too. The konger holds 14 and has no waits (§11)."""
    g = _dealt(be, back=["9s", "2s"])
    walls.play(g, ["s0:open_kong=5m"])
    r = g.result
    assert r is not None
    assert (r.winner, r.win_tile, r.patterns) == (0, "2s", ("小胡", "槓上開花"))
    assert g.waits(0) == {}
    assert g.waits(2) == {"6s": 4, "9s": 3}
    assert g.waits(1) == {"3m": 4}


@pytest.mark.parametrize(
    ("back", "moves"),
    [
        (["3m", "9s"], ["s0:open_kong=5m", "s1:pass", "s2:pass", "s1:discard=9p"]),
        (["3m", "9s"], ["s0:open_kong=5m", "s1:win"]),
        (["9s", "2s"], ["s0:open_kong=5m"]),
    ],
)
def test_the_docs_oracle_agrees_at_every_state(be: str, back: list[str], moves: list[str]) -> None:
    """The random-play oracle (written from the docs) meets an open-kong offer with waits
    only a few times in a thousand random hands; these hands put it there every run."""
    g = _dealt(be, back=back)
    for move in [None, *moves]:
        if move is not None:
            walls.play(g, [move])
        public = g.view(None)
        changsha_oracle.check_state(g, public)
        for viewer in (None, 0, 1, 2, 3):
            changsha_oracle.check_view(g, viewer, g.view(viewer))
