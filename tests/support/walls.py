"""Exact walls for the mahjong game conformance tests (shared/rules/mahjong.md §1).

`build_wall(rules, dealer, hands=..., draws=..., back=...)` places

- the dealt tiles at the deal indices of §1 (seed 003 §二
  「每個人抓3次共12張牌，再由莊家跳牌抓上層兩牌，其他人依次各抓一張」): three rounds
  of 4 from the dealer counterclockwise (indices 0-3 the dealer, 4-7 its next
  seat, ..., 44-47 its previous seat), then 48-49 to the dealer and 50, 51, 52
  to the next three seats;
- then the front draws in order (index 53 on);
- the back tiles from the last index backwards (`back[0]` is the first
  replacement);
- and fills the rest (the middle of the live wall) with the remaining tiles of
  the rules' tile set.

A seat missing from `hands` gets an *inert* hand: single tiles of distinct
kinds, the numbers of a suit at least three apart, so that it can never chow,
pung, kong or win on anything and has no waits (in the 108-tile void-suit game,
which has no chow, the numbers are two apart). Tiles are written as
two-character codes (``"1m1m2m"``) or compactly (``"112m"``); both parse.

`play(game, moves)` applies moves one by one, asserting that each is legal
(``validate`` says ok and it is in ``legal_moves()``).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from pyyijing import _registry
from pyyijing import mahjong as mj
from pyyijing.mahjong.game import parts

SUITS = "mpsz"
NUMBER_CODES = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
HONOUR_CODES = [f"{n}z" for n in range(1, 8)]
FLOWER_CODES = [f"{n}f" for n in range(1, 9)]
KIND_CODES = NUMBER_CODES + HONOUR_CODES  # the 34 kinds in id order


def tiles(text: str | Iterable[str]) -> list[str]:
    """Tile codes of `text`: ``"1m1m2m"``, ``"112m"``, ``"112m 5z"`` or a list of codes."""
    if not isinstance(text, str):
        out: list[str] = []
        for part in text:
            out.extend(tiles(part))
        return out
    out = []
    digits = ""
    for ch in text:
        if ch.isspace():
            continue
        if ch.isdigit():
            digits += ch
        elif ch in "mpszf":
            if not digits:
                raise ValueError(f"suit letter {ch!r} without digits in {text!r}")
            out.extend(d + ch for d in digits)
            digits = ""
        else:
            raise ValueError(f"bad tile character {ch!r} in {text!r}")
    if digits:
        raise ValueError(f"digits without a suit letter in {text!r}")
    for code in out:
        if code not in KIND_CODES and code not in FLOWER_CODES:
            raise ValueError(f"unknown tile {code!r} in {text!r}")
    return out


def canonical(rules: mj.Rules) -> list[str]:
    """The unshuffled wall of the rules' tile set (§1): every kind in id order."""
    n = rules.tiles
    out = [c for c in NUMBER_CODES for _ in range(4)]
    if n != 108:
        out += [c for c in HONOUR_CODES for _ in range(4)]
    if n == 144:
        out += FLOWER_CODES
    return out


def deal_indices(dealer: int) -> dict[int, list[int]]:
    """§1: the wall indices dealt to each seat, in the order taken."""
    idx: dict[int, list[int]] = {s: [] for s in range(4)}
    for rnd in range(3):
        for k in range(4):
            seat = (dealer + k) % 4
            base = rnd * 16 + k * 4
            idx[seat].extend(range(base, base + 4))
    idx[dealer].extend([48, 49])
    for k in (1, 2, 3):
        idx[(dealer + k) % 4].append(49 + k)
    return idx


def _inert_hand(
    pool: Counter[str], size: int = 13, beside: list[str] | None = None, gap: int = 3
) -> list[str]:
    """`size` tiles of distinct kinds from `pool`, numbers of a suit >= `gap` apart, and
    apart from the tiles `beside` as well (so they never pair or run with them either)."""
    order = HONOUR_CODES + NUMBER_CODES
    chosen: list[str] = []
    others = list(beside or [])

    def ok(code: str) -> bool:
        if pool[code] <= 0 or code in chosen or code in others:
            return False
        if code[1] == "z":
            return True
        n = int(code[0])
        return all(not (c[1] == code[1] and abs(int(c[0]) - n) < gap) for c in chosen + others)

    def search(start: int) -> bool:
        if len(chosen) == size:
            return True
        for i in range(start, len(order)):
            if ok(order[i]):
                chosen.append(order[i])
                if search(i + 1):
                    return True
                chosen.pop()
        return False

    if not search(0):
        raise ValueError("no inert hand can be made from the tiles left")
    return chosen


