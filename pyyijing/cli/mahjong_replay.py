"""`yijing replay` and `yijing validate` for mahjong records (`mj.Game.record()`).

A record is mahjong's when its ``"game"`` is ``"mahjong"`` (docs/mahjong.md,
records); the commands find that themselves. Tiles are shown as their text
codes (``5p``, docs/mahjong.md "Tiles") and, with ``--glyphs``, as the Unicode
mahjong tiles too (U+1F000 block: 🀇 1m ... 🀏 9m, 🀙 1p, 🀐 1s, winds
🀀🀁🀂🀃, 白 🀆 發 🀅 中 🀄, flowers 春夏秋冬 🀦🀧🀨🀩 梅蘭菊竹 🀢🀣🀥🀤).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from typing import Any

from .errors import EXIT_INVALID, UsageError

_SUIT_BASE = {"m": 0x1F007, "p": 0x1F019, "s": 0x1F010}
# 1z-7z are 東 南 西 北 白 發 中; Unicode orders the dragons 中 發 白.
_HONOURS = {"1": 0x1F000, "2": 0x1F001, "3": 0x1F002, "4": 0x1F003}
_HONOURS |= {"5": 0x1F006, "6": 0x1F005, "7": 0x1F004}
# 1f-8f are 春 夏 秋 冬 梅 蘭 菊 竹; Unicode: plum orchid bamboo chrysanthemum, then seasons.
_FLOWERS = {"1": 0x1F026, "2": 0x1F027, "3": 0x1F028, "4": 0x1F029}
_FLOWERS |= {"5": 0x1F022, "6": 0x1F023, "7": 0x1F025, "8": 0x1F024}
_TILES = re.compile(r"^(?:[1-9]+[mpszf])+$")  # "5p", "345s", a whole hand "1m2m3p..."
_SUIT_NAMES = {"m": "萬", "p": "筒", "s": "條"}


def is_mahjong(record: Any) -> bool:
    return isinstance(record, dict) and record.get("game") == "mahjong"


def glyph(tile: str) -> str:
    """The Unicode mahjong tile of a text code: ``glyph("1m") == "🀇"``."""
    number, suit = tile[0], tile[1]
    if suit in _SUIT_BASE:
        return chr(_SUIT_BASE[suit] + int(number) - 1)
    return chr((_HONOURS if suit == "z" else _FLOWERS)[number])


def tiles_of(text: str) -> list[str]:
    """``"345s"`` or ``"3s4s5s"`` as ``["3s", "4s", "5s"]``; ValueError for other text."""
    if not _TILES.match(text):
        raise ValueError(f"not tiles: {text!r}")
    out = []
    for digits, suit in re.findall(r"([1-9]+)([mpszf])", text):
        out += [d + suit for d in digits]
    return out


class _Show:
    """Tiles as text, and as glyphs after them when asked."""

    def __init__(self, glyphs: bool) -> None:
        self.glyphs = glyphs

    def tiles(self, tiles: list[str]) -> str:
        text = "".join(tiles)
        if not self.glyphs or not tiles:
            return text
        return f"{text} {''.join(glyph(t) for t in tiles)}"

    def arg(self, text: str) -> str:
        """A move's argument: tiles shown as tiles, anything else as it is."""
        try:
            return self.tiles(tiles_of(text))
        except ValueError:
            return text


def replay_mahjong_record(record: Any) -> Any:
    """`mj.replay` (for `validate`): raises `RecordError` or `IllegalMove`."""
    from ..mahjong import replay

    return replay(record)


def _game_of(record: dict[str, Any]) -> Any:
    """The hand before its first move, built as `mj.replay` builds it."""
    from ..mahjong import Game, Rules

    try:
        rules = Rules.from_dict(record["rules"])
        if record.get("seed") is not None:
            source = record.get("dealer_source", "dice")
            dealer = None if source == "dice" else record["dealer"]
            return Game(rules, seed=record["seed"], dealer=dealer)
        return Game(rules, wall=record["wall"], dealer=record["dealer"])
    except KeyError as exc:
        raise UsageError(f"bad record: no {exc} field (is this a game record?)") from None
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bad record: {exc}") from None


def _holdings(game: Any) -> list[Counter[str]]:
    """Each seat's concealed tiles and flowers (what a draw adds to)."""
    out = []
    for s in range(4):
        seat = game.view(s)["seats"][s]
        out.append(
            Counter(tiles_of(seat["hand"]) if seat["hand"] else []) + Counter(seat["flowers"])
        )
    return out


