"""The mahjong game engine in plain Python: the readable reference of the rules.

One hand of any mahjong ruleset of the seeds (``common``: 大眾麻將 with its
flowers, 報聽 and the void-suit game 定缺; ``shaoyang``: 邵陽麻將 with its
舉手 raises, self-draw wins and robbable kongs; ``changsha``: 長沙麻將, whose
own rules are in ``changsha.py``), exactly as ``docs/mahjong-engine.md``
specifies it for every backend, clause by clause of the rules page (§N below
are the sections of the design folder's ``rules/mahjong.md``, which
``docs/mahjong.md`` restates). The C++
core (``core_cpp/src/mahjong/game_*.cpp``) must give identical answers:
tests/mahjong/test_game_parity.py plays thousands of seeded games through both.
Also compiled by Cython as ``pyyijing._cy.mahjong.engine``.

Input checking of walls and seats is the ``pyyijing.mahjong`` layer's; moves
are parsed here (a move is any text from a user).
"""

from __future__ import annotations

from typing import Any

from . import changsha as cs
from .config import Config
from .shapes import (
    is_regular,
    is_seven_pairs,
    is_thirteen_orphans,
    regular_waits,
    seven_pairs_waits,
    thirteen_orphans_waits,
)
from .tiles import CODE_IDS, CODES, FLOWER_BASE, KINDS, SUITS, parse_wall

# Phases.
VOID = 0
PLAY = 1
CLAIM = 2
OVER = 3
RAISE = 4
OPENING = 5
PHASE_NAMES = ("void", "play", "claim", "over", "raise", "opening")

# Meld kinds (docs/mahjong-engine.md "State words").
CHOW = 0
PUNG = 1
KONG = 2  # exposed, from a discard
ADDED_KONG = 3
CONCEALED_KONG = 4
MELD_NAMES = ("chow", "pung", "kong", "added_kong", "concealed_kong")
# The ledger reason of a kong's payment, by meld kind.
KONG_REASONS = {KONG: "exposed_kong", ADDED_KONG: "added_kong", CONCEALED_KONG: "concealed_kong"}

# What a claim offers the tile of.
OFFER_DISCARD = 0
OFFER_ROB = 1
OFFER_OPEN = 2  # Changsha: a tile an open kong revealed
OFFER_HAIDI = 3  # Changsha: the sea-bottom tile (to take, then to win on)
OFFER_NAMES = ("discard", "robbed_kong", "open_kong", "haidi")

# The actions of the notation; the last four are Changsha's.
ACTIONS_WITH_TILE = ("discard", "ready", "kong", "pung")
ACTIONS_BARE = ("win", "pass")
CHANGSHA_ACTIONS = ("opening", "mid", "open_kong", "haidi")


# Shaoyang's patterns (rules §6, in this order) and the unit each pays by category.
SHAOYANG_PATTERNS = ("平胡", "碰碰對", "清一色", "七巧對", "十三浪", "全風十三浪")


def _parse_tile(text: str) -> int:
    """Id 0..33 of a two-character code of a playing tile, or -1."""
    t = CODE_IDS.get(text, -1)
    return t if t < FLOWER_BASE else -1


def parse(move: str) -> tuple[str, int, str, int]:
    """``(code, seat, action, arg)``; code is "ok", "malformed" or "no_such_seat".

    `arg`: the tile id (discard/ready/kong/pung), the chow's lowest tile id,
    the suit 0..2 (void), the digit (raise), else -1.
    """
    # s<seat>: the seat is ASCII digits without a leading zero (as in Yi Jing Pai);
    # a number past 3 is no_such_seat once the action has parsed.
    colon = move.find(":")
    digits = move[1:colon] if colon > 1 and move[0] == "s" else ""
    if (
        not digits
        or not all("0" <= c <= "9" for c in digits)
        or (len(digits) > 1 and digits[0] == "0")
    ):
        return ("malformed", -1, "", -1)
    seat = ord(digits[0]) - 48 if len(digits) == 1 else 99  # any 2+ digit seat is >= 10
    body = move[colon + 1 :]
    action, eq, value = body.partition("=")
    arg = -1
    if action in ACTIONS_WITH_TILE or action == "open_kong":
        if not eq:
            return ("malformed", -1, "", -1)
        arg = _parse_tile(value)
        if arg < 0:
            return ("malformed", -1, "", -1)
    elif action == "chow":
        if (
            not eq
            or len(value) != 4
            or value[3] not in "mps"
            or not all("1" <= c <= "9" for c in value[:3])
        ):
            return ("malformed", -1, "", -1)
        arg = _chow_low(value)
    elif action == "void":
        if not eq or len(value) != 1 or value not in SUITS:
            return ("malformed", -1, "", -1)
        arg = SUITS.index(value)
    elif action == "raise":
        if not eq or len(value) != 1 or not ("0" <= value <= "9"):
            return ("malformed", -1, "", -1)
        arg = ord(value) - 48
    elif action in ACTIONS_BARE or action in ("opening", "mid", "haidi"):
        if eq:
            return ("malformed", -1, "", -1)
    else:
        return ("malformed", -1, "", -1)
    if seat >= 4:
        return ("no_such_seat", seat, action, arg)
    return ("ok", seat, action, arg)


def _chow_low(value: str) -> int:
    """The lowest tile id of ``XYZs`` if X, Y, Z are consecutive ascending, else -2."""
    a = ord(value[0]) - 48
    if ord(value[1]) - 48 != a + 1 or ord(value[2]) - 48 != a + 2:
        return -2
    return SUITS.index(value[3]) * 9 + a - 1


def chow_text(low: int) -> str:
    n = low % 9 + 1
    return f"{n}{n + 1}{n + 2}{SUITS[low // 9]}"


def suit_of(tile: int) -> int:
    """0, 1, 2 for m, p, s; 3 for an honour."""
    return tile // 9 if tile < 27 else 3


def shaoyang_unit(patterns: list[str]) -> int:
    """The coins of one payment before the factors: the highest category only (§6)."""
    if "十三浪" in patterns or "全風十三浪" in patterns:
        return 24
    if "碰碰對" in patterns or "清一色" in patterns or "七巧對" in patterns:
        return 8
    return 2


