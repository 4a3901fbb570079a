"""Mahjong's codec (docs/env-mahjong.md; the contract in pyyijing/env/codec.py).

The oracles are the notation (docs/mahjong.md §6), the action table of
docs/env-mahjong.md, the views (docs/mahjong.md §7) and the no-leak clause of
the codec contract: a seat's observation depends on its own tiles and the
public moves only, and a seat not being offered sees no offer phase.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import pyyijing.mahjong as mj
from pyyijing.mahjong.env import make_codec
from pyyijing.mahjong.env_actions import NUM_ACTIONS
from pyyijing.mahjong.env_observation import PHASES

# Every ruleset with option mixes that change the moves or the flow (docs/mahjong.md
# "Options and defaults"): 定缺, flowers with and without 報聽, Changsha's extras.
MIXES: list[tuple[str, dict[str, Any]]] = [
    ("common", {}),
    ("common", {"void_suit": True}),
    ("common", {"flowers": True}),
    ("common", {"flowers": True, "declare_ready": False}),
    ("shaoyang", {}),
    ("changsha", {}),
    ("changsha", {"birds": 4, "opening_extras": True, "opening_reuse": True}),
    ("changsha", {"mid_game_wins": False, "pass_lock": False}),
]
MIX_IDS = [name + "".join(f"-{k}={v}" for k, v in o.items()) for name, o in MIXES]
# The move kinds each ruleset has (docs/mahjong.md "Specs", row "moves").
KINDS = {
    "common": {"discard", "chow", "pung", "kong", "win", "pass", "ready", "void"},
    "shaoyang": {"raise", "discard", "chow", "pung", "kong", "win", "pass"},
    "changsha": {"opening", "mid", "discard", "chow", "pung", "kong", "open_kong", "haidi"}
    | {"win", "pass"},
}
OFFER_PHASES = ("claim", "opening")  # docs/env.md "What an observation may not tell"


def rules_of(name: str, options: dict[str, Any]) -> mj.Rules:
    return mj.Rules(name, **options)


def random_hand(rules: mj.Rules, seed: int, rare: float = 0.6) -> Iterator[tuple[mj.Game, str]]:
    """A hand of random legal moves: yields (game, move) before each move. With chance
    `rare` a move other than a discard or a pass is taken when one is legal, so kongs,
    wins, 報聽, open kongs and the sea bottom come up often."""
    game = mj.Game(rules, seed=seed)
    rng = random.Random(seed)
    while game.phase != "over":
        moves = [m for s in game.to_act for m in game.legal_moves(s)]
        rare_moves = [m for m in moves if not (m.endswith(":pass") or ":discard=" in m)]
        move = rng.choice(rare_moves if rare_moves and rng.random() < rare else moves)
        yield game, move
        game.apply(move)


# -- actions --------------------------------------------------------------------------


def test_the_action_table_is_the_documented_one() -> None:
    """docs/env-mahjong.md "Actions": the blocks and their first indices."""
    codec = make_codec(mj.Rules("common"))
    expected = {
        "s0:discard=1m": 0,
        "s0:discard=7z": 33,
        "s1:pung=1m": 34,
        "s2:pung=5m": 38,
        "s3:kong=7z": 101,
        "s0:ready=1m": 102,
        "s0:open_kong=1m": 136,
        "s0:open_kong=9s": 162,
        "s0:chow=123m": 170,
        "s0:chow=789m": 176,
        "s0:chow=123p": 177,
        "s0:chow=789s": 190,
        "s0:win": 191,
        "s0:pass": 192,
        "s0:opening": 193,
        "s0:mid": 194,
        "s0:haidi": 195,
        "s0:void=m": 196,
        "s0:void=s": 198,
        "s0:raise=0": 199,
        "s0:raise=3": 202,
    }
    for move, index in expected.items():
        assert codec.move_to_action(move) == index, move
    assert codec.num_actions == NUM_ACTIONS == 203


@pytest.mark.parametrize(("name", "options"), MIXES, ids=MIX_IDS)
def test_every_index_round_trips_for_every_seat(name: str, options: dict[str, Any]) -> None:
    """codec.py: action_to_move and move_to_action are inverse bijections; the index
    never depends on the seat (and here not on the ruleset: one layout)."""
    codec = make_codec(rules_of(name, options))
    moves = set()
    for seat in range(4):
        for a in range(codec.num_actions):
            move = codec.action_to_move(a, seat)
            assert move.startswith(f"s{seat}:")
            assert codec.move_to_action(move) == a
            moves.add(move)
    assert len(moves) == 4 * codec.num_actions


@pytest.mark.parametrize(
    "bad",
    [-1, 203, 10**9, 1.0, "3", None, True],
)
def test_an_action_outside_the_range_is_refused(bad: Any) -> None:
    codec = make_codec(mj.Rules("changsha"))
    with pytest.raises(ValueError, match="action"):
        codec.action_to_move(bad, 0)


@pytest.mark.parametrize("seat", [-1, 4, None, "0", True])
def test_a_bad_seat_is_refused(seat: Any) -> None:
    with pytest.raises(ValueError, match="seat"):
        make_codec(mj.Rules("common")).action_to_move(0, seat)


@pytest.mark.parametrize(
    "bad",
    [
        "s0:discard=8z",  # no such tile (docs/mahjong.md §1)
        "s0:discard=1f",  # flowers are never moves (§1)
        "s0:chow=135m",  # parses in the engine, but is no run
        "s0:chow=789z",  # honours never chow (§2)
        "s0:raise=4",  # raise_too_high: not a move of any index
        "s4:pass",  # a seat past 3
        "s01:pass",  # a leading zero (§6 "Readings")
        "s0:",
        "s0 pass",
        "pass",
        "s0:win ",
        "s0:void=z",
        "",
        None,
        5,
        b"s0:pass",
    ],
)
def test_a_string_that_is_not_a_move_is_refused(bad: Any) -> None:
    """codec.py: move_to_action raises ValueError for what is not a move of the notation."""
    with pytest.raises(ValueError, match="move"):
        make_codec(mj.Rules("common")).move_to_action(bad)


def test_numpy_integers_are_actions() -> None:
    """A policy's argmax is a NumPy integer: it is an index like any int."""
    codec = make_codec(mj.Rules("shaoyang"))
    assert codec.action_to_move(np.int64(199), np.int32(2)) == "s2:raise=0"


