"""Mahjong hand evaluation, readable reference (the python and cython backends).

The same algorithms as core_cpp/src/mahjong/ (see shared/rules/mahjong.md §0,
"Hand evaluation"). A hand is a list of 34 counts in the usual order: 1-9m
(0..8), 1-9p (9..17), 1-9s (18..26), 東南西北白發中 (27..33). Exposed sets are
not in the counts: a concealed part of 3k+1 or 3k+2 tiles means 4-k sets are
exposed. pyyijing.mahjong validates every input before calling in here.

Shanten is the shape distance: the fewest draws (each replacing a discard)
that complete the hand, minus one. Each group (a suit, or the honours) has a
cost vector ``cost[2*m + p]`` = the fewest tiles to add to the group so that
it holds m sets and p pairs; it is the best over the group's readings into
sets, two-tile partial sets (a pair, 12 or 13) and single tiles, where a set
costs 0/1/2/3 from a set/partial/single/nothing and the pair 0/1/2 from a
pair/single/nothing. The hand's distance combines the four vectors (min-plus)
at (sets needed, one pair).
"""

from __future__ import annotations

KINDS = 34
HONOUR_BASE = 27
NO_SHANTEN = 99
FORM_BEST = 0
FORM_REGULAR = 1
FORM_SEVEN_PAIRS = 2
FORM_THIRTEEN_ORPHANS = 3
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
INF = 60

_GROUP_CACHE: dict[tuple[int, ...], list[int]] = {}


def _meld_cost(m: int, melds: int, partials: int, singles: int) -> int:
    """Tiles needed for m sets using whole sets first, then partials, then singles."""
    rest = m
    use = min(rest, melds)
    rest -= use
    use_partials = min(rest, partials)
    rest -= use_partials
    use_singles = min(rest, singles)
    rest -= use_singles
    return use_partials + 2 * use_singles + 3 * rest


def _leaf(best: list[int], melds: int, partials: int, pairs: int, singles: int) -> None:
    for m in range(5):
        c0 = _meld_cost(m, melds, partials, singles)
        c1 = c0 + 2
        if pairs > 0:
            c1 = min(c1, _meld_cost(m, melds, partials - 1, singles))
        if singles > 0:
            c1 = min(c1, 1 + _meld_cost(m, melds, partials, singles - 1))
        if c0 < best[2 * m]:
            best[2 * m] = c0
        if c1 < best[2 * m + 1]:
            best[2 * m + 1] = c1


def _search(
    c: list[int],
    seq: bool,
    pos: int,
    minopt: int,
    melds: int,
    partials: int,
    pairs: int,
    singles: int,
    best: list[int],
) -> None:
    """Every reading of the group: options at a position, never an earlier after a later.

    Options: 0 pung, 1 chow, 2 pair, 3 "12", 4 "13"; finally the rest of the
    position's tiles as singles.
    """
    n = len(c)
    while pos < n and c[pos] == 0:
        pos += 1
        minopt = 0
    if pos == n:
        _leaf(best, melds, partials, pairs, singles)
        return
    if minopt <= 0 and c[pos] >= 3:
        c[pos] -= 3
        _search(c, seq, pos, 0, melds + 1, partials, pairs, singles, best)
        c[pos] += 3
    if minopt <= 1 and seq and pos + 2 < n and c[pos + 1] and c[pos + 2]:
        c[pos] -= 1
        c[pos + 1] -= 1
        c[pos + 2] -= 1
        _search(c, seq, pos, 1, melds + 1, partials, pairs, singles, best)
        c[pos] += 1
        c[pos + 1] += 1
        c[pos + 2] += 1
    if minopt <= 2 and c[pos] >= 2:
        c[pos] -= 2
        _search(c, seq, pos, 2, melds, partials + 1, pairs + 1, singles, best)
        c[pos] += 2
    if minopt <= 3 and seq and pos + 1 < n and c[pos + 1]:
        c[pos] -= 1
        c[pos + 1] -= 1
        _search(c, seq, pos, 3, melds, partials + 1, pairs, singles, best)
        c[pos] += 1
        c[pos + 1] += 1
    if minopt <= 4 and seq and pos + 2 < n and c[pos + 2]:
        c[pos] -= 1
        c[pos + 2] -= 1
        _search(c, seq, pos, 4, melds, partials + 1, pairs, singles, best)
        c[pos] += 1
        c[pos + 2] += 1
    k = c[pos]
    c[pos] = 0
    _search(c, seq, pos + 1, 0, melds, partials, pairs, singles + k, best)
    c[pos] = k


def group_cost(group: tuple[int, ...], honours: bool) -> list[int]:
    """cost[2*m + p] for one group (9 suit counts, or 7 honour counts); cached."""
    key = group + ((1,) if honours else ())
    cached = _GROUP_CACHE.get(key)
    if cached is not None:
        return cached
    best = [INF] * 10
    _search(list(group), not honours, 0, 0, 0, 0, 0, 0, best)
    _GROUP_CACHE[key] = best
    return best


def _combine(a: list[int], b: list[int], need: int) -> list[int]:
    out = [INF] * 10
    for m in range(need + 1):
        best0 = INF
        best1 = INF
        for i in range(m + 1):
            j = m - i
            best0 = min(best0, a[2 * i] + b[2 * j])
            best1 = min(best1, a[2 * i] + b[2 * j + 1], a[2 * i + 1] + b[2 * j])
        out[2 * m] = best0
        out[2 * m + 1] = best1
    return out


