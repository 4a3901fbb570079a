"""The 胡 and 碰 offer queues after a play or pong (docs/yijing.md §3 steps
3-4; rules page §3 "碰", §4 "Win on another's play", §9 "Claim offers").

After every play or pong by seat P that did not win, offers are made one seat
at a time:

1. 胡 offers: for X = P+1, P+2, ... (every seat but P, counterclockwise), to
   each X for whom some allowed placement of P's lines completes a winning
   hexagram.
2. 碰 offers, only if P's lines are a pure pair (or triple): if P+1 can form
   the pair nobody is offered (it is simply P+1's turn and its play of the
   pair is a pong); otherwise X = P+2, P+3, ... (not P, not P+1) is offered
   if X's hand forms the pair.

Nobody's hand, hexagram in progress or completed hexagrams change while the
offers of one play are answered (a pass changes nothing, a 胡 ends the hand,
a 碰 starts a new round of offers), so the queue is built once, up front.
"""

from __future__ import annotations

from .notation import PONG, WIN

WIN_OFFER = WIN
PONG_OFFER = PONG


def can_form_pair(hand: list[int], pure: int, play_size: int, taiji_in_pong: bool) -> bool:
    """Whether a hand ([yang, yin, taiji] counts) forms the pure pair/triple of
    value `pure` (docs §3 "Can form the pair": exactly `play_size` tiles, each a
    line tile of the pair's value or, if `taiji_in_pong`, a taiji)."""
    ones, zeros, taiji = hand[0], hand[1], hand[2]
    if ones + zeros + taiji != play_size:
        return False
    if taiji and not taiji_in_pong:
        return False
    return zeros == 0 if pure == 1 else ones == 0


def seats_after(seat: int, players: int) -> list[int]:
    """Every other seat, counterclockwise from ``seat + 1``."""
    return [(seat + i) % players for i in range(1, players)]


def build_offers(
    player: int,
    players: int,
    can_win: list[bool],
    pure: int,
    holds_pair: list[bool],
) -> list[tuple[int, str]]:
    """The ordered offer queue ``[(seat, WIN_OFFER | PONG_OFFER), ...]``.

    `can_win[X]`: some allowed placement of the lines completes a winning
    hexagram for X. `pure`: the pair's value, or -1 if the lines are not a
    pure pair. `holds_pair[X]`: X's hand forms that pair.
    """
    order = seats_after(player, players)
    offers = [(x, WIN_OFFER) for x in order if can_win[x]]
    if pure >= 0 and not holds_pair[order[0]]:
        offers.extend([(x, PONG_OFFER) for x in order[1:] if holds_pair[x]])
    return offers
