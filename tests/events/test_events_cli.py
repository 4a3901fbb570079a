"""`yijing export`: records to event logs and back, and its errors (docs/events.md
"The command"), with the exit statuses of the command line (1: does not replay,
2: not records or a log, a bad argument)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from support.event_hands import golden_records

from pyyijing import events
from pyyijing.cli import main
from pyyijing.cli.errors import EXIT_INVALID, EXIT_USAGE

GOLDEN = dict(golden_records())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_export_and_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/events.md "The command": --events writes the full stream, --record reads it
    back to the same records, one JSON line per game."""
    records = [GOLDEN["standard_4p"], GOLDEN["changsha_open_kong"]]
    source = _write(tmp_path / "r.jsonl", "".join(json.dumps(r) + "\n" for r in records))
    code, out, err = run(capsys, "export", "--events", str(source))
    assert (code, err) == (0, "")
    assert events.loads(out) == events.from_records(records)
    log = _write(tmp_path / "r.events.jsonl", out)
    back = tmp_path / "back.jsonl"
    code, out, err = run(capsys, "export", "--record", str(log), "-o", str(back))
    assert (code, out, err) == (0, "", "")
    assert [json.loads(line) for line in back.read_text("utf-8").splitlines()] == records


def test_export_a_seat_and_a_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/events.md "The command": --seat S writes what seat S saw; --game N one record."""
    records = [GOLDEN["common"], GOLDEN["shaoyang"]]
    source = _write(tmp_path / "r.json", json.dumps(records))
    code, out, _ = run(capsys, "export", "--events", str(source), "--seat", "3", "--game", "1")
    assert code == 0
    assert events.loads(out) == events.from_record(records[1], 3)


@pytest.mark.parametrize(
    ("argv", "content", "message"),
    [
        (["--events"], "{not json", "is not JSON"),
        (["--events"], '{"type": "start_game"}', "is an event, not a record"),
        (["--events"], "[1]", "a record is a JSON object"),
        (["--events", "--seat", "2"], "standard_2p_162", "seat must be one of 0 to 1"),
        (["--record"], "{not json", "line 1: not JSON"),
        (["--record"], "common", "is not an event log"),
        (["--record"], "", "the event log is empty"),
        (["--record", "--seat", "1"], "common", "--seat and --game go with --events"),
    ],
)
def test_what_it_cannot_read_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    content: str,
    message: str,
) -> None:
    """docs/events.md "Errors": not records, not a log, a seat the game does not have."""
    text = json.dumps(GOLDEN[content]) if content in GOLDEN else content
    source = _write(tmp_path / "in.json", text)
    code, out, err = run(capsys, "export", argv[0], str(source), *argv[1:])
    assert (code, out) == (EXIT_USAGE, "")
    assert message in err
    assert "Traceback" not in err


def test_a_log_in_another_format_or_a_seat_stream(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docs/events.md "Errors", "Streams": another format's log, or a seat's stream,
    gives no record (a usage error)."""
    log = events.from_record(GOLDEN["common"])
    log[0]["format"] = "mjai"
    source = _write(tmp_path / "mjai.jsonl", events.dumps(log))
    code, _, err = run(capsys, "export", "--record", str(source))
    assert code == EXIT_USAGE
    assert "event 0: start_game's format must be 'pyyijing.events'" in err
    source = _write(tmp_path / "s1.jsonl", events.dumps(events.from_record(GOLDEN["common"], 1)))
    code, _, err = run(capsys, "export", "--record", str(source))
    assert code == EXIT_USAGE
    assert "only a full stream gives a record back" in err


def test_what_does_not_replay_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docs/events.md "Errors": an invalid record (its first illegal move and reason
    code) and an edited log (its first event that differs) exit 1, writing nothing."""
    bad: dict[str, Any] = copy.deepcopy(GOLDEN["common"])
    bad["moves"][5] = bad["moves"][5].replace("discard", "pung")
    source = _write(tmp_path / "bad.json", json.dumps(bad))
    out_file = tmp_path / "out.jsonl"
    code, out, err = run(capsys, "export", "--events", str(source), "-o", str(out_file))
    assert (code, out) == (EXIT_INVALID, "")
    assert "does not replay at move 5: wrong_phase" in err
    assert not out_file.exists()
    log = events.from_record(GOLDEN["changsha"])
    at = next(i for i, e in enumerate(log) if e["type"] == "birds")
    log[at]["hits"] = [(h + 1) % 4 for h in log[at]["hits"]]
    source = _write(tmp_path / "edited.jsonl", events.dumps(log))
    code, out, err = run(capsys, "export", "--record", str(source))
    assert (code, out) == (EXIT_INVALID, "")
    assert f"event {at}: this birds event is not what the record's replay gives" in err
