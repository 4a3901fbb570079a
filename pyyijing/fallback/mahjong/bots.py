"""The built-in mahjong bots (random, greedy, heuristic) in readable Python.

They follow docs/mahjong-bots.md rule for rule and make exactly the choices of
the C++ bots (core_cpp/src/mahjong/bots.cpp); tests/mahjong/test_bots.py
compares them move for move. A bot sees only what its seat may see: the
seat's view (``GameCore.view(seat)``) and its legal moves, sorted in plain
string order (the canonical order every tie is broken by).

``choose(policy, view, legal, config, rng)`` returns a move string; ``rng`` is
an ``Xoshiro256ss`` (only ``random`` draws from it). ``play_hand`` plays a
whole seeded hand and ``bot_hands`` a tournament's hands, as the C++ core does.
"""

from __future__ import annotations

from typing import Any

from ..prng import hand_seed
from .hand_eval import sets_distance, thirteen_orphans_shanten
from .tiles import CODE_IDS, SUITS

BOTS = ("random", "greedy", "heuristic")
BOT_SEED_XOR = 0xA0761D6478BD642F
NO = 99
BIG = 1 << 30
KINDS = 34
HONOUR_BASE = 27
MASK64 = 0xFFFFFFFFFFFFFFFF
_RULESETS = ("common", "shaoyang", "changsha")
_COMMON = 0
_SHAOYANG = 1
_CHANGSHA = 2
_PAIR_COST = (0, 0, 1, 2)


def _jiang(t: int) -> bool:
    return t < HONOUR_BASE and t % 9 % 3 == 1


def _orphan(t: int) -> bool:
    return t >= HONOUR_BASE or t % 9 == 0 or t % 9 == 8


def _suit(t: int) -> int:
    return t // 9 if t < HONOUR_BASE else 3


class _Hand:
    """The seat's concealed tiles and what its melds allow (docs "Shanten")."""

    __slots__ = ("c", "chow", "jiang_ok", "k", "n", "suits")

    def __init__(self, c: list[int], n: int, k: int, chow: bool, suits: int, jiang_ok: bool):
        self.c = c
        self.n = n
        self.k = k
        self.chow = chow
        self.suits = suits
        self.jiang_ok = jiang_ok

    def copy(self) -> _Hand:
        return _Hand(list(self.c), self.n, self.k, self.chow, self.suits, self.jiang_ok)

    def add_meld(self, kind: str, tile: int) -> None:
        self.k += 1
        self.suits |= 1 << _suit(tile)
        if kind == "chow":
            self.chow = True
            self.jiang_ok = False
        elif not _jiang(tile):
            self.jiang_ok = False

    def take(self, t: int, n: int = 1) -> None:
        self.c[t] -= n
        self.n -= n

    def give(self, t: int) -> None:
        self.c[t] += 1
        self.n += 1


