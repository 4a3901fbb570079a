"""Bad mahjong input: malformed requests are INVALID_ARGUMENT naming the field; illegal
moves are OK answers with ok=false and the engine's code (docs/mahjong.md §6).

The MahjongRules message is generated from the option table: each entry has
its field (with presence: unset is the default), and a set field the ruleset
does not have is refused as `mj.Rules` refuses the keyword ("an option of
another ruleset ... is a ValueError naming the option", docs/mahjong.md
"Options and defaults").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
import pytest

from pyyijing import mahjong as mj
from pyyijing.service.games import mahjong as adapter

COMMON = {"ruleset": 1}


def _bad(h: Any, call: Callable[[], Any]) -> dict[str, str]:
    with pytest.raises(grpc.RpcError) as err:
        call()
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    fields: dict[str, str] = h.bad_request(err.value)
    return fields


def test_every_option_of_the_table_has_its_field(h: Any) -> None:
    desc = h.pb2.MahjongRules.DESCRIPTOR
    names = {f.name for f in desc.fields} - {"ruleset"}
    assert names == {o.proto_field for o in mj.MAHJONG_OPTIONS}
    for opt in mj.MAHJONG_OPTIONS:
        f = desc.fields_by_name[opt.proto_field]
        if opt.type is tuple:
            assert f.is_repeated, opt.name
        else:  # presence: unset is the default, so 0 / false / "" can be sent
            assert f.has_presence, opt.name
            want = {bool: f.TYPE_BOOL, int: f.TYPE_UINT32, str: f.TYPE_STRING}[opt.type]
            assert f.type == want, opt.name
    rulesets = {v.name for v in h.pb2.MahjongRuleset.DESCRIPTOR.values} - {
        "MAHJONG_RULESET_UNSPECIFIED"
    }
    assert rulesets == {f"MAHJONG_RULESET_{r.upper()}" for r in mj.RULESETS}


@pytest.mark.parametrize(
    "rules",
    [
        mj.Rules("common"),
        mj.Rules("common", void_suit=True, declare_ready=False),
        mj.Rules("common", flowers=True),
        mj.Rules("shaoyang"),
        mj.Rules(
            "changsha",
            birds=0,
            bird_scoring="multiply",
            compound="multiply",
            cap=0,
            floats=(1, 0, 2, 3),
            opening_extras=True,
            opening_reuse=True,
            mid_game_wins=False,
            pass_lock=False,
        ),
    ],
)
def test_rules_round_trip_through_the_message(rules: mj.Rules) -> None:
    assert adapter.rules_from_proto(adapter.rules_to_proto(rules)) == rules


def test_unset_options_are_the_defaults(h: Any) -> None:
    assert adapter.rules_from_proto(h.pb2.MahjongRules()) == mj.Rules("common")
    assert adapter.rules_from_proto(h.pb2.MahjongRules(ruleset=3)) == mj.Rules("changsha")
    # cap=0 is "no cap", not the default 6: presence tells them apart
    assert adapter.rules_from_proto(h.pb2.MahjongRules(ruleset=3, cap=0)).cap == 0


BAD_RULES = [
    ({"ruleset": 1, "birds": 2}, "birds", "belongs to changsha"),  # another ruleset's option
    ({"ruleset": 2, "flowers": True}, "flowers", "belongs to common"),
    ({"ruleset": 2, "declare_ready": False}, "declare_ready", "not shaoyang"),
    ({"ruleset": 3, "void_suit": True}, "void_suit", "not changsha"),
    ({"ruleset": 3, "birds": 3}, "birds", "0, 2, 4"),  # a bad value
    ({"ruleset": 3, "bird_scoring": "triple"}, "bird_scoring", "add, multiply"),
    ({"ruleset": 3, "compound": "x" * 5000}, "compound", "..."),  # quoted, shortened
    ({"ruleset": 3, "floats": [1, 2, 3]}, "floats", "4 values"),
    ({"ruleset": 3, "floats": [0] * 10000}, "floats", "got 10000"),
    ({"ruleset": 9}, "ruleset", "unknown ruleset 9"),
]


@pytest.mark.parametrize(("fields", "field", "words"), BAD_RULES)
def test_bad_rules_name_their_field_in_every_rpc(
    stub: Any, h: Any, fields: dict[str, Any], field: str, words: str
) -> None:
    rules = h.pb2.MahjongRules(**fields)
    pos = h.pb2.Position(mahjong_rules=rules, deal=h.pb2.Deal(seed=1))
    calls: dict[str, Callable[[], Any]] = {
        "position.": lambda: stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move="x")),
        "requests[1].position.": lambda: stub.ValidateMoves(
            h.pb2.ValidateMovesRequest(
                requests=[
                    h.pb2.ValidateMoveRequest(position=h.mj_position(COMMON, 1), move="s0:pass"),
                    h.pb2.ValidateMoveRequest(position=pos, move="x"),
                ]
            )
        ),
        "": lambda: stub.ValidateGame(
            h.pb2.ValidateGameRequest(mahjong_rules=rules, deal=h.pb2.Deal(seed=1))
        ),
        "position. ": lambda: stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos)),
        "position.  ": lambda: stub.Evaluate(h.pb2.EvaluateRequest(position=pos, seat=0)),
        " ": lambda: stub.CreateGame(h.pb2.CreateGameRequest(mahjong_rules=rules)),
        "  ": lambda: list(stub.Simulate(h.pb2.SimulateRequest(mahjong_rules=rules, games=1))),
    }
    for prefix, call in calls.items():
        got = _bad(h, call)
        path = f"{prefix.strip()}mahjong_rules.{field}"
        assert path in got, (prefix, got)
        assert words in got[path]
        assert len(got[path]) < 300  # a huge value is never echoed whole


def test_flowers_with_the_void_suit_is_refused(stub: Any, h: Any) -> None:
    rules = h.pb2.MahjongRules(ruleset=1, flowers=True, void_suit=True)
    got = _bad(h, lambda: stub.CreateGame(h.pb2.CreateGameRequest(mahjong_rules=rules)))
    assert "108" in got["mahjong_rules"]


def test_both_games_rules_at_once_are_refused(stub: Any, h: Any) -> None:
    pos = h.pb2.Position(
        rules=h.pb2.Rules(), mahjong_rules=h.pb2.MahjongRules(), deal=h.pb2.Deal(seed=1)
    )
    for _ in range(2):  # the second time the rules are cached: still refused
        got = _bad(
            h, lambda: stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move="s0:pass"))
        )
        assert "not both" in got["position.mahjong_rules"]
    got = _bad(
        h,
        lambda: stub.CreateGame(
            h.pb2.CreateGameRequest(rules=h.pb2.Rules(), mahjong_rules=h.pb2.MahjongRules())
        ),
    )
    assert "not both" in got["mahjong_rules"]


def test_bad_walls_name_their_field(stub: Any, h: Any) -> None:
    """A wall must be exactly the ruleset's tiles (§1: 136, 144 with flowers, 108)."""
    common = mj.Game(mj.Rules("common"), seed=1).wall
    cases = [
        (3, common, 0, "deal.wall.tiles", "108"),  # a 136-tile wall for Changsha
        (1, "10T" * 40, 0, "deal.wall.tiles", ""),  # Yi Jing tiles
        (1, common[:-2] + "9f", 0, "deal.wall.tiles", ""),  # a flower without flowers
        (1, common, 4, "deal.wall.dealer", "0..3"),
        (1, "1m" * 600, 0, "deal.wall.tiles", "at most 1024"),  # the size bound
    ]
    for ruleset, tiles, dealer, field, words in cases:
        deal = h.pb2.Deal(wall=h.pb2.Wall(tiles=tiles, dealer=dealer))
        rules = h.pb2.MahjongRules(ruleset=ruleset)
        pos = h.pb2.Position(mahjong_rules=rules, deal=deal)
        calls: list[tuple[str, Any, Any]] = [
            ("position.", stub.LegalMoves, h.pb2.LegalMovesRequest(position=pos)),
            ("position.", stub.ValidateMove, h.pb2.ValidateMoveRequest(position=pos)),
            ("", stub.CreateGame, h.pb2.CreateGameRequest(mahjong_rules=rules, deal=deal)),
        ]
        for prefix, method, request in calls:
            got = _bad(h, lambda m=method, r=request: m(r))
            assert words in got[prefix + field], got


