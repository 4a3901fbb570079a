"""Game adapters for the generic random-play test (tests/test_random_play.py).

The generic test plays thousands of seeded random games of every game, on every
backend, and checks what every game engine of pyyijing must do (like OpenSpiel's
RandomSimTest and pgx's api_test): every legal move validates, junk and near-miss
moves are rejected with a stable reason code and change nothing, copies are
independent, a record replays to the same game, views hide what they must, every
game ends with payments that sum to 0, and the tiles are conserved.

What differs between games is behind a `GameAdapter`. A game object is anything
with the public API of `pyyijing.Game`:

    phase (str, "over" when it has ended), to_act (list of seats),
    legal_moves(seat=None) -> sorted list of str, validate(move) -> Verdict
    (.ok, .code, .message), apply(move) (raises pyyijing.IllegalMove with .code,
    "malformed" for a non-str), copy() -> game, record() -> JSON-able dict,
    view(seat | None) -> JSON-able dict, result (None until over; then .payments).

To add a game, write an adapter (a subclass of `GameAdapter`: its option mixes,
how to build and replay a game, its reason codes, which view keys are private to
a seat, near-miss and junk moves with the reason codes they must get, and the
conservation check). `ADAPTERS` lists the adapter of every registered game
(`pyyijing.core.registry`) in registry order: a builtin game's adapter is in
`BUILTIN_ADAPTERS`; a game from elsewhere (tests/toygame) runs the same checks
with its own adapter through `test_random_play.run_games`. The test module runs
every check on every option mix of every game on every backend; nothing in
test_random_play.py names a game. Mahjong's option mixes span its rulesets.
"""

from __future__ import annotations

import abc
import functools
import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import changsha_oracle

import pyyijing as yj
from pyyijing import _registry
from pyyijing import mahjong as mj
from pyyijing.core import registry


@dataclass(frozen=True)
class OptionMix:
    """One rule set the random test sweeps: an id for the test name and the rules."""

    id: str
    rules: Any


