"""Yi Jing Pai's codec (docs/env-yijingpai.md): the action index, the observation planes,
what an observation may not tell, and the text.

The oracles are the docs: the layout formula and the planes table are restated
here from docs/env-yijingpai.md, the deal order from docs/yijing.md §2.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from support.randomplay import MAX_MOVES, RULE_SETS

import pyyijing as yj
from pyyijing.yijingpai.env import make_codec
from pyyijing.yijingpai.sim import bot_move

# docs/env-yijingpai.md "Actions": a line's digit, the placements' order.
DIGIT = {"0": 0, "1": 1, "+": 2, "-": 3}
PLACEMENT = {"outer": 0, "inner": 1, "split": 2}

# docs/env-yijingpai.md "Observation": (name, first row, rows).
DOCS_PLANES = [
    ("hand", 0, 3),
    ("target", 3, 4),
    ("in_progress", 7, 16),
    ("completed", 23, 32),
    ("completed_count", 55, 4),
    ("target_laid", 59, 4),
    ("hand_count", 63, 4),
    ("table_tiles", 67, 3),
    ("last_seat", 70, 4),
    ("last_kind", 74, 2),
    ("last_lines", 76, 4),
    ("last_placement", 80, 3),
    ("wall_remaining", 83, 1),
    ("dealer", 84, 4),
    ("phase", 88, 4),
    ("offer", 92, 2),
    ("seats", 94, 4),
]
ROW = {name: start for name, start, _ in DOCS_PLANES}
PHASES = ("target", "play", "claim", "over")


def base4(lines: str) -> int:
    value = 0
    for c in lines:
        value = 4 * value + DIGIT[c]
    return value


def docs_index(action: str, k: int) -> int:
    """The index docs/env-yijingpai.md "Actions" gives `action` (the part after ``sN:``)."""
    play, pong = 4096, 4096 + 4**k
    win = pong + 3 * 4**k
    kind, _, rest = action.partition("=")
    if kind == "target":
        return base4(rest)
    if kind == "play":
        return play + base4(rest)
    if kind == "pong":
        lines, _, where = rest.partition("@")
        return pong + 3 * base4(lines) + PLACEMENT[where]
    return win + ("win", "win@inner", "win@split", "pass").index(action)


def seat_of(move: str) -> int:
    return int(move[1 : move.index(":")])


def action_of(move: str) -> str:
    return move.partition(":")[2]


def offered(game: yj.Game, seat: int) -> bool:
    return game.phase == "claim" and seat in game.to_act


def mixed_game(rules: yj.Rules, seed: int) -> Iterator[yj.Game]:
    """A game from `seed` played half by the greedy bot and half at random (claims always
    at random, so offers of 胡 are sometimes passed and the hand goes on); yields the game
    before every move and once when it is over."""
    rng = random.Random(seed)
    game = yj.Game(rules, seed=seed)
    for _ in range(MAX_MOVES):
        yield game
        if game.phase == "over":
            return
        seat = game.to_act[0]
        if game.phase == "claim" or rng.random() < 0.5:
            move = rng.choice(game.legal_moves(seat))
        else:
            move = bot_move(game, "greedy", seat, rng.randrange(2**32))
        game.apply(move)
    raise AssertionError(f"game {seed} did not end within {MAX_MOVES} moves")


# -- actions -----------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "size"), [("standard", 4164), ("simple", 4356)])
def test_the_number_of_actions(variant: str, size: int) -> None:
    """docs "Specs": 4096 targets + 4^k plays + 3*4^k pongs + 3 wins + pass."""
    assert make_codec(yj.Rules(variant=variant)).num_actions == size


@pytest.mark.parametrize(
    ("variant", "action", "index"),
    [
        ("standard", "target=000000", 0),
        ("standard", "target=000001", 1),
        ("standard", "target=100000", 1024),
        ("standard", "target=------", 4095),
        ("standard", "play=00", 4096),
        ("standard", "play=--", 4111),
        ("standard", "pong=00@outer", 4112),
        ("standard", "pong=11@split", 4112 + 3 * 5 + 2),
        ("standard", "pong=--@split", 4159),
        ("standard", "win", 4160),
        ("standard", "win@inner", 4161),
        ("standard", "win@split", 4162),
        ("standard", "pass", 4163),
        ("simple", "play=000", 4096),
        ("simple", "pong=000@outer", 4160),
        ("simple", "pong=-00@inner", 4160 + 3 * 48 + 1),
        ("simple", "win", 4352),
        ("simple", "pass", 4355),
    ],
)
def test_the_layout_is_the_documented_one(variant: str, action: str, index: int) -> None:
    """docs "Actions": the index ranges and the base-4 numbering, worked examples."""
    codec = make_codec(yj.Rules(variant=variant))
    assert docs_index(action, 2 if variant == "standard" else 3) == index
    assert codec.move_to_action(f"s1:{action}") == index
    assert codec.action_to_move(index, 3) == f"s3:{action}"


@pytest.mark.parametrize("rules", [yj.Rules(), yj.Rules(variant="simple", players=2)])
def test_every_index_is_a_move_and_back(rules: yj.Rules) -> None:
    """docs "Actions" / codec contract: `action_to_move` and `move_to_action` are inverse
    bijections, the index the documented one, the same for every seat."""
    codec = make_codec(rules)
    k = rules.play_size
    actions = [action_of(codec.action_to_move(a, 0)) for a in range(codec.num_actions)]
    assert len(set(actions)) == codec.num_actions
    for a, action in enumerate(actions):
        assert docs_index(action, k) == a
        for seat in range(rules.players):
            move = codec.action_to_move(a, seat)
            assert move == f"s{seat}:{action}"
            assert codec.move_to_action(move) == a
    assert codec.action_to_move(np.int64(7), 1) == codec.action_to_move(7, 1)


@pytest.mark.parametrize(
    ("action", "seat", "words"),
    [
        (-1, 0, "must be in 0..4163"),
        (4164, 0, "must be in 0..4163"),
        ("3", 0, "an action is an int"),
        (1.0, 0, "an action is an int"),
        (True, 0, "an action is an int"),
        (0, 4, "seat must be an int in 0..3"),
        (0, -1, "seat must be an int in 0..3"),
    ],
)
def test_a_bad_action_is_refused(action: Any, seat: Any, words: str) -> None:
    """Codec contract: ValueError outside the range, with what is allowed."""
    with pytest.raises(ValueError, match=words):
        make_codec(yj.Rules()).action_to_move(action, seat)


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("s0:win@outer", "written 'win'"),
        ("s0:play=011", "a play is 2 lines"),
        ("s0:pong=00", "then @outer"),
        ("s0:target=0101", "a target is 6 lines"),
        ("s0:chow=12", "the actions are"),
        ("s4:pass", "seat must be in 0..3"),
        ("s01:pass", "is not a move"),
        ("pass", "is not a move"),
        (3, "a move is a str"),
    ],
)
def test_a_bad_move_is_refused(move: Any, words: str) -> None:
    """Codec contract: ValueError for anything but a move of the notation (docs/yijing.md §1)."""
    with pytest.raises(ValueError, match=words):
        make_codec(yj.Rules()).move_to_action(move)


# -- masks and random play -----------------------------------------------------------------

MASK_HANDS = 60  # per rule set: 480 hands


@pytest.mark.parametrize("rules", RULE_SETS, ids=[str(i) for i in range(len(RULE_SETS))])
def test_the_mask_is_the_legal_moves_at_every_step(rules: yj.Rules) -> None:
    """Codec contract: the mask is 1 exactly at `legal_moves(seat)`, all 0 for a seat not
    to act (docs/yijing.md §3); the observation has the documented shape, dtype, range."""
    codec = make_codec(rules)
    n, steps = rules.players, 0
    for seed in range(MASK_HANDS):
        for game in mixed_game(rules, seed):
            for seat in range(n):
                mask = codec.legal_mask(game, seat)
                assert mask.dtype == np.int8
                assert mask.shape == (codec.num_actions,)
                legal = game.legal_moves(seat)
                assert sorted(codec.action_to_move(int(a), seat) for a in np.flatnonzero(mask)) == (
                    sorted(legal)
                )
                assert all(codec.action_to_move(codec.move_to_action(m), seat) == m for m in legal)
                if seat not in game.to_act:
                    assert not mask.any()
                obs = codec.observe(game, seat)
                assert obs.dtype == np.uint8
                assert obs.shape == codec.observation_shape == (98, 8)
                assert (obs <= codec.observation_high).all()
            steps += 1
    assert steps > MASK_HANDS * 20


# -- the planes ----------------------------------------------------------------------------


def test_the_planes_are_the_documented_table() -> None:
    """docs "Observation": every plane, in order, with its first row and its rows."""
    for rules in (yj.Rules(), yj.Rules(variant="simple", players=2)):
        codec = make_codec(rules)
        assert [(p.name, p.start, p.rows) for p in codec.planes] == DOCS_PLANES
        assert codec.observation_high.shape == codec.observation_shape
        assert all(p.meaning for p in codec.planes)


def read_lines(block: np.ndarray) -> str:
    """A lines plane (4 rows ``0``, ``1``, ``+``, ``-``) read back as its string."""
    out = []
    for col in range(6):
        hot = np.flatnonzero(block[:, col])
        if len(hot) == 0:
            break
        assert len(hot) == 1
        out.append("01+-"[hot[0]])
    assert not block[:, len(out) :].any()
    return "".join(out)


def cell(lines: str) -> tuple[int, int]:
    """docs/yijing.md §5: bit i = line i+1 declared yang; lower trigram lines 1-3."""
    value = sum(1 << i for i, c in enumerate(lines) if c in "1+")
    return value >> 3, value & 7


def scalar(obs: np.ndarray, row: int) -> int:
    assert (obs[row] == obs[row, 0]).all(), "a scalar row holds its value in every column"
    return int(obs[row, 0])


def check_planes(obs: np.ndarray, view: dict[str, Any], seat: int, n: int) -> None:
    """`obs` read as docs "Observation" says, against the seat's view (docs/yijing.md §7)."""
    own = view["seats"][seat]
    for i, tile in enumerate("10T"):
        assert scalar(obs, ROW["hand"] + i) == own["hand"].count(tile)
    assert read_lines(obs[3:7]) == (own["target"] or "")
    table = {"1": 0, "0": 0, "T": 0}
    for r in range(4):
        if r >= n:
            assert not obs[7 + 4 * r : 11 + 4 * r].any()
            assert scalar(obs, ROW["seats"] + r) == 0
            continue
        info = view["seats"][(seat + r) % n]
        assert read_lines(obs[7 + 4 * r : 11 + 4 * r]) == info["in_progress"]
        grid = np.zeros((8, 8), int)
        for lines in info["completed"]:
            grid[cell(lines)] += 1
        assert (obs[23 + 8 * r : 31 + 8 * r] == grid).all()
        assert scalar(obs, ROW["completed_count"] + r) == len(info["completed"])
        assert scalar(obs, ROW["target_laid"] + r) == info["target_laid"]
        assert scalar(obs, ROW["hand_count"] + r) == info["hand_count"]
        assert scalar(obs, ROW["seats"] + r) == 1
        for lines in (info["in_progress"], *info["completed"]):
            for c in lines:
                table["T" if c in "+-" else c] += 1
    assert [scalar(obs, ROW["table_tiles"] + i) for i in range(3)] == [
        table["1"],
        table["0"],
        table["T"],
    ]
    last = view["last_play"]
    if last is None:
        assert not obs[70:83].any()
    else:
        assert scalar(obs, ROW["last_seat"] + (last["seat"] - seat) % n) == 1
        assert obs[70:74, 0].sum() == 1
        assert scalar(obs, ROW["last_kind"] + ("play", "pong").index(last["kind"])) == 1
        assert read_lines(obs[76:80]) == last["lines"]
        assert scalar(obs, ROW["last_placement"] + PLACEMENT[last["placement"]]) == 1
    assert scalar(obs, ROW["wall_remaining"]) == view["wall_remaining"]
    assert scalar(obs, ROW["dealer"] + (view["dealer"] - seat) % n) == 1
    assert obs[84:88, 0].sum() == 1
    assert obs[88:92, 0].sum() == 1
    if view["phase"] != "claim":
        assert scalar(obs, ROW["phase"] + PHASES.index(view["phase"])) == 1
    if not (view["phase"] == "claim" and view["to_act"]):
        assert not obs[92:94].any()