def regular_distance(counts: list[int], need: int) -> int:
    """The fewest tiles to add for `need` sets and one pair (shanten + 1)."""
    total = group_cost(tuple(counts[0:9]), False)
    total = _combine(total, group_cost(tuple(counts[9:18]), False), need)
    total = _combine(total, group_cost(tuple(counts[18:27]), False), need)
    total = _combine(total, group_cost(tuple(counts[27:34]), True), need)
    return total[2 * need + 1]


def sets_distance(counts: list[int], sets: int, pair: bool) -> int:
    """The fewest tiles to add for `sets` sets (0..4), and one pair when `pair`.

    ``regular_shanten(c) == sets_distance(c, sum(c) // 3, True) - 1``; the mahjong
    bots (docs/mahjong-bots.md "Shanten") use it for other numbers of sets and
    without the pair. Twin of ``sets_distance`` in core_cpp/src/mahjong/shanten.cpp.
    """
    if sets < 0 or sets > 4:
        return INF
    total = group_cost(tuple(counts[0:9]), False)
    total = _combine(total, group_cost(tuple(counts[9:18]), False), sets)
    total = _combine(total, group_cost(tuple(counts[18:27]), False), sets)
    total = _combine(total, group_cost(tuple(counts[27:34]), True), sets)
    return total[2 * sets + (1 if pair else 0)]


def regular_shanten(counts: list[int]) -> int:
    return regular_distance(counts, sum(counts) // 3) - 1


def seven_pairs_shanten(counts: list[int]) -> int:
    """6 - pairs; a four of a kind counts as two pairs. 13 or 14 tiles only."""
    if sum(counts) not in (13, 14):
        return NO_SHANTEN
    pairs = 0
    for x in counts:
        pairs += x // 2
    return 6 - min(pairs, 7)


def thirteen_orphans_shanten(counts: list[int]) -> int:
    if sum(counts) not in (13, 14):
        return NO_SHANTEN
    kinds = 0
    pair = 0
    for k in ORPHANS:
        if counts[k] > 0:
            kinds += 1
        if counts[k] >= 2:
            pair = 1
    return 13 - kinds - pair


def shanten(counts: list[int], form: int) -> int:
    """Shanten for one form (FORM_*), or the minimum over the forms for FORM_BEST."""
    counts = list(counts)
    if form == FORM_REGULAR:
        return regular_shanten(counts)
    if form == FORM_SEVEN_PAIRS:
        return seven_pairs_shanten(counts)
    if form == FORM_THIRTEEN_ORPHANS:
        return thirteen_orphans_shanten(counts)
    return min(
        regular_shanten(counts), seven_pairs_shanten(counts), thirteen_orphans_shanten(counts)
    )


def win_forms(counts: list[int]) -> tuple[bool, bool, bool]:
    """(regular, seven_pairs, thirteen_orphans): which complete shapes the hand has."""
    counts = list(counts)
    n = sum(counts)
    if n % 3 != 2:
        return (False, False, False)
    regular = regular_distance(counts, n // 3) == 0
    seven = n == 14 and all(x % 2 == 0 for x in counts)
    orphans = n == 14 and thirteen_orphans_shanten(counts) == -1
    return (regular, seven, orphans)


def is_win(counts: list[int]) -> bool:
    return any(win_forms(counts))


def _readings(
    c: list[int],
    pos: int,
    minopt: int,
    pair: int,
    sets: list[tuple[bool, int]],
    out: list[tuple[int, list[tuple[bool, int]]]],
) -> None:
    """The first tile left is in the pair (0), a pung (1) or a chow (2) starting at it."""
    while pos < KINDS and c[pos] == 0:
        pos += 1
        minopt = 0
    if pos == KINDS:
        if pair >= 0:
            out.append((pair, list(sets)))
        return
    if minopt <= 0 and pair < 0 and c[pos] >= 2:
        c[pos] -= 2
        _readings(c, pos, 0, pos, sets, out)
        c[pos] += 2
    if minopt <= 1 and c[pos] >= 3:
        c[pos] -= 3
        sets.append((False, pos))
        _readings(c, pos, 1, pair, sets, out)
        sets.pop()
        c[pos] += 3
    if minopt <= 2 and pos < HONOUR_BASE and pos % 9 <= 6 and c[pos + 1] and c[pos + 2]:
        c[pos] -= 1
        c[pos + 1] -= 1
        c[pos + 2] -= 1
        sets.append((True, pos))
        _readings(c, pos, 2, pair, sets, out)
        sets.pop()
        c[pos] += 1
        c[pos + 1] += 1
        c[pos + 2] += 1


def decompositions(counts: list[int]) -> list[tuple[int, list[tuple[bool, int]]]]:
    """Every regular reading: [(pair, [(is_chow, lowest_tile), ...]), ...]."""
    c = list(counts)
    out: list[tuple[int, list[tuple[bool, int]]]] = []
    if sum(c) % 3 == 2:
        _readings(c, 0, 0, -1, [], out)
    return out


def waits(counts: list[int]) -> int:
    """Bit mask of the kinds that complete a 3k+1 hand (never a fifth copy)."""
    c = list(counts)
    if sum(c) % 3 != 1:
        return 0
    mask = 0
    for k in range(KINDS):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_win(c):
            mask |= 1 << k
        c[k] -= 1
    return mask


def shanten_batch(rows: list[list[int]], form: int, threads: int) -> list[int]:
    """One shanten per count row (`threads` is accepted for the native signature)."""
    return [shanten(row, form) for row in rows]


def is_win_batch(rows: list[list[int]], threads: int) -> list[bool]:
    return [is_win(row) for row in rows]
