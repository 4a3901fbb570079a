"""The random-play test's oracle for Changsha mahjong (tests/game_adapters.py uses it).

Written from docs/mahjong-engine.md ("Moves and the order of checks", "Claims",
"View", and the whole "Changsha" section with "Details the fallback engine
settles") and shared/rules/mahjong.md §7, §10, §11 alone: its own move parser, win
test, opening and mid-game wins, payments and birds, and its own simulation of a
hand. Changsha's flow needs state that no single view shows (whose offer comes
next after a 過手 pass, the kinds a declaration used, the revealed open-kong tiles,
where the live wall's two ends are), so the oracle replays the hand itself: from
the record's wall and dealer, move by move (`CsSim`), cached by the moves so far
(the random test asks for every state in order). Everything the engine shows is
then compared with the simulation: legal moves, to_act, each move's reason code,
every view (hands, melds, discards, locks, 過手, declarations, offers), waits,
the conservation of the 108 tiles, and the result with every payment.

Nothing here imports the engine: only the public API of `pyyijing.mahjong.Game`.
"""

from __future__ import annotations

import functools
import re
from collections import Counter, OrderedDict
from typing import Any

# Tile ids 0-33 as in the docs (1m-9m 0-8, 1p-9p 9-17, 1s-9s 18-26, 1z-7z 27-33);
# Changsha's 108 tiles are the three suits only.
CODES = tuple([f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)])
IDS = {c: i for i, c in enumerate(CODES)}
SUITS = "mps"
KINDS = 27
# 將: the 2, 5 and 8 of each suit.
JIANG = frozenset(s * 9 + n for s in range(3) for n in (1, 4, 7))
SEVEN_PAIRS_FAMILY = ("七對", "豪華七對", "超豪華七對", "超超豪華七對")
PATTERNS = (
    "小胡",
    *SEVEN_PAIRS_FAMILY,
    "清一色",
    "將一色",
    "碰碰胡",
    "全求人",
    "槓上開花",
    "槓上炮",
    "海底撈月",
    "海底炮",
    "搶槓",
)
LEDGER_REASONS = frozenset({"opening", "mid", "self_draw", "discard", "robbed_kong"})

_MOVE = re.compile(
    r"s(0|[1-9][0-9]*):(?:"
    r"(?P<tiled>discard|ready|kong|pung|open_kong)=(?P<tile>[1-9][mps]|[1-7]z)"
    r"|chow=(?P<chow>[1-9]{3}[mps])"
    r"|void=(?P<void>[mps])"
    r"|raise=(?P<raise>[0-9])"
    r"|(?P<bare>win|pass|opening|mid|haidi))"
)
# A chow written with a 0 ("chow=012m"): "three digits 1-9" (docs), but the parse of a 0
# is not pinned further (game_adapters.py treats it the same way).
_CHOW_ZERO = re.compile(r"s(0|[1-9][0-9]*):chow=[0-9]{3}[mps]")


def parse(move: str) -> tuple[int, str, int] | str:
    """(seat, action, arg) of a well-formed move (arg: tile id, a chow's low id or -2
    for digits that are no run, suit, digit, or -1), else "malformed" / "unpinned"."""
    m = _MOVE.fullmatch(move)
    if m is None:
        return "unpinned" if _CHOW_ZERO.fullmatch(move) else "malformed"
    seat = int(m.group(1)) if len(m.group(1)) < 6 else 10**6
    if m.group("tiled"):
        return seat, m.group("tiled"), IDS[m.group("tile")]
    if m.group("chow"):
        d = [int(c) for c in m.group("chow")[:3]]
        suit = SUITS.index(m.group("chow")[3])
        low = suit * 9 + d[0] - 1 if d[1] == d[0] + 1 and d[2] == d[0] + 2 else -2
        return seat, "chow", low
    if m.group("void"):
        return seat, "void", SUITS.index(m.group("void"))
    if m.group("raise"):
        return seat, "raise", int(m.group("raise"))
    return seat, m.group("bare"), -1


def chow_text(low: int) -> str:
    n = low % 9 + 1
    return f"{n}{n + 1}{n + 2}{SUITS[low // 9]}"


def codes_of(counts: list[int]) -> str:
    return "".join(CODES[t] * n for t, n in enumerate(counts) if n)


# ------------------------------------------------------------------ shapes (own win test)


@functools.cache
def _sets_only(c: tuple[int, ...]) -> bool:
    """Do these counts of one suit split into pungs and chows?"""
    i = next((i for i, n in enumerate(c) if n), -1)
    if i < 0:
        return True
    if c[i] >= 3 and _sets_only((*c[:i], c[i] - 3, *c[i + 1 :])):
        return True
    if i > 6 or not c[i + 1] or not c[i + 2]:
        return False
    return _sets_only((*c[:i], c[i] - 1, c[i + 1] - 1, c[i + 2] - 1, *c[i + 3 :]))


