"""Helpers for the Yi Jing Pai tests: build exact walls from a scripted game.

A test names each seat's target and the moves it wants to make; `scripted`
works out the wall that deals and draws exactly the tiles those moves need
(docs/yijing.md §2: grabs of 4 from the front, dealer first, counterclockwise;
every play is followed by a draw of `k` from the front). Seats that have no
scripted play hold filler tiles (mixed, so they can never pong).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pyyijing as yj

MOVE_RE = re.compile(r"^s(\d+):(play|pong)=([01+-]+)")


def tiles_of(lines: str) -> str:
    """The tiles behind written lines: a declared taiji (+/-) is the tile T."""
    return lines.replace("+", "T").replace("-", "T")


class _Pool:
    """The tiles not yet placed in the wall being built."""

    def __init__(self, rules: yj.Rules) -> None:
        self.left = {"1": rules.line_tiles, "0": rules.line_tiles, "T": rules.taiji_tiles}

    def take(self, tiles: str) -> str:
        for t in tiles:
            self.left[t] -= 1
            if self.left[t] < 0:
                raise ValueError(f"the script needs more {t!r} tiles than the set has")
        return tiles

    def filler(self, n: int) -> str:
        # Alternate yang/yin so a filler hand is never a pure pair.
        out = []
        for i in range(n):
            order = ("1", "0", "T") if i % 2 == 0 else ("0", "1", "T")
            t = next(t for t in order if self.left[t] > 0)
            out.append(self.take(t))
        return "".join(out)

    def rest(self) -> str:
        out = []
        while self.left["1"] or self.left["0"]:
            for t in ("1", "0"):
                if self.left[t]:
                    out.append(self.take(t))
        out.append(self.take("T" * self.left["T"]))
        return "".join(out)


def build_wall(
    rules: yj.Rules,
    dealer: int,
    targets: Sequence[str],
    moves: Sequence[str],
    *,
    hands: dict[int, str] | None = None,
    extra_draws: dict[int, list[str]] | None = None,
) -> str:
    """The wall that deals `targets` and feeds every play/pong of `moves`.

    `hands` overrides a seat's initial hand (tiles); `extra_draws[seat]` lists
    tiles that seat draws after its plays beyond the scripted ones (instead of
    filler).
    """
    n, k = rules.players, rules.play_size
    pool = _Pool(rules)
    plays: list[tuple[int, str]] = []
    for m in moves:
        match = MOVE_RE.match(m)
        if match:
            plays.append((int(match.group(1)), tiles_of(match.group(3))))
    per_seat: dict[int, list[str]] = {s: [t for (p, t) in plays if p == s] for s in range(n)}
    for s in range(n):
        per_seat[s] += list((extra_draws or {}).get(s, []))

    # Reserve every scripted tile first, so filler never steals one. A given
    # hand is the tiles of the seat's first scripted play (if it has one).
    hands = dict(hands or {})
    for s in range(n):
        pool.take(tiles_of(targets[s]))
        for t in per_seat[s]:
            pool.take(t)
        if s in hands:
            if per_seat[s]:
                assert sorted(hands[s]) == sorted(per_seat[s][0]), "hand != first play"
            else:
                pool.take(hands[s])

    initial: dict[int, str] = {}
    queue: dict[int, list[str]] = {}
    for s in range(n):
        if s in hands:
            initial[s] = hands[s]
            queue[s] = list(per_seat[s][1:])
        elif per_seat[s]:
            initial[s] = per_seat[s][0]
            queue[s] = list(per_seat[s][1:])
        else:
            initial[s] = pool.filler(k)
            queue[s] = []

    dealt = {s: tiles_of(targets[s]) + initial[s] for s in range(n)}
    wall = []
    grabs = [(0, 4), (4, 8)] + ([(8, 9)] if k == 3 else [])
    for lo, hi in grabs:
        for i in range(n):
            wall.append(dealt[(dealer + i) % n][lo:hi])
    for seat, _ in plays:
        wall.append(queue[seat].pop(0) if queue[seat] else pool.filler(k))
    wall.append(pool.rest())
    return "".join(wall)


def scripted(
    rules: yj.Rules,
    dealer: int,
    targets: Sequence[str],
    moves: Sequence[str] = (),
    *,
    lay_targets: bool = True,
    backend: str | None = None,
    **kw: object,
) -> yj.Game:
    """A game dealt for the script, with the targets laid (moves not applied)."""
    wall = build_wall(rules, dealer, targets, moves, **kw)  # type: ignore[arg-type]
    g = yj.Game(rules, wall=wall, dealer=dealer, backend=backend)
    if lay_targets:
        for s, t in enumerate(targets):
            g.apply(f"s{s}:target={t}")
    return g


def run(g: yj.Game, moves: Sequence[str]) -> yj.Game:
    """Apply `moves`, failing with the verdict of the first illegal one."""
    for i, m in enumerate(moves):
        v = g.validate(m)
        assert v.ok, f"move {i} {m!r} rejected: {v.code} {v.message}; legal: {g.legal_moves()}"
        g.apply(m)
    return g
