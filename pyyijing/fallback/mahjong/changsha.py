"""長沙麻將, the Changsha ruleset (rules §7, seed 003 §三), on the shared flow of a
hand (``flow.py``): its wins (小胡 on a 2-5-8 pair, the big wins), the opening
and mid-game wins, the open kong 開槓, the sea bottom 海底, 過手, and the amounts
it pays (birds 扎鳥, floats 飄). Changsha pays no kongs; only an added kong may
be robbed.

The functions take plain counts and give names and numbers; `ChangshaHand`
keeps the state. Tile ids 0-26 (108 tiles, no honours). A seat's tiles are
given as its concealed counts and, where the sets matter, `total` (concealed
plus every meld's tiles).
"""

from __future__ import annotations

from typing import cast

from .config import Config
from .flow import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    KONG,
    OFFER_DISCARD,
    OFFER_HAIDI,
    OFFER_OPEN,
    OPENING,
    PLAY,
    PUNG,
    Hand,
)
from .shapes import is_all_pungs, is_regular, is_seven_pairs, regular_with_pair_of
from .tiles import CODES, KINDS

# 將: the 2, 5 and 8 of each suit (「必須有一對258牌張，或者最後單吊一張258」).
JIANG = (1, 4, 7, 10, 13, 16, 19, 22, 25)
_JIANG_SET = frozenset(JIANG)
SEVEN_PAIRS_FAMILY = ("七對", "豪華七對", "超豪華七對", "超超豪華七對")
# Every pattern of a win, in the result's order (docs/mahjong-engine.md "Winning").
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
SITUATIONAL = ("槓上開花", "槓上炮", "海底撈月", "海底炮", "搶槓")
OPENING_KINDS = ("板板胡", "四喜", "六六順", "缺一色", "三同", "一枝花", "步步高", "金童玉女")


