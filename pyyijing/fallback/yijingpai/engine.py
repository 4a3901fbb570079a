"""``GameCore``: the readable rule engine of the fallback backend.

It implements docs/yijing.md (the engine behaviour) through the interface of
docs/backend-interface.md; comments cite their sections ("docs §n") and the
rules page shared/rules/yijing.md ("rules §n").

State is plain ints, strings and lists so that ``copy()`` is cheap:

- hands are ``[yang, yin, taiji]`` tile counts per seat (a hand has no order;
  it is shown canonically, docs §1);
- targets, hexagrams in progress and completed hexagrams are line strings
  (``1``/``0``/``+``/``-``, bottom to top), completed ones also as 6-bit
  values for the win conditions (hexagram_bits);
- the play being claimed, and the no-repeat reference, is ``_last_*`` (the
  last play or pong anyone made, docs §3);
- the claim offers of that play are a queue ``_offers`` with a cursor
  (claims.py).
"""

from __future__ import annotations

from typing import Any

from .claims import PONG_OFFER, WIN_OFFER, build_offers, can_form_pair, seats_after
from .config import Config
from .deal import deal, is_tile_set
from .hexagram_bits import (
    condition_names,
    conditions_met,
    king_wen,
    value_of,
)
from .notation import (
    OUTER,
    PASS,
    PLAY,
    PONG,
    TARGET,
    WIN,
    Move,
    arrangements,
    declared,
    format_move,
    hand_string,
    parse_move,
    points_half,
    pure_value,
    tile_counts,
)
from .placement import place, pong_placements, win_placements

HEXAGRAM_LINES = 6

# Phases (docs §3).
PHASE_TARGET = "target"
PHASE_PLAY = "play"
PHASE_CLAIM = "claim"
PHASE_OVER = "over"

# Move kinds each phase accepts (docs §6 check 4).
_PHASE_KINDS = {
    PHASE_TARGET: (TARGET,),
    PHASE_PLAY: (PLAY, PONG),
    PHASE_CLAIM: (WIN, PONG, PASS),
}

# Result kinds (docs §8).
SELF_DRAW = "self_draw"
DEALT_IN = "dealt_in"
DRAW = "draw"

OK = ("ok", "")