# -- masks and observations in random play ----------------------------------------------


def _check_masks_and_observations(name: str, options: dict[str, Any], seeds: range) -> set[str]:
    """At every step: the mask of each seat is exactly its legal moves (zeros for a seat
    not to act), each observation has the shape, dtype and bounds of the codec. Returns
    the move kinds seen."""
    rules = rules_of(name, options)
    codec = make_codec(rules)
    kinds: set[str] = set()
    for seed in seeds:
        for game, _ in random_hand(rules, seed):
            for seat in range(4):
                legal = game.legal_moves(seat)
                mask = codec.legal_mask(game, seat)
                assert mask.dtype == np.int8
                assert mask.shape == (codec.num_actions,)
                decoded = {codec.action_to_move(int(a), seat) for a in np.flatnonzero(mask)}
                assert decoded == set(legal)
                assert int(mask.sum()) == len(legal)
                if seat not in game.to_act:
                    assert not mask.any()
                kinds.update(m.split(":")[1].split("=")[0] for m in legal)
                obs = codec.observe(game, seat)
                assert obs.dtype == np.uint8
                assert obs.shape == codec.observation_shape
                assert (obs <= codec.observation_high).all()
        obs = codec.observe(game, 0)  # the hand is over
        assert obs[_row(codec, "phase"), PHASES.index("over")] == 1
    return kinds


@pytest.mark.parametrize(("name", "options"), MIXES, ids=MIX_IDS)
def test_mask_is_legal_moves_in_random_play(name: str, options: dict[str, Any]) -> None:
    _check_masks_and_observations(name, options, range(12))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), MIXES, ids=MIX_IDS)
