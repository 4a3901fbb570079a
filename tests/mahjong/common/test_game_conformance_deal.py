"""Conformance on exact walls: tiles, wall, seats, the deal, the shuffle, `Rules` and
`Game` input errors (shared/rules/mahjong.md §1, §2 "Start of a turn", §8, §10, §11)."""

from __future__ import annotations

import pytest
from support import walls

from pyyijing import mahjong as mj
from pyyijing.fallback.prng import Xoshiro256ss

be = walls.backend_fixture
COMMON = mj.Rules("common")


def independent_shuffle(seed: int, tiles: int) -> tuple[str, tuple[int, int]]:
    """§1 written again from the page: Fisher-Yates from the last index, then two dice."""
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    wall = [k for k in kinds for _ in range(4)]
    if tiles != 108:
        wall += [f"{n}z" for n in range(1, 8) for _ in range(4)]
    if tiles == 144:
        wall += [f"{n}f" for n in range(1, 9)]
    rng = Xoshiro256ss(seed)
    for i in range(len(wall) - 1, 0, -1):
        j = rng.uniform(i + 1)
        wall[i], wall[j] = wall[j], wall[i]
    d1 = 1 + rng.uniform(6)
    d2 = 1 + rng.uniform(6)
    return "".join(wall), (d1, d2)


def codes(wall: str) -> list[str]:
    return [wall[i : i + 2] for i in range(0, len(wall), 2)]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_indices(be: str, dealer: int) -> None:
    """mahjong.md §1 Deal: three rounds of 4 from the front, the dealer first then
    counterclockwise (0-3 the dealer, 4-7 its next seat, ..., 44-47 its previous seat),
    then 48-49 to the dealer and 50, 51, 52 to the next three seats; the dealer holds
    14, the others 13. Seed 003 §二 「每個人抓3次共12張牌，再由莊家跳牌抓上層兩牌，
    其他人依次各抓一張。庄家共有14張牌，其他人各有13張牌」."""
    g = mj.Game(COMMON, seed=1234 + dealer, dealer=dealer, backend=be)
    w = codes(g.wall)
    expected: dict[int, list[str]] = {s: [] for s in range(4)}
    for rnd in range(3):
        for k in range(4):
            start = 16 * rnd + 4 * k
            expected[(dealer + k) % 4] += w[start : start + 4]
    expected[dealer] += w[48:50]
    for k in (1, 2, 3):
        expected[(dealer + k) % 4].append(w[49 + k])
    for s in range(4):
        assert walls.hand_of(g, s) == sorted(expected[s], key=walls.KIND_CODES.index)
        assert g.view(None)["seats"][s]["hand_count"] == (14 if s == dealer else 13)
    assert g.view(None)["wall_remaining"] == 136 - 53
    assert walls.deal_indices(dealer)[dealer][:4] == [0, 1, 2, 3]


def test_helper_places_hands_draws_and_back(be: str) -> None:
    """mahjong.md §1 Wall: the front is index 0, ordinary draws take from the front,
    replacements from the back (the last index). The walls.py helper puts hands at the
    deal indices, then the draws, then the back tiles from the last index backwards."""
    w = walls.build_wall(
        COMMON, 2, hands={2: "123m456m789m123p55p"}, draws=["9s", "8s"], back=["7z", "6z"]
    )
    g = mj.Game(COMMON, wall=w, dealer=2, backend=be)
    assert g.dice is None  # an exact deal throws no dice
    assert g.seed is None
    assert g.wall == w
    assert walls.hand_of(g, 2) == walls.tiles("123m456m789m123p55p")
    c = codes(w)
    assert c[53:55] == ["9s", "8s"]
    assert c[-1] == "7z"
    assert c[-2] == "6z"


def test_dealer_acts_first_without_a_draw_then_next_seat_draws_front(be: str) -> None:
    """mahjong.md §2 Play: exactly one seat acts, the dealer at the start (14 tiles, no
    draw); Start of a turn: the next seat draws from the front automatically; seats run
    counterclockwise, the next of s is (s + 1) % 4. Seed 003 §一 「庄家起始，逆時針直接出牌，
    後面每人依次摸牌出牌」."""
    g = walls.game(COMMON, dealer=3, hands={3: "1z+"}, draws=["9s", "8s", "7s"], backend=be)
    assert g.phase == "play"
    assert g.to_act == [3]
    assert walls.drawn_of(g, 3) is None
    assert g.legal_moves(0) == []
    walls.play(g, ["s3:discard=1z"])
    assert g.to_act == [0]
    assert walls.drawn_of(g, 0) == "9s"
    assert g.view(None)["wall_remaining"] == 136 - 54
    walls.play(g, ["s0:discard=9s"])
    assert g.to_act == [1]
    assert walls.drawn_of(g, 1) == "8s"
    walls.play(g, ["s1:discard=8s"])
    assert g.to_act == [2]
    assert walls.drawn_of(g, 2) == "7s"


