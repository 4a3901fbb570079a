"""The built-in bots (random, greedy, heuristic) in readable Python.

They follow docs/simulation.md "Bots" rule for rule and make exactly the
choices of the C++ bots (core_cpp/src/yijingpai/bots.cpp); the parity tests
compare them move for move. A bot sees what its seat may see: the seat's
view (docs/yijing.md §7) and its legal moves, sorted in plain string order
(the canonical order every tie is broken by).

``choose(policy, view, legal, config, rng)`` returns a move
string; ``rng`` is an ``Xoshiro256ss`` (only ``random`` draws from it).
"""

from __future__ import annotations

from typing import Any

from .config import Config
from .hexagram_bits import value_of
from .notation import declared, points_half
from .placement import place, win_placements

BOTS = ("random", "greedy", "heuristic")

THREE_OF_A_KIND = 2
TWO_TARGETS = 1
TARGET_AND_EIGHT_TRIGRAMS = 4
EIGHT_TRIGRAMS_AND_PAIR = 8
EIGHT_TRIGRAMS_AND_QIAN = 16
EIGHT_TRIGRAMS_AND_KUN = 32
ALL64 = (1 << 64) - 1


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _build_by_popcount() -> list[int]:
    out = []
    for p in range(7):
        for v in range(64):
            if _popcount(v) == p:
                out.append(v)
    return out


# 6-bit values in order of (popcount, value); BY_POP_START[p]: first of popcount p.
BY_POP = _build_by_popcount()
BY_POP_START = [sum(1 for v in range(64) if _popcount(v) < p) for p in range(8)]
BINOM = [[1 if r == 0 else 0 for r in range(7)] for _ in range(7)]
for _n in range(1, 7):
    for _r in range(1, _n + 1):
        BINOM[_n][_r] = BINOM[_n - 1][_r - 1] + BINOM[_n - 1][_r]


def _with_trigram(t: int) -> int:
    out = 0
    for h in range(64):
        if (h & 7) == t or (h >> 3) == t:
            out |= 1 << h
    return out


WITH_TRIGRAM = [_with_trigram(t) for t in range(8)]


def _prefix_set(length: int, value: int) -> int:
    out = 0
    mask = (1 << length) - 1
    for h in range(64):
        if (h & mask) == value:
            out |= 1 << h
    return out


PREFIX = [[_prefix_set(n, v) for v in range(1 << n)] for n in range(7)]


# ----------------------------------------------------------------- hexagram sets


class Summary:
    """A seat's completed hexagrams as sets (bit h = hexagram value h)."""

    __slots__ = ("counts", "max_count", "pairs", "seen", "trigrams")

    def __init__(self, completed: list[str]) -> None:
        counts = [0] * 64
        seen = 0
        pairs = 0
        trigrams = 0
        best = 0
        for lines in completed:
            h = value_of(lines)
            counts[h] += 1
            if counts[h] > best:
                best = counts[h]
            if seen >> h & 1:
                pairs |= 1 << h
            seen |= 1 << h
            trigrams |= (1 << (h & 7)) | (1 << (h >> 3))
        self.counts = counts
        self.max_count = best
        self.seen = seen
        self.pairs = pairs
        self.trigrams = trigrams