@pytest.mark.parametrize("rules", RULE_SETS[:5], ids=[str(i) for i in range(5)])
def test_the_planes_read_as_documented(rules: yj.Rules) -> None:
    """docs "Observation": each plane, read by the table, is the seat's view."""
    codec = make_codec(rules)
    for seed in range(6):
        for game in mixed_game(rules, seed):
            for seat in range(rules.players):
                check_planes(codec.observe(game, seat), game.view(seat), seat, rules.players)


# -- no leaks: the claim phase -------------------------------------------------------------


def claim_moments(rules: yj.Rules, seeds: range) -> Iterator[yj.Game]:
    for seed in seeds:
        for game in mixed_game(rules, seed):
            if game.phase == "claim":
                yield game


def all_passed(game: yj.Game) -> yj.Game:
    """The table once every pending offer is passed: the next turn is about to begin."""
    after = game.copy()
    while after.phase == "claim":
        after.apply(f"s{after.to_act[0]}:pass")
    return after


def test_a_seat_not_offered_sees_no_trace_of_the_offer() -> None:
    """docs "What an observation may not tell": while a claim is offered to another seat,
    a seat's observation is the table as it stands when every offer is passed (the play
    was made, the next turn not begun): no claim phase, no offer, no seat to act.
    (With 2 players only 胡 is ever offered, docs/yijing.md §3 step 4: few moments.)"""
    moments = 0
    for rules in RULE_SETS:
        codec = make_codec(rules)
        for game in claim_moments(rules, range(12)):
            after = all_passed(game)
            for seat in range(rules.players):
                if seat in game.to_act:
                    continue
                obs = codec.observe(game, seat)
                assert not obs[ROW["phase"] + PHASES.index("claim")].any()
                assert not obs[92:94].any()
                assert (obs == codec.observe(after, seat)).all(), (game.moves, seat)
                moments += 1
    assert moments > 1000


