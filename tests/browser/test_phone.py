"""A phone (390 x 844 CSS px, touch): the choices are seen without scrolling past the board, the board
pans inside its frame, and every choice, board space and square one can act on is at least 24 x 24 CSS
px (WCAG 2.5.8), at a Talisman table and a HeroQuest quest (issue 30)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import Console
from tests.browser.test_tables import start_game
from tests.live_server import LiveServer

PHONE = {"width": 390, "height": 844}
SMALLEST = 24
"""The least width and height of a target (WCAG 2.2, 2.5.8 Target Size (Minimum))."""


@pytest.fixture
def phone(browser: Browser, console: Console) -> Iterator[Page]:
    """A page as a phone shows it."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = console.watch(context.new_page())
    yield page
    context.close()
    assert console.unexpected() == []


def sizes(page: Page, selector: str) -> list[tuple[float, float]]:
    """The width and height of every visible element `selector` finds."""
    found: list[tuple[float, float]] = page.locator(selector).evaluate_all(
        "els => els.filter(e => e.getClientRects().length)"
        ".map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])"
    )
    return found


def check_phone_table(page: Page, targets: str) -> None:
    """The first choice lies within the first screen; choices and board targets are big enough."""
    page.wait_for_selector("[data-status=your-turn]", timeout=60_000)
    first = page.locator("[data-actions] button[data-action]").first.bounding_box()
    assert first is not None and first["y"] + first["height"] <= PHONE["height"], first
    board = page.locator("[data-public]").bounding_box()
    assert board is not None and first["y"] < board["y"]  # the choices come before the board
    buttons = sizes(page, "[data-actions] button[data-action]")
    assert buttons and all(w >= SMALLEST and h >= SMALLEST for w, h in buttons), buttons
    spots = sizes(page, targets)
    assert spots and min(min(w, h) for w, h in spots) >= SMALLEST, min(spots)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1  # the page itself
    # does not scroll sideways: only the board's frame pans


def test_a_talisman_table_on_a_phone(live: LiveServer, phone: Page) -> None:
    start_game(phone, live.url, "talisman", "game", {"players": "2"}, ["here", "bot"], seed="5")
    check_phone_table(phone, "[data-board] [data-space]")


def test_a_heroquest_quest_on_a_phone(live: LiveServer, phone: Page) -> None:
    options = {"quest": "the-goblin-cellar"}
    start_game(phone, live.url, "heroquest", "quest", options, ["here", "bot"], seed="5")
    check_phone_table(phone, "[data-board] [data-square]")
