"""What a watcher sees: the table as a spectator sees it, never an offer in progress.

The engine's observer view (`game.view(None)`) is the referee's: it shows a
claim phase, `claims_pending` and the tile on offer while a seat is offered a
discard (or a play, a kong to rob, the sea bottom), and Changsha's `opening`
phase while a seat is offered its opening win. Those exist only when some
seat holds the tiles (or the target) to take the offer, so a watcher who saw
them would learn something about a hidden hand; and the move count of a
session counts the passes that end them.

A watcher sees the table only when no offer is pending ("settled"): after a
discard that someone could claim, nothing is sent until the claim is made or
every offered seat has passed and the next seat has drawn, exactly as after a
discard that nobody could claim. Its messages are then a function of the
public moves alone (tests/service/test_service_watch_public.py). A watcher
that arrives during an offer gets the table as it last stood settled; before
the first settled moment of a Changsha hand (its opening offers) that is the
deal as it stands once every opening win is passed.
"""

from __future__ import annotations

from typing import Any, cast

from .convert import DealSpec

# The phases in which a seat is being offered something (a claim, an opening win).
OFFER_PHASES = frozenset({"claim", "opening"})


def is_settled(game: Any) -> bool:
    """No seat is being offered anything: what the table shows is public."""
    return game.phase not in OFFER_PHASES


def settled_view(game: Any) -> dict[str, Any] | None:
    """The spectator's view of `game` now, or None while an offer is pending."""
    return _observer_view(game) if is_settled(game) else None


def last_settled_view(game: Any) -> dict[str, Any]:
    """The spectator's view of the table as it last stood settled (replays the hand).

    Two replays of the hand so far (bounded by the length of a hand); the caller
    runs it off the event loop.
    """
    view = settled_view(game)
    if view is not None:
        return view
    record = game.record()
    deal = DealSpec(seed=record["seed"], wall=record["wall"], dealer=record["dealer"])
    moves: list[str] = list(game.moves)
    replay = deal.new_game(game.rules)
    last = 0 if is_settled(replay) else -1
    for i, move in enumerate(moves):
        replay.apply(move)
        if is_settled(replay):
            last = i + 1
    replay = deal.new_game(game.rules)
    if last < 0:  # the opening offers of the deal: as if every one were passed
        while not is_settled(replay):
            replay.apply(f"s{replay.to_act[0]}:pass")
        return _observer_view(replay)
    for move in moves[:last]:
        replay.apply(move)
    return _observer_view(replay)


def _observer_view(game: Any) -> dict[str, Any]:
    return cast(dict[str, Any], game.view(None))