def test_the_offered_seat_sees_its_offer() -> None:
    """docs "Observation" ``phase``/``offer``: the seat being offered sees the claim phase
    and which claim (胡 or 碰) it is offered."""
    rules = yj.Rules(win_conditions=yj.WIN_CONDITIONS)
    codec = make_codec(rules)
    kinds = set()
    for game in claim_moments(rules, range(40)):
        seat = game.to_act[0]
        obs = codec.observe(game, seat)
        assert scalar(obs, ROW["phase"] + PHASES.index("claim")) == 1
        actions = {action_of(m).partition("=")[0] for m in game.legal_moves(seat)}
        win = any(a.startswith("win") for a in actions)
        assert (scalar(obs, 92), scalar(obs, 93)) == (int(win), int("pong" in actions))
        kinds.add(win)
    assert kinds == {True, False}


def test_the_hand_ending_behind_an_offer_shows_over() -> None:
    """docs "Observation" ``phase``: when the next seat holds fewer than k tiles, a seat
    not offered sees ``over`` (the hand ends drawn unless the offer is taken), as it sees
    the same play when nobody is offered (docs/yijing.md §3)."""
    codec = make_codec(yj.Rules())
    seen = 0
    for game in claim_moments(yj.Rules(), range(60)):
        after = all_passed(game)
        if after.phase != "over":
            continue
        for seat in set(range(4)) - set(game.to_act):
            assert scalar(codec.observe(game, seat), ROW["phase"] + PHASES.index("over")) == 1
            seen += 1
    assert seen > 0