@pytest.mark.parametrize(
    ("flowers", "void", "n"), [(False, False, 136), (True, False, 144), (False, True, 108)]
)
def test_seeded_wall_is_fisher_yates_of_canonical(
    be: str, flowers: bool, void: bool, n: int
) -> None:
    """mahjong.md §1 Shuffle: SplitMix64 -> xoshiro256**, Fisher-Yates swapping from the
    last index, over the unshuffled wall (every kind in index order, 1m x4 ... 7z x4,
    then 1f...8f, restricted to the ruleset's tiles); then two dice 1 + uniform(6); the
    dealer is (d1 + d2 - 1) % 4. Sets: 136, 144 with flowers, 108 with void_suit."""
    rules = mj.Rules("common", flowers=flowers, void_suit=void)
    assert rules.tiles == n
    for seed in (0, 1, 7, 2**63 + 5, 2**64 - 1):
        wall, dice = independent_shuffle(seed, n)
        g = mj.Game(rules, seed=seed, backend=be)
        assert g.wall == wall
        assert len(g.wall) == 2 * n
        assert g.dice == dice
        assert g.dealer == (dice[0] + dice[1] - 1) % 4
        assert g.seed == seed


def test_seed_with_dealer_replaces_the_dice(be: str) -> None:
    """mahjong.md §11: `seed=` with `dealer=` is allowed (the dealer replaces the dice'
    choice); the wall is the seed's."""
    base = mj.Game(COMMON, seed=99, backend=be)
    other = (base.dealer + 1) % 4
    g = mj.Game(COMMON, seed=99, dealer=other, backend=be)
    assert g.dealer == other
    assert g.wall == base.wall
    assert g.to_act == [other]


def test_game_argument_errors(be: str) -> None:
    """mahjong.md §11: `Game(rules)` with neither seed= nor wall= is a ValueError;
    seed= with wall=, or wall= without dealer=, is a ValueError; seed is an int in
    [0, 2^64)."""
    wall = mj.Game(COMMON, seed=5, backend=be).wall
    with pytest.raises(ValueError, match="seed="):
        mj.Game(COMMON, backend=be)
    with pytest.raises(ValueError, match="dealer="):
        mj.Game(COMMON, wall=wall, backend=be)
    with pytest.raises(ValueError, match="seed="):
        mj.Game(COMMON, seed=5, wall=wall, dealer=0, backend=be)
    with pytest.raises(ValueError, match="seed="):
        mj.Game(COMMON, seed=5, wall=wall, backend=be)
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="seed"):
            mj.Game(COMMON, seed=bad, backend=be)


def test_wall_with_wrong_tiles(be: str) -> None:
    """mahjong.md §1: a wall with the wrong tiles for the rules raises ValueError;
    §11: walls use the two-character codes only (`1z`, never `E`); sets: common 136,
    144 with flowers, 108 with void_suit (no honours)."""
    good = walls.build_wall(COMMON, 0)
    c = codes(good)
    bad_walls = [
        good[:-2],  # 135 tiles
        good + "1m",  # a fifth 1m
        good[:-2] + c[0],  # one tile swapped for a fifth copy
        good + "1f",  # a flower in the 136 set
        good.replace("1z", "E ", 1),
        good.replace("1z", "Ez", 1),
        good[:-1],  # odd length
    ]
    for w in bad_walls:
        with pytest.raises(ValueError, match="wall"):
            mj.Game(COMMON, wall=w, dealer=0, backend=be)
    flowers = mj.Rules("common", flowers=True)
    with pytest.raises(ValueError, match="1f"):
        mj.Game(flowers, wall=good, dealer=0, backend=be)
    void = mj.Rules("common", void_suit=True)
    with pytest.raises(ValueError, match="1z"):
        mj.Game(void, wall=good, dealer=0, backend=be)
    mj.Game(flowers, wall=walls.build_wall(flowers, 0), dealer=0, backend=be)
    mj.Game(void, wall=walls.build_wall(void, 0), dealer=0, backend=be)


def test_bad_dealer(be: str) -> None:
    """mahjong.md §1 Seats 0-3: an exact deal's dealer is one of them."""
    wall = walls.build_wall(COMMON, 0)
    for bad in (-1, 4, True, "0"):
        with pytest.raises(ValueError, match="seat"):
            mj.Game(COMMON, wall=wall, dealer=bad, backend=be)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "kwargs", "names"),
    [
        (("nosuch",), {}, "nosuch"),
        (("common",), {"flowers": "yes"}, "flowers"),
        (("common",), {"declare_ready": 1}, "declare_ready"),
        (("common",), {"void_suit": None}, "void_suit"),
        (("common",), {"birds": 2}, "birds"),
        (("common",), {"pass_lock": False}, "pass_lock"),
        (("common",), {"base": 2}, "base"),
        (("changsha",), {"flowers": True}, "flowers"),
        (("common",), {"flowers": True, "void_suit": True}, "void_suit"),
    ],
)
def test_rules_errors_name_the_option(
    args: tuple[str, ...], kwargs: dict[str, object], names: str
) -> None:
    """mahjong.md §8: an option given for a ruleset it does not belong to raises
    ValueError; §11: `flowers` with `void_suit` is a ValueError, `base` is fixed at 1
    (not an option). The message names the option (or the bad ruleset)."""
    with pytest.raises(ValueError, match=names):
        mj.Rules(*args, **kwargs)  # type: ignore[arg-type]


def test_rules_defaults_and_tile_sets() -> None:
    """mahjong.md §8 defaults: flowers false, void_suit false, declare_ready true;
    §1 sets: common 136, 144 with flowers, 108 with void_suit."""
    r = mj.Rules("common")
    assert (r.flowers, r.void_suit, r.declare_ready) == (False, False, True)
    assert r.tiles == 136
    assert mj.Rules("common", flowers=True).tiles == 144
    assert mj.Rules("common", void_suit=True).tiles == 108
    assert mj.Rules() == r
    assert mj.Rules.from_dict(r.to_dict()) == r