def _regular_pairs(counts: tuple[int, ...]) -> frozenset[int]:
    """The kinds that can be the pair of a regular reading (sets + one pair) of 3k+2 tiles."""
    if sum(counts) % 3 != 2:
        return frozenset()
    groups = [counts[0:9], counts[9:18], counts[18:27]]  # no honours in Changsha
    mods = [sum(g) % 3 for g in groups]
    if sorted(mods) != [0, 0, 2]:
        return frozenset()
    pg = mods.index(2)
    if not all(_sets_only(g) for k, g in enumerate(groups) if k != pg):
        return frozenset()
    g = groups[pg]
    return frozenset(
        pg * 9 + i for i, n in enumerate(g) if n >= 2 and _sets_only((*g[:i], n - 2, *g[i + 1 :]))
    )


@functools.lru_cache(maxsize=400_000)
def hand_elements(
    counts: tuple[int, ...], melds: tuple[tuple[str, int], ...], on_other: bool
) -> tuple[str, ...]:
    """小胡 and the hand elements (rules §7) of 3k+2 concealed `counts` with `melds`
    ((kind, tile) pairs), in the result's order; empty: not a win."""
    pairs = _regular_pairs(counts)
    regular = bool(pairs)
    seven = not melds and sum(counts) == 14 and all(n % 2 == 0 for n in counts)
    total = list(counts)
    for kind, t in melds:
        if kind == "chow":
            for x in (t, t + 1, t + 2):
                total[x] += 1
        else:
            total[t] += 3 if kind == "pung" else 4
    held = [t for t, n in enumerate(total) if n]
    names = []
    if pairs & JIANG:
        names.append("小胡")  # a reading whose pair is a 2, 5 or 8
    if seven:
        names.append(SEVEN_PAIRS_FAMILY[min(3, sum(1 for n in counts if n == 4))])
    if (regular or seven) and len({t // 9 for t in held}) == 1:
        names.append("清一色")
    if all(t in JIANG for t in held):
        names.append("將一色")  # any shape
    if (
        regular
        and all(kind != "chow" for kind, _ in melds)
        and all(n in (0, 2, 3) for n in counts)
        and sum(1 for n in counts if n == 2) == 1
    ):
        names.append("碰碰胡")
    if regular and len(melds) == 4 and on_other and all(k != "concealed_kong" for k, _ in melds):
        names.append("全求人")
    return tuple(names)


def big_units(names: list[str]) -> int:
    n = 0
    for name in names:
        if name in SEVEN_PAIRS_FAMILY:
            n += SEVEN_PAIRS_FAMILY.index(name) + 1
        elif name != "小胡":
            n += 1
    return n


def opening_wins(c: list[int], extras: bool, reuse: bool) -> tuple[list[str], set[int]]:
    """起手胡 of dealt tiles (docs "Opening wins"): the wins in kind order, the kinds used."""
    wins: list[str] = []
    if not any(c[t] for t in JIANG):
        wins.append("板板胡")
    fours = [t for t in range(KINDS) if c[t] == 4]
    wins += ["四喜"] * len(fours)
    trips = [t for t in range(KINDS) if c[t] == 3 or (reuse and c[t] == 4)]
    paired = trips[: len(trips) // 2 * 2]
    wins += ["六六順"] * (len(paired) // 2)
    wins += ["缺一色"] * sum(1 for s in range(3) if not any(c[s * 9 : s * 9 + 9]))
    if extras:
        if any(all(c[s * 9 + n] >= 2 for s in range(3)) for n in range(9)):
            wins.append("三同")
        if sum(c[t] for t in JIANG) == 1 and sum(c[t] for t in (4, 13, 22)) == 1:
            wins.append("一枝花")
        if any(all(c[s * 9 + n + i] >= 2 for i in range(3)) for s in range(3) for n in range(7)):
            wins.append("步步高")
        if c[IDS["2p"]] >= 2 and c[IDS["2s"]] >= 2:
            wins.append("金童玉女")
    return wins, set(fours) | set(paired)


def mid_wins(
    c: list[int], used: set[int], dealt: list[int], reuse: bool
) -> tuple[list[str], list[int], list[int]]:
    """中途四喜 / 中途六六順 now (docs "Mid-game wins"): the wins, the fours, the paired
    triplets (kinds not used, formed after the deal)."""
    fours = [t for t in range(KINDS) if c[t] == 4 and t not in used and dealt[t] < 4]
    trips = [
        t
        for t in range(KINDS)
        if (c[t] == 3 or (reuse and c[t] == 4)) and t not in used and dealt[t] < 3
    ]
    paired = trips[: len(trips) // 2 * 2]
    return ["中途四喜"] * len(fours) + ["中途六六順"] * (len(paired) // 2), fours, paired


# ------------------------------------------------------------------ the simulated hand


class CsSim:
    """One Changsha hand, replayed from the docs (legal moves are the engine's, checked
    against `legal()` at every state before they are applied here)."""

    def __init__(self, rules: Any, wall: str, dealer: int) -> None:
        o = rules.options()
        self.birds: int = o["birds"]
        self.bird_scoring: str = o["bird_scoring"]
        self.compound: str = o["compound"]
        self.cap: int = o["cap"]
        self.floats: tuple[int, ...] = tuple(o["floats"])
        self.extras: bool = o["opening_extras"]
        self.reuse: bool = o["opening_reuse"]
        self.mid_on: bool = o["mid_game_wins"]
        self.pass_lock_on: bool = o["pass_lock"]
        self.wall = [IDS[wall[i : i + 2]] for i in range(0, len(wall), 2)]
        self.dealer = dealer
        self.head = 0
        self.tail = len(self.wall)
        self.hands = [[0] * 34 for _ in range(4)]
        self.melds: list[list[list[Any]]] = [[], [], [], []]  # [kind, tile, from | None]
        self.discards: list[list[list[Any]]] = [[], [], [], []]  # [tile, claimed]
        self.revealed: list[list[dict[str, Any]]] = [[], [], [], []]
        self.used: list[set[int]] = [set(), set(), set(), set()]
        self.locked = [False] * 4
        self.pass_locked = [False] * 4
        self.ledger: list[list[Any]] = []
        self.result: dict[str, Any] | None = None
        self.turn = dealer
        self.drawn = -1
        self.claimed_turn = False
        # The claim: kind, whose tile, the tile, the offers in order and how many were answered.
        self.offer_kind = ""
        self.offer_seat = -1
        self.offer_tile = -1
        self.offers: list[tuple[int, list[str]]] = []
        self.offer_i = 0
        self.haidi_taken = False
        self.shown: list[int] = []  # the open kong's revealed tiles
        self.to_offer: list[int] = []  # those still to be offered
        self.rob_then_open = False
        # The deal (§1): 3 rounds of 4 from the dealer, then 2 to the dealer, 1 to each other.
        for rnd in range(4):
            for k in range(4):
                s = (dealer + k) % 4
                for _ in range(4 if rnd < 3 else (2 if k == 0 else 1)):
                    self.hands[s][self.wall[self.head]] += 1
                    self.head += 1
        self.dealt = [list(h) for h in self.hands]
        self.opening_queue = [
            (dealer + k) % 4
            for k in range(4)
            if opening_wins(self.dealt[(dealer + k) % 4], self.extras, self.reuse)[0]
        ]
        self.phase = "opening" if self.opening_queue else "play"

    def copy(self) -> CsSim:
        other = CsSim.__new__(CsSim)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.melds = [[list(m) for m in ms] for ms in self.melds]
        other.discards = [[list(d) for d in ds] for ds in self.discards]
        other.revealed = [[dict(r) for r in rs] for rs in self.revealed]
        other.used = [set(u) for u in self.used]
        other.locked = list(self.locked)
        other.pass_locked = list(self.pass_locked)
        other.ledger = [list(e) for e in self.ledger]
        other.offers = list(self.offers)
        other.shown = list(self.shown)
        other.to_offer = list(self.to_offer)
        other.opening_queue = list(self.opening_queue)
        return other

    # -- hands
    def meld_key(self, seat: int) -> tuple[tuple[str, int], ...]:
        return tuple((m[0], m[1]) for m in self.melds[seat])

    def elements(self, seat: int, counts: list[int], on_other: bool) -> tuple[str, ...]:
        return hand_elements(tuple(counts[:KINDS]), self.meld_key(seat), on_other)

    def wins_with(self, seat: int, tile: int, on_other: bool) -> bool:
        c = self.hands[seat]
        c[tile] += 1
        ok = bool(self.elements(seat, c, on_other))
        c[tile] -= 1
        return ok

    def own_copies(self, seat: int, tile: int) -> int:
        n = self.hands[seat][tile]
        for kind, t, _ in self.melds[seat]:
            if kind == "chow":
                n += t <= tile <= t + 2
            elif t == tile:
                n += 3 if kind == "pung" else 4
        return n

    def wait_kinds(self, seat: int) -> list[int]:
        """Waits use on_other = True (§11: 全求人 counts); never a fifth copy."""
        if sum(self.hands[seat]) + 3 * len(self.melds[seat]) != 13:
            return []
        return [
            t
            for t in range(KINDS)
            if self.own_copies(seat, t) < 4 and self.wins_with(seat, t, True)
        ]

    def waits(self, seat: int) -> dict[str, int]:
        kinds = self.wait_kinds(seat)
        seen = list(self.hands[seat])
        for s in range(4):
            for kind, t, _ in self.melds[s]:
                if kind == "chow":
                    for x in (t, t + 1, t + 2):
                        seen[x] += 1
                elif kind == "pung":
                    seen[t] += 3
                elif kind != "concealed_kong" or s == seat:
                    seen[t] += 4
            for t, claimed in self.discards[s]:
                if not claimed:
                    seen[t] += 1
        return {CODES[t]: max(0, 4 - seen[t]) for t in kinds}

    def has_pung(self, seat: int, tile: int) -> bool:
        return any(m[0] == "pung" and m[1] == tile for m in self.melds[seat])

    def ready_after_kong(self, seat: int, tile: int, exposed: bool) -> bool:
        """開槓 needs the hand after the kong to be ready (waits non-empty)."""
        other = self.copy()
        h = other.hands[seat]
        if exposed:
            h[tile] -= 3
            other.melds[seat].append(["kong", tile, None])
        elif h[tile] == 4:
            h[tile] = 0
            other.melds[seat].append(["concealed_kong", tile, None])
        else:
            h[tile] -= 1
            for m in other.melds[seat]:
                if m[0] == "pung" and m[1] == tile:
                    m[0] = "added_kong"
        return bool(other.wait_kinds(seat))

    def chows(self, seat: int, tile: int) -> list[str]:
        if tile >= KINDS:
            return []
        c, n = self.hands[seat], tile % 9
        return [
            chow_text(tile - n + low)
            for low in range(max(0, n - 2), min(n, 6) + 1)
            if all(c[tile - n + x] for x in range(low, low + 3) if x != n)
        ]

    def mid_of(self, seat: int) -> tuple[list[str], list[int], list[int]]:
        return mid_wins(self.hands[seat], self.used[seat], self.dealt[seat], self.reuse)

    # -- who acts, what is legal
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "opening":
            return [self.opening_queue[0]]
        if self.phase == "claim":
            return [self.offers[self.offer_i][0]]
        return [self.turn]

    def offer_moves(self) -> list[str]:
        return self.offers[self.offer_i][1]

    def code(self, move: str) -> str | None:
        """The reason code the docs give `move` now (None: not pinned, see the comments)."""
        parsed = parse(move)
        if parsed == "unpinned":
            return None
        if isinstance(parsed, str):
            return parsed
        seat, action, arg = parsed
        if seat >= 4:
            return "no_such_seat"
        ph = self.phase
        if ph == "over":
            return "game_over"
        # 2. Another ruleset's action: raise, void, ready (no 報聽 in Changsha); mid
        # without mid_game_wins (the generic step 2 comes before any phase or seat check).
        if action in ("raise", "void", "ready") or (action == "mid" and not self.mid_on):
            return "not_in_rules"
        # 3. wrong_phase. Phase opening takes only opening / pass ("sN:opening / sN:pass
        # in phase opening"); discard, pung, chow and haidi are pinned by step 3 and the
        # haidi clause; kong, open_kong and win "exist in play and claim", mid "in play".
        if ph == "opening":
            if action not in ("opening", "pass"):
                return "wrong_phase"
            return "ok" if seat == self.opening_queue[0] else "not_your_turn"
        if action == "opening":
            return "wrong_phase"  # "opening elsewhere is wrong_phase"
        if action in ("discard", "mid") and ph != "play":
            return "wrong_phase"
        if action in ("pung", "chow", "pass", "haidi") and ph != "claim":
            return "wrong_phase"
        if seat not in self.to_act():
            return "not_your_turn"
        if ph == "claim":
            if move in self.offer_moves() or action == "pass":
                return "ok"
            # win, pung, chow, kong; an open kong not on offer is cannot_kong, haidi on
            # another kind of offer (or once taken) cannot_haidi (docs "Details").
            return {"open_kong": "cannot_kong", "haidi": "cannot_haidi"}.get(
                action, f"cannot_{action}"
            )
        # Phase play, the turn seat (docs step 6 and "Moves and checks added").
        h = self.hands[seat]
        locked = self.locked[seat]
        if action == "discard":
            if not h[arg]:
                return "tile_not_held"
            return "hand_locked" if locked and arg != self.drawn else "ok"
        if self.claimed_turn:
            return "must_discard"  # kong, open_kong, mid, win
        if action == "mid":
            if locked:
                return "hand_locked"
            return "ok" if self.mid_of(seat)[0] else "cannot_declare"
        if action in ("kong", "open_kong"):
            if locked and arg != self.drawn:
                return "hand_locked"
            if not (h[arg] == 4 or (h[arg] and self.has_pung(seat, arg))):
                return "cannot_kong"
            empty = self.head == self.tail
            if action == "kong":
                return "wall_empty" if empty else "ok"
            ready = self.ready_after_kong(seat, arg, False)
            if empty and not ready:
                # "not_ready if the hand after the kong has no waits; wall_empty as for a
                # kong": which comes first when both apply is not pinned.
                return None
            if empty:
                return "wall_empty"
            return "ok" if ready else "not_ready"
        assert action == "win", move
        return "ok" if self.elements(seat, h, False) else "cannot_win"

    def legal(self) -> list[str]:
        if self.phase == "over":
            return []
        if self.phase == "opening":
            s = self.opening_queue[0]
            return [f"s{s}:opening", f"s{s}:pass"]
        if self.phase == "claim":
            s = self.offers[self.offer_i][0]
            return sorted([*self.offer_moves(), f"s{s}:pass"])
        p = f"s{self.turn}:"
        cands = [p + f"{a}={CODES[t]}" for a in ("discard", "kong", "open_kong") for t in range(27)]
        return sorted(m for m in [*cands, p + "win", p + "mid"] if self.code(m) == "ok")

    # -- applying
    def apply(self, move: str) -> None:
        parsed = parse(move)
        assert isinstance(parsed, tuple), move
        seat, action, arg = parsed
        if self.phase == "opening":
            assert seat == self.opening_queue.pop(0), move
            if action == "opening":
                wins, used = opening_wins(self.dealt[seat], self.extras, self.reuse)
                self.declare(seat, "opening", wins, used, codes_of(self.hands[seat]))
            if not self.opening_queue:
                self.phase = "play"
                self.turn = self.dealer
                self.drawn = -1
            return
        if self.phase == "claim":
            self.answer(seat, action, arg)
            return
        h = self.hands[seat]
        if action == "discard":
            h[arg] -= 1
            self.discards[seat].append([arg, False])
            self.drawn = -1
            self.claimed_turn = False
            self.offer_discard(seat, arg)
        elif action == "mid":
            wins, fours, paired = self.mid_of(seat)
            self.used[seat] |= set(fours) | set(paired)
            # "mid reveals the declared fours and triplets only": each declared set's
            # tiles, so with opening_reuse a four that is also a paired triplet shows 4 + 3.
            shown = [0] * 34
            for t in fours:
                shown[t] += 4
            for t in paired:
                shown[t] += 3
            self.declare(seat, "mid", wins, set(), codes_of(shown))
        elif action in ("kong", "open_kong"):
            self.drawn = -1
            if h[arg] == 4:
                h[arg] = 0
                self.melds[seat].append(["concealed_kong", arg, None])
                if action == "open_kong":
                    self.reveal(seat)
                else:
                    self.replace(seat)
            else:
                h[arg] -= 1
                for m in self.melds[seat]:
                    if m[0] == "pung" and m[1] == arg:
                        m[0] = "added_kong"
                self.rob_then_open = action == "open_kong"
                offers = [
                    (s, [f"s{s}:win"])
                    for s in ((seat + k) % 4 for k in (1, 2, 3))
                    if not self.pass_locked[s] and self.wins_with(s, arg, True)
                ]
                self.start_claim("robbed_kong", seat, arg, offers)
        else:
            assert action == "win", move
            self.win(seat, "self_draw", None, self.drawn, [])

    def declare(self, seat: int, when: str, wins: list[str], used: set[int], tiles: str) -> None:
        """Each opening / mid-game win: each other seat pays 1 (2 with the dealer) + floats."""
        for _ in wins:
            for k in (1, 2, 3):
                p = (seat + k) % 4
                base = 2 if self.dealer in (seat, p) else 1
                self.ledger.append([when, p, seat, base + self.floats[seat] + self.floats[p]])
        self.used[seat] |= used
        self.revealed[seat].append({"when": when, "wins": list(wins), "tiles": tiles})

    def start_claim(self, kind: str, source: int, tile: int, offers: list[Any]) -> None:
        self.offer_kind, self.offer_seat, self.offer_tile = kind, source, tile
        self.offers, self.offer_i = offers, 0
        if offers:
            self.phase = "claim"
        else:
            self.claims_done()

    def offer_discard(self, d: int, tile: int) -> None:
        """docs "Claims": wins from d+1 on, the pung offer, the chow offer; a locked seat
        is offered a win only, a pass-locked one no win."""
        code = CODES[tile]
        offers: list[tuple[int, list[str]]] = [
            (s, [f"s{s}:win"])
            for s in ((d + k) % 4 for k in (1, 2, 3))
            if not self.pass_locked[s] and self.wins_with(s, tile, True)
        ]
        nxt = (d + 1) % 4
        holders = [s for s in range(4) if s != d and self.hands[s][tile] >= 2]
        assert len(holders) <= 1, holders
        p = holders[0] if holders else None
        if p is not None and not self.locked[p]:
            moves = [f"s{p}:pung={code}"]
            if self.hands[p][tile] == 3 and self.head < self.tail:
                moves.append(f"s{p}:kong={code}")
                if self.ready_after_kong(p, tile, True):
                    moves.append(f"s{p}:open_kong={code}")
            if p == nxt:
                moves += [f"s{p}:chow={c}" for c in self.chows(p, tile)]
            offers.append((p, moves))
        if not (p == nxt and not self.locked[p]) and not self.locked[nxt]:
            chows = self.chows(nxt, tile)
            if chows:
                offers.append((nxt, [f"s{nxt}:chow={c}" for c in chows]))
        self.start_claim("discard", d, tile, offers)

    def claims_done(self) -> None:
        kind, source = self.offer_kind, self.offer_seat
        self.offers = []
        if kind == "discard":
            self.start_turn((source + 1) % 4)
        elif kind == "robbed_kong":
            if self.rob_then_open:
                self.rob_then_open = False
                self.reveal(source)
            else:
                self.replace(source)
        elif kind == "open_kong":
            self.offer_open_next(source)
        else:  # haidi: nobody took it, or nobody won on it
            self.end_draw()

    def answer(self, seat: int, action: str, arg: int) -> None:
        tile, source, kind = self.offer_tile, self.offer_seat, self.offer_kind
        if action == "pass":
            if self.pass_lock_on and f"s{seat}:win" in self.offer_moves():
                self.pass_locked[seat] = True  # 過手
            self.offer_i += 1
            if self.offer_i == len(self.offers):
                self.claims_done()
            return
        if action == "haidi":
            self.take_haidi(seat)
            return
        if action == "win":
            if kind == "robbed_kong":
                for m in self.melds[source]:
                    if m[0] == "added_kong" and m[1] == tile:
                        m[0] = "pung"
                self.hands[source][tile] += 1
                self.win(seat, "robbed_kong", source, tile, ["搶槓"])
            else:
                situ = {"open_kong": ["槓上炮"], "haidi": ["海底炮"]}.get(kind, [])
                self.win(seat, "discard", source, tile, situ)
            return
        self.offers = []
        self.discards[source][-1][1] = True
        h = self.hands[seat]
        if action == "chow":
            for x in (arg, arg + 1, arg + 2):
                if x != tile:
                    h[x] -= 1
            self.melds[seat].append(["chow", arg, source])
        elif action == "pung":
            h[tile] -= 2
            self.melds[seat].append(["pung", tile, source])
        else:  # kong / open_kong: an exposed kong (Changsha pays no kongs)
            h[tile] -= 3
            self.melds[seat].append(["kong", tile, source])
            if action == "open_kong":
                self.reveal(seat)
            else:
                self.replace(seat)
            return
        self.phase = "play"
        self.turn = seat
        self.drawn = -1
        self.claimed_turn = True

    def take(self, seat: int, tile: int) -> None:
        self.hands[seat][tile] += 1
        self.pass_locked[seat] = False  # 過手 ends with a tile from the wall
        self.drawn = tile
        self.phase = "play"
        self.turn = seat
        self.claimed_turn = False

    def replace(self, seat: int) -> None:
        assert self.head < self.tail
        self.tail -= 1
        self.take(seat, self.wall[self.tail])

    def start_turn(self, seat: int) -> None:
        if self.head == self.tail:
            self.end_draw()
        elif self.tail - self.head == 1:
            # 海底: to each ready seat from `seat` round all four.
            offers = [
                (s, [f"s{s}:haidi"])
                for s in ((seat + k) % 4 for k in range(4))
                if self.wait_kinds(s)
            ]
            self.haidi_taken = False
            if offers:
                self.start_claim("haidi", seat, self.wall[self.head], offers)
            else:
                self.end_draw()
        else:
            self.head += 1
            self.take(seat, self.wall[self.head - 1])

    def take_haidi(self, seat: int) -> None:
        t = self.wall[self.head]
        self.head += 1
        self.pass_locked[seat] = False
        self.haidi_taken = True
        self.hands[seat][t] += 1
        if self.elements(seat, self.hands[seat], False):
            self.win(seat, "self_draw", None, t, ["海底撈月"])
            return
        self.hands[seat][t] -= 1
        self.discards[seat].append([t, False])
        offers = [
            (s, [f"s{s}:win"])
            for s in ((seat + k) % 4 for k in (1, 2, 3))
            if not self.pass_locked[s] and self.wins_with(s, t, True)
        ]
        self.start_claim("haidi", seat, t, offers)

    def reveal(self, konger: int) -> None:
        """開槓: the live wall's last two tiles (one if one is left), back-most first."""
        n = min(2, self.tail - self.head)
        assert n >= 1
        self.shown = [self.wall[self.tail - 1 - i] for i in range(n)]
        self.tail -= n
        for t in self.shown:
            if self.wins_with(konger, t, False):
                self.hands[konger][t] += 1
                self.win(konger, "self_draw", None, t, ["槓上開花"])
                return
        self.to_offer = list(self.shown)
        self.offer_open_next(konger)

    def offer_open_next(self, konger: int) -> None:
        while self.to_offer:
            t = self.to_offer.pop(0)
            offers = [
                (s, [f"s{s}:win"])
                for s in ((konger + k) % 4 for k in (1, 2, 3))
                if not self.pass_locked[s] and self.wins_with(s, t, True)
            ]
            if offers:
                self.start_claim("open_kong", konger, t, offers)
                return
        for t in self.shown:
            self.discards[konger].append([t, False])
        self.shown = []
        self.locked[konger] = True
        self.start_turn((konger + 1) % 4)

    # -- the end
    def win(self, w: int, kind: str, payer: int | None, tile: int, situ: list[str]) -> None:
        """docs "Payments of a win": small 1/2, big 6/7 per unit (compound, cap), birds,
        floats; one payer (discard, 槓上炮, 海底炮, robbed kong) or the three others."""
        c = list(self.hands[w])
        if kind != "self_draw":
            c[tile] += 1
        names = [*self.elements(w, c, kind != "self_draw"), *situ]
        assert names != situ, f"a win without a hand element: {names}"
        names = [n for n in PATTERNS if n in names]
        units = big_units(names)
        birds = self.wall[self.head : self.head + min(self.birds, self.tail - self.head)]
        hits = Counter((w + t % 9) % 4 for t in birds)
        payers = [payer] if payer is not None else [(w + k) % 4 for k in (1, 2, 3)]
        for p in payers:
            dealer = self.dealer in (w, p)
            if units == 0:
                amount = 2 if dealer else 1
            else:
                n = min(units, self.cap) if self.cap > 0 else units
                per = 7 if dealer else 6
                amount = per * n if self.compound == "add" else per * 2 ** (n - 1)
            h = hits[w] + hits[p]
            amount *= 1 + h if self.bird_scoring == "add" else 2**h
            self.ledger.append([kind, p, w, amount + self.floats[w] + self.floats[p]])
        self.finish(kind, w, payer, CODES[tile] if tile >= 0 else None, names, birds)

    def end_draw(self) -> None:
        self.finish("draw", None, None, None, [], [])

    def finish(
        self,
        kind: str,
        winner: int | None,
        payer: int | None,
        tile: str | None,
        names: list[str],
        birds: list[int],
    ) -> None:
        payments = [0, 0, 0, 0]
        for _, p, q, amount in self.ledger:
            payments[p] -= amount
            payments[q] += amount
        self.phase = "over"
        self.offers = []
        self.result = {
            "kind": kind,
            "winner": winner,
            "dealt_in_by": payer,
            "win_tile": tile,
            "patterns": names,
            "payments": payments,
            "ledger": [list(e) for e in self.ledger],
            "birds": [CODES[t] for t in birds],
        }

    # -- what the views must show
    def offer_view(self) -> dict[str, Any] | None:
        if self.phase != "claim":
            return None
        hidden = self.offer_kind == "haidi" and not self.haidi_taken
        out: dict[str, Any] = {
            "kind": self.offer_kind,
            "seat": self.offer_seat,
            "tile": None if hidden else CODES[self.offer_tile],
        }
        if self.offer_kind == "open_kong":
            out["revealed"] = [CODES[t] for t in self.shown]
        return out

    def seat_view(self, s: int, viewer: int | None) -> dict[str, Any]:
        melds = []
        for kind, t, src in self.melds[s]:
            if kind == "chow":
                tiles: str | None = chow_text(t)
            else:
                tiles = CODES[t][0] * (3 if kind == "pung" else 4) + CODES[t][1]
                if kind == "concealed_kong" and viewer != s:
                    tiles = None
            melds.append({"kind": kind, "tiles": tiles, "from": src})
        entry: dict[str, Any] = {
            "seat": s,
            "hand_count": sum(self.hands[s]),
            "melds": melds,
            "discards": [{"tile": CODES[t], "claimed": c} for t, c in self.discards[s]],
            "flowers": [],
            "declared": False,
            "locked": self.locked[s],
            "void": None,
            "raise": None,
            "revealed": [dict(r, wins=list(r["wins"])) for r in self.revealed[s]],
        }
        if s == viewer:
            entry["hand"] = codes_of(self.hands[s])
            own_turn = self.phase == "play" and self.turn == s and self.drawn >= 0
            entry["drawn"] = CODES[self.drawn] if own_turn else None
            entry["pass_locked"] = self.pass_locked[s]
        return entry


# A few recent states per hand: the random test asks for each state in order (and for
# a replay's, the same again); one move from a cached state is one `apply`.
_CACHE: OrderedDict[tuple[Any, ...], CsSim] = OrderedDict()
_CACHE_SIZE = 64


def simulate(game: Any) -> CsSim:
    """The simulated hand at `game`'s moves (from the record's wall and dealer)."""
    moves = tuple(game.moves)
    base = (game.rules, game.wall, game.dealer)
    key = (*base, moves)
    sim = _CACHE.get(key)
    if sim is None:
        prev = _CACHE.get((*base, moves[:-1])) if moves else None
        if prev is not None:
            sim = prev.copy()
            sim.apply(moves[-1])
        else:
            sim = CsSim(*base)
            for m in moves:
                sim.apply(m)
        _CACHE[key] = sim
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return sim


class CsState:
    """The oracle's answers for one state of a Changsha game (what game_adapters.MjState
    answers for the other rulesets)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.sim = simulate(game)
        self.phase: str = game.phase
        self.to_act: list[int] = game.to_act
        self.moves: list[str] = game.moves
        self.views = [game.view(s) for s in range(4)]
        self.own = [self.views[s]["seats"][s] for s in range(4)]

    def code(self, move: str) -> str | None:
        return self.sim.code(move)

    def expected_legal(self) -> list[str]:
        return self.sim.legal()

    def waits(self, seat: int) -> dict[str, int]:
        return self.sim.waits(seat)


# ------------------------------------------------------------------ the checks


def check_state(game: Any, public: dict[str, Any]) -> None:
    """Once per state: phase, to_act, legal moves, waits and hand sizes against the rules."""
    sim = simulate(game)
    assert game.phase == sim.phase, f"phase {game.phase}, the rules say {sim.phase}"
    assert game.to_act == sim.to_act(), f"to_act {game.to_act}, the rules say {sim.to_act()}"
    legal, want = game.legal_moves(), sim.legal()
    assert legal == want, (
        f"legal moves: the engine has {sorted(set(legal) - set(want))} more and "
        f"{sorted(set(want) - set(legal))} fewer than the rules"
    )
    if sim.phase == "over":
        return
    for s in range(4):
        got, exp = game.waits(s), sim.waits(s)
        assert got == exp, f"waits({s}) {got}, the rules say {exp}"
        assert list(got) == sorted(got, key=IDS.__getitem__), f"waits({s}) order"
        size = sum(sim.hands[s]) + 3 * len(sim.melds[s])
        big = s == sim.turn if sim.phase == "play" else sim.phase == "opening" and s == sim.dealer
        assert size == (14 if big else 13), f"seat {s} holds {size} (14 - 3k rule)"


def check_view(game: Any, viewer: int | None, view: dict[str, Any]) -> None:
    """Everything a Changsha view shows, against the simulated hand."""
    sim = simulate(game)
    where = f"view({viewer})"
    assert view["phase"] == sim.phase, where
    assert view["wall_remaining"] == sim.tail - sim.head, (
        f"{where} wall_remaining {view['wall_remaining']}, the rules say {sim.tail - sim.head}"
    )
    assert view["turn"] == (sim.turn if sim.phase == "play" else None), where
    assert view["claims_pending"] == (sim.phase == "claim"), where
    # An open kong's offer also lists its revealed tiles (`offer["revealed"]`, back-most
    # first); a haidi offer's tile is None until a seat has taken it.
    want_offer = sim.offer_view()
    got_offer = view["offer"]
    assert got_offer == want_offer, f"{where} offer {got_offer}, the rules say {want_offer}"
    for s, entry in enumerate(view["seats"]):
        want = sim.seat_view(s, viewer)
        if entry != want:
            diff = {
                k: (entry.get(k), want.get(k))
                for k in sorted(set(entry) | set(want))
                if entry.get(k) != want.get(k)
            }
            raise AssertionError(f"{where} seat {s}: (engine, rules) differ in {diff}")


def check_conservation(game: Any, views: dict[int | None, dict[str, Any]]) -> None:
    """The 108 tiles: those seen (hands, melds, discards, and while an open kong's tiles
    are on offer, `offer["revealed"]`) are exactly the front of the wall drawn so far
    and the back taken so far (kong replacements, revealed tiles)."""
    sim = simulate(game)
    wall = game.wall
    tiles = [wall[i : i + 2] for i in range(0, len(wall), 2)]
    assert len(tiles) == 108, f"a wall of {len(tiles)} tiles"
    assert Counter(tiles) == Counter({CODES[t]: 4 for t in range(KINDS)}), "not the 108 tiles"
    public = views[None]
    seen: Counter[str] = Counter()
    for s in range(4):
        own = views[s]["seats"][s]
        entry = public["seats"][s]
        assert entry["hand_count"] * 2 == len(own["hand"]), f"seat {s} hand_count"
        seen.update(own["hand"][i : i + 2] for i in range(0, len(own["hand"]), 2))
        for meld in own["melds"]:
            seen.update(d + meld["tiles"][-1] for d in meld["tiles"][:-1])
        seen.update(d["tile"] for d in entry["discards"] if not d["claimed"])
        assert entry["flowers"] == [], f"seat {s} flowers"
    offer = public["offer"]
    if offer is not None and offer["kind"] == "open_kong":
        shown = offer["revealed"]
        assert 1 <= len(shown) <= 2, shown
        assert offer["tile"] in shown, offer
        seen.update(shown)
    remaining = public["wall_remaining"]
    # The back: one replacement per kong that was not an open kong (nor waits to be
    # robbed), and the tiles each open kong revealed; from the moves and the discards.
    back = sim.tail
    front = sim.head
    assert front + remaining == back, (
        f"{front} drawn from the front + {remaining} in the live wall + "
        f"{len(tiles) - back} from the back != {len(tiles)}"
    )
    taken = Counter(tiles[:front] + tiles[back:])
    assert public["phase"] == "over" or sum(seen.values()) + remaining == len(tiles), (
        f"{sum(seen.values())} tiles seen + {remaining} in the live wall != {len(tiles)}"
    )
    if public["phase"] == "over" and sim.shown:
        # 槓上開花: the konger took one revealed tile; where the other lies after the hand
        # is not part of the contract (views after the end are not), but it is one of them.
        lost = taken - seen
        assert not seen - taken, f"{dict(seen - taken)} more than taken from the wall"
        assert not lost - Counter(CODES[t] for t in sim.shown), f"{dict(lost)} lost"
        return
    assert seen == taken, (
        "the tiles in hands, melds, discards and on offer are not those taken from the "
        f"front ({front}) and the back ({len(tiles) - back}) of the wall: "
        f"{dict(seen - taken)} more, {dict(taken - seen)} fewer"
    )


def check_result(game: Any) -> None:
    """The result and every payment (opening, mid-game, the win) against the rules."""
    sim = simulate(game)
    got = game.result.to_dict()
    want = sim.result
    assert want is not None, "the engine ended a hand the rules have not ended"
    for e in got["ledger"]:
        assert e[0] in LEDGER_REASONS, got["ledger"]
        assert e[1] != e[2], got["ledger"]
    if got != want:
        diff = {k: (got[k], want[k]) for k in want if got.get(k) != want[k]}
        raise AssertionError(f"result: (engine, rules) differ in {diff}")
