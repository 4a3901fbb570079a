"""大眾麻將, the common ruleset (rules §1-§5, §10, §11): its flowers, 報聽 and the
void-suit game 定缺, on the shared flow of a hand (``flow.py``).

A win is four sets and a pair, or seven pairs with no melds; a discard may be won
on, a concealed or exposed kong pays at once, only an added kong may be robbed.
"""

from __future__ import annotations

from .config import Config
from .flow import KONG_REASONS, PLAY, VOID, Hand
from .shapes import is_regular, is_seven_pairs, regular_waits, seven_pairs_waits
from .tiles import CODES, KINDS, suit_of

# The moves of the other rulesets: Shaoyang's raise and Changsha's own.
_OTHER_RULESETS_ACTIONS = frozenset({"raise", "opening", "mid", "open_kong", "haidi"})


class CommonHand(Hand):
    """A hand of the common ruleset."""

    def __init__(self, config: Config, wall: str, dealer: int) -> None:
        self.void_game = config.void_suit
        # 報聽 is off in the void-suit game whatever declare_ready says (§11).
        self.ready_on = config.declare_ready and not config.void_suit
        self.chow_on = not config.void_suit
        off = set(_OTHER_RULESETS_ACTIONS)
        if not self.void_game:
            off.add("void")
        if not self.ready_on:
            off.add("ready")
        if self.void_game:
            off.add("chow")
        self.not_in_rules = frozenset(off)
        Hand.__init__(self, config, wall, dealer)

    def _start_phase(self) -> None:
        self.ph = VOID if self.void_game else PLAY

    # ------------------------------------------------------------ hands
    def _holds_void(self, seat: int) -> bool:
        v = self.void[seat]
        if v < 0:
            return False
        h = self.hands[seat]
        return any(h[t] for t in range(v * 9, v * 9 + 9))

    # The wins of a hand with no melds that is not four sets and a pair, and the waits
    # of such a hand besides four sets and a pair's (plain functions, not methods: the
    # waits are asked once per discard when 報聽 is on).
    _wins_without_melds = staticmethod(is_seven_pairs)
    _waits_without_melds = staticmethod(seven_pairs_waits)

    def _wins(self, seat: int, counts: list[int], on_other: bool = False) -> bool:
        """§3, §5: four sets and a pair, or seven pairs; never holding the void suit."""
        v = self.void[seat]
        if v >= 0:
            for t in range(v * 9, v * 9 + 9):
                if counts[t]:
                    return False  # a hand holding its void suit never wins (§5)
        if is_regular(counts):
            return True
        if self.melds[seat]:
            return False
        return self._wins_without_melds(counts)

    def _waits_mask(self, seat: int) -> int:
        """The same set as "every kind t with `_wins_with(seat, t)` and fewer than
        four own copies", computed group by group (`regular_waits`)."""
        h = self.hands[seat]
        if sum(h) + 3 * len(self.melds[seat]) != 13:
            return 0
        v = self.void[seat]
        if v >= 0 and self._holds_void(seat):
            return 0  # it would still hold its void suit: never a win (§5)
        mask = regular_waits(h)
        if not self.melds[seat]:
            mask |= self._waits_without_melds(h)
        if v >= 0:
            mask &= ~(0x1FF << (v * 9))
        if self.melds[seat]:
            for t in range(KINDS):
                if mask >> t & 1 and self._own_copies(seat, t) >= 4:
                    mask &= ~(1 << t)  # a fifth copy of a kind (with its pung) is no wait
        return mask

    # ------------------------------------------------------------ moves
    def _turn_moves(self) -> list[str]:
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

    def _check_turn(self, seat: int, action: str, arg: int) -> str:
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

    # ------------------------------------------------------------ kongs
    def _concealed_kong(self, seat: int, tile: int) -> None:
        self._pay_each("concealed_kong", seat, 1)
        self._replace_after_kong(seat)

    def _exposed_kong(self, seat: int, tile: int, source: int, action: str) -> None:
        self.ledger.append(("exposed_kong", source, seat, 1))
        self._replace_after_kong(seat)

    def _kong_stands(self) -> None:
        konger = self.offer_from
        self._pay_each(KONG_REASONS[self.rob_meld], konger, 1)
        self._replace_after_kong(konger)

    # ------------------------------------------------------------ results
    def _win(
        self,
        winner: int,
        kind: str,
        payer: int | None,
        tile: int,
        situational: list[str] | None = None,
    ) -> None:
        """§5: 1 from each other seat on a self-draw, else 1 from the payer; 報聽's bonus."""
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