def test_mask_is_legal_moves_in_many_random_hands(name: str, options: dict[str, Any]) -> None:
    """Hundreds of hands per mix; every move kind of the ruleset comes up (docs/mahjong.md
    "Specs": the moves of each ruleset) and has an index."""
    kinds = _check_masks_and_observations(name, options, range(12, 312))
    expected = set(KINDS[name])
    if name == "common":
        if options.get("void_suit"):
            expected -= {"chow", "ready"}  # §5: no chow, no 報聽 in the void-suit game
        else:
            expected.discard("void")
        if options.get("declare_ready") is False:
            expected.discard("ready")
    if name == "changsha" and options.get("mid_game_wins") is False:
        expected.discard("mid")
    assert kinds == expected


# -- the observation's planes -----------------------------------------------------------


def _row(codec: Any, name: str, offset: int = 0) -> int:
    plane = next(p for p in codec.planes if p.name == name)
    assert 0 <= offset < plane.rows
    return plane.start + offset


def test_planes_cover_the_observation_in_order() -> None:
    """codec.py: `planes` documents every row, in order."""
    codec = make_codec(mj.Rules("changsha"))
    start = 0
    for plane in codec.planes:
        assert plane.start == start
        assert plane.rows > 0
        assert plane.meaning
        start += plane.rows
    assert (start, 34) == codec.observation_shape
    assert start <= 120


def test_the_worked_common_hand_is_encoded_as_the_docs_tell() -> None:
    """docs/mahjong.md "A whole hand, worked" (seed 160): seat 3 is offered the pung of
    6z; seat 0 sees the discard and no offer, phase play, nobody in turn."""
    g = mj.Game(mj.Rules("common", declare_ready=False), seed=160)
    codec = make_codec(g.rules)
    seat2 = codec.observe(g, 2)
    hand = "3m3m8m2p4p6p1s1s5s6s7s3z6z"  # the docs' seat 2 hand
    counts = mj.to_counts(hand)
    for k in range(4):
        assert list(seat2[_row(codec, "hand", k)]) == [int(c > k) for c in counts]
    for move in ["s1:discard=1p", "s2:discard=3z", "s3:discard=1p", "s0:discard=1m"]:
        g.apply(move)
    for move in ["s1:discard=1z", "s2:discard=6z"]:
        g.apply(move)
    assert g.to_act == [3]
    seat3, seat0 = codec.observe(g, 3), codec.observe(g, 0)
    z6 = mj.tile_index("6z")
    assert seat3[_row(codec, "offer_tile"), z6] == 1
    assert seat3[_row(codec, "offer_kind"), 0] == 1  # a discard
    assert seat3[_row(codec, "offer_from"), 3] == 1  # seat 2 is seat 3's previous seat
    assert seat3[_row(codec, "phase"), PHASES.index("claim")] == 1
    assert not seat0[_row(codec, "offer_tile")].any()
    assert not seat0[_row(codec, "offer_kind")].any()
    assert not seat0[_row(codec, "offer_from")].any()
    assert not seat0[_row(codec, "turn")].any()
    assert seat0[_row(codec, "phase"), PHASES.index("play")] == 1
    # seat 2 (two seats after seat 0) discarded 3z then 6z: the latest first
    assert seat0[_row(codec, "recent_discards", 6 * 2 + 0), z6] == 1
    assert seat0[_row(codec, "recent_discards", 6 * 2 + 1), mj.tile_index("3z")] == 1
    assert seat0[_row(codec, "discards", 2), z6] == 1
    # the dealer is seat 1: seat 0's next seat, so seat 0 sits North (wind 3)
    assert seat0[_row(codec, "dealer"), 1] == 1
    assert seat0[_row(codec, "seat_wind"), 3] == 1
    g.apply("s3:pung=6z")
    seat0 = codec.observe(g, 0)
    assert seat0[_row(codec, "pungs", 3), z6] == 1  # seat 3 is seat 0's previous seat
    assert seat0[_row(codec, "claimed", 2), z6] == 1
    assert seat0[_row(codec, "turn"), 3] == 1


