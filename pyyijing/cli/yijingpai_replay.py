"""`yijing replay` of a Yi Jing Pai record (`yj.Game.record()`): each move with
the hexagram it targets or completes, then the result."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .errors import EXIT_INVALID, UsageError
from .records import game_number


def _hexagram_line(lines: str) -> str:
    import pyyijing as yj

    declared = lines.replace("+", "1").replace("-", "0")
    h = yj.Hexagram.from_lines(declared)
    return f"{h.unicode} {h.king_wen} {h.name} {h.pinyin} ({h.name_en})"


def replay_yijingpai(rec: dict[str, Any], args: argparse.Namespace) -> int:
    """Print Yi Jing Pai record `rec` move by move (game number `args.game`)."""
    import pyyijing as yj

    try:
        rules = yj.Rules.from_dict(rec["rules"])
        if rec.get("seed") is not None:
            source = rec.get("dealer_source", "dice")
            game = yj.Game(
                rules, seed=rec["seed"], dealer=None if source == "dice" else rec["dealer"]
            )
        else:
            game = yj.Game(rules, wall=rec["wall"], dealer=rec["dealer"])
    except KeyError as exc:
        raise UsageError(f"bad record: no {exc} field (is this a game record?)") from None
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bad record: {exc}") from None
    out = sys.stdout
    pols = rec.get("seat_policies")
    out.write(
        f"game {game_number(rec) if game_number(rec) is not None else args.game}: "
        f"{rules.variant} {rules.players}p, "
        f"seed {rec.get('seed')}, dealer {game.dealer}"
        + (f", seats {', '.join(pols)}" if pols else "")
        + "\n"
    )
    for s in range(rules.players):
        out.write(f"  s{s} dealt {game.view(s)['seats'][s]['hand']}\n")
    for i, move in enumerate(rec.get("moves", [])):
        verdict = game.validate(move)
        if not verdict.ok:
            out.write(f"{i:4d}  {move}   <- illegal: {verdict.code} ({verdict.message})\n")
            return EXIT_INVALID
        seat = int(move[1 : move.index(":")])
        before = len(game.view(None)["seats"][seat]["completed"])
        game.apply(move)
        note = ""
        view = game.view(None)
        if ":target=" in move:
            note = f"target {_hexagram_line(move.split('=', 1)[1])}"
        elif move.endswith(":pass"):
            note = "passes"
        elif ":win" not in move:
            st = view["seats"][seat]
            if len(st["completed"]) > before:
                note = f"completes {_hexagram_line(st['completed'][-1])}"
            else:
                note = f"in progress {st['in_progress']}"
        out.write(f"{i:4d}  {move:<22} {note}\n")
    result = game.result
    if result is None:
        out.write("(the record stops before the end of the hand)\n")
        return 0
    if result.kind == "draw":
        out.write("result: draw (wall exhausted)\n")
    else:
        how = "self-draw" if result.kind == "self_draw" else f"on s{result.dealt_in_by}'s play"
        assert result.lines is not None
        out.write(
            f"result: s{result.winner} wins {how} with {_hexagram_line(result.lines)}, "
            f"{result.points_half / 2:g} points ({', '.join(result.conditions)}); "
            f"payments {list(result.payments)} (half-points)\n"
        )
    return 0
