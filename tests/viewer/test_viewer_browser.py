"""The page in a real browser: headless Chromium driven by selenium (docs/viewer.md "Tests").

For the golden playthrough of each game and ruleset: load the page from
``file://``, step through it with the keys, the buttons and the URL fragment,
check the DOM against the engine's replay (the moves, the hands at chosen steps,
the result and the ledger), find no console error, and save screenshots (the
start, after the first claim, the end) into ``$PYYIJING_ARTEFACTS/viewer`` or a
pytest temporary directory. One browser serves the whole module.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.viewer_pages import game_after, golden_records, hand_codes

from pyyijing.viewer import Perspective, write_page

CHROMEDRIVER = "/usr/bin/chromedriver"
GOLDEN = golden_records()

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the dev extra) is missing")
if shutil.which("chromedriver") is None and not os.path.exists(CHROMEDRIVER):
    pytest.skip(
        "chromedriver is missing: apt-get install chromium chromium-driver "
        "(scripts/install-system-deps.sh)",
        allow_module_level=True,
    )

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

HANDS_JS = """return Array.from(document.querySelectorAll('[data-seat]')).map(p =>
  Array.from(p.querySelectorAll('[data-role=hand] [data-code]')).map(t => t.dataset.code).sort())"""
LEDGER_JS = """return Array.from(document.querySelectorAll('#ledger tbody tr')).map(r =>
  Array.from(r.cells).map(c => c.textContent))"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    os.environ["SE_AVOID_STATS"] = "true"  # selenium-manager sends no usage statistics
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--window-size=1400,1100"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    path = CHROMEDRIVER if os.path.exists(CHROMEDRIVER) else shutil.which("chromedriver")
    driver = webdriver.Chrome(service=Service(path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = os.environ.get("PYYIJING_ARTEFACTS")
    where = Path(root) / "viewer" if root else tmp_path_factory.mktemp("viewer-screenshots")
    where.mkdir(parents=True, exist_ok=True)
    return where


def _step(driver: Any) -> int:
    return int(driver.execute_script("return document.body.dataset.step"))


def _errors(driver: Any) -> list[Any]:
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def _hands_match(driver: Any, record: dict[str, Any], step: int) -> None:
    game = game_after(record, step)
    shown = driver.execute_script(HANDS_JS)
    expected = [hand_codes(game, s) for s in range(len(shown))]
    assert shown == expected, f"hands at step {step}"


@pytest.mark.parametrize(("name", "record"), GOLDEN, ids=[n for n, _ in GOLDEN])
def test_the_page_steps_through_the_record(
    browser: Any, artefacts: Path, tmp_path: Path, name: str, record: dict[str, Any]
) -> None:
    page = tmp_path / f"{name}.html"
    write_page(record, str(page))
    moves = len(record["moves"])
    browser.get(page.as_uri())
    assert _step(browser) == 0
    assert len(browser.find_elements(By.CSS_SELECTOR, "#moves li[data-step]")) == moves + 1
    _hands_match(browser, record, 0)
    browser.save_screenshot(str(artefacts / f"{name}-start.png"))

    browser.find_element(By.ID, "next-claim").click()
    claim = _step(browser)
    if claim:
        current = browser.find_element(By.CSS_SELECTOR, "#moves li.current")
        assert "claim" in current.get_attribute("class")
        _hands_match(browser, record, claim)
        browser.save_screenshot(str(artefacts / f"{name}-claim.png"))

    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME)
    assert _step(browser) == 0
    body.send_keys(Keys.ARROW_RIGHT * moves)
    assert _step(browser) == moves
    assert browser.current_url.endswith(f"#step={moves}")
    body.send_keys(Keys.ARROW_RIGHT)  # past the end: stays there
    assert _step(browser) == moves
    _hands_match(browser, record, moves)
    current = browser.find_element(By.CSS_SELECTOR, "#moves li.current")
    assert current.text == record["moves"][-1]
    _result_matches(browser, record)
    browser.save_screenshot(str(artefacts / f"{name}-end.png"))

    middle = moves // 2
    browser.get(f"{page.as_uri()}#step={middle}")  # a link to one moment
    assert _step(browser) == middle
    _hands_match(browser, record, middle)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    assert _step(browser) == middle - 1
    assert int(browser.find_element(By.ID, "slider").get_attribute("value")) == middle - 1
    assert _errors(browser) == []


def _result_matches(driver: Any, record: dict[str, Any]) -> None:
    result = record["result"]
    headline = driver.find_element(By.CSS_SELECTOR, "#result h3").text
    if result["winner"] is not None:
        assert headline.startswith(f"s{result['winner']} wins")
    rows = driver.execute_script(LEDGER_JS)
    if record["game"] == "mahjong":
        expected = [[r, f"s{p}", f"s{q}", str(a)] for r, p, q, a in result["ledger"]]
    else:
        expected = [[f"s{s}", str(p)] for s, p in enumerate(result["payments"])]
    assert rows == expected


def test_the_win_button_and_a_seats_page(browser: Any, artefacts: Path, tmp_path: Path) -> None:
    record = dict(GOLDEN)["changsha"]
    page = tmp_path / "seat2.html"
    write_page(record, str(page), Perspective.of_seat(2))
    browser.get(page.as_uri())
    browser.find_element(By.ID, "next-win").click()
    assert _step(browser) == 1  # s3's opening win 六六順, paid at once
    browser.find_element(By.ID, "next-win").click()
    last = int(browser.execute_script("return window.viewer.steps")) - 1
    assert _step(browser) == last  # s2's win on s3's discard
    hands = browser.execute_script(HANDS_JS)
    assert [bool(h) for h in hands] == [False, False, True, False]
    others = browser.find_elements(
        By.CSS_SELECTOR, "[data-seat]:not([data-seat='2']) [data-role=hand] .backs"
    )
    assert len(others) == 3
    browser.save_screenshot(str(artefacts / "changsha-seat2-end.png"))
    assert _errors(browser) == []