def _describe(move: str, show: _Show) -> str:
    seat, _, rest = move.partition(":")
    verb, _, arg = rest.partition("=")
    words = {
        "discard": "discards",
        "chow": "chows",
        "pung": "pungs",
        "kong": "kongs",
        "open_kong": "開槓 with",
        "win": "wins",
        "pass": "passes",
        "ready": "declares ready (報聽)",
        "raise": "raises (舉手)",
        "void": "voids (定缺)",
        "opening": "declares its opening wins (起手胡)",
        "mid": "declares a mid-game win (中途)",
        "haidi": "takes the sea bottom (海底)",
    }
    text = f"{seat} {words.get(verb, verb)}"
    if arg:
        shown = (
            f"{arg} ({_SUIT_NAMES[arg]})"
            if verb == "void" and arg in _SUIT_NAMES
            else show.arg(arg)
        )
        text += f" {shown}"
    return text


def mahjong_outcome(result: Any) -> str:
    """One line: who won how, the patterns, the payments."""
    if result.winner is None:
        return f"draw (the wall is exhausted); payments {list(result.payments)}"
    how = {
        "self_draw": "by self-draw",
        "discard": f"on s{result.dealt_in_by}'s discard",
        "robbed_kong": f"robbing s{result.dealt_in_by}'s kong",
    }.get(result.kind, result.kind)
    tile = f" with {result.win_tile}" if result.win_tile else ""
    pats = f" ({', '.join(result.patterns)})" if result.patterns else ""
    return f"s{result.winner} wins {how}{tile}{pats}; payments {list(result.payments)}"


def replay_mahjong(record: dict[str, Any], args: argparse.Namespace) -> int:
    """Print a mahjong hand move by move; the result and its ledger at the end."""
    show = _Show(getattr(args, "glyphs", False))
    game = _game_of(record)
    out = sys.stdout
    rules = game.rules
    options = ", ".join(
        f"{k} {','.join(map(str, v)) if isinstance(v, tuple) else str(v).lower()}"
        for k, v in rules.options().items()
    )
    pols = record.get("seat_policies")
    number = record.get("index")
    out.write(
        f"hand{f' {number}' if isinstance(number, int) else ''}: {rules.ruleset}"
        f"{f' ({options})' if options else ''}, {rules.tiles} tiles, seed {record.get('seed')}, "
        f"dealer s{game.dealer}"
        + (f", dice {game.dice[0]}+{game.dice[1]}" if game.dice else "")
        + (f", seats {', '.join(pols)}" if pols else "")
        + "\n"
    )
    held = _holdings(game)
    for s in range(4):
        seat = game.view(s)["seats"][s]
        flowers = f"  flowers {show.tiles(seat['flowers'])}" if seat["flowers"] else ""
        dealt = sorted((held[s] - Counter(seat["flowers"])).elements(), key=_order)
        out.write(f"  s{s} dealt {show.tiles(dealt)}{flowers}\n")
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise UsageError("bad record: moves must be a list of move strings")
    for i, move in enumerate(moves):
        verdict = game.validate(move) if isinstance(move, str) else None
        if verdict is None or not verdict.ok:
            why = (
                f"{verdict.code} ({verdict.message})"
                if verdict
                else "malformed (a move is a string)"
            )
            out.write(f"{i:4d}  {move}   <- illegal: {why}\n")
            return EXIT_INVALID
        game.apply(move)
        after = _holdings(game)
        note = _describe(move, show)
        for s in range(4):
            drawn = sorted((after[s] - held[s]).elements(), key=_order)
            if drawn:
                note += f"; s{s} draws {show.tiles(drawn)}"
        verb = move.partition(":")[2].partition("=")[0]
        revealed = game.view(None)["seats"][int(move[1 : move.index(":")])]["revealed"]
        if verb in ("opening", "mid") and revealed:
            note += f": {', '.join(revealed[-1]['wins'])}"
        held = after
        out.write(f"{i:4d}  {move:<22} {note}\n")
    result = game.result
    if result is None:
        out.write("(the record stops before the end of the hand)\n")
        return 0
    out.write(f"result: {mahjong_outcome(result)}\n")
    if result.birds:
        out.write(f"birds (扎鳥): {show.tiles(list(result.birds))}\n")
    if result.ledger:
        out.write("ledger:\n")
        for reason, payer, payee, amount in result.ledger:
            out.write(f"  {reason:<16} s{payer} pays s{payee} {amount}\n")
    return 0


def _order(tile: str) -> tuple[int, str]:
    """Tiles sorted as a hand is read: 萬 筒 條, honours, flowers; by number."""
    return ("mpszf".index(tile[1]), tile[0])
