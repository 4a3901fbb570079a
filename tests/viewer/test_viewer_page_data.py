"""The page's data against the engine: every golden record of every game and ruleset."""

from __future__ import annotations

import re
from typing import Any

import pytest
from support.viewer_pages import game_after, golden_records, hand_codes, page_json

from pyyijing.viewer import InvalidRecordError, Perspective, page_data, page_html
from pyyijing.viewer.timeline import UNSEEN_MOVE

GOLDEN = golden_records()


def _codes(section_items: list[Any]) -> list[str]:
    out = []
    for item in section_items:
        if isinstance(item, str):
            out.append(item)
        elif "tile" in item:
            out.append(item["tile"])
    return sorted(out)


def _section(seat: dict[str, Any], role: str) -> dict[str, Any] | None:
    return next((s for s in seat["sections"] if s["role"] == role), None)


@pytest.mark.parametrize(("name", "record"), GOLDEN, ids=[n for n, _ in GOLDEN])
def test_every_move_is_a_step_and_every_hand_is_the_engines(
    name: str, record: dict[str, Any]
) -> None:
    data = page_data(record, Perspective.everything())
    steps = data["steps"]
    assert len(steps) == len(record["moves"]) + 1
    assert [s["move"] for s in steps[1:]] == record["moves"]
    for k in sorted({0, 1, len(steps) // 2, len(steps) - 1}):
        game = game_after(record, k)
        for seat, shown in enumerate(steps[k]["seats"]):
            hand = _section(shown, "hand")
            assert hand is not None
            assert _codes(hand["items"]) == hand_codes(game, seat), (name, k, seat)


@pytest.mark.parametrize(("name", "record"), GOLDEN, ids=[n for n, _ in GOLDEN])
def test_the_last_step_shows_the_records_result(name: str, record: dict[str, Any]) -> None:
    result = page_data(record, Perspective.everything())["steps"][-1]["result"]
    recorded = record["result"]
    assert result is not None
    rows = result["ledger"]["rows"]
    if record["game"] == "mahjong":
        assert rows == [[r, f"s{p}", f"s{q}", a] for r, p, q, a in recorded["ledger"]]
        if recorded["birds"]:
            birds = next(f for f in result["facts"] if f["label"].startswith("birds"))
            assert [i["tile"] for i in birds["items"]] == recorded["birds"]
    else:
        assert rows == [[f"s{s}", p] for s, p in enumerate(recorded["payments"])]
    if recorded["winner"] is not None:
        assert result["headline"].startswith(f"s{recorded['winner']} wins")


def test_claims_and_wins_are_tagged_for_the_jump_buttons() -> None:
    record = dict(GOLDEN)["changsha"]
    steps = page_data(record, Perspective.everything())["steps"]
    claims = [s["move"] for s in steps if "claim" in s["tags"]]
    assert claims
    assert all(re.search(r":(chow|pung|kong)=", m) for m in claims)
    assert "win" in steps[-1]["tags"]


def test_yijingpai_hexagrams_carry_their_king_wen_numbers_and_names() -> None:
    record = dict(GOLDEN)["standard_4p"]
    last = page_data(record, Perspective.everything())["steps"][-1]
    done = _section(last["seats"][0], "completed")
    assert done is not None
    first = done["items"][0]  # "+10101": the taiji declared yang, so 110101 is 38 睽
    assert first["lines"] == "+10101"
    assert first["cap"] == "䷥ 38 睽"


def test_waits_are_the_engines(tmp_path: Any) -> None:
    record = dict(GOLDEN)["common"]
    steps = page_data(record, Perspective.everything())["steps"]
    seen = 0
    for k in range(0, len(steps), 7):
        game = game_after(record, k)
        for seat, shown in enumerate(steps[k]["seats"]):
            waits = _section(shown, "waits")
            assert waits is not None
            expected = game.waits(seat)
            assert _codes(waits["items"]) == sorted(expected)
            seen += bool(expected)
    assert seen  # some seat was ready at some step


def test_a_hiding_page_drops_the_moves_it_does_not_see() -> None:
    # Passes are not seen; a pass that changes nothing on the table is not a step.
    record = dict(GOLDEN)["shaoyang"]
    moves = record["moves"]
    steps = page_data(record, Perspective.observer())["steps"]
    shown = [s["move"] for s in steps[1:]]
    assert not any(m.endswith(":pass") for m in shown if m != UNSEEN_MOVE)
    assert len(steps) < len(moves) + 1


def test_the_page_is_self_contained() -> None:
    record = dict(GOLDEN)["changsha"]
    html = page_html(page_data(record, Perspective.everything()))
    assert "default-src 'none'" in html  # nothing may be fetched
    # the only address is the SVG namespace, which is a name, never fetched
    assert set(re.findall(r"https?://[^\s\"')]+", html)) == {"http://www.w3.org/2000/svg"}
    assert not re.search(r"<(link|script|img)[^>]+(src|href)=\"(?!data:)", html)
    assert page_json(html)["steps"][0]["move"] is None


def test_record_text_cannot_close_the_data_block() -> None:
    record = {**dict(GOLDEN)["common"], "seat_policies": ["</script><b>x", "a", "b", "c"]}
    html = page_html(page_data(record, Perspective.everything()))
    assert "</script><b>" not in html
    bots = next(f for f in page_json(html)["facts"] if f["label"] == "bots")
    assert bots["text"].startswith("s0 </script><b>x")


def test_an_illegal_move_is_refused_with_its_index_and_code() -> None:
    record = dict(GOLDEN)["standard_4p"]
    moves = list(record["moves"])
    moves[6] = moves[5]  # the same seat again: not its turn
    with pytest.raises(InvalidRecordError) as caught:
        page_data({**record, "moves": moves}, Perspective.everything())
    assert caught.value.index == 6
    assert caught.value.code == "not_your_turn"
    assert caught.value.move == moves[6]


def test_a_mahjong_illegal_move_is_refused_too() -> None:
    record = dict(GOLDEN)["shaoyang"]
    moves = [*record["moves"][:10], "s0:discard=9z", *record["moves"][10:]]
    with pytest.raises(InvalidRecordError) as caught:
        page_data({**record, "moves": moves}, Perspective.everything())
    assert caught.value.index == 10
    assert caught.value.code in {"malformed", "not_your_turn", "tile_not_held", "wrong_phase"}


@pytest.mark.parametrize(
    ("record", "code"),
    [
        ([1, 2], "bad_record"),
        ({"format": "pyyijing.record", "game": "chess"}, "bad_record"),
        ({"format": "something else", "game": "mahjong"}, "bad_record"),
    ],
)
def test_what_is_not_a_record_is_refused(record: Any, code: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        page_data(record, Perspective.everything())
    assert caught.value.code == code
    assert caught.value.index is None


def test_a_changed_result_is_refused() -> None:
    record = dict(GOLDEN)["changsha"]
    result = {**record["result"], "payments": [0, 0, 0, 0]}
    with pytest.raises(InvalidRecordError) as caught:
        page_data({**record, "result": result}, Perspective.everything())
    assert caught.value.code == "result_mismatch"


@pytest.mark.parametrize("seat", [4, 9])
def test_a_seat_the_game_does_not_have_is_a_value_error(seat: int) -> None:
    with pytest.raises(ValueError, match="seats 0 to 3"):
        page_data(dict(GOLDEN)["common"], Perspective.of_seat(seat))
    with pytest.raises(ValueError, match="seats 0 to 1"):
        page_data(dict(GOLDEN)["standard_2p_162"], Perspective.of_seat(seat))


@pytest.mark.parametrize("text", ["-1", "01", "s1", "", "everyone"])
def test_a_bad_seat_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="a seat is"):
        Perspective.parse(text)
