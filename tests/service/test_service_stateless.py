"""Stateless RPCs on a real server: ValidateMove(s), ValidateGame, LegalMoves, Evaluate."""

from __future__ import annotations

from typing import Any

import grpc
import pytest

import pyyijing as yj


def test_validate_move_legal_and_illegal(stub: Any, h: Any) -> None:
    g = h.random_game(7, stop_at=10)
    pos = h.position(7, g.moves)
    legal = g.legal_moves()[0]
    r = stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move=legal))
    assert (r.verdict.ok, r.verdict.code) == (True, "ok")
    for move in ("garbage", "s9:pass", "s0:play=1", g.moves[-1]):
        want = g.validate(move)
        r = stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move=move))
        assert not r.verdict.ok
        assert (r.verdict.code, r.verdict.message) == (want.code, want.message)


def test_validate_move_at_start_matches_engine(stub: Any, h: Any) -> None:
    g = yj.Game(yj.Rules(variant="simple", players=3), seed=11)
    pos = h.position(11, variant=h.pb2.VARIANT_SIMPLE, players=3)
    for move in [*g.legal_moves()[:5], "s0:target=1111", "s3:target=111111", "s0:play=101"]:
        want = g.validate(move)
        r = stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move=move))
        assert (r.verdict.ok, r.verdict.code) == (want.ok, want.code)


def test_exact_wall_deal(stub: Any, h: Any) -> None:
    wall, _ = yj.shuffle_wall(3)
    g = yj.Game(yj.Rules(), wall=wall, dealer=2)
    pos = h.pb2.Position(deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=wall, dealer=2)))
    r = stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos, seat=1))
    assert list(r.moves) == g.legal_moves(1)
    assert r.phase == h.pb2.PHASE_TARGET
    assert list(r.to_act) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"players": 5}, "position.rules.players"),
        ({"variant": 9}, "position.rules.variant"),
        ({"deck": 3}, "position.rules.deck"),
        ({"taiji": 7}, "position.rules.taiji"),
        ({"self_draw_payment": 5}, "position.rules.self_draw_payment"),
        ({"next_dealer": 4}, "position.rules.next_dealer"),
        ({"win_conditions": [1, 0]}, "position.rules.win_conditions[1]"),
        ({"win_conditions": [99]}, "position.rules.win_conditions[0]"),
    ],
)
def test_bad_rules_are_invalid_argument(
    stub: Any, h: Any, rules: dict[str, Any], field: str
) -> None:
    pos = h.pb2.Position(rules=h.pb2.Rules(**rules), deal=h.pb2.Deal(seed=1))
    with pytest.raises(grpc.RpcError) as info:
        stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move="s0:pass"))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert field in h.bad_request(info.value)


def test_bad_deals_are_invalid_argument(stub: Any, h: Any) -> None:
    wall, _ = yj.shuffle_wall(3)
    cases = [
        (h.pb2.Position(), "position.deal"),
        (
            h.pb2.Position(deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=wall[:-1], dealer=0))),
            "position.deal.wall.tiles",
        ),
        (
            h.pb2.Position(deal=h.pb2.Deal(wall=h.pb2.Wall(tiles="x" * 144, dealer=0))),
            "position.deal.wall.tiles",
        ),
        (
            h.pb2.Position(deal=h.pb2.Deal(wall=h.pb2.Wall(tiles="1" * 10**5, dealer=0))),
            "position.deal.wall.tiles",
        ),
        (
            h.pb2.Position(deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=wall, dealer=4))),
            "position.deal.wall.dealer",
        ),
        (
            h.pb2.Position(
                rules=h.pb2.Rules(taiji=h.pb2.TAIJI_RULE_NONE),
                deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=wall, dealer=0)),
            ),
            "position.deal.wall.tiles",
        ),
    ]
    for pos, field in cases:
        with pytest.raises(grpc.RpcError) as info:
            stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos))
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        violations = h.bad_request(info.value)
        assert field in violations, violations


def test_moves_that_do_not_replay_are_invalid_argument(stub: Any, h: Any) -> None:
    g = h.random_game(5, stop_at=8)
    moves = [*g.moves[:5], g.moves[3], *g.moves[5:]]
    with pytest.raises(grpc.RpcError) as info:
        stub.ValidateMove(h.pb2.ValidateMoveRequest(position=h.position(5, moves), move="s0:pass"))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    violations = h.bad_request(info.value)
    assert list(violations) == ["position.moves[5]"]
    assert g.moves[3] in violations["position.moves[5]"]


