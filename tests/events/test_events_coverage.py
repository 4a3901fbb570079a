"""Every event type docs/events.md lists is produced by some record, and no other."""

from __future__ import annotations

import re
from pathlib import Path

from support.event_hands import golden_records

from pyyijing import events

DOC = Path(__file__).resolve().parents[2] / "docs" / "events.md"


def documented_types() -> set[str]:
    """The event types of the tables of docs/events.md (rows ``| `type` | ...``)."""
    return set(re.findall(r"^\| `([a-z_]+)` \|", DOC.read_text(encoding="utf-8"), re.M))


def test_every_documented_event_type_is_produced() -> None:
    """docs/events.md "Events": each type appears in the full or a seat's stream of the
    golden playthroughs, and each produced type is documented."""
    produced: set[str] = set()
    for _, record in golden_records():
        produced |= {e["type"] for e in events.from_record(record)}
        for seat in range(events.from_record(record)[0]["seats"]):
            produced |= {e["type"] for e in events.from_record(record, seat)}
    documented = documented_types()
    assert len(documented) > 20
    assert produced == documented