# -- no leaks: permuted hidden tiles -------------------------------------------------------


def tiles_of(lines: str) -> str:
    return lines.replace("+", "T").replace("-", "T")


def hidden_positions(rules: yj.Rules, game: yj.Game, viewer: int) -> list[int]:
    """The wall positions whose tiles `viewer` never saw in `game`: the undrawn wall and,
    for every other seat, the tiles it drew and never played (its target, its last draw).

    Who draws which position follows docs/yijing.md §2 (grabs of 4 from the front,
    dealer first, counterclockwise, two rounds; the simple variant a third of 1; a draw
    from the front after every play or pong). A seat plays its whole hand each time
    (§3), so its i-th play holds the tiles of its i-th draw, the first the deal's rest.
    """
    n, wall = rules.players, game.wall
    batches: dict[int, list[list[int]]] = {s: [[]] for s in range(n)}
    pos = 0
    grabs = [4, 4] + ([1] if rules.variant == "simple" else [])
    for grab in grabs:
        for i in range(n):
            batches[(game.dealer + i) % n][0].extend(range(pos, pos + grab))
            pos += grab
    plays: dict[int, list[str]] = {s: [] for s in range(n)}
    replay = yj.Game(rules, wall=wall, dealer=game.dealer)
    for move in game.moves:
        before = replay.view(None)["wall_remaining"]
        replay.apply(move)
        kind, _, rest = action_of(move).partition("=")
        if kind in ("play", "pong"):
            seat = seat_of(move)
            plays[seat].append(tiles_of(rest.partition("@")[0]))
            drawn = before - replay.view(None)["wall_remaining"]
            batches[seat].append(list(range(pos, pos + drawn)))
            pos += drawn
    hidden = list(range(pos, len(wall)))
    for seat in range(n):
        if seat == viewer:
            continue
        for i, batch in enumerate(batches[seat]):
            if i >= len(plays[seat]):
                hidden.extend(batch)  # never played
                continue
            played = plays[seat][i]
            if i > 0:  # the oracle of §2/§3 holds: this draw is the next play
                assert sorted(wall[j] for j in batch) == sorted(played)
                continue
            rest = list(batch)
            for tile in played:
                rest.remove(next(j for j in rest if wall[j] == tile))
            hidden.extend(rest)
    return sorted(hidden)


