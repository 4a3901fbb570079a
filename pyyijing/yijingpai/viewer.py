"""Yi Jing Pai's part of the replay viewer (`pyyijing.viewer`, docs/viewer.md): each step's table.

Every step is drawn from the engine's own views of the record's replay (the
observer's or one seat's `Game.view`; for a page of everything, each seat's own
view of its hand and target). Hexagrams carry their names and King Wen numbers
(`Hexagram`); each seat's waits are `Game.ready`, computed as the page is
written, and only of the seats whose tiles the page may show.
"""

from __future__ import annotations

from typing import Any

from ..core.replay import RecordDeal, record_rules
from ..viewer import items
from ..viewer.part import Timeline
from ..viewer.perspective import Perspective
from .game import Game
from .iching import Hexagram
from .rules import Rules

TITLE = "Yi Jing Pai 易經牌"

FACES = {
    "1": {"lines": "1", "tone": "yang", "title": "yang 陽"},
    "0": {"lines": "0", "tone": "yin", "title": "yin 陰"},
    "T": {"face": "☯", "sub": "太極", "tone": "taiji", "title": "taiji 太極"},
}

_RESULT_KINDS = {"self_draw": "self-drawn 自摸", "dealt_in": "on a claim 胡"}


def declared(lines: str) -> str:
    """Lines with each taiji as the line it was declared (``+`` yang, ``-`` yin)."""
    return lines.replace("+", "1").replace("-", "0")


def hexagram(lines: str) -> items.Item:
    """Six lines drawn, with the hexagram's glyph, King Wen number and names."""
    h = Hexagram.from_lines(declared(lines))
    return items.lines(lines, f"{h.unicode} {h.king_wen} {h.name}", f"{h.pinyin} · {h.name_en}")


def _action(move: str) -> str:
    return move.partition(":")[2].partition("=")[0].partition("@")[0]


def _seat_of(move: str) -> int | None:
    head = move.partition(":")[0]
    return int(head[1:]) if head[1:].isdigit() else None