def winning_set(summary: Summary, target: int, win_mask: int) -> int:
    """Hexagrams whose completion now wins (the engine's `wins`, docs/yijing.md §5)."""
    w = 0
    if win_mask & TWO_TARGETS:
        c = summary.counts[target]
        w |= ALL64 if c >= 2 else (1 << target) if c == 1 else 0
    if win_mask & THREE_OF_A_KIND:
        w |= ALL64 if summary.max_count >= 3 else summary.pairs
    eight = (
        TARGET_AND_EIGHT_TRIGRAMS
        | EIGHT_TRIGRAMS_AND_PAIR
        | EIGHT_TRIGRAMS_AND_QIAN
        | EIGHT_TRIGRAMS_AND_KUN
    )
    if win_mask & eight == 0:
        return w
    cover = ALL64
    for t in range(8):
        if not (summary.trigrams >> t) & 1:
            cover &= WITH_TRIGRAM[t]
    if cover:
        seen = summary.seen
        if win_mask & TARGET_AND_EIGHT_TRIGRAMS:
            w |= cover & (ALL64 if seen >> target & 1 else 1 << target)
        if win_mask & EIGHT_TRIGRAMS_AND_PAIR:
            w |= cover & (ALL64 if summary.pairs else seen)
        if win_mask & EIGHT_TRIGRAMS_AND_QIAN:
            w |= cover & (ALL64 if seen >> 63 & 1 else 1 << 63)
        if win_mask & EIGHT_TRIGRAMS_AND_KUN:
            w |= cover & (ALL64 if seen & 1 else 1)
    return w


# ----------------------------------------------------------------- move strings


def _split(move: str) -> tuple[str, str, str]:
    """(kind, lines, placement) of a move string; placement "outer" when unwritten."""
    action = move[move.index(":") + 1 :]
    placement = "outer"
    at = action.find("@")
    if at >= 0:
        placement = action[at + 1 :]
        action = action[:at]
    eq = action.find("=")
    if eq >= 0:
        return action[:eq], action[eq + 1 :], placement
    return action, "", placement


# ----------------------------------------------------------------- the seat's knowledge


class _Ctx:
    __slots__ = ("k", "progress", "seat", "seen", "target", "three", "view", "wins")

    def __init__(self, view: dict[str, Any], play_size: int, win_mask: int) -> None:
        seat = view["viewer"]
        me = view["seats"][seat]
        summary = Summary(me["completed"])
        self.view = view
        self.seat = seat
        self.k = play_size
        self.progress = me["in_progress"]
        self.target = value_of(me["target"])
        self.wins = winning_set(summary, self.target, win_mask)
        self.seen = summary.seen
        self.three = bool(win_mask & THREE_OF_A_KIND)

    def tier_of_set(self, hexagrams: int) -> int:
        if self.wins & hexagrams:
            return 3
        if hexagrams >> self.target & 1:
            return 2
        if self.three and self.seen & hexagrams:
            return 1
        return 0

    def lines_score(self, lines: str) -> int:
        v = value_of(lines)
        if len(lines) >= 6:
            return self.tier_of_set(1 << v)
        return self.tier_of_set(PREFIX[len(lines)][v])


def _danger(c: _Ctx, lines: str) -> int:
    """2 / 1 if `lines`, claimed with an allowed placement, complete a hexagram
    another seat has completed twice (three_of_a_kind on) / once; else 0."""
    lines = declared(lines)
    worst = 0
    for x, st in enumerate(c.view["seats"]):
        if x == c.seat:
            continue
        progress = declared(st["in_progress"])
        if len(progress) + c.k != 6:
            continue
        summary = None
        for placement in win_placements(lines, len(progress), c.k):
            if summary is None:
                summary = Summary(st["completed"])
            h = value_of(place(progress, lines, placement))
            d = 0
            if c.three and summary.pairs >> h & 1:
                d = 2
            elif summary.seen >> h & 1:
                d = 1
            if d > worst:
                worst = d
    return worst


# ----------------------------------------------------------------- targets