def test_a_history_that_does_not_replay_names_the_move(stub: Any, h: Any) -> None:
    g = h.mj_hand(mj.Rules("shaoyang"), 3)
    moves = [*g.moves[:5], "s0:discard=1m", *g.moves[5:9]]
    pos = h.mj_position({"ruleset": 2}, 3, moves)
    for call in (
        lambda: stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move="s0:pass")),
        lambda: stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos)),
        lambda: stub.Evaluate(h.pb2.EvaluateRequest(position=pos, seat=1)),
    ):
        got = _bad(h, call)
        assert list(got) == ["position.moves[5]"]
        assert "illegal here" in got["position.moves[5]"]
    got = _bad(
        h,
        lambda: stub.ValidateMoves(
            h.pb2.ValidateMovesRequest(
                requests=[h.pb2.ValidateMoveRequest(position=pos, move="s0:pass")]
            )
        ),
    )
    assert list(got) == ["requests[0].position.moves[5]"]


def test_sizes_are_bounded(make_server: Any, h: Any) -> None:
    srv = make_server(max_moves=10, max_batch=3)
    g = h.mj_hand(mj.Rules("common"), 2)
    pos = h.mj_position(COMMON, 2, g.moves[:11])
    got = _bad(h, lambda: srv.stub.LegalMoves(h.pb2.LegalMovesRequest(position=pos)))
    assert "at most 10" in got["position.moves"]
    item = h.pb2.ValidateMoveRequest(position=h.mj_position(COMMON, 2), move="s0:pass")
    got = _bad(h, lambda: srv.stub.ValidateMoves(h.pb2.ValidateMovesRequest(requests=[item] * 4)))
    assert "at most 3" in got["requests"]
    got = _bad(
        h,
        lambda: srv.stub.Evaluate(h.pb2.EvaluateRequest(position=h.mj_position(COMMON, 2), seat=4)),
    )
    assert "0..3" in got["seat"]
    got = _bad(
        h,
        lambda: list(
            srv.stub.Simulate(
                h.pb2.SimulateRequest(
                    mahjong_rules=h.pb2.MahjongRules(), games=1, policies=["a", "b"]
                )
            )
        ),
    )
    assert "one per seat (4)" in got["policies"]


@pytest.mark.parametrize("name", ["common_void", "shaoyang", "changsha"])
def test_illegal_moves_are_verdicts_not_errors(stub: Any, h: Any, name: str) -> None:
    fields, rules = h.MJ_RULES[name]
    g = mj.Game(rules, seed=11)
    pos = h.mj_position(fields, 11, [])
    for move in ("s0:chow=123m", "s5:pass", "s0:discard=", "s1:raise=4", "s2:void=z", "s0:mid"):
        v = stub.ValidateMove(h.pb2.ValidateMoveRequest(position=pos, move=move)).verdict
        want = g.validate(move)
        assert not v.ok
        assert (v.code, v.message) == (want.code, want.message)