class GameCore:
    """One hand: the state and the rules (docs/mahjong-engine.md "GameCore")."""

    def __init__(self, config: Config, wall: str, dealer: int) -> None:
        if not isinstance(config, Config):
            raise TypeError(f"config must be a mahjong Config; got {type(config).__name__}")
        self.flowers_on = config.flowers
        self.void_game = config.void_suit
        self.shaoyang = config.ruleset == "shaoyang"
        self.changsha = config.ruleset == "changsha"
        self.birds = config.birds
        self.bird_scoring = config.bird_scoring
        self.compound = config.compound
        self.cap = config.cap
        self.floats = config.floats
        self.opening_extras = config.opening_extras
        self.opening_reuse = config.opening_reuse
        self.mid_on = self.changsha and config.mid_game_wins
        self.pass_lock_on = self.changsha and config.pass_lock
        # 報聽 is common's, and off in the void-suit game whatever declare_ready says (§11).
        self.ready_on = config.ruleset == "common" and config.declare_ready and not config.void_suit
        self.wall_codes = wall
        self.wall_ids = parse_wall(wall)
        self.head = 0
        self.tail = len(self.wall_ids)
        self.dealer_seat = dealer
        self.hands: list[list[int]] = [[0] * KINDS for _ in range(4)]
        self.melds: list[list[list[int]]] = [[], [], [], []]  # [kind, tile, from seat or -1]
        self.discards: list[list[list[int]]] = [[], [], [], []]  # [tile, claimed 0/1]
        self.flowers: list[list[int]] = [[], [], [], []]
        self.declared = [False, False, False, False]
        self.void = [-1, -1, -1, -1]
        self.raises = [-1, -1, -1, -1]  # Shaoyang 舉手: K once answered
        self.last_taker_seat = -1  # the last seat to take a tile from the wall (not the deal)
        # Shaoyang 放槓上花: the discarder whose tile the turn seat konged, while the
        # turn seat holds that kong's replacement and has not moved since; else -1.
        self.fed_by = -1
        # Changsha: the dealt tiles, the kinds declarations used, what they revealed, the
        # open-kong lock, 過手, the seats still to answer the opening offer.
        self.dealt: list[list[int]] = []
        self.used: list[set[int]] = [set(), set(), set(), set()]
        self.revealed: list[list[dict[str, Any]]] = [[], [], [], []]
        self.locked = [False, False, False, False]
        self.pass_locked = [False, False, False, False]
        self.opening_seats: list[int] = []
        self.open_tiles: list[int] = []  # revealed open-kong tiles still to be offered
        # The tiles the open kong revealed, while they lie face up off the wall and out
        # of the discards (on offer, or the hand ended on them).
        self.open_shown: list[int] = []
        self.haidi_taken = False
        self.open_pending = False  # an added open kong waits for its robbing offers
        self.ph = PLAY
        self.turn = dealer
        self.drawn = -1
        self.claimed_turn = False
        self.offers: list[tuple[int, list[str]]] = []
        self.offer_i = 0
        self.offer_kind = OFFER_DISCARD
        self.offer_tile = -1
        self.offer_from = -1
        self.rob_meld = KONG  # the kind of kong on a robbing offer
        self.history: list[str] = []
        self.ledger: list[tuple[str, int, int, int]] = []
        self.res: dict[str, Any] | None = None
        self._deal()

    # ------------------------------------------------------------------ deal
    def _deal(self) -> None:
        """§1: three rounds of 4 from the dealer counterclockwise, then 2 + 1 + 1 + 1."""
        dealt_flowers = [0, 0, 0, 0]
        for rnd in range(4):
            for k in range(4):
                seat = (self.dealer_seat + k) % 4
                n = 4 if rnd < 3 else (2 if k == 0 else 1)
                for _ in range(n):
                    t = self.wall_ids[self.head]
                    self.head += 1
                    if t >= FLOWER_BASE:
                        self.flowers[seat].append(t)
                        dealt_flowers[seat] += 1
                    else:
                        self.hands[seat][t] += 1
        # §1: from the dealer counterclockwise, each seat replaces its flowers from
        # the back until it holds none, before the next seat does.
        for k in range(4):
            seat = (self.dealer_seat + k) % 4
            for _ in range(dealt_flowers[seat]):
                if not self._replace(seat):
                    return
        self.drawn = -1  # the dealer's first turn has no drawn tile (§10 win_tile)
        self.last_taker_seat = -1  # the deal's flower replacements are not takes
        self.ph = RAISE if self.shaoyang else VOID if self.void_game else PLAY
        if self.changsha:
            self.dealt = [list(h) for h in self.hands]
            # 起手胡 (§7): offered from the dealer counterclockwise to each seat that has one.
            self.opening_seats = [
                (self.dealer_seat + k) % 4
                for k in range(4)
                if self._opening_of((self.dealer_seat + k) % 4)[0]
            ]
            if self.opening_seats:
                self.ph = OPENING

    # ------------------------------------------------------------ the wall
    def _replace(self, seat: int) -> bool:
        """One tile from the back for `seat`; flowers set aside and replaced again (§1).

        False when the live wall ran out: the hand has ended drawn (§10).
        """
        while True:
            if self.head == self.tail:
                self._end_draw()
                return False
            self.tail -= 1
            self.last_taker_seat = seat
            self.pass_locked[seat] = False  # 過手 ends with a tile from the wall (§11)
            t = self.wall_ids[self.tail]
            if t >= FLOWER_BASE:
                self.flowers[seat].append(t)
                continue
            self.hands[seat][t] += 1
            self.drawn = t
            return True

    def _draw(self, seat: int) -> None:
        """The start of `seat`'s turn (§2): a draw from the front, or the drawn hand;
        in Changsha the last tile is the sea bottom, offered to the ready seats (§7)."""
        if self.head == self.tail:
            self._end_draw()
            return
        if self.changsha and self.tail - self.head == 1:
            self._offer_haidi(seat)
            return
        t = self.wall_ids[self.head]
        self.head += 1
        self.last_taker_seat = seat
        self.pass_locked[seat] = False
        self.ph = PLAY
        self.turn = seat
        self.claimed_turn = False
        if t >= FLOWER_BASE:
            self.flowers[seat].append(t)
            self._replace(seat)
            return
        self.hands[seat][t] += 1
        self.drawn = t

    # ------------------------------------------------------------ hands
    def _holds_void(self, seat: int) -> bool:
        v = self.void[seat]
        if v < 0:
            return False
        h = self.hands[seat]
        return any(h[t] for t in range(v * 9, v * 9 + 9))

    def _wins(self, seat: int, counts: list[int], on_other: bool = False) -> bool:
        """Do these 3k+2 concealed tiles win for `seat` (§3, §5-§7)? `on_other`: the last
        tile is another seat's (Changsha's 全求人)."""
        if self.changsha:
            return bool(self._cs_patterns(seat, counts, on_other))
        v = self.void[seat]
        if v >= 0:
            for t in range(v * 9, v * 9 + 9):
                if counts[t]:
                    return False  # a hand holding its void suit never wins (§5)
        if is_regular(counts):
            return True
        if self.melds[seat]:
            return False
        return is_seven_pairs(counts) or (self.shaoyang and is_thirteen_orphans(counts))

    def _wins_with(self, seat: int, tile: int, on_other: bool = True) -> bool:
        h = self.hands[seat]
        h[tile] += 1
        ok = self._wins(seat, h, on_other)
        h[tile] -= 1
        return ok

    def _total(self, seat: int, counts: list[int]) -> list[int]:
        """Counts of the concealed tiles `counts` plus every meld's tiles of `seat`."""
        total = list(counts)
        for kind, t, _ in self.melds[seat]:
            if kind == CHOW:
                total[t] += 1
                total[t + 1] += 1
                total[t + 2] += 1
            else:
                total[t] += 3 if kind == PUNG else 4
        return total

    def _cs_patterns(self, seat: int, counts: list[int], on_other: bool) -> list[str]:
        """Changsha's small win and hand elements of these concealed tiles (§7)."""
        melds = self.melds[seat]
        return cs.hand_patterns(
            counts,
            self._total(seat, counts),
            len(melds),
            any(kind == CHOW for kind, _, _ in melds),
            sum(1 for kind, _, _ in melds if kind != CONCEALED_KONG),
            on_other,
        )

    def _opening_of(self, seat: int) -> tuple[list[str], list[int]]:
        return cs.opening_wins(self.dealt[seat], self.opening_extras, self.opening_reuse)

    def _mid_of(self, seat: int) -> tuple[list[str], list[int], list[int]]:
        return cs.mid_wins(self.hands[seat], self.used[seat], self.dealt[seat], self.opening_reuse)

    def _own_copies(self, seat: int, tile: int) -> int:
        n = self.hands[seat][tile]
        for kind, t, _ in self.melds[seat]:
            if kind == CHOW:
                if t <= tile <= t + 2:
                    n += 1
            elif t == tile:
                n += 3 if kind == PUNG else 4
        return n

    def _hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def _waits_mask(self, seat: int) -> int:
        """The kinds that win for `seat`'s 13 - 3k tiles (§3); 0 for 14 - 3k tiles.

        The same set as "every kind t with `_wins_with(seat, t)` and fewer than
        four own copies", computed group by group (`regular_waits`).
        """
        h = self.hands[seat]
        if sum(h) + 3 * len(self.melds[seat]) != 13:
            return 0
        if self.changsha:  # on another seat's tile, 全求人 included (§11); no honours
            mask = 0
            for t in range(27):
                if self._own_copies(seat, t) < 4 and self._wins_with(seat, t, True):
                    mask |= 1 << t
            return mask
        v = self.void[seat]
        if v >= 0 and self._holds_void(seat):
            return 0  # it would still hold its void suit: never a win (§5)
        mask = regular_waits(h)
        if not self.melds[seat]:
            mask |= seven_pairs_waits(h)
            if self.shaoyang:
                mask |= thirteen_orphans_waits(h)
        if v >= 0:
            mask &= ~(0x1FF << (v * 9))
        if self.melds[seat]:
            for t in range(KINDS):
                if mask >> t & 1 and self._own_copies(seat, t) >= 4:
                    mask &= ~(1 << t)  # a fifth copy of a kind (with its pung) is no wait
        return mask

    def _chows(self, seat: int, tile: int) -> list[int]:
        """Lowest tiles of the runs containing `tile` whose other two `seat` holds."""
        if tile >= 27:
            return []
        h = self.hands[seat]
        n = tile % 9
        out = []
        for low in (tile - 2, tile - 1, tile):
            ln = n - (tile - low)
            if ln < 0 or ln > 6:
                continue
            if all(h[x] > 0 for x in (low, low + 1, low + 2) if x != tile):
                out.append(low)
        return out

    # ------------------------------------------------------------ moves
    def _kong_legal(self, seat: int, t: int) -> bool:
        h = self.hands[seat]
        return self.head < self.tail and (h[t] == 4 or (h[t] > 0 and self._has_pung(seat, t)))

    def _ready_after_kong(self, seat: int, t: int, exposed: bool) -> bool:
        """Would `seat`'s hand be ready once it konged `t` (開槓 needs it, §7)? `exposed`:
        a kong of a discard (three concealed)."""
        h = self.hands[seat]
        melds = self.melds[seat]
        added = None
        if exposed:
            take, meld = 3, [KONG, t, -1]
        elif h[t] == 4:
            take, meld = 4, [CONCEALED_KONG, t, -1]
        else:  # added: the pung becomes a kong (its four copies are no wait, §3)
            take, meld = 1, None
            added = next(m for m in melds if m[0] == PUNG and m[1] == t)
            added[0] = ADDED_KONG
        h[t] -= take
        if meld is not None:
            melds.append(meld)
        ready = self._waits_mask(seat) != 0
        if meld is not None:
            melds.pop()
        if added is not None:
            added[0] = PUNG
        h[t] += take
        return ready

    def _cs_turn_moves(self) -> list[str]:
        """Changsha in turn (§7): an open-kong locked seat may only win, discard the tile
        it drew, or kong / open-kong that tile."""
        seat = self.turn
        p = f"s{seat}:"
        h = self.hands[seat]
        out: list[str] = []
        if self.locked[seat]:
            kinds = [self.drawn] if self.drawn >= 0 else []
        else:
            kinds = [t for t in range(27) if h[t]]
        for t in kinds:
            out.append(p + "discard=" + CODES[t])
        if not self.claimed_turn:
            for t in kinds:
                if self._kong_legal(seat, t):
                    out.append(p + "kong=" + CODES[t])
                    if self._ready_after_kong(seat, t, False):
                        out.append(p + "open_kong=" + CODES[t])
            if self.mid_on and not self.locked[seat] and self._mid_of(seat)[0]:
                out.append(p + "mid")
            if self._wins(seat, h):
                out.append(p + "win")
        return sorted(out)

    def _turn_moves(self) -> list[str]:
        if self.changsha:
            return self._cs_turn_moves()
        seat = self.turn
        p = f"s{seat}:"
        h = self.hands[seat]
        out: list[str] = []
        if self.declared[seat]:
            out.append(p + "discard=" + CODES[self.drawn])
            if self._wins(seat, h):
                out.append(p + "win")
            return sorted(out)
        void_first = self._holds_void(seat)
        v = self.void[seat]
        for t in range(KINDS):
            if h[t] and (not void_first or suit_of(t) == v):
                out.append(p + "discard=" + CODES[t])
                if self.ready_on and not self.declared[seat]:
                    h[t] -= 1
                    ready = self._waits_mask(seat) != 0
                    h[t] += 1
                    if ready:
                        out.append(p + "ready=" + CODES[t])
        if not self.claimed_turn:
            if self.head < self.tail:
                for t in range(KINDS):
                    if suit_of(t) == v:
                        continue
                    if h[t] == 4 or (h[t] and self._has_pung(seat, t)):
                        out.append(p + "kong=" + CODES[t])
            if self._wins(seat, h):
                out.append(p + "win")
        return sorted(out)

    def _has_pung(self, seat: int, tile: int) -> bool:
        return any(kind == PUNG and t == tile for kind, t, _ in self.melds[seat])

    def legal_moves(self, seat: int) -> list[str]:
        if self.ph == OVER:
            return []
        if self.ph == VOID:
            seats = [s for s in range(4) if self.void[s] < 0 and (seat < 0 or s == seat)]
            return sorted(f"s{s}:void={x}" for s in seats for x in SUITS)
        if self.ph == RAISE:
            seats = [s for s in range(4) if self.raises[s] < 0 and (seat < 0 or s == seat)]
            return sorted(f"s{s}:raise={k}" for s in seats for k in range(4))
        if self.ph == OPENING:
            s = self.opening_seats[0]
            return [] if seat >= 0 and seat != s else [f"s{s}:opening", f"s{s}:pass"]
        if self.ph == PLAY:
            if seat >= 0 and seat != self.turn:
                return []
            return self._turn_moves()
        offered, moves = self.offers[self.offer_i]
        if seat >= 0 and seat != offered:
            return []
        return sorted([*moves, f"s{offered}:pass"])

    def to_act(self) -> list[int]:
        if self.ph == OVER:
            return []
        if self.ph == VOID:
            return [s for s in range(4) if self.void[s] < 0]
        if self.ph == RAISE:
            return [s for s in range(4) if self.raises[s] < 0]
        if self.ph == OPENING:
            return [self.opening_seats[0]]
        if self.ph == PLAY:
            return [self.turn]
        return [self.offers[self.offer_i][0]]

    def check(self, move: str) -> tuple[str, str]:
        if not isinstance(move, str):
            raise TypeError(f"a move is a str; got {type(move).__name__}")
        code, seat, action, arg = parse(move)
        if code != "ok":
            return (code, "")
        return (self._check(move, seat, action, arg), "")

    def _check(self, move: str, seat: int, action: str, arg: int) -> str:
        phase = self.ph
        if phase == OVER:
            return "game_over"
        if (
            (action in CHANGSHA_ACTIONS and not self.changsha)
            or (action == "mid" and not self.mid_on and self.changsha)
            or (action == "raise" and not self.shaoyang)
            or (action == "void" and not self.void_game)
            or (action == "ready" and not self.ready_on)
            or (action == "chow" and self.void_game)
        ):
            return "not_in_rules"
        if phase == RAISE:
            if action != "raise":
                return "wrong_phase"
            if self.raises[seat] >= 0:
                return "already_raised"
            return "raise_too_high" if arg > 3 else "ok"
        if phase == VOID:
            if action != "void":
                return "wrong_phase"
            return "already_chosen" if self.void[seat] >= 0 else "ok"
        if phase == OPENING:
            if action not in ("opening", "pass"):
                return "wrong_phase"
            return "ok" if seat == self.opening_seats[0] else "not_your_turn"
        if action in ("void", "raise", "opening"):
            return "wrong_phase"
        if action in ("discard", "ready", "mid") and phase != PLAY:
            return "wrong_phase"
        if action in ("pung", "chow", "pass", "haidi") and phase != CLAIM:
            return "wrong_phase"
        if seat not in self.to_act():
            return "not_your_turn"
        if phase == CLAIM:
            if move in self.offers[self.offer_i][1] or action == "pass":
                return "ok"
            # win, pung, kong, chow; an open kong is a kong, haidi its own
            return "cannot_kong" if action == "open_kong" else "cannot_" + action
        if self.changsha:
            return self._cs_check_play(seat, action, arg)
        h = self.hands[seat]
        if action in ("discard", "ready"):
            if not h[arg]:
                return "tile_not_held"
            if self.declared[seat] and arg != self.drawn:
                return "hand_locked"
            if self._holds_void(seat) and suit_of(arg) != self.void[seat]:
                return "void_suit_first"
            if action == "ready":
                if self.declared[seat]:
                    return "already_declared"
                h[arg] -= 1
                ready = self._waits_mask(seat) != 0
                h[arg] += 1
                if not ready:
                    return "not_ready"
            return "ok"
        if action == "kong":
            if self.claimed_turn:
                return "must_discard"
            if self.declared[seat]:
                return "hand_locked"
            if not (h[arg] == 4 or (h[arg] and self._has_pung(seat, arg))):
                return "cannot_kong"
            if suit_of(arg) == self.void[seat]:
                return "void_suit"
            if self.head == self.tail:
                return "wall_empty"
            return "ok"
        # win
        if self.claimed_turn:
            return "must_discard"
        return "ok" if self._wins(seat, h) else "cannot_win"

    def _cs_check_play(self, seat: int, action: str, arg: int) -> str:
        """Changsha, the seat in turn (docs "Moves and checks added")."""
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
            return "ok" if self._mid_of(seat)[0] else "cannot_declare"
        if action in ("kong", "open_kong"):
            if locked and arg != self.drawn:
                return "hand_locked"
            if not (h[arg] == 4 or (h[arg] and self._has_pung(seat, arg))):
                return "cannot_kong"
            if self.head == self.tail:
                return "wall_empty"
            if action == "open_kong" and not self._ready_after_kong(seat, arg, False):
                return "not_ready"
            return "ok"
        return "ok" if self._wins(seat, h) else "cannot_win"

    def apply(self, move: str) -> tuple[str, str]:
        verdict = self.check(move)
        if verdict[0] == "ok":
            _, seat, action, arg = parse(move)
            self.history.append(move)
            self._apply(seat, action, arg)
        return verdict

    def apply_each(self, moves: list[str]) -> list[tuple[str, str]]:
        for m in moves:
            if not isinstance(m, str):
                raise TypeError(f"a move is a str; got {type(m).__name__}")
        return [self.apply(m) for m in moves]

    def apply_all(self, moves: list[str]) -> tuple[int, str, str]:
        for m in moves:
            if not isinstance(m, str):
                raise TypeError(f"a move is a str; got {type(m).__name__}")
        for i, m in enumerate(moves):
            code, message = self.apply(m)
            if code != "ok":
                return (i, code, message)
        return (-1, "ok", "")

    # ------------------------------------------------------------ applying
    def _apply(self, seat: int, action: str, arg: int) -> None:
        if action == "void":
            self.void[seat] = arg
            if all(v >= 0 for v in self.void):
                self.ph = PLAY
            return
        if action == "raise":
            self.raises[seat] = arg
            if all(k >= 0 for k in self.raises):
                self.ph = PLAY  # the dealer in turn with its dealt 14 (§6)
            return
        fed_by = self.fed_by
        self.fed_by = -1  # 放槓上花 only on the replacement itself, before any other move
        if self.ph == OPENING:
            if action == "opening":
                wins, used = self._opening_of(seat)
                self._declare(seat, "opening", wins, used, self.hands[seat])
            self.opening_seats.pop(0)
            if not self.opening_seats:
                self.ph = PLAY  # the dealer in turn with its dealt 14
            return
        if self.ph == CLAIM:
            self._answer(seat, action, arg)
            return
        h = self.hands[seat]
        if action == "mid":
            wins, used, shown = self._mid_of(seat)
            counts = [0] * KINDS
            for t in shown:
                counts[t] += 1
            self._declare(seat, "mid", wins, used, counts)
            return
        if action == "open_kong":
            self.drawn = -1
            if h[arg] == 4:
                h[arg] = 0
                self.melds[seat].append([CONCEALED_KONG, arg, -1])
                self._open_reveal(seat)
            else:
                h[arg] -= 1
                for m in self.melds[seat]:
                    if m[0] == PUNG and m[1] == arg:
                        m[0] = ADDED_KONG
                self.open_pending = True  # robbed first, then revealed (§7)
                self._offer_rob(seat, arg, ADDED_KONG)
            return
        if action == "discard" or action == "ready":
            h[arg] -= 1
            if action == "ready":
                self.declared[seat] = True
            self.discards[seat].append([arg, 0])
            self.drawn = -1
            self.claimed_turn = False
            self._offer_discard(seat, arg)
        elif action == "kong":
            if h[arg] == 4:
                h[arg] = 0
                self.melds[seat].append([CONCEALED_KONG, arg, -1])
                if self.shaoyang:
                    self._offer_rob(seat, arg, CONCEALED_KONG)  # only 十三浪 may rob it (§6)
                else:
                    if not self.changsha:  # Changsha pays no kongs (§7)
                        self._pay_each("concealed_kong", seat, 1)
                    self._replace_after_kong(seat)
            else:
                h[arg] -= 1
                for m in self.melds[seat]:
                    if m[0] == PUNG and m[1] == arg:
                        m[0] = ADDED_KONG
                self._offer_rob(seat, arg, ADDED_KONG)
        else:  # win by the seat in turn: always a self-draw (§10)
            self._win(seat, "self_draw", fed_by if fed_by >= 0 else None, self.drawn)

    def _offer_discard(self, discarder: int, tile: int) -> None:
        """§2 claims on a discard: 胡 from the next seat on, then pung/kong, then chow."""
        offers: list[tuple[int, list[str]]] = []
        if not self.shaoyang:  # Shaoyang: never a win on a discard (§6)
            for k in (1, 2, 3):
                s = (discarder + k) % 4
                if not self.pass_locked[s] and self._wins_with(s, tile):
                    offers.append((s, [f"s{s}:win"]))
        nxt = (discarder + 1) % 4
        code = CODES[tile]
        pung_seat = -1
        for k in (1, 2, 3):
            s = (discarder + k) % 4
            if self.hands[s][tile] >= 2:
                pung_seat = s
        if (
            pung_seat >= 0
            and not self.declared[pung_seat]
            and not self.locked[pung_seat]
            and suit_of(tile) != self.void[pung_seat]
        ):
            s = pung_seat
            moves = [f"s{s}:pung={code}"]
            if self.hands[s][tile] == 3 and self.head < self.tail:
                moves.append(f"s{s}:kong={code}")
                if self.changsha and self._ready_after_kong(s, tile, True):
                    moves.append(f"s{s}:open_kong={code}")
            if s == nxt and not self.void_game:
                moves.extend(f"s{s}:chow={chow_text(low)}" for low in self._chows(s, tile))
            offers.append((s, moves))
        if (
            pung_seat != nxt
            and not self.void_game
            and not self.declared[nxt]
            and not self.locked[nxt]
        ):
            chows = self._chows(nxt, tile)
            if chows:
                offers.append((nxt, [f"s{nxt}:chow={chow_text(low)}" for low in chows]))
        self._start_claim(OFFER_DISCARD, discarder, tile, offers)

    def _offer_rob(self, konger: int, tile: int, meld: int) -> None:
        """§4: a robbable kong's tile is offered with 胡 before the replacement.

        Common robs added kongs only; Shaoyang every kong, a concealed one only
        with 十三浪 or 全風十三浪 (§6).
        """
        offers: list[tuple[int, list[str]]] = []
        for k in (1, 2, 3):
            s = (konger + k) % 4
            if self.pass_locked[s] or not self._wins_with(s, tile):
                continue
            if meld == CONCEALED_KONG:
                names = self._patterns_with(s, tile)
                if "十三浪" not in names and "全風十三浪" not in names:
                    continue
            offers.append((s, [f"s{s}:win"]))
        self.rob_meld = meld
        self._start_claim(OFFER_ROB, konger, tile, offers)

    def _start_claim(
        self, kind: int, source: int, tile: int, offers: list[tuple[int, list[str]]]
    ) -> None:
        self.offer_kind = kind
        self.offer_from = source
        self.offer_tile = tile
        self.offers = offers
        self.offer_i = 0
        if offers:
            self.ph = CLAIM
        else:
            self._claims_done()

    def _claims_done(self) -> None:
        """Every offered seat passed: the kong stands, or the next seat draws."""
        self.offers = []
        if self.offer_kind == OFFER_OPEN:
            self._offer_open_next(self.offer_from)
        elif self.offer_kind == OFFER_HAIDI:
            self._end_draw()  # nobody took the sea bottom, or nobody won on it (§7)
        elif self.offer_kind == OFFER_ROB and self.open_pending:
            self.open_pending = False
            self._open_reveal(self.offer_from)
        elif self.offer_kind == OFFER_ROB and self.changsha:
            self._replace_after_kong(self.offer_from)
        elif self.offer_kind == OFFER_ROB:
            konger = self.offer_from
            self._pay_each(KONG_REASONS[self.rob_meld], konger, 1)
            self._replace_after_kong(konger)
            if self.rob_meld == KONG and self.ph == PLAY:
                # the konged tile's discarder feeds this replacement (放槓上花, §6)
                self.fed_by = self.melds[konger][-1][2]
        else:
            self._draw((self.offer_from + 1) % 4)

    def _answer(self, seat: int, action: str, arg: int) -> None:
        tile = self.offer_tile
        source = self.offer_from
        if action == "pass":
            if self.pass_lock_on and f"s{seat}:win" in self.offers[self.offer_i][1]:
                self.pass_locked[seat] = True  # 過手 (§7)
            self.offer_i += 1
            if self.offer_i == len(self.offers):
                self._claims_done()
            return
        if action == "haidi":
            self._take_haidi(seat)
            return
        if action == "win":
            if self.offer_kind == OFFER_ROB:
                self._undo_kong(source, tile)
                self._win(seat, "robbed_kong", source, tile, ["搶槓"] if self.changsha else [])
            elif self.offer_kind == OFFER_OPEN:
                self._win(seat, "discard", source, tile, ["槓上炮"])
            elif self.offer_kind == OFFER_HAIDI:
                self._win(seat, "discard", source, tile, ["海底炮"])
            else:
                self._win(seat, "discard", source, tile)
            return
        self.offers = []
        self.discards[source][-1][1] = 1
        h = self.hands[seat]
        if action == "chow":
            for x in (arg, arg + 1, arg + 2):
                if x != tile:
                    h[x] -= 1
            self.melds[seat].append([CHOW, arg, source])
        elif action == "pung":
            h[tile] -= 2
            self.melds[seat].append([PUNG, tile, source])
        else:  # exposed kong (or open kong)
            h[tile] -= 3
            self.melds[seat].append([KONG, tile, source])
            if self.shaoyang:
                self._offer_rob(seat, tile, KONG)  # seed 002's 一萬 example (§6)
                return
            if action == "open_kong":
                self._open_reveal(seat)
                return
            if not self.changsha:  # Changsha pays no kongs (§7)
                self.ledger.append(("exposed_kong", source, seat, 1))
            self._replace_after_kong(seat)
            return
        self.ph = PLAY
        self.turn = seat
        self.drawn = -1
        self.claimed_turn = True

    # ------------------------------------------------------------ Changsha flows
    def _declare(
        self, seat: int, when: str, wins: list[str], used: list[int], counts: list[int]
    ) -> None:
        """An opening or mid-game declaration (§7): each win paid as a self-drawn small
        win (the dealer's 2), floats added, no birds; the kinds it used are spent."""
        for _ in wins:
            for k in (1, 2, 3):
                p = (seat + k) % 4
                base = 2 if self.dealer_seat in (seat, p) else 1
                self.ledger.append((when, p, seat, base + self.floats[seat] + self.floats[p]))
        self.used[seat].update(used)
        tiles = "".join(CODES[t] * counts[t] for t in range(KINDS) if counts[t])
        self.revealed[seat].append({"when": when, "wins": list(wins), "tiles": tiles})

    def _open_reveal(self, konger: int) -> None:
        """開槓 (§7): the live wall's last two tiles (one if one is left), back-most first;
        the konger wins on the first that completes its hand (槓上開花), else each is offered
        to the others (槓上炮)."""
        n = min(2, self.tail - self.head)
        shown = []
        for _ in range(n):
            self.tail -= 1
            shown.append(self.wall_ids[self.tail])
        self.open_shown = shown
        for t in shown:
            if self._wins_with(konger, t, False):
                self.hands[konger][t] += 1
                self._win(konger, "self_draw", None, t, ["槓上開花"])
                return
        self.open_tiles = list(shown)
        self._offer_open_next(konger)

    def _offer_open_next(self, konger: int) -> None:
        while self.open_tiles:
            t = self.open_tiles.pop(0)
            offers = [
                (s, [f"s{s}:win"])
                for s in ((konger + k) % 4 for k in (1, 2, 3))
                if not self.pass_locked[s] and self._wins_with(s, t, True)
            ]
            if offers:
                self._start_claim(OFFER_OPEN, konger, t, offers)
                return
        # Nobody won: the tiles lie in the konger's discards, its hand is locked (§7).
        for t in self.open_shown:
            self.discards[konger].append([t, 0])
        self.open_shown = []  # seen as discards from now on
        self.locked[konger] = True
        self._draw((konger + 1) % 4)

    def _offer_haidi(self, seat: int) -> None:
        """海底 (§7): the last tile, to each ready seat from `seat` round all four."""
        offers = [
            (s, [f"s{s}:haidi"])
            for s in ((seat + k) % 4 for k in range(4))
            if self._waits_mask(s) != 0
        ]
        self.haidi_taken = False
        if not offers:
            self._end_draw()
            return
        self._start_claim(OFFER_HAIDI, seat, self.wall_ids[self.head], offers)

    def _take_haidi(self, seat: int) -> None:
        t = self.wall_ids[self.head]
        self.head += 1
        self.last_taker_seat = seat
        self.pass_locked[seat] = False
        self.haidi_taken = True
        h = self.hands[seat]
        h[t] += 1
        if self._wins(seat, h, False):
            self._win(seat, "self_draw", None, t, ["海底撈月"])
            return
        h[t] -= 1
        self.discards[seat].append([t, 0])
        offers = [
            (s, [f"s{s}:win"])
            for s in ((seat + k) % 4 for k in (1, 2, 3))
            if not self.pass_locked[s] and self._wins_with(s, t, True)
        ]
        self._start_claim(OFFER_HAIDI, seat, t, offers)

    def _undo_kong(self, konger: int, tile: int) -> None:
        """§11: a robbed kong never happened: its tiles go back to the konger's hand."""
        melds = self.melds[konger]
        if self.rob_meld == ADDED_KONG:
            for m in melds:
                if m[0] == ADDED_KONG and m[1] == tile:
                    m[0] = PUNG
            self.hands[konger][tile] += 1
            return
        _, _, discarder = melds.pop()  # the exposed or concealed kong just made
        if self.rob_meld == KONG:
            self.hands[konger][tile] += 3
            self.discards[discarder][-1][1] = 0  # the discard was never claimed
        else:
            self.hands[konger][tile] += 4

    def _replace_after_kong(self, seat: int) -> None:
        self.ph = PLAY
        self.turn = seat
        self.claimed_turn = False
        self._replace(seat)

    # ------------------------------------------------------------ results
    def _factor(self, seat: int) -> int:
        """Shaoyang's 2^raises (§6); 1 in the other rulesets."""
        return 1 << self.raises[seat] if self.shaoyang else 1

    def _pay_each(self, reason: str, payee: int, amount: int) -> None:
        """Each other seat pays `payee` amount × the factors, from payee's next seat."""
        fp = self._factor(payee)
        for k in (1, 2, 3):
            p = (payee + k) % 4
            self.ledger.append((reason, p, payee, amount * fp * self._factor(p)))

    def _win(
        self,
        winner: int,
        kind: str,
        payer: int | None,
        tile: int,
        situational: list[str] | None = None,
    ) -> None:
        """§5 / §6 / §7 payments of a win; `payer` pays alone (discard, robbed kong,
        放槓上花; Changsha's 槓上炮 and 海底炮); `situational`: Changsha's elements of how
        the hand was won (the win tile is in the hand for a self-draw)."""
        if self.changsha:
            self._changsha_win(winner, kind, payer, tile, situational or [])
            return
        if self.shaoyang:
            self._shaoyang_win(winner, kind, payer, tile)
            return
        if payer is None:
            self._pay_each("self_draw", winner, 1)
        else:
            self.ledger.append((kind if kind == "robbed_kong" else "discard", payer, winner, 1))
        if self.declared[winner]:
            self._pay_each("ready_bonus", winner, 1)
        h = self.hands[winner]
        if kind != "self_draw":
            h[tile] += 1
        patterns = []
        if is_regular(h):
            patterns.append("regular")
        if not self.melds[winner] and is_seven_pairs(h):
            patterns.append("seven_pairs")
        if kind != "self_draw":
            h[tile] -= 1
        self._finish(kind, winner, payer, CODES[tile] if tile >= 0 else None, patterns)

    def _patterns_with(self, seat: int, tile: int) -> list[str]:
        """The Shaoyang patterns (§6) of `seat`'s hand with `tile` added (-1: as it is)."""
        h = self.hands[seat]
        if tile >= 0:
            h[tile] += 1
        melds = self.melds[seat]
        total = list(h)
        for kind, t, _ in melds:
            if kind == CHOW:
                total[t] += 1
                total[t + 1] += 1
                total[t + 2] += 1
            else:
                total[t] += 3 if kind == PUNG else 4
        suits = {suit_of(t) for t in range(KINDS) if total[t]}
        regular = is_regular(h)
        seven = not melds and is_seven_pairs(h)
        names = []
        if regular:
            names.append("平胡")
            if all(kind != CHOW for kind, _, _ in melds) and (
                all(c in (0, 2, 3) for c in h) and h.count(2) == 1
            ):
                names.append("碰碰對")
        if (regular or seven) and len(suits) == 1 and 3 not in suits:
            names.append("清一色")
        if seven:
            names.append("七巧對")
        if not melds and is_thirteen_orphans(h):
            names.append("十三浪")
        if regular and suits == {3}:
            names.append("全風十三浪")
        if tile >= 0:
            h[tile] -= 1
        return names

    def _shaoyang_win(self, winner: int, kind: str, payer: int | None, tile: int) -> None:
        """§6: unit × 2^raises of the winner × 2^raises of the payer; one payer pays all three."""
        names = self._patterns_with(winner, tile if kind != "self_draw" else -1)
        unit = shaoyang_unit(names)
        fw = self._factor(winner)
        if payer is None:
            self._pay_each("self_draw", winner, unit)
        else:
            # 被搶槓 / 放槓上花: the whole self-draw total, by the robbed seat / the feeder
            total = sum(unit * fw * self._factor((winner + k) % 4) for k in (1, 2, 3))
            reason = "robbed_kong" if kind == "robbed_kong" else "kong_bloom"
            self.ledger.append((reason, payer, winner, total))
        self._finish(kind, winner, payer, CODES[tile] if tile >= 0 else None, names)

    def _changsha_win(
        self, winner: int, kind: str, payer: int | None, tile: int, situational: list[str]
    ) -> None:
        """§7: small 1 / big 6 per unit (the dealer's 2 / 7), compound and cap, then the
        birds, then the floats; the discarder (or konger, or taker) pays alone."""
        h = self.hands[winner]
        if kind != "self_draw":
            h[tile] += 1
        names = self._cs_patterns(winner, h, kind != "self_draw")
        if kind != "self_draw":
            h[tile] -= 1
        names = [n for n in cs.PATTERNS if n in names or n in situational]
        big = cs.units(names)
        birds = self.wall_ids[self.head : self.head + min(self.birds, self.tail - self.head)]
        hits = [0, 0, 0, 0]
        for t in birds:
            hits[cs.bird_seat(winner, t)] += 1
        payers = [payer] if payer is not None else [(winner + k) % 4 for k in (1, 2, 3)]
        reason = "robbed_kong" if kind == "robbed_kong" else kind
        for p in payers:
            amount = cs.win_amount(big, self.dealer_seat in (winner, p), self.compound, self.cap)
            amount = cs.with_birds(amount, hits[winner] + hits[p], self.bird_scoring)
            self.ledger.append((reason, p, winner, amount + self.floats[winner] + self.floats[p]))
        self._finish(
            kind,
            winner,
            payer,
            CODES[tile] if tile >= 0 else None,
            names,
            [CODES[t] for t in birds],
        )

    def _end_draw(self) -> None:
        self._finish("draw", None, None, None, [])

    def _finish(
        self,
        kind: str,
        winner: int | None,
        dealt_in_by: int | None,
        win_tile: str | None,
        patterns: list[str],
        birds: list[str] | None = None,
    ) -> None:
        payments = [0, 0, 0, 0]
        for _, payer, payee, amount in self.ledger:
            payments[payer] -= amount
            payments[payee] += amount
        self.ph = OVER
        self.offers = []
        self.res = {
            "kind": kind,
            "winner": winner,
            "dealt_in_by": dealt_in_by,
            "win_tile": win_tile,
            "patterns": patterns,
            "payments": payments,
            "ledger": [list(e) for e in self.ledger],
            "birds": list(birds or []),
        }

    def result(self) -> dict[str, Any] | None:
        if self.res is None:
            return None
        r = dict(self.res)
        r["patterns"] = list(r["patterns"])
        r["payments"] = list(r["payments"])
        r["ledger"] = [list(e) for e in r["ledger"]]
        r["birds"] = list(r["birds"])
        return r

    # ------------------------------------------------------------ views
    def waits(self, seat: int) -> dict[str, int]:
        if self.ph == RAISE:
            return {}  # §11: no tile is seen before every seat has raised
        mask = self._waits_mask(seat)
        if not mask:
            return {}
        seen = [0] * KINDS
        for t in range(KINDS):
            seen[t] = self.hands[seat][t]
        for s in range(4):
            for kind, t, _ in self.melds[s]:
                if kind == CHOW:
                    seen[t] += 1
                    seen[t + 1] += 1
                    seen[t + 2] += 1
                elif kind == PUNG:
                    seen[t] += 3
                elif kind != CONCEALED_KONG or s == seat:
                    seen[t] += 4
            for t, claimed in self.discards[s]:
                if not claimed:  # a claimed discard is counted in the claimer's meld
                    seen[t] += 1
        # §11: revealed open-kong tiles are seen from the moment they are revealed. (After
        # 槓上開花 one is also in the konger's hand, but a hand of 14 - 3k has no waits.)
        for t in self.open_shown:
            seen[t] += 1
        return {CODES[t]: max(0, 4 - seen[t]) for t in range(KINDS) if mask >> t & 1}

    def _meld_view(self, owner: int, viewer: int, meld: list[int]) -> dict[str, Any]:
        kind, t, source = meld
        if kind == CHOW:
            tiles: str | None = chow_text(t)
        else:
            n = 3 if kind == PUNG else 4
            tiles = str(t % 9 + 1) * n + CODES[t][1]
            if kind == CONCEALED_KONG and viewer != owner:
                tiles = None
        return {
            "kind": MELD_NAMES[kind],
            "tiles": tiles,
            "from": source if source >= 0 else None,
        }

    def view(self, seat: int) -> dict[str, Any]:
        all_void = all(v >= 0 for v in self.void)
        all_raised = all(k >= 0 for k in self.raises)
        seats = []
        for s in range(4):
            v = self.void[s]
            k = self.raises[s]
            entry: dict[str, Any] = {
                "seat": s,
                "hand_count": self._hand_size(s),
                "melds": [self._meld_view(s, seat, m) for m in self.melds[s]],
                "discards": [{"tile": CODES[t], "claimed": bool(c)} for t, c in self.discards[s]],
                "flowers": [CODES[t] for t in self.flowers[s]],
                "declared": self.declared[s],
                "locked": self.declared[s] or self.locked[s],
                "void": SUITS[v] if v >= 0 and (all_void or s == seat) else None,
                "raise": k if k >= 0 and (all_raised or s == seat) else None,
                "revealed": [dict(r, wins=list(r["wins"])) for r in self.revealed[s]],
            }
            if s == seat:
                entry["hand"] = (
                    None  # Shaoyang: no tile is seen before every seat has raised (§6)
                    if self.ph == RAISE
                    else "".join(
                        CODES[t] * self.hands[s][t] for t in range(KINDS) if self.hands[s][t]
                    )
                )
                entry["drawn"] = (
                    CODES[self.drawn]
                    if self.ph == PLAY and self.turn == s and self.drawn >= 0
                    else None
                )
                entry["pass_locked"] = self.pass_locked[s]
            seats.append(entry)
        offer = None
        if self.ph == CLAIM:
            hidden = (
                self.offer_kind == OFFER_ROB
                and self.rob_meld == CONCEALED_KONG
                and seat not in (self.offer_from, self.offers[self.offer_i][0])
            )  # a concealed kong's tile: the konger's and the offered 十三浪's only
            if self.offer_kind == OFFER_HAIDI and not self.haidi_taken:
                hidden = True  # the sea bottom lies face down until a seat takes it
            od: dict[str, Any] = {
                "kind": OFFER_NAMES[self.offer_kind],
                "seat": self.offer_from,
                "tile": None if hidden else CODES[self.offer_tile],
            }
            if self.offer_kind == OFFER_OPEN:  # both revealed tiles lie face up (§7)
                od["revealed"] = [CODES[t] for t in self.open_shown]
            offer = od
        return {
            "viewer": seat if seat >= 0 else None,
            "phase": PHASE_NAMES[self.ph],
            "dealer": self.dealer_seat,
            "wall_remaining": self.tail - self.head,
            "turn": self.turn if self.ph == PLAY else None,
            "claims_pending": self.ph == CLAIM,
            "offer": offer,
            "seats": seats,
            "history": self._public_history(seat, all_void, all_raised),
            "result": self.result(),
        }

    def _public_history(self, viewer: int, all_void: bool, all_raised: bool) -> list[str]:
        out = []
        for m in self.history:
            _, seat, action, arg = parse(m)
            if action == "pass":
                continue
            if seat != viewer and (
                (action == "void" and not all_void) or (action == "raise" and not all_raised)
            ):
                continue  # §11: not even who has answered, until all four are in
            if (
                action in ("kong", "open_kong")
                and seat != viewer
                and self._was_concealed_kong(seat, arg)
            ):
                m = f"s{seat}:{action}"  # a concealed kong's tile is its owner's to see
            out.append(m)
        return out

    def _was_concealed_kong(self, seat: int, tile: int) -> bool:
        return any(kind == CONCEALED_KONG and t == tile for kind, t, _ in self.melds[seat])

    # ------------------------------------------------------------ accessors
    def phase(self) -> str:
        return PHASE_NAMES[self.ph]

    def moves(self) -> list[str]:
        return list(self.history)

    def wall(self) -> str:
        return self.wall_codes

    def dealer(self) -> int:
        return self.dealer_seat

    def last_taker(self) -> int | None:
        return self.last_taker_seat if self.last_taker_seat >= 0 else None

    def copy(self) -> GameCore:
        other = GameCore.__new__(GameCore)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.melds = [[list(m) for m in ms] for ms in self.melds]
        other.discards = [[list(d) for d in ds] for ds in self.discards]
        other.flowers = [list(f) for f in self.flowers]
        other.declared = list(self.declared)
        other.void = list(self.void)
        other.raises = list(self.raises)
        other.dealt = [list(d) for d in self.dealt]
        other.used = [set(u) for u in self.used]
        other.revealed = [[dict(r, wins=list(r["wins"])) for r in rs] for rs in self.revealed]
        other.locked = list(self.locked)
        other.pass_locked = list(self.pass_locked)
        other.opening_seats = list(self.opening_seats)
        other.open_tiles = list(self.open_tiles)
        other.open_shown = list(self.open_shown)
        other.offers = list(self.offers)
        other.history = list(self.history)
        other.ledger = list(self.ledger)
        return other
