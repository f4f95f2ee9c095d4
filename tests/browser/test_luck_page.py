"""The luck page in Chromium (issue 33): a book uploaded with its author's report, played to its end, its
replay's link to the luck page, and the page's line drawn as SVG, with no console error (`console`
fixture: any error fails the test)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.live_server import LiveServer
from tests.web.routes.test_luck import PIT


def test_an_uploaded_book_played_to_its_end_shows_its_luck(
    live: LiveServer, page: Page, tmp_path: Path
) -> None:
    book = tmp_path / "pit.toml"
    book.write_bytes(PIT)
    page.goto(f"{live.url}/books/fighting-fantasy")
    page.set_input_files("input[type=file]", str(book))
    page.click("[data-action=upload]")
    page.wait_for_selector("[data-report], [data-report-none]")
    page.click("[data-start]")
    table = page.url.split("?")[0]
    token = page.locator("meta[name=csrf-token]").get_attribute("content") or ""
    for _ in range(60):  # played through the table's JSON twin, in this browser's session
        seen = page.request.get(f"{table}/view.json").json()
        if seen["over"]:
            break
        ids = [a["id"] for a in seen["view"]["actions"]]
        form = {"action": "choice:2" if "choice:2" in ids else ids[0], "ply": str(seen["view"]["ply"])}
        made = page.request.post(
            f"{table}/act",
            form={**form, "confirmed": "yes", "csrf": token},
            headers={"Accept": "application/json"},
        )
        assert made.ok, made.text()[-300:]
    page.goto(f"{table}/replay")
    page.click("[data-luck-link]")
    page.wait_for_selector("[data-luck-summary]")
    assert page.locator("[data-luck-line] svg polyline").count() == 1
    assert page.locator("[data-luck-rolls] tr[data-roll]").count() >= 1
    box = page.locator("[data-luck-line] svg").bounding_box()
    assert box is not None and box["width"] > 300  # drawn, not collapsed
