"""Scraping a test server's real /metrics endpoint, once its counters have settled.

Calls the native front end answers itself reach the Python server's metrics
as report lines written every 20 ms (pyyijing/service/front.py): a scrape made the
moment a call returns may come before its line. `scrape` waits until the
service's own series (yijing_*) are the same in two scrapes 0.1 s apart.
"""

from __future__ import annotations

import time
import urllib.request
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape_once(url: str) -> Samples:
    """Every sample of the endpoint: (name, sorted labels) -> value."""
    with urllib.request.urlopen(url, timeout=10) as resp:
        text = resp.read().decode()
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def _ours(samples: Samples) -> Samples:
    return {k: v for k, v in samples.items() if k[0].startswith("yijing_")}


def scrape(server: Any, settle: float = 0.1, timeout: float = 5.0) -> Samples:
    """The samples of `server` (a conftest RunningServer) once its yijing_* series settle."""
    last = scrape_once(server.metrics_url)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(settle)
        now = scrape_once(server.metrics_url)
        if _ours(now) == _ours(last):
            return now
        last = now
    return last
