"""Mahjong hand evaluation: win shapes, readings, shanten, waits and hand patterns.

The kernel every mahjong ruleset of the seeds shares (shared/rules/mahjong.md
§0 "Hand evaluation"; patterns of §1-3). ``from pyyijing import mahjong as mj``.

Tiles: 34 kinds written ``1m..9m`` (萬), ``1p..9p`` (筒), ``1s..9s`` (條),
``1z..7z`` = 東 南 西 北 白 發 中; the letters of mahjong.md are accepted too:
``E S W N`` and ``P`` 白, ``F`` 發, ``C`` 中. Digits share the suit letter that
follows them: ``"123m456p789s11z"``. A hand is such a string or a sequence of
34 counts (index order 1-9m, 1-9p, 1-9s, 東南西北白發中, as in the ``mahjong``
package). Exposed sets are given apart from the concealed tiles, each as a
string (``"123m"`` chow, ``"555p"`` pung, ``"5555p"`` exposed kong) or a pair
``(kind, tiles)`` with kind ``"chow"``, ``"pung"``, ``"kong"`` or
``"concealed_kong"``.

Every check on the input happens here, so every backend raises the same
ValueError messages; the backends (pyyijing._native.mahjong, or
pyyijing.fallback.mahjong.hand_eval, also Cython-compiled) only compute.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _registry

__all__ = [
    "FORMS",
    "RULESETS",
    "TILES",
    "Decomposition",
    "Set",
    "decompositions",
    "is_win",
    "is_win_batch",
    "parse_tiles",
    "patterns",
    "shanten",
    "shanten_batch",
    "tile_index",
    "to_counts",
    "waits",
]

TILES: tuple[str, ...] = tuple(
    [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
)
_HONOUR_LETTERS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
FORMS: tuple[str, ...] = ("regular", "seven_pairs", "thirteen_orphans")
_FORM_CODES = {None: 0, "regular": 1, "seven_pairs": 2, "thirteen_orphans": 3}
SET_KINDS: tuple[str, ...] = ("chow", "pung", "kong", "concealed_kong")


def _impl(name: str) -> Any:
    """The hand evaluation of backend `name` (pyyijing._registry: "mahjong", "hand_eval")."""
    return _registry.load("mahjong", "hand_eval", name)


def _backend(name: str | None) -> Any:
    return _registry.load("mahjong", "hand_eval", name)


# --------------------------------------------------------------------- tiles


def tile_index(tile: str) -> int:
    """Index 0..33 of one tile (``"5m"``, ``"7z"``, ``"C"``); ValueError if unknown."""
    if not isinstance(tile, str):
        raise TypeError(f"a tile is a str like '5m'; got {type(tile).__name__}")
    if tile in _HONOUR_LETTERS:
        return _HONOUR_LETTERS[tile]
    if len(tile) == 2 and tile in TILES:
        return TILES.index(tile)
    raise ValueError(
        f"unknown tile {tile!r}; tiles are 1m-9m, 1p-9p, 1s-9s, 1z-7z or E S W N P F C"
    )


def parse_tiles(text: str) -> list[int]:
    """The tile indices of a tile string, in the order written."""
    if not isinstance(text, str):
        raise TypeError(f"tiles are given as a str like '123m55z'; got {type(text).__name__}")
    out: list[int] = []
    digits: list[tuple[int, str]] = []
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch in "0123456789":
            digits.append((pos, ch))
        elif ch in "mps" or ch == "z":
            if not digits:
                raise ValueError(f"suit letter {ch!r} at position {pos} of {text!r} has no digits")
            for _, d in digits:
                tile = d + ch
                if tile not in TILES:
                    raise ValueError(f"unknown tile {tile!r} in {text!r}")
                out.append(TILES.index(tile))
            digits = []
        elif ch in _HONOUR_LETTERS:
            if digits:
                raise ValueError(
                    f"digits {''.join(d for _, d in digits)!r} in {text!r} have no suit letter "
                    "(m, p, s or z)"
                )
            out.append(_HONOUR_LETTERS[ch])
        else:
            raise ValueError(f"unknown tile character {ch!r} at position {pos} of {text!r}")
    if digits:
        raise ValueError(
            f"digits {''.join(d for _, d in digits)!r} at the end of {text!r} have no suit letter "
            "(m, p, s or z)"
        )
    return out


def to_counts(hand: str | Sequence[int]) -> list[int]:
    """34 counts of a hand (a tile string or 34 counts), each checked to be 0..4."""
    if isinstance(hand, str):
        counts = [0] * 34
        for k in parse_tiles(hand):
            counts[k] += 1
    else:
        try:
            raw = list(hand)
        except TypeError:
            raise TypeError(
                f"a hand is a tile string or 34 counts; got {type(hand).__name__}"
            ) from None
        if len(raw) != 34:
            raise ValueError(
                f"a count array needs 34 entries (1-9m, 1-9p, 1-9s, 1-7z); got {len(raw)}"
            )
        counts = []
        for k, v in enumerate(raw):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise TypeError(f"count of {TILES[k]} must be an int; got {type(v).__name__}")
            if v < 0:
                raise ValueError(f"count of {TILES[k]} is {int(v)}; counts are 0..4")
            counts.append(int(v))
    for k, v in enumerate(counts):
        if v > 4:
            raise ValueError(f"more than 4 of {TILES[k]}: the hand has {v}")
    return counts


def _name(k: int) -> str:
    return TILES[k]


# ---------------------------------------------------------------------- sets


@dataclass(frozen=True)
class Set:
    """One set: kind "chow", "pung", "kong" or "concealed_kong"; `tile` is its lowest tile.

    `concealed` is True for sets read out of the concealed hand and for a
    concealed kong; exposed sets (chow, pung, kong called) have it False.
    """

    kind: str
    tile: str
    concealed: bool = False

    @property
    def tiles(self) -> tuple[str, ...]:
        k = tile_index(self.tile)
        if self.kind == "chow":
            return (TILES[k], TILES[k + 1], TILES[k + 2])
        size = 3 if self.kind == "pung" else 4
        return (TILES[k],) * size

    def __str__(self) -> str:
        k = tile_index(self.tile)
        suit = TILES[k][1]
        return "".join(t[0] for t in self.tiles) + suit

    def indices(self) -> list[int]:
        return [tile_index(t) for t in self.tiles]


def _parse_set(spec: Any) -> Set:
    if isinstance(spec, Set):
        if spec.kind not in SET_KINDS:
            raise ValueError(f"set kind must be one of {', '.join(SET_KINDS)}; got {spec.kind!r}")
        k = tile_index(spec.tile)
        if spec.kind == "chow":
            if k >= 27 or k % 9 > 6:
                raise ValueError(f"no chow starts at {TILES[k]}")
            spec = (spec.kind, f"{k % 9 + 1}{k % 9 + 2}{k % 9 + 3}{TILES[k][1]}")
        else:
            spec = (spec.kind, TILES[k][0] * (3 if spec.kind == "pung" else 4) + TILES[k][1])
    kind: str | None = None
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        kind, text = spec
        if kind not in SET_KINDS:
            raise ValueError(f"set kind must be one of {', '.join(SET_KINDS)}; got {kind!r}")
    elif isinstance(spec, str):
        text = spec
    else:
        raise TypeError(
            "a set is a tile string like '123m' / '555p' / '5555p' or a pair (kind, tiles); "
            f"got {spec!r}"
        )
    if not isinstance(text, str):
        raise TypeError(f"the tiles of a set are a str like '123m'; got {text!r}")
    tiles = sorted(parse_tiles(text))
    if len(tiles) not in (3, 4):
        raise ValueError(f"a set has 3 or 4 tiles; {text!r} has {len(tiles)}")
    same = all(t == tiles[0] for t in tiles)
    if len(tiles) == 4:
        if not same:
            raise ValueError(f"a kong is four of one kind; {text!r} is not")
        if kind in ("chow", "pung"):
            raise ValueError(f"a {kind} has 3 tiles; {text!r} has 4")
        return Set(kind or "kong", _name(tiles[0]), concealed=kind == "concealed_kong")
    if kind in ("kong", "concealed_kong"):
        raise ValueError(f"a kong has 4 tiles; {text!r} has 3")
    if same:
        if kind == "chow":
            raise ValueError(f"a chow is three consecutive tiles of one suit; {text!r} is a pung")
        return Set("pung", _name(tiles[0]))
    if kind == "pung":
        raise ValueError(f"a pung is three of one kind; {text!r} is not")
    suits = {_name(t)[1] for t in tiles}
    if "z" in suits:
        raise ValueError(f"a chow cannot be made of honours: {text!r}")
    if len(suits) > 1:
        raise ValueError(f"a chow must be of one suit; {text!r} mixes {', '.join(sorted(suits))}")
    if not (tiles[1] == tiles[0] + 1 and tiles[2] == tiles[0] + 2):
        raise ValueError(f"a chow is three consecutive tiles; {text!r} is not")
    return Set("chow", _name(tiles[0]))


@dataclass(frozen=True)
class _Hand:
    counts: list[int]  # concealed
    sets: tuple[Set, ...]
    seen: list[int]  # concealed + sets


def _hand(
    hand: str | Sequence[int], sets: Iterable[Any], sizes: tuple[int, ...], what: str
) -> _Hand:
    """Parse and check a hand; `sizes` are the allowed concealed sizes with no sets."""
    counts = to_counts(hand)
    if isinstance(sets, (str, Set)):
        raise TypeError("sets is a list of sets, e.g. ['123m'] or [('kong', '5555p')]")
    parsed = tuple(_parse_set(s) for s in sets)
    if len(parsed) > 4:
        raise ValueError(f"a hand has at most 4 sets; got {len(parsed)}")
    seen = list(counts)
    for s in parsed:
        for k in s.indices():
            seen[k] += 1
    for k, v in enumerate(seen):
        if v > 4:
            in_sets = v - counts[k]
            raise ValueError(
                f"more than 4 of {TILES[k]}: {counts[k]} in the hand and {in_sets} in the sets"
            )
    n = sum(counts)
    allowed = [size - 3 * len(parsed) for size in sizes]
    if n not in allowed:
        with_sets = (
            f"with {len(parsed)} set{'s' if len(parsed) != 1 else ''}" if parsed else "with no sets"
        )
        need = " or ".join(str(a) for a in allowed)
        raise ValueError(f"{what} needs {need} concealed tiles {with_sets}; the hand has {n}")
    return _Hand(counts, parsed, seen)


# ------------------------------------------------------------------ the API


def is_win(
    hand: str | Sequence[int], sets: Iterable[Any] = (), *, backend: str | None = None
) -> bool:
    """True if the hand (14 - 3·sets concealed tiles) is complete.

    Complete: the regular shape (4 sets + a pair, seed 003 「n*AAA+m*ABC+s*DD」),
    seven pairs (a four of a kind counts as two pairs) or thirteen orphans
    (seed 002's 十三浪). `backend` names a backend to use instead of the active one.
    """
    h = _hand(hand, sets, (14,), "is_win")
    return bool(_backend(backend).is_win(h.counts))


@dataclass(frozen=True)
class Decomposition:
    """One reading of a complete hand.

    form: "regular", "seven_pairs" or "thirteen_orphans". Regular: `pair` and
    the 4 `sets` (the exposed ones as given, then the concealed ones by tile).
    Seven pairs: the 7 `pairs` (a four of a kind gives the same tile twice).
    Thirteen orphans: `pair` is the doubled tile.
    """

    form: str
    pair: str | None = None
    sets: tuple[Set, ...] = ()
    pairs: tuple[str, ...] = ()


def decompositions(
    hand: str | Sequence[int], sets: Iterable[Any] = (), *, backend: str | None = None
) -> list[Decomposition]:
    """Every way to read a complete hand (empty if it is not complete)."""
    h = _hand(hand, sets, (14,), "decompositions")
    impl = _backend(backend)
    out: list[Decomposition] = []
    for pair, found in impl.decompositions(h.counts):
        read = tuple(Set("chow" if chow else "pung", TILES[t], concealed=True) for chow, t in found)
        out.append(Decomposition("regular", TILES[pair], h.sets + read))
    if not h.sets:
        _, seven, orphans = impl.win_forms(h.counts)
        if seven:
            pairs = tuple(TILES[k] for k in range(34) for _ in range(h.counts[k] // 2))
            out.append(Decomposition("seven_pairs", pairs=pairs))
        if orphans:
            doubled = next(k for k in range(34) if h.counts[k] == 2)
            out.append(Decomposition("thirteen_orphans", pair=TILES[doubled]))
    return out


def shanten(
    hand: str | Sequence[int],
    sets: Iterable[Any] = (),
    form: str | None = None,
    *,
    backend: str | None = None,
) -> int:
    """Tiles away from ready: 0 ready, -1 complete (a 14 - 3·sets hand).

    Input: 13 - 3·sets concealed tiles (or 14 - 3·sets, counted after the best
    discard). `form`: "regular", "seven_pairs", "thirteen_orphans" or None for
    the minimum over the forms that apply (only regular when sets are exposed).
    Shape only, like PyMahjongGB: a fifth copy of a kind held four times is
    not excluded (1111m + three sets is ready in shape, with no real wait).
    """
    if form not in _FORM_CODES:
        raise ValueError(f"form must be one of {', '.join(FORMS)} or None; got {form!r}")
    h = _hand(hand, sets, (13, 14), "shanten")
    if form in ("seven_pairs", "thirteen_orphans") and h.sets:
        raise ValueError(f"{form} needs a concealed hand (no sets); got {len(h.sets)} set(s)")
    return int(_backend(backend).shanten(h.counts, _FORM_CODES[form]))


def waits(
    hand: str | Sequence[int], sets: Iterable[Any] = (), *, backend: str | None = None
) -> dict[str, int]:
    """The tiles that complete a ready hand (13 - 3·sets tiles), each with how many
    copies are still unseen (4 minus those in the hand and the sets).

    Empty if the hand is not ready. A kind the hand holds four of is never a wait.
    """
    h = _hand(hand, sets, (13,), "waits")
    mask = int(_backend(backend).waits(h.counts))
    return {TILES[k]: 4 - h.seen[k] for k in range(34) if mask >> k & 1}


# ---------------------------------------------------------------- batch forms


def _rows(counts: Any, what: str, sizes: tuple[int, ...]) -> np.ndarray:
    arr = np.asarray(counts)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"{what} takes an (N, 34) array of counts; got shape {arr.shape}")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"{what} takes integer counts; got dtype {arr.dtype}")
    if not arr.size:
        return np.zeros((0, 34), dtype=np.uint8)
    if (arr.dtype != np.uint8 and (arr.min() < 0 or arr.max() > 4)) or arr.max() > 4:
        i = int(np.flatnonzero(((arr < 0) | (arr > 4)).any(axis=1))[0])
        k = int(np.flatnonzero((arr[i] < 0) | (arr[i] > 4))[0])
        raise ValueError(f"row {i}: count of {TILES[k]} is {int(arr[i, k])}; counts are 0..4")
    rows = np.ascontiguousarray(arr, dtype=np.uint8)
    sums = rows.sum(axis=1, dtype=np.int16)
    allowed = np.zeros(34 * 4 + 1, dtype=bool)
    allowed[list(sizes)] = True
    ok = allowed[sums]
    if not ok.all():
        i = int(np.flatnonzero(~ok)[0])
        raise ValueError(
            f"row {i} has {int(sums[i])} tiles; {what} takes rows of "
            f"{', '.join(str(s) for s in sizes)} tiles"
        )
    return rows


def _threads(threads: int) -> int:
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise ValueError(f"threads must be an int >= 0 (0: one per core); got {threads!r}")
    return threads


def shanten_batch(
    counts: Any, form: str | None = None, *, threads: int = 0, backend: str | None = None
) -> np.ndarray:
    """Shanten of each row of an (N, 34) count array (rows of 3k+1 or 3k+2 tiles,
    k <= 4; 4 - k sets count as exposed), as an int8 array of N.

    Native: C++ threads (`threads`, 0 = one per core) with the GIL released.
    """
    if form not in _FORM_CODES:
        raise ValueError(f"form must be one of {', '.join(FORMS)} or None; got {form!r}")
    sizes = (
        (13, 14)
        if form in ("seven_pairs", "thirteen_orphans")
        else (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
    )
    rows = _rows(counts, "shanten_batch", sizes)
    impl = _backend(backend)
    code = _FORM_CODES[form]
    if _is_native(impl):
        return np.asarray(impl.shanten_batch(rows, code, _threads(threads)), dtype=np.int8)
    _threads(threads)
    return np.asarray(impl.shanten_batch(rows.tolist(), code, threads), dtype=np.int8)


def is_win_batch(counts: Any, *, threads: int = 0, backend: str | None = None) -> np.ndarray:
    """is_win of each row of an (N, 34) count array (rows of 3k+2 tiles), as bools."""
    rows = _rows(counts, "is_win_batch", (2, 5, 8, 11, 14))
    impl = _backend(backend)
    if _is_native(impl):
        return np.asarray(impl.is_win_batch(rows, _threads(threads)), dtype=bool)
    _threads(threads)
    return np.asarray(impl.is_win_batch(rows.tolist(), threads), dtype=bool)


def _is_native(impl: Any) -> bool:
    return getattr(impl, "__name__", "") == "pyyijing._native.mahjong"


# ---------------------------------------------------------------- patterns

RULESETS: tuple[str, ...] = ("common", "shaoyang", "changsha")


def _patterns_module(backend: str | None) -> Any:
    """The pattern rules: Cython-compiled on the cython backend, else the Python module
    (the native backend has no C++ patterns: they read a handful of readings)."""
    return _registry.load("mahjong", "patterns", backend)


def patterns(
    hand: str | Sequence[int],
    sets: Iterable[Any] = (),
    win_tile: str | None = None,
    ruleset: str = "common",
    *,
    self_drawn: bool = False,
    backend: str | None = None,
) -> list[str]:
    """The hand patterns of `ruleset` that a win has, as documented names, in the
    ruleset's order (docs/mahjong.md "Patterns"; shared/rules/mahjong.md §1-3).

    `hand`: the concealed tiles with the winning tile (14 - 3·sets); `win_tile`,
    if given, must be one of them; `self_drawn`: the winning tile was drawn (matters
    for Changsha's 全求人, won on a discard). Every pattern that applies is listed
    (a Shaoyang 碰碰對 is also a 平胡); choosing what pays is the ruleset's scoring.
    Empty if the hand has none (for example an incomplete hand).

    - "common": regular, seven_pairs
    - "shaoyang": 平胡, 碰碰對, 清一色, 七巧對, 十三浪, 全風十三浪
    - "changsha": 小胡, 七對 / 豪華七對 / 超豪華七對 / 超超豪華七對, 清一色, 將一色,
      碰碰胡, 全求人 (no honours: Changsha plays 108 tiles)
    """
    if ruleset not in RULESETS:
        raise ValueError(f"ruleset must be one of {', '.join(RULESETS)}; got {ruleset!r}")
    if not isinstance(self_drawn, bool):
        raise TypeError(f"self_drawn must be a bool; got {type(self_drawn).__name__}")
    h = _hand(hand, sets, (14,), "patterns")
    if win_tile is not None and h.counts[tile_index(win_tile)] == 0:
        raise ValueError(f"win_tile {win_tile!r} is not in the hand")
    if ruleset == "changsha":
        honours = [TILES[k] for k in range(27, 34) if h.seen[k]]
        if honours:
            raise ValueError(
                f"changsha is played without honours (108 tiles); the hand has {', '.join(honours)}"
            )
    impl = _backend(backend)
    _pat = _patterns_module(backend)
    readings = [(pair, list(found)) for pair, found in impl.decompositions(h.counts)]
    _, seven, orphans = impl.win_forms(h.counts) if not h.sets else (False, False, False)
    sets_data = [(s.kind, tile_index(s.tile)) for s in h.sets]
    return list(
        _pat.patterns(
            ruleset, h.counts, sets_data, readings, bool(seven), bool(orphans), self_drawn
        )
    )