def test_raises_and_void_suits_are_hidden_until_all_are_in() -> None:
    """docs/mahjong.md §5 and §8: the void and raise choices are hidden from the others
    until all four are in; a seat's observation does not change when another answers."""
    for rules, answers in (
        (mj.Rules("shaoyang"), ["raise=0", "raise=3", "raise=2"]),
        (mj.Rules("common", void_suit=True), ["void=m", "void=s", "void=p"]),
    ):
        codec = make_codec(rules)
        g = mj.Game(rules, seed=11)
        watcher = g.dealer
        before = codec.observe(g, watcher)
        others = [s for s in range(4) if s != watcher]
        for seat, answer in zip(others, answers, strict=True):
            g.apply(f"s{seat}:{answer}")
            assert np.array_equal(codec.observe(g, watcher), before)
        g.apply(f"s{watcher}:{answers[0]}")
        after = codec.observe(g, watcher)
        row = answers[0].split("=")[0]
        for r in range(4):
            assert after[_row(codec, row, r)].any()  # all four are in: everyone's is shown


# -- what an observation may not tell -----------------------------------------------------


def _strip_offer(view: dict[str, Any]) -> dict[str, Any]:
    """The view as a seat not being offered sees the table (docs/env.md "What an observation
    may not tell"): the move made, no claim phase, no pending flag, no offer, nobody in turn."""
    v = dict(view)
    v.update(phase="play", turn=None, claims_pending=False, offer=None)
    return v


class _Stripped:
    """A game whose views are stripped of the offer in progress and with nobody to act."""

    def __init__(self, game: mj.Game) -> None:
        self._game = game
        self.to_act: list[int] = []
        self.phase = "play"

    def view(self, seat: int) -> dict[str, Any]:
        return _strip_offer(self._game.view(seat))


@pytest.mark.parametrize(("name", "options"), MIXES, ids=MIX_IDS)
def test_a_seat_not_offered_sees_the_stripped_table(name: str, options: dict[str, Any]) -> None:
    """codec.py: while another seat is offered a claim, a seat sees the table with no
    offer, no pending flag and no seat to act; the seat offered sees its offer. The
    open-kong tiles lie face up for everyone (docs/mahjong.md §9 開槓)."""
    rules = rules_of(name, options)
    codec = make_codec(rules)
    checked = 0
    for seed in range(40):
        for game, _ in random_hand(rules, seed):
            if game.phase != "claim":
                continue
            offer = game.view(None)["offer"]
            shown = offer.get("revealed", [])
            for seat in range(4):
                obs = codec.observe(game, seat)
                if seat in game.to_act:
                    assert obs[_row(codec, "phase"), PHASES.index("claim")] == 1
                    assert obs[_row(codec, "offer_kind")].sum() == 1
                    continue
                expected = codec.observe(_Stripped(game), seat)
                expected[_row(codec, "open_kong_shown")] = np.bincount(
                    [mj.tile_index(t) for t in shown], minlength=34
                )
                assert np.array_equal(obs, expected)
                assert not obs[_row(codec, "turn")].any()
                checked += 1
    assert checked > 100


@pytest.mark.parametrize(("name", "options"), MIXES, ids=MIX_IDS)
def test_hidden_passes_leave_the_others_observations_unchanged(
    name: str, options: dict[str, Any]
) -> None:
    """codec.py "nothing that counts hidden passes", docs/mahjong.md §2: from the move that
    opens offers until the next move that is not a pass, a seat never offered sees one
    table, and it is the table of that move: nothing drawn yet (the wall as after the
    move, "the next turn has not begun")."""
    rules = rules_of(name, options)
    codec = make_codec(rules)
    sequences = 0
    for seed in range(40):
        seen: dict[int, np.ndarray] = {}
        offered: set[int] = set()
        for game, move in random_hand(rules, seed):
            if game.phase not in OFFER_PHASES:
                continue
            for seat in range(4):
                if seat in game.to_act:
                    offered.add(seat)
                if seat in offered:
                    continue
                obs = codec.observe(game, seat)
                if seat in seen:
                    assert np.array_equal(obs, seen[seat])
                else:
                    seen[seat] = obs
                    wall = obs[_row(codec, "wall"), 0]
                    assert wall == game.view(None)["wall_remaining"]
            if not move.endswith(":pass"):  # the offer is taken: a public move
                seen, offered = {}, set()
                sequences += 1
            else:
                next_game = game.copy()
                next_game.apply(move)
                if next_game.phase not in OFFER_PHASES:
                    seen, offered = {}, set()
                    sequences += 1
    assert sequences > 50


