"""Winning shapes of concealed tiles, by counts per kind: the engine's checks and waits.

Group-wise (a suit or the honours at a time), with each group's answer cached:
the same few hundred count patterns recur all game long. Shared by every
ruleset of the engine (common.py, shaoyang.py, changsha.py).
"""

from __future__ import annotations

from .tiles import KINDS

# 十三浪 (thirteen orphans): the terminals and honours (seed 002 「出牌方法」5).
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
ORPHAN_MASK = sum(1 << t for t in ORPHANS)


def _melds_only(c: list[int], honours: bool) -> bool:
    """Do the counts of one suit (9 numbers, or 7 honours) split into sets alone?"""
    for i in range(len(c)):
        n = c[i]
        if n == 0:
            continue
        if n >= 3:
            c[i] -= 3
            ok = _melds_only(c, honours)
            c[i] += 3
            if ok:
                return True
        if honours or i > 6 or c[i + 1] == 0 or c[i + 2] == 0:
            return False
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _melds_only(c, honours)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return True


# One suit's answer per count pattern: the same few hundred patterns recur all game long.
_GROUP_CACHE: dict[tuple[int, ...], bool] = {}


def _group_ok(c: list[int], pair: bool, honours: bool) -> bool:
    key = (pair, honours, *c)
    hit = _GROUP_CACHE.get(key)
    if hit is not None:
        return hit
    if not pair:
        ok = _melds_only(c, honours)
    else:
        ok = False
        for i in range(len(c)):
            if c[i] >= 2:
                c[i] -= 2
                ok = _melds_only(c, honours)
                c[i] += 2
                if ok:
                    break
    _GROUP_CACHE[key] = ok
    return ok


def is_regular(counts: list[int]) -> bool:
    """The regular shape (sets + one pair) of 3k+2 concealed tiles (§3)."""
    pairs = 0
    for g in range(4):
        lo = g * 9
        group = counts[lo : lo + 9] if g < 3 else counts[27:34]
        r = sum(group) % 3
        if r == 1:
            return False
        if r == 2:
            pairs += 1
            if pairs > 1:
                return False
        if sum(group) and not _group_ok(group, r == 2, g == 3):
            return False
    return pairs == 1


def _group_waits(c: list[int], base: int, pair: bool, honours: bool) -> int:
    """Kinds of one group (ids base..) whose addition completes it (with a pair or not)."""
    mask = 0
    for i in range(len(c)):
        if c[i] >= 4:
            continue  # a fifth copy is never a wait (§3)
        if (
            not honours
            and c[i] == 0
            and not (
                (i > 0 and c[i - 1])
                or (i < 8 and c[i + 1])
                or (i > 1 and c[i - 2])
                or (i < 7 and c[i + 2])
            )
        ):
            continue  # a tile with no neighbour held cannot join a set  # fmt: skip
        if honours and c[i] == 0 and not pair:
            continue  # an honour single never makes a set
        c[i] += 1
        if _group_ok(c, pair, honours):
            mask |= 1 << (base + i)
        c[i] -= 1
    return mask


def regular_waits(counts: list[int]) -> int:
    """The kinds completing 3k+1 tiles in the regular shape (never a fifth copy).

    Only the group that gets the tile changes, so the others are judged once
    (cached): with one group of 3n+1 tiles it takes the pair and every other
    group must be sets; with two groups of 3n+2, the tile makes one of them
    sets and the other holds the pair. No other split of 3k+1 can be mended
    by one tile.
    """
    groups = [counts[0:9], counts[9:18], counts[18:27], counts[27:34]]
    mods = [sum(group) % 3 for group in groups]
    ones = [g for g in range(4) if mods[g] == 1]
    twos = [g for g in range(4) if mods[g] == 2]
    for g in range(4):
        if mods[g] == 0 and sum(groups[g]) > 0 and not _group_ok(groups[g], False, g == 3):
            return 0
    if len(ones) == 1 and not twos:
        g = ones[0]
        return _group_waits(groups[g], g * 9, True, g == 3)
    if len(twos) == 2 and not ones:
        mask = 0
        for a, b in ((twos[0], twos[1]), (twos[1], twos[0])):
            if _group_ok(groups[b], True, b == 3):
                mask |= _group_waits(groups[a], a * 9, False, a == 3)
        return mask
    return 0


def seven_pairs_waits(counts: list[int]) -> int:
    """The kind completing 13 concealed tiles as seven pairs (a four counts as two pairs)."""
    odd = [t for t in range(KINDS) if counts[t] % 2]
    return 1 << odd[0] if len(odd) == 1 and sum(counts) == 13 else 0


def is_seven_pairs(counts: list[int]) -> bool:
    """Seven pairs of 14 concealed tiles; a four of a kind counts as two pairs (§3)."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def is_thirteen_orphans(counts: list[int]) -> bool:
    """十三浪 of 14 concealed tiles: every orphan kind, one of them twice (§6)."""
    return (
        sum(counts) == 14
        and all(counts[t] for t in ORPHANS)
        and sum(counts[t] for t in ORPHANS) == 14
    )


def thirteen_orphans_waits(counts: list[int]) -> int:
    """The kinds completing 13 concealed tiles as 十三浪."""
    if sum(counts) != 13 or sum(counts[t] for t in ORPHANS) != 13:
        return 0
    missing = [t for t in ORPHANS if not counts[t]]
    if not missing:
        return ORPHAN_MASK  # thirteen singles: any orphan makes the pair
    return 1 << missing[0] if len(missing) == 1 else 0


def regular_with_pair_of(counts: list[int], pairs: tuple[int, ...]) -> bool:
    """The regular shape with its pair one of the kinds `pairs` (Changsha's 將 2/5/8)."""
    if sum(counts) % 3 != 2:
        return False
    for p in pairs:
        if counts[p] < 2:
            continue
        counts[p] -= 2
        ok = True
        for g in range(4):
            group = counts[g * 9 : g * 9 + 9] if g < 3 else counts[27:34]
            if sum(group) % 3 or (sum(group) and not _group_ok(group, False, g == 3)):
                ok = False
                break
        counts[p] += 2
        if ok:
            return True
    return False


def is_all_pungs(counts: list[int]) -> bool:
    """The concealed tiles read as pungs and one pair (no chow): counts 0, 2 or 3, one 2."""
    return all(c in (0, 2, 3) for c in counts) and counts.count(2) == 1