class YijingpaiViewer:
    """`pyyijing.viewer.part.ViewerPart` for Yi Jing Pai."""

    def timeline(self, record: dict[str, Any], perspective: Perspective) -> Timeline:
        rules: Rules = record_rules(record, Rules)
        if perspective.seat is not None and perspective.seat >= rules.players:
            raise ValueError(
                f"this game has seats 0 to {rules.players - 1}; got seat {perspective.seat}"
            )
        game: Game = RecordDeal.of(record).deal(Game, rules, None)
        steps = [self._step(game, perspective, None, ())]
        for move in record["moves"]:
            before = game.view(perspective.seat) if perspective.hides else None
            game.apply(move)
            if before is None:
                shown: list[str] = [move]
            else:
                gained = game.view(perspective.seat)["history"][len(before["history"]) :]
                own = _seat_of(move) == perspective.seat
                shown = list(gained) if gained else ([move] if own else [])
            steps.append(self._step(game, perspective, shown, self._tags(shown, game)))
        return Timeline(
            title=TITLE,
            facts=self._facts(record, rules, game),
            seat_names=[f"s{s}" for s in range(rules.players)],
            faces=FACES,
            steps=steps,
        )

    @staticmethod
    def _tags(shown: list[str], game: Game) -> list[str]:
        tags = []
        if any(_action(m) == "pong" for m in shown):
            tags.append(items.CLAIM)
        result = game.result
        if shown and result is not None and result.winner is not None:
            tags.append(items.WIN)
        return tags

    def _step(
        self, game: Game, perspective: Perspective, shown: list[str] | None, tags: Any
    ) -> dict[str, Any]:
        table = game.view(perspective.seat)
        players = len(table["seats"])
        own = {
            s: game.view(s)["seats"][s] if perspective.shows_all else table["seats"][s]
            for s in range(players)
            if perspective.sees_hand(s)
        }
        seats = [self._seat(game, table, own.get(s), s) for s in range(players)]
        if perspective.shows_all:
            acting = game.to_act
        else:  # who is offered a claim is not for a seat or a spectator to see
            acting = [table["turn"]] if table["turn"] is not None else []
        move = ", ".join(shown) if shown else None
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
        if own is not None:
            hand: list[items.Item] = list(own["hand"])
        else:
            hand = [items.backs(public["hand_count"])] if public["hand_count"] else []
        sections = [items.section("hand", "hand", hand)]
        if own is not None and own["target"] is not None:
            sections.append(items.section("target", "target", [hexagram(own["target"])]))
        progress = items.lines(public["in_progress"], slots=6)
        sections.append(items.section("in-progress", "in progress", [progress]))
        done = [hexagram(lines) for lines in public["completed"]]
        sections.append(items.section("completed", "hexagrams", done))
        if own is not None and game.phase != "target":
            sections.append(items.section("waits", "waits 聽", self._waits(game, s)))
        badges = []
        if table["dealer"] == s:
            badges.append("dealer 莊")
        if public["target_laid"] and own is None:
            badges.append("target laid")
        return items.seat(f"s{s}", badges, sections)

    @staticmethod
    def _waits(game: Game, s: int) -> list[items.Item]:
        waits: list[items.Item] = []
        for w in game.ready(s):
            h = Hexagram.from_king_wen(w["king_wen"])
            cap = (
                f"@{w['placement']} → {h.unicode} {h.king_wen} {h.name} · {w['points_half'] / 2:g}"
            )
            waits.append(items.lines(w["lines"], cap, f"{h.pinyin} · {h.name_en}"))
        return waits or [items.text("none")]

    @staticmethod
    def _status(table: dict[str, Any], referee: Game | None) -> list[dict[str, Any]]:
        status = [
            items.fact("phase", table["phase"]),
            items.fact("wall", f"{table['wall_remaining']} tiles"),
        ]
        if table["turn"] is not None:
            status.append(items.fact("turn", f"s{table['turn']}"))
        if table["claims_pending"]:
            status.append(items.fact("claim", "offered"))
        last = table["last_play"]
        if last is not None:
            words = f"s{last['seat']} {last['kind']} @{last['placement']}"
            status.append(items.fact("last play", words, [items.lines(last["lines"])]))
        if referee is not None and referee.phase != "over":
            status.append(items.fact("to act", " ".join(f"s{s}" for s in referee.to_act)))
        return status

    @staticmethod
    def _result(result: dict[str, Any] | None) -> dict[str, Any] | None:
        if result is None:
            return None
        payments = result["payments"]
        rows = [[f"s{s}", p] for s, p in enumerate(payments)]
        columns = ["seat", "payment (half-points)"]
        if result["winner"] is None:
            return items.result("drawn hand 流局", [], columns, rows)
        headline = f"s{result['winner']} wins {_RESULT_KINDS.get(result['kind'], result['kind'])}"
        if result["dealt_in_by"] is not None:
            headline += f", s{result['dealt_in_by']} pays"
        facts = [
            items.fact("hexagram", None, [hexagram(result["lines"])]),
            items.fact("points", f"{result['points_half'] / 2:g}"),
            items.fact("conditions", ", ".join(result["conditions"])),
        ]
        return items.result(headline, facts, columns, rows)

    @staticmethod
    def _facts(record: dict[str, Any], rules: Rules, game: Game) -> list[dict[str, Any]]:
        options = rules.to_dict()
        words = ", ".join(
            f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in options.items()
        )
        facts = [items.fact("rules", words), items.fact("dealer", f"s{game.dealer}")]
        if game.dice is not None:
            facts.append(items.fact("dice", f"{game.dice[0]} + {game.dice[1]}"))
        facts.append(items.fact("moves", str(len(record["moves"]))))
        return facts


PART = YijingpaiViewer()