class GameAdapter(abc.ABC):
    """What the generic random-play test needs to know about one game."""

    #: The game's name, used in the test ids.
    name: str = ""
    #: Every reason code `validate` may give an illegal move (the documented table).
    reason_codes: frozenset[str] = frozenset()
    #: Keys of a seat's part of a view that only that seat may see.
    hidden_keys: frozenset[str] = frozenset()
    #: The keys another seat's (and the observer's) view shows of a seat: all others leak.
    public_seat_keys: frozenset[str] = frozenset()
    #: How much slower than a Yi Jing Pai game a game of this one is (scales the game counts).
    cost: float = 1.0

    @abc.abstractmethod
    def option_mixes(self) -> list[OptionMix]:
        """The rule sets to sweep: every value of every option at least once."""

    @abc.abstractmethod
    def new_game(self, rules: Any, seed: int, backend: str) -> Any:
        """A fresh game dealt from `seed` on `backend`."""

    @abc.abstractmethod
    def replay(self, record: dict[str, Any], backend: str) -> Any:
        """The game rebuilt from `record` (every move re-checked) on `backend`."""

    @abc.abstractmethod
    def seats(self, game: Any) -> range:
        """The seats of the game (0..n-1)."""

    @abc.abstractmethod
    def max_moves(self, rules: Any) -> int:
        """A bound on the moves of any game under `rules`: more means it never ends."""

    @abc.abstractmethod
    def seat_entries(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The per-seat parts of a view, indexed by seat."""

    def value_leaks(self, owner: dict[str, Any], seen: dict[str, Any]) -> list[str]:
        """Private values of a seat (`owner`: its part of its own view) that show in
        `seen` (its part of someone else's view); a description of each."""
        return []

    @abc.abstractmethod
    def check_view(self, game: Any, viewer: int | None, view: dict[str, Any]) -> None:
        """Game-specific checks of one view (what the rules say it shows and hides)."""

    @abc.abstractmethod
    def near_misses(self, game: Any, move: str, rng: random.Random) -> list[tuple[str, str | None]]:
        """Moves a character or a seat away from the legal `move` (or, when the game is
        over, from the last move played), with the reason code each must get if it is
        illegal (None: any code of `reason_codes`). Some may be legal; the test then
        checks that they are among the legal moves."""

    @abc.abstractmethod
    def junk_moves(self, game: Any, rng: random.Random) -> list[tuple[str, str | None]]:
        """Strings that are not moves at all (empty, unicode, huge, bad seats), with the
        reason code each must get."""

    @abc.abstractmethod
    def check_conservation(self, game: Any, views: dict[int | None, dict[str, Any]]) -> None:
        """Assert that no tile was made or lost: the tiles seen in hands, targets, melds
        and the wall are exactly the tile set (`views`: the game's views now, by seat,
        None: the observer's)."""

    def record_moves(self, record: dict[str, Any]) -> list[str]:
        """The moves a record lists, in the order they were played."""
        moves: list[str] = record["moves"]
        return moves

    def payments(self, game: Any) -> Sequence[int]:
        """The payments of the ended game, by seat."""
        return list(game.result.payments)


# --------------------------------------------------------------------------- Yi Jing Pai


# docs/yijing.md §6, in the order of the table.
YIJINGPAI_REASON_CODES = frozenset(
    {
        "malformed",
        "no_such_seat",
        "game_over",
        "wrong_phase",
        "target_already_laid",
        "not_your_turn",
        "wrong_count",
        "not_a_pair",
        "no_pong_available",
        "taiji_not_allowed",
        "tiles_not_in_hand",
        "repeat_play",
        "bad_placement",
        "cannot_win",
    }
)

# docs/yijing.md §6 check 4: the move kinds each phase accepts.
_PHASE_KINDS = {"target": {"target"}, "play": {"play", "pong"}, "claim": {"win", "pong", "pass"}}
_LINE_SWAPS = {"1": "0+-", "0": "1+-", "+": "-10", "-": "+01"}
_MAX_MOVE_CHARS = 64  # docs/yijing.md §1
_VIEW_KEYS = frozenset(
    {
        "viewer",
        "phase",
        "dealer",
        "dice",
        "wall_remaining",
        "turn",
        "claims_pending",
        "to_act",
        "last_play",
        "seats",
        "history",
        "result",
    }
)


def _kind(action: str) -> str:
    return action.split("=")[0].split("@")[0]


def _yijingpai_mixes() -> list[OptionMix]:
    # A covering set: every value of every option, most pairs of values (taiji_in_pong
    # False always with taiji wild, where it matters), six win-condition sets.
    basic = ("two_targets", "three_of_a_kind")
    every = yj.WIN_CONDITIONS
    tt, toak = ("two_targets",), ("three_of_a_kind",)
    trigrams = ("target_and_eight_trigrams", "eight_trigrams_and_pair")
    qian_kun = ("eight_trigrams_and_qian", "eight_trigrams_and_kun")
    tt_pair = ("two_targets", "eight_trigrams_and_pair")
    rows = [
        ("standard", 4, 144, "wild", True, basic, "each", "dice"),
        ("standard", 2, 144, "wild", False, every, "split", "winner"),
        ("standard", 3, 162, "none", True, tt, "each", "rotate"),
        ("standard", 4, 162, "wild", False, toak, "split", "dice"),
        ("standard", 2, 162, "none", True, trigrams, "each", "dice"),
        ("standard", 3, 144, "wild", True, qian_kun, "split", "winner"),
        ("simple", 4, 144, "none", True, every, "split", "rotate"),
        ("simple", 2, 144, "wild", True, basic, "split", "dice"),
        ("simple", 3, 162, "wild", False, basic, "each", "winner"),
        ("simple", 4, 162, "wild", False, tt_pair, "each", "dice"),
        ("simple", 2, 162, "none", True, toak, "each", "rotate"),
        ("simple", 3, 144, "wild", False, every, "split", "dice"),
    ]
    short = {name: "".join(w[0] for w in name.split("_")) for name in every}
    mixes = []
    for variant, players, deck, taiji, in_pong, wins, payment, dealer in rows:
        rules = yj.Rules(
            variant=variant,
            players=players,
            deck=deck,
            taiji=taiji,
            taiji_in_pong=in_pong,
            win_conditions=wins,
            self_draw_payment=payment,
            next_dealer=dealer,
        )
        win_id = "all" if set(wins) == set(every) else "+".join(short[w] for w in wins)
        pong_id = "" if taiji == "none" else ("-tpong" if in_pong else "-notpong")
        mix_id = f"{variant}-{players}p-{deck}-{taiji}{pong_id}-{win_id}-{payment}"
        mixes.append(OptionMix(mix_id, rules))
    return mixes


class YijingpaiAdapter(GameAdapter):
    """Yi Jing Pai through `pyyijing.Game` (docs/yijing.md)."""

    name = "yijingpai"
    reason_codes = YIJINGPAI_REASON_CODES
    hidden_keys = frozenset({"hand", "target"})
    public_seat_keys = frozenset({"seat", "target_laid", "hand_count", "in_progress", "completed"})

    def option_mixes(self) -> list[OptionMix]:
        return _yijingpai_mixes()

    def new_game(self, rules: Any, seed: int, backend: str) -> Any:
        return yj.Game(rules, seed=seed, backend=backend)

    def replay(self, record: dict[str, Any], backend: str) -> Any:
        return yj.replay(record, backend=backend)

    def seats(self, game: Any) -> range:
        return range(game.rules.players)

    def max_moves(self, rules: Any) -> int:
        # Targets, then at most one play per tile (each followed by at most
        # players-1 declined offers), then a win.
        return int(rules.players + rules.wall_size * rules.players + 1)

    def seat_entries(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = view["seats"]
        return entries

    def value_leaks(self, owner: dict[str, Any], seen: dict[str, Any]) -> list[str]:
        leaks = []
        # A laid target is 6 lines; nothing public about a seat is a 6-line string
        # (in_progress has at most 5 lines, completed is a list).
        if owner.get("target") and owner["target"] in seen.values():
            leaks.append(f"target {owner['target']!r}")
        # A hand with a taiji (`T`) cannot be mistaken for lines (`+`/`-`); a plain
        # hand may equal the seat's in-progress lines by chance.
        hand = owner.get("hand")
        if hand and any(v == hand and k != "in_progress" for k, v in seen.items()):
            leaks.append(f"hand {hand!r}")
        if hand and "T" in hand and hand in seen.values():
            leaks.append(f"hand {hand!r}")
        return leaks

    def check_view(self, game: Any, viewer: int | None, view: dict[str, Any]) -> None:
        where = f"view({viewer})"
        # The schema of docs/yijing.md §7, exactly.
        assert set(view) == _VIEW_KEYS, f"{where} keys {sorted(set(view) ^ _VIEW_KEYS)}"
        for entry in view["seats"]:
            keys = self.public_seat_keys | (self.hidden_keys if entry["seat"] == viewer else set())
            assert set(entry) == keys, f"{where} seat {entry['seat']} keys {sorted(entry)}"
        assert [e["seat"] for e in view["seats"]] == list(self.seats(game)), where
        assert view["viewer"] == viewer, where
        assert view["phase"] == game.phase, where
        # Who is being offered a claim is private (rules page §9): the view says only
        # that claims are pending, and whether the viewer may act.
        assert view["claims_pending"] == (game.phase == "claim"), where
        assert view["to_act"] == (viewer is not None and viewer in game.to_act), where
        if game.phase != "play":
            assert view["turn"] is None, where
        # The public history hides targets' lines and passes (docs §7).
        for m in view["history"]:
            assert "target=" not in m, f"{where}: history shows a target: {m}"
            assert not m.endswith(":pass"), f"{where}: history shows a pass: {m}"
        if viewer is not None:
            own = view["seats"][viewer]
            assert len(own["hand"]) == own["hand_count"], where
            assert own["hand"] == "".join(sorted(own["hand"], key="10T".index)), where
            assert (own["target"] is not None) == own["target_laid"], where

    def near_misses(self, game: Any, move: str, rng: random.Random) -> list[tuple[str, str | None]]:
        players = game.rules.players
        phase = game.phase
        prefix, action = move.split(":", 1)
        seat = int(prefix[1:])
        kind = _kind(action)
        head, sep, lines = action.partition("=")
        lines, at, placement = lines.partition("@")
        out: list[tuple[str, str | None]] = []

        def out_of_turn(kind: str) -> str:
            # docs/yijing.md §6: the first failing check for a well-formed move of a
            # seat that may not act now.
            if phase == "over":
                return "game_over"
            if kind not in _PHASE_KINDS[phase]:
                return "wrong_phase"
            return "target_already_laid" if phase == "target" else "not_your_turn"

        # The same move by every other seat, and by seats that do not exist.
        for other in range(players):
            if other != seat:
                code = None if other in game.to_act else out_of_turn(kind)
                out.append((f"s{other}:{action}", code))
        for other in (players, 9, 10, 2**64, 10**30):
            out.append((f"s{other}:{action}", "no_such_seat"))
        out += [(f"s0{seat}:{action}", "malformed"), (f"s:{action}", "malformed")]
        out += [(f"S{seat}:{action}", "malformed"), (f"s{seat}{action}", "malformed")]
        # Every line changed to every other line character (some may be legal).
        for i, c in enumerate(lines):
            for d in _LINE_SWAPS[c]:
                changed = lines[:i] + d + lines[i + 1 :]
                out.append((f"{prefix}:{head}{sep}{changed}{at}{placement}", None))
        # Other placement suffixes (and the move kinds that take none).
        for suffix in ("", "@outer", "@inner", "@split"):
            if suffix != at + placement:
                out.append((f"{prefix}:{head}{sep}{lines}{suffix}", None))
        out += [(f"{move}@", "malformed"), (f"{prefix}:{head}{sep}{lines}@bogus", "malformed")]
        out.append((f"{move}@outer", "malformed" if at else None))
        # Truncated, extended, respelt.
        out += [(move[:i], "malformed") for i in sorted({0, 1, 2, len(prefix) + 1})]
        out += [(move[:-1], None), (move[: len(move) // 2], None)]
        out += [(move + c, None) for c in "01+-"]
        out += [(move + c, "malformed") for c in (" ", "\n", "x", "=", ":", "\x00")]
        out += [(" " + move, "malformed"), (move.upper(), "malformed")]
        out.append((move.replace(":", "::", 1), "malformed"))
        if sep:
            out.append((move.replace("=", "==", 1), "malformed"))
        out.append((move + "0" * (_MAX_MOVE_CHARS + 1 - len(move)), "malformed"))
        # Other kinds of move by the same seat.
        k = game.rules.play_size
        for other_action in (
            "pass",
            "win",
            "win@inner",
            "win@split",
            "win@outer",
            f"play={lines}",
            f"pong={lines}@outer",
            f"pong={'0' * k}@inner",
            f"pong={'1' * k}@split",
            f"target={(lines * 6)[:6]}",
        ):
            if other_action != action:
                out.append((f"{prefix}:{other_action}", None))
        # What the seats that may not act now would play if they could: out of turn.
        for other in self.seats(game):
            if other in game.to_act:
                continue
            hand = game.view(other)["seats"][other]["hand"]
            if hand:  # "play=" with no lines is malformed
                play = f"s{other}:play={hand.replace('T', '+')}"
                out.append((play, out_of_turn("play")))
            for other_action in ("pass", "win", "target=111000"):
                out.append((f"s{other}:{other_action}", out_of_turn(_kind(other_action))))
        return out

    def junk_moves(self, game: Any, rng: random.Random) -> list[tuple[str, str | None]]:
        players = game.rules.players
        noise = "".join(rng.choice("s0123456789:=+-@playongwinuterspdxT ") for _ in range(30))
        malformed = [
            "",
            " ",
            "\x00",
            "s",
            "s0",
            "s0:",
            ":",
            "0:pass",
            "s0:pass:pass",
            "s0:PASS",
            "s0 :pass",
            "s0:target",
            "s0:target=",
            "s0:play=",
            "s0:pong=@outer",
            "s0:win@",
            "s0:wins",
            "s0:bogus",
            "s-1:pass",
            "s+1:pass",
            "s0x1:pass",
            "s\uff10:pass",  # fullwidth 0
            "s\u0660:pass",  # arabic-indic 0
            "s0:play=\uff11\uff10",
            "s0:target=\u0661\u0661\u0661\u0660\u0660\u0660",
            "s0:pass\u200b",
            "s0:pass\u0301",
            "易經牌",
            "\U0001f004",
            "s0:play=⚊⚋",
            "x" * (_MAX_MOVE_CHARS + 1),
            "s0:target=" + "1" * 1000,
            "s" + "9" * 10_000 + ":pass",
            "s0:play=" + "10" * 500_000,
            "\U0001f004" * 100_000,
            noise + "\t",
        ]
        out: list[tuple[str, str | None]] = [(m, "malformed") for m in malformed]
        out += [(f"s{players}:pass", "no_such_seat"), ("s9:play=10", "no_such_seat")]
        out += [("s9:" + "x", "malformed"), (noise, None)]
        return out

    def check_conservation(self, game: Any, views: dict[int | None, dict[str, Any]]) -> None:
        rules = game.rules
        wall = game.record()["wall"]
        public = views[None]
        remaining = public["wall_remaining"]
        assert 0 <= remaining <= len(wall) == rules.wall_size
        # The tile set, and the tiles drawn so far are the front of the wall (docs §2).
        assert Counter(wall) == Counter(
            {"1": rules.line_tiles, "0": rules.line_tiles, "T": rules.taiji_tiles}
        ), "the wall is not the tile set"
        drawn = Counter(wall[: len(wall) - remaining])
        seen: Counter[str] = Counter()
        for s in self.seats(game):
            own = views[s]["seats"][s]
            seen.update(own["hand"])
            seen.update(_tiles(own["target"] or ""))
            entry = public["seats"][s]
            assert entry["hand_count"] == len(own["hand"])
            assert entry["target_laid"] == (own["target"] is not None)
            seen.update(_tiles(entry["in_progress"]))
            for hexagram in entry["completed"]:
                assert len(hexagram) == 6, hexagram
                seen.update(_tiles(hexagram))
        assert +seen == +drawn, (
            f"tiles in hands, targets and hexagrams {dict(seen)} != tiles drawn {dict(drawn)} "
            f"({remaining} left in the wall)"
        )


def _tiles(lines: str) -> str:
    """The tiles behind declared lines: a taiji (+/-) is the tile T."""
    return lines.replace("+", "T").replace("-", "T")


# --------------------------------------------------------------------------- mahjong

# The oracle below is written from docs/mahjong-engine.md and shared/rules/mahjong.md
# alone (its own parser, win test, waits and offers); the engine must agree with it.

MAHJONG_REASON_CODES = frozenset(mj.REASONS) - {"ok"}
_MJ_CODES = tuple([f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)])
_MJ_ID = {code: i for i, code in enumerate(_MJ_CODES)}
_MJ_SUITS = "mps"
_MJ_MOVE = re.compile(
    r"s(0|[1-9][0-9]*):(?:"
    r"(?P<tiled>discard|ready|kong|pung|open_kong)=(?P<tile>[1-9][mps]|[1-7]z)"
    r"|chow=(?P<chow>[1-9]{3}[mps])"
    r"|void=(?P<void>[mps])"
    r"|raise=(?P<raise>[0-9])"
    r"|(?P<bare>win|pass|opening|mid|haidi))"
)
# A chow written with a 0 ("chow=012m"): "three digits" (docs) or digits 1-9? Not pinned.
_MJ_CHOW_ZERO = re.compile(r"s(0|[1-9][0-9]*):chow=[0-9]{3}[mps]")
_MJ_CHANGSHA_ACTIONS = frozenset({"opening", "mid", "open_kong", "haidi"})
_MJ_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_MJ_VIEW_KEYS = frozenset(
    {
        "viewer",
        "phase",
        "dealer",
        "wall_remaining",
        "turn",
        "claims_pending",
        "offer",
        "seats",
        "history",
        "result",
        "dice",  # added by mj.Game.view, as yj.Game.view does (not in the engine's schema)
    }
)
_MJ_PUBLIC_SEAT_KEYS = frozenset(
    {
        "seat",
        "hand_count",
        "melds",
        "discards",
        "flowers",
        "declared",
        "locked",
        "void",
        "raise",
        "revealed",
    }
)
_MJ_LEDGER_REASONS = frozenset(
    {
        "exposed_kong",
        "concealed_kong",
        "added_kong",
        "discard",
        "self_draw",
        "robbed_kong",
        "ready_bonus",
        "kong_bloom",
        "opening",
        "mid",
    }
)
_MJ_SHAOYANG_PATTERNS = frozenset({"平胡", "碰碰對", "清一色", "七巧對", "十三浪", "全風十三浪"})
_MJ_MELD_KINDS = frozenset({"chow", "pung", "kong", "added_kong", "concealed_kong"})


def mj_parse(move: str) -> tuple[int, str, int] | str:
    """(seat, action, arg) of a well-formed move (arg: tile id, chow's low id, suit,
    digit, or -1; a chow that is not a run: -2), else "malformed" ("unpinned": a chow
    with a 0, which the docs do not settle)."""
    m = _MJ_MOVE.fullmatch(move)
    if m is None:
        return "unpinned" if _MJ_CHOW_ZERO.fullmatch(move) else "malformed"
    seat = int(m.group(1)) if len(m.group(1)) < 6 else 10**6
    if m.group("tiled"):
        return seat, m.group("tiled"), _MJ_ID[m.group("tile")]
    if m.group("chow"):
        d = [int(c) for c in m.group("chow")[:3]]
        suit = _MJ_SUITS.index(m.group("chow")[3])
        low = suit * 9 + d[0] - 1 if d[1] == d[0] + 1 and d[2] == d[0] + 2 else -2
        return seat, "chow", low
    if m.group("void"):
        return seat, "void", _MJ_SUITS.index(m.group("void"))
    if m.group("raise"):
        return seat, "raise", int(m.group("raise"))
    return seat, m.group("bare"), -1


@functools.cache
def _mj_sets_only(c: tuple[int, ...], honours: bool) -> bool:
    """Do these counts of one suit split into pungs and chows?"""
    i = next((i for i, n in enumerate(c) if n), -1)
    if i < 0:
        return True
    if c[i] >= 3 and _mj_sets_only((*c[:i], c[i] - 3, *c[i + 1 :]), honours):
        return True
    if honours or i > 6 or not c[i + 1] or not c[i + 2]:
        return False
    return _mj_sets_only((*c[:i], c[i] - 1, c[i + 1] - 1, c[i + 2] - 1, *c[i + 3 :]), honours)


@functools.cache
def _mj_group_ok(c: tuple[int, ...], honours: bool) -> bool:
    r = sum(c) % 3
    if r == 0:
        return _mj_sets_only(c, honours)
    if r == 1:
        return False
    return any(
        n >= 2 and _mj_sets_only((*c[:i], n - 2, *c[i + 1 :]), honours) for i, n in enumerate(c)
    )


def mj_regular(counts: list[int]) -> bool:
    """The regular shape: sets and one pair (§3)."""
    if sum(counts) % 3 != 2:
        return False
    groups = [tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34])]
    return sum(sum(g) % 3 == 2 for g in groups) == 1 and all(
        _mj_group_ok(g, k == 3) for k, g in enumerate(groups)
    )


def mj_thirteen_orphans(counts: list[int]) -> bool:
    """十三浪: the 13 terminal and honour kinds, one of them paired (seed 002 出牌方法 5):
    14 tiles, every orphan kind held, no other kind."""
    others = [t for t in range(34) if t not in _MJ_ORPHANS]
    return (
        sum(counts) == 14
        and min(counts[t] for t in _MJ_ORPHANS) >= 1
        and not any(counts[t] for t in others)
    )


def mj_wins(counts: list[int], void: int | None, melds: int, shaoyang: bool = False) -> bool:
    """Common: the regular shape, or seven pairs with no melds; never holding the void suit.
    Shaoyang (§6) also 十三浪 with no melds."""
    if void is not None and any(counts[void * 9 : void * 9 + 9]):
        return False
    if sum(counts) % 3 != 2:
        return False
    if mj_regular(counts):
        return True
    if melds:
        return False
    seven = sum(counts) == 14 and all(n % 2 == 0 for n in counts)
    return seven or (shaoyang and mj_thirteen_orphans(counts))


def mj_option(rules: Any, name: str, default: Any = False) -> Any:
    """An option of `rules`, or `default` when the ruleset has no such option."""
    return rules.options().get(name, default)


def _mj_tiles(text: str) -> list[int]:
    return [_MJ_ID[text[i : i + 2]] for i in range(0, len(text), 2)]


def _mj_meld_tiles(text: str) -> list[int]:
    """ "345m" / "555p" / "5555p" -> tile ids."""
    return [_MJ_ID[d + text[-1]] for d in text[:-1]]


class MjState:
    """What the oracle needs of a game, read through the public API only."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self._offer: tuple[int, list[str]] | None = None
        self.rules = game.rules
        # Changsha has its own oracle (tests/changsha_oracle.py): a simulation of the hand.
        self.changsha = changsha_oracle.CsState(game) if self.rules.ruleset == "changsha" else None
        self.phase: str = game.phase
        self.to_act: list[int] = game.to_act
        self.moves: list[str] = game.moves
        self.views = [game.view(s) for s in range(4)]
        self.public = game.view(None)
        self.own = [self.views[s]["seats"][s] for s in range(4)]
        self.counts = []
        for s in range(4):
            c = [0] * 34
            for t in _mj_tiles(self.own[s]["hand"] or ""):  # None in phase raise
                c[t] += 1
            self.counts.append(c)
        self.void = [None if o["void"] is None else _MJ_SUITS.index(o["void"]) for o in self.own]
        self.raises: list[int | None] = [o["raise"] for o in self.own]
        self.wall_remaining: int = self.public["wall_remaining"]
        self.shaoyang = self.rules.ruleset == "shaoyang"
        self.void_game = bool(mj_option(self.rules, "void_suit"))
        self.ready_on = (
            self.rules.ruleset == "common"
            and bool(mj_option(self.rules, "declare_ready"))
            and not self.void_game
        )
        last = [m for m in self.moves if not m.endswith(":pass")]
        self.last = mj_parse(last[-1]) if last else None
        # The turn seat got its turn by a chow or pung: its last move was that claim.
        self.claimed_turn = (
            self.phase == "play"
            and isinstance(self.last, tuple)
            and self.last[1] in ("chow", "pung")
            and self.last[0] == self.to_act[0]
        )

    def meld_count(self, seat: int) -> int:
        return len(self.own[seat]["melds"])

    def has_pung(self, seat: int, tile: int) -> bool:
        code = _MJ_CODES[tile]
        return any(
            m["kind"] == "pung" and m["tiles"] == code[0] * 3 + code[1]
            for m in self.own[seat]["melds"]
        )

    def holds_void(self, seat: int) -> bool:
        v = self.void[seat]
        return v is not None and any(self.counts[seat][v * 9 : v * 9 + 9])

    def wins(self, seat: int, counts: list[int]) -> bool:
        return mj_wins(counts, self.void[seat], self.meld_count(seat), self.shaoyang)

    def kong_kind(self, seat: int, tile: int) -> str:
        """The kind of seat's kong of `tile` (its own view's meld)."""
        code = _MJ_CODES[tile]
        for m in self.own[seat]["melds"]:
            if m["tiles"] == code[0] * 4 + code[1]:
                return str(m["kind"])
        raise AssertionError(f"seat {seat} has no kong of {code}")

    def wins_with(self, seat: int, tile: int) -> bool:
        c = self.counts[seat]
        c[tile] += 1
        ok = self.wins(seat, c)
        c[tile] -= 1
        return ok

    def own_copies(self, seat: int, tile: int) -> int:
        n = self.counts[seat][tile]
        for m in self.own[seat]["melds"]:
            n += _mj_meld_tiles(m["tiles"]).count(tile)
        return n

    def wait_kinds(self, seat: int, counts: list[int] | None = None) -> list[int]:
        """The kinds that win for the seat's 13 - 3k tiles (§3), [] otherwise."""
        c = self.counts[seat] if counts is None else counts
        if sum(c) + 3 * self.meld_count(seat) != 13:
            return []
        out = []
        for t in range(34):
            if self.own_copies(seat, t) - self.counts[seat][t] + c[t] < 4:
                c[t] += 1
                if self.wins(seat, c):
                    out.append(t)
                c[t] -= 1
        return out

    def waits(self, seat: int) -> dict[str, int]:
        if self.changsha is not None:
            return self.changsha.waits(seat)
        kinds = self.wait_kinds(seat)
        seen = list(self.counts[seat])
        for entry in self.views[seat]["seats"]:
            for m in entry["melds"]:
                if m["tiles"] is not None:  # another seat's concealed kong is not seen
                    for t in _mj_meld_tiles(m["tiles"]):
                        seen[t] += 1
            for d in entry["discards"]:
                if not d["claimed"]:
                    seen[_MJ_ID[d["tile"]]] += 1
        return {_MJ_CODES[t]: max(0, 4 - seen[t]) for t in kinds}

    def chows(self, seat: int, tile: int) -> list[str]:
        if tile >= 27:
            return []
        c, n, suit = self.counts[seat], tile % 9, _MJ_SUITS[tile // 9]
        out = []
        for low in range(max(0, n - 2), min(n, 6) + 1):
            if all(c[tile - n + x] for x in range(low, low + 3) if x != n):
                out.append(f"{low + 1}{low + 2}{low + 3}{suit}")
        return out

    def offers(self) -> list[tuple[int, list[str]]]:
        """The offers of the tile on offer now (docs "Claims"), in order."""
        assert isinstance(self.last, tuple), "a claim without a discard or kong before it"
        src, action, tile = self.last
        code = _MJ_CODES[tile]
        out: list[tuple[int, list[str]]] = []
        if action == "kong":  # robbing a kong: 胡 only, from the konger's next seat (§4)
            concealed = self.kong_kind(src, tile) == "concealed_kong"
            for k in (1, 2, 3):
                s = (src + k) % 4
                if not self.wins_with(s, tile):
                    continue
                if concealed:  # Shaoyang: only 十三浪 or 全風十三浪 rob a concealed kong (§6)
                    c = list(self.counts[s])
                    c[tile] += 1
                    if not mj_thirteen_orphans(c) and not (
                        mj_regular(c) and not any(c[:27]) and self.all_honour_melds(s)
                    ):
                        continue
                out.append((s, [f"s{s}:win"]))
            return out
        if not self.shaoyang:  # Shaoyang: no win on a discard (§6)
            for k in (1, 2, 3):
                s = (src + k) % 4
                if self.wins_with(s, tile):
                    out.append((s, [f"s{s}:win"]))
        nxt = (src + 1) % 4
        holders = [s for s in range(4) if s != src and self.counts[s][tile] >= 2]
        assert len(holders) <= 1, f"two seats hold two {code}"
        p = holders[0] if holders else None
        if p is not None and not self.own[p]["declared"] and tile // 9 != self.void[p]:
            moves = [f"s{p}:pung={code}"]
            if self.counts[p][tile] == 3 and self.wall_remaining > 0:
                moves.append(f"s{p}:kong={code}")
            if p == nxt and not self.void_game:
                moves += [f"s{p}:chow={c}" for c in self.chows(p, tile)]
            out.append((p, moves))
        if p != nxt and not self.void_game and not self.own[nxt]["declared"]:
            chows = self.chows(nxt, tile)
            if chows:
                out.append((nxt, [f"s{nxt}:chow={c}" for c in chows]))
        return out

    def all_honour_melds(self, seat: int) -> bool:
        return all(m["tiles"][-1] == "z" for m in self.own[seat]["melds"])

    def current_offer(self) -> tuple[int, list[str]]:
        """The offer being answered: the one after as many as have been passed."""
        if self._offer is not None:
            return self._offer
        passes = 0
        for m in reversed(self.moves):
            if not m.endswith(":pass"):
                break
            passes += 1
        offers = self.offers()
        assert passes < len(offers), f"{passes} passes of {len(offers)} offers {offers}"
        self._offer = offers[passes]
        return self._offer

    # -- the order of checks (docs/mahjong-engine.md "Moves and the order of checks",
    # "eng" below; shared/rules/mahjong.md "rules")

    # eng step 3: the phases each action exists in (`kong` and `win` in play and claim).
    _PHASES: ClassVar[dict[str, tuple[str, ...]]] = {
        "raise": ("raise",),
        "void": ("void",),
        "discard": ("play",),
        "ready": ("play",),
        "pung": ("claim",),
        "chow": ("claim",),
        "pass": ("claim",),
        "kong": ("play", "claim"),
        "win": ("play", "claim"),
    }

    def actions_in_rules(self) -> set[str]:
        """eng step 2: what this ruleset knows; Changsha's actions never (it has its own
        oracle), `raise` in Shaoyang only, `void` in the void-suit game only, which has no
        chow; `ready` with 報聽 on (rules §11: never with the void suit; eng: "always"
        off in Shaoyang)."""
        known = {"discard", "kong", "pung", "chow", "win", "pass"}
        if self.shaoyang:
            known.add("raise")
        if self.void_game:
            known = (known | {"void"}) - {"chow"}
        if self.ready_on:
            known.add("ready")
        return known

    def code(self, move: str) -> str | None:
        if self.changsha is not None:
            return self.changsha.code(move)
        parsed = mj_parse(move)
        if parsed == "unpinned":
            return None
        if isinstance(parsed, str):
            return parsed  # eng parsing: malformed
        seat, action, arg = parsed
        if seat >= 4:
            return "no_such_seat"
        if self.phase == "over":
            return "game_over"  # step 1
        if action not in self.actions_in_rules():
            return "not_in_rules"  # step 2
        if self.phase not in self._PHASES[action]:
            return "wrong_phase"  # step 3
        if self.phase == "raise":  # step 4
            if self.raises[seat] is not None:
                return "already_raised"
            return "ok" if arg <= 3 else "raise_too_high"
        if self.phase == "void":
            return "ok" if self.void[seat] is None else "already_chosen"
        if seat not in self.to_act:
            return "not_your_turn"  # step 5
        if self.phase == "claim":  # step 7
            if action == "pass" or move in self.current_offer()[1]:
                return "ok"
            return "cannot_" + action
        return self.play_code(seat, action, arg)

    def play_code(self, seat: int, action: str, tile: int) -> str:
        """eng step 6: the turn seat in play."""
        own, held = self.own[seat], self.counts[seat]
        declared = bool(own["declared"])
        void = self.void[seat]
        if action == "win":
            if self.claimed_turn:
                return "must_discard"
            return "ok" if self.wins(seat, held) else "cannot_win"
        if action == "kong":
            if self.claimed_turn:
                return "must_discard"
            if declared:
                return "hand_locked"
            four = held[tile] == 4
            added = held[tile] >= 1 and self.has_pung(seat, tile)
            if not (four or added):
                return "cannot_kong"
            if void is not None and tile // 9 == void:
                return "void_suit"
            return "ok" if self.wall_remaining > 0 else "wall_empty"
        # discard=T / ready=T
        if held[tile] == 0:
            return "tile_not_held"
        drawn = own["drawn"]
        if declared and _MJ_CODES[tile] != drawn:
            return "hand_locked"
        if self.holds_void(seat) and tile // 9 != void:
            return "void_suit_first"
        if action == "discard":
            return "ok"
        if declared:
            return "already_declared"
        left = list(held)
        left[tile] -= 1
        return "ok" if self.wait_kinds(seat, left) else "not_ready"

    def expected_legal(self) -> list[str]:
        """Every legal move now, from eng "Legal moves" (built directly, not through
        `code`; _check_state checks that the two agree)."""
        if self.changsha is not None:
            return self.changsha.expected_legal()
        if self.phase == "over":
            return []
        if self.phase == "void":
            return sorted(
                f"s{s}:void={x}" for s in range(4) if self.void[s] is None for x in _MJ_SUITS
            )
        if self.phase == "raise":
            return sorted(
                f"s{s}:raise={k}" for s in range(4) if self.raises[s] is None for k in range(4)
            )
        if self.phase == "claim":
            seat, moves = self.current_offer()
            return sorted([*moves, f"s{seat}:pass"])
        seat = self.to_act[0]
        own, held = self.own[seat], self.counts[seat]
        p = f"s{seat}:"
        out = [p + "win"] if not self.claimed_turn and self.wins(seat, held) else []
        if own["declared"]:
            return sorted([*out, p + f"discard={own['drawn']}"])
        kinds = [t for t in range(34) if held[t]]
        if self.holds_void(seat):
            kinds = [t for t in kinds if t // 9 == self.void[seat]]
        for t in kinds:
            out.append(p + f"discard={_MJ_CODES[t]}")
            if self.ready_on:
                left = list(held)
                left[t] -= 1
                if self.wait_kinds(seat, left):
                    out.append(p + f"ready={_MJ_CODES[t]}")
        if not self.claimed_turn and self.wall_remaining > 0:
            for t in range(34):
                if t // 9 == self.void[seat] and self.void[seat] is not None:
                    continue
                if held[t] == 4 or (held[t] and self.has_pung(seat, t)):
                    out.append(p + f"kong={_MJ_CODES[t]}")
        return sorted(out)

    def legal_by_checks(self) -> list[str]:
        """The play phase's candidates that `code` calls ok (to compare with
        `expected_legal`: two readings of the docs that must agree)."""
        seat = self.to_act[0]
        p = f"s{seat}:"
        cands = [p + f"{a}={t}" for a in ("discard", "ready", "kong") for t in _MJ_CODES]
        return sorted(m for m in [*cands, p + "win"] if self.code(m) == "ok")


class MahjongAdapter(GameAdapter):
    """The playable mahjong rulesets (common, Shaoyang, Changsha) through `mj.Game`
    (docs/mahjong-engine.md)."""

    name = "mahjong"
    reason_codes = MAHJONG_REASON_CODES
    hidden_keys = frozenset({"hand", "drawn", "pass_locked"})
    public_seat_keys = _MJ_PUBLIC_SEAT_KEYS
    # A random game with every check costs ~0.2-1 s (the oracle dominates), about 15
    # Yi Jing Pai games; 12 keeps the slow run near 90 s (the wide sweep of cheaper
    # checks, tests/mahjong/test_game_sweep.py, plays thousands of games per mix).
    cost = 12.0

    def option_mixes(self) -> list[OptionMix]:
        return [
            OptionMix("common", mj.Rules("common")),
            OptionMix("common-flowers", mj.Rules("common", flowers=True)),
            OptionMix("common-void_suit", mj.Rules("common", void_suit=True)),
            OptionMix("common-no_ready", mj.Rules("common", declare_ready=False)),
            OptionMix(
                "common-flowers-no_ready", mj.Rules("common", flowers=True, declare_ready=False)
            ),
            # declare_ready is moot with void_suit (§11); played once to pin that.
            OptionMix(
                "common-void_suit-no_ready", mj.Rules("common", void_suit=True, declare_ready=False)
            ),
            OptionMix("shaoyang", mj.Rules("shaoyang")),
            # Changsha (its oracle: tests/changsha_oracle.py). Over the three, every value
            # of every option: birds 2/4/0, both scorings and compounds, cap 6/0/2,
            # floats, the opening extras and reuse, mid-game wins and 過手 on and off.
            OptionMix("changsha", mj.Rules("changsha")),
            OptionMix(
                "changsha-multiply",
                mj.Rules(
                    "changsha",
                    birds=4,
                    bird_scoring="multiply",
                    compound="multiply",
                    cap=0,
                    floats=(1, 0, 2, 0),
                    opening_extras=True,
                    opening_reuse=True,
                    pass_lock=False,
                ),
            ),
            OptionMix("changsha-no_mid", mj.Rules("changsha", birds=0, mid_game_wins=False, cap=2)),
        ]

    def new_game(self, rules: Any, seed: int, backend: str) -> Any:
        return mj.Game(rules, seed=seed, backend=backend)

    def replay(self, record: dict[str, Any], backend: str) -> Any:
        return mj.replay(record, backend=backend)

    def seats(self, game: Any) -> range:
        return range(4)

    def max_moves(self, rules: Any) -> int:
        # 4 void choices; every discard is one of: the dealer's first, one per tile
        # drawn from the wall, one per claim (at most 16 chows/pungs), and each has at
        # most 5 offers (3 wins, a pung, a chow) to pass and a claim; a kong takes a
        # wall tile and has at most 3 robbing offers; then a win.
        discards = 1 + rules.tiles + 16
        return int(4 + discards * 7 + rules.tiles * 4 + 1)

    def seat_entries(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = view["seats"]
        return entries

    def value_leaks(self, owner: dict[str, Any], seen: dict[str, Any]) -> list[str]:
        leaks = []
        # Changsha's declarations reveal tiles on purpose (an opening shows the dealt hand).
        text = json.dumps({k: v for k, v in seen.items() if k != "revealed"})
        # A hand of two or more tiles ("1m2m...") is never a public value.
        if owner["hand"] is not None and len(owner["hand"]) >= 4 and owner["hand"] in text:
            leaks.append(f"hand {owner['hand']!r}")
        for mine, theirs in zip(owner["melds"], seen["melds"], strict=True):
            if mine["kind"] == "concealed_kong" and theirs["tiles"] is not None:
                leaks.append(f"concealed kong {mine['tiles']}")
        return leaks

    def check_view(self, game: Any, viewer: int | None, view: dict[str, Any]) -> None:
        where = f"view({viewer})"
        assert set(view) == _MJ_VIEW_KEYS, f"{where} keys {sorted(set(view) ^ _MJ_VIEW_KEYS)}"
        assert "to_act" not in view, where
        assert view["viewer"] == viewer, where
        phase = game.phase
        assert view["phase"] == phase, where
        assert view["dealer"] == game.dealer, where
        assert view["claims_pending"] == (phase == "claim"), where
        assert view["turn"] == (game.to_act[0] if phase == "play" else None), where
        assert isinstance(view["wall_remaining"], int), where
        assert view["wall_remaining"] >= 0, where
        result = game.result
        assert view["result"] == (None if result is None else result.to_dict()), where
        moves = game.moves
        all_void = not mj_option(game.rules, "void_suit") or phase != "void"
        all_raised = phase != "raise"
        voids = {}
        raises = {}
        for m in moves:
            p = mj_parse(m)
            if isinstance(p, tuple) and p[1] == "void":
                voids[p[0]] = _MJ_SUITS[p[2]]
            if isinstance(p, tuple) and p[1] == "raise":
                raises[p[0]] = p[2]
        changsha = game.rules.ruleset == "changsha"
        if changsha:
            # The offer, every seat's entry (locked: the open-kong lock; revealed: the
            # declarations; pass_locked) and the wall, against the simulated hand.
            changsha_oracle.check_view(game, viewer, view)
        # Claims: the view names the tile and whose it is, never the seat offered; a
        # concealed kong's tile only to the konger and the seat offered (Shaoyang).
        if changsha:
            pass  # (changsha_oracle.check_view: the four kinds of offer)
        elif phase == "claim":
            last = mj_parse([m for m in moves if not m.endswith(":pass")][-1])
            assert isinstance(last, tuple), where
            kind = "robbed_kong" if last[1] == "kong" else "discard"
            tile: str | None = _MJ_CODES[last[2]]
            if (
                kind == "robbed_kong"
                and _hidden_kong(game, last[0], last[2])
                and viewer not in (last[0], game.to_act[0])
            ):
                tile = None
            want = {"kind": kind, "seat": last[0], "tile": tile}
            assert view["offer"] == want, f"{where} offer {view['offer']} != {want}"
        else:
            assert view["offer"] is None, where
        concealed_kongs: set[tuple[int, str]] = set()
        for entry in view["seats"]:
            s = entry["seat"]
            keys = _MJ_PUBLIC_SEAT_KEYS | (self.hidden_keys if s == viewer else set())
            assert set(entry) == keys, f"{where} seat {s} keys {sorted(entry)}"
            if not changsha:
                assert entry["locked"] == entry["declared"], where
                assert entry["revealed"] == [], where
            want_void = voids.get(s) if (all_void or s == viewer) else None
            assert entry["void"] == want_void, f"{where} seat {s} void {entry['void']}"
            want_raise = raises.get(s) if (all_raised or s == viewer) else None
            assert entry["raise"] == want_raise, f"{where} seat {s} raise {entry['raise']}"
            for meld in entry["melds"]:
                assert set(meld) == {"kind", "tiles", "from"}, where
                assert meld["kind"] in _MJ_MELD_KINDS, where
                if meld["kind"] == "concealed_kong":
                    assert meld["from"] is None, where
                    if s == viewer:
                        assert re.fullmatch(r"([1-9])\1{3}[mps]|([1-7])\2{3}z", meld["tiles"])
                        concealed_kongs.add((s, meld["tiles"][0] + meld["tiles"][-1]))
                    else:
                        assert meld["tiles"] is None, f"{where}: seat {s}'s concealed kong shows"
                    continue
                assert meld["from"] in range(4), f"{where} {meld}"
                assert meld["from"] != s, f"{where} {meld}"
                if meld["kind"] == "chow":
                    assert meld["from"] == (s + 3) % 4, f"{where}: a chow not from 上家 {meld}"
                    assert re.fullmatch(r"[1-7][2-8][3-9][mps]", meld["tiles"]), where
                    d = meld["tiles"]
                    assert int(d[1]) == int(d[0]) + 1, where
                    assert int(d[2]) == int(d[0]) + 2, where
                else:
                    n = 3 if meld["kind"] == "pung" else 4
                    assert re.fullmatch(rf"(\d)\1{{{n - 1}}}[mpsz]", meld["tiles"]), where
            for f in entry["flowers"]:
                assert re.fullmatch(r"[1-8]f", f), where
            if not mj_option(game.rules, "flowers"):
                assert entry["flowers"] == [], where
        if viewer is not None and phase == "raise":
            own = view["seats"][viewer]
            assert own["hand"] is None, f"{where}: a tile before the raises"
            assert own["drawn"] is None, f"{where}: a tile before the raises"
        elif viewer is not None:
            own = view["seats"][viewer]
            hand = own["hand"]
            tiles = _mj_tiles(hand)
            assert tiles == sorted(tiles), f"{where}: hand {hand} not in id order"
            assert len(tiles) == own["hand_count"], where
            if own["drawn"] is not None:
                assert phase == "play", where
                assert game.to_act == [viewer], where
                assert own["drawn"] in _MJ_ID, where
                assert own["drawn"] in hand, where
        # The history: no passes; others' void choices and concealed kongs hidden.
        history: list[set[str]] = []
        for m in moves:
            if m.endswith(":pass"):
                continue
            p = mj_parse(m)
            assert isinstance(p, tuple), m
            seat, action, arg = p
            if action == "void" and not all_void and seat != viewer:
                continue  # not even who has answered, until all four are in (§11)
            if action == "raise" and not all_raised and seat != viewer:
                continue
            spellings = {m}
            if action == "kong" and seat != viewer and _hidden_kong(game, seat, arg):
                spellings = {f"s{seat}:kong"}
            if action == "open_kong" and seat != viewer and _hidden_kong(game, seat, arg):
                # Changsha's 開槓 of four concealed tiles makes a concealed kong: its
                # tile is hidden as in its meld, written sN:open_kong (docs "View").
                spellings = {f"s{seat}:open_kong"}
            history.append(spellings)
        got_history = view["history"]
        assert len(got_history) == len(history), f"{where} history {got_history}"
        for i, (got, spelt) in enumerate(zip(got_history, history, strict=True)):
            assert got in spelt, (
                f"{where} history[{i}] {got!r}, the rules say one of {sorted(spelt)}"
            )
        if viewer is None:
            self._check_state(game, view)

    def _check_state(self, game: Any, public: dict[str, Any]) -> None:
        """Once per state: legal moves, to_act, offers and waits against the oracle."""
        st = MjState(game)
        # Only the seat's own view may differ: nothing in the rest says who is offered.
        for v in st.views:
            rest = {k: x for k, x in v.items() if k not in ("viewer", "seats", "history")}
            mine = {k: x for k, x in public.items() if k not in ("viewer", "seats", "history")}
            assert rest == mine, f"view({v['viewer']}) differs from the observer's beyond its seat"
        if st.changsha is not None:
            changsha_oracle.check_state(game, public)
            return
        if st.phase == "void":
            want_to_act = [s for s in range(4) if st.void[s] is None]
        elif st.phase == "raise":
            want_to_act = [s for s in range(4) if st.raises[s] is None]
        elif st.phase == "claim":
            want_to_act = [st.current_offer()[0]]
        elif st.phase == "play":
            want_to_act = st.to_act
            assert len(want_to_act) == 1, st.to_act
        else:
            want_to_act = []
        assert st.to_act == want_to_act, f"to_act {st.to_act}, the rules say {want_to_act}"
        legal = game.legal_moves()
        want = st.expected_legal()
        assert legal == want, (
            f"legal moves: the engine has {sorted(set(legal) - set(want))} more and "
            f"{sorted(set(want) - set(legal))} fewer than the rules"
        )
        if st.phase == "play":
            by_checks = st.legal_by_checks()
            assert by_checks == want, f"oracle: legal {want} but checks pass {by_checks}"
        if st.phase == "raise":
            for s in range(4):
                assert game.waits(s) == {}, "waits in phase raise (§11: {})"
        elif st.phase != "over":
            for s in range(4):
                got, exp = game.waits(s), st.waits(s)
                assert got == exp, f"waits({s}) {got}, the rules say {exp}"
                assert list(got) == sorted(got, key=_MJ_ID.__getitem__), f"waits({s}) order"
            # Hand sizes: 14 - 3k for the turn seat (and the dealer before play), else 13 - 3k.
            for s in range(4):
                size = st.own[s]["hand_count"] + 3 * st.meld_count(s)
                big = (
                    s in st.to_act
                    if st.phase == "play"
                    else st.phase == "void" and (s == game.dealer)
                )
                assert size == (14 if big else 13), f"seat {s} holds {size} (14 - 3k rule)"

    def near_misses(self, game: Any, move: str, rng: random.Random) -> list[tuple[str, str | None]]:
        st = MjState(game)
        prefix, action = move.split(":", 1)
        seat = int(prefix[1:])
        _, sep, arg = action.partition("=")
        cands: set[str] = set()
        # The same action by every seat, by seats that do not exist, and by bad seats.
        for other in (0, 1, 2, 3, 4, 5, 9, 10, 11, 40, 99, 2**64, 10**30):
            cands.add(f"s{other}:{action}")
        for bad in (f"0{seat}", "00", "", "-1", "+1", " 1", "1 ", "\uff11", "\u0661", "x"):
            cands.add(f"s{bad}:{action}")
        cands |= {f"S{seat}:{action}", f"{seat}:{action}", f"s{seat}{action}", f"ss{seat}:{action}"}
        # Other tiles, other actions, other seats' likely moves.
        held = sorted({code for s in range(4) for code in _mj_codes(st.own[s]["hand"] or "")})
        tiles = sorted({*rng.sample(_MJ_CODES, 6), *held[:: max(1, len(held) // 8)]})
        if arg in _MJ_ID:
            tiles.append(arg)
        for s in sorted({seat, *st.to_act, rng.randrange(4)}):
            p = f"s{s}:"
            for t in tiles:
                cands |= {p + f"{a}={t}" for a in ("discard", "ready", "kong", "pung", "open_kong")}
                if t[1] != "z":
                    n = int(t[0])
                    for low in range(max(1, n - 2), min(n, 7) + 1):
                        cands.add(p + f"chow={low}{low + 1}{low + 2}{t[1]}")
            cands |= {p + a for a in ("win", "pass", "opening", "mid", "haidi", "raise=0")}
            cands |= {p + "raise=9", p + "void=m", p + "void=p", p + "void=s"}
            own = st.own[s]
            for t in _mj_codes(own["hand"] or "")[:3]:
                cands |= {p + f"discard={t}", p + f"ready={t}", p + f"kong={t}"}
        # Malformed arguments.
        p = f"{prefix}:"
        for bad in ("0m", "10m", "5M", "5x", "E", "1f", "8f", "8z", "0z", "5m5m", "", "5", "m"):
            cands |= {p + f"{a}={bad}" for a in ("discard", "ready", "kong", "pung")}
        for bad in ("345", "3456m", "34m", "345z", "345M", "\uff13\uff14\uff15m", "135m", "543m"):
            cands.add(p + f"chow={bad}")
        cands |= {p + "void=z", p + "void=", p + "void=mp", p + "raise=", p + "raise=10"}
        cands |= {p + "win=", p + "pass=", p + "discard", p + "chow", p + "kong", p + "void"}
        # Truncated, extended, respelt.
        cands |= {move[:i] for i in range(len(move))}
        cands |= {move + c for c in (" ", "\n", "\t", "x", "m", "0", "=", ":", "\x00", "\u200b")}
        cands |= {" " + move, move.upper(), move.replace(":", "::", 1), move.replace(":", "=", 1)}
        if sep:
            cands |= {move.replace("=", "==", 1), move.replace("=", ":", 1), move + "5m"}
        cands |= {move + "x" * 100_000, move.replace(":", ":\u0301", 1)}
        out = [(m, st.code(m)) for m in sorted(cands)]
        # Each near miss the rules call legal is a legal move (the other way round, the
        # generic test checks each one's code).
        legal = set(game.legal_moves())
        for m, code in out:
            if m in legal:
                assert code == "ok", f"{m!r} is a legal move, the rules say {code}"
        return out

    def junk_moves(self, game: Any, rng: random.Random) -> list[tuple[str, str | None]]:
        st = MjState(game)
        noise = "".join(rng.choice("s0123456789:=mpszfdiscardkongwinpassvoid ") for _ in range(30))
        junk = [
            "",
            " ",
            "\x00",
            "s",
            "s0",
            "s0:",
            ":",
            "0:pass",
            "s0:pass:pass",
            "s0:PASS",
            "s0 :pass",
            "s0:discard",
            "s0:discard=",
            "s0:chow=",
            "s0:void",
            "s0:wins",
            "s0:bogus",
            "s-1:pass",
            "s+1:pass",
            "s0x1:pass",
            "s\uff10:pass",  # fullwidth 0
            "s\u0660:pass",  # arabic-indic 0
            "s\u00b2:pass",  # superscript 2
            "s0:discard=\uff15m",
            "s0:discard=5\u33a1",
            "s0:chow=\u0661\u0662\u0663m",
            "s0:pass\u200b",
            "s0:pass\u0301",
            "麻將",
            "\U0001f004",
            "s0:discard=\U0001f00b",
            "s0:discard=" + "5m" * 1000,
            "s0:" + "pass" * 10_000,
            "s" + "9" * 10_000 + ":pass",
            "s" + "0" * 10_000 + ":pass",
            "s1" + "0" * 10_000 + ":pass",
            "s0:chow=" + "1" * 500_000 + "m",
            "\U0001f004" * 100_000,
            "x" * 1_000_000,
            "s4:pass",
            "s4:discard=5m",
            "s5:void=m",
            "s9:win",
            "s10:pass",
            "s10:discard=1z",
            "s12:chow=123m",
            "s40:kong=5p",
            "s99:void=s",
            "s01:pass",
            "s00:pass",
            "s04:pass",
            "s4:bogus",
            "s10:pass=",
            noise,
            noise + "\t",
        ]
        return [(m, st.code(m)) for m in junk]

    def check_conservation(self, game: Any, views: dict[int | None, dict[str, Any]]) -> None:
        if game.rules.ruleset == "changsha":
            changsha_oracle.check_conservation(game, views)
            return
        wall = game.record()["wall"]
        tiles = [wall[i : i + 2] for i in range(0, len(wall), 2)]
        assert len(tiles) == game.rules.tiles, f"a wall of {len(tiles)} tiles"
        public = views[None]
        if public["phase"] == "raise":  # nothing is seen yet: the deal only
            assert public["wall_remaining"] == len(tiles) - 53, "the deal takes 53 tiles"
            return
        seen: Counter[str] = Counter()
        kongs = 0
        for s in self.seats(game):
            own = views[s]["seats"][s]
            entry = public["seats"][s]
            assert entry["hand_count"] * 2 == len(own["hand"]), f"seat {s} hand_count"
            seen.update(_mj_codes(own["hand"]))
            for meld in own["melds"]:
                seen.update(_mj_codes_of_meld(meld["tiles"]))
                kongs += meld["kind"] in ("kong", "added_kong", "concealed_kong")
            seen.update(d["tile"] for d in entry["discards"] if not d["claimed"])
            seen.update(entry["flowers"])
            assert entry["flowers"] == own["flowers"], f"seat {s} flowers"
        remaining = public["wall_remaining"]
        assert sum(seen.values()) + remaining == len(tiles), (
            f"{sum(seen.values())} tiles seen + {remaining} in the live wall != {len(tiles)}"
        )
        # Draws come from the front, replacements (one per kong and per flower) from the back.
        offer = public["offer"]
        pending = 1 if offer is not None and offer["kind"] == "robbed_kong" else 0
        back = kongs + sum(len(e["flowers"]) for e in public["seats"]) - pending
        if remaining:
            front = len(tiles) - remaining - back
            taken = Counter(tiles[:front] + tiles[front + remaining :])
        else:
            taken = Counter(tiles)
        assert seen == taken, (
            "the tiles in hands, melds, discards and flowers are not those taken from the "
            f"front and the {back} from the back of the wall: "
            f"{dict(seen - taken)} more, {dict(taken - seen)} fewer"
        )

    def payments(self, game: Any) -> Sequence[int]:
        result = game.result
        # The payments sum the ledger (docs "Results and payments").
        summed = [0, 0, 0, 0]
        for reason, payer, payee, amount in result.ledger:
            assert reason in _MJ_LEDGER_REASONS, result.ledger
            assert payer != payee, result.ledger
            if game.rules.ruleset == "common":
                assert amount == 1, result.ledger  # base 1, no multipliers (§5)
            summed[payer] -= amount
            summed[payee] += amount
        assert list(result.payments) == summed, f"payments {result.payments} != the ledger's"
        if game.rules.ruleset == "shaoyang":
            self._check_shaoyang_result(game, result)
        elif game.rules.ruleset == "changsha":
            changsha_oracle.check_result(game)
        else:
            self._check_result(game, result)
        return list(result.payments)

    def _check_shaoyang_result(self, game: Any, result: Any) -> None:
        """§6: kongs 1 × factors from each other seat; the win unit × factors from each
        other seat, or their sum from one payer (robbed kong, 放槓上花)."""
        raises = [e["raise"] for e in game.view(None)["seats"]]
        f = [2**k for k in raises]
        moves = [m for m in game.moves if not m.endswith(":pass")]
        kongs = [e for e in result.ledger if e[0].endswith("kong") and e[0] != "robbed_kong"]
        assert len(kongs) % 3 == 0, result.ledger
        for i in range(0, len(kongs), 3):
            konger = kongs[i][2]
            want = [
                (kongs[i][0], (konger + k) % 4, konger, f[konger] * f[(konger + k) % 4])
                for k in (1, 2, 3)
            ]
            assert list(kongs[i : i + 3]) == want, result.ledger
        wins = [e for e in result.ledger if e[0] in ("self_draw", "robbed_kong", "kong_bloom")]
        assert result.ledger[: len(kongs)] == tuple(kongs), result.ledger
        if result.kind == "draw":
            assert (result.winner, result.dealt_in_by, result.win_tile) == (None, None, None)
            assert not wins, result
            assert result.patterns == (), result
            return
        assert result.kind in ("self_draw", "robbed_kong"), result  # never on a discard
        w = result.winner
        assert moves[-1] == f"s{w}:win", moves[-1]
        assert set(result.patterns) <= _MJ_SHAOYANG_PATTERNS, result.patterns
        pats = set(result.patterns)
        unit = (
            24
            if pats & {"十三浪", "全風十三浪"}
            else 8
            if pats & {"碰碰對", "清一色", "七巧對"}
            else 2
        )
        others = [(w + k) % 4 for k in (1, 2, 3)]
        total = sum(unit * f[w] * f[p] for p in others)
        if result.kind == "robbed_kong":
            robbed = mj_parse(moves[-2])
            assert isinstance(robbed, tuple), moves[-2]
            src, action, tile = robbed
            assert action == "kong", moves[-2]
            assert result.win_tile == _MJ_CODES[tile], moves[-2]
            assert result.dealt_in_by == src
            assert wins == [("robbed_kong", src, w, total)], result.ledger
        elif result.dealt_in_by is not None:  # 放槓上花: the win on an exposed kong's replacement
            kong = mj_parse(moves[-2])
            assert isinstance(kong, tuple), moves[-3:]
            assert kong[:2] == (w, "kong"), moves[-3:]
            fed = mj_parse(moves[-3])  # the discard it konged
            assert isinstance(fed, tuple), moves
            assert fed[:2] == (result.dealt_in_by, "discard"), moves
            assert wins == [("kong_bloom", result.dealt_in_by, w, total)], result.ledger
        else:
            assert wins == [("self_draw", p, w, unit * f[w] * f[p]) for p in others], result.ledger

    def _check_result(self, game: Any, result: Any) -> None:
        """The result's fields against the moves (docs "Results and payments")."""
        moves = [m for m in game.moves if not m.endswith(":pass")]
        wins = [e for e in result.ledger if e[0] in ("discard", "self_draw", "robbed_kong")]
        bonus = [e for e in result.ledger if e[0] == "ready_bonus"]
        if result.kind == "draw":
            assert (result.winner, result.dealt_in_by, result.win_tile) == (None, None, None)
            assert result.patterns == (), result
            assert not wins, result
            assert not bonus, result
            return
        w = result.winner
        assert moves, result
        assert moves[-1] == f"s{w}:win", f"{result.kind} but the last move is {moves[-1]}"
        assert result.patterns, result
        assert set(result.patterns) <= {"regular", "seven_pairs"}, result
        others = [(w + k) % 4 for k in (1, 2, 3)]
        if result.kind == "self_draw":
            assert result.dealt_in_by is None, result
            assert wins == [("self_draw", p, w, 1) for p in others], result.ledger
        else:
            last = mj_parse(moves[-2])
            assert isinstance(last, tuple), moves[-2]
            src, action, tile = last
            assert result.kind == ("robbed_kong" if action == "kong" else "discard"), result
            assert result.dealt_in_by == src, result
            assert result.win_tile == _MJ_CODES[tile], result
            assert wins == [(result.kind, src, w, 1)], result.ledger
        declared = game.view(None)["seats"][w]["declared"]
        assert bonus == ([("ready_bonus", p, w, 1) for p in others] if declared else []), bonus
        assert result.ledger[-len(wins) - len(bonus) :] == tuple(wins + bonus), result.ledger


def _mj_codes(hand: str) -> list[str]:
    return [hand[i : i + 2] for i in range(0, len(hand), 2)]


def _mj_codes_of_meld(tiles: str) -> list[str]:
    return [d + tiles[-1] for d in tiles[:-1]]


def _hidden_kong(game: Any, seat: int, tile: int) -> bool:
    """Was seat's kong of `tile` a concealed kong (its owner's view says)?"""
    code = _MJ_CODES[tile]
    own = game.view(seat)["seats"][seat]
    return any(
        m["kind"] == "concealed_kong" and m["tiles"] == code[0] * 4 + code[1] for m in own["melds"]
    )


BUILTIN_ADAPTERS: dict[str, GameAdapter] = {
    adapter.name: adapter for adapter in (YijingpaiAdapter(), MahjongAdapter())
}
ADAPTERS: list[GameAdapter] = [
    BUILTIN_ADAPTERS[spec.name] for spec in registry.games() if spec.name in BUILTIN_ADAPTERS
]


def mj_greedy_move(game: Any, rng: random.Random) -> str:
    """A seeded move of a player who tries to win (the other mahjong tests use it to reach
    wins, 報聽, kongs and robbing, which uniformly random moves seldom do): win, declare,
    kong, claim half the time, else the discard that leaves the fewest tiles to ready."""
    legal = game.legal_moves()
    by_action: dict[str, list[str]] = {}
    for m in legal:
        by_action.setdefault(m.split(":", 1)[1].split("=")[0], []).append(m)
    if "void" in by_action:
        seat = game.to_act[0]
        hand = game.view(seat)["seats"][seat]["hand"]
        fewest = min(_MJ_SUITS, key=lambda x: (hand[1::2].count(x), rng.random()))
        return f"s{seat}:void={fewest}"
    # Changsha's declarations and takes always (they only pay it); 開槓 half the time.
    for action, chance in (
        ("win", 1.0),
        ("opening", 1.0),
        ("mid", 1.0),
        ("haidi", 1.0),
        ("open_kong", 0.5),
        ("ready", 0.9),
        ("kong", 0.7),
    ):
        if action in by_action and rng.random() < chance:
            return rng.choice(by_action[action])
    claims = by_action.get("pung", []) + by_action.get("chow", [])
    if "pass" in by_action:
        return rng.choice(claims) if claims and rng.random() < 0.5 else by_action["pass"][0]
    discards = by_action.get("discard", [])
    if not discards:
        return str(rng.choice(legal))
    seat = game.to_act[0]
    own = game.view(seat)["seats"][seat]
    counts = [0] * 34
    for t in _mj_tiles(own["hand"]):
        counts[t] += 1
    # The kernel's regular shanten of the concealed tiles (what mj.shanten(counts, sets,
    # "regular") returns once it has checked its input: the exposed sets only fix the
    # size), called directly: this player moves in thousands of parity games.
    kernel = _registry.load("mahjong", "hand_eval", None)
    scored = []
    for m in discards:
        t = _MJ_ID[m.rsplit("=", 1)[1]]
        counts[t] -= 1
        scored.append((int(kernel.shanten(counts, 1)), rng.random(), m))
        counts[t] += 1
    return min(scored)[2] if rng.random() < 0.85 else rng.choice(discards)
