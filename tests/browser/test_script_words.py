"""grognard.js's own words and dates follow the language of the page (issue 31): the words come from the
page (the body's `data-words`, made from the catalogue), and a time kept in UTC is written in the manner
of the page's `<html lang>`, not the browser's own locale."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import Console
from tests.browser.test_tables import start_game
from tests.live_server import LiveServer


@pytest.fixture
def spanish_reader(live: LiveServer, browser: Browser, console: Console) -> Iterator[Page]:
    """A page whose reader chose Spanish on the page (the language cookie), in an English-speaking browser
    (so a date written in Spanish comes from the page's language, not from the browser's own)."""
    context = browser.new_context(locale="en-US")
    context.add_cookies([{"name": "grognard_lang", "value": "es", "url": live.url}])
    page = console.watch(context.new_page())
    yield page
    context.close()


LOCAL = (
    "(el) => { const at = el.getAttribute('datetime');"
    r" const when = new Date(at + (/[Zz]|[+-]\d\d:?\d\d$/.test(at) ? '' : 'Z'));"
    " return when.toLocaleString(%r, {dateStyle: 'medium', timeStyle: 'short'}); }"
)
"""The text a time element should show in a language (its stamp as the browser writes it there)."""


def test_the_turn_title_and_the_dates_are_in_the_pages_language(
    live: LiveServer, spanish_reader: Page
) -> None:
    page = spanish_reader
    start_game(page, live.url, "fighting-fantasy", "fight", {"enemies": "Orc:6/5"}, ["here"])
    assert page.locator("html").get_attribute("lang") == "es"
    page.wait_for_function("() => document.title.startsWith('Te toca · ')")
    page.goto(f"{live.url}/games")
    stamp = page.locator("time[data-local-time]").first
    shown = stamp.inner_text()
    assert shown == stamp.evaluate(LOCAL % "es"), shown
    assert shown != stamp.evaluate(LOCAL % "en-US")  # the page's language, not the browser's


def test_the_same_page_in_english_says_its_own_words(live: LiveServer, page: Page) -> None:
    start_game(page, live.url, "fighting-fantasy", "fight", {"enemies": "Orc:6/5"}, ["here"])
    page.wait_for_function("() => document.title.startsWith('Your turn · ')")
    page.goto(f"{live.url}/games")
    stamp = page.locator("time[data-local-time]").first
    assert stamp.inner_text() == stamp.evaluate(LOCAL % "en")