def _answer_every_offer_with_pass(game: mj.Game) -> mj.Game:
    settled = game.copy()
    while settled.phase in OFFER_PHASES:
        settled.apply(f"s{settled.to_act[0]}:pass")
    return settled


def test_changsha_opening_offers_look_like_the_dealer_to_play() -> None:
    """Phase ``opening`` (docs/mahjong.md §9 起手胡): a seat not offered sees the deal as
    the settled moment after the opening offers (the dealer to play its 14, phase play)."""
    for options in ({}, {"opening_extras": True}):
        rules = mj.Rules("changsha", **options)
        codec = make_codec(rules)
        openings = 0
        for seed in range(300):
            game = mj.Game(rules, seed=seed)
            while game.phase == "opening":
                settled = _answer_every_offer_with_pass(game)
                assert settled.phase == "play"
                assert settled.to_act == [game.dealer]
                for seat in range(4):
                    if seat not in game.to_act:
                        seen, expected = codec.observe(game, seat), codec.observe(settled, seat)
                        assert np.array_equal(seen, expected)
                openings += 1
                game.apply(f"s{game.to_act[0]}:opening")
        assert openings > 10


# -- the hidden-information property: permuted walls ---------------------------------------


def _deal_positions(seat: int, dealer: int) -> list[int]:
    """docs/mahjong.md §1 "Deal": three rounds of 4 from the dealer counterclockwise
    (indices 0–3 to the dealer, 4–7 to the next seat, …), then 48–49 to the dealer and
    50, 51, 52 to the next three seats."""
    k = (seat - dealer) % 4
    out = [r * 16 + 4 * k + i for r in range(3) for i in range(4)]
    return out + ([48, 49] if k == 0 else [49 + k])


def _wall_takes(
    rules: mj.Rules, wall: str, dealer: int, moves: list[str]
) -> tuple[dict[int, list[tuple[int, bool]]], range]:
    """Who took which wall position in the hand `moves`: per seat, (position, fixed) in
    the order taken, and the positions nobody took. Replayed on the python engine,
    whose ``head`` and ``tail`` are the ends of the live wall (docs/mahjong-engine.md:
    draws take ``wall[head]``, replacements ``wall[tail-1]``); the backends agree on
    every move (tests/mahjong/test_game_parity.py). A tile from the back (a kong's or
    a flower's replacement, an open kong's reveal) is kept ``fixed``: its order among
    the replacements is not worth following."""
    game = mj.Game(rules, wall=wall, dealer=dealer, backend="python")
    core: Any = game._core
    takes: dict[int, list[tuple[int, bool]]] = {
        s: [(i, False) for i in _deal_positions(s, dealer)] for s in range(4)
    }
    for move in moves:
        head, tail = core.head, core.tail
        game.apply(move)
        view = game.view(None)
        if view["phase"] == "play":  # the seat in turn took what was drawn
            seat = view["turn"]
            takes[seat] += [(i, False) for i in range(head, core.head)]
            takes[seat] += [(i, True) for i in range(core.tail, tail)]
    return takes, range(core.head, core.tail)


def _hidden_positions(rules: mj.Rules, final: mj.Game, viewer: int) -> list[int]:
    """Wall positions whose tiles `viewer` never saw in the finished hand `final`: those
    nobody took, and those another seat took and still holds concealed at the end (of
    a kind it took more often than it gave away, the latest copies: the earlier ones
    were the ones it discarded or melded), less what Changsha's opening and mid-game
    wins showed. Flowers and replacements stay put."""
    wall = [final.wall[i : i + 2] for i in range(0, len(final.wall), 2)]
    takes, untaken = _wall_takes(rules, final.wall, final.dealer, list(final.moves))
    out = [i for i in untaken if wall[i][1] != "f"]
    for seat in range(4):
        if seat == viewer:
            continue
        entry = final.view(seat)["seats"][seat]
        left = mj.to_counts(entry["hand"] or "")
        for declaration in entry["revealed"]:  # Changsha: the tiles it showed are public
            shown = mj.to_counts(declaration["tiles"])
            left = [max(0, n - k) for n, k in zip(left, shown, strict=True)]
        for i, fixed in reversed(takes[seat]):
            if wall[i][1] == "f":
                continue
            k = mj.tile_index(wall[i])
            if left[k] > 0:
                left[k] -= 1
                if not fixed:
                    out.append(i)
    return sorted(out)


