"""Every system played to its result screen in a browser, by clicking (issue 30): the Grey Star sample
book, a HeroQuest quest and an Adventures in Fantasy campaign (the Fighting Fantasy book and fight and a
Talisman game are played to their ends in `test_tables.py` and `test_talisman_seats.py`). Each ends on
the result card in words, with "Play again", "New game" and the replay."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import Console
from tests.browser.test_tables import ply, start_game
from tests.live_server import LiveServer

Chooser = Callable[[list[str]], int]
"""Which of the buttons (by their words) a player clicks."""


def no_stepping(page: Page, url: str) -> None:
    """The bots' and the game master's moves shown at once (a player's setting), so a test does not wait
    for each step."""
    page.goto(f"{url}/")
    page.evaluate("() => localStorage.setItem('grognard-step-ms', '0')")


def play_to_the_end(page: Page, choose: Chooser, clicks: int = 600) -> None:
    """Click the choices `choose` picks, answering "Yes" when a choice asks first, until the game is over."""
    for _ in range(clicks):
        if page.locator("[data-status=over]").count():
            return
        page.wait_for_selector("[data-actions] button[data-action], [data-confirm-yes], [data-status=over]")
        if page.locator("[data-status=over]").count():
            return
        before = ply(page)
        yes = page.locator("[data-confirm-yes]")
        if yes.count():
            try:  # the live stream may swap the table in meanwhile, question and all: look again
                yes.first.click(timeout=5_000)
            except PlaywrightTimeout:
                continue
        else:
            buttons = page.locator("[data-actions] button[data-action]")
            words = [buttons.nth(k).inner_text() for k in range(buttons.count())]
            if not words:  # the live stream was swapping the table in: look again
                continue
            buttons.nth(choose(words)).click()
        page.wait_for_function(
            f"() => !document.querySelector('[data-ply]') || document.querySelector('[data-confirm-yes]')"
            f" || Number(document.querySelector('[data-ply]').dataset.ply) > {before}",
            timeout=60_000,
        )
    raise AssertionError(f"not over after {clicks} clicks: {page.inner_text('main')[:500]}")


def assert_result_screen(page: Page) -> str:
    """The result card: an ending in words and the three ways on; its text."""
    card = page.locator("[data-result]")
    assert card.count() == 1, page.inner_text("main")[:800]
    text = card.inner_text()
    assert page.locator("[data-again]").count() == 1
    assert page.locator("a", has_text="New game").count() >= 1
    assert page.locator("[data-replay-link]").count() == 1
    assert "True" not in text and "False" not in text and "None" not in text
    return text


def test_the_grey_star_sample_played_to_its_result(live: LiveServer, page: Page, console: Console) -> None:
    no_stepping(page, live.url)
    start_game(page, live.url, "grey-star", "gamebook", {"book": "sample"}, ["here"], seed="11")
    pick = random.Random(11)
    play_to_the_end(page, lambda words: pick.randrange(len(words)))
    text = assert_result_screen(page)
    assert "section" in text.lower()  # the sections read, said


def test_a_heroquest_quest_played_to_its_result(live: LiveServer, page: Page, console: Console) -> None:
    """The heroes' seat here, the automatic game master; three rounds, so the quest ends on its limit if
    not before: attacks first, then moves, then the end of the turn."""
    no_stepping(page, live.url)
    start_game(
        page,
        live.url,
        "heroquest",
        "quest",
        {"quest": "the-goblin-cellar", "rounds": "3"},
        ["here", "bot"],
        "5",
    )
    pick = random.Random(5)

    def hero(words: list[str]) -> int:
        for wanted in ("Attack", "Roll two red dice", "Move to", "Open the door", "End the turn"):
            found = [k for k, w in enumerate(words) if w.split(" ", 1)[-1].startswith(wanted) or wanted in w]
            found = [k for k in found if not words[k].lower().startswith("leave")]
            if found:
                return pick.choice(found)
        return pick.randrange(len(words))

    play_to_the_end(page, hero)
    text = assert_result_screen(page)
    assert "round" in text.lower()


def test_an_adventures_in_fantasy_campaign_ended_at_its_table(
    live: LiveServer, page: Page, console: Console
) -> None:
    """A campaign's table: a character added and days passed by its buttons, then "End the campaign",
    which asks first; the result card says who lives."""
    no_stepping(page, live.url)
    start_game(page, live.url, "adventures-in-fantasy", "campaign", {}, ["here"], seed="3")
    pick = random.Random(3)
    clicks = 0

    def referee(words: list[str]) -> int:
        nonlocal clicks
        clicks += 1
        ending = [k for k, w in enumerate(words) if "End the campaign" in w]
        if clicks > 6 and ending:
            return ending[0]
        others = [k for k in range(len(words)) if k not in ending]
        return pick.choice(others or ending)

    play_to_the_end(page, referee, clicks=60)
    text = assert_result_screen(page)
    assert "The campaign has ended." in text and "Won by" not in text  # nobody wins a campaign
