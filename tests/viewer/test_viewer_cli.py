"""`yijing view`: files in, one page out, and clear errors (docs/viewer.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support.viewer_pages import golden_records, page_json

from pyyijing import events
from pyyijing.cli import main
from pyyijing.cli.errors import EXIT_INVALID, EXIT_USAGE
from pyyijing.viewer import Perspective, page_data, page_html

GOLDEN = dict(golden_records())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _write(path: Path, record: Any) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_a_record_becomes_a_page_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = _write(tmp_path / "hand.json", GOLDEN["changsha"])
    code, out, err = run(capsys, "view", str(source))
    assert (code, err) == (0, "")
    page = tmp_path / "hand.html"
    assert out.strip() == str(page)
    data = page_json(page.read_text(encoding="utf-8"))
    assert data["game"] == "mahjong"
    assert len(data["steps"]) == len(GOLDEN["changsha"]["moves"]) + 1


def test_out_and_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = _write(tmp_path / "hand.json", GOLDEN["standard_4p"])
    page = tmp_path / "two.html"
    code, _, _ = run(capsys, "view", str(source), "--seat", "2", "-o", str(page))
    assert code == 0
    data = page_json(page.read_text(encoding="utf-8"))
    assert data["perspective"] == "seat 2"
    assert data["focus"] == 2
    code, out, _ = run(capsys, "view", str(source), "--seat", "observer")
    assert code == 0
    assert out.strip().endswith("hand-observer.html")


def test_simulate_records_and_game_n(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    code, _, _ = run(
        capsys,
        "simulate",
        "--game",
        "shaoyang",
        "--games",
        "6",
        "--records",
        "every:3",
        "--out",
        str(records),
        "--quiet",
    )
    assert code == 0
    code, out, err = run(capsys, "view", str(records), "--game", "3")
    assert code == 0
    assert err == ""
    page = Path(out.strip())
    assert page.name == "r-game3.html"
    facts = {f["label"]: f.get("text") for f in page_json(page.read_text("utf-8"))["facts"]}
    assert facts["game number"] == "3"
    code, _, err = run(capsys, "view", str(records), "--game", "4")
    assert code == EXIT_USAGE
    assert "no game 4" in err
    code, _, err = run(capsys, "view", str(records))  # the first; stderr says there are more
    assert code == 0
    assert "holds 2 records" in err


def test_an_invalid_record_is_refused_with_its_first_illegal_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = GOLDEN["common"]
    moves = [*record["moves"][:3], "s3:discard=1m", *record["moves"][3:]]
    source = _write(tmp_path / "bad.json", {**record, "moves": moves})
    code, out, err = run(capsys, "view", str(source))
    assert code == EXIT_INVALID
    assert out == ""
    assert err.startswith("yijing: error: the record does not replay at move 3 's3:discard=1m': ")
    assert "not_your_turn" in err
    assert not (tmp_path / "bad.html").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "holds no records"),
        ("{not json", "is not JSON"),
        ('{"seat": 1}', "holds no game record"),
        ('{"type": "draw", "actor": 1}', "not an event log it can read: event 0: draw outside"),
    ],
)
def test_what_is_not_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    """docs/viewer.md "Input": neither records nor an event log is a usage error."""
    source = tmp_path / "x.json"
    source.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "view", str(source))
    assert code == EXIT_USAGE
    assert message in err
    assert "Traceback" not in err


def test_a_seat_the_game_does_not_have(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = _write(tmp_path / "two.json", GOLDEN["standard_2p_162"])
    code, _, err = run(capsys, "view", str(source), "--seat", "2")
    assert code == EXIT_USAGE
    assert "seats 0 to 1" in err
    code, _, err = run(capsys, "view", str(source), "--seat", "north")
    assert code == EXIT_USAGE
    assert "--seat" in err


def test_a_missing_file_and_an_unwritable_page(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "view", str(tmp_path / "none.json"))
    assert code == EXIT_USAGE
    assert "cannot read" in err
    source = _write(tmp_path / "hand.json", GOLDEN["simple_4p"])
    code, _, err = run(capsys, "view", str(source), "-o", str(tmp_path / "no" / "dir.html"))
    assert code == EXIT_USAGE
    assert "cannot write" in err


def _write_log(path: Path, log: list[dict[str, Any]]) -> Path:
    path.write_text(events.dumps(log), encoding="utf-8")
    return path


def test_an_event_log_is_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/viewer.md "Input": a full event log is shown as the record it gives back
    (docs/events.md "Round trip"), with --seat as for a record."""
    record = GOLDEN["changsha"]
    source = _write_log(tmp_path / "hand.events.jsonl", events.from_record(record))
    code, out, err = run(capsys, "view", str(source))
    assert (code, err) == (0, "")
    data = page_json(Path(out.strip()).read_text("utf-8"))
    assert data == page_json(page_html(page_data(record, Perspective.parse(None))))
    code, out, _ = run(capsys, "view", str(source), "--seat", "1")
    assert code == 0
    assert page_json(Path(out.strip()).read_text("utf-8"))["focus"] == 1


def test_game_n_of_an_event_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/viewer.md "Input": --game N picks a game of a log as of a file of records."""
    records = [GOLDEN["simple_4p"], GOLDEN["changsha"], GOLDEN["shaoyang"]]
    source = _write_log(tmp_path / "three.jsonl", events.from_records(records))
    code, out, _ = run(capsys, "view", str(source), "--game", "2")
    assert code == 0
    data = page_json(Path(out.strip()).read_text("utf-8"))
    assert len(data["steps"]) == len(records[2]["moves"]) + 1
    code, _, err = run(capsys, "view", str(source))
    assert code == 0
    assert "describes 3 games; showing the first" in err
    code, _, err = run(capsys, "view", str(source), "--game", "3")
    assert code == EXIT_USAGE
    assert "no game 3" in err


def test_a_seat_stream_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/events.md "Streams": a seat's stream lacks the others' tiles, so it gives no
    record back; the viewer says so (a usage error)."""
    source = _write_log(tmp_path / "s2.jsonl", events.from_record(GOLDEN["common"], 2))
    code, out, err = run(capsys, "view", str(source))
    assert (code, out) == (EXIT_USAGE, "")
    assert "is seat 2's event stream" in err
    assert "Traceback" not in err
    assert not (tmp_path / "s2.html").exists()


def test_an_edited_event_log_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/events.md "Errors": a log the engine's replay does not give is refused at the
    first event that differs, as an invalid record is (exit status 1, no page)."""
    log = events.from_record(GOLDEN["common"])
    at = next(i for i, e in enumerate(log) if e["type"] == "draw" and e["source"] == "front")
    log[at]["tile"] = "9m" if log[at]["tile"] != "9m" else "1m"
    source = _write_log(tmp_path / "edited.jsonl", log)
    code, out, err = run(capsys, "view", str(source))
    assert (code, out) == (EXIT_INVALID, "")
    assert f"event {at}: this draw event is not what the record's replay gives" in err
    assert err.endswith("no page written\n")
    assert not (tmp_path / "edited.html").exists()
