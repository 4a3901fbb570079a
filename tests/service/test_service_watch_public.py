"""WatchGame shows only what a spectator at a real table sees.

WatchGame needs no token, so a watcher must learn nothing a spectator could not
see (architecture contract: "only what a spectator at a real table sees (no
claim phase, no count of hidden passes)"; README "Service", "What a watcher
sees"). A claim or an opening offer exists only when some seat holds the tiles
(Yi Jing Pai: the target) to take it (docs/mahjong.md §2 and §9 起手胡,
docs/yijing.md §3), so no watched message may show a claim or opening phase,
`claims_pending`, an offer, a seat to act, or a move count that counts passes;
and a message comes only with a public move. The property that sums it up: two
hands with the same public moves but different hidden hands (a seat that could
claim against one that could not) give a watcher the same messages.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import grpc
import pytest

import pyyijing as yj
from pyyijing import mahjong as mj
from pyyijing.service.convert import pb2

# -- what a watcher may see ---------------------------------------------------------

# The phases in which a seat is being offered something (docs/mahjong.md §2, §9;
# docs/yijing.md §3): the engine's own words for them.
OFFER_PHASES = {"claim", "opening"}
OFFER_WIRE_PHASES = {pb2.PHASE_CLAIM}
MJ_OFFER_WIRE_PHASES = {pb2.MAHJONG_PHASE_CLAIM, pb2.MAHJONG_PHASE_OPENING}
MJ_RULES = {
    "common": (pb2.MAHJONG_RULESET_COMMON, mj.Rules("common")),
    "shaoyang": (pb2.MAHJONG_RULESET_SHAOYANG, mj.Rules("shaoyang")),
    "changsha": (pb2.MAHJONG_RULESET_CHANGSHA, mj.Rules("changsha")),
}
KINDS = ["yijingpai", *MJ_RULES]


def _view(msg: Any) -> Any:
    return msg.mahjong_view if msg.HasField("mahjong_view") else msg.view


def check_public(msg: Any) -> None:
    """One watched message: no offer in progress, no seat to act, no count of passes."""
    v = _view(msg)
    mahjong = msg.HasField("mahjong_view")
    assert v.phase not in (MJ_OFFER_WIRE_PHASES if mahjong else OFFER_WIRE_PHASES), msg
    assert not v.claims_pending, msg
    assert not v.to_act, msg
    assert not v.HasField("viewer"), msg
    assert v.next_index == 0, msg  # it counts passes: a watcher never gets it
    if mahjong:
        assert not v.HasField("offer"), msg
        for s in v.seats:
            assert not s.HasField("hand")
            assert not s.HasField("drawn")
            assert not s.pass_locked
    else:
        for s in v.seats:
            assert not s.HasField("hand")
            assert not s.HasField("target")


def _seat_of(move: str) -> int:
    return int(move[1 : move.index(":")])


def _create(
    stub: Any, kind: str, *, seed: int | None = None, wall: str = "", dealer: int = 0
) -> Any:
    req = pb2.CreateGameRequest()
    if kind != "yijingpai":
        req.mahjong_rules.ruleset = MJ_RULES[kind][0]
    if seed is not None:
        req.deal.seed = seed
    else:
        req.deal.wall.tiles = wall
        req.deal.wall.dealer = dealer
    return stub.CreateGame(req)


def _act_all(stub: Any, game: Any, moves: list[str], after: Any = None) -> None:
    tokens = {t.seat: t.token for t in game.seat_tokens}
    for i, move in enumerate(moves):
        r = stub.Act(
            pb2.ActRequest(
                game_id=game.game_id, token=tokens[_seat_of(move)], move=move, expected_index=i
            )
        )
        assert r.verdict.ok, (i, move, r.verdict)
        if after is not None:
            after(i)


class Watcher:
    """A WatchGame stream read in a thread: to the end of the hand, or until stopped."""

    def __init__(self, stub: Any, game_id: str) -> None:
        self.call = stub.WatchGame(pb2.WatchGameRequest(game_id=game_id), timeout=300)
        self.messages: list[Any] = []
        self.error: grpc.RpcError | None = None
        self.thread = threading.Thread(target=self._read)
        self.thread.start()

    def _read(self) -> None:
        try:
            for msg in self.call:
                self.messages.append(msg)
        except grpc.RpcError as exc:
            self.error = exc

    def join(self) -> list[Any]:
        self.thread.join(timeout=120)
        assert not self.thread.is_alive(), "the watch stream did not end with the hand"
        assert self.error is None, self.error
        return self.messages

    def stop(self) -> list[Any]:
        self.call.cancel()
        self.thread.join(timeout=30)
        assert self.error is None or self.error.code() == grpc.StatusCode.CANCELLED
        return self.messages


def first_message(stub: Any, game_id: str) -> Any:
    """What a watcher arriving now is shown first."""
    call = stub.WatchGame(pb2.WatchGameRequest(game_id=game_id), timeout=30)
    try:
        return next(call)
    finally:
        call.cancel()


# -- bot hands through Act, a watcher attached ------------------------------------------


def bot_hand(kind: str, seed: int) -> Any:
    """A whole hand played by bots (it is then played again through the server)."""
    if kind != "yijingpai":
        return mj.play_bots(MJ_RULES[kind][1], seed, ("heuristic", "heuristic", "greedy", "random"))
    game = yj.Game(yj.Rules(), seed=seed)
    policies = ("heuristic", "heuristic", "greedy", "random")
    while game.phase != "over":
        seat = game.to_act[0]
        game.apply(yj.bot_move(game, policies[seat], seat, seed=seed * 1000 + len(game.moves)))
    return game


def _engine_of(kind: str, seed: int) -> Any:
    if kind == "yijingpai":
        return yj.Game(yj.Rules(), seed=seed)
    return mj.Game(MJ_RULES[kind][1], seed=seed)


def _offered(engine: Any) -> bool:
    return engine.phase in OFFER_PHASES


def watch_bot_hands(stub: Any, kind: str, seeds: range) -> dict[str, int]:
    """Play bot hands with a watcher attached; check every watched message."""
    tally = {"hands": 0, "discards": 0, "discards_offered": 0, "offers": 0, "messages": 0}
    for seed in seeds:
        moves = list(bot_hand(kind, seed).moves)
        game = _create(stub, kind, seed=seed)
        watcher = Watcher(stub, game.game_id)
        engine = _engine_of(kind, seed)
        tally["offers"] += _offered(engine)
        for move in moves:  # the hand on the referee's side, to count what was hidden
            offered = _offered(engine)
            engine.apply(move)
            tally["offers"] += _offered(engine) and not offered
            if any(k in move for k in (":discard=", ":ready=", ":play=", ":pong=")):
                tally["discards"] += 1
                tally["discards_offered"] += _offered(engine)
        _act_all(stub, game, moves)
        messages = watcher.join()
        for msg in messages:
            check_public(msg)
        # a message only with a public move; together they are the public history
        assert all(msg.new_moves for msg in messages[1:]), (kind, seed)
        assert [m for msg in messages for m in msg.new_moves] == engine.view(None)["history"]
        last = _view(messages[-1])
        assert last.phase in (pb2.PHASE_OVER, pb2.MAHJONG_PHASE_OVER)
        tally["hands"] += 1
        tally["messages"] += len(messages)
    return tally


FAST_HANDS = 4
SLOW_HANDS = 150


@pytest.mark.parametrize(
    ("kind", "seeds"),
    [pytest.param(k, range(1, 1 + FAST_HANDS), id=f"{k}-fast") for k in KINDS]
    + [
        pytest.param(
            k, range(1 + FAST_HANDS, 1 + SLOW_HANDS), id=f"{k}-slow", marks=pytest.mark.slow
        )
        for k in KINDS
    ],
)
def test_watched_bot_hands_show_no_offer_and_no_hidden_count(
    server: Any, kind: str, seeds: range
) -> None:
    tally = watch_bot_hands(server.stub, kind, seeds)
    print(f"watched {kind}: {tally}")
    assert tally["discards_offered"] > 0, "no hand had an offer: the test would prove nothing"


def _offer_kinds(kind: str, seed: int) -> set[str]:
    """The kinds of offer the referee made in the bot hand (the engine's observer)."""
    engine = _engine_of(kind, seed)
    kinds = {"opening"} if engine.phase == "opening" else set()
    for move in bot_hand(kind, seed).moves:
        engine.apply(move)
        if engine.phase == "claim":
            kinds.add(engine.view(None)["offer"]["kind"])
    return kinds


@pytest.mark.parametrize(
    ("kind", "seed", "offer"),
    [
        ("shaoyang", 31, "robbed_kong"),  # docs/mahjong.md §2: an added kong offered to rob
        ("changsha", 60, "robbed_kong"),
        ("changsha", 68, "haidi"),  # docs/mahjong.md §9 海底: offered to each ready seat
        ("changsha", 10, "opening"),  # docs/mahjong.md §9 起手胡
    ],
)
def test_rarer_offers_stay_hidden_too(server: Any, kind: str, seed: int, offer: str) -> None:
    assert offer in _offer_kinds(kind, seed)
    watch_bot_hands(server.stub, kind, range(seed, seed + 1))


# -- the same public moves, a different hidden hand: the same messages -----------------

# The scenarios below were found by search (a tile swapped between two hidden hands of a
# seeded deal, or a target laid in another order); each test checks that the hidden
# difference is real (a seat is offered something in one hand and not in the other).


def _simple_choice(game: Any) -> str:
    """A fixed policy that shows nothing of the hidden tiles in its public moves.

    Every offer is passed; a mahjong seat discards the tile it drew (the dealer its
    lowest tile at first), a Yi Jing Pai seat plays its first legal play.
    """
    seat = game.to_act[0]
    if game.phase in OFFER_PHASES:
        return f"s{seat}:pass"
    legal = sorted(game.legal_moves(seat))
    if isinstance(game, yj.Game):
        return next((m for m in legal if ":play=" in m), legal[0])
    if game.phase in ("raise", "void"):
        return legal[0]
    drawn = game.view(seat)["seats"][seat].get("drawn")
    if drawn:
        return f"s{seat}:discard={drawn}"
    return next(m for m in legal if ":discard=" in m)


def _play_simply(game: Any, public_moves: int, choose: Any = _simple_choice) -> list[str]:
    while game.phase != "over" and len(game.view(None)["history"]) < public_moves:
        game.apply(choose(game))
    while game.phase in OFFER_PHASES:  # end on a settled table
        game.apply(choose(game))
    return list(game.moves)


def _swapped(wall: str, i: int, j: int) -> str:
    tiles = [wall[k : k + 2] for k in range(0, len(wall), 2)]
    tiles[i], tiles[j] = tiles[j], tiles[i]
    return "".join(tiles)


def _first_messages(stub: Any, game: Any, moves: list[str]) -> list[bytes]:
    """What a watcher arriving after each move is shown first, repeats dropped."""
    seen = [first_message(stub, game.game_id)]
    _act_all(stub, game, moves, after=lambda _i: seen.append(first_message(stub, game.game_id)))
    out: list[bytes] = []
    for msg in seen:
        check_public(msg)
        data = msg.SerializeToString(deterministic=True)
        if not out or out[-1] != data:
            out.append(data)
    return out


def _same_for_a_watcher(
    server: Any, kind: str, deals: list[dict[str, Any]], moves: list[list[str]]
) -> None:
    stub = server.stub
    runs = []
    for deal, hand in zip(deals, moves, strict=True):
        game = _create(stub, kind, **deal)
        watcher = Watcher(stub, game.game_id)
        firsts = _first_messages(stub, game, hand)
        live = watcher.stop()
        for m in live:
            check_public(m)
        # the live stream shows some of those tables, in order, and never another one
        tables = [_view(pb2.WatchGameResponse.FromString(x)) for x in firsts]
        remaining = iter(tables)
        assert all(any(_view(m) == t for t in remaining) for m in live), kind
        runs.append(firsts)
    assert runs[0] == runs[1], f"{kind}: a watcher told the two hands apart"


@pytest.mark.parametrize(
    ("kind", "seed", "i", "j", "public_moves"),
    [
        ("common", 1, 8, 36, 30),  # docs/mahjong.md §2: pung, chow and win offers
        ("shaoyang", 1, 8, 36, 30),
        ("changsha", 1, 51, 48, 40),
    ],
)
def test_mahjong_hands_differing_only_in_hidden_tiles_look_the_same(
    server: Any, kind: str, seed: int, i: int, j: int, public_moves: int
) -> None:
    rules = MJ_RULES[kind][1]
    record = mj.Game(rules, seed=seed).record()
    walls = [record["wall"], _swapped(record["wall"], i, j)]
    deals = [{"wall": w, "dealer": record["dealer"]} for w in walls]
    hands = [_play_simply(mj.Game(rules, **d), public_moves) for d in deals]
    engines = []
    for d, hand in zip(deals, hands, strict=True):
        engine = mj.Game(rules, **d)
        assert engine.apply_all(hand) is None
        engines.append(engine)
    assert engines[0].view(None)["history"] == engines[1].view(None)["history"]
    passes = [[k for k, m in enumerate(hand) if m.endswith(":pass")] for hand in hands]
    assert len(passes[0]) != len(passes[1]), "the hidden difference must change the offers"
    _same_for_a_watcher(server, kind, deals, hands)


def test_changsha_opening_win_offered_or_not_looks_the_same(server: Any) -> None:
    """docs/mahjong.md §9 起手胡: phase `opening` only when a seat holds an opening win."""
    rules = MJ_RULES["changsha"][1]
    record = mj.Game(rules, seed=10).record()
    deals = [
        {"wall": w, "dealer": record["dealer"]}
        for w in (record["wall"], _swapped(record["wall"], 36, 2))
    ]
    assert [mj.Game(rules, **d).phase for d in deals] == ["opening", "play"]
    hands = [_play_simply(mj.Game(rules, **d), 20) for d in deals]
    _same_for_a_watcher(server, "changsha", deals, hands)


def test_yijingpai_targets_that_allow_a_win_offer_or_not_look_the_same(server: Any) -> None:
    """docs/yijing.md §3: seat X is offered 胡 when the play completes a winning
    hexagram for X, which its hidden target decides. Seat 2 lays the same six tiles
    as two different targets: its hand, and every public move, stay the same."""
    targets = ["s2:target=000111", "s2:target=110010"]
    hands = []
    for target in targets:

        def choose(game: Any, target: str = target) -> str:
            if game.phase == "target" and game.to_act[0] == 2:
                return target
            if game.phase == "target":
                return sorted(game.legal_moves(game.to_act[0]))[0]
            return _simple_choice(game)

        hands.append(_play_simply(yj.Game(yj.Rules(), seed=8), 30, choose))
    engines = [yj.Game(yj.Rules(), seed=8) for _ in hands]
    for engine, hand in zip(engines, hands, strict=True):
        for move in hand:
            engine.apply(move)
    assert engines[0].view(None)["history"] == engines[1].view(None)["history"]
    assert len(hands[0]) != len(hands[1]), "the hidden difference must change the offers"
    _same_for_a_watcher(server, "yijingpai", [{"seed": 8}, {"seed": 8}], hands)


# -- the idle limit counts what a watcher saw, not hidden moves ---------------------------


def test_hidden_moves_do_not_keep_a_watcher_alive(make_server: Any) -> None:
    """--watch-idle-seconds is "nothing new" for the watcher: hidden moves (here
    Shaoyang's raises, docs/mahjong.md §8, unseen until all four are in) are nothing
    new, so they must not restart its clock: when it ends would tell of them."""
    srv = make_server(watch_idle_seconds=1.0)
    game = _create(srv.stub, "shaoyang", seed=9)
    tokens = {t.seat: t.token for t in game.seat_tokens}
    call = srv.stub.WatchGame(pb2.WatchGameRequest(game_id=game.game_id), timeout=30)
    check_public(next(call))
    start = time.monotonic()
    ended: list[tuple[float, Any]] = []

    def read() -> None:
        try:
            for msg in call:
                ended.append((time.monotonic() - start, msg))
        except grpc.RpcError as exc:
            ended.append((time.monotonic() - start, exc))

    reader = threading.Thread(target=read)
    reader.start()
    for k, move in enumerate(["s0:raise=1", "s1:raise=0", "s2:raise=3"]):
        time.sleep(max(0.0, 0.6 * (k + 1) - (time.monotonic() - start)))
        r = srv.stub.Act(pb2.ActRequest(game_id=game.game_id, token=tokens[k], move=move))
        assert r.verdict.ok
    reader.join(timeout=30)
    assert len(ended) == 1, ended
    when, outcome = ended[0]
    assert isinstance(outcome, grpc.RpcError), outcome
    assert outcome.code() == grpc.StatusCode.UNAVAILABLE
    assert "--watch-idle-seconds" in (outcome.details() or "")
    # 1 s after the first message, not 1 s after the last raise (at 1.8 s)
    assert when < 2.2, when


def test_a_watcher_arriving_during_an_offer_sees_the_table_before_it(server: Any) -> None:
    """The first message of a watcher who arrives while a tile is on offer is the table
    as it stood when the offer began to be possible: the discard is not shown yet."""
    rules = MJ_RULES["common"][1]
    seed = 1
    record = mj.Game(rules, seed=seed).record()
    engine = mj.Game(rules, wall=record["wall"], dealer=record["dealer"])
    moves: list[str] = []
    settled_history: list[str] = []
    while engine.phase != "claim":
        settled_history = engine.view(None)["history"]
        move = _simple_choice(engine)
        engine.apply(move)
        moves.append(move)
    game = _create(server.stub, "common", wall=record["wall"], dealer=record["dealer"])
    _act_all(server.stub, game, moves)
    first = first_message(server.stub, game.game_id)
    check_public(first)
    assert list(first.new_moves) == settled_history