class _Seen:
    """What the seat's view shows that the bots use."""

    __slots__ = (
        "discard_wins",
        "discarded",
        "h",
        "heuristic",
        "rs",
        "threat",
        "threats",
        "unseen",
        "void",
    )

    def __init__(self, view: dict[str, Any], rs: int, heuristic: bool) -> None:
        seat = view["viewer"]
        seats = view["seats"]
        me = seats[seat]
        self.rs = rs
        self.heuristic = heuristic
        v = me.get("void")
        self.void = SUITS.index(v) if v else -1
        c = [0] * KINDS
        hand = me.get("hand") or ""
        for i in range(0, len(hand), 2):
            c[CODE_IDS[hand[i : i + 2]]] += 1
        self.h = _Hand(c, len(hand) // 2, 0, False, 0, True)
        for m in me["melds"]:
            tiles = m["tiles"]
            self.h.add_meld(m["kind"], CODE_IDS[tiles[0] + tiles[-1]])
        vis = list(c)
        self.threat = [False, False, False, False]
        self.threats = 0
        self.discarded: list[set[int]] = [set(), set(), set(), set()]
        for x in range(4):
            st = seats[x]
            for m in st["melds"]:
                tiles = m["tiles"]
                if tiles is None:
                    continue  # another seat's concealed kong
                suit = tiles[-1]
                for ch in tiles[:-1]:
                    vis[CODE_IDS[ch + suit]] += 1
            for d in st["discards"]:
                t = CODE_IDS[d["tile"]]
                if not d["claimed"]:
                    vis[t] += 1
                self.discarded[x].add(t)
            if x != seat and (st["declared"] or st["locked"] or len(st["melds"]) >= 3):
                self.threat[x] = True
                self.threats += 1
        self.unseen = [max(0, 4 - vis[t]) for t in range(KINDS)]
        self.discard_wins = rs != _SHAOYANG


# ------------------------------------------------------------------ shanten

_DIST: dict[tuple[int, ...], int] = {}


def _dist(c: list[int], sets: int, pair: bool) -> int:
    """``sets_distance`` remembered (the same hands recur across a decision's trials)."""
    key = (*c, sets, 1 if pair else 0)
    got = _DIST.get(key)
    if got is None:
        if len(_DIST) > 200_000:
            _DIST.clear()
        got = sets_distance(c, sets, pair)
        _DIST[key] = got
    return got


def _sh_regular(v: _Seen, h: _Hand) -> int:
    need = h.n // 3
    if v.void < 0:
        return _dist(h.c, need, True) - 1
    c = list(h.c)
    for i in range(9):
        c[9 * v.void + i] = 0
    return _dist(c, need, True) - 1


def _sh_258(h: _Hand) -> int:
    need = h.n // 3
    c = list(h.c)
    best = _dist(c, need, False) + 2
    for j in range(HONOUR_BASE):
        if not _jiang(j):
            continue
        x = c[j]
        if x >= 1:
            c[j] = x - 1
            best = min(best, _dist(c, need, False) + 1)
            if x >= 2:
                c[j] = x - 2
                best = min(best, _dist(c, need, False))
            c[j] = x
    return best - 1


def _sh_pairs(v: _Seen, h: _Hand) -> int:
    if h.k != 0:
        return NO
    pairs = 0
    c = h.c
    for t in range(KINDS):
        if _suit(t) != v.void:
            pairs += c[t] // 2
    return 6 - min(7, pairs)


def _sh_orphans(h: _Hand) -> int:
    return NO if h.k != 0 else thirteen_orphans_shanten(h.c)


def _sh_jiang(h: _Hand) -> int:
    if not h.jiang_ok:
        return NO
    n = 0
    c = h.c
    for t in range(KINDS):
        if not _jiang(t):
            n += c[t]
    return n - (1 if h.n % 3 == 2 else 0)


def _sh_pungs(h: _Hand) -> int:
    if h.chow:
        return NO
    need = h.n // 3
    cls = [0, 0, 0, 0]
    for x in h.c:
        cls[0 if x >= 3 else 1 if x == 2 else 2 if x == 1 else 3] += 1
    best = BIG
    for p in range(4):
        if cls[p] == 0:
            continue
        pool = list(cls)
        pool[p] -= 1
        rest = need
        cost = _PAIR_COST[p]
        for q in range(4):
            if rest <= 0:
                break
            take = min(rest, pool[q])
            cost += take * q
            rest -= take
        best = min(best, cost)
    return best - 1


def _sh_one_suit(h: _Hand) -> int:
    best = NO
    for suit in range(3):
        if h.suits & ~(1 << suit):
            continue
        c = [0] * KINDS
        c[9 * suit : 9 * suit + 9] = h.c[9 * suit : 9 * suit + 9]
        best = min(best, _dist(c, h.n // 3, True) - 1)
    return best


def _sh_s(v: _Seen, h: _Hand) -> int:
    if v.rs == _COMMON:
        return min(_sh_regular(v, h), _sh_pairs(v, h))
    if v.rs == _SHAOYANG:
        return min(_sh_regular(v, h), _sh_pairs(v, h), _sh_orphans(h))
    return min(_sh_258(h), _sh_pairs(v, h), _sh_jiang(h))


def _sh_b(v: _Seen, h: _Hand) -> int:
    if v.rs == _COMMON:
        return NO
    if v.rs == _SHAOYANG:
        return min(_sh_pairs(v, h), _sh_orphans(h), _sh_pungs(h), _sh_one_suit(h))
    return min(_sh_pairs(v, h), _sh_jiang(h), _sh_pungs(h), _sh_one_suit(h))


def _sh_e(v: _Seen, h: _Hand) -> int:
    s = _sh_s(v, h)
    b = _sh_b(v, h)
    return s if b >= NO else min(s, b - 1)


def _f(v: _Seen, h: _Hand) -> int:
    return _sh_e(v, h) if v.heuristic else _sh_s(v, h)


def shanten_values(view: dict[str, Any], config: Any) -> tuple[int, int, int]:
    """(S, B, E) of the viewer's hand (docs "Shanten"; the C++ ``bot_shanten``)."""
    v = _Seen(view, _RULESETS.index(config.ruleset), True)
    return (_sh_s(v, v.h), _sh_b(v, v.h), _sh_e(v, v.h))


# ------------------------------------------------------------------ helpers


def _split(move: str) -> tuple[str, int]:
    """(action, tile id or -1) of a legal move string ("s0:discard=5m" -> ("discard", 4))."""
    body = move[move.index(":") + 1 :]
    action, _eq, value = body.partition("=")
    if action == "chow":
        return action, SUITS.index(value[3]) * 9 + ord(value[0]) - 49
    if action in ("discard", "ready", "kong", "pung", "open_kong"):
        return action, CODE_IDS[value]
    return action, -1


def _best_after_discard(v: _Seen, h: _Hand) -> int:
    best = BIG
    for d in range(KINDS):
        if h.c[d] == 0:
            continue
        x = h.copy()
        x.take(d)
        best = min(best, _f(v, x))
    return best


def _after_turn_kong(h: _Hand, t: int) -> _Hand:
    x = h.copy()
    if h.c[t] == 4:
        x.take(t, 4)
        x.add_meld("concealed_kong", t)
    else:
        x.take(t, 1)
    return x


def _open_kong_odds(v: _Seen, after: _Hand) -> int:
    w = 0
    for u in range(HONOUR_BASE):
        if v.unseen[u] == 0:
            continue
        x = after.copy()
        x.give(u)
        if min(_sh_s(v, x), _sh_b(v, x)) == -1:
            w += v.unseen[u]
    return w


def _conn(h: _Hand, t: int) -> int:
    c = h.c
    own = 3 * (c[t] - 1)
    if t >= HONOUR_BASE:
        return own
    x = t % 9
    near = 0
    for d, w in ((-1, 2), (1, 2), (-2, 1), (2, 1)):
        if 0 <= x + d <= 8:
            near += w * c[t + d]
    centre = 0 if x in (0, 8) else 1 if x in (1, 7) else 2
    return own + near + centre


def _uke(v: _Seen, h: _Hand) -> int:
    base = _f(v, h)
    total = 0
    c = h.c
    for u in range(KINDS):
        if v.unseen[u] == 0 or (u < HONOUR_BASE and u // 9 == v.void):
            continue
        cand = c[u] > 0
        if not cand and u < HONOUR_BASE:
            x = u % 9
            for d in (-2, -1, 1, 2):
                if 0 <= x + d <= 8 and c[u + d] > 0:
                    cand = True
                    break
        if not cand and v.rs == _SHAOYANG and _orphan(u):
            cand = True
        if not cand and v.rs == _CHANGSHA and _jiang(u):
            cand = True
        if not cand:
            continue
        x2 = h.copy()
        x2.give(u)
        if _f(v, x2) < base:
            total += v.unseen[u]
    return total


def _declared_safe(view: dict[str, Any]) -> tuple[list[int], list[bool]]:
    """docs "Safe tiles": bit t of safe[x] once t is discarded (discard or ready=T,
    by any seat) after seat x's 報聽 (a locked hand's waits never change and the
    bots always win, so a tile it let pass cannot complete it)."""
    safe = [0, 0, 0, 0]
    declared = [False, False, False, False]
    for m in view["history"]:
        body = m[m.index(":") + 1 :]
        if not body.startswith(("discard=", "ready=")):
            continue  # (another seat's concealed kong shows no tile)
        action, t = _split(m)
        for x in range(4):
            if declared[x]:
                safe[x] |= 1 << t
        if action == "ready":
            declared[int(m[1 : m.index(":")])] = True
    return safe, declared


def _danger(v: _Seen, sf: tuple[list[int], list[bool]], t: int) -> int:
    # Without 振聽 a seat's own earlier discards do not make a tile safe against
    # a declared seat; only the tiles it let pass since declaring do.
    if not v.discard_wins:
        return 0
    safe, declared = sf
    n = 0
    for x in range(4):
        if not v.threat[x]:
            continue
        known = (safe[x] >> t) & 1 if declared[x] else t in v.discarded[x]
        if not known:
            n += 1
    return n


def _best_discard(v: _Seen, sf: tuple[list[int], list[bool]], moves: list[str], fold: bool) -> str:
    """The best of `moves` (discard / ready moves, canonical order) by the discard key:
    heuristic (E, -uke, danger, conn), folding (danger, E, -uke, conn); greedy (S, conn)."""
    # The key's first two parts first; uke only for the moves that tie on them.
    rows = []
    for m in moves:
        t = _split(m)[1]
        h = v.h.copy()
        h.take(t)
        e = _f(v, h)
        dg = _danger(v, sf, t) if v.heuristic else 0
        head = (dg, e) if fold else (e, 0)
        rows.append((head, 0 if fold else dg, m, h, t))
    low = min(r[0] for r in rows)
    best = ""
    best_key: tuple[int, int, int] = (0, 0, 0)
    for head, dg, m, h, t in rows:
        if head != low:
            continue
        key = (-_uke(v, h) if v.heuristic else 0, dg, _conn(v.h, t))
        if not best or key < best_key:
            best = m
            best_key = key
    return best


def _find(legal: list[str], action: str) -> str:
    for m in legal:
        if _split(m)[0] == action:
            return m
    return ""


def _claim(view: dict[str, Any], legal: list[str], v_rs: int, heuristic: bool) -> str:
    m = _find(legal, "win")
    if m:
        return m
    passing = _find(legal, "pass")
    m = _find(legal, "haidi")
    if m:
        return m if heuristic else passing
    v = _Seen(view, v_rs, heuristic)
    if heuristic:
        for m in legal:
            action, t = _split(m)
            if action != "open_kong":
                continue
            x = v.h.copy()
            x.take(t, 3)
            x.add_meld("kong", t)
            if _open_kong_odds(v, x) >= 4:
                return m
    cur = _f(v, v.h)
    best_v = BIG
    best = passing
    tile = CODE_IDS[view["offer"]["tile"]]
    for m in legal:
        action, arg = _split(m)
        if action == "pung":
            x = v.h.copy()
            x.take(tile, 2)
            x.add_meld("pung", tile)
            val = _best_after_discard(v, x)
        elif action == "chow":
            x = v.h.copy()
            for t in range(arg, arg + 3):
                if t != tile:
                    x.take(t)
            x.add_meld("chow", arg)
            val = _best_after_discard(v, x)
        elif action == "kong":
            x = v.h.copy()
            x.take(tile, 3)
            x.add_meld("kong", tile)
            val = _f(v, x) - 1
        else:
            continue
        if val < best_v:
            best_v = val
            best = m
    return best if best_v < cur else passing


def _play(view: dict[str, Any], legal: list[str], v_rs: int, heuristic: bool) -> str:
    m = _find(legal, "win")
    if m:
        return m
    m = _find(legal, "mid")
    if m:
        return m
    v = _Seen(view, v_rs, heuristic)
    discards = []
    readies = []
    d_min = BIG
    for m in legal:
        action, t = _split(m)
        if action == "discard":
            discards.append(m)
            h = v.h.copy()
            h.take(t)
            d_min = min(d_min, _f(v, h))
        elif action == "ready":
            readies.append(m)
    fold = heuristic and v.discard_wins and v.threats > 0 and d_min >= 2
    sf = _declared_safe(view) if heuristic else ([0] * 4, [False] * 4)
    if readies:
        return _best_discard(v, sf, readies, fold)
    if heuristic:
        for m in legal:
            action, t = _split(m)
            if action == "open_kong" and _open_kong_odds(v, _after_turn_kong(v.h, t)) >= 4:
                return m
    best_k = BIG
    kong = ""
    for m in legal:
        action, t = _split(m)
        if action != "kong":
            continue
        k = _f(v, _after_turn_kong(v.h, t)) - 1
        # Heuristic: a kong that keeps the shanten is made too (kongs pay).
        if (k < d_min or (heuristic and k == d_min)) and k < best_k:
            best_k = k
            kong = m
    if kong:
        return kong
    return _best_discard(v, sf, discards, fold)


def choose(policy: str, view: dict[str, Any], legal: list[str], config: Any, rng: Any) -> str:
    """The move of bot `policy` for the viewer of `view` (docs/mahjong-bots.md)."""
    n = len(legal)
    if policy == "random":
        return legal[0] if n == 1 else legal[rng.uniform(n)]
    if n == 1:
        return legal[0]
    heuristic = policy == "heuristic"
    seat = view["viewer"]
    phase = view["phase"]
    if phase == "raise":
        want = (2 if seat == view["dealer"] else 1) if heuristic else 0
        return f"s{seat}:raise={want}"
    if phase == "void":
        hand = view["seats"][seat]["hand"] or ""
        counts = [0, 0, 0]
        for i in range(1, len(hand), 2):
            if hand[i] in SUITS:
                counts[SUITS.index(hand[i])] += 1
        best = 0
        for s in (1, 2):
            if counts[s] < counts[best]:
                best = s
        return f"s{seat}:void={SUITS[best]}"
    rs = _RULESETS.index(config.ruleset)
    if phase == "opening":
        return _find(legal, "opening") or legal[0]
    if phase == "claim":
        return _claim(view, legal, rs, heuristic)
    return _play(view, legal, rs, heuristic)


def play_hand(
    config: Any,
    wall_seed: int,
    policies: list[str] | tuple[str, ...],
    game_core: Any,
    shuffle_wall: Any,
    xoshiro: Any,
) -> Any:
    """The hand of wall seed `wall_seed` played to its end by ``policies[seat]``: the
    finished GameCore (docs "Seeding"). The backend's GameCore, shuffle_wall and
    Xoshiro256ss are passed in (this module is the same for python and cython)."""
    wall, dice = shuffle_wall(wall_seed, config.tiles)
    core = game_core(config, wall, (dice[0] + dice[1] - 1) % 4)
    rng = xoshiro((wall_seed ^ BOT_SEED_XOR) & MASK64)
    while True:
        to_act = core.to_act()
        if not to_act:
            return core
        seat = to_act[0]
        move = choose(policies[seat], core.view(seat), core.legal_moves(seat), config, rng)
        core.apply(move)


def bot_hands(
    config: Any,
    seed: int,
    start: int,
    count: int,
    policies: list[str] | tuple[str, ...],
    rotate: bool,
    game_core: Any,
    shuffle_wall: Any,
    xoshiro: Any,
) -> list[list[int]]:
    """Tournament hands start .. start+count-1: each hand's payments by seat (hand i:
    wall seed hand_seed(seed, i), seat s plays policies[(s + i) % 4] when `rotate`)."""
    out = []
    for i in range(start, start + count):
        seated = [policies[(s + i) % 4 if rotate else s] for s in range(4)]
        core = play_hand(config, hand_seed(seed, i), seated, game_core, shuffle_wall, xoshiro)
        out.append([int(p) for p in core.result()["payments"]])
    return out