def _outcome(game: mj.Game) -> tuple[str, int | None] | None:
    result = game.result
    return None if result is None else (result.kind, result.winner)


def _shown(game: mj.Game) -> list[Any]:
    """What every seat's opening and mid-game wins have shown (public, docs/mahjong.md)."""
    return [entry["revealed"] for entry in game.view(None)["seats"]]


def _lockstep(
    rules: mj.Rules, a_moves: list[str], wall: str, dealer: int, wall_b: str, viewer: int
) -> Iterator[tuple[mj.Game, mj.Game]]:
    """Games A (the recorded wall) and B (a permuted wall) driven by A's public moves;
    yields both at every moment. The passes are not public, so B answers its own offers:
    another seat's pass of A is played in B only when B offers that seat something now,
    and B passes its offers to other seats that stand before A's next move. The viewer's
    own answers are its knowledge: B must offer it what A offered, in A's order. Stops
    when B refuses a move of A or would ask the viewer something A did not, or when a
    move of both ends one hand and not the other (a sea bottom or an open kong that
    completes a hand in A only: the rules then show that hand)."""
    a = mj.Game(rules, wall=wall, dealer=dealer)
    b = mj.Game(rules, wall=wall_b, dealer=dealer)
    yield a, b

    for move in a_moves:
        seat = int(move[1])
        if move.endswith(":pass") and seat != viewer:
            a.apply(move)
            if b.phase in OFFER_PHASES and seat in b.to_act:
                b.apply(move)
            if _outcome(a) != _outcome(b):
                return
            yield a, b
            continue
        # B's own offers before the move: passed by their seats (none of them the viewer)
        while not b.validate(move).ok:
            if b.phase not in OFFER_PHASES or b.to_act[0] == viewer:
                return
            b.apply(f"s{b.to_act[0]}:pass")
            yield a, b
        a.apply(move)
        b.apply(move)
        if _outcome(a) != _outcome(b) or _shown(a) != _shown(b):
            # The move's outcome (a sea bottom won or not, the tiles Changsha's ``mid``
            # or ``open`` showed) is not in the move string: it shows a hidden hand.
            return
        yield a, b


def _differing_planes(codec: Any, oa: np.ndarray, ob: np.ndarray, skip: set[int]) -> list[str]:
    return sorted(
        {
            p.name
            for p in codec.planes
            for i in range(p.start, p.start + p.rows)
            if i not in skip and (oa[i] != ob[i]).any()
        }
    )


