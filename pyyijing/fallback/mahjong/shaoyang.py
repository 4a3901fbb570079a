"""邵陽麻將 (rules §6, seed 002): the common ruleset (``common.py``) with 舉手 raises,
十三浪, self-draw wins only, and kongs that may be robbed.

Every seat raises 0-3 before play (phase `raise`); each payment is doubled once
per raise of the payee and of the payer. A discard is never won on; every kong
is offered for robbing before it stands and pays (a concealed one only to
十三浪 or 全風十三浪), and the discarder whose tile was konged pays the whole
放槓上花 when the replacement wins.
"""

from __future__ import annotations

from .common import CommonHand
from .config import Config
from .flow import CHOW, CONCEALED_KONG, KONG, PLAY, PUNG, RAISE, Hand
from .shapes import (
    is_regular,
    is_seven_pairs,
    is_thirteen_orphans,
    seven_pairs_waits,
    thirteen_orphans_waits,
)
from .tiles import CODES, KINDS, suit_of

# Shaoyang's patterns (rules §6, in this order) and the unit each pays by category.
SHAOYANG_PATTERNS = ("平胡", "碰碰對", "清一色", "七巧對", "十三浪", "全風十三浪")

# Common's 定缺 and 報聽, and Changsha's moves.
_NOT_IN_RULES = frozenset({"void", "ready", "opening", "mid", "open_kong", "haidi"})


def shaoyang_unit(patterns: list[str]) -> int:
    """The coins of one payment before the factors: the highest category only (§6)."""
    if "十三浪" in patterns or "全風十三浪" in patterns:
        return 24
    if "碰碰對" in patterns or "清一色" in patterns or "七巧對" in patterns:
        return 8
    return 2


def _pairs_or_orphans(counts: list[int]) -> bool:
    """Seven pairs or 十三浪: a hand with no melds that is not four sets and a pair."""
    return is_seven_pairs(counts) or is_thirteen_orphans(counts)


def _pairs_or_orphans_waits(counts: list[int]) -> int:
    return seven_pairs_waits(counts) | thirteen_orphans_waits(counts)


class ShaoyangHand(CommonHand):
    """A hand of the Shaoyang ruleset (no flowers, no 定缺, no 報聽)."""

    def __init__(self, config: Config, wall: str, dealer: int) -> None:
        self.void_game = False
        self.ready_on = False
        self.chow_on = True
        self.not_in_rules = _NOT_IN_RULES
        Hand.__init__(self, config, wall, dealer)

    def _start_phase(self) -> None:
        self.ph = RAISE

    _wins_without_melds = staticmethod(_pairs_or_orphans)
    _waits_without_melds = staticmethod(_pairs_or_orphans_waits)

    def _discard_wins(self, discarder: int, tile: int) -> list[tuple[int, list[str]]]:
        return []  # never a win on a discard (§6)

    def _robbers(self, konger: int, tile: int, meld: int) -> list[int]:
        seats = Hand._robbers(self, konger, tile, meld)
        if meld != CONCEALED_KONG:
            return seats
        out = []
        for s in seats:
            names = self._patterns_with(s, tile)
            if "十三浪" in names or "全風十三浪" in names:
                out.append(s)
        return out

    # ------------------------------------------------------------ kongs
    def _concealed_kong(self, seat: int, tile: int) -> None:
        self._offer_rob(seat, tile, CONCEALED_KONG)  # only 十三浪 may rob it (§6)

    def _exposed_kong(self, seat: int, tile: int, source: int, action: str) -> None:
        self._offer_rob(seat, tile, KONG)  # seed 002's 一萬 example (§6)

    def _kong_stands(self) -> None:
        CommonHand._kong_stands(self)
        if self.rob_meld == KONG and self.ph == PLAY:
            # the konged tile's discarder feeds this replacement (放槓上花, §6)
            self.fed_by = self.melds[self.offer_from][-1][2]

    # ------------------------------------------------------------ results
    def _factor(self, seat: int) -> int:
        """2^raises (§6)."""
        return 1 << self.raises[seat]

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

    def _win(
        self,
        winner: int,
        kind: str,
        payer: int | None,
        tile: int,
        situational: list[str] | None = None,
    ) -> None:
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