def permuted_wall(wall: str, hidden: list[int], rng: random.Random) -> str:
    tiles = [wall[j] for j in hidden]
    rng.shuffle(tiles)
    out = list(wall)
    for j, tile in zip(hidden, tiles, strict=True):
        out[j] = tile
    return "".join(out)


def target_keeping(game: yj.Game, seat: int, kept: str | None) -> str:
    """A legal target of `seat` that leaves it the tiles `kept` (its first play), any if None."""
    if kept is None:
        return game.legal_moves(seat)[0]
    rest = list(game.view(seat)["seats"][seat]["hand"])
    for tile in kept:
        rest.remove(tile)
    return f"s{seat}:target={''.join(rest).replace('T', '+')}"


def first_plays(game: yj.Game) -> dict[int, str]:
    out: dict[int, str] = {}
    for move in game.moves:
        kind, _, rest = action_of(move).partition("=")
        if kind in ("play", "pong"):
            out.setdefault(seat_of(move), tiles_of(rest.partition("@")[0]))
    return out


def win_of(game: yj.Game) -> tuple[int | None, str] | None:
    result = game.result
    return None if result is None or result.kind == "draw" else (result.winner, result.kind)


class Counts:
    def __init__(self) -> None:
        self.aligned = 0
        self.during_offers = 0  # one of the two games has an offer pending to another seat
        self.offer_in_one_only = 0  # an offer in one game and none in the other