def build_wall(
    rules: mj.Rules,
    dealer: int,
    hands: Mapping[int, str | Iterable[str]] | None = None,
    draws: Iterable[str] | str = (),
    back: Iterable[str] | str = (),
    fill: Iterable[str] | str = (),
) -> str:
    """An exact wall (see the module docstring); `fill` tiles come first in the middle."""
    hands = dict(hands or {})
    pool = Counter(canonical(rules))

    def take(codes: list[str], what: str) -> list[str]:
        for c in codes:
            if pool[c] <= 0:
                raise ValueError(f"{what}: no {c} left in the {rules.tiles}-tile set")
            pool[c] -= 1
        return codes

    # No chow in the void-suit game: numbers two apart never run (1-3-5 holds no three
    # consecutive), and pungs need pairs, which an inert hand never has.
    gap = 2 if rules.tiles == 108 else 3
    dealt: dict[int, list[str]] = {}
    partial: dict[int, list[str]] = {}
    for seat, hand in hands.items():
        want = 14 if seat == dealer else 13
        if isinstance(hand, str) and hand.rstrip().endswith("+"):
            codes = tiles(hand.rstrip()[:-1])
            if len(codes) > want:
                raise ValueError(f"seat {seat} is dealt {want} tiles; got {len(codes)}")
            partial[seat] = take(codes, f"hand of seat {seat}")
            continue
        codes = tiles(hand)
        if len(codes) != want:
            raise ValueError(f"seat {seat} is dealt {want} tiles; got {len(codes)}")
        dealt[seat] = take(codes, f"hand of seat {seat}")
    draw_codes = take(tiles(draws), "draws")
    back_codes = take(tiles(back), "back")
    fill_codes = take(tiles(fill), "fill")
    for seat, codes in partial.items():
        want = 14 if seat == dealer else 13
        dealt[seat] = codes + take(_inert_hand(pool, want - len(codes), codes, gap), f"seat {seat}")
    for seat in range(4):
        if seat not in dealt:
            dealt[seat] = take(
                _inert_hand(pool, 14 if seat == dealer else 13, None, gap), f"seat {seat}"
            )
    n = rules.tiles
    wall: list[str | None] = [None] * n
    for seat, idx in deal_indices(dealer).items():
        for i, code in zip(idx, dealt[seat], strict=True):
            wall[i] = code
    pos = 53
    for code in draw_codes:
        wall[pos] = code
        pos += 1
    end = n - 1
    for code in back_codes:
        if wall[end] is not None:
            raise ValueError("the draws and the back tiles overlap")
        wall[end] = code
        end -= 1
    remaining: list[str] = []
    for c in canonical(rules):
        if pool[c] > 0:
            remaining.append(c)
            pool[c] -= 1
    rest = fill_codes + remaining
    it = iter(rest)
    for i in range(n):
        if wall[i] is None:
            wall[i] = next(it)
    out = "".join(c for c in wall if c is not None)
    mj.check_wall(rules, out)
    return out


def game(
    rules: mj.Rules,
    dealer: int = 0,
    hands: Mapping[int, str | Iterable[str]] | None = None,
    draws: Iterable[str] | str = (),
    back: Iterable[str] | str = (),
    fill: Iterable[str] | str = (),
    backend: str | None = None,
) -> mj.Game:
    """`mj.Game` on `build_wall(...)` with `dealer`."""
    wall = build_wall(rules, dealer, hands, draws, back, fill)
    return mj.Game(rules, wall=wall, dealer=dealer, backend=backend)


def play(g: mj.Game, moves: Iterable[str]) -> mj.Game:
    """Apply `moves`, asserting each is legal (validate ok and listed by legal_moves)."""
    for i, move in enumerate(moves):
        verdict = g.validate(move)
        assert verdict.ok, f"move {i} {move!r} is illegal: {verdict.code} ({g.legal_moves()})"
        legal = g.legal_moves()
        assert move in legal, f"move {i} {move!r} validates but is not listed in {legal}"
        g.apply(move)
    return g


def code_of(g: mj.Game, move: str) -> str:
    """The reason code of `move` now (``"ok"`` if legal)."""
    return g.validate(move).code


def hand_of(g: mj.Game, seat: int) -> list[str]:
    """`seat`'s concealed tiles (its own view), as codes in id order."""
    h: str = g.view(seat)["seats"][seat]["hand"]
    return [h[i : i + 2] for i in range(0, len(h), 2)]


def _backend_param(request: Any) -> str:
    name: str = request.param
    try:
        parts(name)
    except ImportError as exc:
        if os.environ.get("PYYIJING_REQUIRE_ALL_BACKENDS") == "1":
            pytest.fail(f"backend {name} has no mahjong game engine: {exc}")
        pytest.skip(f"backend {name} has no mahjong game engine: {exc}")
    return name


#: ``be = walls.backend_fixture`` in a test module: each backend's name in turn
#: (skipped when that backend has no mahjong engine, failed under `make test`).
backend_fixture = pytest.fixture(params=_registry.BACKENDS, name="be")(_backend_param)


def drawn_of(g: mj.Game, seat: int) -> str | None:
    """The tile `seat` drew last, as its own view shows it."""
    d: str | None = g.view(seat)["seats"][seat]["drawn"]
    return d


def drain(g: mj.Game, stop: Any = None, limit: int = 2000) -> mj.Game:
    """Play on by passing every claim and discarding the tile just drawn (the first legal
    discard when there is none) until `stop(g)` is true or the hand is over."""
    for _ in range(limit):
        if g.phase == "over" or (stop is not None and stop(g)):
            return g
        seat = g.to_act[0]
        if g.phase == "claim":
            g.apply(f"s{seat}:pass")
            continue
        d = drawn_of(g, seat)
        move = f"s{seat}:discard={d}" if d else None
        if move is None or not g.validate(move).ok:
            move = next(m for m in g.legal_moves(seat) if ":discard=" in m)
        g.apply(move)
    raise AssertionError("drain did not stop")
