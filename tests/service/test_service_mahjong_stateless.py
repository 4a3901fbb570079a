"""Mahjong through the stateless RPCs, each ruleset, on a real loopback server.

ValidateMove(s), ValidateGame, LegalMoves and Evaluate answer a mahjong
position (MahjongRules + deal + moves) as the engine does in process
(docs/mahjong.md §2 turns and claims, §3 waits, §6 reason codes, §7 views and
results); the hands are played by the heuristic bots, which win most hands,
so results with payments, ledgers, patterns and birds are checked too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pyyijing import mahjong as mj

RULESETS = ["common", "common_void", "common_flowers", "shaoyang", "changsha"]


def check_result(msg: Any, r: mj.Result, pb2: Any) -> None:
    """A MahjongResult says what mj.Result says (§7: kind, winner, payments, ledger...)."""
    assert pb2.MahjongResultKind.Name(msg.kind) == "MAHJONG_RESULT_KIND_" + r.kind.upper()
    assert (msg.winner if msg.HasField("winner") else None) == r.winner
    assert (msg.dealt_in_by if msg.HasField("dealt_in_by") else None) == r.dealt_in_by
    assert (msg.win_tile if msg.HasField("win_tile") else None) == r.win_tile
    assert tuple(msg.patterns) == tuple(r.patterns)
    assert tuple(msg.payments) == tuple(r.payments)
    assert sum(msg.payments) == 0
    assert [(p.reason, p.payer, p.payee, p.amount) for p in msg.ledger] == [
        tuple(x) for x in r.ledger
    ]
    assert tuple(msg.birds) == tuple(r.birds)


def _prefix(rules: mj.Rules, seed: int, n: int) -> mj.Game:
    full = mj.play_bots(rules, seed, ("heuristic",) * 4)
    g = mj.Game(rules, seed=seed)
    for move in full.moves[: min(n, len(full.moves) - 1)]:
        g.apply(move)
    return g


@pytest.mark.parametrize("name", RULESETS)
def test_validate_move_agrees_with_the_engine(stub: Any, h: Any, name: str) -> None:
    fields, rules = h.MJ_RULES[name]
    rng = random.Random(name)
    for seed in range(3):
        g = _prefix(rules, seed, rng.randrange(5, 40))
        pos = h.mj_position(fields, seed, g.moves)
        other = (g.to_act[0] + 1) % 4
        candidates = [*g.legal_moves()[:6], f"s{other}:discard=1m", "s4:pass", "s0:bogus", ""]
        for move in candidates:
            got = stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move=move)).verdict
            want = g.validate(move)
            assert (got.ok, got.code, got.message) == (want.ok, want.code, want.message), move


def test_validate_moves_mixes_rulesets_and_games(stub: Any, h: Any) -> None:
    """One batch of every ruleset and a Yi Jing Pai position: verdicts in request order."""
    items, want = [], []
    for seed, name in enumerate(RULESETS):
        fields, rules = h.MJ_RULES[name]
        g = _prefix(rules, seed, 12)
        pos = h.mj_position(fields, seed, g.moves)
        for move in [*g.legal_moves()[:3], "s0:pung=9z", "s1:void=m"]:
            items.append(h.pb2.ValidateMoveRequest(position=pos, move=move))
            want.append(g.validate(move).code)
    yg = h.random_game(4, stop_at=10)
    items.append(h.pb2.ValidateMoveRequest(position=h.position(4, yg.moves), move="s0:pass"))
    want.append(yg.validate("s0:pass").code)
    got = stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=items)).verdicts
    assert [v.code for v in got] == want
    assert [v.ok for v in got] == [c == "ok" for c in want]
    assert "ok" in want
    assert len(set(want)) > 2


@pytest.mark.parametrize("name", RULESETS)
def test_validate_game_gives_every_verdict_and_the_result(stub: Any, h: Any, name: str) -> None:
    fields, rules = h.MJ_RULES[name]
    for seed in range(3):
        full = h.mj_hand(rules, seed)
        moves = list(full.moves)
        bad = len(moves) // 2
        moves.insert(bad, "s0:chow=999m")  # illegal: changes nothing, checking goes on
        resp = stub.ValidateGame(
            h.pb2.ValidateGameRequest(
                mahjong_rules=h.pb2.MahjongRules(**fields), deal=h.pb2.Deal(seed=seed), moves=moves
            )
        )
        want = mj.Game(rules, seed=seed).apply_each(moves)
        assert [(v.ok, v.code) for v in resp.verdicts] == [(v.ok, v.code) for v in want]
        assert not resp.ok
        assert resp.first_illegal_index == bad
        assert resp.mahjong_phase == h.pb2.MAHJONG_PHASE_OVER
        assert resp.phase == 0
        assert not resp.HasField("result")
        assert full.result is not None
        check_result(resp.mahjong_result, full.result, h.pb2)


def test_validate_game_on_an_exact_wall(stub: Any, h: Any) -> None:
    """A wall of two-character codes plus a dealer (§1) deals the same hand as its seed."""
    fields, rules = h.MJ_RULES["changsha"]
    full = h.mj_hand(rules, 5)
    resp = stub.ValidateGame(
        h.pb2.ValidateGameRequest(
            mahjong_rules=h.pb2.MahjongRules(**fields),
            deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=full.wall, dealer=full.dealer)),
            moves=full.moves,
        )
    )
    assert resp.ok
    check_result(resp.mahjong_result, full.result, h.pb2)


@pytest.mark.parametrize("name", RULESETS)
def test_legal_moves_per_seat_and_for_every_seat(stub: Any, h: Any, name: str) -> None:
    fields, rules = h.MJ_RULES[name]
    for seed, n in ((0, 0), (1, 9), (2, 23)):
        g = _prefix(rules, seed, n)
        pos = h.mj_position(fields, seed, g.moves)
        resp = stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos))
        assert list(resp.moves) == g.legal_moves()
        assert list(resp.to_act) == g.to_act
        assert h.pb2.MahjongPhase.Name(resp.mahjong_phase) == "MAHJONG_PHASE_" + g.phase.upper()
        for seat in range(4):
            one = stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos, seat=seat))
            assert list(one.moves) == g.legal_moves(seat)


def _ready_position(rules: mj.Rules) -> tuple[int, mj.Game, int]:
    """The first position of a bot hand where the seat in turn has a discard that leaves
    it ready (§3: waits of a seat holding 13 - 3k tiles)."""
    for seed in range(50):
        full = mj.play_bots(rules, seed, ("heuristic",) * 4)
        g = mj.Game(rules, seed=seed)
        for move in full.moves:
            if g.phase == "play":
                seat = g.to_act[0]
                for m in g.legal_moves(seat):
                    if ":discard=" in m:
                        after = g.copy()
                        after.apply(m)
                        if after.waits(seat):
                            return seed, g, seat
            g.apply(move)
    raise AssertionError("no ready position in 50 bot hands")


@pytest.mark.parametrize("name", RULESETS)
def test_evaluate_gives_waits_and_the_discards_that_leave_the_seat_ready(
    stub: Any, h: Any, name: str
) -> None:
    fields, rules = h.MJ_RULES[name]
    seed, g, seat = _ready_position(rules)
    pos = h.mj_position(fields, seed, g.moves)
    resp = stub.Evaluate(h.pb2.EvaluateRequest(position=pos, seat=seat))
    assert resp.ready_discards, "the position was chosen for a ready discard"
    listed = {d.tile: d for d in resp.ready_discards}
    discards = sorted({m.split("=")[1] for m in g.legal_moves(seat) if ":discard=" in m})
    for tile in discards:  # every legal discard: listed exactly when it leaves waits
        after = g.copy()
        after.apply(f"s{seat}:discard={tile}")
        waits = after.waits(seat)
        if waits:
            d = listed.pop(tile)
            assert {w.tile: w.unseen for w in d.waits} == waits
            assert f"s{seat}:discard={tile}" in d.moves
        else:
            assert tile not in listed
    assert not listed
    order = [mj.TILES.index(d.tile) for d in resp.ready_discards]
    assert order == sorted(order)
    # the seat holds 14 - 3k tiles: no waits of its own now (§3); the others have theirs
    assert list(resp.waits) == []
    assert not resp.ready
    assert resp.mahjong_view.viewer == seat
    assert resp.mahjong_view.seats[seat].HasField("hand")
    for other in range(4):
        if other == seat:
            continue
        ev = stub.Evaluate(h.pb2.EvaluateRequest(position=pos, seat=other))
        assert {w.tile: w.unseen for w in ev.waits} == g.waits(other)
        assert ev.ready == bool(g.waits(other))
        assert list(ev.ready_discards) == []  # not the seat in turn
        assert not ev.mahjong_view.seats[seat].HasField("hand")  # the view is the asked seat's


@pytest.mark.parametrize("name", RULESETS)
def test_evaluate_a_finished_hand_has_the_result(stub: Any, h: Any, name: str) -> None:
    fields, rules = h.MJ_RULES[name]
    full = h.mj_hand(rules, 7)
    resp = stub.Evaluate(
        h.pb2.EvaluateRequest(position=h.mj_position(fields, 7, full.moves), seat=0)
    )
    assert resp.mahjong_phase == h.pb2.MAHJONG_PHASE_OVER
    check_result(resp.mahjong_result, full.result, h.pb2)
    check_result(resp.mahjong_view.result, full.result, h.pb2)
    assert list(resp.to_act) == []


def _walls_helper() -> Any:
    """tests/support/walls.py (exact walls)."""
    from support import walls

    return walls


def test_evaluate_counts_revealed_open_kong_tiles_as_seen(stub: Any, h: Any) -> None:
    """Rules §11 (`unseen` counts "every tile lying in the discards (revealed open-kong and
    sea-bottom tiles included)"), through Evaluate: the wall and hands of
    tests/mahjong/changsha/test_game_changsha_unseen.py. Seat 0 open-kongs 5m and reveals 3m and 9s:
    seat 1 waits on 3m, seat 2 on 6s and 9s; each revealed tile is seen at the offer."""
    walls = _walls_helper()
    rules = mj.Rules("changsha", birds=0)
    hands = {
        0: "5555m123p456p789p2s",
        1: "12m456s789s234s88s",
        2: "123m789m234p78s55p",
        3: "1379m1379p13579s",
    }
    wall = walls.build_wall(rules, 0, hands, draws=["9p"], back=["3m", "9s"])
    g = mj.Game(rules, wall=wall, dealer=0)
    while g.phase == "opening":
        g.apply(f"s{g.to_act[0]}:pass")
    g.apply("s0:open_kong=5m")
    position = h.pb2.Position(
        mahjong_rules=h.pb2.MahjongRules(ruleset=h.pb2.MAHJONG_RULESET_CHANGSHA, birds=0),
        deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=wall, dealer=0)),
        moves=g.moves,
    )
    want = {0: {"2s": 3}, 1: {"3m": 3}, 2: {"6s": 4, "9s": 3}, 3: {}}
    for seat, waits in want.items():
        resp = stub.Evaluate(h.pb2.EvaluateRequest(position=position, seat=seat))
        assert resp.mahjong_phase == h.pb2.MAHJONG_PHASE_CLAIM
        assert {w.tile: w.unseen for w in resp.waits} == waits, seat
        assert resp.ready == bool(waits)
    # after both offers are passed the tiles lie in seat 0's discards: seen once
    after = h.pb2.Position()
    after.CopyFrom(position)
    after.moves.extend(["s1:pass", "s2:pass"])
    resp = stub.Evaluate(h.pb2.EvaluateRequest(position=after, seat=2))
    assert {w.tile: w.unseen for w in resp.waits} == {"6s": 4, "9s": 3}


def test_the_batch_check_calls_a_non_str_move_malformed() -> None:
    """The service's batch check of mahjong positions (ValidateMove(s)'s engine call) as
    `Game` answers: a move that is not a str is malformed, asked about or in the history
    (its index and verdict, as a malformed string there gives), hashable or not."""
    from pyyijing.service.games.mahjong import check_prepared

    rules = mj.Rules("changsha")
    history = mj.play_bots(rules, 4, ("heuristic",) * 4).moves[:6]
    g = mj.Game(rules, seed=4)
    g.apply_all(history)
    malformed = g.validate("not a move")
    assert malformed.code == "malformed"
    items: list[Any] = [(4, None, -1, history, m) for m in (None, 3, b"s0:pass", ["s0:pass"])]
    for move in (None, {"a": 1}, "not a move"):
        items.append((4, None, -1, [*history[:2], move, *history[3:]], "s0:pass"))
    got = check_prepared(rules, items)
    bad_history = (2, "malformed", malformed.message)
    assert got == [(-1, "malformed", malformed.message)] * 4 + [bad_history] * 3
