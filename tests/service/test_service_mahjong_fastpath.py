"""The native mahjong ValidateMoves fast path (pyyijing/service/wire.py,
core_cpp/bindings/mahjong_wire_bindings.cpp) against the ordinary path.

Mahjong positions get the same treatment as Yi Jing Pai positions: for every
request the fast path takes, its bytes and verdict counts must equal what
`positions.PositionChecker` answers; a request the ordinary path refuses (a
history that does not replay) or one it alone takes (wall deals, mixed games or
rulesets) must be declined (None)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from support.bytemutation import mutate

import pyyijing as yj
from pyyijing import mahjong as mj
from pyyijing.service.errors import InvalidArgumentError
from pyyijing.service.games import mahjong as mjwire
from pyyijing.service.positions import PositionChecker
from pyyijing.service.wire import WireValidator

pytestmark = pytest.mark.skipif(yj.backend() != "native", reason="the fast path is native only")

RULES = [
    mj.Rules("common"),
    mj.Rules("common", void_suit=True),
    mj.Rules("shaoyang"),
    mj.Rules("changsha"),
]
JUNK = [
    "",
    "garbage",
    "s0:discard=",
    "s9:discard=1m",
    "s0:discard=9z",
    "s1:" + "1" * 300,
    "s0:pass",
]


def _ordinary(h: Any, request: Any) -> tuple[bytes, dict[str, int]]:
    verdicts = PositionChecker(1000).check(
        [(it.position, it.move) for it in request.requests], lambda k: f"requests[{k}].position"
    )
    resp = h.pb2.ValidateMovesResponse()
    for code, message in verdicts:
        resp.verdicts.add(ok=code == "ok", code=code, message=message)
    return resp.SerializeToString(), dict(Counter(code for code, _ in verdicts))


def _position(rng: random.Random, rules: mj.Rules) -> tuple[mj.Game, int]:
    seed = rng.choice([rng.randrange(2**64), rng.randrange(100)])
    g = mj.Game(rules, seed=seed)
    stop = rng.randrange(0, 120)
    while g.phase != "over" and len(g.moves) < stop:
        seat = rng.choice(g.to_act)
        g.apply(rng.choice(g.legal_moves(seat)))
    return g, seed


def _candidates(rng: random.Random, g: mj.Game) -> list[str]:
    legal = [m for seat in g.to_act for m in g.legal_moves(seat)]
    other = [m for seat in range(4) if seat not in g.to_act for m in (f"s{seat}:pass",)]
    return [rng.choice(legal + other + JUNK) if legal else rng.choice(JUNK) for _ in range(6)]


def _request(h: Any, rng: random.Random, n_positions: int, rules: mj.Rules) -> Any:
    """Batches as a game server sends them: several candidates at each position."""
    items = []
    for _ in range(n_positions):
        g, seed = _position(rng, rules)
        pos = h.pb2.Position(deal=h.pb2.Deal(seed=seed), moves=g.moves)
        if rules != mj.Rules(rules.ruleset) or rng.random() < 0.5:  # every option written out
            pos.mahjong_rules.CopyFrom(mjwire.rules_to_proto(rules))
        else:  # the bare ruleset: the options it leaves unset are the defaults
            pos.mahjong_rules.ruleset = mjwire.RULESET_TO_PROTO[rules.ruleset]
        items += [h.pb2.ValidateMoveRequest(position=pos, move=m) for m in _candidates(rng, g)]
    rng.shuffle(items)  # positions interleaved: the shared replay must not be confused
    return h.pb2.ValidateMovesRequest(requests=items)


@pytest.mark.parametrize("seed", range(8))
def test_same_bytes_as_the_ordinary_path(h: Any, seed: int) -> None:
    rng = random.Random(seed)
    wire = WireValidator(max_batch=256, max_moves=1000)
    for rules in RULES:
        for n in (1, 3, 10):
            request = _request(h, rng, n, rules)
            fast = wire.validate(request.SerializeToString())
            assert fast is not None
            assert fast[:2] == _ordinary(h, request)
            assert fast[2] == ("mahjong", rules.ruleset)


def test_histories_that_do_not_replay_are_declined(h: Any) -> None:
    rng = random.Random(5)
    wire = WireValidator(max_batch=256, max_moves=1000)
    checked = 0
    for rules in RULES:
        for _ in range(10):
            request = _request(h, rng, 2, rules)
            pos = request.requests[rng.randrange(len(request.requests))].position
            if not pos.moves:
                continue
            pos.moves[rng.randrange(len(pos.moves))] = rng.choice(
                ["s0:discard=9z", "junk", "s3:pass"]
            )
            try:
                _ordinary(h, request)
            except InvalidArgumentError:
                assert wire.validate(request.SerializeToString()) is None
                checked += 1
    assert checked > 10, checked


def test_what_only_the_ordinary_path_takes_is_declined(h: Any) -> None:
    rng = random.Random(7)
    wire = WireValidator(max_batch=256, max_moves=1000)
    common = _request(h, rng, 1, RULES[0])
    changsha = _request(h, rng, 1, RULES[3])
    assert wire.validate(common.SerializeToString()) is not None
    mixed = h.pb2.ValidateMovesRequest(requests=[*common.requests, *changsha.requests])
    assert wire.validate(mixed.SerializeToString()) is None  # two rulesets: two label sets
    g = mj.Game(RULES[0], seed=3)
    walled = h.pb2.ValidateMovesRequest()
    item = walled.requests.add(move=g.legal_moves(g.to_act[0])[0])
    item.position.mahjong_rules.ruleset = h.pb2.MAHJONG_RULESET_COMMON
    item.position.deal.wall.tiles = g.wall
    item.position.deal.wall.dealer = g.dealer
    assert wire.validate(walled.SerializeToString()) is None
    both = h.pb2.ValidateMovesRequest()
    both.CopyFrom(common)
    both.requests[0].position.rules.players = 2  # rules beside mahjong_rules: an error
    assert wire.validate(both.SerializeToString()) is None
    bad_option = h.pb2.ValidateMovesRequest()
    bad_option.CopyFrom(common)
    bad_option.requests[0].position.mahjong_rules.birds = 4  # a Changsha option: an error
    assert wire.validate(bad_option.SerializeToString()) is None
    small = WireValidator(max_batch=len(common.requests) - 1, max_moves=1000)
    assert small.validate(common.SerializeToString()) is None  # over the batch limit


def test_the_fast_path_knows_every_field_of_its_messages() -> None:
    """Its field numbers are the .proto's, and every field of those messages is
    either read or declined on purpose (MAHJONG_DECLINED_FIELDS)."""
    from pyyijing._native import mahjong as native
    from pyyijing.service.convert import pb2
    from pyyijing.service.wire import MAHJONG_DECLINED_FIELDS

    known: dict[str, int] = dict(native.WIRE_FIELDS)
    assert not set(MAHJONG_DECLINED_FIELDS) & set(known)
    both = {**known, **MAHJONG_DECLINED_FIELDS}
    for key, number in both.items():
        message, field = key.split(".")
        assert pb2.DESCRIPTOR.message_types_by_name[message].fields_by_name[field].number == number
    for name in {key.split(".")[0] for key in known}:
        for f in pb2.DESCRIPTOR.message_types_by_name[name].fields:
            assert f"{name}.{f.name}" in both, f"{name}.{f.name}"


def test_mutated_bytes_never_disagree(h: Any) -> None:
    """Random byte flips, truncations and splices of valid mahjong requests: the
    fast path declines (None) or answers exactly as the ordinary path does."""
    rng = random.Random(3)
    wire = WireValidator(max_batch=256, max_moves=1000)
    base = [_request(h, rng, n, r).SerializeToString() for r in RULES for n in (1, 2)]
    taken = 0
    for i in range(8000):
        data = mutate(rng.choice(base), rng, base)
        fast = wire.validate(data)
        if fast is None:
            continue
        taken += 1
        request = h.pb2.ValidateMovesRequest.FromString(data)
        assert fast[:2] == _ordinary(h, request), i
    assert taken > 20, taken  # mutations inside a move's text stay valid requests
