"""The replay viewer: one self-contained HTML page of a game record (docs/viewer.md).

The page is written from the engine's own replay of the record, so what it
shows is what the referee decided; a record that does not replay is refused
(`InvalidRecordError`, with the first illegal move and its reason code).

This package is the generic half and imports no game: it finds a record's
game in the registry (`pyyijing.core.registry`) and asks the game's viewer part
(`GameSpec.viewer`, a `ViewerPart`) for the table at every step, in the
vocabulary of `items`. Modules: `perspective` (whose eyes the page has),
`items` (what a step may show), `part` (what a game's part answers),
`timeline` (record -> the page's data), `html` (data -> the page), with the
page's own CSS and JavaScript in ``page.css`` and ``page.js``.
"""

from __future__ import annotations

from .html import page_html
from .perspective import Perspective
from .timeline import InvalidRecordError, page_data

__all__ = ["InvalidRecordError", "Perspective", "page_data", "page_html", "write_page"]


def write_page(
    record: dict[str, object], path: str, perspective: Perspective | None = None
) -> None:
    """Write the page of `record` to `path`, seen as `perspective` (default: everything)."""
    html = page_html(page_data(record, perspective or Perspective.everything()))
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)