class GameCore:
    """One hand of Yi Jing Pai (docs/backend-interface.md ``GameCore``)."""

    __slots__ = (
        "_completed",
        "_completed_values",
        "_dealer",
        "_hands",
        "_k",
        "_last_kind",
        "_last_lines",
        "_last_placement",
        "_last_seat",
        "_moves",
        "_n",
        "_offer_index",
        "_offers",
        "_phase",
        "_pos",
        "_progress",
        "_result",
        "_split_payment",
        "_taiji_in_pong",
        "_target_values",
        "_targets",
        "_turn",
        "_wall",
        "_win_mask",
    )

    # ------------------------------------------------------------------ setup

    def __init__(self, config: Config, wall: str, dealer: int) -> None:
        # The config is checked when it is made; the caller validated the
        # wall and the dealer, but still never accept nonsense.
        if not isinstance(config, Config):
            raise TypeError(
                f"config must be a {Config.__module__}.Config; got {type(config).__name__}"
            )
        if not isinstance(wall, str) or not is_tile_set(wall):
            raise ValueError(
                "wall must hold exactly a tile set of '1'/'0'/'T': 70+70 or 79+79 "
                "line tiles, with 4 or 0 taiji"
            )
        players = config.players
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be in 0..{players - 1}, not {dealer!r}")

        self._k = config.play_size  # play size k: lines per play (docs Specs)
        self._n = players
        self._taiji_in_pong = config.taiji_in_pong
        self._win_mask = config.win_mask
        self._split_payment = config.split_payment
        self._wall = wall
        self._dealer = int(dealer)

        # docs §2: the deal. Before the targets are laid the "hand" is every
        # dealt tile; laying the target (docs §3) leaves the k-tile hand.
        self._hands, self._pos = deal(wall, self._n, self._dealer, self._k)
        self._targets = [""] * self._n
        self._target_values = [-1] * self._n
        self._progress = [""] * self._n
        self._completed: list[list[str]] = [[] for _ in range(self._n)]
        self._completed_values: list[list[int]] = [[] for _ in range(self._n)]

        self._phase = PHASE_TARGET
        self._turn = -1
        self._last_seat = -1  # the previous play/pong: none yet (docs §3)
        self._last_kind = ""
        self._last_lines = ""
        self._last_placement = ""
        self._offers: list[tuple[int, str]] = []
        self._offer_index = 0
        self._moves: list[str] = []
        self._result: dict[str, Any] | None = None

    def copy(self) -> GameCore:
        """An independent copy of the state."""
        other = GameCore.__new__(GameCore)
        other._k = self._k
        other._n = self._n
        other._taiji_in_pong = self._taiji_in_pong
        other._win_mask = self._win_mask
        other._split_payment = self._split_payment
        other._wall = self._wall
        other._dealer = self._dealer
        other._pos = self._pos
        other._hands = [list(h) for h in self._hands]
        other._targets = list(self._targets)
        other._target_values = list(self._target_values)
        other._progress = list(self._progress)
        other._completed = [list(c) for c in self._completed]
        other._completed_values = [list(c) for c in self._completed_values]
        other._phase = self._phase
        other._turn = self._turn
        other._last_seat = self._last_seat
        other._last_kind = self._last_kind
        other._last_lines = self._last_lines
        other._last_placement = self._last_placement
        other._offers = list(self._offers)
        other._offer_index = self._offer_index
        other._moves = list(self._moves)
        other._result = self._result  # never mutated once set; result() copies it
        return other

    # ---------------------------------------------------------- simple getters

    def phase(self) -> str:
        return self._phase

    def to_act(self) -> list[int]:
        """Seats that may act now, ascending (docs §3)."""
        if self._phase == PHASE_TARGET:
            return [s for s in range(self._n) if not self._targets[s]]
        if self._phase == PHASE_PLAY:
            return [self._turn]
        if self._phase == PHASE_CLAIM:
            return [self._offers[self._offer_index][0]]
        return []

    def moves(self) -> list[str]:
        return list(self._moves)

    def wall(self) -> str:
        return self._wall

    def dealer(self) -> int:
        return self._dealer

    def result(self) -> dict[str, Any] | None:
        """The result dict of docs §8, or None until the hand is over."""
        r = self._result
        if r is None:
            return None
        out = dict(r)
        out["payments"] = list(r["payments"])
        out["conditions"] = list(r["conditions"])
        return out

    # ----------------------------------------------------------------- helpers

    def _hand_size(self, seat: int) -> int:
        h = self._hands[seat]
        return h[0] + h[1] + h[2]

    def _is_to_act(self, seat: int) -> bool:
        if self._phase == PHASE_TARGET:
            return not self._targets[seat]
        if self._phase == PHASE_PLAY:
            return seat == self._turn
        if self._phase == PHASE_CLAIM:
            return seat == self._offers[self._offer_index][0]
        return False

    def _offer_kind(self) -> str:
        return self._offers[self._offer_index][1]

    def _wins_with(self, seat: int, hexagram: str) -> int:
        """Condition bits a completed `hexagram` would make true for `seat`."""
        values = [*self._completed_values[seat], value_of(hexagram)]
        return conditions_met(values, self._target_values[seat], self._win_mask)

    def _winning_placements(self, seat: int, lines: str) -> list[tuple[str, str, int]]:
        """``(placement, hexagram, condition bits)`` for every allowed 胡
        placement of `lines` (docs §4) that completes a winning hexagram for
        `seat` (docs §3 step 3), in the order outer, inner, split."""
        progress = self._progress[seat]
        if len(progress) + len(lines) != HEXAGRAM_LINES:
            return []
        out = []
        for placement in win_placements(lines, len(progress), self._k):
            hexagram = place(progress, lines, placement)
            met = self._wins_with(seat, hexagram)
            if met:
                out.append((placement, hexagram, met))
        return out

    def _previous_declared(self) -> str:
        """Declared lines of the previous play or pong ("" for none, docs §3)."""
        return declared(self._last_lines) if self._last_seat >= 0 else ""

    # -------------------------------------------------------------- validation

    def check(self, move: object) -> tuple[str, str]:
        """``("ok", "")`` or the first failing reason code of docs §6."""
        parsed = parse_move(move)
        if parsed is None:
            return self._verdict_malformed(move)
        return self._check_parsed(parsed)

    @staticmethod
    def _verdict_malformed(move: object) -> tuple[str, str]:
        # docs §6 check 1
        if isinstance(move, str) and len(move) > 64:
            return ("malformed", "a move has at most 64 characters")
        return ("malformed", f"{move!r} is not a move (docs §1 grammar)")

    def _check_parsed(self, m: Move) -> tuple[str, str]:
        seat = m.seat
        kind = m.kind
        # 2. no_such_seat
        if seat >= self._n:
            return ("no_such_seat", f"seat {seat} does not exist with {self._n} players")
        # 3. game_over
        if self._phase == PHASE_OVER:
            return ("game_over", "the hand is over")
        # 4. wrong_phase
        if kind not in _PHASE_KINDS[self._phase]:
            return ("wrong_phase", f"'{kind}' is not allowed in the {self._phase} phase")
        # 5. target_already_laid / not_your_turn
        if self._phase == PHASE_TARGET:
            if self._targets[seat]:
                return ("target_already_laid", f"seat {seat} has laid its target")
        elif not self._is_to_act(seat):
            return ("not_your_turn", f"seat {seat} may not act now")
        if kind == TARGET:
            return self._check_target(seat, m.lines)
        if kind == PLAY:
            return self._check_play(seat, m.lines)
        if kind == PONG:
            return self._check_pong(seat, m.lines, m.placement)
        if kind == WIN:
            return self._check_win(seat, m.placement)
        return OK  # pass by the offered seat is always legal (docs §6)

    def _check_target(self, seat: int, lines: str) -> tuple[str, str]:
        # 6. wrong_count
        if len(lines) != HEXAGRAM_LINES:
            return ("wrong_count", f"a target has 6 lines, not {len(lines)}")
        # 10. tiles_not_in_hand: a subset of the dealt tiles
        need = tile_counts(lines)
        hand = self._hands[seat]
        if need[0] > hand[0] or need[1] > hand[1] or need[2] > hand[2]:
            return ("tiles_not_in_hand", f"seat {seat} does not hold the tiles of {lines}")
        return OK

    def _check_exact_hand(self, seat: int, lines: str) -> tuple[str, str]:
        # 10. tiles_not_in_hand: play/pong lines must be exactly the hand
        need = tile_counts(lines)
        hand = self._hands[seat]
        if need[0] != hand[0] or need[1] != hand[1] or need[2] != hand[2]:
            return (
                "tiles_not_in_hand",
                f"{lines} is not exactly seat {seat}'s hand",
            )
        return OK

    def _check_play(self, seat: int, lines: str) -> tuple[str, str]:
        # 6. wrong_count
        if len(lines) != self._k:
            return ("wrong_count", f"a play has {self._k} lines, not {len(lines)}")
        # 10. tiles_not_in_hand
        verdict = self._check_exact_hand(seat, lines)
        if verdict[0] != "ok":
            return verdict
        # 11. repeat_play: the no-repeat rule (docs §3; rules §3 應)
        if declared(lines) == self._previous_declared():
            return ("repeat_play", f"{lines} repeats the previous play {self._last_lines}")
        return OK

    def _check_pong(self, seat: int, lines: str, placement: str) -> tuple[str, str]:
        # 6. wrong_count
        if len(lines) != self._k:
            return ("wrong_count", f"a pong has {self._k} lines, not {len(lines)}")
        # 7. not_a_pair
        pure = pure_value(lines)
        if pure < 0:
            return ("not_a_pair", f"{lines} is not a pure pair")
        # 8. no_pong_available
        if self._phase == PHASE_PLAY:
            if declared(lines) != self._previous_declared():
                return ("no_pong_available", "the previous play is not this pure pair")
        else:
            if self._offer_kind() != PONG_OFFER:
                return ("no_pong_available", "the claim being offered is a 胡, not a 碰")
            if declared(lines) != declared(self._last_lines):
                return ("no_pong_available", f"{lines} is not the claimed pair")
        # 9. taiji_not_allowed
        if not self._taiji_in_pong and ("+" in lines or "-" in lines):
            return ("taiji_not_allowed", "taiji may not stand in for a pong pair")
        # 10. tiles_not_in_hand
        verdict = self._check_exact_hand(seat, lines)
        if verdict[0] != "ok":
            return verdict
        # 12. bad_placement
        if placement not in pong_placements(pure, len(self._progress[seat]), self._k):
            return ("bad_placement", f"a pong of {lines} may not be placed @{placement} here")
        return OK

    def _check_win(self, seat: int, placement: str) -> tuple[str, str]:
        claimed = self._last_lines
        progress = self._progress[seat]
        # 12. bad_placement (plain `win` is outer; `win@outer` is never allowed)
        if placement == OUTER:
            return ("bad_placement", "write a 胡 on the outer side as plain 'win'")
        where = placement if placement else OUTER
        if where not in win_placements(claimed, len(progress), self._k):
            return ("bad_placement", f"{claimed} may not be placed @{where} here")
        # 13. cannot_win
        if self._offer_kind() != WIN_OFFER:
            return ("cannot_win", "the claim being offered is a 碰, not a 胡")
        if len(progress) + len(claimed) != HEXAGRAM_LINES:
            return ("cannot_win", "these lines do not complete a hexagram")
        if not self._wins_with(seat, place(progress, claimed, where)):
            return ("cannot_win", "the completed hexagram does not win")
        return OK

    # ------------------------------------------------------------------- apply

    def apply(self, move: object) -> tuple[str, str]:
        """Check `move`; apply it only if it is legal. Returns the verdict."""
        parsed = parse_move(move)
        if parsed is None:
            return self._verdict_malformed(move)
        verdict = self._check_parsed(parsed)
        if verdict[0] != "ok":
            return verdict
        assert isinstance(move, str)
        self._moves.append(move)
        seat = parsed.seat
        kind = parsed.kind
        if kind == TARGET:
            self._lay_target(seat, parsed.lines)
        elif kind == PLAY:
            self._play(seat, PLAY, parsed.lines, OUTER)
        elif kind == PONG:
            self._play(seat, PONG, parsed.lines, parsed.placement)
        elif kind == WIN:
            self._win_on_claim(seat, parsed.placement if parsed.placement else OUTER)
        else:
            self._next_offer()
        return verdict

    def apply_all(self, moves: list[Any]) -> tuple[int, str, str]:
        """``apply`` each move in turn up to the first illegal one: its index and
        verdict, or ``(-1, "ok", "")`` (docs/backend-interface.md)."""
        for i, move in enumerate(moves):
            if not isinstance(move, str):
                raise TypeError("moves must be a list of str")
            code, message = self.apply(move)
            if code != "ok":
                return (i, code, message)
        return (-1, "ok", "")

    def apply_each(self, moves: list[Any]) -> list[tuple[str, str]]:
        """``apply`` on every move in turn (illegal ones change nothing): the
        verdict of each (docs/backend-interface.md)."""
        out = []
        for move in moves:
            if not isinstance(move, str):
                raise TypeError("moves must be a list of str")
            out.append(self.apply(move))
        return out

    def _lay_target(self, seat: int, lines: str) -> None:
        # docs §3 target phase
        need = tile_counts(lines)
        hand = self._hands[seat]
        for i in range(3):
            hand[i] -= need[i]
        self._targets[seat] = lines
        self._target_values[seat] = value_of(lines)
        if all(self._targets):
            self._start_turn(self._dealer)  # the dealer moves first

    def _start_turn(self, seat: int) -> None:
        """Phase play with `seat` to move; a seat holding fewer than k tiles
        ends the hand drawn at once (docs §3 play; rules §4 Draw, §9)."""
        self._phase = PHASE_PLAY
        self._turn = seat
        self._offers = []
        self._offer_index = 0
        if self._hand_size(seat) < self._k:
            self._finish(DRAW, -1, -1, "", 0)

    def _play(self, seat: int, kind: str, lines: str, placement: str) -> None:
        """A play or pong by seat P: docs §3 "After every play or pong" 1-5."""
        self._hands[seat] = [0, 0, 0]  # the whole hand is played
        self._last_seat = seat
        self._last_kind = kind
        self._last_lines = lines
        self._last_placement = placement

        # 1. place the lines (docs §4); a completed hexagram may self-draw
        progress = place(self._progress[seat], lines, placement)
        if len(progress) == HEXAGRAM_LINES:
            self._progress[seat] = ""
            self._completed[seat].append(progress)
            self._completed_values[seat].append(value_of(progress))
            met = conditions_met(
                self._completed_values[seat], self._target_values[seat], self._win_mask
            )
            if met:  # self-draw: the hand is over at once, P does not draw
                self._finish(SELF_DRAW, seat, -1, progress, met)
                return
        else:
            self._progress[seat] = progress

        # 2. draw min(k, wall remaining) tiles from the front of the wall
        take = min(self._k, len(self._wall) - self._pos)
        hand = self._hands[seat]
        for tile in self._wall[self._pos : self._pos + take]:
            if tile == "1":
                hand[0] += 1
            elif tile == "0":
                hand[1] += 1
            else:
                hand[2] += 1
        self._pos += take

        # 3.-4. the 胡 then 碰 offers (claims.py)
        can_win = [False] * self._n
        holds_pair = [False] * self._n
        pure = pure_value(lines)
        for other in seats_after(seat, self._n):
            can_win[other] = len(self._winning_placements(other, lines)) > 0
            if pure >= 0:
                holds_pair[other] = can_form_pair(
                    self._hands[other], pure, self._k, self._taiji_in_pong
                )
        offers = build_offers(seat, self._n, can_win, pure, holds_pair)
        if offers:
            self._phase = PHASE_CLAIM
            self._turn = -1
            self._offers = offers
            self._offer_index = 0
        else:
            # 5. nobody to offer: P+1's turn
            self._start_turn((seat + 1) % self._n)

    def _next_offer(self) -> None:
        """A pass: offer the next seat in the queue, or give P+1 the turn."""
        self._offer_index += 1
        if self._offer_index >= len(self._offers):
            self._start_turn((self._last_seat + 1) % self._n)

    def _win_on_claim(self, seat: int, placement: str) -> None:
        """胡 on another's play: the hand is over, P dealt in (docs §3 step 3).

        The table is left as it is (the claimed lines stay in P's hexagram);
        the winning hexagram is reported in the result (docs §8).
        """
        hexagram = place(self._progress[seat], self._last_lines, placement)
        met = self._wins_with(seat, hexagram)
        self._finish(DEALT_IN, seat, self._last_seat, hexagram, met)

    def _finish(self, kind: str, winner: int, payer: int, hexagram: str, met: int) -> None:
        """Phase over with the result of docs §5 (points, payments) and §8."""
        n = self._n
        payments = [0] * n
        points = 0
        if kind != DRAW:
            points = points_half(hexagram)
            losers = seats_after(winner, n)
            if kind == DEALT_IN:
                payments[payer] -= points
                payments[winner] += points
            elif self._split_payment:
                # divided among the others; the remainder half-points paid one
                # each by the first losers counterclockwise from the winner
                share, extra = divmod(points, n - 1)
                for i in range(len(losers)):
                    pay = share + (1 if i < extra else 0)
                    payments[losers[i]] -= pay
                    payments[winner] += pay
            else:  # "each": every other seat pays the points
                for loser in losers:
                    payments[loser] -= points
                    payments[winner] += points
        self._phase = PHASE_OVER
        self._turn = -1
        self._offers = []
        self._offer_index = 0
        self._result = {
            "kind": kind,
            "winner": winner if kind != DRAW else None,
            "dealt_in_by": payer if kind == DEALT_IN else None,
            "points_half": points,
            "payments": payments,
            "hexagram": king_wen(value_of(hexagram)) if kind != DRAW else None,
            "lines": hexagram if kind != DRAW else None,
            "conditions": condition_names(met),
        }

    # ------------------------------------------------------------- legal moves

    def legal_moves(self, seat: int) -> list[str]:
        """Every legal move of `seat`, sorted; ``-1``: the union over
        `to_act()`; ``[]`` for a seat not to act (backend-interface)."""
        if seat == -1:
            out: list[str] = []
            for s in self.to_act():
                out.extend(self._legal_moves_of(s))
            out.sort()
            return out
        if not isinstance(seat, int) or not 0 <= seat < self._n or not self._is_to_act(seat):
            return []
        out = self._legal_moves_of(seat)
        out.sort()
        return out

    def _legal_moves_of(self, seat: int) -> list[str]:
        hand = self._hands[seat]
        if self._phase == PHASE_TARGET:
            return [
                format_move(seat, TARGET, lines)
                for lines in arrangements(hand[0], hand[1], hand[2], HEXAGRAM_LINES)
            ]
        if self._phase == PHASE_PLAY:
            previous = self._previous_declared()
            out = [
                format_move(seat, PLAY, lines)
                for lines in arrangements(hand[0], hand[1], hand[2], self._k)
                if declared(lines) != previous
            ]
            out.extend(self._pong_moves(seat, previous))
            return out
        # claim phase: the offered form plus pass (rules §9 "Claim offers")
        out = [format_move(seat, PASS)]
        if self._offer_kind() == WIN_OFFER:
            for placement, _hexagram, _met in self._winning_placements(seat, self._last_lines):
                out.append(format_move(seat, WIN, "", "" if placement == OUTER else placement))
        else:
            out.extend(self._pong_moves(seat, declared(self._last_lines)))
        return out

    def _pong_moves(self, seat: int, pair: str) -> list[str]:
        """Pongs of the pure pair `pair` (declared lines) from seat's hand."""
        pure = pure_value(pair)
        hand = self._hands[seat]
        if pure < 0 or not can_form_pair(hand, pure, self._k, self._taiji_in_pong):
            return []
        placements = pong_placements(pure, len(self._progress[seat]), self._k)
        out = []
        for lines in arrangements(hand[0], hand[1], hand[2], self._k):
            if declared(lines) == pair:
                for placement in placements:
                    out.append(format_move(seat, PONG, lines, placement))
        return out

    # ------------------------------------------------------------------- ready

    def ready(self, seat: int) -> list[dict[str, Any]]:
        """聽: the winning single plays for `seat` (docs §5 ``g.ready``)."""
        if not isinstance(seat, int) or not 0 <= seat < self._n:
            raise ValueError(f"seat must be in 0..{self._n - 1}, not {seat!r}")
        progress = self._progress[seat]
        if len(progress) != HEXAGRAM_LINES - self._k:
            return []
        out = []
        for lines in arrangements(self._k, self._k, 0, self._k):  # {0,1}^k
            for placement in win_placements(lines, len(progress), self._k):
                hexagram = place(progress, lines, placement)
                if self._wins_with(seat, hexagram):
                    out.append(
                        {
                            "lines": lines,
                            "placement": placement,
                            "king_wen": king_wen(value_of(hexagram)),
                            "points_half": points_half(hexagram),
                        }
                    )
        out.sort(key=_ready_key)
        return out

    # -------------------------------------------------------------------- view

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see (docs §7; rules §6); ``-1``: an observer.
        Without the ``dice`` key (the caller adds it)."""
        if not isinstance(seat, int) or not -1 <= seat < self._n:
            raise ValueError(f"seat must be -1 or in 0..{self._n - 1}, not {seat!r}")
        last_play = None
        if self._last_seat >= 0:
            last_play = {
                "seat": self._last_seat,
                "kind": self._last_kind,
                "lines": self._last_lines,
                "placement": self._last_placement,
            }
        seats = []
        for s in range(self._n):
            entry = {
                "seat": s,
                "target_laid": bool(self._targets[s]),
                "hand_count": self._hand_size(s),
                "in_progress": self._progress[s],
                "completed": list(self._completed[s]),
            }
            if s == seat:  # own hand and target only (docs §7)
                hand = self._hands[s]
                entry["hand"] = hand_string(hand[0], hand[1], hand[2])
                entry["target"] = self._targets[s] if self._targets[s] else None
            seats.append(entry)
        return {
            "viewer": seat if seat >= 0 else None,
            "phase": self._phase,
            "dealer": self._dealer,
            "wall_remaining": len(self._wall) - self._pos,
            "turn": self._turn if self._phase == PHASE_PLAY else None,
            "claims_pending": self._phase == PHASE_CLAIM,
            "to_act": seat >= 0 and self._is_to_act(seat),
            "last_play": last_play,
            "seats": seats,
            "history": public_history(self._moves),
            "result": self.result(),
        }


def _ready_key(item: dict[str, Any]) -> tuple[str, str]:
    return (item["lines"], item["placement"])


def public_history(moves: list[str]) -> list[str]:
    """docs §7: targets written ``sN:target``, passes left out."""
    out = []
    for move in moves:
        if move.endswith(":pass"):
            continue
        cut = move.find(":target=")
        out.append(move[: cut + len(":target")] if cut >= 0 else move)
    return out
