"""The page's data -> one self-contained HTML file: no network, no external asset.

The CSS and the script are the package's ``page.css`` and ``page.js``, inlined;
the data is one JSON block the script reads. A Content-Security-Policy forbids
every fetch, so the page works the same from ``file://`` and offline.
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources
from typing import Any

# Everything the page needs is inline; the policy makes sure nothing else is loaded.
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def data_json(data: dict[str, Any]) -> str:
    """`data` as JSON safe inside a <script> element: no "<", ">" or "&" can close it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_html(data: dict[str, Any]) -> str:
    """The page of `data` (`timeline.page_data`)."""
    title = escape(f"{data['title']} — pyyijing viewer")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{title}</title>
<style>
{_asset("page.css")}</style>
</head>
<body>
<noscript>This page draws the game with JavaScript: allow it for this file.</noscript>
<script type="application/json" id="viewer-data">{data_json(data)}</script>
<script>
{_asset("page.js")}</script>
</body>
</html>
"""