def random_target(seat: int, hand: str, rng: object) -> str:
    """A uniformly random legal target (docs/simulation.md "random target")."""
    yang = hand.count("1")
    yin = hand.count("0")
    taiji = hand.count("T")
    max_nt = min(taiji, 6)
    classes = []
    for nt in range(max_nt + 1):
        np_ = 6 - nt
        ones = max(0, np_ - yin)
        while ones <= np_ and ones <= yang:
            classes.append((nt, ones, (BINOM[6][nt] << nt) * BINOM[np_][ones]))
            ones += 1
    total = 0
    for cls in classes:
        total += cls[2]
    r = rng.uniform(total)  # type: ignore[attr-defined]
    for nt, ones, weight in classes:
        if r >= weight:
            r -= weight
            continue
        decl = r & ((1 << nt) - 1)
        r >>= nt
        ti = r % BINOM[6][nt]
        oi = r // BINOM[6][nt]
        tmask = BY_POP[BY_POP_START[nt] + ti]
        omask = BY_POP[BY_POP_START[ones] + oi]
        chars = []
        for pos in range(6):
            if tmask >> pos & 1:
                chars.append("+" if decl & 1 else "-")
                decl >>= 1
            else:
                chars.append("1" if omask & 1 else "0")
                omask >>= 1
        return "s" + str(seat) + ":target=" + "".join(chars)
    raise AssertionError("a seat always has a legal target")


def target_score(lines: str, hand: str, play_size: int, heuristic: bool) -> int:
    """docs/simulation.md "greedy target" / "heuristic target"."""
    k = play_size
    d = declared(lines)
    mixed = 0
    for g in range(0, 6, k):
        group = d[g : g + k]
        if group.count("1") not in (0, k):
            mixed += 1
    taiji_used = lines.count("+") + lines.count("-")
    score = 10 * mixed - 2 * taiji_used
    if heuristic:
        yang_kept = hand.count("1") - lines.count("1")
        yin_kept = hand.count("0") - lines.count("0")
        y1 = d[:k].count("1")
        if yang_kept <= y1 and yin_kept <= k - y1:
            score += 5
    return score


# ----------------------------------------------------------------- choose


def choose(policy: str, view: dict[str, Any], legal: list[str], config: Config, rng: object) -> str:
    """The move of bot `policy` for the viewing seat (`legal` sorted, non-empty)
    in a game played under `config`."""
    if policy not in BOTS:
        raise ValueError(f"unknown bot {policy!r}; bots: {', '.join(BOTS)}")
    play_size = config.play_size
    win_mask = config.win_mask
    seat = view["viewer"]
    if view["phase"] == "target":
        hand = view["seats"][seat]["hand"]
        if policy == "random":
            return random_target(seat, hand, rng)
        heuristic = policy == "heuristic"
        best = legal[0]
        best_score = -1000
        for move in legal:
            score = target_score(_split(move)[1], hand, play_size, heuristic)
            if score > best_score:
                best_score = score
                best = move
        return best
    n = len(legal)
    if policy == "random":
        return legal[0] if n == 1 else legal[rng.uniform(n)]  # type: ignore[attr-defined]
    if n == 1:
        return legal[0]
    heuristic = policy == "heuristic"
    c = _Ctx(view, play_size, win_mask)
    if view["phase"] == "play":
        best_i = 0
        best_value = -1000
        for i, move in enumerate(legal):
            _kind, lines, placement = _split(move)
            result = place(c.progress, lines, placement)
            score = c.lines_score(result)
            wins_now = len(result) >= 6 and score == 3
            value = (1000 if wins_now else 0) + score
            if heuristic and not wins_now:
                value -= 10 * _danger(c, lines)
            if value > best_value:
                best_value = value
                best_i = i
        return legal[best_i]
    # claim phase: legal[0] is the pass
    claimed = view["last_play"]["lines"]
    if _split(legal[1])[0] == "win":
        if not heuristic:
            return legal[1]
        best_i = 1
        best_points = -1
        for i in range(1, n):
            pts = points_half(place(c.progress, claimed, _split(legal[i])[2]))
            if pts > best_points:
                best_points = pts
                best_i = i
        return legal[best_i]
    best_i = 1
    best_score = -1
    for i in range(1, n):
        _kind, lines, placement = _split(legal[i])
        score = c.lines_score(place(c.progress, lines, placement))
        if score > best_score:
            best_score = score
            best_i = i
    if not heuristic:
        return legal[best_i] if best_score > 0 else legal[0]
    later = c.lines_score(place(c.progress, declared(claimed), "outer"))
    return legal[best_i] if best_score >= later else legal[0]
