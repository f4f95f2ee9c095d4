"""Gamebooks in the browser: uploads checked like the command line, text always escaped, a Grey Star
fight spending WILLPOWER, and no page can name a file of the server's."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Page

from tests.browser.conftest import Console
from tests.browser.test_tables import click_action, start_game
from tests.live_server import LiveServer

DATA = Path(__file__).parents[1] / "web" / "data"


def upload(page: Page, url: str, system: str, path: Path) -> None:
    """Upload a book file on the system's book page."""
    page.goto(f"{url}/books/{system}")
    page.set_input_files("input[name=file]", str(path))
    page.click("[data-action=upload]")
    page.wait_for_load_state()


def test_a_book_whose_text_holds_script_shows_it_as_text(live: LiveServer, page: Page) -> None:
    upload(page, live.url, "fighting-fantasy", DATA / "script-book.twee")
    assert "<script>window.pwned = 1</script>" in page.inner_text("[data-ready]")  # the title, as text
    page.click("[data-start]")  # past the story's import warnings, said once
    page.wait_for_selector("[data-ply]")
    assert "<script>window.pwned = 1</script>" in page.inner_text("main")  # the title, as text
    while page.locator("[data-section]").count() == 0:
        click_action(page, 0)  # (a story with no rules makes no character) the first section
    html = page.content()
    assert "&lt;script&gt;window.pwned = 2&lt;/script&gt;" in html
    assert "<script>window.pwned" not in html
    assert "window.pwned = 2" in page.inner_text("[data-public]")
    assert page.evaluate("window.pwned") is None
    assert page.locator("img[src=x]").count() == 0


def test_a_broken_book_lists_its_problems_with_their_sections(
    live: LiveServer, page: Page, console: Console
) -> None:
    console.allow(400)
    upload(page, live.url, "fighting-fantasy", DATA / "broken-book.toml")
    problems = page.locator("[data-problems] li")
    assert problems.count() >= 1
    assert page.locator("[data-problem='1']").count() >= 1
    assert "99" in page.inner_text("[data-problems]")


def test_a_file_of_another_kind_is_one_message(
    live: LiveServer, page: Page, console: Console, tmp_path: Path
) -> None:
    console.allow(400)
    odd = tmp_path / "notes.exe"
    odd.write_bytes(b"MZ\x00\x01")
    upload(page, live.url, "grey-star", odd)
    assert "upload a book as .toml" in page.inner_text("[data-error]")


def test_a_form_cannot_name_a_file_of_the_server(live: LiveServer, page: Page, console: Console) -> None:
    page.goto(f"{live.url}/games/new/fighting-fantasy")
    token = page.locator("meta[name=csrf-token]").get_attribute("content") or ""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    for path in ("/etc/passwd", "../../games.sqlite3", "/dev/zero"):
        answer = httpx.post(
            f"{live.url}/games",
            data={"csrf": token, "system": "fighting-fantasy", "game": "gamebook", "option:book": path},
            cookies=cookies,
        )
        assert answer.status_code == 400, path
        assert "give the name of a shipped book" in answer.text
        assert "root:" not in answer.text


def _willpower(page: Page) -> int:
    """Grey Star's WILLPOWER as the combat's table of scores shows it (its last column)."""
    return int(page.locator("[data-fight] [data-side=hero] td").last.inner_text())


def test_a_grey_star_fight_spending_willpower(live: LiveServer, page: Page) -> None:
    start_game(page, live.url, "grey-star", "combat", {}, ["here"])
    before = _willpower(page)
    spend = page.locator("[data-actions] button[data-action='spend:3']")
    assert spend.count() == 1
    index = [b.get_attribute("data-action") for b in page.locator("[data-actions] button").all()].index(
        "spend:3"
    )
    click_action(page, index)
    assert _willpower(page) == before - 3
    page.wait_for_selector("[data-log] .die")  # the round's dice, once the table has stepped to its roll
    assert page.locator("[data-log] .die").count() >= 1
