"""Mahjong's part of the replay viewer (`pyyijing.viewer`, docs/viewer.md): the table at each step.

Every step is drawn from the engine's own views of the record's replay: the
observer's or one seat's `Game.view` for a page that hides, and for a page of
everything each seat's own view of its hand. Waits are `Game.waits`, computed
as the page is written, and only of the seats whose tiles the page may show.
"""

from __future__ import annotations

from typing import Any

from ..core.replay import RecordDeal, record_rules
from ..viewer import items
from ..viewer.part import Timeline
from ..viewer.perspective import Perspective
from .game import Game
from .rules import Rules

SEATS = 4

TITLES = {
    "common": "Common mahjong 大眾麻將",
    "shaoyang": "Shaoyang mahjong 邵陽麻將",
    "changsha": "Changsha mahjong 長沙麻將",
}

_SUITS = {"m": "萬", "p": "筒", "s": "條"}
_HONOURS = {
    "1z": ("東", "wind"),
    "2z": ("南", "wind"),
    "3z": ("西", "wind"),
    "4z": ("北", "wind"),
    "5z": ("白", "white"),
    "6z": ("發", "green"),
    "7z": ("中", "red"),
}
_FLOWERS = "春夏秋冬梅蘭菊竹"

#: Moves that take another seat's tile when made in phase claim.
_CLAIMS = ("chow", "pung", "kong", "open_kong")
#: Moves that win, or are paid as a win at once (Changsha's opening and mid-game wins).
_WINS = ("win", "opening", "mid")

_RESULT_KINDS = {
    "self_draw": "self-drawn 自摸",
    "discard": "on a discard 點炮",
    "robbed_kong": "robbing a kong 搶槓",
}


def faces() -> dict[str, dict[str, str]]:
    """Every tile's face: number and suit, honour or flower, and its colour."""
    out: dict[str, dict[str, str]] = {}
    for suit, name in _SUITS.items():
        for n in range(1, 10):
            out[f"{n}{suit}"] = {"face": str(n), "sub": name, "tone": suit}
    for code, (name, tone) in _HONOURS.items():
        out[code] = {"face": name, "tone": tone, "title": f"{code} {name}"}
    for n, name in enumerate(_FLOWERS, 1):
        out[f"{n}f"] = {"face": name, "sub": "花", "tone": "flower"}
    return out