def _compare(codec: Any, a: mj.Game, b: mj.Game, seat: int) -> str | None:
    """Compare `seat`'s observations of two games at the same public moment; returns how
    ("exact", "draw"), or None when the contract does not make them comparable.

    - `seat` to act in both, or in neither while neither offers anything, or in neither
      while both offer something (to other seats): equal.
    - One game offers something to other seats, the other has settled (no seat could
      take it): the settled one is a step further, the next seat (or the konger) has
      drawn. The offer's moment is "the move made, the next turn not begun"
      (codec.py), so the two differ exactly by that draw: the wall (one tile and the
      flowers it replaced), the drawer's hand size and flowers, the seat in turn. In
      Changsha's phase ``opening`` the seat not offered sees the dealer to play: equal.
      Not comparable: the settled game is over (nobody could take the sea bottom) or
      an open kong's tiles were offered (when nobody can win on them they become
      discards at once: docs/mahjong.md §9).
    """
    a_act, b_act = seat in a.to_act, seat in b.to_act
    a_off, b_off = a.phase in OFFER_PHASES, b.phase in OFFER_PHASES
    if a_act != b_act:
        return None
    oa, ob = codec.observe(a, seat), codec.observe(b, seat)
    where = f"after {a.moves[-3:]} / {b.moves[-3:]}"
    if a_act or a_off == b_off or (a if a_off else b).phase == "opening":
        assert np.array_equal(oa, ob), f"{_differing_planes(codec, oa, ob, set())} {where}"
        return "exact"
    offering, settled = (a, b) if a_off else (b, a)
    o_off, o_set = (oa, ob) if a_off else (ob, oa)
    if settled.phase != "play" or offering.view(None)["offer"]["kind"] == "open_kong":
        return None
    r = (settled.view(None)["turn"] - seat) % 4  # the seat that drew
    wall, turn, flowers = _row(codec, "wall"), _row(codec, "turn"), _row(codec, "flowers", r)
    draw_rows = {wall, turn, flowers, _row(codec, "hand_count", r)}
    differing = _differing_planes(codec, o_off, o_set, draw_rows)
    assert not differing, f"{differing} {where}"
    flowers_drawn = int(o_set[flowers, 0]) - int(o_off[flowers, 0])
    assert int(o_off[wall, 0]) - int(o_set[wall, 0]) == 1 + flowers_drawn, where
    assert not o_off[turn].any(), where
    assert o_off[_row(codec, "phase"), PHASES.index("play")] == 1, where
    return "draw"


def _hidden_information_comparisons(
    name: str, options: dict[str, Any], seeds: range
) -> dict[str, int]:
    """Play hands of random moves (A); for each viewer, deal B from A's wall with the
    tiles the viewer never saw permuted, drive it with A's public moves and compare
    the viewer's observations at every moment (`_compare`). Returns the counts."""
    rules = rules_of(name, options)
    codec = make_codec(rules)
    counts = {"exact": 0, "draw": 0}
    for seed in seeds:
        hand = list(random_hand(rules, seed, rare=0.4))
        moves = [move for _, move in hand]
        final = hand[-1][0]  # the game, now over
        assert final.phase == "over"
        rng = np.random.default_rng(seed)
        tiles = [final.wall[i : i + 2] for i in range(0, len(final.wall), 2)]
        for viewer in range(4):
            hidden = _hidden_positions(rules, final, viewer)
            permuted = list(tiles)
            for i, t in zip(hidden, rng.permutation([tiles[i] for i in hidden]), strict=True):
                permuted[i] = str(t)
            wall_b = "".join(permuted)
            for a, b in _lockstep(rules, moves, final.wall, final.dealer, wall_b, viewer):
                how = _compare(codec, a, b, viewer)
                if how is not None:
                    counts[how] += 1
    return counts


@pytest.mark.parametrize(("name", "options"), MIXES, ids=MIX_IDS)
def test_hidden_tiles_never_change_an_observation(name: str, options: dict[str, Any]) -> None:
    """codec.py: another seat's concealed tiles and the wall order never change a seat's
    observation; nor does the engine's flow (which seat is offered what)."""
    counts = _hidden_information_comparisons(name, options, range(2))
    assert counts["exact"] > 200
    assert counts["draw"] > 3


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), MIXES, ids=MIX_IDS)
def test_hidden_tiles_never_change_an_observation_in_many_hands(
    name: str, options: dict[str, Any]
) -> None:
    counts = _hidden_information_comparisons(name, options, range(2, 62))
    assert counts["exact"] > 5000
    assert counts["draw"] > 100


# -- text ------------------------------------------------------------------------------------


def test_render_shows_the_viewers_hand_only() -> None:
    """codec.py render: the table from a seat's view; the watcher (None) sees no hand."""
    g = mj.Game(mj.Rules("common", flowers=True), seed=3)
    codec = make_codec(g.rules)
    hand = g.view(1)["seats"][1]["hand"]
    text = codec.render(g, 1)
    assert hand in text
    assert "phase play" in text
    assert "\x1b" not in text
    assert "hand " not in codec.render(g, None)
    assert len(text.splitlines()) == 5


def test_the_codec_facts() -> None:
    codec = make_codec(mj.Rules("shaoyang"))
    assert codec.name == "shaoyang"
    assert codec.num_players == 4
