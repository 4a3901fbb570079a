"""The random-play test's oracle for Changsha mahjong (tests/support/game_adapters.py uses it).

Written from the docs alone, never from the engine: docs/mahjong-engine.md ("Moves
and the order of checks", "Legal moves", "Claims", "View" and the whole "Changsha"
section with "Details the reference engine settles"), docs/mahjong.md §9 and
shared/rules/mahjong.md §1-§4, §7, §10, §11. It has its own move parser, win test,
opening and mid-game wins, payments and birds, and its own simulation of a hand.
Changsha's flow needs state that no single view shows (whose offer comes next after
a 過手 pass, the kinds a declaration used, the revealed open-kong tiles, where the
live wall's two ends are), so the oracle replays the hand itself: from the record's
wall and dealer, move by move (`CsSim`), cached by the moves so far (the random test
asks for every state in order). Everything the engine shows is then compared with the
simulation: legal moves, to_act, each move's reason code, every view (hands, melds,
discards, locks, 過手, declarations, offers), waits, the conservation of the 108
tiles, and the result with every payment.

Nothing here imports the engine: only the public API of `pyyijing.mahjong.Game`.
"""

from __future__ import annotations

import copy
import functools
import re
from collections import Counter, OrderedDict
from typing import Any, ClassVar

# Tile ids 0-33 as in the docs (1m-9m 0-8, 1p-9p 9-17, 1s-9s 18-26, 1z-7z 27-33);
# Changsha's 108 tiles are the three suits only.
CODES = tuple([f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)])
IDS = {c: i for i, c in enumerate(CODES)}
SUITS = "mps"
KINDS = 27
# 將: the 2, 5 and 8 of each suit.
JIANG = frozenset(s * 9 + n for s in range(3) for n in (1, 4, 7))
SEVEN_PAIRS_FAMILY = ("七對", "豪華七對", "超豪華七對", "超超豪華七對")
# eng "Winning (Changsha)": "Patterns in this order", and the units of each big element
# (the 七對 family 1 / 2 / 3 / 4, every other element 1; 小胡 none).
PATTERNS = (
    "小胡",
    *SEVEN_PAIRS_FAMILY,
    *("清一色", "將一色", "碰碰胡", "全求人"),  # the other hand elements
    *("槓上開花", "槓上炮", "海底撈月", "海底炮", "搶槓"),  # the situational ones
)
UNITS = dict.fromkeys(PATTERNS[5:], 1) | {name: k + 1 for k, name in enumerate(SEVEN_PAIRS_FAMILY)}
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
    """`chow=` notation (eng "Moves"): the run's three digits, low to high, and its suit."""
    return "".join(str(low % 9 + k) for k in (1, 2, 3)) + SUITS[low // 9]


def meld_tiles(kind: str, tile: int) -> list[int]:
    """A meld's tiles (eng "State words": a chow by its lowest tile; a kong is four)."""
    if kind == "chow":
        return [tile, tile + 1, tile + 2]
    return [tile] * (3 if kind == "pung" else 4)


def meld_text(kind: str, tile: int) -> str:
    """eng "View" `melds[].tiles`: "345m", "555p", "5555p"."""
    if kind == "chow":
        return chow_text(tile)
    return "".join(CODES[t][0] for t in meld_tiles(kind, tile)) + CODES[tile][1]


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
        for x in meld_tiles(kind, t):
            total[x] += 1
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
    """The units of a win: the sum over its big elements (eng "Winning (Changsha)")."""
    return sum(UNITS.get(name, 0) for name in names)


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
#
# The move check, the offers and the flow below follow the docs clause by clause; the
# comments name the clause: "eng" is docs/mahjong-engine.md (its section in quotes),
# "rules" is shared/rules/mahjong.md (its §).


def others_from(seat: int) -> list[int]:
    """The three other seats, counterclockwise from `seat`'s next seat (rules §1)."""
    return [(seat + k) % 4 for k in (1, 2, 3)]


class CsSim:
    """One Changsha hand, replayed from the docs. Moves are applied only after the
    random test has checked them legal against the engine; `code` and `legal` answer
    from this simulation alone."""

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
        # eng "State words": the live wall is wall[head:tail].
        self.head = 0
        self.tail = len(self.wall)
        self.hands = [[0] * 34 for _ in range(4)]  # concealed counts (ids 0-33)
        self.melds: list[list[list[Any]]] = [[], [], [], []]  # [kind, tile, from]
        self.discards: list[list[list[Any]]] = [[], [], [], []]  # [tile, claimed]
        self.revealed: list[list[dict[str, Any]]] = [[], [], [], []]  # declarations
        self.used: list[set[int]] = [set(), set(), set(), set()]
        self.locked = [False] * 4  # the open-kong lock
        self.pass_locked = [False] * 4  # 過手
        self.ledger: list[list[Any]] = []
        self.result: dict[str, Any] | None = None
        self.phase = "play"
        self.turn: int | None = None
        self.drawn: int | None = None
        self.claimed_turn = False
        # The tile on offer (phase claim): kind, source seat, tile, hidden (the sea-bottom
        # tile before it is taken), the queue of (seat, moves), how many have answered,
        # and what follows when every offered seat has passed.
        self.claim: dict[str, Any] | None = None
        self.shown: list[int] = []  # an open kong's revealed tiles, back-most first
        # rules §1 "Deal": three rounds of 4 from the dealer counterclockwise, then
        # indices 48-49 to the dealer and one each to the next three seats.
        order = [(dealer + k) % 4 for k in range(4)]
        counts = [4] * 12 + [2, 1, 1, 1]
        seats = order * 3 + order
        i = 0
        for s, n in zip(seats, counts, strict=True):
            for t in self.wall[i : i + n]:
                self.hands[s][t] += 1
            i += n
        self.head = i
        self.dealt = [list(h) for h in self.hands]
        # eng "Opening wins": only seats with one or more are offered, from the dealer
        # counterclockwise; rules §11: the phase is skipped when nobody has one.
        self.opening_queue = [
            s for s in order if opening_wins(self.dealt[s], self.extras, self.reuse)[0]
        ]
        if self.opening_queue:
            self.phase = "opening"
        else:
            self.begin_play()

    def copy(self) -> CsSim:
        return copy.deepcopy(self)

    def begin_play(self) -> None:
        """rules §2 "Play": the dealer first, 14 tiles, no draw."""
        self.phase, self.turn, self.drawn, self.claimed_turn = "play", self.dealer, None, False

    # -- what a seat holds, and what wins (eng "Winning (Changsha)")
    def live(self) -> int:
        return self.tail - self.head

    def meld_key(self, seat: int) -> tuple[tuple[str, int], ...]:
        return tuple((kind, t) for kind, t, _ in self.melds[seat])

    def wins(self, seat: int, counts: list[int], on_other: bool) -> bool:
        """`wins(s, c, on_other)`: 小胡 or a hand element; never with an honour."""
        if any(counts[KINDS:]):
            return False
        return bool(hand_elements(tuple(counts[:KINDS]), self.meld_key(seat), on_other))

    def wins_plus(self, seat: int, tile: int, on_other: bool) -> bool:
        counts = list(self.hands[seat])
        counts[tile] += 1
        return self.wins(seat, counts, on_other)

    def may_win_on(self, seat: int, tile: int) -> bool:
        """A `win` offer on another seat's tile: it wins with on_other (eng "Claims",
        "Open kong", "Sea bottom") and is not pass-locked (eng "過手"); a locked seat is
        still offered a win (eng "Moves and checks added")."""
        return not self.pass_locked[seat] and self.wins_plus(seat, tile, True)

    def wait_kinds(self, seat: int) -> list[int]:
        """eng "Winning (common)" `waits`: only for 13 - 3k tiles; a kind of which the
        seat's concealed tiles and own melds hold four is no wait (rules §3); eng
        "Winning (Changsha)": waits use on_other = True (全求人 counts)."""
        if sum(self.hands[seat]) + 3 * len(self.melds[seat]) != 13:
            return []
        own = list(self.hands[seat])
        for kind, t, _ in self.melds[seat]:
            for x in meld_tiles(kind, t):
                own[x] += 1
        return [t for t in range(KINDS) if own[t] < 4 and self.wins_plus(seat, t, True)]

    def seen_by(self, seat: int) -> list[int]:
        """rules §11 `waits`: the copies `seat` can see: its concealed tiles, every exposed
        set (its own concealed kongs too, not another seat's), every tile lying in the
        discards, revealed open-kong tiles included (eng "Details": while on offer they
        lie face up, the offer's `revealed`)."""
        seen = list(self.hands[seat])
        for s in range(4):
            for kind, t, _ in self.melds[s]:
                if kind == "concealed_kong" and s != seat:
                    continue
                for x in meld_tiles(kind, t):
                    seen[x] += 1
            for t, claimed in self.discards[s]:
                seen[t] += not claimed
        if self.claim is not None and self.claim["kind"] == "open_kong":
            for t in self.shown:
                seen[t] += 1
        return seen

    def waits(self, seat: int) -> dict[str, int]:
        seen = self.seen_by(seat)
        return {CODES[t]: max(0, 4 - seen[t]) for t in self.wait_kinds(seat)}

    def pung_of(self, seat: int, tile: int) -> list[Any] | None:
        return next((m for m in self.melds[seat] if m[0] == "pung" and m[1] == tile), None)

    def can_kong(self, seat: int, tile: int) -> bool:
        """eng step 6 `kong=T`: four T concealed, or a pung of T and one T concealed."""
        h = self.hands[seat][tile]
        return h == 4 or (h >= 1 and self.pung_of(seat, tile) is not None)

    def ready_after(self, seat: int, tile: int, from_discard: bool) -> bool:
        """eng "Moves and checks added": 開槓 needs waits after the kong is made (rules §7:
        "the hand, after the kong, is ready")."""
        after = self.copy()
        after.claim = None
        after.make_kong(seat, tile, None if not from_discard else -1)
        return bool(after.wait_kinds(seat))

    def chow_moves(self, seat: int, tile: int) -> list[str]:
        """rules §2 Claims 3: each run of three containing `tile` whose other two the
        seat holds; never an honour."""
        if tile >= KINDS:
            return []
        base = tile - tile % 9
        out = []
        for low in range(base, base + 7):
            run = (low, low + 1, low + 2)
            if tile in run and all(self.hands[seat][x] for x in run if x != tile):
                out.append(f"s{seat}:chow={chow_text(low)}")
        return out

    def mid_now(self, seat: int) -> tuple[list[str], list[int], list[int]]:
        return mid_wins(self.hands[seat], self.used[seat], self.dealt[seat], self.reuse)

    # -- who acts, and the reason code of a move
    def to_act(self) -> list[int]:
        if self.phase == "opening":
            return [self.opening_queue[0]]
        if self.phase == "claim":
            assert self.claim is not None
            return [self.claim["queue"][self.claim["at"]][0]]
        if self.phase == "play":
            assert self.turn is not None
            return [self.turn]
        return []

    def offered(self) -> list[str]:
        assert self.claim is not None
        return list(self.claim["queue"][self.claim["at"]][1])

    # The phases each action exists in (eng step 3 and "Moves and checks added"):
    # `discard` in play; `pung`/`chow` in claim; `pass` in claim and opening; `kong`,
    # `open_kong`, `win` in play and claim; `mid` in play; `opening` in opening;
    # `haidi` in claim (a claim on another kind of offer: cannot_haidi, eng "Details").
    PHASES: ClassVar[dict[str, tuple[str, ...]]] = {
        "discard": ("play",),
        "pung": ("claim",),
        "chow": ("claim",),
        "pass": ("claim", "opening"),
        "kong": ("play", "claim"),
        "open_kong": ("play", "claim"),
        "win": ("play", "claim"),
        "mid": ("play",),
        "opening": ("opening",),
        "haidi": ("claim",),
    }

    def code(self, move: str) -> str | None:
        """The reason code the docs give `move` now; None where the docs do not pin it."""
        parsed = parse(move)
        if parsed == "unpinned":
            return None
        if isinstance(parsed, str):
            return parsed  # malformed (eng "Moves and the order of checks", parsing)
        seat, action, arg = parsed
        if seat >= 4:
            return "no_such_seat"  # a well-formed move of a seat n >= 4
        if self.phase == "over":
            return "game_over"  # step 1
        # Step 2: raise (Shaoyang), void (the void-suit game), ready (no 報聽 in Changsha,
        # eng "Changsha"); mid without mid_game_wins, an option off as `ready` is with
        # 報聽 off.
        if action in ("raise", "void", "ready") or (action == "mid" and not self.mid_on):
            return "not_in_rules"
        if self.phase not in self.PHASES[action]:
            return "wrong_phase"  # step 3
        if seat not in self.to_act():
            return "not_your_turn"  # step 5; eng "Moves and checks added" for opening
        if self.phase == "opening":
            return "ok"  # `sN:opening` / `sN:pass` by the seat offered
        if self.phase == "claim":
            # Step 7: the offer's moves and pass; otherwise by action, an open kong
            # cannot_kong and haidi cannot_haidi (eng "Details").
            if action == "pass" or move in self.offered():
                return "ok"
            return "cannot_" + {"open_kong": "kong"}.get(action, action)
        return self.play_code(seat, action, arg)

    def play_code(self, seat: int, action: str, tile: int) -> str | None:
        """Step 6 (the turn seat in play), with the Changsha lock: in turn a locked seat
        may only win, discard `drawn`, or kong / open_kong `drawn` (eng "Moves and checks
        added"; rules §7 "Open kong")."""
        lock_bars = self.locked[seat] and tile != self.drawn
        if action == "discard":
            if not self.hands[seat][tile]:
                return "tile_not_held"
            return "hand_locked" if lock_bars else "ok"
        # After a chow or pung the claimer may only discard (rules §2): must_discard
        # comes first for kong, win and (eng "Moves and checks added") mid.
        if self.claimed_turn:
            return "must_discard"
        if action == "win":
            return "ok" if self.wins(seat, self.hands[seat], False) else "cannot_win"
        if action == "mid":
            if self.locked[seat]:
                return "hand_locked"
            return "ok" if self.mid_now(seat)[0] else "cannot_declare"
        # kong=T: hand_locked, cannot_kong, wall_empty (step 6); open_kong=T where kong=T
        # is legal, not_ready without waits after it.
        if lock_bars:
            return "hand_locked"
        if not self.can_kong(seat, tile):
            return "cannot_kong"
        empty = self.live() == 0
        if action == "kong":
            return "wall_empty" if empty else "ok"
        ready = self.ready_after(seat, tile, False)
        if empty:
            # "`not_ready` if the hand after the kong has no waits; `wall_empty` as for
            # a kong": which one when both apply is not pinned.
            return "wall_empty" if ready else None
        return "ok" if ready else "not_ready"

    def legal(self) -> list[str]:
        """eng "Legal moves" for Changsha, built directly (not through `code`)."""
        if self.phase == "over":
            return []
        if self.phase == "opening":
            s = self.opening_queue[0]
            return [f"s{s}:opening", f"s{s}:pass"]
        if self.phase == "claim":
            s = self.to_act()[0]
            return sorted({*self.offered(), f"s{s}:pass"})
        s = self.turn
        assert s is not None
        h = self.hands[s]
        if self.locked[s]:
            assert self.drawn is not None, "a locked seat in turn without a drawn tile"
            throw = [self.drawn]
        else:
            throw = [t for t in range(KINDS) if h[t]]
        out = [f"s{s}:discard={CODES[t]}" for t in throw]
        if not self.claimed_turn:
            if self.wins(s, h, False):
                out.append(f"s{s}:win")
            if self.mid_on and not self.locked[s] and self.mid_now(s)[0]:
                out.append(f"s{s}:mid")
            if self.live() > 0:
                for t in throw:
                    if self.can_kong(s, t):
                        out.append(f"s{s}:kong={CODES[t]}")
                        if self.ready_after(s, t, False):
                            out.append(f"s{s}:open_kong={CODES[t]}")
        return sorted(out)

    # -- applying a legal move
    def apply(self, move: str) -> None:
        parsed = parse(move)
        assert isinstance(parsed, tuple), move
        seat, action, arg = parsed
        if self.phase == "opening":
            assert seat == self.opening_queue.pop(0), move
            if action == "opening":
                wins, used = opening_wins(self.dealt[seat], self.extras, self.reuse)
                # eng "Details": `opening` reveals the seat's whole dealt hand.
                self.pay_declaration(seat, "opening", wins, used, codes_of(self.dealt[seat]))
            if not self.opening_queue:
                self.begin_play()  # "When every offered seat has answered, the dealer is in turn."
            return
        if self.phase == "claim":
            self.answer(seat, action, arg)
            return
        if action == "discard":
            self.hands[seat][arg] -= 1
            self.discards[seat].append([arg, False])
            self.offer_discard(seat, arg)
        elif action == "win":
            self.settle(seat, "self_draw", None, self.drawn, [])
        elif action == "mid":
            wins, fours, pairs = self.mid_now(seat)
            # eng "Details": `mid` reveals the declared fours and triplets only.
            shown = [0] * 34
            for t in fours:
                shown[t] += 4
            for t in pairs:
                shown[t] += 3
            self.pay_declaration(seat, "mid", wins, set(fours) | set(pairs), codes_of(shown))
        else:
            self.kong_in_turn(seat, arg, action == "open_kong")

    def pay_declaration(
        self, seat: int, when: str, wins: list[str], used: set[int], tiles: str
    ) -> None:
        """eng "Opening wins" / "Mid-game wins": for each win, each other seat p from the
        declarer's next seat pays 1 (2 if the dealer is the declarer or p) + the floats."""
        for _ in wins:
            for p in others_from(seat):
                amount = (2 if self.dealer in (seat, p) else 1) + self.floats[seat] + self.floats[p]
                self.ledger.append([when, p, seat, amount])
        self.used[seat] |= used
        self.revealed[seat].append({"when": when, "wins": list(wins), "tiles": tiles})

    def make_kong(self, seat: int, tile: int, source: int | None) -> str:
        """Make the kong's meld (eng "Claims" accepting `kong`, "Kong in turn"); returns
        its kind. `source`: the discarder for an exposed kong (-1: a test of one)."""
        h = self.hands[seat]
        if source is not None:
            h[tile] -= 3
            self.melds[seat].append(["kong", tile, source])
            return "kong"
        if h[tile] == 4:
            h[tile] = 0
            self.melds[seat].append(["concealed_kong", tile, None])
            return "concealed_kong"
        h[tile] -= 1
        pung = self.pung_of(seat, tile)
        assert pung is not None
        pung[0] = "added_kong"  # keeps the pung's `from`
        return "added_kong"

    def kong_in_turn(self, seat: int, tile: int, open_kong: bool) -> None:
        self.turn, self.drawn = None, None
        kind = self.make_kong(seat, tile, None)
        if kind == "added_kong":
            # An added kong is robbable first (rules §7 搶槓, eng "Kong in turn");
            # eng "Open kong": an added kong first gets its robbing offers.
            queue = [(s, [f"s{s}:win"]) for s in others_from(seat) if self.may_win_on(s, tile)]
            self.open_claim("robbed_kong", seat, tile, queue, ("kong_stands", seat, open_kong))
        else:
            self.after_kong(seat, open_kong)

    def after_kong(self, seat: int, open_kong: bool) -> None:
        if open_kong:
            self.reveal(seat)
        else:
            self.replacement(seat)

    def offer_discard(self, d: int, tile: int) -> None:
        """eng "Claims" after `discard=T` by d: 1. wins from d+1; 2. the pung offer to the
        one seat p != d with two or more T (`kong=T` with three and a live wall, Changsha
        `open_kong=T` where the offer has `kong=T` and the hand is ready after it; p's
        chows when p = d+1); 3. the chow offer to d+1 if not offered in 2. A locked seat
        is offered `win` only (eng "Moves and checks added")."""
        self.turn, self.drawn, self.claimed_turn = None, None, False
        code = CODES[tile]
        queue = [(s, [f"s{s}:win"]) for s in others_from(d) if self.may_win_on(s, tile)]
        nxt = (d + 1) % 4
        holders = [s for s in others_from(d) if self.hands[s][tile] >= 2]
        assert len(holders) <= 1, f"two seats hold two {code}"  # four copies of a kind
        pung_seat = holders[0] if holders and not self.locked[holders[0]] else None
        if pung_seat is not None:
            moves = [f"s{pung_seat}:pung={code}"]
            if self.hands[pung_seat][tile] == 3 and self.live() > 0:
                moves.append(f"s{pung_seat}:kong={code}")
                if self.ready_after(pung_seat, tile, True):
                    moves.append(f"s{pung_seat}:open_kong={code}")
            if pung_seat == nxt:
                moves += self.chow_moves(nxt, tile)
            queue.append((pung_seat, moves))
        if pung_seat != nxt and not self.locked[nxt]:
            chows = self.chow_moves(nxt, tile)
            if chows:
                queue.append((nxt, chows))
        self.open_claim("discard", d, tile, queue, ("next_turn", nxt))

    def open_claim(
        self,
        kind: str,
        source: int,
        tile: int,
        queue: list[tuple[int, list[str]]],
        then: tuple[Any, ...],
        hidden: bool = False,
    ) -> None:
        """rules §2 "Claim": offers go to one seat at a time, empty ones skipped."""
        if not queue:
            self.claim = None
            self.go_on(then)
            return
        self.phase = "claim"
        self.turn = None
        self.claim = {
            "kind": kind,
            "seat": source,
            "tile": tile,
            "hidden": hidden,
            "queue": queue,
            "at": 0,
            "then": then,
        }

    def go_on(self, then: tuple[Any, ...]) -> None:
        """What follows when every offered seat has passed (or none was offered)."""
        step = then[0]
        if step == "next_turn":  # eng "Claims": seat d+1 draws
            self.start_turn(then[1])
        elif step == "kong_stands":  # rules §4: the kong stands and the konger goes on
            self.after_kong(then[1], then[2])
        elif step == "revealed":  # eng "Open kong": the next revealed tile
            self.offer_revealed(then[1], then[2])
        else:  # "drawn": the sea-bottom tile was not taken, or nobody won on it
            assert step == "drawn", then
            self.settle_draw()

    def answer(self, seat: int, action: str, arg: int) -> None:
        claim = self.claim
        assert claim is not None
        kind, source, tile = claim["kind"], claim["seat"], claim["tile"]
        if action == "pass":
            # eng "過手": passing a `win` offer pass-locks (not an opening or haidi offer).
            if self.pass_lock_on and f"s{seat}:win" in self.offered():
                self.pass_locked[seat] = True
            claim["at"] += 1
            if claim["at"] == len(claim["queue"]):
                self.claim = None
                self.go_on(claim["then"])
            return
        self.claim = None
        if action == "haidi":
            self.take_sea_bottom(seat)
        elif action == "win":
            if kind == "robbed_kong":
                # rules §4 / §11: the robbed kong is undone, the konger pays (搶槓).
                meld = next(m for m in self.melds[source] if m[0] == "added_kong" and m[1] == tile)
                meld[0] = "pung"
                self.hands[source][tile] += 1
                self.settle(seat, "robbed_kong", source, tile, ["搶槓"])
            else:
                situational = {"open_kong": ["槓上炮"], "haidi": ["海底炮"]}.get(kind, [])
                self.settle(seat, "discard", source, tile, situational)
        else:
            # A claim on a discard: eng "Claims", accepting.
            assert kind == "discard", (kind, action)
            self.discards[source][-1][1] = True
            h = self.hands[seat]
            if action in ("pung", "chow"):
                if action == "pung":
                    h[tile] -= 2
                    self.melds[seat].append(["pung", tile, source])
                else:
                    for x in (arg, arg + 1, arg + 2):
                        h[x] -= x != tile
                    self.melds[seat].append(["chow", arg, source])
                self.phase, self.turn, self.drawn, self.claimed_turn = "play", seat, None, True
            else:
                # eng "Details": an open kong made on a discard is an exposed kong.
                self.make_kong(seat, tile, source)
                self.after_kong(seat, action == "open_kong")

    # -- taking tiles from the wall
    def took_from_wall(self, seat: int, tile: int) -> None:
        """A tile taken from the wall clears 過手 (rules §11)."""
        self.hands[seat][tile] += 1
        self.pass_locked[seat] = False

    def in_turn_with(self, seat: int, tile: int) -> None:
        self.phase, self.turn, self.drawn, self.claimed_turn = "play", seat, tile, False

    def replacement(self, seat: int) -> None:
        """eng "Kong in turn", Replacement: from the back; rules §10: one that takes the
        last tile of the live wall is ordinary, not the sea bottom."""
        assert self.live() > 0, "a kong with an empty live wall"
        self.tail -= 1
        tile = self.wall[self.tail]
        self.took_from_wall(seat, tile)
        self.in_turn_with(seat, tile)

    def start_turn(self, seat: int) -> None:
        """eng "Start of turn"; eng "Sea bottom" with exactly one tile left."""
        if self.live() == 0:
            self.settle_draw()
            return
        if self.live() == 1:
            order = [(seat + k) % 4 for k in range(4)]
            queue = [(s, [f"s{s}:haidi"]) for s in order if self.wait_kinds(s)]
            self.open_claim("haidi", seat, self.wall[self.head], queue, ("drawn",), hidden=True)
            return
        tile = self.wall[self.head]
        self.head += 1
        self.took_from_wall(seat, tile)
        self.in_turn_with(seat, tile)

    def take_sea_bottom(self, taker: int) -> None:
        """eng "Sea bottom": the taker wins at once if it completes its hand (海底撈月),
        else the tile goes to its discards and is offered from the taker's next seat."""
        tile = self.wall[self.head]
        self.head += 1
        self.took_from_wall(taker, tile)
        if self.wins(taker, self.hands[taker], False):
            self.settle(taker, "self_draw", None, tile, ["海底撈月"])
            return
        self.hands[taker][tile] -= 1
        self.discards[taker].append([tile, False])
        queue = [(s, [f"s{s}:win"]) for s in others_from(taker) if self.may_win_on(s, tile)]
        self.open_claim("haidi", taker, tile, queue, ("drawn",))

    def reveal(self, konger: int) -> None:
        """eng "Open kong": the live wall's last two tiles (one if one remains), back-most
        first, off the live wall; the first that completes the konger's hand wins at once
        (槓上開花, rules §11: that one is `win_tile`)."""
        n = min(2, self.live())
        assert n >= 1, "an open kong with an empty live wall"
        self.shown = [self.wall[self.tail - 1 - k] for k in range(n)]
        self.tail -= n
        self.turn, self.drawn = None, None
        for tile in self.shown:
            if self.wins_plus(konger, tile, False):
                self.hands[konger][tile] += 1
                self.settle(konger, "self_draw", None, tile, ["槓上開花"])
                return
        self.offer_revealed(konger, 0)

    def offer_revealed(self, konger: int, index: int) -> None:
        """Each revealed tile in order is offered with `win` from the konger's next seat;
        nobody wins: both go to the konger's discards, the konger is locked, its next seat
        starts its turn."""
        if index < len(self.shown):
            tile = self.shown[index]
            queue = [(s, [f"s{s}:win"]) for s in others_from(konger) if self.may_win_on(s, tile)]
            self.open_claim("open_kong", konger, tile, queue, ("revealed", konger, index + 1))
            return
        for tile in self.shown:
            self.discards[konger].append([tile, False])
        self.shown = []
        self.locked[konger] = True
        self.start_turn((konger + 1) % 4)

    # -- the end (eng "Payments of a win", "Results and payments")
    def settle(
        self, w: int, kind: str, payer: int | None, tile: int | None, situational: list[str]
    ) -> None:
        counts = list(self.hands[w])
        if kind != "self_draw":
            assert tile is not None
            counts[tile] += 1  # the tile of another seat
        elements = hand_elements(tuple(counts[:KINDS]), self.meld_key(w), kind != "self_draw")
        assert elements, "a win without 小胡 or a hand element"
        names = [p for p in PATTERNS if p in elements or p in situational]
        units = big_units(names)
        if self.cap > 0:
            units = min(units, self.cap)
        birds = self.wall[self.head : self.head + min(self.birds, self.live())]
        hit = [0] * 4
        for b in birds:
            hit[(w + b % 9) % 4] += 1  # number n hits (w + n - 1) % 4
        for p in [payer] if payer is not None else others_from(w):
            dealer_in = self.dealer in (w, p)
            if units == 0:
                amount = 2 if dealer_in else 1
            else:
                per = 7 if dealer_in else 6
                amount = per * units if self.compound == "add" else per * 2 ** (units - 1)
            h = hit[w] + hit[p]
            amount *= (1 + h) if self.bird_scoring == "add" else 2**h
            self.ledger.append([kind, p, w, amount + self.floats[w] + self.floats[p]])
        self.end(kind, w, payer, tile, names, birds)

    def settle_draw(self) -> None:
        self.end("draw", None, None, None, [], [])

    def end(
        self,
        kind: str,
        winner: int | None,
        payer: int | None,
        tile: int | None,
        names: list[str],
        birds: list[int],
    ) -> None:
        payments = [0] * 4
        for _, p, q, amount in self.ledger:
            payments[p] -= amount
            payments[q] += amount
        self.phase, self.turn, self.claim = "over", None, None
        self.result = {
            "kind": kind,
            "winner": winner,
            "dealt_in_by": payer,
            "win_tile": None if tile is None else CODES[tile],
            "patterns": names,
            "payments": payments,
            "ledger": [list(e) for e in self.ledger],
            "birds": [CODES[b] for b in birds],
        }

    # -- what the views must show (eng "View", "Views (Changsha)")
    def offer_view(self) -> dict[str, Any] | None:
        if self.phase != "claim":
            return None  # eng "Details": phase opening shows no offer
        claim = self.claim
        assert claim is not None
        out: dict[str, Any] = {
            "kind": claim["kind"],
            "seat": claim["seat"],
            "tile": None if claim["hidden"] else CODES[claim["tile"]],
        }
        if claim["kind"] == "open_kong":
            out["revealed"] = [CODES[t] for t in self.shown]
        return out

    def seat_view(self, s: int, viewer: int | None) -> dict[str, Any]:
        melds = []
        for kind, t, source in self.melds[s]:
            hidden = kind == "concealed_kong" and viewer != s
            tiles = None if hidden else meld_text(kind, t)
            melds.append({"kind": kind, "tiles": tiles, "from": source})
        entry: dict[str, Any] = {
            "seat": s,
            "hand_count": sum(self.hands[s]),
            "melds": melds,
            "discards": [{"tile": CODES[t], "claimed": c} for t, c in self.discards[s]],
            "flowers": [],
            "declared": False,  # no 報聽 in Changsha
            "locked": self.locked[s],
            "void": None,
            "raise": None,
            "revealed": [dict(r, wins=list(r["wins"])) for r in self.revealed[s]],
        }
        if s == viewer:
            entry["hand"] = codes_of(self.hands[s])
            in_turn = self.phase == "play" and self.turn == s and self.drawn is not None
            entry["drawn"] = CODES[self.drawn] if in_turn and self.drawn is not None else None
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
    if sim.phase == "play":
        # The oracle's two readings of the docs agree: its legal moves ("Legal moves")
        # are exactly the candidates its order of checks calls ok.
        p = f"s{sim.turn}:"
        cands = [f"{p}{a}={c}" for a in ("discard", "kong", "open_kong") for c in CODES]
        by_code = sorted(m for m in [*cands, p + "win", p + "mid"] if sim.code(m) == "ok")
        assert by_code == want, f"oracle: legal {want} but checks pass {by_code}"
    if sim.phase == "over":
        return
    for s in range(4):
        got = game.waits(s)
        assert got == sim.waits(s), f"waits({s}) {got}, the rules say {sim.waits(s)}"
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
