"""The flow of a mahjong hand, the same in every ruleset: the deal, draws from the
front and replacements from the back, discards and the claims on them, kongs and
their robbing offers, the end of the hand, the views (docs/mahjong-engine.md
"GameCore"; §N are the sections of the rules page, ``rules/mahjong.md``).

`Hand` keeps the state and the order of events; what a ruleset decides (what
wins, which moves a seat has, what a kong or a win pays) it asks of its
subclass, one per ruleset: ``common.py`` (with the void-suit game),
``shaoyang.py``, ``changsha.py``. ``engine.GameCore`` picks the subclass once,
from the config.
"""

from __future__ import annotations

from typing import Any

from .config import Config
from .notation import chow_text, parse
from .tiles import CODES, FLOWER_BASE, KINDS, SUITS, parse_wall, suit_of

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


class Hand:
    """One hand: the state and the shared flow; a subclass per ruleset gives its rules.

    A subclass sets its options and `not_in_rules` (the actions its ruleset does
    not play) before calling ``Hand.__init__``, which deals.
    """

    not_in_rules: frozenset[str]
    # Whether a discard may be claimed for a chow (off in the void-suit game).
    chow_on: bool

    def __init__(self, config: Config, wall: str, dealer: int) -> None:
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
        # What every view shows of Changsha's rules (empty or False elsewhere): the
        # declarations revealed, the open-kong lock, 過手, and the open kong's tiles
        # while they lie face up off the wall and out of the discards.
        self.revealed: list[list[dict[str, Any]]] = [[], [], [], []]
        self.locked = [False, False, False, False]
        self.pass_locked = [False, False, False, False]
        self.open_shown: list[int] = []
        self.opening_seats: list[int] = []  # the seats still to answer the opening offer
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

    # ------------------------------------------------- what a ruleset decides
    def _start_phase(self) -> None:
        """The phase after the deal."""
        self.ph = PLAY

    def _wins(self, seat: int, counts: list[int], on_other: bool = False) -> bool:
        """Do these 3k+2 concealed tiles win for `seat`? `on_other`: the last tile is
        another seat's."""
        raise NotImplementedError

    def _waits_mask(self, seat: int) -> int:
        """The kinds that win for `seat`'s 13 - 3k tiles (§3); 0 for 14 - 3k tiles."""
        raise NotImplementedError

    def _turn_moves(self) -> list[str]:
        """The sorted legal moves of the seat in turn."""
        raise NotImplementedError

    def _check_turn(self, seat: int, action: str, arg: int) -> str:
        """The verdict on a move of the seat in turn (phase and seat already checked)."""
        raise NotImplementedError

    def _apply_own(self, seat: int, action: str, arg: int) -> None:
        """A move in turn that only some rulesets have (Changsha's `mid`, `open_kong`)."""
        raise NotImplementedError(action)

    def _answer_opening(self, seat: int, action: str) -> None:
        """An answer in phase `opening` (Changsha's)."""
        raise NotImplementedError(action)

    def _concealed_kong(self, seat: int, tile: int) -> None:
        """What follows a concealed kong of `tile` (its meld just made)."""
        raise NotImplementedError

    def _exposed_kong(self, seat: int, tile: int, source: int, action: str) -> None:
        """What follows a kong claimed on `source`'s discard (its meld just made);
        `action`: the claim's action ("kong", or Changsha's "open_kong")."""
        raise NotImplementedError

    def _kong_stands(self) -> None:
        """Nobody robbed the kong on offer (`offer_from`'s)."""
        raise NotImplementedError

    def _win(
        self,
        winner: int,
        kind: str,
        payer: int | None,
        tile: int,
        situational: list[str] | None = None,
    ) -> None:
        """The payments of a win and the end of the hand; `payer` pays alone (discard,
        robbed kong and the like); `situational`: elements of how the hand was won
        (Changsha's)."""
        raise NotImplementedError

    def _factor(self, seat: int) -> int:
        """What `seat`'s payments are multiplied by (Shaoyang's raises)."""
        return 1

    def _discard_wins(self, discarder: int, tile: int) -> list[tuple[int, list[str]]]:
        """§2 the 胡 offers on a discard, from the next seat on."""
        offers: list[tuple[int, list[str]]] = []
        for k in (1, 2, 3):
            s = (discarder + k) % 4
            if not self.pass_locked[s] and self._wins_with(s, tile):
                offers.append((s, [f"s{s}:win"]))
        return offers

    def _kong_claims(self, seat: int, tile: int) -> list[str]:
        """The kongs `seat` may claim on a discard of `tile` (it holds three)."""
        return [f"s{seat}:kong={CODES[tile]}"]

    def _robbers(self, konger: int, tile: int, meld: int) -> list[int]:
        """§4 the seats that may rob `konger`'s kong of `tile`, from its next seat."""
        out = []
        for k in (1, 2, 3):
            s = (konger + k) % 4
            if not self.pass_locked[s] and self._wins_with(s, tile):
                out.append(s)
        return out

    def _offer_hidden(self, seat: int) -> bool:
        """Is the tile on offer hidden from `seat`? A concealed kong's tile is the
        konger's and the offered seat's only."""
        return (
            self.offer_kind == OFFER_ROB
            and self.rob_meld == CONCEALED_KONG
            and seat not in (self.offer_from, self.offers[self.offer_i][0])
        )

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
        self._start_phase()

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
        """The start of `seat`'s turn (§2): a draw from the front, or the drawn hand."""
        if self.head == self.tail:
            self._end_draw()
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

    def _has_pung(self, seat: int, tile: int) -> bool:
        return any(kind == PUNG and t == tile for kind, t, _ in self.melds[seat])

    def _kong_legal(self, seat: int, t: int) -> bool:
        h = self.hands[seat]
        return self.head < self.tail and (h[t] == 4 or (h[t] > 0 and self._has_pung(seat, t)))

    # ------------------------------------------------------------ moves
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
        if action in self.not_in_rules:
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
        return self._check_turn(seat, action, arg)

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
            self._answer_opening(seat, action)
            return
        if self.ph == CLAIM:
            self._answer(seat, action, arg)
            return
        h = self.hands[seat]
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
                self._concealed_kong(seat, arg)
            else:
                self._add_to_pung(seat, arg)
                self._offer_rob(seat, arg, ADDED_KONG)
        elif action == "win":  # by the seat in turn: always a self-draw (§10)
            self._win(seat, "self_draw", fed_by if fed_by >= 0 else None, self.drawn)
        else:
            self._apply_own(seat, action, arg)

    def _add_to_pung(self, seat: int, tile: int) -> None:
        """An added kong: the fourth copy joins `seat`'s pung of `tile`."""
        self.hands[seat][tile] -= 1
        for m in self.melds[seat]:
            if m[0] == PUNG and m[1] == tile:
                m[0] = ADDED_KONG

    def _offer_discard(self, discarder: int, tile: int) -> None:
        """§2 claims on a discard: 胡 from the next seat on, then pung/kong, then chow."""
        offers = self._discard_wins(discarder, tile)
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
                moves.extend(self._kong_claims(s, tile))
            if s == nxt and self.chow_on:
                moves.extend(f"s{s}:chow={chow_text(low)}" for low in self._chows(s, tile))
            offers.append((s, moves))
        if pung_seat != nxt and self.chow_on and not self.declared[nxt] and not self.locked[nxt]:
            chows = self._chows(nxt, tile)
            if chows:
                offers.append((nxt, [f"s{nxt}:chow={chow_text(low)}" for low in chows]))
        self._start_claim(OFFER_DISCARD, discarder, tile, offers)

    def _offer_rob(self, konger: int, tile: int, meld: int) -> None:
        """§4: a robbable kong's tile is offered with 胡 before the replacement."""
        offers = [(s, [f"s{s}:win"]) for s in self._robbers(konger, tile, meld)]
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
        if self.offer_kind == OFFER_ROB:
            self._kong_stands()
        else:
            self._draw((self.offer_from + 1) % 4)

    def _answer(self, seat: int, action: str, arg: int) -> None:
        tile = self.offer_tile
        source = self.offer_from
        if action == "pass":
            self.offer_i += 1
            if self.offer_i == len(self.offers):
                self._claims_done()
            return
        if action == "win":
            if self.offer_kind == OFFER_ROB:
                self._undo_kong(source, tile)
                self._win(seat, "robbed_kong", source, tile)
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
        else:  # an exposed kong ("kong", or Changsha's "open_kong")
            h[tile] -= 3
            self.melds[seat].append([KONG, tile, source])
            self._exposed_kong(seat, tile, source, action)
            return
        self.ph = PLAY
        self.turn = seat
        self.drawn = -1
        self.claimed_turn = True

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
    def _pay_each(self, reason: str, payee: int, amount: int) -> None:
        """Each other seat pays `payee` amount × the factors, from payee's next seat."""
        fp = self._factor(payee)
        for k in (1, 2, 3):
            p = (payee + k) % 4
            self.ledger.append((reason, p, payee, amount * fp * self._factor(p)))

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
            od: dict[str, Any] = {
                "kind": OFFER_NAMES[self.offer_kind],
                "seat": self.offer_from,
                "tile": None if self._offer_hidden(seat) else CODES[self.offer_tile],
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

    def copy(self) -> Hand:
        """An independent copy (a subclass copies its own lists too)."""
        cls = type(self)
        other = cls.__new__(cls)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.melds = [[list(m) for m in ms] for ms in self.melds]
        other.discards = [[list(d) for d in ds] for ds in self.discards]
        other.flowers = [list(f) for f in self.flowers]
        other.declared = list(self.declared)
        other.void = list(self.void)
        other.raises = list(self.raises)
        other.revealed = [[dict(r, wins=list(r["wins"])) for r in rs] for rs in self.revealed]
        other.locked = list(self.locked)
        other.pass_locked = list(self.pass_locked)
        other.opening_seats = list(self.opening_seats)
        other.open_shown = list(self.open_shown)
        other.offers = list(self.offers)
        other.history = list(self.history)
        other.ledger = list(self.ledger)
        return other
