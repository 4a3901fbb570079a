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
    TypeError for a non-str), copy() -> game, record() -> JSON-able dict,
    view(seat | None) -> JSON-able dict, result (None until over; then .payments).

To add a game, write an adapter (a subclass of `GameAdapter`: its option mixes,
how to build and replay a game, its reason codes, which view keys are private to
a seat, near-miss and junk moves with the reason codes they must get, and the
conservation check) and add an instance to `ADAPTERS`. The test module then runs
every check on every option mix of the new game on every backend; nothing in
test_random_play.py names a game. A mahjong ruleset will be one adapter per
ruleset (or one adapter whose option mixes span the rulesets).
"""

from __future__ import annotations

import abc
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pyyijing as yj


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
        return rules.players + rules.wall_size * rules.players + 1

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


ADAPTERS: list[GameAdapter] = [YijingpaiAdapter()]