def test_absurd_seeds(stub: Any, h: Any) -> None:
    for seed in (0, 1, 2**63, 2**64 - 1):
        g = yj.Game(yj.Rules(), seed=seed)
        r = stub.LegalMoves(h.pb2.LegalMovesRequest(position=h.position(seed), seat=0))
        assert list(r.moves) == g.legal_moves(0)


def test_validate_moves_batch(stub: Any, h: Any) -> None:
    items = []
    expected = []
    for seed in range(6):
        g = h.random_game(seed, stop_at=6 + seed)
        for move in [*g.legal_moves()[:2], "s0:pong=00@outer", "nonsense"]:
            items.append(h.pb2.ValidateMoveRequest(position=h.position(seed, g.moves), move=move))
            expected.append(g.validate(move))
    r = stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=items))
    assert [(v.ok, v.code, v.message) for v in r.verdicts] == [tuple(v) for v in expected]


def test_validate_moves_at_and_over_the_limit(make_server: Any, h: Any) -> None:
    srv = make_server(max_batch=40)
    pos = h.position(3)
    at = h.pb2.ValidateMovesRequest(
        requests=[h.pb2.ValidateMoveRequest(position=pos, move="s0:pass")] * 40
    )
    r = srv.stub.ValidateMoves(at)
    assert len(r.verdicts) == 40
    assert {v.code for v in r.verdicts} == {"wrong_phase"}
    over = h.pb2.ValidateMovesRequest(requests=list(at.requests) * 2)
    with pytest.raises(grpc.RpcError) as info:
        srv.stub.ValidateMoves(over)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "requests" in h.bad_request(info.value)


def test_default_batch_limit(stub: Any, h: Any) -> None:
    item = h.pb2.ValidateMoveRequest(position=h.position(3), move="s0:pass")
    assert (
        len(stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=[item] * 256)).verdicts) == 256
    )
    with pytest.raises(grpc.RpcError) as info:
        stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=[item] * 257))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_validate_moves_names_the_bad_item(stub: Any, h: Any) -> None:
    good = h.pb2.ValidateMoveRequest(position=h.position(3), move="s0:pass")
    bad = h.pb2.ValidateMoveRequest(
        position=h.pb2.Position(rules=h.pb2.Rules(players=9), deal=h.pb2.Deal(seed=1)),
        move="s0:pass",
    )
    with pytest.raises(grpc.RpcError) as info:
        stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=[good, good, bad]))
    assert "requests[2].position.rules.players" in h.bad_request(info.value)


def test_validate_moves_mixes_rule_sets_and_wall_deals(stub: Any, h: Any) -> None:
    # Requests under different rules are checked in one call per rule set; the
    # answers come back in request order.
    simple = yj.Rules(variant="simple", players=3)
    wall, _ = yj.shuffle_wall(8, deck=144)
    games = [
        (h.random_game(2, stop_at=9), h.position(2)),
        (
            h.random_game(4, rules=simple, stop_at=7),
            h.position(4, variant=h.pb2.VARIANT_SIMPLE, players=3),
        ),
        (
            yj.Game(yj.Rules(), wall=wall, dealer=1),
            h.pb2.Position(deal=h.pb2.Deal(wall=h.pb2.Wall(tiles=wall, dealer=1))),
        ),
    ]
    items, expected = [], []
    for round_ in range(3):
        for g, pos in games:
            p = h.pb2.Position()
            p.CopyFrom(pos)
            p.moves.extend(g.moves)
            move = g.legal_moves()[0] if round_ % 2 == 0 else "s1:play=111"
            items.append(h.pb2.ValidateMoveRequest(position=p, move=move))
            expected.append(g.validate(move))
    r = stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=items))
    assert [(v.ok, v.code, v.message) for v in r.verdicts] == [tuple(v) for v in expected]
    assert any(v.ok for v in r.verdicts)
    assert not all(v.ok for v in r.verdicts)


def test_validate_moves_reports_the_first_bad_item_in_order(stub: Any, h: Any) -> None:
    g = h.random_game(5, stop_at=8)
    replays_badly = h.pb2.ValidateMoveRequest(
        position=h.position(5, [*g.moves[:4], "s0:bogus"]), move="s0:pass"
    )
    bad_rules = h.pb2.ValidateMoveRequest(
        position=h.pb2.Position(rules=h.pb2.Rules(players=9), deal=h.pb2.Deal(seed=1)),
        move="s0:pass",
    )
    good = h.pb2.ValidateMoveRequest(position=h.position(5, g.moves), move="s0:pass")
    for items, field in (
        ([good, replays_badly, bad_rules], "requests[1].position.moves[4]"),
        ([good, bad_rules, replays_badly], "requests[1].position.rules.players"),
    ):
        with pytest.raises(grpc.RpcError) as info:
            stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=items))
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert list(h.bad_request(info.value)) == [field]