def hand_patterns(
    counts: list[int], total: list[int], melds: int, chow_meld: bool, exposed: int, on_other: bool
) -> list[str]:
    """The small win and the hand elements of 3k+2 concealed tiles `counts` (k = `melds`,
    `exposed` of them not concealed kongs); empty: not a win. `on_other`: the last tile
    came from another seat (全求人)."""
    regular = is_regular(counts)
    seven = melds == 0 and is_seven_pairs(counts)
    names = []
    if regular and regular_with_pair_of(counts, JIANG):
        names.append("小胡")
    if seven:
        names.append(SEVEN_PAIRS_FAMILY[min(counts.count(4), 3)])
    if regular or seven:
        suits = {t // 9 for t in range(27) if total[t]}
        if len(suits) == 1:
            names.append("清一色")
    if all(t in _JIANG_SET for t in range(27) if total[t]):
        names.append("將一色")  # no shape needed
    if regular and not chow_meld and is_all_pungs(counts):
        names.append("碰碰胡")
    if regular and exposed == 4 and on_other:
        names.append("全求人")
    return names


def units(patterns: list[str]) -> int:
    """Big-win units: the sum over the big elements (豪華七對 and its 超 forms 2 / 3 / 4)."""
    n = 0
    for name in patterns:
        if name in SEVEN_PAIRS_FAMILY:
            n += SEVEN_PAIRS_FAMILY.index(name) + 1
        elif name != "小胡":
            n += 1
    return n


def _triplets(
    counts: list[int], reuse: bool, skip: set[int], dealt_below: list[int] | None
) -> list[int]:
    return [
        t
        for t in range(27)
        if (counts[t] == 3 or (reuse and counts[t] == 4))
        and t not in skip
        and (dealt_below is None or dealt_below[t] < 3)
    ]


def opening_wins(counts: list[int], extras: bool, reuse: bool) -> tuple[list[str], list[int]]:
    """起手胡 of a seat's dealt tiles: the wins (with repeats, in OPENING_KINDS order) and
    the kinds they use (the fours of 四喜, the triplets paired into 六六順)."""
    wins: list[str] = []
    held = [t for t in range(27) if counts[t]]
    if not any(t in _JIANG_SET for t in held):
        wins.append("板板胡")
    fours = [t for t in range(27) if counts[t] == 4]
    wins += ["四喜"] * len(fours)
    trips = _triplets(counts, reuse, set(), None)
    pairs = len(trips) // 2
    wins += ["六六順"] * pairs
    missing = sum(1 for suit in range(3) if not any(counts[suit * 9 : suit * 9 + 9]))
    wins += ["缺一色"] * missing
    if extras:
        if any(all(counts[suit * 9 + n] >= 2 for suit in range(3)) for n in range(9)):
            wins.append("三同")
        jiang = [t for t in held for _ in range(counts[t]) if t in _JIANG_SET]
        if len(jiang) == 1 and jiang[0] % 9 == 4:
            wins.append("一枝花")
        if any(
            all(counts[suit * 9 + n + i] >= 2 for i in range(3))
            for suit in range(3)
            for n in range(7)
        ):
            wins.append("步步高")
        if counts[10] >= 2 and counts[19] >= 2:  # 2p and 2s
            wins.append("金童玉女")
    return wins, sorted(set(fours + trips[: 2 * pairs]))


def mid_wins(
    counts: list[int], used: set[int], dealt: list[int], reuse: bool
) -> tuple[list[str], list[int], list[int]]:
    """中途四喜 / 中途六六順 of concealed tiles now: the wins, the kinds they use, and
    the tiles shown (each four ×4, each paired triplet ×3), for kinds not used before and
    formed after the deal (the dealt tiles held fewer)."""
    fours = [t for t in range(27) if counts[t] == 4 and t not in used and dealt[t] < 4]
    trips = _triplets(counts, reuse, used, dealt)
    paired = trips[: 2 * (len(trips) // 2)]
    wins = ["中途四喜"] * len(fours) + ["中途六六順"] * (len(paired) // 2)
    shown = [t for t in fours for _ in range(4)] + [t for t in paired for _ in range(3)]
    return wins, sorted(set(fours + paired)), sorted(shown)


def win_amount(big_units: int, dealer: bool, compound: str, cap: int) -> int:
    """One payment before the birds and floats: a small win 1 (the dealer's 2), a big
    win 6 (7) per unit, combined by `compound`, at most `cap` units (0: no cap)."""
    if big_units == 0:
        return 2 if dealer else 1
    n = min(big_units, cap) if cap > 0 else big_units
    per = 7 if dealer else 6
    return per * n if compound == "add" else per * 2 ** (n - 1)


def bird_seat(winner: int, tile: int) -> int:
    """The seat a bird tile hits: a number n counts from the winner (1, 5, 9 the winner)."""
    return (winner + tile % 9) % 4


def with_birds(amount: int, hits: int, scoring: str) -> int:
    return amount * (1 + hits) if scoring == "add" else amount * 2**hits


# Common's 定缺 and 報聽, and Shaoyang's raise.
_OTHER_RULESETS_ACTIONS = frozenset({"raise", "void", "ready"})


class ChangshaHand(Hand):
    """A hand of the Changsha ruleset (docs/mahjong-engine.md "Changsha")."""

    def __init__(self, config: Config, wall: str, dealer: int) -> None:
        self.birds = config.birds
        self.bird_scoring = config.bird_scoring
        self.compound = config.compound
        self.cap = config.cap
        self.floats = config.floats
        self.opening_extras = config.opening_extras
        self.opening_reuse = config.opening_reuse
        self.mid_on = config.mid_game_wins
        self.pass_lock_on = config.pass_lock
        self.chow_on = True
        self.not_in_rules = (
            _OTHER_RULESETS_ACTIONS if self.mid_on else _OTHER_RULESETS_ACTIONS | {"mid"}
        )
        # The dealt tiles, the kinds declarations used, the revealed open-kong tiles
        # still to be offered, whether the sea bottom was taken, and whether an
        # added open kong waits for its robbing offers.
        self.dealt: list[list[int]] = []
        self.used: list[set[int]] = [set(), set(), set(), set()]
        self.open_tiles: list[int] = []
        self.haidi_taken = False
        self.open_pending = False
        Hand.__init__(self, config, wall, dealer)

    def _start_phase(self) -> None:
        self.ph = PLAY
        self.dealt = [list(h) for h in self.hands]
        # 起手胡 (§7): offered from the dealer counterclockwise to each seat that has one.
        self.opening_seats = [
            (self.dealer_seat + k) % 4
            for k in range(4)
            if self._opening_of((self.dealer_seat + k) % 4)[0]
        ]
        if self.opening_seats:
            self.ph = OPENING

    def _draw(self, seat: int) -> None:
        """The last tile is the sea bottom, offered to the ready seats (§7)."""
        if self.tail - self.head == 1:
            self._offer_haidi(seat)
            return
        Hand._draw(self, seat)

    # ------------------------------------------------------------ hands
    def _wins(self, seat: int, counts: list[int], on_other: bool = False) -> bool:
        """§7; `on_other`: the last tile is another seat's (全求人)."""
        return bool(self._patterns(seat, counts, on_other))

    def _patterns(self, seat: int, counts: list[int], on_other: bool) -> list[str]:
        """The small win and hand elements of these concealed tiles (§7)."""
        melds = self.melds[seat]
        return hand_patterns(
            counts,
            self._total(seat, counts),
            len(melds),
            any(kind == CHOW for kind, _, _ in melds),
            sum(1 for kind, _, _ in melds if kind != CONCEALED_KONG),
            on_other,
        )

    def _opening_of(self, seat: int) -> tuple[list[str], list[int]]:
        return opening_wins(self.dealt[seat], self.opening_extras, self.opening_reuse)

    def _mid_of(self, seat: int) -> tuple[list[str], list[int], list[int]]:
        return mid_wins(self.hands[seat], self.used[seat], self.dealt[seat], self.opening_reuse)

    def _waits_mask(self, seat: int) -> int:
        """On another seat's tile, 全求人 included (§11); no honours."""
        h = self.hands[seat]
        if sum(h) + 3 * len(self.melds[seat]) != 13:
            return 0
        mask = 0
        for t in range(27):
            if self._own_copies(seat, t) < 4 and self._wins_with(seat, t, True):
                mask |= 1 << t
        return mask

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

    # ------------------------------------------------------------ moves
    def _turn_moves(self) -> list[str]:
        """An open-kong locked seat may only win, discard the tile it drew, or kong /
        open-kong that tile (§7)."""
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

    def _check_turn(self, seat: int, action: str, arg: int) -> str:
        """docs "Moves and checks added"."""
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

    def _apply_own(self, seat: int, action: str, arg: int) -> None:
        h = self.hands[seat]
        if action == "mid":
            wins, used, shown = self._mid_of(seat)
            counts = [0] * KINDS
            for t in shown:
                counts[t] += 1
            self._declare(seat, "mid", wins, used, counts)
            return
        # open_kong
        self.drawn = -1
        if h[arg] == 4:
            h[arg] = 0
            self.melds[seat].append([CONCEALED_KONG, arg, -1])
            self._open_reveal(seat)
        else:
            self._add_to_pung(seat, arg)
            self.open_pending = True  # robbed first, then revealed (§7)
            self._offer_rob(seat, arg, ADDED_KONG)

    def _answer_opening(self, seat: int, action: str) -> None:
        if action == "opening":
            wins, used = self._opening_of(seat)
            self._declare(seat, "opening", wins, used, self.hands[seat])
        self.opening_seats.pop(0)
        if not self.opening_seats:
            self.ph = PLAY  # the dealer in turn with its dealt 14

    # ------------------------------------------------------------ claims
    def _kong_claims(self, seat: int, tile: int) -> list[str]:
        moves = Hand._kong_claims(self, seat, tile)
        if self._ready_after_kong(seat, tile, True):
            moves.append(f"s{seat}:open_kong={CODES[tile]}")
        return moves

    def _answer(self, seat: int, action: str, arg: int) -> None:
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
        if action == "win" and self.offer_kind == OFFER_OPEN:
            self._win(seat, "discard", self.offer_from, self.offer_tile, ["槓上炮"])
            return
        if action == "win" and self.offer_kind == OFFER_HAIDI:
            self._win(seat, "discard", self.offer_from, self.offer_tile, ["海底炮"])
            return
        Hand._answer(self, seat, action, arg)

    def _claims_done(self) -> None:
        if self.offer_kind == OFFER_DISCARD:
            self.offers = []
            self._draw((self.offer_from + 1) % 4)
        elif self.offer_kind == OFFER_OPEN:
            self.offers = []
            self._offer_open_next(self.offer_from)
        elif self.offer_kind == OFFER_HAIDI:
            self.offers = []
            self._end_draw()  # nobody took the sea bottom, or nobody won on it (§7)
        else:
            Hand._claims_done(self)

    def _offer_hidden(self, seat: int) -> bool:
        if self.offer_kind == OFFER_HAIDI and not self.haidi_taken:
            return True  # the sea bottom lies face down until a seat takes it
        return Hand._offer_hidden(self, seat)

    # ------------------------------------------------------------ kongs (no payments)
    def _concealed_kong(self, seat: int, tile: int) -> None:
        self._replace_after_kong(seat)

    def _exposed_kong(self, seat: int, tile: int, source: int, action: str) -> None:
        if action == "open_kong":
            self._open_reveal(seat)
        else:
            self._replace_after_kong(seat)

    def _kong_stands(self) -> None:
        if self.open_pending:
            self.open_pending = False
            self._open_reveal(self.offer_from)
        else:
            self._replace_after_kong(self.offer_from)

    # ------------------------------------------------------------ Changsha's flows
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

    # ------------------------------------------------------------ results
    def _win(
        self,
        winner: int,
        kind: str,
        payer: int | None,
        tile: int,
        situational: list[str] | None = None,
    ) -> None:
        """§7: small 1 / big 6 per unit (the dealer's 2 / 7), compound and cap, then the
        birds, then the floats; the discarder (or konger, or taker) pays alone."""
        if kind == "robbed_kong":
            situational = ["搶槓"]
        elif situational is None:
            situational = []
        h = self.hands[winner]
        if kind != "self_draw":
            h[tile] += 1
        names = self._patterns(winner, h, kind != "self_draw")
        if kind != "self_draw":
            h[tile] -= 1
        names = [n for n in PATTERNS if n in names or n in situational]
        big = units(names)
        birds = self.wall_ids[self.head : self.head + min(self.birds, self.tail - self.head)]
        hits = [0, 0, 0, 0]
        for t in birds:
            hits[bird_seat(winner, t)] += 1
        payers = [payer] if payer is not None else [(winner + k) % 4 for k in (1, 2, 3)]
        reason = "robbed_kong" if kind == "robbed_kong" else kind
        for p in payers:
            amount = win_amount(big, self.dealer_seat in (winner, p), self.compound, self.cap)
            amount = with_birds(amount, hits[winner] + hits[p], self.bird_scoring)
            self.ledger.append((reason, p, winner, amount + self.floats[winner] + self.floats[p]))
        self._finish(
            kind,
            winner,
            payer,
            CODES[tile] if tile >= 0 else None,
            names,
            [CODES[t] for t in birds],
        )

    def copy(self) -> ChangshaHand:
        other = cast(ChangshaHand, Hand.copy(self))
        other.dealt = [list(d) for d in self.dealt]
        other.used = [set(u) for u in self.used]
        other.open_tiles = list(self.open_tiles)
        return other