def split_tiles(text: str) -> list[str]:
    """``"1m2m3m"`` -> ``["1m", "2m", "3m"]``."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def _action(move: str) -> str:
    return move.partition(":")[2].partition("=")[0]


def _seat_of(move: str) -> int | None:
    head = move.partition(":")[0]
    return int(head[1:]) if head[1:].isdigit() else None


class MahjongViewer:
    """`pyyijing.viewer.part.ViewerPart` for every mahjong ruleset."""

    def timeline(self, record: dict[str, Any], perspective: Perspective) -> Timeline:
        if perspective.seat is not None and perspective.seat >= SEATS:
            raise ValueError(f"mahjong has seats 0 to {SEATS - 1}; got seat {perspective.seat}")
        rules: Rules = record_rules(record, Rules)
        game: Game = RecordDeal.of(record).deal(Game, rules, None)
        steps = [self._step(game, perspective, None, ())]
        for move in record["moves"]:
            before = game.view(perspective.seat) if perspective.hides else None
            phase = game.phase
            game.apply(move)
            if before is None:
                shown: list[str] = [move]
            else:
                shown = self._seen(before, game.view(perspective.seat), move, perspective)
            steps.append(self._step(game, perspective, shown, self._tags(shown, phase, game)))
        return Timeline(
            title=TITLES.get(rules.ruleset, f"Mahjong ({rules.ruleset})"),
            facts=self._facts(record, rules, game),
            seat_names=[f"s{s}" for s in range(SEATS)],
            faces=faces(),
            steps=steps,
        )

    # -- what a step says happened -----------------------------------------------------
    @staticmethod
    def _seen(
        before: dict[str, Any], after: dict[str, Any], move: str, perspective: Perspective
    ) -> list[str]:
        """The moves a hiding page shows for `move`: what the viewer's history gained
        (a concealed kong of another seat without its tile; no pass), or the viewer's own
        move; nothing for a move it does not see."""
        gained = after["history"][len(before["history"]) :]
        if gained:
            return list(gained)
        return [move] if _seat_of(move) == perspective.seat else []

    @staticmethod
    def _tags(shown: list[str], phase_before: str, game: Game) -> list[str]:
        tags = []
        if phase_before == "claim" and any(_action(m) in _CLAIMS for m in shown):
            tags.append(items.CLAIM)
        result = game.result
        if any(_action(m) in _WINS for m in shown) or (
            shown and result is not None and result.winner is not None
        ):
            tags.append(items.WIN)
        return tags

    # -- the table -----------------------------------------------------------------------
    def _step(
        self, game: Game, perspective: Perspective, shown: list[str] | None, tags: Any
    ) -> dict[str, Any]:
        table = game.view(perspective.seat)
        own = {
            s: game.view(s)["seats"][s] if perspective.shows_all else table["seats"][s]
            for s in range(SEATS)
            if perspective.sees_hand(s)
        }
        seats = [self._seat(game, table, own.get(s), s) for s in range(SEATS)]
        if perspective.shows_all:
            acting = game.to_act
        else:  # who is offered a claim is not for a seat or a spectator to see
            acting = [table["turn"]] if table["turn"] is not None else []
        move = None if shown is None or not shown else ", ".join(shown)
        return items.step(
            move,
            tags,
            self._status(table, game if perspective.shows_all else None),
            seats,
            self._result(table["result"]),
            acting,
        )

    def _seat(
        self, game: Game, table: dict[str, Any], own: dict[str, Any] | None, s: int
    ) -> dict[str, Any]:
        public = table["seats"][s]
        seat = own if own is not None else public
        sections = [items.section("hand", "hand", self._hand(seat))]
        if seat["melds"]:
            sections.append(items.section("melds", "melds", [_meld(m) for m in seat["melds"]]))
        if seat["flowers"]:
            sections.append(items.section("flowers", "flowers 花", seat["flowers"]))
        if seat["revealed"]:
            shown = [
                items.group(
                    [items.tile(t, "revealed") for t in split_tiles(r["tiles"])],
                    f"{r['when']}: {' '.join(r['wins'])}",
                )
                for r in seat["revealed"]
            ]
            sections.append(items.section("revealed", "revealed", shown))
        discards = [
            items.tile(d["tile"], "claimed" if d["claimed"] else None) for d in seat["discards"]
        ]
        sections.append(items.section("discards", "discards", discards))
        if own is not None and own.get("hand") is not None:
            waits = game.waits(s)
            shown_waits = [items.tile(t, None, f"×{n}") for t, n in sorted(waits.items())]
            sections.append(items.section("waits", "waits 聽", shown_waits or [items.text("none")]))
        return items.seat(f"s{s}", self._badges(table, seat, s), sections)

    @staticmethod
    def _hand(seat: dict[str, Any]) -> list[items.Item]:
        hand = seat.get("hand")
        if hand is None:
            return [items.backs(seat["hand_count"])] if seat["hand_count"] else []
        tiles: list[items.Item] = list(split_tiles(hand))
        drawn = seat.get("drawn")
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)  # the tile just drawn stands apart, as at a table
            tiles.append(items.tile(drawn, "drawn"))
        return tiles

    @staticmethod
    def _badges(table: dict[str, Any], seat: dict[str, Any], s: int) -> list[str]:
        badges = []
        if table["dealer"] == s:
            badges.append("dealer 莊")
        if seat["declared"]:
            badges.append("ready 報聽")
        elif seat["locked"]:
            badges.append("locked")
        if seat["void"] is not None:
            badges.append(f"void 缺 {_SUITS[seat['void']]}")
        if seat["raise"] is not None:
            badges.append(f"raises 舉手 {seat['raise']}")
        if seat.get("pass_locked"):
            badges.append("過手")
        return badges

    @staticmethod
    def _status(table: dict[str, Any], referee: Game | None) -> list[dict[str, Any]]:
        status = [
            items.fact("phase", table["phase"]),
            items.fact("wall", f"{table['wall_remaining']} tiles"),
        ]
        if table["turn"] is not None:
            status.append(items.fact("turn", f"s{table['turn']}"))
        offer = table["offer"]
        if offer is not None:
            shown: list[items.Item] = [] if offer["tile"] is None else [offer["tile"]]
            shown += [items.tile(t, "revealed") for t in offer.get("revealed", [])]
            words = f"{offer['kind'].replace('_', ' ')} of s{offer['seat']}"
            status.append(items.fact("on offer", words, shown))
        if referee is not None and referee.phase != "over":
            status.append(items.fact("to act", " ".join(f"s{s}" for s in referee.to_act)))
        return status

    @staticmethod
    def _result(result: dict[str, Any] | None) -> dict[str, Any] | None:
        if result is None:
            return None
        winner, dealt_in = result["winner"], result["dealt_in_by"]
        if winner is None:
            headline = "drawn hand 荒莊"
        else:
            headline = f"s{winner} wins {_RESULT_KINDS.get(result['kind'], result['kind'])}"
            if dealt_in is not None:
                headline += f", s{dealt_in} pays"
        facts = []
        if result["win_tile"] is not None:
            facts.append(items.fact("win tile", None, [items.tile(result["win_tile"], "win")]))
        if result["patterns"]:
            facts.append(items.fact("patterns", " ".join(result["patterns"])))
        if result["birds"]:
            birds = [items.tile(t, "bird") for t in result["birds"]]
            facts.append(items.fact("birds 鳥", None, birds))
        payments = "  ".join(f"s{s} {p:+d}" for s, p in enumerate(result["payments"]))
        facts.append(items.fact("payments", payments))
        rows = [
            [reason, f"s{payer}", f"s{payee}", amount]
            for reason, payer, payee, amount in result["ledger"]
        ]
        return items.result(headline, facts, ["reason", "payer", "payee", "amount"], rows)

    @staticmethod
    def _facts(record: dict[str, Any], rules: Rules, game: Game) -> list[dict[str, Any]]:
        options = {k: v for k, v in rules.to_dict().items() if k != "ruleset"}
        facts = [items.fact("ruleset", rules.ruleset)]
        if options:
            facts.append(items.fact("rules", ", ".join(f"{k}={v}" for k, v in options.items())))
        facts.append(items.fact("dealer", f"s{game.dealer}"))
        if game.dice is not None:
            facts.append(items.fact("dice", f"{game.dice[0]} + {game.dice[1]}"))
        facts.append(items.fact("moves", str(len(record["moves"]))))
        return facts


def _meld(meld: dict[str, Any]) -> items.Item:
    kind = meld["kind"].replace("_", " ")
    cap = kind if meld["from"] is None else f"{kind} ← s{meld['from']}"
    if meld["tiles"] is None:  # another seat's concealed kong: its tile is not seen
        return items.group([items.backs(4)], cap)
    # The view writes a meld as its numbers and one suit: "345m", "5555s".
    suit = meld["tiles"][-1]
    return items.group([f"{n}{suit}" for n in meld["tiles"][:-1]], cap)


PART = MahjongViewer()