def test_an_overlong_history_move_is_named(stub: Any, h: Any) -> None:
    long_move = "s0:" + "1" * 400
    pos = h.position(2, [long_move])
    with pytest.raises(grpc.RpcError) as info:
        stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move="s0:pass"))
    assert h.bad_request(info.value) == {"position.moves[0]": "move is 403 characters long"}
    # an overlong move asked about is simply malformed
    r = stub.ValidateMove(h.pb2.ValidateMoveRequest(position=h.position(2), move=long_move))
    assert r.verdict.code == "malformed"


def test_too_many_moves(make_server: Any, h: Any) -> None:
    srv = make_server(max_moves=5)
    g = h.random_game(1, stop_at=6)
    with pytest.raises(grpc.RpcError) as info:
        srv.stub.LegalMoves(h.pb2.LegalMovesRequest(position=h.position(1, g.moves)))
    assert "position.moves" in h.bad_request(info.value)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_validate_game_whole_record(stub: Any, h: Any, seed: int) -> None:
    g = h.random_game(seed)
    r = stub.ValidateGame(h.pb2.ValidateGameRequest(deal=h.pb2.Deal(seed=seed), moves=g.moves))
    assert r.ok
    assert not r.HasField("first_illegal_index")
    assert len(r.verdicts) == len(g.moves)
    assert all(v.ok for v in r.verdicts)
    assert r.phase == h.pb2.PHASE_OVER
    res = g.result
    assert res is not None
    assert list(r.result.payments) == list(res.payments)
    assert r.result.points_half == res.points_half
    assert (
        r.result.kind
        == {
            "draw": h.pb2.RESULT_KIND_DRAW,
            "self_draw": h.pb2.RESULT_KIND_SELF_DRAW,
            "dealt_in": h.pb2.RESULT_KIND_DEALT_IN,
        }[res.kind]
    )
    assert r.result.HasField("winner") == (res.winner is not None)


def test_validate_game_reports_illegal_moves_and_goes_on(stub: Any, h: Any) -> None:
    g = h.random_game(4, stop_at=12)
    moves = [*g.moves[:7], "s0:bogus", *g.moves[7:]]
    r = stub.ValidateGame(h.pb2.ValidateGameRequest(deal=h.pb2.Deal(seed=4), moves=moves))
    assert not r.ok
    assert r.first_illegal_index == 7
    assert [v.ok for v in r.verdicts] == [True] * 7 + [False] + [True] * 5
    assert r.verdicts[7].code == "malformed"
    assert not r.HasField("result")


def test_legal_moves_every_seat_and_bad_seat(stub: Any, h: Any) -> None:
    g = h.random_game(9, stop_at=20)
    pos = h.position(9, g.moves)
    r = stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos))
    assert list(r.moves) == g.legal_moves()
    assert list(r.to_act) == g.to_act
    with pytest.raises(grpc.RpcError) as info:
        stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos, seat=4))
    assert "seat" in h.bad_request(info.value)


def _ready_position(h: Any) -> tuple[int, yj.Game, int]:
    for seed in range(200):
        g = yj.Game(yj.Rules(), seed=seed)
        import random

        rng = random.Random(seed)
        while g.phase != "over":
            for seat in range(4):
                if g.ready(seat):
                    return seed, g, seat
            g.apply(rng.choice(g.legal_moves()))
    raise AssertionError("no ready seat found")


def test_evaluate_ready_seat(stub: Any, h: Any) -> None:
    seed, g, seat = _ready_position(h)
    r = stub.Evaluate(h.pb2.EvaluateRequest(position=h.position(seed, g.moves), seat=seat))
    assert r.ready
    want = g.ready(seat)
    got = [
        {
            "lines": p.lines,
            "placement": p.placement,
            "king_wen": p.king_wen,
            "points_half": p.points_half,
        }
        for p in r.winning_plays
    ]
    assert got == want
    assert r.view.viewer == seat
    assert r.view.seats[seat].hand == g.view(seat)["seats"][seat]["hand"]
    for other in r.view.seats:
        if other.seat != seat:
            assert not other.HasField("hand")
            assert not other.HasField("target")


def test_evaluate_finished_game(stub: Any, h: Any) -> None:
    g = h.random_game(2)
    r = stub.Evaluate(h.pb2.EvaluateRequest(position=h.position(2, g.moves), seat=0))
    assert r.phase == h.pb2.PHASE_OVER
    assert r.HasField("result")
    assert not r.ready
    with pytest.raises(grpc.RpcError) as info:
        stub.Evaluate(h.pb2.EvaluateRequest(position=h.position(2, g.moves), seat=7))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