def compare_permuted(rules: yj.Rules, seed: int, viewer: int, counts: Counts) -> None:
    """Game A from `seed`; game B deals the same wall with the tiles `viewer` never saw
    permuted, and replays A's public moves (other seats' targets: legal ones of B that keep
    the tiles they play; B's extra offers passed; A's passes B does not need skipped).
    At every aligned moment the viewer's observation is the same, unless it is being
    offered something in either game; the comparison stops where B cannot follow."""
    codec = make_codec(rules)
    games = list(mixed_game(rules, seed))
    a_final = games[-1]
    rng = random.Random(seed * 31 + viewer)
    wall_b = permuted_wall(a_final.wall, hidden_positions(rules, a_final, viewer), rng)
    a = yj.Game(rules, seed=seed)
    b = yj.Game(rules, wall=wall_b, dealer=a.dealer)
    kept = first_plays(a_final)

    def compare() -> None:
        if offered(a, viewer) or offered(b, viewer):
            return
        assert (codec.observe(a, viewer) == codec.observe(b, viewer)).all(), (seed, viewer, a.moves)
        counts.aligned += 1
        if a.phase == "claim" or b.phase == "claim":
            counts.during_offers += 1
        if (a.phase == "claim") != (b.phase == "claim"):
            counts.offer_in_one_only += 1

    compare()
    for move in a_final.moves:
        a.apply(move)
        seat, action = seat_of(move), action_of(move)
        if action == "pass":
            if b.phase == "claim" and b.to_act == [seat]:
                b.apply(move)
        else:
            if action.startswith("target=") and seat != viewer:
                move = target_keeping(b, seat, kept.get(seat))
            while b.phase == "claim" and not b.validate(move).ok:
                b.apply(f"s{b.to_act[0]}:pass")
            if not b.validate(move).ok:
                return
            b.apply(move)
        if win_of(a) != win_of(b):  # a win is public: the tables differ from here
            return
        compare()


def hidden_information(rule_sets: list[yj.Rules], seeds: range) -> Counts:
    counts = Counts()
    for rules in rule_sets:
        for seed in seeds:
            for viewer in range(rules.players):
                compare_permuted(rules, seed, viewer, counts)
    return counts


def test_hidden_tiles_and_targets_never_change_an_observation() -> None:
    """docs "What an observation may not tell": another seat's hand or target and the wall
    order never change a seat's observation, nor do the offers they cause."""
    counts = hidden_information(RULE_SETS, range(8))
    assert counts.aligned > 10000
    assert counts.during_offers > 600
    assert counts.offer_in_one_only > 15


@pytest.mark.slow
def test_hidden_tiles_and_targets_never_change_an_observation_many_hands() -> None:
    """The same, on 100 hands of every rule set."""
    counts = hidden_information(RULE_SETS, range(100, 200))
    assert counts.aligned > 130000
    assert counts.offer_in_one_only > 200


def test_the_permuted_walls_differ() -> None:
    """The property above is not vacuous: the permutation moves tiles the viewer never saw
    (others' targets among them) in almost every hand."""
    moved = 0
    for seed in range(20):
        game = list(mixed_game(yj.Rules(), seed))[-1]
        hidden = hidden_positions(yj.Rules(), game, 0)
        wall = permuted_wall(game.wall, hidden, random.Random(seed))
        moved += wall != game.wall
        assert [game.wall[j] for j in range(len(wall)) if j not in set(hidden)] == [
            wall[j] for j in range(len(wall)) if j not in set(hidden)
        ]
    assert moved >= 19


# -- the rest of the codec ----------------------------------------------------------------


def test_the_codec_facts() -> None:
    """docs "Specs": name and players."""
    codec = make_codec(yj.Rules(players=3, variant="simple"))
    assert codec.name == "yijingpai"
    assert codec.num_players == 3
    with pytest.raises(TypeError, match=r"pyyijing\.Rules"):
        make_codec("standard")  # type: ignore[arg-type]


def test_the_text_shows_what_the_seat_may_see() -> None:
    """docs "Render": lines drawn ━━━/━ ━, completed hexagrams named with their King Wen
    number; the viewer's hand and target only; the observer sees none."""
    codec = make_codec(yj.Rules())
    game = list(mixed_game(yj.Rules(), 4))[-1]
    view = game.view(1)
    text = codec.render(game, 1)
    assert "━━━" in text
    assert "━ ━" in text
    assert "s1 (you)" in text
    assert f"hand: {view['seats'][1]['hand'] or '-'}" in text
    assert text.count("hand:") == 1
    assert text.count("target:") == 1
    for info in view["seats"]:
        for lines in info["completed"]:
            h = yj.Hexagram.from_lines(lines.replace("+", "1").replace("-", "0"))
            assert f"{h.king_wen} {h.name}" in text
    observer = codec.render(game, None)
    assert "hand:" not in observer
    assert "target:" not in observer
    assert "(you)" not in observer
